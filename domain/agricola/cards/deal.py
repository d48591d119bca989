"""Dealing the hands of the full game (digest §2.1 items 4-6, §10.4).

Each seat gets 7 occupations and 7 minor improvements from the chosen decks, occupations
filtered by their player-count symbol. Every draw comes from the game's seed by label, at the
moment it happens ("deal/occupations", "redeal/1/minors/2", ...), and is recorded under
``_private``, so a seat sees only its own cards (``domain/common/visibility``). Only cards whose
effects the engine implements are dealt (``engine.supported``).

Dealing variants (option ``dealing``), played as a "deal" phase before round 1 in which every
seat chooses at once:

* ``normal``: 7 and 7;
* ``10-3``: 10 and 10, then each seat discards 3 of each kind, one card per move;
* ``redeal``: a seat may give back all its occupations (or minors) for 1 card fewer, again
  and again, then ``keep``;
* ``draft``: 7 occupations in a packet; everyone keeps 1 and passes the rest to the left until
  everyone has 7; then the same with minors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.errors import BadGameConfig
from domain.common.i18n import NP_

from ..builder import seat_params
from ..errors import StepNotExpected
from .card_sets import CARD_SETS, LATEST
from .catalogue import CARDS, deck_cards
from .decks import supported

if TYPE_CHECKING:
    from ..builder import Builder

HAND = 7
TEN = 10
KINDS = ("occupations", "minors")
_KIND = {"occupations": "occupation", "minors": "minor"}
DEALINGS = ("normal", "10-3", "redeal", "draft", "choose", "none")
#: Dealings of the solo game only (digest §9.2 item 7): the player chooses the cards, or plays
#: the standard board without cards.
SOLO_DEALINGS = ("choose", "none")


def pool(decks: Any, kind: str, players: int, card_set: int = LATEST) -> list[str]:
    """The cards of ``kind`` that can be dealt for ``players`` from ``decks`` in the game's
    card set (K-09)."""
    allowed = CARD_SETS[card_set]
    return [c for c in deck_cards(decks, kind, players) if c in allowed and supported(c)]


def needed(dealing: str, players: int) -> int:
    if dealing == "none":
        return 0
    return (TEN if dealing == "10-3" else HAND) * players


def check_pool(decks: Any, players: int, dealing: str = "normal", card_set: int = LATEST) -> None:
    """Refuse, with a sentence, a game whose decks cannot fill every hand."""
    if dealing in SOLO_DEALINGS and players != 1:
        raise BadGameConfig(
            "bad_option",
            title="Agricola",
            variant="full",
            option="dealing",
            reason=NP_(
                "error part", "'{dealing}' is an option of the solo game only (digest §9.2 item 7)"
            ),
            dealing=dealing,
        )
    for kind, word in (
        ("occupation", NP_("error part", "occupations")),
        ("minor", NP_("error part", "minor improvements")),
    ):
        have, need = len(pool(decks, kind, players, card_set)), needed(dealing, players)
        if have < need:
            raise BadGameConfig(
                "bad_option",
                title="Agricola",
                variant="full",
                option="decks",
                reason=NP_(
                    "error part",
                    "the {decks} deck has {have} {word} implemented for {players} player(s) so "
                    "far; {need} are needed (the I and K decks are being implemented, issue 23)",
                ),
                decks="+".join(decks),
                have=have,
                word=word,
                players=players,
                need=need,
            )


def _sorted(cards: Any) -> list[str]:
    return sorted(cards, key=lambda c: (c[0], int(c[1:])))


def empty_hands(n: int) -> dict[str, dict]:
    return {str(s): {"occupations": [], "minors": []} for s in range(n)}


def deal(b: Builder, rng: Any, cards: dict) -> None:
    """Shuffle the pools with the seed and deal by the chosen variant (the solo game's
    choosing and cardless board start in ``choose.py``: see ``dealing.py``)."""
    n = len(b.state["players"])
    dealing = cards.get("dealing", "normal")
    hands = empty_hands(n)
    permanent = cards.get("permanent", [])
    for key in KINDS:
        size = TEN if dealing == "10-3" else HAND
        if key == "occupations":  # a series keeps 7 occupations in all (digest §9.3 item 4)
            size -= len(permanent)
        shuffled = rng.shuffle(
            f"deal/{key}",
            [
                c
                for c in pool(cards["decks"], _KIND[key], n, cards.get("card_set", 1))
                if c not in permanent
            ],
        )
        for seat in range(n):
            part = _sorted(shuffled[seat * size : (seat + 1) * size])
            if dealing == "draft":
                hands[str(seat)].setdefault("packets", {})[key] = part
            else:
                hands[str(seat)][key] = part
    b.emit("CardsDealt", {"_private": hands})
    if dealing == "normal":
        return
    b.emit("DealStarted", {"dealing": dealing})
    for seat in range(n):
        b.emit("DealAsked", {"pending": _question(dealing)}, seat)


def _question(dealing: str) -> dict:
    if dealing == "10-3":
        return {"kind": "discard"}
    if dealing == "redeal":
        return {"kind": "redeal", "next": {"occupations": HAND - 1, "minors": HAND - 1}}
    return {"kind": "draft", "deck": "occupations"}


def hand_of(state: dict, seat: int) -> dict:
    return state["hands"]["_private"][str(seat)]


def unseen(state: dict) -> list[str]:
    """Cards of the game's pools in no hand, packet, discard pile or farm."""
    n = len(state["players"])
    used: set[str] = set()
    for h in state["hands"]["_private"].values():
        used.update(h["occupations"], h["minors"], h.get("discarded", []))
        for packet in h.get("packets", {}).values():
            used.update(packet)
    for farm in state["farms"]:
        used.update(farm.get("cards", []))
    decks = state["cards"]["decks"]
    card_set = state["cards"].get("card_set", 1)
    return [c for key in KINDS for c in pool(decks, _KIND[key], n, card_set) if c not in used]


