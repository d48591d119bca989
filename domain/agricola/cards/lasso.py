"""Two people placed one after the other (issue 23 item 3; catalogue I88 Lasso; seed 000 L582).

``lasso``: "You can place exactly two people immediately after one another, if at least one of
them uses the '1 Wild Boar', '1 Cattle' or '1 Sheep' action space" (S1). Seed 000 L582: never
more than two in one turn, but as often in a round as the seat has people; after the pair, the
turn goes on as usual.

Decision IM-23: the seat says so before the first of the two placements, on its turn
(``{"type": "card_lasso", "card": "I88"}``, with 2 people at home and one of those spaces
free). When that person's action ends the turn comes straight back to the seat
(``TurnPassed``) for the second placement; if the first went elsewhere, the second must go to
one of the three spaces (``Extension.place_limits``). If the second cannot be placed so, the
pair lapses and the turn passes on. The 5-player "1 Sheep / 1 Boar / 1 Cattle" card is not one
of the three spaces (digest §10.2 item 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..placement import has_legal_placement
from ..statetypes import Farm
from . import engine
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

#: The three animal spaces the pair must include.
ANIMAL_SPACES = ("sheep", "boar", "cattle")
FIRST, SECOND = "first", "second"


def _cards(farm: Farm) -> list[str]:
    return [c for c in farm.get("cards", []) if engine.effect(c, farm).get("lasso")]


def _free(state: dict) -> bool:
    return any(
        s in state["spaces"] and state["spaces"][s]["occupant"] is None for s in ANIMAL_SPACES
    )


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    if (
        state["phase"] != "work"
        or state.get("turn") != seat
        or state["pending"][seat] is not None
        or farm["home"] < 2
        or not _free(state)
    ):
        return []
    return [
        {"type": "card_lasso", "card": c} for c in _cards(farm) if not farm["card_state"].get(c)
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"use {card_name(move['card'])}",
            reason="it is used on the seat's turn, before a placement, with 2 people at home "
            "and a sheep, wild boar or cattle space free",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    value = {"pair": FIRST, "animal": False}
    b.emit("CardStateSet", {"card": move["card"], "value": value}, seat)


def after_any(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """Follow the pair through the owner's placements and turn changes."""

    if event is None:
        return
    mark = b.state["farms"][owner]["card_state"].get(card_id)
    if not isinstance(mark, dict):
        return
    if event.type == "PeopleReturned":  # the work phase is over: the pair lapses
        b.emit("CardStateSet", {"card": card_id, "value": None}, owner)
        return
    if event.seat != owner:
        return
    if event.type == "PersonPlaced" and event.data.get("space") in ANIMAL_SPACES:
        b.emit("CardStateSet", {"card": card_id, "value": dict(mark, animal=True)}, owner)
    elif event.type in ("TurnPassed", "PeopleIdle") and mark["pair"] == FIRST:
        b.emit("CardStateSet", {"card": card_id, "value": dict(mark, pair=SECOND)}, owner)
        if b.state["farms"][owner]["home"] >= 1 and has_legal_placement(b.state, owner):
            b.emit("TurnPassed", {"to": owner, "card": card_id}, owner)
        else:
            b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)
    elif event.type in ("TurnPassed", "PeopleIdle") and mark["pair"] == SECOND:
        if event.data.get("card") != card_id:
            b.emit("CardStateSet", {"card": card_id, "value": None}, owner)


def place_limit(state: dict, seat: int, space_id: str) -> str | None:
    """The second of the pair goes to an animal space unless the first did (the mark is read
    first: this runs for every candidate placement)."""
    if space_id in ANIMAL_SPACES:
        return None
    farm = state["farms"][seat]
    for card_id, mark in farm["card_state"].items():
        if (
            isinstance(mark, dict)
            and mark.get("pair") == SECOND
            and not mark["animal"]
            and card_id in _cards(farm)
        ):
            return "the second person of the Lasso's pair goes to a sheep, boar or cattle space"
    return None


#: Button text of the move (``Extension.labels``, through ``cards/labels.py``).
LABELS = {
    "card_lasso": lambda s, m: (
        "Place two people one after the other (Lasso; one of them on a sheep, boar or cattle space)"
    ),
}
