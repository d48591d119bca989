"""Cards that let a seat leave goods it just took on the action space, for something else
(issue 10; catalogue E34 Basket, E196 Mushroom Collector, E169 Storyteller).

An effect ``leave={"good": g, "count": n, "gain": goods}`` (``"only": spaces`` to limit it)
offers, right after
the placement, a ``card_choice`` between taking nothing more (option 0) and leaving ``n`` of
the ``g`` taken from the space there for ``gain`` (option 1). The goods left stay on the space
for the next player who uses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..extension import find_space_row
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def accumulating(space_id: str, good: str) -> bool:
    """A space that gets ``good`` every round (digest §3.3)."""
    return good in (find_space_row(space_id) or {}).get("replenish", {})


def taken_from(b: Builder, seat: int, space_id: str) -> dict:
    """What the placement just took from the space (its ``GoodsTaken``)."""
    for event in reversed(b.events):
        if (
            event.type == "GoodsTaken"
            and event.seat == seat
            and event.data.get("space") == space_id
        ):
            return event.data.get("goods", {})
        if event.type == "PersonPlaced":
            return {}
    return {}


def top_up(b: Builder, seat: int, space_id: str, leave: dict) -> dict | None:
    """A card of the seat that promises at least so much of the good left (``at_least``, the
    Dancer E212 with the Storyteller E169: 1 vegetable, at least 4 food, and 1 food left on the
    space, the missing food from the general supply, seed 000 L904, L956): the goods it adds
    when the seat leaves ``leave``'s goods, as ``{"card": id, "goods": {...}}``, or None."""

    good, count = leave["good"], leave["count"]
    taken = taken_from(b, seat, space_id).get(good, 0)
    farm = b.state["farms"][seat]
    for card_id in farm.get("cards", []):
        least = engine.effect(card_id, farm).get("at_least")
        if not least or space_id not in least["spaces"] or good not in least["goods"]:
            continue
        most = least["goods"][good]
        extra = max(taken - count, most) - (max(taken, most) - count)
        if extra > 0:
            return {"card": card_id, "goods": {good: extra}}
    return None


def leave_options(b: Builder, seat: int, space_id: str, leave: dict | None) -> list[dict]:
    if not leave or not accumulating(space_id, leave["good"]):
        return []
    if space_id not in leave.get("only", (space_id,)):
        return []
    if taken_from(b, seat, space_id).get(leave["good"], 0) < leave["count"]:
        return []
    return [{}, {leave["good"]: -leave["count"], **leave["gain"]}]
