"""The page of a series of games (``/series/<id>``) and the form that starts one
(``/series``): targets, each game with its score and whether it was won, the permanent cards
with their texts, and, for the browser that holds the series, the choice after a game.

The series token and each game's seat token are held in the session like a seat (``security``),
so the player moves from the series page to each game and back."""

from __future__ import annotations

import hmac
import json
import uuid
from typing import TYPE_CHECKING

from flask import redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError

from domain.common.errors import DomainError
from domain.common.i18n import gettext
from domain.platform import registry
from domain.platform.tokens import token_hash

from ..context import games
from ..parsing import strict_json
from ..schemas.series import CreateSeriesSchema
from . import security
from .pages import bp

if TYPE_CHECKING:
    from domain.platform.game import Created

SERIES_KEY = "series:"


def _series_titles() -> list[dict]:
    out = []
    for rules in registry.all_current():
        series = rules.series()
        if series is not None:
            out.append(
                {
                    "title": rules.name,
                    "name": rules.display_name or rules.name,
                    "description": gettext(series.description),
                }
            )
    return out


@bp.get("/series")
def series_new(error: str | None = None, status: int = 200) -> ResponseReturnValue:
    return render_template("series_new.html", titles=_series_titles(), error=error), status


@bp.post("/series")
def series_create() -> ResponseReturnValue:
    security.check_csrf()
    body = {"title": request.form.get("title", ""), "player": request.form.get("player", "")}
    try:
        body = CreateSeriesSchema().load(body)
        state, token, created = games().start_series(body["title"], body["player"])
    except ValidationError as err:
        return series_new(
            "; ".join(
                f"{k}: {' '.join(map(str, v))}" for k, v in err.normalized_messages().items()
            ),
            422,
        )
    except DomainError as err:
        return series_new(err.message, 422)
    _hold_series(state["id"], token)
    _hold_game(created)
    return redirect(url_for("web.series_page", series_id=state["id"]), code=303)


def _hold_series(series_id: str, token: str) -> None:
    """The browser holds the series by a mark of its token's hash, never the token."""
    held = dict(session.get("series") or {})
    held[series_id] = security.seat_mark(token_hash(token))
    session["series"] = held
    session.permanent = True


def _hold_game(created: Created) -> None:
    security.hold_seat(str(created.game.id), 0, security.seat_mark(token_hash(created.tokens[0])))


def _held(series_id: uuid.UUID) -> str | None:
    mark = (session.get("series") or {}).get(str(series_id))
    key = games().series_key(series_id)
    if not mark or key is None:
        return None
    return mark if hmac.compare_digest(security.seat_mark(key), mark) else None


def _card_texts(title: str) -> dict[str, dict]:
    cards = registry.current(title).catalogue() or []
    return {c["id"]: c for c in cards}


def render_series(
    series_id: uuid.UUID, error: str | None = None, status: int = 200
) -> ResponseReturnValue:
    app = games()
    summary = app.series_summary(series_id)
    mine = _held(series_id) is not None
    moves = [
        {**m, "json": json.dumps({k: v for k, v in m.items() if k != "label"})}
        for m in (app.series_moves_labelled(series_id) if mine else [])
    ]
    texts = _card_texts(summary["title"])
    return render_template(
        "series.html",
        series=summary,
        moves=moves,
        mine=mine,
        texts=texts,
        error=error,
        title_name=registry.current(summary["title"]).display_name,
        audit=app.series_audit(series_id),
    ), status


@bp.get("/series/<game:series_id>")
def series_page(series_id: uuid.UUID) -> ResponseReturnValue:
    return render_series(series_id)


@bp.post("/series/<game:series_id>/moves")
def series_play(series_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    if _held(series_id) is None:
        return render_series(
            series_id,
            "Only the player of this series can choose: this browser does not hold it.",
            403,
        )
    try:
        move = strict_json(request.form.get("move", ""))
        if not isinstance(move, dict):
            raise ValueError
    except ValueError:
        return render_series(series_id, "That choice could not be read.", 400)
    try:
        _, created = games().series_move(series_id, move)
    except DomainError as err:
        return render_series(series_id, err.message, 422)
    _hold_game(created)
    return redirect(url_for("web.series_page", series_id=series_id), code=303)
