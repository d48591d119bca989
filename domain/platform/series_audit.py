"""The audit of a series (``GET /series/{id}/audit``): its record checked against its games and
its title's series rules (digest §9.3, T-16)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from . import series as rules_of_series
from .dropping import forfeited


def _check_game(
    get_game: Callable[[uuid.UUID], Any],
    state: dict,
    series: Any,
    entry: dict,
    before: dict,
    problems: list,
) -> None:
    number = entry["number"]
    game = get_game(uuid.UUID(entry["game"]))
    tag = getattr(game, "series", None) or {}
    if tag.get("id") != state["id"] or tag.get("number") != number:
        problems.append(f"game {number} ({entry['game']}) does not name this series and number")
    expected = rules_of_series.next_game(before, series)
    if expected != (number, entry["carry"]) or tag.get("carry") != entry["carry"]:
        problems.append(
            f"game {number} started with {entry['carry']}, the rules give {expected[1]}"
        )
    if entry["target"] != series.target(number):
        problems.append(
            f"game {number} has target {entry['target']}, the rules give {series.target(number)}"
        )
    if entry["score"] is not None:
        result = series.result(game.state)
        won = rules_of_series.was_won(entry["score"], entry["target"], forfeited(game))
        if result.score != entry["score"] or entry["won"] != won:
            problems.append(
                f"game {number} was recorded with {entry['score']} points, the "
                f"game ended with {result.score}"
            )
    for chosen in [p for p in state["permanent"] if p["after_game"] == number]:
        if chosen["card"] not in series.result(game.state).playable:
            problems.append(
                f"{chosen['name']} was made permanent after game {number} but "
                f"was not played in it ({series.rule})"
            )


def audit(state: dict, series: Any, get_game: Callable[[uuid.UUID], Any]) -> dict:
    """``{"ok", "checked", "mismatches"}``: every game of the series (``state``, under its
    title's ``series`` rules) re-checked against the game ``get_game`` reads."""
    problems: list[str] = []
    before = {**state, "games": [], "permanent": []}
    for entry in state["games"]:
        _check_game(get_game, state, series, entry, before, problems)
        before = {
            **before,
            "games": before["games"] + [entry],
            "permanent": before["permanent"]
            + [p for p in state["permanent"] if p["after_game"] == entry["number"]],
        }
    if len(state["permanent"]) > series.max_permanent:
        problems.append(
            f"{len(state['permanent'])} permanent choices, more than {series.max_permanent}"
        )
    return {"ok": not problems, "checked": len(state["games"]), "mismatches": problems}
