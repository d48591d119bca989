"""Cards that take reed off the price of a home or of some improvements (issue 23 item 3;
catalogue I91 Ladder, I99 Straw-thatched Roof; digest §10.2 item 6).

* ``reed_free_home``: rooms and renovations need no reed (I99: "You no longer need reed when
  you extend or renovate your home"). Improvements keep their reed (seed 000 L614: the roofs do
  not change the Holiday House's price).
* ``reed_off``: 1 reed less for each room and each renovation (every room of several built at
  once, seed 000 L650), and for the improvements it names (I91), offered as another way to pay
  the improvement (``Extension.alternatives["improvement"]``).

The hooks run after the base-cost and reduction cards of ``hooks.room_cost`` /
``hooks.renovation_cost`` (digest §10.2 item 6: base cost, then modifiers).
"""

from __future__ import annotations

from ..extension import of_farm
from ..statetypes import Farm


def _effects(farm: Farm) -> list[dict]:
    """The effects of the seat's cards that change reed (one extension lookup)."""
    effects = of_farm(farm).effects
    return [
        e
        for e in (effects.get(c) for c in farm.get("cards", ()))
        if e and ("reed_off" in e or "reed_free_home" in e)
    ]


def _reed(farm: Farm, cost: dict) -> dict:
    if not cost.get("reed"):
        return cost
    reed = cost["reed"]
    for eff in _effects(farm):
        if eff.get("reed_free_home"):
            reed = 0
        reed = max(0, reed - (1 if eff.get("reed_off") else 0))
    return dict(cost, reed=reed)


def room_cost(farm: Farm, cost: dict) -> dict:
    return _reed(farm, cost)


def renovation_cost(farm: Farm, cost: dict) -> dict:
    return _reed(farm, cost)


def improvement_alternatives(farm: Farm, improvement: str, costs: list[dict]) -> list[dict]:
    """The named improvements' prices with 1 reed less per ``reed_off`` card."""
    off = sum(1 for eff in _effects(farm) if improvement in eff.get("reed_off", ()))
    out = []
    for cost in costs if off else ():
        if cost.get("reed"):
            less = {g: n for g, n in dict(cost, reed=max(0, cost["reed"] - off)).items() if n}
            if less not in costs and less not in out:
                out.append(less)
    return out
