"""What changed since your last move, as the page marks it (issue 32): the marks of the last
moves survive a reload.

``GET /games/<id>/marks`` answers ``{"since": B, "ids": [...]}``: the board elements (their
``data-id``) whose drawing differs between version ``B`` and now, both drawn for this browser's
seat from the viewer's redacted view (``Title.view``), exactly as the page draws them. ``B`` is
the end of the seat's own last move (the marks stay until its next move); a spectator, or a
seat that has not moved yet, sees the last move marked. The page asks after it loads
(``static/live.js``), so the page itself renders no slower.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask import abort, jsonify, render_template
from flask.typing import ResponseReturnValue

from domain.common.errors import DomainError
from domain.platform.game import is_over

from ..context import games
from .board import described_events, move_list
from .pages import bp, viewer

_TAG = re.compile(r"<[a-zA-Z]+\s[^>]*?\bdata-id=\"([^\"]*)\"[^>]*>")
_ATTR = re.compile(r"\b(class|data-k)=\"([^\"]*)\"")
PARTS = ("main", "mine", "cards", "others")


def since_version(entries: list[dict], seat: int | None, current: int) -> int:
    """The version the marks start from: the end of ``seat``'s last move that stands, else
    the version before the last move (``current`` when nothing is to be marked)."""
    standing = [e for e in entries[1:] if not e["undone"]]
    if seat is not None:
        mine = [e for e in standing if e["seat"] == seat]
        if mine:
            return int(mine[-1]["last"])
    if standing:
        return int(standing[-1]["first"]) - 1
    return current


def drawn(game: Any, seat: int | None, finished: bool, game_id: str) -> dict[str, str]:
    """Each board element's drawing (its ``data-k`` and classes), by ``data-id``."""
    rules = game.rules
    board = rules.view(game.state, seat, finished)
    html = render_template(
        "_board_parts.html",
        parts=PARTS,
        board=board,
        panels=rules.page(board, seat),
        players=list(game.players),
        title=rules.name,
        viewer=seat,
        on_board={},
        walk=None,
        my_turn=False,
        past=True,
        finished=finished,
        game_id=game_id,
        idp="",
    )
    out: dict[str, str] = {}
    for match in _TAG.finditer(html):
        attrs = dict(_ATTR.findall(match.group(0)))
        classes = " ".join(
            c for c in attrs.get("class", "").split() if c not in ("can-act", "changed", "fresh")
        )
        out[match.group(1)] = out.get(match.group(1), "") + attrs.get("data-k", "") + "|" + classes
    return out


@bp.get("/games/<game:game_id>/marks")
def marks(game_id: uuid.UUID) -> ResponseReturnValue:
    """The board elements changed since this browser's seat last moved (module docstring)."""
    app = games()
    seat = viewer(game_id)
    try:
        current = app.get_game(game_id)
        finished = is_over(current)
        views, starts, _ = described_events(app, current, seat, finished)
        since = since_version(move_list(starts, views), seat, current.version)
        ids: list[str] = []
        if 1 <= since < current.version:
            before = drawn(app.game_at(game_id, since), seat, finished, str(game_id))
            now = drawn(current, seat, finished, str(game_id))
            ids = [k for k, v in now.items() if k in before and before[k] != v]
    except DomainError as err:
        if err.code in ("game_not_found", "version_not_found"):
            abort(404, description=err.message)
        raise
    response = jsonify({"since": since, "version": current.version, "ids": ids})
    response.headers["Cache-Control"] = "no-store"
    return response
