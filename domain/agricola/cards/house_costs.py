"""I-deck occupations that change what building costs (issue 23 item 3; catalogue I220 Well
Builder, I241 Clay Plasterer, I243 Bricklayer; seed 000 L818, L986; decisions in
docs/rules/cards-i-occupations.md).

* The Clay Plasterer sets a new base price (seed 000 L986): a clay-hut room 3 clay + 2 reed,
  the renovation from the wooden hut to the clay hut 1 clay + 1 reed; it runs before the
  cost hooks of the E deck (``hooks.room_cost``, ``hooks.renovation_cost``), so the cards that
  *change* a price (Bricklayer, Renovator, Thatcher …) apply to the new base.
* The Bricklayer changes prices: 1 clay less for every improvement and renovation (effect
  ``stone_less``, the engine's window for cards that lower any building price), 2 less for a
  room (the second one here, after the other room hooks).
* The Well Builder: the Well may be taken as the seat's minor improvement (``major_as_minor``,
  ``major_paid``) and costs it 1 wood + 1 stone wherever it builds it (an alternative price).
"""

from __future__ import annotations

from ..farm import major_cost
from ..statetypes import Farm

PLASTERER = "I241"
BRICKLAYER = "I243"
WELL_BUILDER = "I220"
PLASTER_ROOM = {"clay": 3, "reed": 2}
PLASTER_RENOVATION = {"clay": 1, "reed": 1}
WELL_PRICE = {"wood": 1, "stone": 1}


def _less_clay(cost: dict, n: int) -> dict:
    return dict(cost, clay=max(0, cost["clay"] - n)) if cost.get("clay") else cost


def bricklayer_less(farm: Farm, cost: dict) -> dict:
    """I243 (``stone_less``): "Pay 1 less clay for each improvement and renovation"."""
    return _less_clay(cost, 1)


def plaster_room(farm: Farm, cost: dict) -> dict:
    """I241: "Each room of your clay hut costs you 3 clay and 2 reeds" (the new base)."""
    if PLASTERER in farm.get("cards", ()) and farm["house"] == "clay" and "clay" in cost:
        cost = {g: min(n, PLASTER_ROOM.get(g, n)) for g, n in cost.items()}
    return cost


def bricklayer_room(farm: Farm, cost: dict) -> dict:
    """I243: "Pay 2 less clay for each room" (1 of them through ``bricklayer_less``)."""
    return _less_clay(cost, 1) if BRICKLAYER in farm.get("cards", ()) else cost


def plaster_renovation(farm: Farm, cost: dict) -> dict:
    """I241: "Renovating your wooden hut to a clay hut costs you only 1 clay and 1 reeds"."""
    if PLASTERER in farm.get("cards", ()) and farm["house"] == "wood" and "clay" in cost:
        cost = {g: min(n, PLASTER_RENOVATION.get(g, n)) for g, n in cost.items()}
    return cost


def well_builder(farm: Farm, improvement: str, costs: list[dict]) -> list[dict]:
    """I220: "For you, the Well is now a minor improvement and costs only 1 stone and 1 wood"
    (as the seat's other cards change a price: Stonecutter E211)."""
    if improvement != "well" or WELL_BUILDER not in farm.get("cards", ()):
        return []

    return [major_cost(farm, dict(WELL_PRICE))]
