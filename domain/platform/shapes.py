"""Shapes for the type checker: the platform's book-keeping dicts.

Nothing here runs: the :class:`typing.TypedDict` classes describe dicts that are stored as
plain JSON (in events and snapshots). The services of the platform reach the store only
through the repository's public methods (``repository.py``), never through each other's
private ones.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

#: One seed segment of a game: the seed that draws from version ``from`` on (a fork or a
#: seat's fork adds one), its published hash and the game that drew it.
SeedSegment = TypedDict(
    "SeedSegment", {"from": int, "seed": int | None, "hash": str, "origin": str | None}
)


class PendingUndo(TypedDict):
    """The open undo request of a game (``Game.pending_undo``)."""

    request_id: int
    by: int
    to_version: int
    waiting: list[int]
    accepted: list[int]


class RememberedKey(TypedDict):
    """What a game remembers of an ``Idempotency-Key`` (``Game.idem``)."""

    seat: int | None
    hash: str | None
    first: int
    last: int


class Parent(TypedDict):
    """Where a fork comes from (``Game.parent``): a game and version, and for a seat's fork
    the seat whose knowledge it starts from."""

    game: str
    version: int
    seat: NotRequired[int]
    redealt: NotRequired[bool]


class LogEntry(TypedDict):
    """One stored event as a plain entry of a game record (``Archive.log_entries``)."""

    version: int
    type: str
    seat: int | None
    data: dict[str, Any]
    command: dict[str, Any] | None
    recorded_at: str
