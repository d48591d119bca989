"""The decks: one module per deck part (``e_minors``, ``e_occupations``; the I and K decks
will follow as ``i_*`` and ``k_*``), each a :class:`~domain.agricola.cards.deck.Deck` of
entries, one per card, by catalogue number and name."""

from __future__ import annotations

from .e_minors import DECK as E_MINORS
from .e_occupations import DECK as E_OCCUPATIONS

DECKS = (E_MINORS, E_OCCUPATIONS)


def supported(card_id: str) -> bool:
    """Whether some deck has an entry for ``card_id`` (only such cards are dealt, K-01)."""
    return any(card_id in deck.cards for deck in DECKS)


def find(card_id: str) -> dict:
    """The current entry of ``card_id`` (for tests and tools)."""
    for deck in DECKS:
        if card_id in deck.cards:
            return deck.cards[card_id]
    raise KeyError(card_id)
