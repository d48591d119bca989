"""E-deck cards about animals (catalogue numbers in ``data/occupations.csv``): goods kept on a
card (Brush Maker E156), more newborns (Shepherd E203), mixed pastures (Animal Keeper E216),
borrowed animals (Tenant Farmer E215).

Goods a card keeps are taken out of the general supply and stay on the card
(``farm["held"][card]``), where they count for the card and for nothing else (seed 000 L988).
"""
from __future__ import annotations

from domain.common.housing import ANIMALS

from . import engine
from .engine import card

# -- goods kept on a card ------------------------------------------------------------------------


def held(farm: dict, card_id: str) -> dict[str, int]:
    """Goods lying on ``card_id`` of this farm."""
    return farm.get("held", {}).get(card_id, {})


def _brush_maker(b, seat, event, card_id):
    """E156 (seed 000 L988): each wild boar the seat cooks goes onto the card."""
    if event.type == "GoodsConverted" and event.data.get("good") == "boar":
        b.emit("CardHolds", {"card": card_id, "goods": {"boar": 1}}, seat)


def _brush_maker_points(state: dict, seat: int) -> int:
    boar = held(state["farms"][seat], "E156").get("boar", 0)
    return 0 if boar < 2 else min(3, boar - 1)


# -- breeding and housing ------------------------------------------------------------------------

def newborns(farm: dict, born: dict[str, int]) -> dict[str, int]:
    """Breeding as the farm's cards change it (effect ``newborns``); newborns that do not fit
    run away as usual (digest §6.4)."""
    for card_id in farm.get("cards", []):
        change = engine.effect(card_id).get("newborns")
        if change:
            born = change(farm, born)
    return born


def _shepherd(farm: dict, born: dict[str, int]) -> dict[str, int]:
    """E203: with 4 or more sheep at breeding, 2 lambs instead of 1."""
    return dict(born, sheep=2) if farm["animals"]["sheep"] >= 4 else born


# -- borrowed animals ----------------------------------------------------------------------------

def _tenant_farmer(state: dict, seat: int) -> int:
    """E215 (seed 000 L802): before scoring the seat gives back 1 sheep, 1 wild boar and 1
    cattle; each one it does not give back costs 1 point (nothing with the Yeoman Farmer E165).
    The seat is assumed to give back exactly the animals whose return costs it fewer points;
    the card's points are the difference that makes to the sheet."""
    from itertools import product
    from ..scoring import score_farm
    farm = state["farms"][seat]
    fine = 0 if "E165" in farm.get("cards", ()) else 1
    base = score_farm(farm)[0]
    best = None
    for returned in product((0, 1), repeat=len(ANIMALS)):
        animals = dict(farm["animals"])
        if any(animals[a] < r for a, r in zip(ANIMALS, returned)):
            continue
        for a, r in zip(ANIMALS, returned):
            animals[a] -= r
        kept = len(ANIMALS) - sum(returned)
        delta = score_farm({**farm, "animals": animals})[0] - base - fine * kept
        best = delta if best is None else max(best, delta)
    return best


# E156 Brush Maker (3+): cooked wild boar go on this card; 2/3/4+ there -> 1/2/3 bonus points.
card("E156", after=_brush_maker, bonus=_brush_maker_points)
# E203 Shepherd (4+): breeding with 4+ sheep gives 2 lambs.
card("E203", newborns=_shepherd)
# E215 Tenant Farmer (4+): borrow 1 sheep, 1 wild boar, 1 cattle; give them back at the end or
# lose 1 point each (see ``_tenant_farmer``).
card("E215", animals={"sheep": 1, "boar": 1, "cattle": 1}, bonus=_tenant_farmer)
# E216 Animal Keeper (4+): pastures may hold mixed animal types (``hooks.housing``).
card("E216", housing={"mixed": True})
