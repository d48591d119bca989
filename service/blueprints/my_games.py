"""``POST /api/v1/my-games``: a player's games, those waiting for them first.

A player holds one seat token per game, so the request names them in its body (never in a
URL): ``{"tokens": ["<token>", ...]}``. Tokens valid nowhere are reported back as ``unknown``
and otherwise ignored (one stale token must not hide the others). Served from the "my games"
read model (``projections``), caught up first when the workers are behind.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import fields, validate

from ..context import games, services
from ..schemas.common import RequestSchema, ResponseSchema
from ..schemas.responses import SummarySchema
from .base import ApiBlueprint

MAX_TOKENS = 200

blp = ApiBlueprint(
    "my_games",
    __name__,
    url_prefix="/api/v1/my-games",
    description="A player's games across their seat tokens.",
)


class MyGamesRequestSchema(RequestSchema):
    tokens = fields.List(
        fields.String(validate=validate.Length(1, 200)),
        required=True,
        validate=validate.Length(1, MAX_TOKENS),
        metadata={"description": "The player's seat tokens, one per game."},
    )
    status = fields.String(validate=validate.OneOf(["active", "finished"]))


class MyGameSchema(SummarySchema):
    seat = fields.Integer()
    my_turn = fields.Boolean()
    waiting_since = fields.String(
        allow_none=True,
        metadata={"description": "When the game began waiting for this seat (ISO 8601)."},
    )
    waiting_version = fields.Integer(allow_none=True)


class MyGamesSchema(ResponseSchema):
    games = fields.List(fields.Nested(MyGameSchema))
    # (named apart in Python: ``unknown`` is a marshmallow ``Schema`` option)
    unknown_tokens = fields.Integer(
        data_key="unknown",
        attribute="unknown",
        metadata={"description": "How many tokens are valid nowhere."},
    )


@blp.route("")
class MyGames(MethodView):
    @blp.arguments(MyGamesRequestSchema)
    @blp.response(200, MyGamesSchema)
    @blp.problems(400, 413, 422, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """The games of these seat tokens: those waiting for the player first (longest
        waiting first), then the rest, most recently changed first."""
        app = games()
        seats, unknown = [], 0
        for token in dict.fromkeys(body["tokens"]):
            found = app.locate_token(token)
            if found is None:
                unknown += 1
            else:
                seats.append(found)
        listed = services().read_side().fresh().my_games(seats, status=body.get("status"))
        return {"games": listed, "unknown": unknown}
