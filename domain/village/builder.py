"""Emitting events while a move is decided, with the few helpers every rule module uses."""

from __future__ import annotations

import json

from domain.common.builder import EventBuilder
from domain.common.events import Event

from .evolve import evolve
from .state import clone, member_of


def loud(changes: dict, state: dict) -> bool:
    """Flow changes a player wants a line for: a new round, a turn passing to another seat, the
    mass, a death to choose, the end's final actions."""
    end = changes.get("end")
    turn = changes.get("turn")
    return bool(
        "round" in changes
        or (turn is not None and turn != state.get("turn"))
        or changes.get("phase") == "mass_buy"
        or changes.get("dying") is not None
        or (end and end.get("queue"))
    )


class Builder(EventBuilder):
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(self, state: dict) -> None:
        super().__init__(state, clone, evolve)
        self._before: dict = {}

    def emit(self, kind: str, data: dict | None = None, seat: int | None = None) -> None:
        if self._before and kind != "Flow":
            data = {**(data or {}), "flow_before": self._before}
            self._before = {}
        elif self._before:
            data = {**self._before, **(data or {})}
            self._before = {}
        super().emit(kind, data, seat)

    def flow(self, **changes) -> None:
        """Record who decides next (turn, stage, step, market day, mass, dying, end). Flow
        changes in a row are one event (later keys win), which keeps replay short. Changes no
        player needs a line for (:func:`loud` is False) ride on the event beside them: the
        one before (``flow``), or at the start of a move the one after (``flow_before``)."""
        changes = json.loads(json.dumps(changes))
        last = self.events[-1] if self.events else None
        if last is not None and last.type == "Flow":
            self.events[-1] = Event("Flow", {**last.data, **changes}, None)
        elif loud(changes, self.state):
            self.emit("Flow", changes)
            return
        elif last is not None:
            self.events[-1] = Event(
                last.type,
                {**last.data, "flow": {**last.data.get("flow", {}), **changes}},
                last.seat,
            )
        else:
            self._before = {**self._before, **changes}
        self.state = evolve(self.state, Event("Flow", changes, None))

    def finish(self) -> list[Event]:
        """The move's events; bookkeeping left with no event beside it becomes a ``Flow``."""
        if self._before:
            changes, self._before = self._before, {}
            self.events.append(Event("Flow", changes, None))
        return self.events

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
        self.emit(
            "MemberMoved",
            {
                "figure": figure,
                "to": to,
                "reason": reason,
                "gen": member_of(self.state, figure)["gen"],
                "from": member_of(self.state, figure)["at"],
            },
            seat,
        )

    def player(self, seat: int) -> dict:
        return self.state["seats"][seat]
