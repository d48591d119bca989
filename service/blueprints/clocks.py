"""Move clocks (issue 25): a seat's vacation, and "I am back" (issue 37 item 5): a player whose
clock ran out takes the seat back from the bot that plays for them. Deadlines are in the game's
summary; reminders and expiries are written by the workers (``workers/bots.py``)."""

from __future__ import annotations

import uuid
from typing import Any

from flask.views import MethodView
from marshmallow import fields

from domain.common.errors import RuleViolation, register_messages

from ..auth import seat_token_required
from ..context import games
from ..schemas.common import JSONObject
from ..schemas.requests import VacationSchema
from ..schemas.responses import ResponseSchema
from .base import SEAT_TOKEN, ApiBlueprint

blp = ApiBlueprint(
    "clocks",
    __name__,
    url_prefix="/api/v1/games",
    description="Move clocks: a seat pauses its clock for a few days.",
)


register_messages(
    {
        "nothing_to_reclaim": "No bot plays for {seat_name} because their time ran out: "
        "the seat is theirs already.",
    }
)


class ReclaimSchema(ResponseSchema):
    seat = fields.Integer(metadata={"description": "The seat taken back."})
    version = fields.Integer(metadata={"description": "The game's version after SeatReclaimed."})


class ClockSchema(ResponseSchema):
    clock = JSONObject(metadata={"description": "The game's clock, as in its summary."})


@blp.route("/<game:game_id>/vacation")
class Vacation(MethodView):
    @seat_token_required
    @blp.arguments(VacationSchema)
    @blp.response(200, ClockSchema)
    @blp.problems(400, 401, 403, 404, 409, 413, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, body: dict[str, Any], game_id: uuid.UUID, seat: int) -> Any:
        """Pause the seat's clock for ``days`` days (the other players see it in the
        summary); refused when the game has no clock or the seat has fewer days left."""
        return {"clock": games().start_vacation(game_id, seat, body["days"])}


@blp.route("/<game:game_id>/reclaim")
class Reclaim(MethodView):
    @seat_token_required
    @blp.response(200, ReclaimSchema)
    @blp.problems(401, 403, 404, 409, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, game_id: uuid.UUID, seat: int) -> Any:
        """ "I am back": the seat's player takes it back from the bot that played for them since
        their clock ran out (``on_expiry: "bot"``). Recorded as ``SeatReclaimed``; the bot stops
        at once (a bot move chosen before it is stale and refused). 422
        ``nothing_to_reclaim`` when no bot plays the seat for that reason."""
        app = games()
        if not app.reclaim_seat(game_id, seat):
            raise RuleViolation("nothing_to_reclaim", seat_name=app.get_game(game_id).players[seat])
        return {"seat": seat, "version": app.get_game(game_id).version}
