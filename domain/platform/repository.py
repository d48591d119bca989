"""The games' repository: load, cache, lock and store game streams (issue 35 item 3).

One stream per game (``game.py``); a game's version is the number of events in its stream. The
repository is the platform's one ``eventsourcing.Application``: it folds a game from its
nearest snapshot and later events with a plain projector function, keeps recently used games
in memory (caught up with the store before each use), hands out one lock per game, and saves
events in one transaction with optimistic concurrency (the store's unique (stream, version)
key lets exactly one of two racing writes win). Snapshots are taken every
``SNAPSHOT_INTERVAL`` events. The services (``moves.py``, ``clocks.py``, ``rewind.py``,
``series_app.py``, ``archive.py``, ``presentation.py``, ``seats.py``) use it through the
public methods below; ``application.py`` composes them.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from functools import partial
from typing import Any, ClassVar, TypeVar, cast

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError, PersistenceError

from ..common.errors import ConcurrentWrite, GameNotFound, StoreUnavailable, VersionNotFound
from .game import GAME_CREATED_TOPIC, Created, Game, GameCreated, GameEvent, GameSnapshot, fold
from .tokens import issue_keys
from .transcoder import EventTranscoder

log = logging.getLogger(__name__)

SNAPSHOT_INTERVAL = 64
T = TypeVar("T")
#: what :meth:`GameRepository.start` also saves: events of another stream (a series'), or a
#: function of the new game's id that makes them
Also = Callable[[uuid.UUID], list[Any]] | list[Any] | None


class GameRepository(Application):
    """Game streams and the store they live in (one per process, built by ``application.py``)."""

    name = "chronicle"
    env: ClassVar[dict[str, str]] = {"COMPRESSOR_TOPIC": ""}
    is_snapshotting_enabled = True
    snapshot_class = GameSnapshot

    def construct_transcoder(self) -> EventTranscoder:
        """Plain JSON for stored events (see ``transcoder.py``)."""
        return EventTranscoder()

    def __init__(self, env: dict | None = None, cache_size: int = 256) -> None:
        super().__init__(env)
        self._cache: OrderedDict[uuid.UUID, Game] = OrderedDict()
        self.cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._locks: dict[uuid.UUID, threading.RLock] = {}
        self._locks_lock = threading.Lock()
        #: called with the saved events after every successful save (wake-ups, streams)
        self.after_save: list[Callable[[Sequence[DomainEvent]], None]] = []

    def close(self) -> None:
        """Stop the after-save hooks that run threads of their own, then close the store."""
        for hook in self.after_save:
            stop = getattr(hook, "close", None)
            if callable(stop):
                try:
                    stop()
                except Exception:  # closing is best effort
                    log.debug("closing an after-save hook failed", exc_info=True)
        super().close()

    # ------------------------------------------------------------------ locks and cache
    def lock(self, game_id: uuid.UUID) -> threading.RLock:
        """The game's lock: hold it from reading the current game to saving its next events."""
        with self._locks_lock:
            lock = self._locks.get(game_id)
            if lock is None:
                if len(self._locks) > 4 * self.cache_size:
                    self._locks = {k: v for k, v in self._locks.items() if k in self._cache}
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def remember(self, game: Game) -> None:
        """Keep ``game`` as the cached current game of its stream."""
        with self._cache_lock:
            self._cache[game.id] = game
            self._cache.move_to_end(game.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def forget(self, game_id: uuid.UUID | None = None) -> None:
        """Drop the cached game (every cached game without ``game_id``): the next read loads
        it from the store."""
        with self._cache_lock:
            if game_id is None:
                self._cache.clear()
            else:
                self._cache.pop(game_id, None)

    def cached(self, game_id: uuid.UUID) -> Game | None:
        """The cached game as it was last used (it may be behind the store), or None."""
        with self._cache_lock:
            return self._cache.get(game_id)

    # ------------------------------------------------------------------ storing
    def store(self, events: Sequence[DomainEvent]) -> None:
        """Save events in one transaction; store trouble becomes ``StoreUnavailable``.

        Goes straight to the library's ``_record`` with a prepared ``ProcessingEvent``: the
        public ``save`` spends a fifth of its time in runtime Protocol checks of each object,
        and takes snapshots this class takes itself (see :meth:`after_append`).
        """
        processing: ProcessingEvent[uuid.UUID] = ProcessingEvent()
        processing.events.extend(events)
        self.guard(self._record, processing)
        for hook in self.after_save:
            try:
                hook(events)
            except Exception:  # a wake-up must never undo a saved move
                log.exception("after-save hook failed")

    def guard(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Call ``fn``; store trouble becomes ``StoreUnavailable`` (a lost race stays an
        ``IntegrityError`` for the caller to handle)."""
        try:
            return fn(*args, **kwargs)
        except IntegrityError:
            raise
        except PersistenceError as err:
            log.warning("event store unavailable: %s", err)
            raise StoreUnavailable() from err

    def append(self, game: Game, events: list[GameEvent]) -> None:
        """Save the next events of ``game`` (read under its lock) and fold them in; a lost
        race becomes ``ConcurrentWrite``."""
        try:
            self.store(events)
        except IntegrityError:
            self.forget(game.id)
            raise ConcurrentWrite(current=self.get_game(game.id).version) from None
        self.after_append(game, events)

    def after_append(self, game: Game, events: list[GameEvent]) -> None:
        """Fold freshly saved events into the cached game and snapshot when due."""
        before = game.version
        fold(game, events, partial(self.state_at, game.id))
        self.remember(game)
        self._maybe_snapshot(game, before)

    def _maybe_snapshot(self, game: Game, before: int) -> None:
        if game.version // SNAPSHOT_INTERVAL > before // SNAPSHOT_INTERVAL and self.snapshots:
            try:
                self.snapshots.put([GameSnapshot.take(game)])
            except Exception:  # the events are saved; a missing snapshot only costs replay time
                log.exception("snapshot of game %s at version %s failed", game.id, game.version)

    # ------------------------------------------------------------------ new streams
    def start(
        self,
        game_id: uuid.UUID,
        created_data: dict,
        later: list[dict],
        timestamps: Sequence[datetime] | None = None,
        also: Also = None,
    ) -> Created:
        """Save a new stream: GameCreated, then ``later`` log entries, plus the seat keys."""
        events, tokens = self.recorded_events(game_id, created_data, later, timestamps, also)
        self.store(events)
        # fold what was just stored, as a live move folds its own events: the same objects
        # the store encoded, so no read back and decode (an import's largest platform cost)
        stream = (e for e in events if e.originator_id == game_id)
        game = cast(Game, fold(None, stream, partial(self.state_at, game_id)))
        self._maybe_snapshot(game, 0)
        self.remember(game)
        return Created(game, tokens)

    def store_recorded(
        self,
        game_id: uuid.UUID,
        created_data: dict,
        later: list[dict],
        timestamps: Sequence[datetime] | None = None,
        also: Also = None,
    ) -> list[str]:
        """Store a game from a recorded log in one transaction (GameCreated data, then log
        entries ``{"type", "seat", "data", "command"}``) with fresh seat tokens, which are
        returned. The rules are not run: callers store only what was played or audited (an
        import after its audit; the scale benchmark's copies of recorded games)."""
        events, tokens = self.recorded_events(game_id, created_data, later, timestamps, also)
        self.store(events)
        return tokens

    @staticmethod
    def recorded_events(
        game_id: uuid.UUID,
        created_data: dict,
        later: list[dict],
        timestamps: Sequence[datetime] | None = None,
        also: Also = None,
    ) -> tuple[list[DomainEvent], list[str]]:
        """The events :meth:`store_recorded` saves, and the new seat tokens."""
        created = GameCreated(
            originator_id=game_id,
            originator_version=1,
            timestamp=(timestamps[0] if timestamps else GameCreated.create_timestamp()),
            type="GameCreated",
            seat=None,
            data=created_data,
            command={"setup": True, "count": 1},
        )
        events: list[DomainEvent] = [created]
        for i, entry in enumerate(later, start=2):
            events.append(
                GameEvent(
                    originator_id=game_id,
                    originator_version=i,
                    timestamp=(timestamps[i - 1] if timestamps else GameEvent.create_timestamp()),
                    type=entry["type"],
                    seat=entry.get("seat"),
                    data=entry.get("data") or {},
                    command=entry.get("command"),
                )
            )
        keys, tokens = issue_keys(game_id, len(created_data["players"]))
        events.append(keys)
        if also:  # events of another stream saved with the game (a series)
            events.extend(also(game_id) if callable(also) else also)
        return events, tokens

    # ------------------------------------------------------------------ loading
    def state_at(self, game_id: uuid.UUID, version: int) -> dict:
        """The title state after event ``version``, freshly rebuilt (the caller owns it); an
        ``UndoApplied`` event folds in the state of the version it returns to."""
        return self._load_at(game_id, version).state

    def _load_at(self, game_id: uuid.UUID, version: int | None) -> Game:
        try:
            return self.guard(
                self.repository.get,
                game_id,
                version=version,
                projector_func=partial(fold, state_at=partial(self.state_at, game_id)),
            )
        except AggregateNotFoundError:
            raise GameNotFound(game=str(game_id)) from None

    def current(self, game_id: uuid.UUID) -> Game:
        """The current game (cached, caught up with the store). Call with the game's lock."""
        game = self.cached(game_id)
        if game is None:
            game = self._load_at(game_id, None)
        else:
            newer = list(self.guard(self.events.get, game_id, gt=game.version))
            if newer:
                game = cast(Game, fold(game, newer, partial(self.state_at, game_id)))
        self.remember(game)
        return game

    def get_game(self, game_id: uuid.UUID) -> Game:
        """The game as it stands now (a private copy is not made: treat it as read-only)."""
        with self.lock(game_id):
            return self.current(game_id)

    def read(self, game_id: uuid.UUID, fn: Callable[[Game], T]) -> T:
        """Run ``fn`` on the current game while no move can change it."""
        with self.lock(game_id):
            return fn(self.current(game_id))

    def game_at(self, game_id: uuid.UUID, version: int | None = None) -> Game:
        """The game after event ``version`` (default: now)."""
        if version is None:
            return self.get_game(game_id)
        current = self.get_game(game_id)
        if version == current.version:
            return current
        if not 1 <= version <= current.version:
            raise VersionNotFound(game=str(game_id), version=version, current=current.version)
        return self._load_at(game_id, version)

    def rebuild(
        self, game_id: uuid.UUID, version: int | None = None, use_snapshots: bool = False
    ) -> Game:
        """Fold the stream from its events (no cache; snapshots only if asked)."""
        if use_snapshots:
            return self._load_at(game_id, version)
        events = self.guard(self.events.get, game_id, lte=version)
        game = fold(None, events, partial(self.state_at, game_id))
        if game is None:
            raise GameNotFound(game=str(game_id))
        return game

    def stored_events(
        self, game_id: uuid.UUID, after: int = 0, limit: int | None = None
    ) -> list[GameEvent]:
        """The stored events of a game after version ``after`` (at most ``limit``)."""
        return cast(
            "list[GameEvent]",
            list(self.guard(self.events.get, game_id, gt=after or None, limit=limit)),
        )

    def exists(self, game_id: uuid.UUID) -> bool:
        return bool(self.stored_events(game_id, limit=1))

    def game_ids(self, newest_first: bool = True) -> Iterator[uuid.UUID]:
        """Every game id in the store, from the notification log (GameCreated events only)."""
        start = 1
        ids: list[uuid.UUID] = []
        while True:
            batch = self.guard(
                self.recorder.select_notifications, start, 500, topics=[GAME_CREATED_TOPIC]
            )
            if not batch:
                break
            ids.extend(uuid.UUID(str(n.originator_id)) for n in batch)
            start = batch[-1].id + 1
        return iter(reversed(ids) if newest_first else ids)
