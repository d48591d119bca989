"""Series of games: ``/api/v1/series`` (a title's series, e.g. Agricola's solo series).

A series is started with a player and options and answers its first game (an ordinary game,
with its seat token) and the series' own token; after each game its moves (with the series
token) choose what carries over and start the next game, whose seat token they answer."""

from __future__ import annotations

import uuid
from typing import Any

from flask import url_for
from flask.views import MethodView

from domain.common.i18n import gettext

from .. import views
from ..auth import bearer_token
from ..context import games
from ..problems import forbidden, unauthorized
from ..schemas.series import (
    CreatedSeriesSchema,
    CreateSeriesSchema,
    SeriesAuditSchema,
    SeriesEventListSchema,
    SeriesMoveResultSchema,
    SeriesMoveSchema,
    SeriesMovesSchema,
    SeriesRecordSchema,
    SeriesSchema,
)
from .base import SEAT_TOKEN, ApiBlueprint

blp = ApiBlueprint(
    "series",
    __name__,
    url_prefix="/api/v1/series",
    description="Series of games played one after another (Agricola's solo series).",
)


def _require_series_token(series_id: uuid.UUID) -> None:
    app = games()
    app.series_events(series_id)  # 404 first
    token = bearer_token()
    if token is None:
        raise unauthorized(
            gettext(
                "Series moves need the series token: send it as 'Authorization: Bearer <token>'."
            )
        )
    if not app.series_token_valid(series_id, token):
        if app.locate_token(token) is not None:
            raise forbidden(
                gettext("This is a seat token of a game; series moves need the series token."),
                series=str(series_id),
            )
        raise unauthorized(gettext("The series token is not valid."))


@blp.route("")
class SeriesCollection(MethodView):
    @blp.arguments(CreateSeriesSchema)
    @blp.response(201, CreatedSeriesSchema)
    @blp.problems(400, 413, 422, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Start a series and its first game (the answer holds both tokens, shown only here)."""
        app = games()
        state, token, created = app.start_series(
            body["title"], body["player"], body["options"], body.get("seed")
        )
        series_id = uuid.UUID(state["id"])
        headers = {
            "Location": url_for("series.Series", series_id=series_id),
            "Cache-Control": "no-store",
        }
        return (
            {
                "series": app.series_summary(series_id),
                "token": token,
                "game": views.created_game(app, created),
            },
            201,
            headers,
        )


@blp.route("/<game:series_id>")
class Series(MethodView):
    @blp.response(200, SeriesSchema)
    @blp.problems(404, 503)
    def get(self, series_id: uuid.UUID) -> Any:
        """The series: targets, its games with their scores, which were won, the permanent
        cards."""
        return games().series_summary(series_id)


@blp.route("/<game:series_id>/moves")
class SeriesMoves(MethodView):
    @blp.response(200, SeriesMovesSchema)
    @blp.problems(401, 403, 404, 503)
    @blp.doc(security=SEAT_TOKEN)
    def get(self, series_id: uuid.UUID) -> Any:
        """The series moves open now (empty while its current game is played), with labels."""
        _require_series_token(series_id)
        app = games()
        return {"moves": app.series_moves_labelled(series_id)}

    @blp.arguments(SeriesMoveSchema)
    @blp.response(201, SeriesMoveResultSchema)
    @blp.problems(400, 401, 403, 404, 409, 413, 422, 503)
    @blp.doc(security=SEAT_TOKEN)
    def post(self, body: dict[str, Any], series_id: uuid.UUID) -> Any:
        """After a finished game: choose what becomes permanent and start the next game."""
        _require_series_token(series_id)
        app = games()
        _, created = app.series_move(series_id, body)
        return (
            {"series": app.series_summary(series_id), "game": views.created_game(app, created)},
            201,
            {"Cache-Control": "no-store"},
        )


@blp.route("/<game:series_id>/events")
class SeriesEvents(MethodView):
    @blp.response(200, SeriesEventListSchema)
    @blp.problems(404, 503)
    def get(self, series_id: uuid.UUID) -> Any:
        """The series' own events, each with a sentence."""
        return {"events": games().series_log(series_id)}


@blp.route("/<game:series_id>/audit")
class SeriesAudit(MethodView):
    @blp.response(200, SeriesAuditSchema)
    @blp.problems(404, 503)
    def get(self, series_id: uuid.UUID) -> Any:
        """The series checked against its games and its title's series rules."""
        return games().series_audit(series_id)


@blp.route("/<game:series_id>/export")
class SeriesExport(MethodView):
    @blp.response(200, SeriesRecordSchema)
    @blp.problems(404, 503)
    def get(self, series_id: uuid.UUID) -> Any:
        """The series' hash-chained record (its games export on their own)."""
        return games().series_export(series_id)
