"""The record every title's rules produce and consume.

``decide`` returns a list of :class:`Event`; ``evolve`` applies one. An event carries every field
needed to evolve state without re-running rules (``GoodsTaken(seat, goods)``, not
``SpaceUsed(space)``). ``data`` must be JSON-clean: str keys, lists, ints, strs, bools, None.

Stored events (see ``platform/application.py``) have the same three attributes, so ``evolve`` is fed
either kind without conversion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class EventLike(Protocol):
    """What ``evolve`` and ``describe`` read of an event (read-only: stored events are frozen)."""

    @property
    def type(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def data(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Event:
    """One recorded fact: ``type`` names it (past tense), ``seat`` is who it concerns (or None)."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "data": self.data}
