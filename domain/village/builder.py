"""Emitting events while a move is decided, with the few helpers every rule module uses."""
from __future__ import annotations

import json

from domain.common.builder import EventBuilder
from domain.common.events import Event

from .evolve import evolve
from .state import clone


class Builder(EventBuilder):
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(self, state: dict) -> None:
        super().__init__(state, clone, evolve)

    def flow(self, **changes) -> None:
        """Record who decides next (turn, stage, step, market day, mass, dying, end). Flow
        changes in a row are one event (later keys win), which keeps replay short."""
        changes = json.loads(json.dumps(changes))
        last = self.events[-1] if self.events else None
        if last is None or last.type != "Flow":
            self.emit("Flow", changes)
            return
        self.events[-1] = Event("Flow", {**last.data, **changes}, None)
        self.state = evolve(self.state, Event("Flow", changes, None))

    def gain(self, seat, goods: dict, reason: str) -> None:
        goods = {g: k for g, k in goods.items() if k}
        if goods:
            self.emit("Gained", {"gain": goods, "reason": reason}, seat)

    def pay(self, seat, goods: dict, reason: str) -> None:
        goods = {g: k for g, k in goods.items() if k}
        if goods:
            self.emit("Paid", {"pay": goods, "reason": reason}, seat)

    def time(self, seat: int, time: int, reason: str) -> None:
        if time:
            self.emit("TimePaid", {"time": time, "reason": reason}, seat)

    def move(self, seat, figure: str, to: str, reason: str) -> None:
        self.emit("MemberMoved", {"figure": figure, "to": to, "reason": reason}, seat)

    def player(self, seat: int) -> dict:
        return self.state["seats"][seat]
