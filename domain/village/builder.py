"""Emitting events while a move is decided, with the few helpers every rule module uses."""

from __future__ import annotations

import json
from typing import Any

from domain.common.builder import EventBuilder
from domain.common.events import Event

from .evolve import TOUCHES, evolve
from .state import copy_part, copy_player, member_of, owner_of
from .statetypes import Player

_SCALARS = frozenset({str, int, float, bool, type(None)})


class _NotPlain(Exception):
    pass


def _plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists), for data of plain types."""
    kind = type(value)
    if kind is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                raise _NotPlain
            out[k] = v if type(v) in _SCALARS else _plain(v)
        return out
    if kind is list or kind is tuple:
        return [v if type(v) in _SCALARS else _plain(v) for v in value]
    if kind in _SCALARS:
        return value
    raise _NotPlain


def jsonclean(value: Any) -> Any:
    """A JSON-clean copy of ``value``: ``json.loads(json.dumps(value))``, without the text in
    between for the plain dicts, lists and scalars the rules emit (anything else goes
    through ``json``)."""
    try:
        return _plain(value)
    except _NotPlain:
        return json.loads(json.dumps(value))


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
    """Collects events and evolves a private copy of the state as they are emitted.

    The copy is made on write: the top level is copied at once, and a part of the state (a
    top-level entry, one player) only before the first event that changes it in place
    (``evolve.TOUCHES``), so a move copies what it changes and shares the rest, which it
    only reads. Rules read the state through ``b.state`` and ``b.player``, never through a
    part they kept from before an event."""

    def __init__(self, state: dict) -> None:
        super().__init__(state, dict, self._evolve_own)
        self._before: dict = {}
        self._owned: set | None = set()

    def _evolve_own(self, state: dict, event: Event) -> dict:
        touches = TOUCHES.get(event.type, ())
        if touches and self._owned is not None:
            for part in touches:
                if part == "seat":
                    self._own_player(event.seat)
                elif part == "figure":
                    self._own_figure(event.data["figure"])
                elif part == "figures":
                    for figure in event.data["figures"]:
                        if figure != "monk":
                            self._own_figure(figure)
                else:
                    self._own(part)
        state = evolve(state, event)
        if event.type == "GameSetUp":
            self._owned = None  # a new state, all of it the builder's own
        return state

    def _own(self, key: str) -> None:
        owned = self._owned
        if owned is not None and key not in owned:
            owned.add(key)
            if key in self.state:
                self.state[key] = copy_part(key, self.state[key])

    def _own_player(self, who: int | str | None) -> None:
        """Own a player's parts (Clara's for ``None`` or ``"c"``); the members' own entries
        stay shared until one of them moves (``_own_figure``)."""
        if who is None or who == "c":
            self._own("clara")
            return
        owned = self._owned
        if owned is None or who in owned:
            return
        owned.add(who)
        if "seats*" not in owned:
            owned.add("seats*")
            self.state["seats"] = list(self.state["seats"])
        seats = self.state["seats"]
        seats[who] = copy_player(seats[who])

    def _own_figure(self, figure: str) -> None:
        """Own the member ``figure`` (``"<seat>.<index>"``, Clara's ``"c.<index>"``)."""
        who = owner_of(figure)
        self._own_player(who)
        owned = self._owned
        if who == "c" or owned is None or figure in owned:
            return
        owned.add(figure)
        members = self.state["seats"][who]["members"]
        index = int(figure.partition(".")[2])
        members[index] = dict(members[index])

    def emit(self, kind: str, data: dict | None = None, seat: int | None = None) -> None:
        if self._before and kind != "Flow":
            data = {**(data or {}), "flow_before": self._before}
            self._before = {}
        elif self._before:
            data = {**self._before, **(data or {})}
            self._before = {}
        event = Event(kind, jsonclean(data or {}), seat)
        self.events.append(event)
        self.state = self._evolve_own(self.state, event)

    def flow(self, **changes: Any) -> None:
        """Record who decides next (turn, stage, step, market day, mass, dying, end). Flow
        changes in a row are one event (later keys win), which keeps replay short. Changes no
        player needs a line for (:func:`loud` is False) ride on the event beside them: the
        one before (``flow``), or at the start of a move the one after (``flow_before``)."""
        changes = jsonclean(changes)
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
        # what evolving Flow does, without its copies: the values are this move's own, and
        # no handler changes a flow value in place (``evolve.TOUCHES``)
        self.state.update(changes)

    def finish(self) -> list[Event]:
        """The move's events; bookkeeping left with no event beside it becomes a ``Flow``."""
        if self._before:
            changes, self._before = self._before, {}
            self.events.append(Event("Flow", changes, None))
        return self.events

    def gain(self, seat: int, goods: dict, reason: str) -> None:
        goods = {g: k for g, k in goods.items() if k}
        if goods:
            self.emit("Gained", {"gain": goods, "reason": reason}, seat)

    def pay(self, seat: int, goods: dict, reason: str) -> None:
        goods = {g: k for g, k in goods.items() if k}
        if goods:
            self.emit("Paid", {"pay": goods, "reason": reason}, seat)

    def time(self, seat: int, time: int, reason: str) -> None:
        if time:
            self.emit("TimePaid", {"time": time, "reason": reason}, seat)

    def move(self, seat: int, figure: str, to: str, reason: str) -> None:
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

    def player(self, seat: int) -> Player:
        return self.state["seats"][seat]
