"""One game's stream: the stored events and the aggregate folded from them.

Stored events are ``eventsourcing`` domain events with three title-level fields (``type``,
``seat``, ``data``) and, on the first event of each batch, the ``command`` that produced the
batch (the player's move, or the set-up). The title's rules never see this module; the aggregate
hands each event to the title's ``evolve``.

Application-level event types (the title never sees them):

* ``GameCreated``: the configuration, the seed commitment(s) and, in ``data["setup"]``, the
  title's set-up facts. Version 1 is therefore always a complete, playable game.
* ``UndoRequested`` / ``UndoAccepted`` / ``UndoRejected`` / ``UndoApplied``: undo with consent.
  ``UndoApplied(to_version=N)`` makes the state the state at version N; the events in between stay
  in the log, marked undone.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast
from uuid import UUID

from eventsourcing.domain import DomainEvent, Snapshot

from ..common.events import Event
from ..common.title import Title
from ..common.visibility import redact
from . import clocks, registry
from .records import META_TYPES, seed_for
from .shapes import Parent, PendingUndo, RememberedKey, SeedSegment
from .transcoder import stored_as

#: How many idempotency keys a game remembers (the oldest are forgotten first).
IDEMPOTENCY_MEMORY = 256


#: ``state_at(n)``: the title state at version n (for ``UndoApplied``)
StateAt = Callable[[int], dict]


# (the library's metaclass makes every event class a frozen dataclass; the decorator says so to
# the type checker, as the library's own event classes do)
@stored_as("domain.game:GameEvent")
@dataclass(frozen=True)
class GameEvent(DomainEvent):
    """A stored event of a game stream."""

    type: str
    seat: int | None
    data: dict
    command: dict | None


@stored_as("domain.game:GameSnapshot")
class GameSnapshot(Snapshot):
    """A snapshot of :class:`Game`; its state is JSON-clean by construction."""

    # a Game is not one of the library's aggregates: this snapshot is only ever taken of, and
    # turned back into, a Game
    @classmethod
    def take(cls, aggregate: Game) -> GameSnapshot:  # type: ignore[override]
        state = {k: v for k, v in vars(aggregate).items() if k not in ("_id", "_version")}
        return cls(
            originator_id=aggregate.id,
            originator_version=aggregate.version,
            timestamp=cls.create_timestamp(),
            topic="domain.game:Game",
            state=state,
        )

    def mutate(self, _: None) -> Game:  # type: ignore[override]
        game = object.__new__(Game)
        game.__dict__.update(self.state)
        for key, default in (
            ("bots", {}),
            ("clock", None),
            ("clocks", None),
            ("adjudicated", None),
        ):
            game.__dict__.setdefault(key, default)  # snapshots older than issue 25
        game._id = self.originator_id
        game._version = self.originator_version
        return game


@dataclass(eq=False)
class Game:
    """The state of one game stream, as folded from its events.

    Every attribute is JSON-clean (snapshots round-trip through JSON). ``state`` is the title's
    state; the rest is the service's book-keeping: configuration, seed segments (private), the
    parent of a fork, the pending undo request, undone ranges and remembered idempotency keys.
    """

    _id: UUID
    _version: int
    title: str
    rules_version: str
    variant: str
    players: list[str]
    options: dict[str, Any]
    seeded: bool
    seeds: list[SeedSegment]
    parent: Parent | None
    imported_from: str | None
    created_at: str
    updated_at: str
    #: where an imported record came from (its signature, its head), when it was imported
    provenance: dict[str, Any] | None = None
    #: the solo series this game belongs to, if any
    series: dict[str, Any] | None = None
    #: platform seats played by bots (``domain/bots``): seat (a string key) -> the bot
    bots: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: the move clock chosen at creation and each seat's clock (``domain/platform/clocks``), if any
    clock: Any = None
    clocks: Any = None
    #: how a game ended by adjudication (a clock ran out), if it did
    adjudicated: Any = None
    state: dict[str, Any] = field(default_factory=dict, repr=False)
    pending_undo: PendingUndo | None = None
    #: undone version ranges, ``[first, last]``
    undone: list[list[int]] = field(default_factory=list)
    idem: dict[str, RememberedKey] = field(default_factory=dict, repr=False)

    @property
    def id(self) -> UUID:
        return self._id

    @property
    def version(self) -> int:
        return self._version

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_created(cls, event: Any) -> Game:
        d = event.data
        created_at = _iso(event.timestamp)
        # platform seats and clocks (domain/bots, domain/platform/clocks); absent in older records
        clock = d.get("clock")
        game = cls(
            _id=event.originator_id,
            _version=0,
            title=d["title"],
            rules_version=d["rules_version"],
            variant=d["variant"],
            players=list(d["players"]),
            options=dict(d["options"]),
            seeded=bool(d["seeded"]),
            seeds=[cast(SeedSegment, dict(s)) for s in d["seeds"]],
            parent=d.get("parent"),
            imported_from=d.get("imported_from"),
            created_at=created_at,
            updated_at=created_at,
            provenance=d.get("provenance"),
            series=d.get("series"),
            bots={k: dict(v) for k, v in (d.get("bots") or {}).items()},
            clock=clock,
            clocks=clocks.new_clocks(clock, len(d["players"]), d.get("parent")),
            adjudicated=None,
        )
        rules = game.rules
        for fact in d["setup"]:
            game.state = rules.evolve(game.state, _Fact(fact))
        return game

    @property
    def rules(self) -> Title:
        return registry.get(self.title, self.rules_version)

    # -- folding (see ``fold``) -----------------------------------------------------------------
    def _apply_meta(self, event: GameEvent, state_at: StateAt) -> None:
        """An undo event; ``state_at(n)`` returns the title state at version n."""
        kind, d = event.type, event.data
        if kind == "UndoRequested":
            self.pending_undo = {
                "request_id": event.originator_version,
                "by": d["by"],
                "to_version": d["to_version"],
                "waiting": list(d["waiting"]),
                "accepted": [],
            }
        elif kind == "UndoAccepted":
            if self.pending_undo:
                self.pending_undo["waiting"] = [
                    s for s in self.pending_undo["waiting"] if s != d["seat"]
                ]
                self.pending_undo["accepted"].append(d["seat"])
        elif kind == "UndoRejected":
            self.pending_undo = None
        elif kind == "UndoApplied":
            target = d["to_version"]
            self.state = state_at(target)
            self.pending_undo = None
            self.undone.append([target + 1, event.originator_version - 1])
            clocks.undo_takeovers(self, target)
        elif kind in clocks.PLATFORM_TYPES:
            clocks.apply_meta(self, kind, d, event.timestamp.timestamp(), event.originator_version)

    def _remember_key(self, command: dict, version: int) -> None:
        self.idem[idem_key(command.get("seat"), command["key"])] = {
            "seat": command.get("seat"),
            "hash": command.get("hash"),
            "first": version,
            "last": version + command.get("count", 1) - 1,
        }
        if len(self.idem) > IDEMPOTENCY_MEMORY:
            oldest = min(self.idem, key=lambda k: self.idem[k]["first"])
            del self.idem[oldest]

    # -- reading --------------------------------------------------------------------------------
    def is_undone(self, version: int) -> bool:
        return any(lo <= version <= hi for lo, hi in self.undone)

    def seed_for(self, version: int) -> int:
        """The seed that draws for a move decided at ``version`` (fork segments, see README)."""
        # a stored game holds every seed it draws from (only a record may lack one)
        return cast(int, seed_for(self.seeds, version))


def is_over(game: Any) -> bool:
    """Over by the rules, or ended by the platform when a clock ran out (adjudicated, or every
    opponent dropped: ``game.adjudicated``). Either way nothing more can be played or undone,
    so what the end reveals (seeds, hidden parts, a full record) is safe to show."""
    return bool(game.rules.status(game.state).finished or getattr(game, "adjudicated", None))


def idem_key(seat: Any, key: str) -> str:
    """Where a game remembers an idempotency key: per seat, so one seat's key never blocks
    another's."""
    return f"{seat}:{key}"


