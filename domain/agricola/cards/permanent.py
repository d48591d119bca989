"""A series game's permanent occupations (digest §9.3 items 2 and 8; bound to the window
``lay_permanent`` by ``cards/extension.py``; moved here from ``series.py``, issue 35 item 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .play import on_play

if TYPE_CHECKING:
    from ..builder import Builder


def lay_permanent(b: Builder, seat: int, cards: list[str]) -> None:
    """Lay the permanent occupations out before round 1 "as if played" in round 0, without
    an action and for nothing (digest §9.3 items 2 and 8): each is played, then its effect at
    play fires with the round counter at 0 (goods at once, goods on the round spaces 1-14). A
    one-off step an occupation offers at play (E180's sowing) needs a field, which no farm has
    before round 1; it lapses when round 1 starts."""
    for card in cards:
        b.emit(
            "OccupationPlayed", {"card": card, "cost": {}, "space": None, "permanent": True}, seat
        )
        on_play(b, seat, card, {})
