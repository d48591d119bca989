""" "What if, from my seat" (issue 10 item 6): a full game as one seat knows it, with the other
seats' hands dealt anew from the cards that seat cannot see. The round cards and every later
draw come from the fork's fresh seed anyway (they are drawn when play reaches them)."""

from __future__ import annotations

import json
from typing import Any

from .deal import _KIND, HAND, KINDS, _kind_of, _sorted, unseen


def redeal_for(state: dict, seat: int, rng: Any) -> dict:
    """A copy of ``state`` in which every hand but ``seat``'s (cards, draft packets, discards,
    cards set aside for an exchange) is replaced by cards drawn, in the same numbers, from all
    the cards ``seat`` cannot see."""
    out = json.loads(json.dumps(state))
    hands = out["hands"]["_private"]
    _estimate_missing(out, hands)
    others = [key for key in hands if key != str(seat)]
    hidden = list(unseen(out))
    for key in others:
        hand = hands[key]
        hidden += [
            c
            for c in hand["occupations"] + hand["minors"] + hand.get("discarded", [])
            if c is not None
        ]
        for packet in hand.get("packets", {}).values():
            hidden += packet
    hidden = rng.shuffle("fork-redeal", _sorted(set(hidden)))
    for key in others:
        hand = hands[key]
        for kind in KINDS:
            hand[kind] = _take(hidden, _KIND[kind], len(hand[kind]))
            if kind in hand.get("packets", {}):
                hand["packets"][kind] = _take(hidden, _KIND[kind], len(hand["packets"][kind]))
        hand.pop("discarded", None)
        if hand.get("marked"):
            hand["marked"] = _remark(hand, hand["marked"])
    return out


def _remark(hand: dict, marked: list[str]) -> list[str]:
    """As many cards of each kind of the new hand as were set aside of that kind."""
    out = []
    for kind in KINDS:
        count = sum(1 for c in marked if _kind_of(c) == _KIND[kind])
        out += hand[kind][:count]
    return out


def _estimate_missing(state: dict, hands: dict) -> None:
    """A seat's own view holds no other hand (a bot's input, issue 25): give each missing seat
    a hand of the size it most likely has (7 of a kind less the cards of that kind it has
    played; the deal's size is public, the rest is unknown), to be dealt anew below."""

    for seat, farm in enumerate(state["farms"]):
        if str(seat) in hands:
            continue
        played = farm.get("cards", [])
        hands[str(seat)] = {
            kind: [None] * max(0, HAND - sum(1 for c in played if _kind_of(c) == _KIND[kind]))
            for kind in KINDS
        }


def _take(cards: list[str], kind: str, count: int) -> list[str]:
    chosen = [c for c in cards if _kind_of(c) == kind][:count]
    for c in chosen:
        cards.remove(c)
    return _sorted(chosen)
