"""K-deck minor improvements that answer an animal turned into food (catalogue K109 Spit Roast,
K339 Pelts; seed 000 L756; decisions KM-04, KM-06 in docs/rules/cards-k-minors.md): the entries'
``after`` hooks (own events, ``hooks.after_move``) and the Pelts' ``converts_dynamic``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..statetypes import Farm

if TYPE_CHECKING:
    from ..builder import Builder

_ANIMALS = ("sheep", "boar", "cattle")


def animals_cooked(event: Any) -> int:
    """Animals the seat turned into food in this event (cooked, or converted by a card)."""
    if event.type == "GoodsConverted" and event.data.get("good") in _ANIMALS:
        return event.data.get("count", 1)
    if event.type == "CardConverted" and event.data.get("gain", {}).get("food"):
        return sum(event.data.get("pay", {}).get(a, 0) for a in _ANIMALS)
    return 0


def spit_roast(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K109 (KM-04): 1 food once per feeding phase in which the seat turns an animal into
    food."""
    state = b.state
    if state["phase"] != "harvest_feeding" or not animals_cooked(event):
        return
    if state["farms"][seat]["card_state"].get(card_id) == state["round"]:
        return
    note = "used in this feeding phase"
    b.emit("CardStateSet", {"card": card_id, "value": state["round"], "note": note}, seat)
    b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)


_PELTS_OWED = "K339/owed"


def pelts_owed(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K339: each animal turned into food lets the seat lay 1 food in a room; the chance lasts
    until the seat's next placement (K-11, KM-06)."""
    card_state = b.state["farms"][seat]["card_state"]
    owed = card_state.get(_PELTS_OWED, 0)
    if event.type == "CardConverted" and event.data.get("card") == card_id:
        owed -= 1
    elif event.type == "PersonPlaced":
        owed = 0
    else:
        owed += animals_cooked(event)
    if owed != card_state.get(_PELTS_OWED, 0):
        note = f"{owed} food may still go into a room" if owed else "no food goes into a room now"
        b.emit(
            "CardStateSet",
            {"card": card_id, "key": _PELTS_OWED, "value": owed, "note": note},
            seat,
        )


def pelts_options(farm: Farm) -> list[tuple[dict, dict]]:
    card_state = farm["card_state"]
    if (
        card_state.get(_PELTS_OWED, 0) > 0
        and card_state.get("K339", 0) < len(farm["rooms"])
        and farm["supply"]["food"] >= 1
    ):
        return [({"food": 1}, {})]
    return []
