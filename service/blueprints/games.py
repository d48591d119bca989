"""Games: create, list, read the summary, fork, import."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Response, url_for
from flask.views import MethodView

from domain.platform import registry
from domain.platform.application import Games
from domain.platform.game import Created

from .. import views
from ..auth import seat_token_optional
from ..context import games, services
from ..etags import etag_header, not_modified
from ..lobby import list_games
from ..schemas.requests import (
    ConditionalGetHeadersSchema,
    CreateGameSchema,
    ForkSchema,
    GameListQuerySchema,
    RecordSchema,
)
from ..schemas.responses import CreatedGameSchema, GameListSchema, SummarySchema
from .base import ApiBlueprint

blp = ApiBlueprint(
    "games",
    __name__,
    url_prefix="/api/v1/games",
    description="Set up, list, fork and import games.",
)

ETAG_DOC = {
    "ETag": {"description": 'The game\'s version, quoted: "57".', "schema": {"type": "string"}}
}
CREATED_DOC = {
    **ETAG_DOC,
    "Location": {"description": "The new game's address.", "schema": {"type": "string"}},
}


def created_response(app: Games, created: Created) -> tuple[dict, int, dict[str, str]]:
    """201 with the summary, the seat tokens, ``Location`` and ``ETag`` (never cached)."""
    game = created.game
    headers = {
        "Location": url_for("games.Game", game_id=game.id),
        "Cache-Control": "no-store",
        **etag_header(game.version),
    }
    return views.created_game(app, created), 201, headers


def default_variant(title: str) -> str:
    return registry.current(title).variants[0].name


@blp.route("")
class GameCollection(MethodView):
    @blp.arguments(CreateGameSchema)
    @blp.response(201, CreatedGameSchema, headers=CREATED_DOC)
    @blp.problems(400, 413, 422, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Set up a new game; the answer holds each seat's token (shown only here)."""
        app = games()
        title = body["title"]
        created = app.create_game(
            title,
            body.get("variant") or default_variant(title),
            body["players"],
            body["options"],
            body.get("seed"),
        )
        return created_response(app, created)

    @blp.query(GameListQuerySchema)
    @blp.response(200, GameListSchema)
    @blp.problems(400, 503)
    def get(self, query: dict[str, Any]) -> Any:
        """List games, newest first (filters ``title`` and ``status``; paginated)."""
        return list_games(services().read_side(), **query)


@blp.route("/<game:game_id>")
class Game(MethodView):
    @blp.headers(ConditionalGetHeadersSchema)
    @blp.response(200, SummarySchema, headers=ETAG_DOC)
    @blp.alt_response(304, description="Not modified: the game is still at that version.")
    @blp.problems(404, 503)
    def get(self, _headers: dict[str, Any], game_id: uuid.UUID) -> Any:
        """The game's public summary; ``ETag`` is its version (304 on ``If-None-Match``)."""
        app = games()
        game = app.get_game(game_id)
        headers = {**etag_header(game.version), "Cache-Control": "no-cache"}
        if not_modified(game.version):
            return Response(status=304, headers=headers)
        return app.summary(game), 200, headers


@blp.route("/<game:game_id>/forks")
class Forks(MethodView):
    @seat_token_optional
    @blp.arguments(ForkSchema)
    @blp.response(201, CreatedGameSchema, headers=CREATED_DOC)
    @blp.problems(400, 401, 403, 404, 413, 422, 503)
    def post(self, body: dict[str, Any], game_id: uuid.UUID, viewer: int | None) -> Any:
        """Start a new game whose history is this game's first N events (new seat tokens).

        While the game still hides something (hands, an unseeded draw order) only a seat may
        fork it: with its token the fork is "what if, from my seat", starting from the game as
        that seat sees it with everything hidden from it drawn anew (``parent.redealt``)."""
        app = games()
        return created_response(app, app.fork(game_id, body["version"], viewer))


@blp.route("/import")
class Import(MethodView):
    @blp.arguments(RecordSchema)
    @blp.response(201, CreatedGameSchema, headers=CREATED_DOC)
    @blp.problems(400, 413, 422, 503)
    def post(self, record: dict[str, Any]) -> Any:
        """Rebuild a finished game from its exported record (hash chain and audit checked)."""
        app = games()
        return created_response(app, app.import_record(record))
