"""Emitting events while a move is decided: the :class:`Builder` keeps a private copy of the
state and evolves it with every event it emits, so later checks of the same move see the effect
of earlier ones (placements in ``placement.py``, the steps of an action in ``steps.py``)."""
from __future__ import annotations

import json

from domain.common.events import Event

from .evolve import evolve
from .state import clone, name


class Builder:
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(self, state: dict) -> None:
        self.state = clone(state)
        self.events: list[Event] = []

    def emit(self, kind: str, data: dict | None = None, seat: int | None = None) -> None:
        event = Event(kind, json.loads(json.dumps(data or {})), seat)
        self.events.append(event)
        self.state = evolve(self.state, event)


def seat_params(state: dict, seat: int) -> dict:
    """The ``seat_name`` every message about ``seat`` uses."""
    return {"seat_name": name(state, seat)}
