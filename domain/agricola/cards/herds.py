"""Cards that count every player's animals in the field phase (issue 23 item 3; catalogue I93
Milking Shed, seed 000 L612).

``field_all(state) -> food``: food for the card's owner at the start of each harvest's field
phase (digest §6.5 step 1), from the whole table (``hooks.field_phase`` pays ``field(farm)``,
which reads the owner's farm only). Only in a real harvest: the Manure's extra field phases
(I92) do not run this window (seed 000 L660).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import total_animals
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def field_phase(b: Builder) -> None:
    for seat, farm in enumerate(b.state["farms"]):
        for card_id in farm.get("cards", []):
            count = engine.effect(card_id, farm).get("field_all")
            food = count(b.state) if count else 0
            if food:
                b.emit(
                    "CardGoods",
                    {"card": card_id, "goods": {"food": food}, "window": "field"},
                    seat,
                )


def table_animals(state: dict, kind: str) -> int:
    """Animals of ``kind`` on every farm: in pastures, stables, the house and on cards
    (L612)."""
    return sum(total_animals(f)[kind] for f in state["farms"])