# -- moves of the deal phase ---------------------------------------------------------------------


def deal_moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat]
    if state["phase"] != "deal" or pending is None:
        return []
    hand = hand_of(state, seat)
    if pending["kind"] == "discard":
        return [
            {"type": "discard", "card": c}
            for key in KINDS
            if len(hand[key]) > HAND
            for c in hand[key]
        ]
    if pending["kind"] == "redeal":
        left = unseen(state)
        return [
            {"type": "redeal", "deck": key}
            for key in KINDS
            if 0 < pending["next"][key] <= sum(1 for c in left if _kind_of(c) == _KIND[key])
        ] + [{"type": "keep"}]
    packet = hand.get("packets", {}).get(pending["deck"], [])
    return [{"type": "draft_pick", "card": c} for c in packet]


def check_deal_move(state: dict, seat: int, move: dict) -> None:
    if move not in deal_moves(state, seat):
        raise StepNotExpected(
            what=move["type"].replace("_", " "),
            reason=(NP_("error part", "the deal offers no such choice now (digest §10.4)")),
            **seat_params(state, seat),
        )


def apply_deal_move(b: Builder, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    kind = move["type"]
    if kind == "discard":
        b.emit("CardDiscarded", {"_private": {str(seat): {"card": move["card"]}}}, seat)
        hand = hand_of(b.state, seat)
        if all(len(hand[k]) <= HAND for k in KINDS):
            b.emit("DealAsked", {"pending": None}, seat)
    elif kind == "keep":
        b.emit("DealAsked", {"pending": None}, seat)
    elif kind == "redeal":
        key = move["deck"]
        b.emit(
            "HandReturned",
            {"deck": key, "_private": {str(seat): {"cards": list(hand_of(b.state, seat)[key])}}},
            seat,
        )
        b.emit("DealAsked", {"pending": dict(pending, draw=key)}, seat)
    else:
        b.emit(
            "DraftPicked",
            {"deck": pending["deck"], "_private": {str(seat): {"card": move["card"]}}},
            seat,
        )
        b.emit("DealAsked", {"pending": None}, seat)


def _draw(b: Builder, rng: Any, seat: int, pending: dict) -> None:
    """A redeal draws 1 card fewer than last time from the cards nobody holds."""
    key = pending["draw"]
    count = pending["next"][key]
    options = [c for c in unseen(b.state) if _kind_of(c) == _KIND[key]]
    drawn = _sorted(rng.shuffle(f"redeal/{seat}/{key}/{HAND - count}", options)[:count])
    b.emit("CardsDrawn", {"deck": key, "_private": {str(seat): {"cards": drawn}}}, seat)
    nxt = dict(pending["next"], **{key: count - 1})
    b.emit("DealAsked", {"pending": {"kind": "redeal", "next": nxt}}, seat)


def _kind_of(card_id: str) -> str:
    return CARDS[card_id]["kind"]


def step(b: Builder, rng: Any) -> bool:
    """The deal phase's automatic part (it has the seed's draws): redeal draws, passing the
    draft packets on. True while some seat is still asked."""
    state = b.state
    for seat, pending in enumerate(state["pending"]):
        if pending and pending.get("draw"):
            _draw(b, rng, seat, pending)
    if any(p is not None for p in b.state["pending"]):
        return True
    if b.state["cards"].get("dealing") != "draft":
        return False
    n = len(b.state["players"])
    hands = b.state["hands"]["_private"]
    for key in KINDS:
        packets = [hands[str(s)].get("packets", {}).get(key, []) for s in range(n)]
        if not any(packets):
            continue
        if any(hands[str(s)][key] for s in range(n)):
            passed = {str((s + 1) % n): {"packet": packets[s]} for s in range(n)}
            b.emit("PacketsPassed", {"deck": key, "_private": passed})
        for seat in range(n):
            b.emit("DealAsked", {"pending": {"kind": "draft", "deck": key}}, seat)
        return True
    return False
