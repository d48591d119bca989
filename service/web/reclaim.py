""" "I am back" on the game page (issue 37 item 5): the player of a seat a bot plays because
their clock ran out takes it back (``SeatReclaimed``, the same as ``POST
/api/v1/games/<id>/reclaim``); the bot stops at once. The button is ``_reclaim.html``. Also
the bots' published ratings for the lobby's bot choice (``_bot_ratings.html``)."""

from __future__ import annotations

import uuid

from flask.typing import ResponseReturnValue

from domain.bots.ratings import published
from domain.platform import registry

from ..context import games
from . import security
from .pages import after_post, bp, render_game, viewer


@bp.post("/games/<game:game_id>/reclaim")
def reclaim_seat(game_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    seat = viewer(game_id)
    if seat is None:
        return render_game(game_id, "Only the player of this seat can take it back.", 403)
    if not games().reclaim_seat(game_id, seat):
        return render_game(
            game_id, "No bot plays for you because your time ran out: the seat is yours.", 409
        )
    return after_post(game_id)


@bp.app_template_global("bot_ratings")
def bot_ratings() -> list[dict]:
    """Every title's bots with their published ratings (``domain/bots/ratings.py``), for the
    lobby's bot choice (issue 37 item 3): the title's first variant that has any."""
    out = []
    for name in registry.names():
        rules = registry.current(name)
        for variant in rules.variants:
            rows = published(name, variant.name)
            if rows:
                out.append({"title": rules.display_name, "variant": variant.name, "bots": rows})
                break
    return out
