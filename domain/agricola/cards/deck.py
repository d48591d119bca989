"""A deck's registry of card entries (issue 23 item 1): one entry per card, found by its
catalogue number and checked against its printed name."""

from __future__ import annotations

from typing import Any

from .catalogue import CARDS


class Deck:
    """The cards of one deck module (``decks/e_minors.py`` …): ``cards`` holds the current
    entry of each card; ``legacy`` the entries older card sets keep (``until`` = the last card
    set that plays the card that way), so a game replays with the cards it was played with."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cards: dict[str, dict] = {}
        self.legacy: dict[str, list[tuple[int, dict]]] = {}

    def card(self, card_id: str, name: str, until: int | None = None, **effect: Any) -> None:
        """Register the effect of ``card_id`` (a catalogue id such as ``"E41"``) named
        ``name``; with ``until``, the entry card sets up to ``until`` play instead."""
        printed = CARDS.get(card_id, {}).get("name")
        if printed != name:
            raise KeyError(f"{card_id} is {printed!r} in the catalogue, not {name!r}")
        if until is None:
            self.cards[card_id] = effect
        else:
            self.legacy.setdefault(card_id, []).append((until, effect))
