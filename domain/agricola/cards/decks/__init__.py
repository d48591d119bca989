"""The decks: one module per deck part (``e_minors``, ``e_occupations``, ``i_minors``,
``i_occupations``, ``k_minors``, ``k_occupations``), each a
:class:`~domain.agricola.cards.deck.Deck` of entries, one per card, by catalogue number and
name."""

from __future__ import annotations

from .e_minors import DECK as E_MINORS
from .e_occupations import DECK as E_OCCUPATIONS
from .i_minors import DECK as I_MINORS
from .i_occupations import DECK as I_OCCUPATIONS
from .k_minors import DECK as K_MINORS
from .k_occupations import DECK as K_OCCUPATIONS

DECKS = (E_MINORS, E_OCCUPATIONS, I_MINORS, I_OCCUPATIONS, K_MINORS, K_OCCUPATIONS)


def supported(card_id: str) -> bool:
    """Whether some deck has an entry for ``card_id`` (only such cards are dealt, K-01)."""
    return any(card_id in deck.cards for deck in DECKS)


def find(card_id: str) -> dict:
    """The current entry of ``card_id`` (for tests and tools)."""
    for deck in DECKS:
        if card_id in deck.cards:
            return deck.cards[card_id]
    raise KeyError(card_id)
