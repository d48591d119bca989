"""A field phase after each round without a harvest (issue 23 item 3; catalogue I92 Manure;
seed 000 L660; digest §6.5 "special harvest effects").

``manure``: "At the end of each round that does not end with a harvest, you can take 1 grain or
vegetable from each of your fields and place it in your personal supply" (S1). Seed 000 L660:
it is a field phase of the harvest after every round; the seat takes from all its fields at
once or not at all; the cards that give food in a real harvest's field phase (Milking Shed,
Spindle, Butter Churn, …) do not act in it.

Decision IM-18: the round's end and the next round's start are one moment for the fields (no
card acts on them in phase 1), so the offer opens at the start of the round after a round
without a harvest and lasts until the seat next places a person (as the Master Baker's offer,
decision K-11): ``{"type": "card_harvest", "card": "I92"}``. It takes 1 crop from each sown
farmyard field and each card field sown with grain or vegetables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..statetypes import Farm
from ..tables import HARVEST_ROUNDS
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

OPEN = "open"
_CROPS = ("grain", "vegetable")


def round_start(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """The round before ended without a harvest: the seat may harvest its fields."""
    if round_no > 1 and round_no - 1 not in HARVEST_ROUNDS:
        b.emit("CardStateSet", {"card": card_id, "value": OPEN}, seat)


def lapses(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """The offer ends with the owner's next placement."""
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.seat == owner
        and b.state["farms"][owner]["card_state"].get(card_id) == OPEN
    ):
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def _sown(farm: Farm) -> tuple[list[dict], list[dict]]:
    fields = [f for f in farm["fields"] if f.get("crop") in _CROPS and f.get("count")]
    cards = [f for f in farm.get("card_fields", []) if f.get("crop") in _CROPS and f.get("count")]
    return fields, cards


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    if state["phase"] != "work" or state.get("turn") != seat or state["pending"][seat]:
        return []
    fields, cards = _sown(farm)
    if not (fields or cards):
        return []
    return [
        {"type": "card_harvest", "card": c}
        for c in farm.get("cards", [])
        if farm["card_state"].get(c) == OPEN
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"harvest with {card_name(move['card'])}",
            reason="it harvests after a round without a harvest, before the seat's next "
            "placement, fields with crops on them",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    fields, cards = _sown(farm)
    b.emit("CardStateSet", {"card": move["card"], "value": None}, seat)
    if fields:
        b.emit(
            "FieldsHarvested",
            {
                "spaces": [f["space"] for f in fields],
                "grain": sum(1 for f in fields if f["crop"] == "grain"),
                "vegetable": sum(1 for f in fields if f["crop"] == "vegetable"),
                "card": move["card"],
            },
            seat,
        )
    if cards:
        goods: dict[str, int] = {}
        for f in cards:
            goods[f["crop"]] = goods.get(f["crop"], 0) + 1
        b.emit(
            "CardFieldsHarvested",
            {"cards": [f["card"] for f in cards], "goods": goods, "fresh": []},
            seat,
        )


#: Button text of the move (``Extension.labels``, through ``cards/labels.py``).
LABELS = {
    "card_harvest": lambda s, m: "Take 1 crop from each of your sown fields (Manure)",
}
