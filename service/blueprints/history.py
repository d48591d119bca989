"""Reading history: state and scores at a version, the event log, audits and exports.

Each answer is what the caller may see: with a seat token, that seat's view; without one, the
public view (see :mod:`service.views`).
"""

from __future__ import annotations

import uuid
from typing import Any

from flask.views import MethodView

from .. import views
from ..auth import seat_token_optional
from ..context import games, services
from ..schemas.requests import AuditQuerySchema, EventsQuerySchema, VersionQuerySchema
from ..schemas.responses import (
    AuditSchema,
    EventListSchema,
    RecordOutSchema,
    ScoreSheetSchema,
    StateSchema,
)
from .base import OPTIONAL_SEAT_TOKEN, ApiBlueprint

blp = ApiBlueprint(
    "history",
    __name__,
    url_prefix="/api/v1/games",
    description="A game's past: states, scores, events, audits, records.",
)

READ_PROBLEMS = (400, 401, 403, 404, 503)


@blp.route("/<game:game_id>/state")
class State(MethodView):
    @seat_token_optional
    @blp.query(VersionQuerySchema)
    @blp.response(200, StateSchema)
    @blp.problems(*READ_PROBLEMS)
    @blp.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, query: dict[str, Any], game_id: uuid.UUID, viewer: int | None) -> Any:
        """The state after event N (default: now), as the caller may see it."""
        app = games()
        finished = views.is_finished(app.get_game(game_id))
        return views.state_view(app.game_at(game_id, query.get("version")), viewer, finished)


@blp.route("/<game:game_id>/scores")
class Scores(MethodView):
    @seat_token_optional
    @blp.query(VersionQuerySchema)
    @blp.response(200, ScoreSheetSchema)
    @blp.problems(*READ_PROBLEMS)
    @blp.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, query: dict[str, Any], game_id: uuid.UUID, viewer: int | None) -> Any:
        """The score sheet at version N (default: now), with what event N changed on it;
        ``final`` once the game is over. Served from the score-sheet read model (caught up in
        this process first if the workers are behind), or by replaying if it is unavailable."""
        return views.score_answer(
            games(), services().read_side().fresh(), game_id, query.get("version"), viewer
        )


@blp.route("/<game:game_id>/events")
class Events(MethodView):
    @seat_token_optional
    @blp.query(EventsQuerySchema)
    @blp.response(200, EventListSchema)
    @blp.problems(*READ_PROBLEMS)
    @blp.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, query: dict[str, Any], game_id: uuid.UUID, viewer: int | None) -> Any:
        """The event log in order, each event with a readable sentence; undone events stay,
        marked ``"undone": true``."""
        app = games()
        game = app.get_game(game_id)
        stored = [
            e
            for e in app.stored_events(game_id, after=query["after"], limit=query["limit"])
            if e.originator_version <= game.version
        ]
        last = stored[-1].originator_version if stored else query["after"]
        return {
            "version": game.version,
            "events": views.event_views(app, game, stored, viewer),
            "next_after": last if last < game.version else None,
        }


@blp.route("/<game:game_id>/audit")
class Audit(MethodView):
    @seat_token_optional
    @blp.query(AuditQuerySchema)
    @blp.response(200, AuditSchema)
    @blp.problems(*READ_PROBLEMS)
    @blp.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, query: dict[str, Any], game_id: uuid.UUID, viewer: int | None) -> Any:
        """Replay every recorded move through the rules the game was started with."""
        app = games()
        report = app.audit(game_id, detail=query["detail"], viewer=viewer)
        return views.audit_view(report, app.get_game(game_id), viewer, query["detail"])


@blp.route("/<game:game_id>/export")
class Export(MethodView):
    @seat_token_optional
    @blp.response(200, RecordOutSchema)
    @blp.problems(401, 403, 404, 503)
    @blp.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, game_id: uuid.UUID, viewer: int | None) -> Any:
        """The hash-chained, signed record. Once the game is over it is the full record
        (``"kind": "full"``, what an import needs); while it is played, the view of the seat
        whose token is sent, or of the public (``"kind": "view"``, ``viewer``)."""
        return games().export(game_id, viewer)
