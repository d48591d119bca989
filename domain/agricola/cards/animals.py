"""E-deck cards about animals (catalogue numbers in ``data/occupations.csv``): goods kept on a
card (Brush Maker E156), more newborns (Shepherd E203), mixed pastures (Animal Keeper E216),
more sheep in pastures and stables (Shepherd's Pipe E29), borrowed animals (Tenant Farmer
E215).

Goods a card keeps are taken out of the general supply and stay on the card
(``farm["held"][card]``), where they count for the card and for nothing else (seed 000 L988).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from domain.common import fences as fence_rules
from domain.common.housing import ANIMALS, Housing

from ..scoring import score_farm
from ..statetypes import Farm
from ..tables import GRID
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder

# -- goods kept on a card ------------------------------------------------------------------------


def held(farm: Farm, card_id: str) -> dict[str, int]:
    """Goods lying on ``card_id`` of this farm."""
    return farm.get("held", {}).get(card_id, {})


def brush_maker_v1(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """E156 as card sets 1-4 played it: boar cooked with an improvement only."""
    if event.type == "GoodsConverted" and event.data.get("good") == "boar":
        b.emit("CardHolds", {"card": card_id, "goods": {"boar": 1}}, seat)


def brush_maker(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """E156 (seed 000 L988): each wild boar the seat converts to food goes onto the card,
    whether cooked with an improvement or converted by a card (Meat Seller E162)."""
    boar = 0
    if event.type == "GoodsConverted" and event.data.get("good") == "boar":
        boar = event.data.get("count", 1)
    elif event.type == "CardConverted" and event.data.get("gain", {}).get("food"):
        boar = event.data.get("pay", {}).get("boar", 0)
    if boar:
        b.emit("CardHolds", {"card": card_id, "goods": {"boar": boar}}, seat)


def brush_maker_points(state: dict, seat: int) -> int:
    boar = held(state["farms"][seat], "E156").get("boar", 0)
    return 0 if boar < 2 else min(3, boar - 1)


# -- breeding and housing ------------------------------------------------------------------------


def newborns(farm: Farm, born: dict[str, int]) -> dict[str, int]:
    """Breeding as the farm's cards change it (effect ``newborns``); newborns that do not fit
    run away as usual (digest §6.4)."""
    for card_id in farm.get("cards", []):
        change = engine.effect(card_id, farm).get("newborns")
        if change:
            born = change(farm, born)
    return born


def shepherd(farm: Farm, born: dict[str, int]) -> dict[str, int]:
    """E203: with 4 or more sheep at breeding, 2 lambs instead of 1."""
    return dict(born, sheep=2) if farm["animals"]["sheep"] >= 4 else born


def shepherds_pipe(farm: Farm, home: Housing) -> list[Housing] | None:
    """E29 (catalogue; seed 000 L674): each pasture holding sheep holds 2 more sheep, and each
    unfenced stable holds 2 sheep instead of 1 animal, but not the Stablemaster's (E208).

    A pasture or stable given to sheep holds sheep only, so it is a place reserved for sheep;
    the farm may give any of its pastures and stables to sheep, and the animals fit if they
    fit one such choice. With the Animal Keeper (E216) every pasture may take 2 more sheep."""
    if "E29" not in farm.get("cards", ()):
        return None

    real = fence_rules.pastures(GRID, farm["fences"])
    fenced = {s for p in real for s in p}
    stables = sum(1 for s in farm["stables"] if s not in fenced)
    if any(engine.effect(c, farm).get("housing", {}).get("stablemaster") for c in farm["cards"]):
        stables = max(0, stables - 1)
    sheep = dict(home.reserved).get("sheep", 0)
    if not home.pastures:  # mixed pastures (E216)
        sheep += 2 * len(real)
        caps, others = [], list(home.pastures)
    else:
        caps, others = sorted(home.pastures[: len(real)]), list(home.pastures[len(real) :])
    sizes = sorted(set(caps))
    choices = []
    for taken in product(*(range(caps.count(c) + 1) for c in sizes)):
        rest = [c for c, n in zip(sizes, taken) for _ in range(caps.count(c) - n)]
        to_sheep = sum((c + 2) * n for c, n in zip(sizes, taken))
        for k in range(stables + 1):
            reserved = dict(home.reserved, sheep=sheep + to_sheep + 2 * k)
            choices.append(
                Housing(tuple(rest + others), home.flexible - k, tuple(reserved.items()))
            )
    return choices


# -- borrowed animals ----------------------------------------------------------------------------


def tenant_farmer(state: dict, seat: int) -> int:
    """E215 (seed 000 L802): before scoring the seat gives back 1 sheep, 1 wild boar and 1
    cattle; each one it does not give back costs 1 point (nothing with the Yeoman Farmer E165).
    The seat is assumed to give back exactly the animals whose return costs it fewer points;
    the card's points are the difference that makes to the sheet."""

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
        returning = farm.copy()
        returning["animals"] = animals
        delta = score_farm(returning)[0] - base - fine * kept
        best = delta if best is None else max(best, delta)
    return best or 0
