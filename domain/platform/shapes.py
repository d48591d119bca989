"""Shapes for the type checker: the platform's book-keeping dicts and the application as its
mixins see it.

Nothing here runs: the :class:`typing.TypedDict` classes describe dicts that are stored as
plain JSON (in events and snapshots), and :class:`GamesApp` is the part of
:class:`~domain.platform.application.Games` that its mixins (``rewind.py``, ``archive.py``,
``presentation.py``) use. Each mixin names it as its base class for mypy only (at run time the
base is ``object``), so a mixin that calls something the application does not offer fails
``make lint``.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, NotRequired, Protocol, TypedDict, TypeVar

if TYPE_CHECKING:
    from eventsourcing.domain import DomainEvent
    from eventsourcing.persistence import EventStore

    from .game import Created, Game, GameEvent, MoveResult

T = TypeVar("T")

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


class GamesApp(Protocol):
    """What the mixins of :class:`~domain.platform.application.Games` use of the application."""

    events: EventStore[uuid.UUID]

    # loading and saving (application.py)
    def _lock(self, game_id: uuid.UUID) -> threading.RLock: ...
    def _current(self, game_id: uuid.UUID) -> Game: ...
    def _check_open(self, game: Game) -> None: ...
    def _guard(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T: ...
    def _store(self, events: Sequence[DomainEvent]) -> None: ...
    def _cache_drop(self, game_id: uuid.UUID) -> None: ...
    def _after_append(self, game: Game, events: list[GameEvent]) -> None: ...
    def _start(
        self,
        game_id: uuid.UUID,
        created_data: dict[str, Any],
        later: list[dict[str, Any]],
        timestamps: Sequence[datetime] | None = None,
        also: Callable[[uuid.UUID], list[Any]] | list[Any] | None = None,
    ) -> Created: ...
    def create_game(
        self,
        title: str,
        variant: str,
        players: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        series: dict[str, Any] | None = None,
        also: Callable[[uuid.UUID], list[Any]] | list[Any] | None = None,
    ) -> Created: ...
    @staticmethod
    def _names(game: Game, seats: Iterable[int]) -> str: ...
    def get_game(self, game_id: uuid.UUID) -> Game: ...
    def game_at(self, game_id: uuid.UUID, version: int | None = None) -> Game: ...
    def stored_events(
        self, game_id: uuid.UUID, after: int = 0, limit: int | None = None
    ) -> list[GameEvent]: ...

    # what one mixin uses of another (presentation.py)
    def summary(self, game: Game) -> dict[str, Any]: ...
    def event_data(
        self, game: Game, event: GameEvent, viewer: int | None, finished: bool
    ) -> dict[str, Any]: ...

    # used by the clocks and bot seats (clocks.py, bots/seats.py)
    _cache: OrderedDict[uuid.UUID, Game]
    _cache_lock: threading.Lock

    def _meta(
        self, game: Game, facts: list[tuple[str, int, dict[str, Any]]]
    ) -> list[GameEvent]: ...
    def _save_meta(self, game: Game, events: list[GameEvent]) -> None: ...
    @staticmethod
    def is_over(game: Game) -> bool: ...
    def read(self, game_id: uuid.UUID, fn: Callable[[Game], Any]) -> Any: ...
    def play(
        self,
        game_id: uuid.UUID,
        seat: int,
        move: dict[str, Any],
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        bot: dict[str, Any] | None = None,
    ) -> MoveResult: ...
