"""People who live on a card instead of in the house (catalogue K138 Reed Hut: "Place one
family member token that you have not yet brought into the game onto this card, where it will
live for the rest of the game. It can take actions and must be fed, but it is not worth any
points while living in the Reed Hut"; seed 000 L740: it does not count when the family plans a
growth, i.e. it needs no room).

An entry's ``dwellers`` is the number of the seat's people living on the card; they are left out
of the people a family growth needs rooms for (``Extension.outside_rooms``, read by
``farm.growth_problem``). The person joins the family when the card is played
(:func:`move_in`), as a newborn of that round (``FamilyGrew``: it eats 1 food in a harvest of that
round and takes actions from the next round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..statetypes import Farm
from ..tables import MAX_FAMILY
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def outside_rooms(farm: Farm) -> int:
    return sum(engine.effect(c, farm).get("dwellers", 0) for c in farm.get("cards", []))


def move_in(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """On play (``round_check``): the family grows by the card's person, needing no room."""
    if event is not None:
        return
    farm = b.state["farms"][owner]
    pending = b.state["pending"][owner]
    b.emit(
        "FamilyGrew",
        {
            "space": pending["space"],
            "without_room": True,
            "family": farm["family"] + 1,
            "card": card_id,
        },
        owner,
    )


def room_for_one(state: dict, seat: int) -> str | None:
    """A family member token is left to bring into the game (at most 5 people)."""
    if state["farms"][seat]["family"] >= MAX_FAMILY:
        return "every family member token is already in the game"
    return None
