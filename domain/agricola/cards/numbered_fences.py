"""Fences free by their number and a free next stable (catalogue K121 Sawhorse: "The next stable
you place in your farmyard, as well as your 3rd, 6th, 9th, 12th and 15th fence, costs you
nothing"; seed 000 L632: a listed fence that another card already makes free gives no other
fence in its place).

The fence and stable windows of the extension (``Extension.fence_price``, ``fence_capacity``,
``stable_price``, read by ``farm.fence_price``, ``farm.fence_capacity``, ``farm.stable_price``):

* a pasture's new fences are the seat's fences number ``T+1 .. T+n`` (``T`` fences built so
  far); those numbered 3, 6, 9, 12, 15 cost nothing. When another card makes some fences of the
  same pasture free (the Hedge Keeper E175: after 1 paid fence), the seat's first new fence is a
  paid one and the others are arranged at best: the Sawhorse saves its numbered fences among
  the paid ones only (L632);
* the next stable the seat builds after playing the card costs nothing (the card's state
  :data:`NEXT_STABLE` until then), whichever way it is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..statetypes import Farm

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "K121"
NUMBERED = (3, 6, 9, 12, 15)
NEXT_STABLE = "next stable"


def _holds(farm: Farm) -> bool:
    return CARD in farm.get("cards", ())


def _numbered(first: int, last: int) -> int:
    return sum(1 for k in NUMBERED if first <= k <= last)


def saving(farm: Farm, needed: int, paid: int) -> int:
    """Fences of ``needed`` new ones that the card makes free, ``paid`` of them not free by
    another card."""
    if not paid:
        return 0
    built = len(farm["fences"])
    first = _numbered(built + 1, built + 1)
    return first + min(paid - 1, _numbered(built + 2, built + needed))


def fence_price(farm: Farm, needed: int, wood: int) -> int:
    if not _holds(farm):
        return wood
    return wood - saving(farm, needed, wood)


def fence_capacity(farm: Farm, capacity: int) -> int:
    """The most new fences the seat can pay for: ``capacity`` (wood and other free fences), and
    as many more as the numbered fences among them leave paid for by that."""
    if not _holds(farm):
        return capacity
    m = capacity
    while m < 15 and (m + 1) - saving(farm, m + 1, m + 1) <= capacity:
        m += 1
    return m


def stable_price(farm: Farm, cost: dict) -> dict:
    if _holds(farm) and farm["card_state"].get(CARD) == NEXT_STABLE:
        return {}
    return cost


def hook(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """The entry's ``after_any``: on play the next stable is free; the next stable built
    uses it."""
    farm = b.state["farms"][owner]
    if event is None:
        note = "the next stable costs nothing"
        b.emit("CardStateSet", {"card": card_id, "value": NEXT_STABLE, "note": note}, owner)
    elif (
        event.type == "StableBuilt"
        and event.seat == owner
        and farm["card_state"].get(card_id) == NEXT_STABLE
    ):
        note = "its free stable is used"
        b.emit("CardStateSet", {"card": card_id, "value": "used", "note": note}, owner)
