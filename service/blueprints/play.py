"""Playing: the moves a seat may make, making one, and undo (with consent)."""

from __future__ import annotations

import uuid
from typing import Any

from flask.views import MethodView

from .. import views
from ..auth import seat_token_optional, seat_token_required
from ..context import games
from ..etags import etag_header, expected_version
from ..schemas.requests import MoveHeadersSchema, MoveSchema, UndoSchema
from ..schemas.responses import LegalMovesSchema, MoveResultSchema, UndoAnswerSchema
from .base import OPTIONAL_SEAT_TOKEN, SEAT_TOKEN, ApiBlueprint

blp = ApiBlueprint(
    "play",
    __name__,
    url_prefix="/api/v1/games",
    description="Make moves and take them back. Send the seat's token as "
    "'Authorization: Bearer <token>'.",
)


@blp.route("/<game:game_id>/moves")
class Moves(MethodView):
    @seat_token_optional
    @blp.response(200, LegalMovesSchema)
    @blp.problems(401, 403, 404, 503)
    @blp.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, game_id: uuid.UUID, viewer: int | None) -> Any:
        """Every move the token's seat may make now (each can be posted unchanged).

        Each move carries ``group``: the heading the game's page lists it under (its action
        space, "At any time", ...); a posted move's ``group`` is ignored. Without a token the
        list is empty and ``seat`` is null.
        """
        if viewer is None:
            return views.legal_moves_view(games().get_game(game_id).version, [], None)
        version, moves = games().legal_moves(game_id, viewer)
        moves = views.grouped(games().game_at(game_id, version), moves)
        return views.legal_moves_view(version, moves, viewer)

    @seat_token_required
    @blp.arguments(MoveSchema, example={"type": "place", "space": "forest"})
    @blp.headers(MoveHeadersSchema)
    @blp.response(201, MoveResultSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.problems(400, 401, 403, 404, 409, 412, 413, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(
        self, move: dict[str, Any], headers: dict[str, Any], game_id: uuid.UUID, seat: int
    ) -> Any:
        """Make one move for the token's seat.

        ``If-Match: "<version>"`` refuses the move (412) unless the game is still at that
        version. A repeated ``Idempotency-Key`` with the same body returns the first response
        and records nothing new (checked before ``If-Match``, so a retry is always safe).
        """
        app = games()
        move = views.unlisted(move)
        result = app.play(
            game_id,
            seat,
            move,
            expected_version=expected_version(headers.get("if_match")),
            idempotency_key=headers.get("idempotency_key"),
        )
        body = {
            "version": result.version,
            "events": views.event_views(app, app.get_game(game_id), result.events, seat),
        }
        response_headers = etag_header(result.version)
        if result.replayed:
            response_headers["Idempotent-Replayed"] = "true"
        return body, 201, response_headers


@blp.route("/<game:game_id>/undo")
class Undo(MethodView):
    @seat_token_required
    @blp.arguments(UndoSchema)
    @blp.response(200, UndoAnswerSchema, description="The undo was applied at once.")
    @blp.alt_response(
        202,
        schema=UndoAnswerSchema,
        description="The undo waits for the seats in `waiting` to accept.",
    )
    @blp.problems(400, 401, 403, 404, 409, 413, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, body: dict[str, Any], game_id: uuid.UUID, seat: int) -> Any:
        """Ask to take the game back to a version: at once (200) if nobody else acted since
        and nothing was revealed since (a round card, a card drawn); otherwise 202, and it
        happens once every seat asked accepts."""
        answer = games().request_undo(game_id, seat, body["version"])
        return answer, 202 if answer["status"] == "pending" else 200


@blp.route("/<game:game_id>/undo/<int:request_id>/accept")
class UndoAccept(MethodView):
    @seat_token_required
    @blp.response(200, UndoAnswerSchema)
    @blp.problems(401, 403, 404, 409, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, game_id: uuid.UUID, request_id: int, seat: int) -> Any:
        """Accept an open undo request (the last acceptance applies it)."""
        return games().answer_undo(game_id, seat, request_id, accept=True)


@blp.route("/<game:game_id>/undo/<int:request_id>/reject")
class UndoReject(MethodView):
    @seat_token_required
    @blp.response(200, UndoAnswerSchema)
    @blp.problems(401, 403, 404, 409, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, game_id: uuid.UUID, request_id: int, seat: int) -> Any:
        """Reject an open undo request (the game goes on as it stands)."""
        return games().answer_undo(game_id, seat, request_id, accept=False)
