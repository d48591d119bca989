"""The solo player's own hand (digest §9.2 item 7): choose the cards instead of dealing them,
or play the standard board without cards.

"Playing alone you may choose occupations and improvements to your taste" [000 L434; 003
L239; 004 L411]. With option ``dealing: "choose"`` the deal phase asks the solo seat for its
7 occupations (fewer in a series: permanent + hand = 7, digest §9.3 item 4) and 7 minor
improvements, one ``{"type": "choose_card", "card": "E147"}`` at a time, from the game's decks;
occupations only with the 1+ symbol (digest §9.2 item 8, §2.1 item 4). Each choice is recorded
under ``_private`` like a dealt hand, so nobody else sees it before the game ends. With
``dealing: "none"`` the full game's board is played with empty hands (no occupation can be
played; minor improvements neither).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.errors import register_messages
from domain.common.i18n import NP_, fragment

from ..builder import seat_params
from ..errors import AgricolaViolation
from .catalogue import CARDS
from .deal import _KIND, HAND, KINDS, hand_of, pool

if TYPE_CHECKING:
    from ..builder import Builder

register_messages(
    {
        "card_choice_refused": "{seat_name} cannot choose {card_name}: {reason}.",
    }
)


def start(b: Builder, hands: dict, cards: dict) -> None:
    """Empty hands; with ``choose``, the seat is asked for its cards (digest §9.2 item 7)."""
    b.emit("CardsDealt", {"_private": hands})
    if cards.get("dealing") != "choose":
        return
    b.emit("DealStarted", {"dealing": "choose"})
    need = {"occupations": HAND - len(cards.get("permanent", [])), "minors": HAND}
    for seat in range(len(hands)):
        b.emit("DealAsked", {"pending": {"kind": "choose", "need": need}}, seat)


def _offer(state: dict, kind: str) -> list[str]:
    cards = state["cards"]
    in_play = {c for farm in state["farms"] for c in farm.get("cards", [])}
    return [
        c
        for c in pool(cards["decks"], _KIND[kind], len(state["players"]), cards.get("card_set", 1))
        if c not in in_play
    ]


def choose_moves(state: dict, seat: int) -> list[dict]:
    """Every card the seat may still choose (its hand's missing kinds)."""
    pending = state["pending"][seat]
    hand = hand_of(state, seat)
    return [
        {"type": "choose_card", "card": c}
        for kind in KINDS
        if len(hand[kind]) < pending["need"][kind]
        for c in _offer(state, kind)
        if c not in hand[kind]
    ]


def _reason(state: dict, seat: int, card_id: str) -> str | None:
    """Why ``card_id`` breaks the solo rules or this game's choice, in words."""
    info = CARDS.get(card_id)
    decks = state["cards"]["decks"]
    if info is None:
        return NP_("error part", "there is no such card in the catalogue")
    if info["deck"] not in decks:
        return (
            f"it belongs to the {info['deck']} deck and this game plays the "
            f"{'+'.join(decks)} deck (digest §9.2 item 7)"
        )
    if info["kind"] == "occupation" and info["players"] > len(state["players"]):
        return (
            f"it is a {info['players']}+ occupation, and a solo game uses 1+ occupations "
            f"only (digest §9.2 item 8, §2.1 item 4)"
        )
    kind = "occupations" if info["kind"] == "occupation" else "minors"
    hand = hand_of(state, seat)
    if card_id in hand[kind]:
        return NP_("error part", "it is already in their hand")
    if any(card_id in farm.get("cards", []) for farm in state["farms"]):
        return NP_(
            "error part",
            "it is already in play (a permanent occupation of the series, digest §9.3)",
        )
    need = state["pending"][seat]["need"][kind]
    if len(hand[kind]) >= need:
        if kind == "occupations":
            return fragment(
                NP_("error part", "they have chosen their {n} occupations already"), n=need
            )
        return fragment(
            NP_("error part", "they have chosen their {n} minor improvements already"), n=need
        )
    if card_id not in _offer(state, kind):
        return NP_(
            "error part",
            "its effect is not implemented yet, so it is not in this game's card set "
            "(docs/rules/agricola-cards.md)",
        )
    return None


def check_choice(state: dict, seat: int, move: dict) -> None:
    """Refuse a choice that breaks the solo rules with a sentence saying which rule."""
    pending = state["pending"][seat]
    if not pending or pending.get("kind") != "choose":
        return
    reason = _reason(state, seat, move["card"])
    if reason:
        name = (
            CARDS[move["card"]]["name"] + f" ({move['card']})"
            if move["card"] in CARDS
            else repr(move["card"])
        )
        raise AgricolaViolation(
            "card_choice_refused", card_name=name, reason=reason, **seat_params(state, seat)
        )


def apply_choice(b: Builder, seat: int, move: dict) -> None:
    b.emit("CardChosen", {"_private": {str(seat): {"card": move["card"]}}}, seat)
    pending = b.state["pending"][seat]
    hand = hand_of(b.state, seat)
    if all(len(hand[k]) >= pending["need"][k] for k in KINDS):
        b.emit("DealAsked", {"pending": None}, seat)
