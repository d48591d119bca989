"""What a game page shows, built from the same application calls the API makes.

:func:`page_context` gathers, for one viewer, the summary, the board (the title's view of the
state, redacted for that viewer), the score sheet, the legal moves as labelled controls grouped
the way the title groups them, and the timeline with each event's sentence. A past version
(``?version=N``) shows the board as it was then, with no controls. The board is drawn by the
template ``boards/<title>.html`` when the title has one, else by a generic one.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections import OrderedDict
from typing import Any

from domain.common.visibility import redact
from domain.common.why import TARGET_FIELDS, move_target  # noqa: F401 (the page's keys)
from domain.platform.application import Games
from domain.platform.game import is_over


def _names(players: list[str], seats: list[int]) -> str:
    named = [players[s] for s in seats if 0 <= s < len(players)]
    return ", ".join(named) if named else "nobody"


def grouped_moves(game: Any, moves: list[dict]) -> list[dict]:
    """``[{"group", "moves": [{"label", "json"}]}]`` in the order the title lists them."""
    rules, state = game.rules, game.state
    groups: dict[str, list[dict]] = {}
    for move in moves:
        groups.setdefault(rules.move_group(state, move), []).append(
            {
                "label": rules.move_label(state, move),
                "json": json.dumps(move, separators=(",", ":"), sort_keys=True),
            }
        )
    return [{"group": name, "moves": items} for name, items in groups.items()]


def target_moves(game: Any, moves: list[dict]) -> dict[str, list[dict]]:
    """The legal moves by the board element they act on (:func:`move_target`): drawn as
    controls on the board itself, beside that element."""
    rules, state = game.rules, game.state
    out: dict[str, list[dict]] = {}
    for move in moves:
        key = move_target(move)
        if key is not None:
            out.setdefault(key, []).append(
                {
                    "label": rules.move_label(state, move),
                    "json": json.dumps(move, separators=(",", ":"), sort_keys=True),
                }
            )
    return out


def step_walk(game: Any, seat: int, moves: list[dict], any_group: bool = False) -> dict | None:
    """The step of a multi-part action ``seat`` is in, for the page to walk through on the
    board (``Title.step_prompt``): ``{"step", "left", "buttons", "targets"}``, where
    ``targets`` are the board elements (:func:`move_target`) the step's own moves act on and
    ``buttons`` the step's moves that act on no element (Done, Close the pasture, …). None
    when no such step is in progress, or the title does not say."""
    rules, state = game.rules, game.state
    prompt = rules.step_prompt(state, seat)
    if not prompt:
        return None
    group = None if any_group else prompt.get("group")
    buttons: list[dict] = []
    targets: list[str] = []
    for move in moves:
        if group is not None and rules.move_group(state, move) != group:
            continue
        key = move_target(move)
        if key is None:
            buttons.append(
                {
                    "label": rules.move_label(state, move),
                    "json": json.dumps(move, separators=(",", ":"), sort_keys=True),
                }
            )
        elif key not in targets:
            targets.append(key)
    if group is not None and not buttons and not targets:
        # none of the step's own moves is open now (an animal too many must go first): the
        # moves that are go in the step box, so the board still offers the way on (issue 32)
        return step_walk(game, seat, moves, any_group=True)
    return {
        "step": prompt.get("step", ""),
        "left": prompt.get("left", ""),
        "buttons": buttons,
        "targets": targets,
        # the step acts on cells of the seat's own board: only then ask "why not?" at a cell
        "cells": any(t.partition(":")[2].isdigit() for t in targets),
    }


def decision_box(game: Any, moves: list[dict]) -> dict | None:
    """The seat's decision when none of its moves acts on a place of the board and no step
    is in progress (feeding at a harvest, skipping, advancing a track): its moves as buttons
    in the step box on the board (issue 32: every decision can be made from the board), named
    by the group of the first. None when some move has a place on the board."""
    if not moves or any(move_target(m) is not None for m in moves):
        return None
    rules, state = game.rules, game.state
    return {
        "step": rules.move_group(state, moves[0]),
        "left": "",
        "buttons": [
            {
                "label": rules.move_label(state, move),
                "json": json.dumps(move, separators=(",", ":"), sort_keys=True),
            }
            for move in moves
        ],
        "targets": [],
        "cells": False,
    }


def space_moves(game: Any, moves: list[dict]) -> dict[int, list[dict]]:
    """The legal moves that act on one numbered space of the player's own board, by space."""
    return {
        int(k.split(":")[1]): v
        for k, v in target_moves(game, moves).items()
        if k.split(":")[1].isdigit()
    }


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


