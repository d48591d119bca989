"""Cards that let wood stand in for other building resources of a room or a renovation (issue 23
item 3; catalogue K272 Frame Builder, K294 Brushwood Collector; seed 000 L972, L918): more ways
to pay, listed with the printed one (``payments.py`` describes the ``pay`` index), from the
effect keys

* ``frame``: ``{"room": n, "renovation": m}``: exactly ``n`` clay or ``n`` stone of a room
  (``m`` of a renovation) replaced with 1 wood (Frame Builder: 2 and 1);
* ``brushwood``: all the reed of a room or a renovation replaced with 1 wood in total.

Both cards of one seat combine on the same room. Several rooms built at once are paid one by
one, each with its own ``pay``, so a card may change all or only some of them (L918, L972)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..statetypes import Farm
from . import engine


def _variants(farm: Farm, cost: dict, kind: str) -> list[dict]:
    out = [cost]
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        swaps: list[Callable[[dict], list[dict]]] = []
        n = eff.get("frame", {}).get(kind)
        if n:
            swaps.append(partial(_frame, n=n))
        if eff.get("brushwood"):
            swaps.append(_brushwood)
        for swap in swaps:
            out += [v for c in list(out) for v in swap(c) if v not in out]
    return out[1:]


def _frame(cost: dict, n: int) -> list[dict]:
    out = []
    for good in ("clay", "stone"):
        if cost.get(good, 0) >= n:
            new = dict(cost, **{good: cost[good] - n})
            new["wood"] = new.get("wood", 0) + 1
            out.append({g: k for g, k in new.items() if k})
    return out


def _brushwood(cost: dict) -> list[dict]:
    if not cost.get("reed"):
        return []
    new = dict(cost, reed=0)
    new["wood"] = new.get("wood", 0) + 1
    return [{g: k for g, k in new.items() if k}]


def room_alternatives(farm: Farm, costs: list[dict]) -> list[dict]:
    out: list[dict] = []
    for cost in costs:
        out += [v for v in _variants(farm, cost, "room") if v not in costs + out]
    return out


def renovation_alternatives(farm: Farm, options: list[tuple[str, dict]]) -> list[tuple]:
    out: list[tuple] = []
    for target, cost in options:
        out += [
            (target, v)
            for v in _variants(farm, cost, "renovation")
            if (target, v) not in options + out
        ]
    return out
