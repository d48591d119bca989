"""Move clocks (issue 25): a seat's vacation. Deadlines are in the game's summary; reminders
and expiries are written by the workers (``workers/bots.py``)."""

from __future__ import annotations

import uuid

from flask.views import MethodView

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


class ClockSchema(ResponseSchema):
    clock = JSONObject(metadata={"description": "The game's clock, as in its summary."})


@blp.route("/<game:game_id>/vacation")
class Vacation(MethodView):
    @seat_token_required
    @blp.arguments(VacationSchema)
    @blp.response(200, ClockSchema)
    @blp.problems(400, 401, 403, 404, 409, 413, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, body, game_id: uuid.UUID, seat: int):
        """Pause the seat's clock for ``days`` days (the other players see it in the
        summary); refused when the game has no clock or the seat has fewer days left."""
        return {"clock": games().start_vacation(game_id, seat, body["days"])}