def request_hash(seat: int, move: Any) -> str:
    """The hash an idempotency key is remembered with: SHA-256 of the canonical JSON (sorted
    keys) of the seat and the validated move, the same in every process and after restarts."""
    body = json.dumps(
        {"seat": seat, "move": move}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


class _Fact:
    """Adapts a set-up fact (a plain dict) to the event shape titles evolve."""

    __slots__ = ("type", "seat", "data")

    def __init__(self, fact: dict) -> None:
        self.type = fact["type"]
        self.seat = fact.get("seat")
        self.data = fact.get("data", {})


def public_command(
    command: dict | None,
    viewer: int | None,
    finished: bool,
    seal: Callable[[dict, int | None], dict] | None = None,
) -> dict | None:
    """A stored command as it leaves the service (events, exports, forks): without the
    idempotency key and request hash, its move sealed (``seal``: the title's ``seal_move``,
    for commands stored before moves were sealed) and redacted for ``viewer``."""
    if not command:
        return command
    out = {k: v for k, v in command.items() if k not in ("key", "hash")}
    if "move" in out:
        move = out["move"]
        if seal is not None and isinstance(move, dict):
            move = seal(move, out.get("seat"))
        out["move"] = redact(move, viewer, finished)
    return out


def fact_dict(event: Event) -> dict:
    return {"type": event.type, "seat": event.seat, "data": event.data}


def fold(game: Game | None, items: Iterable[Any], state_at: StateAt) -> Game | None:
    """Fold snapshots and stored events into a :class:`Game` (the repository's projector).

    This is the replay hot path: the title's ``evolve`` is looked up once per fold, and the
    time of the last event is formatted once. ``state_at(n)`` gives the title state at version
    n, for ``UndoApplied``.
    """
    evolve = game.rules.evolve if game is not None else None
    item = None
    for item in items:
        if isinstance(item, Snapshot):
            game = cast(Game, item.mutate(None))
            evolve = game.rules.evolve
            continue
        kind = item.type
        if kind == "GameCreated":
            game = Game.from_created(item)
            game._version = item.originator_version
            evolve = game.rules.evolve
            if game.clocks is not None:
                _track(game, item)
            continue
        assert game is not None and evolve is not None, "a stream starts with GameCreated"
        if kind in META_TYPES:
            game._apply_meta(item, state_at)
        else:
            game.state = evolve(game.state, item)
        command = item.command
        if command is not None and command.get("key"):
            game._remember_key(command, item.originator_version)
        game._version = item.originator_version
        if game.__dict__.get("clocks") is not None:
            _track(game, item)
    if game is not None and item is not None and not isinstance(item, Snapshot):
        game.updated_at = _iso(item.timestamp)
    return game


def _track(game: Game, event: Any) -> None:
    """Start and stop the move clocks after ``event`` (games with a clock only)."""
    status = game.rules.status(game.state)
    waiting = [] if status.finished or game.pending_undo or game.adjudicated else status.to_act
    clocks.track(game, list(waiting), event.timestamp.timestamp(), event.originator_version)


def _iso(ts: datetime) -> str:
    return ts.isoformat()


@stored_as("domain.application:GameCreated")
@dataclass(frozen=True)  # as GameEvent
class GameCreated(GameEvent):
    """The first event of every game stream (its own class so it can be found by topic)."""


#: the stored topic of :class:`GameCreated` (the notification log lists games by it)
GAME_CREATED_TOPIC = "domain.application:GameCreated"


def meta_events(game: Game, facts: list[tuple[str, int, dict]]) -> list[GameEvent]:
    """The stored events of one batch of the platform's own facts (``(type, seat, data)``:
    undo, clocks), after the game's version, with the command on the first."""
    command = {"seat": facts[0][1], "meta": facts[0][0], "count": len(facts)}
    return [
        GameEvent(
            originator_id=game.id,
            originator_version=game.version + 1 + i,
            timestamp=GameEvent.create_timestamp(),
            type=kind,
            seat=seat,
            data=data,
            command=command if i == 0 else None,
        )
        for i, (kind, seat, data) in enumerate(facts)
    ]


@dataclass
class Created:
    """A new game (created, forked or imported) and its seat tokens, shown only once."""

    game: Game
    tokens: list[str]


@dataclass
class MoveResult:
    """The events one move saved (``replayed``: returned again for a repeated
    ``Idempotency-Key``, nothing new recorded)."""

    version: int
    events: list[GameEvent]
    replayed: bool = False
