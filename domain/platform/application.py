"""``Games``: the event-sourced application every entry point (HTTP, CLI, workers) drives.

One stream per game (``game.py``); a game's version is the number of events in its stream.
A move is decided by the title's pure rules against the current state and saved in one
transaction with optimistic concurrency: the store's unique (game, version) key lets exactly one
of two racing writes win. The command is stored on the first event it produced, so an audit can
re-run it. Snapshots are taken every ``SNAPSHOT_INTERVAL`` events; states at past versions are
rebuilt from the nearest snapshot with a plain projector function.

The class is assembled from mixins kept in their own modules: ``rewind.py`` (undo, forks),
``archive.py`` (audit, export, import) and ``presentation.py`` (summaries, readable events).

Seat tokens are not part of a game: their SHA-256 hashes live in a separate stream per game
(``SeatKeysIssued``), never in the game's events or exports.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, ClassVar, TypeVar, cast

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import EventStore, IntegrityError, PersistenceError

from ..bots import seat_players
from ..common.errors import (
    ConcurrentWrite,
    DomainError,
    GameNotFound,
    GameOver,
    IdempotencyKeyReused,
    InvalidMove,
    NotYourTurn,
    RuleViolation,
    StaleVersion,
    StoreUnavailable,
    VersionNotFound,
)
from ..common.events import Event
from ..common.i18n import gettext, join_list
from ..common.rng import Rng, new_seed, seed_hash
from ..common.title import GameConfig, Title
from . import dropping, meta, registry
from .archive import Archive
from .clocks import Clocks, check_clock
from .game import (
    Created,
    Game,
    GameEvent,
    GameSnapshot,
    MoveResult,
    fact_dict,
    fold,
    idem_key,
    is_over,
    request_hash,
)
from .presentation import Presentation
from .records import jsonclean
from .rewind import Rewinding
from .seats import BotSeats
from .series_app import SeriesMixin
from .tokens import new_token, token_game, token_hash
from .transcoder import EventTranscoder, stored_as

log = logging.getLogger(__name__)

SNAPSHOT_INTERVAL = 64
SEAT_KEYS_NAMESPACE = uuid.UUID("6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10")
#: how long a process trusts the seat-token hashes it has read (a replaced token stops
#: working in every process within this many seconds)
SEAT_KEYS_TTL = 5.0
MAX_MOVE_ATTEMPTS = 4
T = TypeVar("T")


@stored_as("domain.application:GameCreated")
@dataclass(frozen=True)  # as GameEvent (domain/platform/game.py)
class GameCreated(GameEvent):
    """The first event of every game stream (its own class so it can be found by topic)."""


@stored_as("domain.application:SeatKeysIssued")
@dataclass(frozen=True)  # as GameEvent (domain/platform/game.py)
class SeatKeysIssued(DomainEvent):
    """SHA-256 hashes of a game's seat tokens, one per seat (a stream of its own)."""

    hashes: list


GAME_CREATED_TOPIC = "domain.application:GameCreated"


