"""Emitting events while a move is decided, and the few helpers every rule module uses: gains
with the tiles that add to them, payments, and the seat's name for messages."""

from __future__ import annotations

from typing import Any

from domain.common.builder import EventBuilder, clone

from .evolve import evolve
from .state import name, owns
from .statetypes import Home


class Builder(EventBuilder):
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(self, state: dict) -> None:
        super().__init__(state, clone, evolve)

    def home(self, seat: int) -> Home:
        return self.state["homes"][seat]


def with_extras(home: Home, goods: dict) -> dict:
    """Goods as received: the Seam adds 1 ore per stone, the Dog school 1 wood per dog
    (pack §1.3)."""
    out = {g: n for g, n in goods.items() if n}
    if owns(home, "seam") and out.get("stone"):
        out["ore"] = out.get("ore", 0) + out["stone"]
    if owns(home, "dog_school") and out.get("dog"):
        out["wood"] = out.get("wood", 0) + out["dog"]
    return out


def gain(
    b: Builder,
    seat: int,
    goods: dict,
    reason: str,
    part: str | None = None,
    kind: str = "GoodsGained",
    **data: Any,
) -> None:
    """Give ``goods`` from the general supply (with the tiles that add to them)."""
    goods = with_extras(b.home(seat), goods)
    if not goods and part is None and kind == "GoodsGained":
        return
    payload = {"gain": goods, "reason": reason, **data}
    if part is not None:
        payload["part"] = part
    b.emit(kind, payload, seat)


def pay(b: Builder, seat: int, goods: dict, reason: str, **data: Any) -> None:
    goods = {g: n for g, n in goods.items() if n}
    if goods:
        b.emit("GoodsPaid", {"pay": goods, "reason": reason, **data}, seat)


def has(home: Home, goods: dict) -> bool:
    """True if the seat holds at least ``goods`` (supply and animals)."""
    for good, n in goods.items():
        held = home["animals"].get(good) if good in home["animals"] else home["supply"].get(good, 0)
        if (held or 0) < n:
            return False
    return True


def seat_params(state: dict, seat: int) -> dict:
    return {"seat_name": name(state, seat)}
