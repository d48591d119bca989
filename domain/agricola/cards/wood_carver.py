"""K301 Wood Carver (1+): "In each round, you pay 1 wood less for one of the following: an
improvement, a room of a wooden hut, a stable or a fence" (S1); seed 000 L908: at most once a
round (a wood on the card as a reminder). Decision K-OCC-23 in docs/rules/cards-k-occupations.md.

The seat chooses which purchase of the round gets the wood off: wherever it pays, the price 1
wood lower is one more way to pay, beside the usual ones, while the card is unused this round:

* a room of a wooden hut and an improvement (major or minor): the windows ``alternatives``
  (``room``, ``improvement``), chosen with the move's ``pay`` as any other way to pay;
* a stable and the fences of one pasture: the windows ``stable_choices`` and ``fence_choices``
  (``build_stable`` / ``close_pasture`` with ``pay``: 1); the fences' capacity counts the free
  wood (``fence_capacity``), so a pasture one wood short may be drawn.

A price only the Wood Carver makes marks the card used (``CardStateSet`` "used", public) until
the next round starts. A purchase whose price has no wood, or another card's price, does not use
it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import Bind, CardModule
from ..farm import major_costs, room_costs
from ..statetypes import Farm
from .play import minor_costs

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "K301"
USED = "used"


def _ready(farm: Farm) -> bool:
    return CARD in farm.get("cards", ()) and farm["card_state"].get(CARD) != USED


def _less(cost: dict) -> dict | None:
    """``cost`` with 1 wood less (None if it has no wood)."""
    if cost.get("wood", 0) < 1:
        return None
    less = {**cost, "wood": cost["wood"] - 1}
    return {g: n for g, n in less.items() if n}


def _cheaper(costs: list[dict]) -> list[dict]:
    out: list[dict] = []
    for cost in costs:
        less = _less(cost)
        if less is not None and less not in costs and less not in out:
            out.append(less)
    return out


def room_alternatives(farm: Farm, costs: list[dict]) -> list[dict]:
    """``alternatives["room"]``: a room of a wooden hut, 1 wood less."""
    return _cheaper(costs) if _ready(farm) and farm["house"] == "wood" else []


def improvement_alternatives(farm: Farm, improvement: str, costs: list[dict]) -> list[dict]:
    """``alternatives["improvement"]``: a major or minor improvement, 1 wood less."""
    return _cheaper(costs) if _ready(farm) else []


def stable_choices(farm: Farm, cost: dict) -> list[tuple[str, dict]]:
    """``stable_choices``: a stable, 1 wood less."""
    less = _less(cost) if _ready(farm) else None
    return [] if less is None else [(CARD, less)]


def fence_choices(farm: Farm, needed: int, wood: int) -> list[tuple[str, int]]:
    """``fence_choices``: the fences of one pasture, 1 wood less."""
    return [(CARD, wood - 1)] if _ready(farm) and wood >= 1 else []


def fence_capacity(farm: Farm, capacity: int) -> int:
    """``fence_capacity``: one fence more than the wood at hand pays for."""
    return capacity + 1 if _ready(farm) else capacity


def _used_price(farm: Farm, event: Any) -> bool:
    """Whether the owner's purchase ``event`` paid the Wood Carver's price: 1 wood less than
    one of the ways to pay without the card, and none of them (read right after the purchase:
    the same ways as before it)."""
    d = event.data
    if event.type in ("StableBuilt", "PastureFenced"):
        return d.get("card") == CARD
    without = farm.copy()
    without["card_state"] = {**farm["card_state"], CARD: USED}
    if event.type == "RoomBuilt" and farm["house"] == "wood":
        usual = room_costs(without)
    elif event.type == "MajorBuilt" and not d.get("returned"):
        usual = major_costs(without, d["major"])
    elif event.type == "MinorPlayed":
        usual = minor_costs(without, d["card"])
    else:
        return False
    cost = {g: n for g, n in (d.get("cost") or {}).items() if n}
    return cost not in usual and cost in _cheaper(usual)


def watch(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """``after_any``: a price only the card offers uses it for the round."""
    if event is None or event.seat != owner:
        return
    if event.type not in ("RoomBuilt", "MajorBuilt", "MinorPlayed", "StableBuilt", "PastureFenced"):
        return
    farm = b.state["farms"][owner]
    if _ready(farm) and _used_price(farm, event):
        note = "1 wood less paid; used for this round"
        b.emit("CardStateSet", {"card": CARD, "value": USED, "note": note}, owner)


def new_round(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """``round_start``: the card is ready again."""
    if b.state["farms"][seat]["card_state"].get(CARD) == USED:
        note = "ready again this round"
        b.emit("CardStateSet", {"card": CARD, "value": None, "note": note}, seat)


#: The Wood Carver's prices in the cost windows.
MODULE = CardModule(
    "wood_carver",
    cards=frozenset({CARD}),
    binds=(
        Bind("alternatives", room_alternatives, key="room"),
        Bind("alternatives", improvement_alternatives, key="improvement"),
        Bind("stable_choices", stable_choices),
        Bind("fence_choices", fence_choices),
        Bind("fence_capacity", fence_capacity),
    ),
)
