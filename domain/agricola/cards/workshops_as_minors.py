"""The three workshops as minor improvements, for less (issue 23 item 3; catalogue K277
Manufacturer, effect ``workshops_as_minor``).

Once the seat lives in a clay hut or a stone house, the Joinery, the Pottery and the
Basketmaker's Workshop are minor improvements for it: an action that offers a minor improvement
builds one of them, still on the board, with ``{"type": "card_major", "card": "K277", "major":
"joinery", "pay": i}`` (the E-deck's Ceramics move); and each costs it 2 building resources
less, of its choice: every such way to pay is listed (``pay``), also when the seat builds it
with a major improvement action (decision K-OCC-15).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ..farm import affordable, major_costs
from ..statetypes import Farm
from ..tables import BUILDING_RESOURCES
from . import engine, play

WORKSHOPS = ("joinery", "pottery", "basketmakers_workshop")


def _holder(farm: Farm) -> str | None:
    if farm["house"] == "wood":
        return None
    return next(
        (c for c in farm.get("cards", []) if engine.effect(c, farm).get("workshops_as_minor")),
        None,
    )


def improvement_alternatives(farm: Farm, improvement: str, costs: list[dict]) -> list[dict]:
    """Each way to pay less 2 building resources of the seat's choice (less if the cost has
    fewer)."""
    if improvement not in WORKSHOPS or _holder(farm) is None:
        return []
    out: list[dict] = []
    for cost in costs:
        held = [g for g in BUILDING_RESOURCES for _ in range(cost.get(g, 0))]
        for less in combinations_with_replacement(sorted(set(held)), min(2, len(held))):
            new = dict(cost)
            if any(new.get(g, 0) < less.count(g) for g in set(less)):
                continue
            for g in less:
                new[g] -= 1
            new = {g: n for g, n in new.items() if n}
            if new not in costs and new not in out:
                out.append(new)
    return out


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    farm = state["farms"][seat]
    holder = _holder(farm)
    if (
        holder is None
        or pending is None
        or pending["kind"] not in play.MINOR_KINDS
        or {"minor", "major"} & set(pending.get("done", []))
    ):
        return []
    out = []
    for major in WORKSHOPS:
        if state["majors"].get(major, "gone") is not None:
            continue
        costs = major_costs(farm, major)
        out += [
            {"type": "card_major", "card": holder, "major": major, "pay": i}
            for i, cost in enumerate(costs)
            if affordable(farm["supply"], cost)
        ]
    return out


def check(other: Any) -> Any:
    def check_major(state: dict, seat: int, move: dict) -> None:
        if engine.effect(move["card"], state).get("workshops_as_minor"):
            if move in moves(state, seat):
                return
        return other(state, seat, move)

    return check_major
