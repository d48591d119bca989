"""Playing an occupation from the hand in answer to another player's occupation, for food
(issue 23 item 3; catalogue K271 Educator, effect ``answer_occupation`` = (food, food from the
seat's 4th occupation); seed 000 L894).

Each occupation another seat plays gives the holder one answer (two occupations in one action,
two answers: L894). As with the Chief's Daughter (``reactions.py``, decision K-11) the engine
never interrupts another seat's action: the holder answers when it is next asked to place a
person, before placing, with ``{"type": "card_answer", "card": "K275"}`` naming the occupation
from its hand; its next placement ends the answers left (``card_state["K271/answers"]``). The
Patron's food comes before the price (the Patron E192 pays for every occupation played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import affordable
from . import engine
from .catalogue import CARDS
from .common import hand, offers
from .occupation_play import patron_food
from .play import on_play

if TYPE_CHECKING:
    from ..builder import Builder


def _key(card_id: str) -> str:
    return f"{card_id}/answers"


def after_occupation(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """``after_any``: another seat's occupation adds an answer; the holder's next placement or
    the end of the work phase ends them."""
    if event is None:
        return
    farm = b.state["farms"][seat]
    left = farm["card_state"].get(_key(card_id), 0)
    if event.type == "OccupationPlayed" and event.seat not in (None, seat):
        b.emit("CardStateSet", {"card": card_id, "key": _key(card_id), "value": left + 1}, seat)
    elif left and (
        event.type == "PeopleReturned" or (event.type == "PersonPlaced" and event.seat == seat)
    ):
        b.emit("CardStateSet", {"card": card_id, "key": _key(card_id), "value": 0}, seat)


def price(state: dict, seat: int, holder: str, card_id: str) -> dict:
    farm = state["farms"][seat]
    first, later = engine.effect(holder, farm)["answer_occupation"]
    food = later if engine.occupation_count(farm) >= 3 else first
    out = {"food": food}
    for good, n in CARDS[card_id]["extra_cost"].items():
        out[good] = out.get(good, 0) + n
    return out


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    if state["phase"] != "work" or state.get("turn") != seat or state["pending"][seat] is not None:
        return []
    holders = [
        c
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get("answer_occupation") and farm["card_state"].get(_key(c))
    ]
    if not holders:
        return []
    supply = dict(farm["supply"], food=farm["supply"]["food"] + patron_food(farm, reaction=True))
    return [
        {"type": "card_answer", "card": c}
        for c in hand(state, seat)["occupations"]
        if engine.play_problem(state, seat, c) is None
        and affordable(supply, price(state, seat, holders[0], c))
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="play the occupation in answer",
            reason="it answers another player's occupation, before the seat's next placement, "
            "from its hand and for the card's food",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    holder = next(
        c
        for c in farm["cards"]
        if engine.effect(c, farm).get("answer_occupation") and farm["card_state"].get(_key(c))
    )
    left = farm["card_state"][_key(holder)]
    b.emit("CardStateSet", {"card": holder, "key": _key(holder), "value": left - 1}, seat)
    patron = patron_food(farm, reaction=True)
    if patron:
        b.emit("CardGoods", {"card": "E192", "goods": {"food": patron}}, seat)
    data = {"card": move["card"], "cost": price(b.state, seat, holder, move["card"]), "space": None}
    windows = offers(b.state, seat, move["card"])
    if windows:
        data["reactions"] = windows
    b.emit("OccupationPlayed", data, seat)
    on_play(b, seat, move["card"], move)


HANDLERS = {"card_answer": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {"card_answer": ({"card": str}, {})}
