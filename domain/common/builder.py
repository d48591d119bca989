"""Emitting events while a move is decided, shared by every title: the builder keeps a private
copy of the state and evolves it with every event it emits, so later checks of the same move
see the effect of earlier ones. A title's ``Builder`` names its ``clone`` and ``evolve``."""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable

from .events import Event


def clone(state: dict) -> dict:
    """A deep copy of a JSON-clean state: a marshal round trip (version 2, which keeps no
    shared references, so like a JSON round trip every list and dict is a fresh one), about
    five times faster than JSON on a 4-player state; every move's decision clones once."""
    return marshal.loads(marshal.dumps(state, 2))


class EventBuilder:
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(
        self, state: dict, clone: Callable[[dict], dict], evolve: Callable[[dict, Event], dict]
    ) -> None:
        self._evolve = evolve
        self.state = clone(state)
        self.events: list[Event] = []

    def emit(self, kind: str, data: dict | None = None, seat: int | None = None) -> None:
        """Record one event (its data made JSON-clean) and apply it to the private state."""
        event = Event(kind, json.loads(json.dumps(data or {})), seat)
        self.events.append(event)
        self.state = self._evolve(self.state, event)
