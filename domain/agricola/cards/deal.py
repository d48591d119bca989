"""Dealing the hands of the full game (digest §2.1 items 4-6, §10.4).

Each seat gets 7 occupations and 7 minor improvements from the chosen decks, occupations
filtered by their player-count symbol. The deal is drawn from the game's seed by label
("deal/occupations", "deal/minors") when the game is set up and recorded in ``CardsDealt``
under ``_private``, so every seat sees only its own hand (``domain/common/visibility``).
Only cards whose effects the engine implements are dealt (``engine.supported``).
"""
from __future__ import annotations

from domain.common.errors import BadGameConfig

from . import engine
from .catalogue import deck_cards

HAND = 7


def pool(decks, kind: str, players: int) -> list[str]:
    """The cards of ``kind`` that can be dealt for ``players`` from ``decks``."""
    return [c for c in deck_cards(decks, kind, players) if engine.supported(c)]


def check_pool(decks, players: int) -> None:
    """Refuse, with a sentence, a game whose decks cannot fill every hand."""
    for kind, word in (("occupation", "occupations"), ("minor", "minor improvements")):
        have = len(pool(decks, kind, players))
        if have < HAND * players:
            raise BadGameConfig("bad_option", title="Agricola", variant="full", option="decks",
                                reason=f"the {'+'.join(decks)} deck has {have} {word} "
                                       f"implemented for {players} player(s) so far; "
                                       f"{HAND * players} are needed (issue 10 is in progress)")


def deal(b, rng, cards: dict) -> None:
    """Shuffle the pools with the seed and give each seat 7 of each kind."""
    n = len(b.state["players"])
    decks = cards["decks"]
    hands = {str(s): {"occupations": [], "minors": []} for s in range(n)}
    for kind, key in (("occupation", "occupations"), ("minor", "minors")):
        shuffled = rng.shuffle(f"deal/{key}", pool(decks, kind, n))
        for seat in range(n):
            hands[str(seat)][key] = sorted(shuffled[seat * HAND:(seat + 1) * HAND],
                                           key=lambda c: int(c[1:]))
    b.emit("CardsDealt", {"_private": hands})
