"""Cards that give goods whenever their holder plays an occupation, before it pays for it
(catalogue K112 Bookshelf: "Whenever you play 1 occupation, you receive 3 food before you pay the
costs of the occupation"; seed 000 L628: with the Writing Desk E49 for each occupation, and the
Patron E192 adds its own). An entry's ``occupation_food`` is that food; it counts towards paying
for the occupation (``play.occupation_problem``) and is given, card by card, before the
``OccupationPlayed`` event, on any occupation the seat plays (an occupation action, the Writing
Desk's second, or one played in answer to another's card)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..statetypes import Farm
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def gifts(farm: Farm) -> list[tuple[str, int]]:
    """(card, food) for each of the seat's cards that gives food before an occupation."""
    return [
        (c, engine.effect(c, farm)["occupation_food"])
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get("occupation_food")
    ]


def food(farm: Farm) -> int:
    return sum(n for _, n in gifts(farm))


def give(b: Builder, seat: int) -> None:
    for card_id, n in gifts(b.state["farms"][seat]):
        b.emit("CardGoods", {"card": card_id, "goods": {"food": n}}, seat)
