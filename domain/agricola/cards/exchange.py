"""The 3-for-1 exchange (digest §10.4), option ``exchange`` of the full game: whenever a seat
is asked it may set aside any 3 cards of its hand and draw the top card of the occupation or
the minor-improvement deck. Moves: ``{"type": "exchange_mark", "card": ...}`` (one card at a
time; a mark is final, so every exchange ends and a game always does), then
``{"type": "exchange_draw", "deck":
"occupations" | "minors"}``; the draw is made from the seed after the move ("exchange/0/1"),
from the cards nobody holds. Marks and draws are private to the seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..builder import seat_params
from ..conversions import conversions_open
from ..errors import StepNotExpected
from .deal import _KIND, KINDS, _kind_of, unseen

if TYPE_CHECKING:
    from ..builder import Builder

COUNT = 3


def _hand(state: dict, seat: int) -> dict:
    return state["hands"]["_private"][str(seat)]


def exchange_moves(state: dict, seat: int) -> list[dict]:
    if not state.get("cards", {}).get("exchange") or state["phase"] == "deal":
        return []
    if conversions_open(state, seat):
        return []
    hand = _hand(state, seat)
    marked = hand.get("marked", [])
    if hand.get("draw") or (not marked and sum(len(hand[k]) for k in KINDS) < COUNT):
        return []
    out = []
    if len(marked) < COUNT:
        out += [
            {"type": "exchange_mark", "card": c} for k in KINDS for c in hand[k] if c not in marked
        ]
    elif len(marked) == COUNT:
        left = unseen(state)
        out += [
            {"type": "exchange_draw", "deck": k}
            for k in KINDS
            if any(_kind_of(c) == _KIND[k] for c in left)
        ]
    return out


def check(state: dict, seat: int, move: dict) -> None:
    if move not in exchange_moves(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "exchange cards"),
            reason=(
                NP_(
                    "error part",
                    "the 3-for-1 exchange sets aside exactly 3 cards of the hand for 1 drawn card "
                    "(digest §10.4), when the seat may act and the option is on",
                )
            ),
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    kind = move["type"]
    if kind == "exchange_draw":
        b.emit("ExchangeAsked", {"deck": move["deck"]}, seat)
        return
    b.emit("CardsMarked", {"_private": {str(seat): {"card": move["card"], "marked": True}}}, seat)


def draw(b: Builder, rng: Any) -> None:
    """Make the draws asked for: the 3 marked cards leave the game, 1 card comes in."""
    for key, hand in list(b.state.get("hands", {}).get("_private", {}).items()):
        deck = hand.get("draw")
        if not deck:
            continue
        seat = int(key)
        options = [c for c in unseen(b.state) if _kind_of(c) == _KIND[deck]]
        count = b.state["farms"][seat].get("card_state", {}).get("exchanges", 0)
        card = rng.shuffle(f"exchange/{seat}/{count}", options)[0]
        b.emit(
            "CardsExchanged",
            {"deck": deck, "_private": {key: {"returned": list(hand["marked"]), "drawn": card}}},
            seat,
        )