def move_list(starts: list[bool], views: list[dict]) -> list[dict]:
    """The timeline as one entry per move (what a player decided, with everything that
    followed from it), like an analysis board's move list: ``[{"first", "last", "text",
    "more": [sentences], "seat", "undone", "number"}]``. A move starts at an event that
    carries its command (``starts``: the same rule the application uses for move
    boundaries); the game's creation and its set-up are the first entry. ``last`` is a move
    boundary: a version a branch or an undo may start from."""
    entries: list[dict] = []
    for start, view in zip(starts, views):
        if not entries or start:
            entries.append(
                {
                    "first": view["version"],
                    "last": view["version"],
                    "text": view["text"],
                    "more": list(view.get("lines") or []),
                    "seat": view.get("seat"),
                    "undone": view.get("undone", False),
                    "number": len(entries),
                }
            )
        else:
            entries[-1]["last"] = view["version"]
            entries[-1]["more"].append(view["text"])
    return entries


class _Log:
    """One viewer's described events of one game, kept between pages: stored events never
    change, so a page reads and describes only the events after the last one it saw (the
    undone marks, which later events change, are read afresh each time)."""

    __slots__ = ("version", "views", "starts", "hidden")

    def __init__(self) -> None:
        self.version = 0
        self.views: list[dict] = []
        self.starts: list[bool] = []
        self.hidden = False


_LOGS: OrderedDict = OrderedDict()
_LOGS_LOCK = threading.Lock()
LOG_CACHE = 256


def described_events(
    app: Games, current: Any, viewer: int | None, finished: bool
) -> tuple[list[dict], list[bool], bool]:
    """Every event as ``viewer`` may see it (``Presentation.event_view``), whether each starts
    a move, and whether any still hides something; cached per game, viewer, finished and the
    reader's language."""
    from domain.common.i18n import language
    from domain.common.visibility import has_hidden

    key = (id(app), current.id, viewer, finished, language())  # sentences are per language
    with _LOGS_LOCK:
        log = _LOGS.get(key)
        if log is not None:
            _LOGS.move_to_end(key)
    if log is None or log.version > current.version:
        log = _Log()
    if log.version < current.version:
        fresh = _Log()
        fresh.version, fresh.hidden = log.version, log.hidden
        fresh.views, fresh.starts = list(log.views), list(log.starts)
        for event in app.stored_events(current.id, after=log.version):
            if event.originator_version > current.version:
                break
            fresh.views.append(app.event_view(current, event, viewer, finished))
            fresh.starts.append(getattr(event, "command", None) is not None)
            fresh.hidden = fresh.hidden or has_hidden(event.data)
            fresh.version = event.originator_version
        log = fresh
        with _LOGS_LOCK:
            _LOGS[key] = log
            _LOGS.move_to_end(key)
            while len(_LOGS) > LOG_CACHE:
                _LOGS.popitem(last=False)
    views = [{**v, "undone": current.is_undone(v["version"])} for v in log.views]
    return views, list(log.starts), log.hidden


def _shown_entry(entries: list[dict], version: int) -> int:
    for index, entry in enumerate(entries):
        if entry["first"] <= version <= entry["last"]:
            return index
    return len(entries) - 1


def page_context(
    app: Games, game_id: uuid.UUID, viewer: int | None, version: int | None = None
) -> dict:
    """Everything the game page template needs (see the module docstring)."""
    current = app.get_game(game_id)
    finished = is_over(current)  # by the rules, or ended by the platform (a clock ran out)
    shown = (
        current if version is None or version >= current.version else app.game_at(game_id, version)
    )
    rules = shown.rules
    status = rules.status(shown.state)
    summary = app.summary(current)
    moves: list[dict] = []
    on_board: dict[str, list[dict]] = {}
    walk = None
    if viewer is not None and shown is current:
        _, legal = app.legal_moves(game_id, viewer)
        moves = grouped_moves(current, legal)
        on_board = target_moves(current, legal)
        walk = (
            (step_walk(current, viewer, legal) or decision_box(current, legal)) if legal else None
        )
    to_act = summary["to_act"] if shown is current else sorted(status.to_act)
    views, starts, hidden = described_events(app, current, viewer, finished)
    entries = move_list(starts, views)
    at = _shown_entry(entries, shown.version)
    return {
        "game_id": str(game_id),
        "summary": summary,
        "viewer": viewer,
        "viewer_name": current.players[viewer] if viewer is not None else None,
        "players": current.players,
        "title_name": rules.display_name or rules.name,
        "title": rules.name,
        "version": shown.version,
        "current_version": current.version,
        "past": shown is not current,
        "status": status,
        "finished": finished,
        "to_act_names": _names(current.players, to_act),
        "my_turn": viewer in to_act,
        "to_act_names_list": to_act,
        "your_turn_icon": viewer in to_act and shown is current and not finished,
        "board": (board := rules.view(shown.state, viewer, finished)),
        "panels": rules.page(board, viewer),
        "moves": moves,
        "on_board": on_board,
        "walk": walk,
        "drawn_keys": set(),  # the places the board drawing gives a control (game_main.html)
        # redacted like every output, though no title hides a part of its sheet today
        "sheet": (sheet := redact(rules.score_sheet(shown.state), viewer, finished)),
        "sheet_rows": sheet_rows(sheet),
        "events": views,
        "entries": entries,
        "shown_entry": at,
        "at_boundary": bool(entries) and entries[at]["last"] == shown.version,
        "public_fork": finished or not hidden,
        "practice": bool(summary.get("practice")),
    }
