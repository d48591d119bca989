"""What a game page shows, built from the same application calls the API makes.

:func:`page_context` gathers, for one viewer, the summary, the board (the title's view of the
state, redacted for that viewer), the score sheet, the legal moves as labelled controls grouped
the way the title groups them, and the timeline with each event's sentence. A past version
(``?version=N``) shows the board as it was then, with no controls. The board is drawn by the
template ``boards/<title>.html`` when the title has one, else by a generic one.
"""
from __future__ import annotations

import json
import uuid
from typing import Any

from domain.application import Games


def _names(players: list[str], seats: list[int]) -> str:
    named = [players[s] for s in seats if 0 <= s < len(players)]
    return ", ".join(named) if named else "nobody"


def grouped_moves(game: Any, moves: list[dict]) -> list[dict]:
    """``[{"group", "moves": [{"label", "json"}]}]`` in the order the title lists them."""
    rules, state = game.rules, game.state
    groups: dict[str, list[dict]] = {}
    for move in moves:
        groups.setdefault(rules.move_group(state, move), []).append(
            {"label": rules.move_label(state, move),
             "json": json.dumps(move, separators=(",", ":"), sort_keys=True)})
    return [{"group": name, "moves": items} for name, items in groups.items()]


def space_moves(game: Any, moves: list[dict]) -> dict[int, list[dict]]:
    """The legal moves that act on one numbered space of the player's own board (a farmyard
    space to plough, build on or fence), by space: drawn as controls on the board itself."""
    rules, state = game.rules, game.state
    out: dict[int, list[dict]] = {}
    for move in moves:
        space = move.get("space")
        if isinstance(space, int) and not isinstance(space, bool):
            out.setdefault(space, []).append(
                {"label": rules.move_label(state, move),
                 "json": json.dumps(move, separators=(",", ":"), sort_keys=True)})
    return out


def sheet_rows(sheet: dict) -> list[dict]:
    """The score sheet as table rows: every category any seat has, in first-seen order (titles
    whose pad has a line per owned tile give seats different categories); "" where a seat has
    none."""
    labels: dict[str, str] = {}
    for seat in sheet.get("seats", []):
        for cat in seat["categories"]:
            labels.setdefault(cat.get("key", cat["label"]), cat["label"])
    rows = []
    for key, label in labels.items():
        cells = []
        for seat in sheet["seats"]:
            found = [c["points"] for c in seat["categories"] if c.get("key", c["label"]) == key]
            cells.append(found[0] if found else "")
        rows.append({"label": label, "cells": cells})
    return rows


def timeline(app: Games, current: Any, viewer: int | None, finished: bool) -> list[dict]:
    """Every event's sentence as ``viewer`` may see it, with undone events marked."""
    events = app.stored_events(current.id)
    return [app.event_view(current, event, viewer, finished) for event in events]


def page_context(app: Games, game_id: uuid.UUID, viewer: int | None,
                 version: int | None = None) -> dict:
    """Everything the game page template needs (see the module docstring)."""
    current = app.get_game(game_id)
    finished = current.rules.status(current.state).finished
    shown = current if version is None or version >= current.version \
        else app.game_at(game_id, version)
    rules = shown.rules
    status = rules.status(shown.state)
    summary = app.summary(current)
    moves: list[dict] = []
    on_board: dict[int, list[dict]] = {}
    if viewer is not None and shown is current:
        _, legal = app.legal_moves(game_id, viewer)
        moves = grouped_moves(current, legal)
        on_board = space_moves(current, legal)
    to_act = summary["to_act"] if shown is current else sorted(status.to_act)
    return {
        "game_id": str(game_id), "summary": summary, "viewer": viewer,
        "viewer_name": current.players[viewer] if viewer is not None else None,
        "players": current.players, "title_name": rules.display_name or rules.name,
        "title": rules.name, "version": shown.version, "current_version": current.version,
        "past": shown is not current, "status": status, "finished": finished,
        "to_act_names": _names(current.players, to_act), "my_turn": viewer in to_act,
        "board": rules.view(shown.state, viewer, finished), "moves": moves,
        "on_board": on_board,
        "sheet": (sheet := rules.score_sheet(shown.state)),
        "sheet_rows": sheet_rows(sheet),
        "events": timeline(app, current, viewer, finished),
    }
