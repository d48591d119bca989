"""Family growth a card offers after rooms are built (issue 23 item 3; catalogue K270 Wet
Nurse, effect ``growth_per_room``; seed 000 L826).

Each room the seat builds (``RoomBuilt``) is worth one growth for ``growth_per_room`` food,
while the seat has a free room for the newborn; the newborn joins the person standing on the
space where the rooms were built and acts from the next round (L826). The seat takes them with
``{"type": "card_growth", "card": "K270"}`` whenever it may convert goods, until it places its
next person or the round's work phase ends (decision K-OCC-13); ``card_state["K270/rooms"]``
counts the growths left and ``card_state["K270/space"]`` names the space.

Card set 8 (issue 38, K-OCC-29; the entry's ``offer_step``): the growth is a step of the
rooms action itself (``extra_steps``, :func:`step_open`): the action does not end by itself
while a growth can be taken, so the seat whose last person builds the room is still asked; it
takes the growth (the action then ends if nothing else is left) or declines with ``done``. The
offer lapses when the seat's turn passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..builder import seat_params
from ..conversions import conversions_open
from ..errors import StepNotExpected
from ..farm import growth_problem
from ..steps import settle
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
    if (
        event.type == "PersonPlaced"
        and event.seat == seat
        and engine.effect(card_id, farm).get("offer_step")
    ):
        _set(b, seat, card_id, "base", len(farm["rooms"]))  # rooms before this action
        _set(b, seat, card_id, "grown", 0)
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
        event.type == "PeopleReturned"
        or (event.type == "PersonPlaced" and event.seat == seat)
        or (
            event.type == "TurnPassed"
            and event.seat == seat
            and engine.effect(card_id, farm).get("offer_step")
        )
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
            what=NP_("error part", "grow the family with the card"),
            reason=NP_(
                "error part", "it needs a room just built, a free room for the newborn and the food"
            ),
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
    if engine.effect(card_id, farm).get("offer_step") and b.state["pending"][seat] is not None:
        grown = farm["card_state"].get(_key(card_id, "grown"), 0) + 1
        _set(b, seat, card_id, "grown", grown)
        settle(b, seat)  # a step of the rooms action: it ends if nothing else is left


def _set(b: Builder, seat: int, card_id: str, what: str, value: int) -> None:
    if b.state["farms"][seat]["card_state"].get(_key(card_id, what)) != value:
        b.emit("CardStateSet", {"card": card_id, "key": _key(card_id, what), "value": value}, seat)


def step_open(state: dict, seat: int) -> bool:
    """``extra_steps`` (card set 8): a growth the seat can take for a room built in its action
    in progress keeps the action open (rooms built since its placement, less growths taken;
    read from the farm, since the room's own move settles before the card counts it)."""
    if state["phase"] != "work" or state["pending"][seat] is None:
        return False
    farm = state["farms"][seat]
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        base = farm["card_state"].get(_key(card_id, "base"))
        if not eff.get("offer_step") or eff.get("growth_per_room") is None or base is None:
            continue
        due = len(farm["rooms"]) - base - farm["card_state"].get(_key(card_id, "grown"), 0)
        if (
            due > 0
            and farm["supply"]["food"] >= eff["growth_per_room"]
            and growth_problem(farm, needs_room=True) is None
        ):
            return True
    return False


HANDLERS = {"card_growth": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {"card_growth": ({"card": str}, {})}
