"""``Games``: the event-sourced application every entry point (HTTP, CLI, workers) drives.

One stream per game (``domain.game``); a game's version is the number of events in its stream.
A move is decided by the title's pure rules against the current state and saved in one
transaction with optimistic concurrency: the store's unique (game, version) key lets exactly one
of two racing writes win. The command is stored on the first event it produced, so an audit can
re-run it. Snapshots are taken every ``SNAPSHOT_INTERVAL`` events; states at past versions are
rebuilt from the nearest snapshot with a plain projector function.

Seat tokens are not part of a game: their SHA-256 hashes live in a separate stream per game
(``SeatKeysIssued``), never in the game's events or exports.
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import logging
import secrets
import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterator

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError, PersistenceError

from . import registry
from .common.errors import (ConcurrentWrite, DomainError, GameNotFound, GameOver,
                            IdempotencyKeyReused, InvalidMove, NotYourTurn, RecordError,
                            RuleViolation, StaleVersion,
                            StoreUnavailable, UndoError, VersionNotFound)
from .common.rng import Rng, new_seed, seed_hash
from .common.title import GameConfig, Title
from .common.visibility import has_hidden, redact
from .game import META_TYPES, Game, GameEvent, GameSnapshot, fact_dict, fold
from .transcoder import EventTranscoder
from .records import (RECORD_FORMAT, AuditReport, audit_log, chain, jsonclean,
                      verify_chain)

log = logging.getLogger(__name__)

SNAPSHOT_INTERVAL = 64
SEAT_KEYS_NAMESPACE = uuid.UUID("6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10")
MAX_MOVE_ATTEMPTS = 4


class GameCreated(GameEvent):
    """The first event of every game stream (its own class so it can be found by topic)."""


class SeatKeysIssued(DomainEvent):
    """SHA-256 hashes of a game's seat tokens, one per seat (a stream of its own)."""

    hashes: list


GAME_CREATED_TOPIC = "domain.application:GameCreated"


@dataclass
class Created:
    """A new game (created, forked or imported) and its seat tokens, shown only once."""

    game: Game
    tokens: list[str]


@dataclass
class MoveResult:
    version: int
    events: list[GameEvent]
    replayed: bool = False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token(game_id: uuid.UUID) -> str:
    """A bearer token for one seat: the game's id, a dot, then 256 random bits.

    Clients treat it as opaque. Naming the game lets the service tell "a valid token for another
    game" (403) from "no such token" (401) without any global index of tokens.
    """
    return f"{game_id.hex}.{secrets.token_urlsafe(32)}"


def token_game(token: str) -> uuid.UUID | None:
    """The game a token claims to belong to (not yet verified), or None if malformed."""
    head, _, secret = token.partition(".")
    if len(head) != 32 or len(secret) < 43:
        return None
    try:
        return uuid.UUID(hex=head)
    except ValueError:
        return None