class Games(Clocks, BotSeats, SeriesMixin, Rewinding, Archive, Presentation, Application):
    """The game service's application object (one per process)."""

    name = "chronicle"
    env: ClassVar[dict[str, str]] = {"COMPRESSOR_TOPIC": ""}
    is_snapshotting_enabled = True
    snapshot_class = GameSnapshot
    #: set by ``Application.__init__``; declared here for the mixins' protocol (``shapes.py``)
    events: EventStore[uuid.UUID]

    def construct_transcoder(self) -> EventTranscoder:
        """Plain JSON for stored events (see ``domain/platform/transcoder.py``)."""
        return EventTranscoder()

    def __init__(self, env: dict | None = None, cache_size: int = 256) -> None:
        super().__init__(env)
        self._cache: OrderedDict[uuid.UUID, Game] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._locks: dict[uuid.UUID, threading.RLock] = {}
        self._locks_lock = threading.Lock()
        self._keys_cache: OrderedDict[uuid.UUID, tuple[float, list[str]]] = OrderedDict()
        #: called with the saved events after every successful save (wake-ups, streams)
        self.after_save: list[Callable[[Sequence[DomainEvent]], None]] = []
        #: the shortest move clock a game may choose (tests and demonstrations set a few s)
        self.clock_min_seconds = int(self.env.get("CHRONICLE_CLOCK_MIN_SECONDS") or 3600)

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

    # ------------------------------------------------------------------ infrastructure helpers
    def _lock(self, game_id: uuid.UUID) -> threading.RLock:
        with self._locks_lock:
            lock = self._locks.get(game_id)
            if lock is None:
                if len(self._locks) > 4 * self._cache_size:
                    self._locks = {k: v for k, v in self._locks.items() if k in self._cache}
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def _cache_put(self, game: Game) -> None:
        with self._cache_lock:
            self._cache[game.id] = game
            self._cache.move_to_end(game.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _cache_drop(self, game_id: uuid.UUID) -> None:
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def _store(self, events: Sequence[DomainEvent]) -> None:
        """Save events in one transaction; store trouble becomes ``StoreUnavailable``.

        Goes straight to the library's ``_record`` with a prepared ``ProcessingEvent``: the
        public ``save`` spends a fifth of its time in runtime Protocol checks of each object,
        and takes snapshots this class takes itself (see ``_maybe_snapshot``).
        """
        processing: ProcessingEvent[uuid.UUID] = ProcessingEvent()
        processing.events.extend(events)
        self._guard(self._record, processing)
        for hook in self.after_save:
            try:
                hook(events)
            except Exception:  # a wake-up must never undo a saved move
                log.exception("after-save hook failed")

    def _guard(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Call ``fn``; store trouble becomes ``StoreUnavailable`` (a lost race stays an
        ``IntegrityError`` for the caller to handle)."""
        try:
            return fn(*args, **kwargs)
        except IntegrityError:
            raise
        except PersistenceError as err:
            log.warning("event store unavailable: %s", err)
            raise StoreUnavailable() from err

    # ------------------------------------------------------------------ loading
    def _projector(self, game_id: uuid.UUID) -> Callable[..., Game | None]:
        return partial(fold, state_at=partial(self.state_at, game_id))

    def state_at(self, game_id: uuid.UUID, version: int) -> dict:
        """The title state after event ``version``, freshly rebuilt (the caller owns it); an
        ``UndoApplied`` event folds in the state of the version it returns to."""
        return self._load_at(game_id, version).state

    def _load_at(self, game_id: uuid.UUID, version: int | None) -> Game:
        try:
            return self._guard(
                self.repository.get,
                game_id,
                version=version,
                projector_func=self._projector(game_id),
            )
        except AggregateNotFoundError:
            raise GameNotFound(game=str(game_id)) from None

    def _current(self, game_id: uuid.UUID) -> Game:
        """The current game (cached, caught up with the store). Call with the game's lock."""
        with self._cache_lock:
            game = self._cache.get(game_id)
        if game is None:
            game = self._load_at(game_id, None)
        else:
            newer = list(self._guard(self.events.get, game_id, gt=game.version))
            if newer:
                game = cast(Game, fold(game, newer, partial(self.state_at, game_id)))
        self._cache_put(game)
        return game

    def get_game(self, game_id: uuid.UUID) -> Game:
        """The game as it stands now (a private copy is not made: treat it as read-only)."""
        with self._lock(game_id):
            return self._current(game_id)

    def read(self, game_id: uuid.UUID, fn: Callable[[Game], Any]) -> Any:
        """Run ``fn`` on the current game while no move can change it."""
        with self._lock(game_id):
            return fn(self._current(game_id))

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
        events = self._guard(self.events.get, game_id, lte=version)
        game = fold(None, events, partial(self.state_at, game_id))
        if game is None:
            raise GameNotFound(game=str(game_id))
        return game

    def stored_events(
        self, game_id: uuid.UUID, after: int = 0, limit: int | None = None
    ) -> list[GameEvent]:
        return cast(
            "list[GameEvent]",
            list(self._guard(self.events.get, game_id, gt=after or None, limit=limit)),
        )

    def exists(self, game_id: uuid.UUID) -> bool:
        return bool(self.stored_events(game_id, limit=1))

    # ------------------------------------------------------------------ creation
    def create_game(
        self,
        title: str,
        variant: str,
        players: list,
        options: dict | None = None,
        seed: int | None = None,
        series: dict | None = None,
        also: Callable[[uuid.UUID], list] | list | None = None,
    ) -> Created:
        """Set up a new game. Without ``seed`` a private 128-bit seed is drawn. A player is a
        name or a bot seat (``{"bot": "search", "level": 2}``, see ``domain/bots``);
        ``options["clock"]`` is the platform's move clock (``domain/platform/clocks``), the other
        options are the title's. A game of a series (``domain/platform/series_app.py``) names it in
        ``series`` (``{"id", "number", "carry"}``, recorded in ``GameCreated``) and passes the
        series' own events in ``also``, saved in the same transaction."""
        rules = registry.current(title)
        options = dict(options or {})
        clock = check_clock(options.pop("clock", None), self.clock_min_seconds)
        players, bots = seat_players(list(players))
        config = GameConfig(variant, tuple(players), options)
        filled = rules.check_config(config)
        config = GameConfig(variant, tuple(players), filled, series=series)
        seeded = seed is not None
        seed = int(seed) if seed is not None else new_seed()
        game_id = uuid.uuid4()
        setup = [fact_dict(f) for f in rules.setup(config, Rng(seed))]
        data = {
            "title": rules.name,
            "rules_version": rules.rules_version,
            "variant": variant,
            "players": list(players),
            "options": filled,
            "seeded": seeded,
            "seeds": [{"from": 0, "seed": seed, "hash": seed_hash(seed), "origin": str(game_id)}],
            "parent": None,
            "setup": jsonclean(setup),
        }
        if series is not None:
            data["series"] = jsonclean(series)
        if bots:
            data["bots"] = bots
        if clock:
            data["clock"] = clock
        return self._start(game_id, data, [], also=also)

    def _start(
        self,
        game_id: uuid.UUID,
        created_data: dict,
        later: list[dict],
        timestamps: Sequence[datetime] | None = None,
        also: Callable[[uuid.UUID], list] | list | None = None,
    ) -> Created:
        """Save a new stream: GameCreated, then ``later`` log entries, plus the seat keys."""
        events, tokens = self._recorded_events(game_id, created_data, later, timestamps, also)
        self._store(events)
        # fold what was just stored, as a live move folds its own events: the same objects
        # the store encoded, so no read back and decode (an import's largest platform cost)
        stream = (e for e in events if e.originator_id == game_id)
        game = cast(Game, fold(None, stream, partial(self.state_at, game_id)))
        self._maybe_snapshot(game, 0)
        self._cache_put(game)
        return Created(game, tokens)

    def store_recorded(
        self,
        game_id: uuid.UUID,
        created_data: dict,
        later: list[dict],
        timestamps: Sequence[datetime] | None = None,
        also: Callable[[uuid.UUID], list] | list | None = None,
    ) -> list[str]:
        """Store a game from a recorded log in one transaction (GameCreated data, then log
        entries ``{"type", "seat", "data", "command"}``) with fresh seat tokens, which are
        returned. The rules are not run: callers store only what was played or audited (an
        import after its audit; the scale benchmark's copies of recorded games)."""
        events, tokens = self._recorded_events(game_id, created_data, later, timestamps, also)
        self._store(events)
        return tokens

    def _recorded_events(
        self,
        game_id: uuid.UUID,
        created_data: dict,
        later: list[dict],
        timestamps: Sequence[datetime] | None = None,
        also: Callable[[uuid.UUID], list] | list | None = None,
    ) -> tuple[list[DomainEvent], list[str]]:
        """The events :meth:`store_recorded` saves, and the new seat tokens."""
        n = len(created_data["players"])
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
        tokens = [new_token(game_id) for _ in range(n)]
        events.append(
            SeatKeysIssued(
                originator_id=self._keys_id(game_id),
                originator_version=1,
                timestamp=SeatKeysIssued.create_timestamp(),
                hashes=[token_hash(t) for t in tokens],
            )
        )
        if also:  # events of another stream saved with the game (a series)
            events.extend(also(game_id) if callable(also) else also)
        return events, tokens

    # ------------------------------------------------------------------ seats
    def seat_keys(self, game_id: uuid.UUID) -> list[str]:
        """The seats' current token hashes (what invite links and browser seats are bound to;
        they change when a seat's token is replaced)."""
        return list(self._seat_hashes(game_id))

    def seat_for_token(self, game_id: uuid.UUID, token: str) -> int | None:
        """The seat ``token`` acts for in this game, or None."""
        hashes = self._seat_hashes(game_id)
        digest = token_hash(token)
        for seat, h in enumerate(hashes):
            if hmac.compare_digest(h, digest):
                return seat
        return None

    def locate_token(self, token: str) -> tuple[uuid.UUID, int] | None:
        """The (game, seat) a token is valid for, or None if it is valid nowhere."""
        game_id = token_game(token)
        if game_id is None:
            return None
        try:
            seat = self.seat_for_token(game_id, token)
        except DomainError:
            return None
        return None if seat is None else (game_id, seat)

    def _seat_hashes(self, game_id: uuid.UUID) -> list[str]:
        """The seats' token hashes (the latest ``SeatKeysIssued``), cached for
        ``SEAT_KEYS_TTL`` seconds so that a token replaced in another process stops working
        here within that time."""
        now = time.monotonic()
        with self._cache_lock:
            cached = self._keys_cache.get(game_id)
        if cached is not None and now - cached[0] < SEAT_KEYS_TTL:
            return cached[1]
        found = self._key_events(game_id)
        hashes = list(found[-1].hashes) if found else []
        with self._cache_lock:
            self._keys_cache[game_id] = (now, hashes)
            while len(self._keys_cache) > 4 * self._cache_size:
                self._keys_cache.popitem(last=False)
        return hashes

    def _key_events(self, game_id: uuid.UUID) -> list[SeatKeysIssued]:
        return cast(
            "list[SeatKeysIssued]", list(self._guard(self.events.get, self._keys_id(game_id)))
        )

    @staticmethod
    def _keys_id(game_id: uuid.UUID) -> uuid.UUID:
        return uuid.uuid5(SEAT_KEYS_NAMESPACE, str(game_id))

    def replace_seat_token(self, game_id: uuid.UUID, seat: int) -> str:
        """A new token for ``seat``, returned once; the old one, and every invite link that
        carries it, stops working (here at once, in other processes within
        ``SEAT_KEYS_TTL`` seconds)."""
        with self._lock(game_id):
            players = self.get_game(game_id).players
            if not 0 <= seat < len(players):
                raise GameNotFound(game=str(game_id))
            found = self._key_events(game_id)
            hashes = list(found[-1].hashes)
            token = new_token(game_id)
            hashes[seat] = token_hash(token)
            self._store(
                [
                    SeatKeysIssued(
                        originator_id=self._keys_id(game_id),
                        originator_version=found[-1].originator_version + 1,
                        timestamp=SeatKeysIssued.create_timestamp(),
                        hashes=hashes,
                    )
                ]
            )
            with self._cache_lock:
                self._keys_cache.pop(game_id, None)
            return token

    # ------------------------------------------------------------------ playing
    def legal_moves(self, game_id: uuid.UUID, seat: int) -> tuple[int, list[dict]]:
        """The moves ``seat`` may post now (none while an undo waits, once the game is over,
        or for a dropped seat: only its zombie moves for it)."""

        def moves(game: Game) -> tuple[int, list[dict]]:
            if game.pending_undo or self.is_over(game) or dropping.is_dropped(game, seat):
                return game.version, []
            return game.version, game.rules.legal_moves(game.state, seat)

        return self.read(game_id, moves)

    def play(
        self,
        game_id: uuid.UUID,
        seat: int,
        move: dict,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        bot: dict | None = None,
    ) -> MoveResult:
        """Decide and save one move for ``seat``.

        With ``expected_version`` (If-Match) the move is refused with ``StaleVersion`` unless the
        game is still at that version; if another write wins the race meanwhile the caller gets
        ``ConcurrentWrite``. Without it, a lost race is retried: the rules decide again against
        the new state. A repeated ``idempotency_key`` with the same move returns the first
        result and records nothing. ``bot`` (``{"bot", "level"}``) marks a move a bot chose;
        a player moving for a seat a bot took over when its clock ran out takes it back.
        """
        move_hash = request_hash(seat, move)
        for _attempt in range(MAX_MOVE_ATTEMPTS):
            with self._lock(game_id):
                game = self._current(game_id)
                if idempotency_key is not None:
                    earlier = game.idem.get(idem_key(seat, idempotency_key))
                    if earlier is not None:
                        if earlier["hash"] != move_hash:
                            raise IdempotencyKeyReused(key=idempotency_key)
                        events = self.stored_events(
                            game_id,
                            after=earlier["first"] - 1,
                            limit=earlier["last"] - earlier["first"] + 1,
                        )
                        return MoveResult(earlier["last"], events, replayed=True)
                if expected_version is not None and expected_version != game.version:
                    raise StaleVersion(expected=expected_version, current=game.version)
                if bot is None and game.bots.get(str(seat), {}).get("why") == "clock":
                    self.reclaim_seat(game_id, seat)  # the player is back
                    game = self._current(game_id)
                if bot is None and dropping.is_dropped(game, seat):  # only its zombie moves
                    raise RuleViolation("seat_dropped", seat_name=game.players[seat])
                rules = game.rules
                self._check_can_move(game, rules, seat)
                facts = rules.decide(game.state, seat, move, Rng(game.seed_for(game.version)))
                if not facts:
                    raise InvalidMove(reason="the move changes nothing")
                command = {
                    "seat": seat,
                    "move": rules.seal_move(jsonclean(move), seat),
                    "count": len(facts),
                }
                if bot is not None:
                    command["bot"] = dict(bot)
                if idempotency_key is not None:
                    command["key"] = idempotency_key
                    command["hash"] = move_hash
                events = self._batch(game, facts, command)
                try:
                    self._store(events)
                except IntegrityError:
                    self._cache_drop(game_id)
                    if expected_version is not None and idempotency_key is None:
                        raise ConcurrentWrite(current=self.get_game(game_id).version) from None
                    continue
                self._after_append(game, events)
                return MoveResult(events[-1].originator_version, events)
        raise ConcurrentWrite(current=self.get_game(game_id).version)

    def _check_can_move(self, game: Game, rules: Title, seat: int) -> None:
        if not 0 <= seat < len(game.players):
            raise NotYourTurn(seat_name=f"seat {seat}", waiting="its players")
        self._check_open(game)

    @staticmethod
    def is_over(game: Game) -> bool:
        """Over by the rules, or ended by the platform when a clock ran out (adjudicated, or
        every opponent dropped; ``domain/platform/clocks``, ``domain/platform/dropping``)."""
        return is_over(game)

    def _check_open(self, game: Game) -> None:
        """Moves and new undo requests need a game that is not over and has no open undo."""
        if game.adjudicated:  # a clock ran out and the game was decided
            raise GameOver()
        meta.check_open(game)

    def _batch(self, game: Game, facts: list[Event], command: dict | None) -> list[GameEvent]:
        events = []
        for i, fact in enumerate(facts):
            events.append(
                GameEvent(
                    originator_id=game.id,
                    originator_version=game.version + 1 + i,
                    timestamp=GameEvent.create_timestamp(),
                    type=fact.type,
                    seat=fact.seat,
                    data=jsonclean(fact.data),
                    command=command if i == 0 else None,
                )
            )
        return events

    def _after_append(self, game: Game, events: list[GameEvent]) -> None:
        """Fold freshly saved events into the cached game and snapshot when due."""
        before = game.version
        fold(game, events, partial(self.state_at, game.id))
        self._cache_put(game)
        self._maybe_snapshot(game, before)

    def _maybe_snapshot(self, game: Game, before: int) -> None:
        if game.version // SNAPSHOT_INTERVAL > before // SNAPSHOT_INTERVAL and self.snapshots:
            try:
                self.snapshots.put([GameSnapshot.take(game)])
            except Exception:  # the events are saved; a missing snapshot only costs replay time
                log.exception("snapshot of game %s at version %s failed", game.id, game.version)

    @staticmethod
    def _names(game: Game, seats: Iterable[int]) -> str:
        return join_list([game.players[s] for s in seats], gettext("nobody"))

    # ------------------------------------------------------------------ listing
    def game_ids(self, newest_first: bool = True) -> Iterator[uuid.UUID]:
        """Every game id in the store, from the notification log (GameCreated events only)."""
        start = 1
        ids: list[uuid.UUID] = []
        while True:
            batch = self._guard(
                self.recorder.select_notifications, start, 500, topics=[GAME_CREATED_TOPIC]
            )
            if not batch:
                break
            ids.extend(uuid.UUID(str(n.originator_id)) for n in batch)
            start = batch[-1].id + 1
        return iter(reversed(ids) if newest_first else ids)
