"""Cards played from the hand in answer to another player's card (issue 10; catalogue E173
Chief's Daughter: "when another player plays the Chief, you may play this at once for free").

``reacts_to="E172"`` on a card opens a window whenever another seat plays E172: every other
seat is offered it, whatever its hand holds, so the offer says nothing about hands: the window
is keyed by the public card that opened it (``{"E172": [seats]}``), never by the hidden card
that may answer it. The engine
never interrupts another seat's action (decision K-11): a seat that holds the card plays it
with ``{"type": "card_react", "card": "E173"}`` when it is next asked to place a person, before
placing it; its next placement closes the window (``state["reactions"]``, evolve).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import StepNotExpected
from . import engine
from .common import card_name, hand
from .occupation_food import give
from .occupation_play import patron_food
from .play import on_play

if TYPE_CHECKING:
    from ..builder import Builder


def reaction_moves(state: dict, seat: int) -> list[dict]:
    open_ = [c for c, seats in sorted(state.get("reactions", {}).items()) if seat in seats]
    if (
        not open_
        or state["phase"] != "work"
        or state.get("turn") != seat
        or state["pending"][seat] is not None
    ):
        return []
    held = hand(state, seat)["occupations"]
    return [
        {"type": "card_react", "card": c}
        for c in held
        if engine.effect(c, state).get("reacts_to") in open_
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in reaction_moves(state, seat):
        raise StepNotExpected(
            what=f"play {card_name(move['card'])} for free",
            reason="it is not in their hand, or no card it answers has been "
            "played by another player since their last placement",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    patron = patron_food(b.state["farms"][seat], reaction=True)
    if patron:  # E192 Patron: before the (free) occupation is played
        b.emit("CardGoods", {"card": "E192", "goods": {"food": patron}}, seat)

    give(b, seat)
    reacts_to = engine.effect(move["card"], b.state)["reacts_to"]
    b.emit(
        "OccupationPlayed",
        {"card": move["card"], "cost": {}, "space": None, "reaction": reacts_to},
        seat,
    )
    on_play(b, seat, move["card"], move)