class Games(Application):
    """The game service's application object (one per process)."""

    name = "chronicle"
    env = {"COMPRESSOR_TOPIC": ""}
    is_snapshotting_enabled = True
    snapshot_class = GameSnapshot

    def construct_transcoder(self) -> EventTranscoder:
        """Plain JSON for stored events (see ``domain/transcoder.py``)."""
        return EventTranscoder()

    def __init__(self, env: dict | None = None, cache_size: int = 256) -> None:
        super().__init__(env)
        self._cache: OrderedDict[uuid.UUID, Game] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._locks: dict[uuid.UUID, threading.RLock] = {}
        self._locks_lock = threading.Lock()
        self._keys_cache: OrderedDict[uuid.UUID, list[str]] = OrderedDict()
        #: called with the saved events after every successful save (wake-ups, streams)
        self.after_save: list[Callable[[list[DomainEvent]], None]] = []

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

    def _store(self, events: list[DomainEvent]) -> None:
        """Save events in one transaction; store trouble becomes ``StoreUnavailable``.

        Goes straight to the library's ``_record`` with a prepared ``ProcessingEvent``: the
        public ``save`` spends a fifth of its time in runtime Protocol checks of each object,
        and takes snapshots this class takes itself (see ``_maybe_snapshot``).
        """
        processing = ProcessingEvent()
        processing.events.extend(events)
        try:
            self._record(processing)
        except IntegrityError:
            raise
        except PersistenceError as err:
            log.warning("event store unavailable: %s", err)
            raise StoreUnavailable() from err
        for hook in self.after_save:
            try:
                hook(events)
            except Exception:  # a wake-up must never undo a saved move
                log.exception("after-save hook failed")

    def _guard(self, fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (IntegrityError,):
            raise
        except PersistenceError as err:
            log.warning("event store unavailable: %s", err)
            raise StoreUnavailable() from err

    # ------------------------------------------------------------------ loading
    def _projector(self, game_id: uuid.UUID):
        return partial(fold, state_at=partial(self._state_at, game_id))

    def _state_at(self, game_id: uuid.UUID, version: int) -> dict:
        return copy.deepcopy(self._load_at(game_id, version).state)

    def _load_at(self, game_id: uuid.UUID, version: int | None) -> Game:
        try:
            return self._guard(self.repository.get, game_id, version=version,
                               projector_func=self._projector(game_id))
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
                game = fold(game, newer, partial(self._state_at, game_id))
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

    def rebuild(self, game_id: uuid.UUID, version: int | None = None,
                use_snapshots: bool = False) -> Game:
        """Fold the stream from its events (no cache; snapshots only if asked)."""
        if use_snapshots:
            return self._load_at(game_id, version)
        events = self._guard(self.events.get, game_id, lte=version)
        game = fold(None, events, partial(self._state_at, game_id))
        if game is None:
            raise GameNotFound(game=str(game_id))
        return game

    def stored_events(self, game_id: uuid.UUID, after: int = 0,
                      limit: int | None = None) -> list[GameEvent]:
        return list(self._guard(self.events.get, game_id, gt=after or None, limit=limit))

    def exists(self, game_id: uuid.UUID) -> bool:
        return bool(self.stored_events(game_id, limit=1))

    # ------------------------------------------------------------------ creation
    def create_game(self, title: str, variant: str, players: list[str],
                    options: dict | None = None, seed: int | None = None) -> Created:
        """Set up a new game. Without ``seed`` a private 128-bit seed is drawn."""
        rules = registry.current(title)
        config = GameConfig(variant, tuple(players), dict(options or {}))
        filled = rules.check_config(config)
        config = GameConfig(variant, tuple(players), filled)
        seeded = seed is not None
        seed = int(seed) if seeded else new_seed()
        game_id = uuid.uuid4()
        setup = [fact_dict(f) for f in rules.setup(config, Rng(seed))]
        data = {"title": rules.name, "rules_version": rules.rules_version, "variant": variant,
                "players": list(players), "options": filled, "seeded": seeded,
                "seeds": [{"from": 0, "seed": seed, "hash": seed_hash(seed),
                           "origin": str(game_id)}],
                "parent": None, "setup": jsonclean(setup)}
        return self._start(game_id, data, [])

    def _start(self, game_id: uuid.UUID, created_data: dict, later: list[dict],
               timestamps: list | None = None) -> Created:
        """Save a new stream: GameCreated, then ``later`` log entries, plus the seat keys."""
        n = len(created_data["players"])
        created = GameCreated(originator_id=game_id, originator_version=1,
                              timestamp=(timestamps[0] if timestamps else
                                         GameCreated.create_timestamp()),
                              type="GameCreated", seat=None, data=created_data,
                              command={"setup": True, "count": 1})
        events: list[DomainEvent] = [created]
        for i, entry in enumerate(later, start=2):
            events.append(GameEvent(originator_id=game_id, originator_version=i,
                                    timestamp=(timestamps[i - 1] if timestamps else
                                               GameEvent.create_timestamp()),
                                    type=entry["type"], seat=entry.get("seat"),
                                    data=entry.get("data") or {},
                                    command=entry.get("command")))
        tokens = [new_token(game_id) for _ in range(n)]
        keys_id = uuid.uuid5(SEAT_KEYS_NAMESPACE, str(game_id))
        events.append(SeatKeysIssued(originator_id=keys_id, originator_version=1,
                                     timestamp=SeatKeysIssued.create_timestamp(),
                                     hashes=[token_hash(t) for t in tokens]))
        self._store(events)
        game = self.rebuild(game_id)
        self._maybe_snapshot(game, 0)
        self._cache_put(game)
        return Created(game, tokens)

    # ------------------------------------------------------------------ seats
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
        with self._cache_lock:
            hashes = self._keys_cache.get(game_id)
        if hashes is None:
            keys_id = uuid.uuid5(SEAT_KEYS_NAMESPACE, str(game_id))
            found = list(self._guard(self.events.get, keys_id))
            hashes = list(found[-1].hashes) if found else []
            with self._cache_lock:
                self._keys_cache[game_id] = hashes
                while len(self._keys_cache) > 4 * self._cache_size:
                    self._keys_cache.popitem(last=False)
        return hashes

    # ------------------------------------------------------------------ playing
    def legal_moves(self, game_id: uuid.UUID, seat: int) -> tuple[int, list[dict]]:
        def moves(game: Game) -> tuple[int, list[dict]]:
            if game.pending_undo or game.rules.status(game.state).finished:
                return game.version, []
            return game.version, game.rules.legal_moves(game.state, seat)
        return self.read(game_id, moves)

    def play(self, game_id: uuid.UUID, seat: int, move: dict,
             expected_version: int | None = None,
             idempotency_key: str | None = None) -> MoveResult:
        """Decide and save one move for ``seat``.

        With ``expected_version`` (If-Match) the move is refused with ``StaleVersion`` unless the
        game is still at that version; if another write wins the race meanwhile the caller gets
        ``ConcurrentWrite``. Without it, a lost race is retried: the rules decide again against
        the new state. A repeated ``idempotency_key`` with the same move returns the first
        result and records nothing.
        """
        request_hash = hashlib.sha256(repr((seat, jsonclean(move))).encode()).hexdigest()
        for _attempt in range(MAX_MOVE_ATTEMPTS):
            with self._lock(game_id):
                game = self._current(game_id)
                if idempotency_key is not None:
                    earlier = game.idem.get(idempotency_key)
                    if earlier is not None:
                        if earlier["hash"] != request_hash:
                            raise IdempotencyKeyReused(key=idempotency_key)
                        events = self.stored_events(game_id, after=earlier["first"] - 1,
                                                    limit=earlier["last"] - earlier["first"] + 1)
                        return MoveResult(earlier["last"], events, replayed=True)
                if expected_version is not None and expected_version != game.version:
                    raise StaleVersion(expected=expected_version, current=game.version)
                rules = game.rules
                self._check_can_move(game, rules, seat)
                facts = rules.decide(game.state, seat, move, Rng(game.seed_for(game.version)))
                if not facts:
                    raise InvalidMove(reason="the move changes nothing")
                command = {"seat": seat, "move": jsonclean(move), "count": len(facts)}
                if idempotency_key is not None:
                    command["key"] = idempotency_key
                    command["hash"] = request_hash
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
        if rules.status(game.state).finished:
            raise GameOver()
        if game.pending_undo:
            raise RuleViolation("undo_pending", to_version=game.pending_undo["to_version"],
                              waiting=self._names(game, game.pending_undo["waiting"]))

    def _batch(self, game: Game, facts: list, command: dict | None) -> list[GameEvent]:
        events = []
        for i, fact in enumerate(facts):
            events.append(GameEvent(originator_id=game.id,
                                    originator_version=game.version + 1 + i,
                                    timestamp=GameEvent.create_timestamp(),
                                    type=fact.type, seat=fact.seat, data=jsonclean(fact.data),
                                    command=command if i == 0 else None))
        return events

    def _after_append(self, game: Game, events: list[GameEvent]) -> None:
        """Fold freshly saved events into the cached game and snapshot when due."""
        before = game.version
        fold(game, events, partial(self._state_at, game.id))
        self._cache_put(game)
        self._maybe_snapshot(game, before)

    def _maybe_snapshot(self, game: Game, before: int) -> None:
        if game.version // SNAPSHOT_INTERVAL > before // SNAPSHOT_INTERVAL and self.snapshots:
            try:
                self.snapshots.put([GameSnapshot.take(game)])
            except Exception:  # the events are saved; a missing snapshot only costs replay time
                log.exception("snapshot of game %s at version %s failed", game.id, game.version)

    @staticmethod
    def _names(game: Game, seats) -> str:
        names = [game.players[s] for s in seats]
        if len(names) <= 1:
            return "".join(names) or "nobody"
        return ", ".join(names[:-1]) + " and " + names[-1]

    # ------------------------------------------------------------------ undo
    def request_undo(self, game_id: uuid.UUID, seat: int, to_version: int) -> dict:
        """Ask to take the game back to ``to_version``; applied at once if nobody else acted."""
        with self._lock(game_id):
            game = self._current(game_id)
            rules = game.rules
            if rules.status(game.state).finished:
                raise GameOver()
            if game.pending_undo:
                raise RuleViolation("undo_pending", to_version=game.pending_undo["to_version"],
                                  waiting=self._names(game, game.pending_undo["waiting"]))
            if not 1 <= to_version < game.version or game.is_undone(to_version):
                raise UndoError(to_version=to_version,
                                reason=f"it must be an earlier version of the game as it now "
                                       f"stands (1 to {game.version - 1}, not undone)")
            self.check_move_boundary(game_id, to_version)
            acted = self._seats_acted_since(game, to_version)
            waiting = sorted(s for s in acted if s != seat)
            if not waiting:
                events = self._meta(game, [("UndoApplied", seat,
                                            {"to_version": to_version, "by": seat,
                                             "request_id": None})])
                self._save_meta(game, events)
                return {"status": "applied", "request_id": None, "to_version": to_version,
                        "waiting": [], "version": game.version}
            events = self._meta(game, [("UndoRequested", seat,
                                        {"to_version": to_version, "by": seat,
                                         "waiting": waiting})])
            self._save_meta(game, events)
            return {"status": "pending", "request_id": events[0].originator_version,
                    "to_version": to_version, "waiting": waiting, "version": game.version}

    def answer_undo(self, game_id: uuid.UUID, seat: int, request_id: int, accept: bool) -> dict:
        with self._lock(game_id):
            game = self._current(game_id)
            pending = game.pending_undo
            if not pending or pending["request_id"] != request_id:
                raise UndoError("undo_request_not_found", request_id=request_id)
            if accept:
                if seat not in pending["waiting"]:
                    raise UndoError("undo_not_asked", seat_name=game.players[seat],
                                    request_id=request_id)
                facts = [("UndoAccepted", seat, {"request_id": request_id, "seat": seat})]
                if set(pending["waiting"]) == {seat}:
                    facts.append(("UndoApplied", seat, {"to_version": pending["to_version"],
                                                        "by": pending["by"],
                                                        "request_id": request_id}))
            else:
                if seat not in pending["waiting"] and seat != pending["by"]:
                    raise UndoError("undo_not_asked", seat_name=game.players[seat],
                                    request_id=request_id)
                facts = [("UndoRejected", seat, {"request_id": request_id, "seat": seat})]
            events = self._meta(game, facts)
            self._save_meta(game, events)
            status = ("applied" if game.pending_undo is None and accept else
                      "rejected" if not accept else "pending")
            return {"status": status, "request_id": request_id,
                    "to_version": pending["to_version"],
                    "waiting": list(game.pending_undo["waiting"]) if game.pending_undo else [],
                    "version": game.version}

    def _meta(self, game: Game, facts: list[tuple[str, int, dict]]) -> list[GameEvent]:
        command = {"seat": facts[0][1], "meta": facts[0][0], "count": len(facts)}
        return [GameEvent(originator_id=game.id, originator_version=game.version + 1 + i,
                          timestamp=GameEvent.create_timestamp(), type=kind, seat=seat,
                          data=data, command=command if i == 0 else None)
                for i, (kind, seat, data) in enumerate(facts)]

    def _save_meta(self, game: Game, events: list[GameEvent]) -> None:
        try:
            self._store(events)
        except IntegrityError:
            self._cache_drop(game.id)
            raise ConcurrentWrite(current=self.get_game(game.id).version) from None
        self._after_append(game, events)

    def _seats_acted_since(self, game: Game, version: int) -> set[int]:
        seats = set()
        for event in self.stored_events(game.id, after=version):
            if event.command and "move" in event.command and not game.is_undone(
                    event.originator_version):
                seats.add(event.command["seat"])
        return seats

    def check_move_boundary(self, game_id: uuid.UUID, version: int) -> None:
        """Refuse ``version`` if it falls inside the events of one move.

        The events of one move (a worker placed, then everything that follows automatically)
        are one decision; a game cut inside them would wait for nobody.
        """
        following = self.stored_events(game_id, after=version, limit=1)
        if following and following[0].command is None:
            first = version
            while first > 1:
                prev = self.stored_events(game_id, after=first - 1, limit=1)[0]
                if prev.command is not None:
                    break
                first -= 1
            last = version + 1
            for event in self.stored_events(game_id, after=version + 1):
                if event.command is not None:
                    break
                last = event.originator_version
            raise UndoError("not_a_move_boundary", version=version, first=first, last=last,
                            before=first - 1)

    # ------------------------------------------------------------------ forks
    def fork(self, game_id: uuid.UUID, version: int) -> Created:
        """A new game whose history is this game's first ``version`` events."""
        source = self.get_game(game_id)
        if not 1 <= version <= source.version:
            raise VersionNotFound(game=str(game_id), version=version, current=source.version)
        self.check_move_boundary(game_id, version)
        events = self.stored_events(game_id, limit=version)
        if (not source.seeded and not source.rules.status(source.state).finished
                and any(has_hidden(e.data) for e in events)):
            # the fork's new tokens would show every seat's private data, and finishing the
            # fork would reveal the secrets: wait until the game is over
            raise RuleViolation("fork_reveals_hidden", game=str(game_id), version=version)
        first = events[0]
        data = copy.deepcopy(first.data)
        new_id = uuid.uuid4()
        data["parent"] = {"game": str(game_id), "version": version}
        if not source.seeded:
            # fresh draws from here on, so a fork never previews the parent's future
            seed = new_seed()
            data["seeds"].append({"from": version, "seed": seed, "hash": seed_hash(seed),
                                  "origin": str(new_id)})
        later = [{"type": e.type, "seat": e.seat, "data": e.data,
                  "command": ({k: v for k, v in e.command.items() if k not in ("key", "hash")}
                              if e.command else None)}
                 for e in events[1:]]
        return self._start(new_id, data, later, [e.timestamp for e in events])

    # ------------------------------------------------------------------ audit and records
    def log_entries(self, game_id: uuid.UUID) -> list[dict]:
        return [{"version": e.originator_version, "type": e.type, "seat": e.seat,
                 "data": e.data, "command": e.command, "recorded_at": e.timestamp.isoformat()}
                for e in self.stored_events(game_id)]

    def audit(self, game_id: uuid.UUID, current_rules: bool = False,
              detail: bool = False) -> AuditReport:
        """Re-run every recorded command under the game's rules (or the current ones)."""
        game = self.get_game(game_id)
        rules = registry.current(game.title) if current_rules else game.rules
        return audit_log(self.log_entries(game_id), rules, detail=detail, names=game.players)

    def revealed_seeds(self, game: Game) -> list[dict]:
        """Seed segments as the public may see them: a seed is shown once the game that drew
        it is over (a fork's inherited segment waits for its parent), or if it was given."""
        finished = game.rules.status(game.state).finished
        out = []
        for segment in game.seeds:
            shown = game.seeded
            if not shown and finished:
                origin = segment.get("origin")
                shown = origin == str(game.id) or self._origin_finished(origin)
            entry = {"from": segment["from"], "hash": segment["hash"],
                     "origin": segment.get("origin")}
            entry["seed"] = segment["seed"] if shown else None
            out.append(entry)
        return out

    def _origin_finished(self, origin: str | None) -> bool:
        if not origin:
            return False
        try:
            other = self.get_game(uuid.UUID(origin))
        except (DomainError, ValueError):
            return False
        return other.rules.status(other.state).finished

    def export(self, game_id: uuid.UUID) -> dict:
        """The full record, hash-chained; hidden parts and unrevealed seeds are left out."""
        game = self.get_game(game_id)
        rules = game.rules
        finished = rules.status(game.state).finished
        entries = []
        for entry in self.log_entries(game_id):
            data = entry["data"]
            if entry["type"] == "GameCreated":
                data = {**data, "seeds": self.revealed_seeds(game),
                        "setup": redact(data["setup"], None, finished)}
            elif entry["type"] not in META_TYPES:
                data = redact(data, None, finished)
            command = entry["command"]
            if command:
                command = {k: v for k, v in command.items() if k not in ("key", "hash")}
                if "move" in command:
                    command["move"] = redact(command["move"], None, finished)
            entries.append({**entry, "data": data, "command": command})
        chained = chain(entries)
        for e in chained:
            e["undone"] = game.is_undone(e["version"])
        return {"format": RECORD_FORMAT, "game": self.summary(game),
                "events": chained, "head": chained[-1]["hash"] if chained else None}

    def import_record(self, record: Any) -> Created:
        """Verify a record's hash chain, audit it under its rules, then store it as a new game."""
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise RecordError("record_invalid", reason=f"'format' must be '{RECORD_FORMAT}'")
        entries = record.get("events")
        if not isinstance(entries, list) or not entries:
            raise RecordError("record_invalid", reason="'events' must be a non-empty list")
        head = verify_chain(entries)
        if record.get("head") not in (None, head):
            raise RecordError("record_tampered", version=len(entries),
                              reason="the head hash does not match the last event")
        created = entries[0]
        if created.get("type") != "GameCreated" or not isinstance(created.get("data"), dict):
            raise RecordError("record_invalid", reason="the first event must be GameCreated")
        data = created["data"]
        try:
            rules = registry.get(data["title"], data["rules_version"])
            seeds = [{"from": int(s["from"]), "seed": s.get("seed"), "hash": s["hash"],
                      "origin": s.get("origin")} for s in data["seeds"]]
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError("record_invalid", reason=f"GameCreated lacks {err}") from None
        for s in seeds:
            if s["seed"] is None:
                raise RecordError("record_incomplete",
                                  reason="its seed is still private (it was exported while the "
                                         "game was being played); import it after the game ends")
            if seed_hash(int(s["seed"])) != s["hash"]:
                raise RecordError("record_tampered", version=1,
                                  reason="a seed does not match its published hash")
        try:
            report = audit_log(entries, rules)
        except DomainError:
            raise
        except Exception as err:  # a hand-edited record can break the rules' assumptions
            raise RecordError("record_invalid", reason=f"it cannot be replayed ({err})") from None
        if not report.ok:
            first = report.mismatches[0]
            raise RecordError("record_audit_failed", count=len(report.mismatches),
                              version=first.version, mismatches=[m.as_dict()
                                                                 for m in report.mismatches[:5]])
        new_id = uuid.uuid4()
        new_data = {**data, "seeds": seeds,
                    "imported_from": record.get("game", {}).get("id") if isinstance(
                        record.get("game"), dict) else None}
        later = [{"type": e["type"], "seat": e.get("seat"), "data": e.get("data") or {},
                  "command": e.get("command")} for e in entries[1:]]
        from datetime import datetime
        try:
            stamps = [datetime.fromisoformat(e["recorded_at"]) for e in entries]
        except (KeyError, TypeError, ValueError):
            stamps = None
        return self._start(new_id, new_data, later, stamps)

    # ------------------------------------------------------------------ listing
    def game_ids(self, newest_first: bool = True) -> Iterator[uuid.UUID]:
        """Every game id in the store, from the notification log (GameCreated events only)."""
        start = 1
        ids = []
        while True:
            batch = self._guard(self.recorder.select_notifications, start, 500,
                                topics=[GAME_CREATED_TOPIC])
            if not batch:
                break
            ids.extend(uuid.UUID(str(n.originator_id)) for n in batch)
            start = batch[-1].id + 1
        return iter(reversed(ids) if newest_first else ids)

    # ------------------------------------------------------------------ presentation
    def summary(self, game: Game) -> dict:
        """The game summary of the API contract (public: nothing hidden in it)."""
        rules = game.rules
        status = rules.status(game.state)
        seeds = self.revealed_seeds(game)
        own = seeds[-1]
        out = {"id": str(game.id), "title": game.title, "variant": game.variant,
               "rules_version": game.rules_version,
               "status": "finished" if status.finished else "active",
               "version": game.version, "round": status.round, "phase": status.phase,
               "to_act": [] if status.finished or game.pending_undo else list(status.to_act),
               "players": [{"seat": i, "name": n} for i, n in enumerate(game.players)],
               "options": game.options, "parent": game.parent, "seeded": game.seeded,
               "seed_hash": own["hash"], "seed": own["seed"], "seeds": seeds,
               "created_at": game.created_at, "updated_at": game.updated_at,
               "undo_request": self._undo_view(game)}
        if game.imported_from:
            out["imported_from"] = game.imported_from
        if status.finished:
            sheet = rules.score_sheet(game.state)
            out["winners"] = sheet.get("winners", [])
        return out

    @staticmethod
    def _undo_view(game: Game) -> dict | None:
        p = game.pending_undo
        if not p:
            return None
        return {"request_id": p["request_id"], "by": p["by"], "to_version": p["to_version"],
                "waiting": list(p["waiting"]), "accepted": list(p["accepted"])}

    def event_view(self, game: Game, event: GameEvent, viewer: int | None,
                   finished: bool | None = None) -> dict:
        """One stored event as ``viewer`` may see it, with its sentence."""
        rules = game.rules
        if finished is None:
            finished = rules.status(game.state).finished
        if event.type == "GameCreated":
            data = {k: v for k, v in event.data.items() if k not in ("seeds", "setup")}
            data["seeds"] = self.revealed_seeds(game)
            data["setup"] = [{**f, "data": redact(f.get("data"), viewer, finished)}
                             for f in event.data.get("setup", [])]
            text = self._created_text(game, event)
        elif event.type in META_TYPES:
            data = event.data
            text = self._meta_text(game, event)
        else:
            data = rules.redact_event(event, viewer, finished)
            text = rules.describe(event, game.players)
        out = {"version": event.originator_version, "type": event.type, "seat": event.seat,
               "recorded_at": event.timestamp.isoformat(), "data": data, "text": text,
               "undone": game.is_undone(event.originator_version)}
        if event.command and "move" in event.command:
            out["move"] = redact(event.command["move"], viewer, finished)
        if event.type not in META_TYPES:
            out["rule"] = rules.rule_of(event)
        return out

    def _created_text(self, game: Game, event: GameEvent) -> str:
        d = event.data
        rules = registry.get(d["title"], d["rules_version"])
        names = self._names(game, range(len(d["players"])))
        text = (f"{names} sit down to a game of {rules.display_name or rules.name} "
                f"({d['variant']}).")
        if d.get("parent"):
            text += f" It is a fork of game {d['parent']['game']} at version {d['parent']['version']}."
        return text

    def _meta_text(self, game: Game, event: GameEvent) -> str:
        d, names = event.data, game.players
        if event.type == "UndoRequested":
            return (f"{names[d['by']]} asks to take the game back to version {d['to_version']}; "
                    f"waiting for {self._names(game, d['waiting'])}.")
        if event.type == "UndoAccepted":
            return f"{names[d['seat']]} accepts the undo."
        if event.type == "UndoRejected":
            return f"{names[d['seat']]} rejects the undo."
        if event.type == "UndoApplied":
            return f"The game is taken back to version {d['to_version']} ({names[d['by']]} asked)."
        return event.type
