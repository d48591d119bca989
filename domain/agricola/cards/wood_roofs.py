"""Cards that pay a home's reed with another good (catalogue K136 Brushwood Roof: "Whenever you
extend or renovate your home, you can replace 1 or 2 reed with the same amount of wood"; seed 000
L608: e.g. 1 wood and 1 reed instead of 2 reed). The build-cost window's ``alternatives``
(``Extension.alternatives``), after the E deck's (``payments.py``), so a Clay Roof (E36) and a
Brushwood Roof together may replace one reed with clay and another with wood.

An entry's ``reed_as`` is ``(good, most)``: up to ``most`` reed of a room or a renovation may be
paid with as much ``good``.
"""

from __future__ import annotations

from ..statetypes import Farm
from . import engine


def _swaps(farm: Farm) -> list[tuple[str, int]]:
    return [
        engine.effect(c, farm)["reed_as"]
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get("reed_as")
    ]


def _replaced(cost: dict, good: str, most: int) -> list[dict]:
    out = []
    for k in range(1, min(most, cost.get("reed", 0)) + 1):
        swapped = dict(cost, reed=cost["reed"] - k, **{good: cost.get(good, 0) + k})
        out.append({g: n for g, n in swapped.items() if n})
    return out


def room_alternatives(farm: Farm, costs: list[dict]) -> list[dict]:
    out = list(costs)
    for good, most in _swaps(farm):
        out += [c for cost in list(out) for c in _replaced(cost, good, most) if c not in out]
    return out[len(costs) :]


def renovation_alternatives(farm: Farm, options: list[tuple[str, dict]]) -> list[tuple]:
    out = list(options)
    for good, most in _swaps(farm):
        out += [
            (target, c)
            for target, cost in list(out)
            for c in _replaced(cost, good, most)
            if (target, c) not in out
        ]
    return out[len(options) :]
