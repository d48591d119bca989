"""I249 Puppeteer (4+): "Whenever another player chooses the 'Traveling players' action on an
action space, you can pay 1 food to play an occupation" (S1; seed 000 L834: only with food
already in hand, even if the occupation brings food at once).

Another player's Traveling Players opens an offer for the owner (``card_state``, one per
use). The engine never interrupts another seat's action (K-11): the owner takes it when it is
next asked to place a person, before placing, with ``{"type": "puppet_play", "card": "I249",
"occupation": "E147"}`` (1 food and the occupation's own extra cost); its next placement closes
the offers (decision I-19).

:func:`install` adds the move to a full game's extension (``cards/extension.py``; its label is
in ``cards/labels.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import affordable
from . import engine
from .catalogue import CARDS
from .common import card_name, hand, offers
from .occupation_play import patron_food
from .play import on_play

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I249"
MOVE = "puppet_play"
PRICE = {"food": 1}
TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")


def watch(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """Opens an offer when another seat takes Traveling Players; the owner's placement closes
    them."""
    if event is None:
        return
    offered = b.state["farms"][owner]["card_state"].get(card_id) or 0
    if (
        event.type == "GoodsTaken"
        and event.seat != owner
        and event.data.get("space") in TRAVELING_PLAYERS
    ):
        b.emit("CardStateSet", {"card": card_id, "value": offered + 1}, owner)
    elif event.type == "PersonPlaced" and event.seat == owner and offered:
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def price(card_id: str) -> dict:
    cost = dict(PRICE)
    for good, n in CARDS[card_id]["extra_cost"].items():
        cost[good] = cost.get(good, 0) + n
    return cost


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    if (
        CARD not in farm.get("cards", ())
        or not farm["card_state"].get(CARD)
        or state["phase"] != "work"
        or state.get("turn") != seat
        or state["pending"][seat] is not None
    ):
        return []
    return [
        {"type": MOVE, "card": CARD, "occupation": c}
        for c in hand(state, seat)["occupations"]
        if engine.play_problem(state, seat, c) is None and affordable(farm["supply"], price(c))
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"play an occupation with {card_name(CARD)}",
            reason="another player's Traveling Players opens it until the seat's next "
            "placement; the occupation must be in hand, playable, and paid with food in hand",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    occupation = move["occupation"]
    left = b.state["farms"][seat]["card_state"][CARD] - 1
    b.emit("CardStateSet", {"card": CARD, "value": left or None}, seat)
    patron = patron_food(b.state["farms"][seat], reaction=True)
    if patron:  # E192 Patron: 2 food before the occupation's price
        b.emit("CardGoods", {"card": "E192", "goods": {"food": patron}}, seat)
    data = {"card": occupation, "cost": price(occupation), "space": None, "by": CARD}
    windows = offers(b.state, seat, occupation)
    if windows:
        data["reactions"] = windows
    b.emit("OccupationPlayed", data, seat)
    on_play(b, seat, occupation, move)


MODULE = CardModule(
    "puppeteer",
    cards=frozenset({CARD}),
    binds=(Bind("anytime_candidates", moves),),
    moves={MOVE: Move(check, apply, {"card": str, "occupation": str})},
)
