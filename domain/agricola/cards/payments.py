"""Cards that offer another way to pay for a room, a renovation or an improvement (issue 10;
catalogue E36 Clay Roof, E37 Clay Supports, E200 Conservator, E15 Baking Tray; seed 000 L754,
L690, L906).

The printed way stays choice 0; the others are listed as ``"pay": i`` on ``build_room``, on the
placement on a renovation space, on ``card_renovate``, ``build_major``, ``card_major`` and
``play_minor`` (``farm.ALTERNATIVES``).
"""

from __future__ import annotations

from ..extension import of_farm
from ..farm import room_cost
from ..statetypes import Farm
from ..tables import BUILDING_RESOURCES
from . import engine

#: E37 Clay Supports: a clay-hut room may cost 2 clay, 1 wood and 1 reed (a new base cost).
CLAY_SUPPORTS = {"clay": 2, "wood": 1, "reed": 1}
#: E36 Clay Roof: up to this much reed may be paid with as much clay.
CLAY_ROOF_REED = 2


def _clay_for_reed(cost: dict, most: int) -> list[dict]:
    out = []
    for k in range(1, min(most, cost.get("reed", 0)) + 1):
        swapped = dict(cost, reed=cost["reed"] - k, clay=cost.get("clay", 0) + k)
        out.append({g: n for g, n in swapped.items() if n})
    return out


def room_alternatives(farm: Farm, costs: list[dict]) -> list[dict]:
    cards = farm.get("cards", [])
    out = list(costs)
    if "E37" in cards and farm["house"] == "clay":
        out.append(room_cost(farm, CLAY_SUPPORTS))
    if "E36" in cards:
        out += [c for cost in list(out) for c in _clay_for_reed(cost, CLAY_ROOF_REED)]
    return out[len(costs) :]


def renovation_alternatives(farm: Farm, options: list[tuple[str, dict]]) -> list[tuple]:
    cards = farm.get("cards", [])
    out = list(options)
    if "E200" in cards and farm["house"] == "wood":
        # straight to stone at the usual price (L906: 1 reed and 1 stone per room), with the
        # renovation discounts of the seat's cards (Stonecutter E211, Thatcher E157, Renovator
        # E199; L906 excludes only the K deck's Stone Breaker K303, whose renovation at any
        # time is not offered beside this one: cards/any_time_renovation.py); card sets 1-4
        # applied no discount
        cost = {"stone": len(farm["rooms"]), "reed": 1}
        if engine.effect("E200", farm).get("discounted"):
            for hook in of_farm(farm).costs["renovation"]:
                cost = hook(farm, cost)
        out.append(("stone", cost))
    if "E36" in cards:
        out += [
            (target, c) for target, cost in list(out) for c in _clay_for_reed(cost, CLAY_ROOF_REED)
        ]
    return out[len(options) :]


#: E15 Baking Tray: the ovens that cost its holder 1 building resource less, of its choice
#: (the Clay and Stone Ovens, and the Wood-fired Oven E27; catalogue E15).
TRAY_OVENS = ("clay_oven", "stone_oven", "E27")


def improvement_alternatives(farm: Farm, improvement: str, costs: list[dict]) -> list[dict]:
    """E15: each way to pay for one of :data:`TRAY_OVENS`, less 1 of one of its building
    resources (each resource in it is one choice)."""
    if "E15" not in farm.get("cards", []) or improvement not in TRAY_OVENS:
        return []
    out = []
    for cost in costs:
        for good in BUILDING_RESOURCES:
            if cost.get(good):
                less = {g: n - (g == good) for g, n in cost.items()}
                less = {g: n for g, n in less.items() if n}
                if less not in costs and less not in out:
                    out.append(less)
    return out
