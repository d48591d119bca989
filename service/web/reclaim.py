""" "I am back" on the game page (issue 37 item 5): the player of a seat a bot plays because
their clock ran out takes it back (``SeatReclaimed``, the same as ``POST
/api/v1/games/<id>/reclaim``); the bot stops at once. The button is ``_reclaim.html``."""

from __future__ import annotations

import uuid

from ..context import games
from . import security
from .pages import after_post, bp, render_game, viewer


@bp.post("/games/<game:game_id>/reclaim")
def reclaim_seat(game_id: uuid.UUID):
    security.check_csrf()
    seat = viewer(game_id)
    if seat is None:
        return render_game(game_id, "Only the player of this seat can take it back.", 403)
    if not games().reclaim_seat(game_id, seat):
        return render_game(
            game_id, "No bot plays for you because your time ran out: the seat is yours.", 409
        )
    return after_post(game_id)
