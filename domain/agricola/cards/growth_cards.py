"""Family growth a card offers after rooms are built (issue 23 item 3; catalogue K270 Wet
Nurse, effect ``growth_per_room``; seed 000 L826).

Each room the seat builds (``RoomBuilt``) is worth one growth for ``growth_per_room`` food,
while the seat has a free room for the newborn; the newborn joins the person standing on the
space where the rooms were built and acts from the next round (L826). The seat takes them with
``{"type": "card_growth", "card": "K270"}`` whenever it may convert goods, until it places its
next person or the round's work phase ends (decision K-OCC-13); ``card_state["K270/rooms"]``
counts the growths left and ``card_state["K270/space"]`` names the space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..conversions import conversions_open
from ..errors import StepNotExpected
from ..farm import growth_problem
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def _key(card_id: str, what: str) -> str:
    return f"{card_id}/{what}"


def _space_of(state: dict, seat: int) -> str | None:
    pending = state["pending"][seat]
    if pending and pending.get("space") in state["spaces"]:
        return pending["space"]
    placed = [s for s, sp in state["spaces"].items() if sp.get("occupant") == seat]
    return placed[-1] if placed else None


def after_rooms(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """``after_any``: a room of the seat's adds a growth; its next placement or the end of the
    work phase ends the offer."""
    if event is None:
        return
    farm = b.state["farms"][seat]
    left = farm["card_state"].get(_key(card_id, "rooms"), 0)
    if event.type == "RoomBuilt" and event.seat == seat:
        space = _space_of(b.state, seat)
        if space is None:
            return
        b.emit(
            "CardStateSet",
            {"card": card_id, "key": _key(card_id, "rooms"), "value": left + 1},
            seat,
        )
        b.emit(
            "CardStateSet", {"card": card_id, "key": _key(card_id, "space"), "value": space}, seat
        )
    elif left and (
        event.type == "PeopleReturned" or (event.type == "PersonPlaced" and event.seat == seat)
    ):
        b.emit("CardStateSet", {"card": card_id, "key": _key(card_id, "rooms"), "value": 0}, seat)


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    out = []
    for card_id in farm.get("cards", []):
        price = engine.effect(card_id, farm).get("growth_per_room")
        if (
            price is not None
            and farm["card_state"].get(_key(card_id, "rooms"))
            and farm["supply"]["food"] >= price
            and growth_problem(farm, needs_room=True) is None
            and conversions_open(state, seat) is None
        ):
            out.append({"type": "card_growth", "card": card_id})
    return out


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="grow the family with the card",
            reason="it needs a room just built, a free room for the newborn and the food",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    farm = b.state["farms"][seat]
    left = farm["card_state"][_key(card_id, "rooms")]
    price = engine.effect(card_id, farm)["growth_per_room"]
    b.emit(
        "CardStateSet", {"card": card_id, "key": _key(card_id, "rooms"), "value": left - 1}, seat
    )
    if price:
        b.emit("CardGoods", {"card": card_id, "goods": {"food": -price}}, seat)
    b.emit(
        "FamilyGrew",
        {
            "space": farm["card_state"][_key(card_id, "space")],
            "without_room": False,
            "family": farm["family"] + 1,
            "card": card_id,
        },
        seat,
    )


HANDLERS = {"card_growth": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {"card_growth": ({"card": str}, {})}
