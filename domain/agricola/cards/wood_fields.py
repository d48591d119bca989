"""Card plots sown with wood (issue 23 item 3; catalogue K278 Forester, effect ``wood_plots``
= (plots, wood on a sown plot); seed 000 L840).

Played, the card adds its plots to the farm's card fields (``CardFieldsAdded``), named
``"K278/1"`` … and taking wood only. On any sowing step the seat may sow wood there as on a card
field (``{"type": "card_sow", "card": "K278/1", "crop": "wood"}``, ``fields.py``): 1 wood from
its supply and 2 from the general supply (L840: as grain), not all plots at once if it does not
want; each field phase takes 1 wood from each sown plot. They are no fields: no field points,
not counted by the Smallholder (K286, L928), and cards that add to a sowing of grain or
vegetables do not add to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..steps import settle
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def plots(card_id: str, count: int) -> list[str]:
    return [f"{card_id}/{k}" for k in range(1, count + 1)]


def added(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """On play (``after_any`` with ``round_check``): the plots join the farm's card fields."""
    if event is None:
        count, _ = engine.effect(card_id, b.state)["wood_plots"]
        b.emit(
            "CardFieldsAdded",
            {"card": card_id, "fields": plots(card_id, count), "allowed": ["wood"]},
            seat,
        )


def _owner(card_field: str) -> str:
    return card_field.split("/")[0]


def sow(other: Any) -> Any:
    """``card_sow`` on a plot of a wood card sows its own amount; other card fields as before."""

    def apply(b: Builder, seat: int, move: dict) -> None:
        eff = engine.effect(_owner(move["card"]), b.state)
        if not eff.get("wood_plots"):
            return other(b, seat, move)
        b.emit(
            "CardFieldSown",
            {"card": move["card"], "crop": move["crop"], "count": eff["wood_plots"][1]},
            seat,
        )
        settle(b, seat)

    return apply
