"""The projector: follows the event store's notification log and keeps every read model current.

One pass (:meth:`Projector.catch_up`) reads the notifications after the tracked position in
batches; for each game event it folds the game forward with the title's rules (the per-game
state is kept in an in-memory LRU; a game not in it is loaded from the store: nearest snapshot
plus later events), then derives:

* the score-sheet cells the event changed (:mod:`.sheets`) and the current sheet;
* the lobby row and the per-seat "my games" rows;
* the notices owed at the end of each move (the events of one command form a batch: the first
  carries ``command["count"]``): "your turn" to seats newly in ``to_act``, "game over" to every
  seat when the game ends, and "undo requested" to the seats an ``UndoRequested`` waits for; one
  outbox row per notice and subscribed channel; a seat that subscribes while the game already
  waits for it gets that move's "your turn" then, once.

Every batch is written with its new position in one transaction (see
:meth:`.store.ReadModelStore.commit`); a batch whose start position was overtaken by another
projector is thrown away with the in-memory state it touched and redone. The rows are pure
functions of the events, so several projectors (an RQ worker, the PostgreSQL projector, an API
process catching up in-process while Redis is down) can run at once safely.

Scoring is the costly part of a pass (Agricola's ``score_sheet`` costs more than decoding and
folding the event), so the projector asks the title's ``rescore(state, previous, event)``, which
may skip events that cannot change the sheet and recompute only the row of a seat an event
touches. The sheet-at-every-version tests catch a title that gets this wrong.

A game whose events this process cannot fold (its rules version is not installed here, or a
stored event its rules refuse) is set aside: logged, recorded in ``rm_set_aside`` and reported
by ``/healthz`` as degraded, its rows left as they were, while every other game stays current.
Errors of the store itself stop the pass (the position does not move past the batch).

The notice and subscription rows are :class:`.notices.NoticeRows`, a part of the projector.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

from domain.chat.model import CHAT_TOPIC
from domain.common.errors import DomainError, StoreUnavailable
from domain.platform import dropping
from domain.platform.application import GAME_CREATED_TOPIC, Games
from domain.platform.game import Game, fold, is_over
from domain.platform.presentation import game_summary, never, to_act_of
from domain.platform.shapes import Parent

from . import sheets
from .notices import NoticeRows, dumps
from .store import Changes, PositionMoved, ReadModelStore
from .subscriptions import SUBSCRIPTION_TOPIC

log = logging.getLogger(__name__)

GAME_EVENT_TOPIC = "domain.game:GameEvent"
GAME_TOPICS = frozenset({GAME_EVENT_TOPIC, GAME_CREATED_TOPIC})
STATE_NEUTRAL = frozenset({"UndoRequested", "UndoAccepted", "UndoRejected"})
#: notices about events older than this (seconds) are stored as "expired", never sent
DEFAULT_NOTICE_MAX_AGE = 24 * 3600.0

#: platform clock events that owe the seat a notice (domain/platform/clocks.py), by notice kind
CLOCK_NOTICES = {"ClockReminder": "reminder", "ClockExpired": "expired"}


@dataclass
class CatchUp:
    """What one :meth:`Projector.catch_up` did."""

    processed: int = 0
    position: int = 0
    batches: int = 0
    conflicts: int = 0
    notices: list[str] = field(default_factory=list)


class _Entry:
    """A game as the projector holds it between events."""

    __slots__ = (
        "game",
        "rules",
        "sheet",
        "created_seq",
        "applied",
        "position",
        "batch_start",
        "batch_end",
        "notice_to_act",
        "notice_finished",
        "waiting",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules  # a game keeps the rules it was started with
        self.sheet: dict | None = None
        self.created_seq = 0
        self.applied = 0
        self.position = 0
        self.batch_start = game.version
        self.batch_end = game.version
        self.notice_to_act: list[int] = []
        self.notice_finished = False
        self.waiting: dict[int, tuple[str, int]] = {}


def lobby_summary(game: Game, status: Any, to_act: list[int], sheet: dict) -> dict:
    """The public game summary the lobby serves: the API's summary (``game_summary``), with
    ``to_act`` as of the last complete move and winners from the projected sheet. A fork's
    inherited seed segment is shown once the fork itself is over (the API also shows it when
    the parent is over, which needs another game; a read model never reads across games)."""
    return game_summary(game, status, lambda: dropping.winners(game, sheet), never, to_act)


class Projector(NoticeRows):
    """Keeps the read models of ``store`` up to date with the notification log of ``games``.

    Thread-safe (one pass at a time per instance). ``cache_size`` bounds the games kept folded
    in memory; ``clock`` gives the time notices are stamped with.
    """

    def __init__(
        self,
        games: Games,
        store: ReadModelStore,
        *,
        cache_size: int = 2048,
        batch_size: int = 500,
        notice_max_age: float = DEFAULT_NOTICE_MAX_AGE,
        clock: Callable[[], float] = time.time,
        partition: tuple[int, int] | None = None,
    ) -> None:
        self.games = games
        #: ``(i, n)``: only the games whose id ends in a hex digit that is ``i`` modulo ``n``
        #: (a partition of a parallel rebuild, see :mod:`.rebuild`)
        self.partition = partition
        self.store = store
        self.app_name = games.name
        self.batch_size = batch_size
        self.cache_size = cache_size
        self.notice_max_age = notice_max_age
        self.clock = clock
        self._entries: OrderedDict[uuid.UUID, _Entry] = OrderedDict()
        self._subs: OrderedDict[str, dict[int, dict[str, tuple[str, int]]]] = OrderedDict()
        self._lock = threading.RLock()
        self._mapper = games.mapper
        #: games this process cannot fold (rules not installed here, a stored event the rules
        #: refuse), by id, with the reason: skipped so that every other game stays current
        self.set_aside: dict[uuid.UUID, str] = {}
        self.last_position = 0

    # -- passes ---------------------------------------------------------------------------------
    def position(self) -> int:
        return self.store.position(self.app_name)

    def head(self) -> int:
        """The last notification id in the store (0 when empty)."""
        return self.games.recorder.max_notification_id() or 0

    def catch_up(
        self,
        *,
        limit: int | None = None,
        batch_size: int | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> CatchUp:
        """Process every notification after the tracked position (at most ``limit``).

        ``progress(n, position)`` is called after each committed batch.
        """
        size = batch_size or self.batch_size
        result = CatchUp()
        with self._lock:
            while limit is None or result.processed < limit:
                start = self.store.position(self.app_name)
                want = size if limit is None else min(size, limit - result.processed)
                notes = self.games.recorder.select_notifications(
                    start=start, limit=want, inclusive_of_start=False
                )
                if not notes:
                    result.position = start
                    break
                try:
                    changes = self.process(notes)
                    self.store.commit(self.app_name, start, notes[-1].id, changes)
                except PositionMoved:
                    log.info("position moved under this projector; redoing from the new one")
                    self.forget()
                    result.conflicts += 1
                    continue
                except BaseException:
                    self.forget()
                    raise
                result.processed += len(notes)
                result.batches += 1
                result.position = notes[-1].id
                result.notices.extend(n[0] for n in changes.notices if n[11] == "pending")
                if progress is not None:
                    progress(len(notes), notes[-1].id)
            self.last_position = result.position
        return result

    def forget(self) -> None:
        """Drop everything held in memory (after a failed or overtaken batch)."""
        with self._lock:
            self._entries.clear()
            self._subs.clear()

    def rebuild(
        self, *, progress: Callable[[int, int], None] | None = None, batch_size: int = 2000
    ) -> CatchUp:
        """Empty the read models (the outbox keeps its delivery state) and replay the log."""
        with self._lock:
            self.forget()
            self.store.reset(self.app_name)
            return self.catch_up(progress=progress, batch_size=batch_size)

    # -- one batch, in memory -------------------------------------------------------------------
    def process(self, notes: Sequence[Any]) -> Changes:
        """The rows ``notes`` produce (advances the in-memory games; writes nothing)."""
        changes = Changes()
        dirty: dict[uuid.UUID, _Entry] = {}
        to_event = self._mapper.to_domain_event
        mine = self._mine
        for note in notes:
            topic = note.topic
            if topic in GAME_TOPICS:
                if mine(note.originator_id) and note.originator_id not in self.set_aside:
                    self._apply_or_set_aside(to_event(note), note.id, changes, dirty)
            elif topic == SUBSCRIPTION_TOPIC:
                event: Any = to_event(note)  # a SeatNotificationsSet
                if mine(event.game):
                    self._subscription(event, note.id, changes)
            elif topic == CHAT_TOPIC:
                event = to_event(note)
                if mine(event.data.get("game") or note.originator_id):
                    self._chat_message(event, note.id, changes)
        for entry in dirty.values():
            self._rows(entry, changes)
        self._trim()
        return changes

    def _apply_or_set_aside(
        self, event: Any, note_id: int, changes: Changes, dirty: dict[uuid.UUID, _Entry]
    ) -> None:
        """Apply ``event``; a game whose events this process cannot fold is set aside (logged,
        recorded in ``rm_set_aside`` for ``/healthz``, its read rows left as they were) instead
        of stopping every other game's rows."""
        try:
            self._apply(event, note_id, changes, dirty)
        except StoreUnavailable:
            raise
        except (DomainError, KeyError, TypeError, ValueError) as err:
            game_id = event.originator_id
            reason = getattr(err, "message", None) or f"{type(err).__name__}: {err}"
            self.set_aside[game_id] = reason
            self._entries.pop(game_id, None)
            dirty.pop(game_id, None)
            key = str(game_id)
            changes.set_aside[key] = (key, event.originator_version, note_id, reason)
            log.warning(
                "game %s set aside by the projector at version %s: %s",
                game_id,
                event.originator_version,
                reason,
            )

    def _mine(self, game_id: Any) -> bool:
        """Is ``game_id`` in this projector's partition (its last hex digit modulo n is i;
        the same test as :meth:`.store.ReadModelStore.partition_notes`)?"""
        if self.partition is None:
            return True
        number = game_id.int if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id)).int
        return (number & 15) % self.partition[1] == self.partition[0]

    def replay_to(
        self,
        head: int,
        *,
        batch_size: int = 2000,
        progress: Callable[[int, int], None] | None = None,
    ) -> int:
        """Process the log up to ``head`` without tracking a position (a partition of a
        parallel rebuild, which sets the position itself); returns the last position read."""
        position = 0
        with self._lock:
            while position < head:
                if self.partition is None:
                    notes = self.games.recorder.select_notifications(
                        start=position, limit=batch_size, stop=head, inclusive_of_start=False
                    )
                    if not notes:
                        break
                    upto = notes[-1].id
                else:  # a window of ids holding about batch_size of this partition's events
                    upto = min(head, position + batch_size * self.partition[1])
                    notes = self.store.partition_notes(
                        cast(Any, self.games.recorder).events_table_name,
                        position,
                        upto,
                        self.partition,
                        SUBSCRIPTION_TOPIC,
                    )
                changes = self.process(notes)
                if changes:
                    self.store.write(changes)
                position = upto
                if progress is not None:
                    progress(len(notes), position)
        return position

    def _trim(self) -> None:
        while len(self._entries) > self.cache_size:
            self._entries.popitem(last=False)
        while len(self._subs) > self.cache_size:
            self._subs.popitem(last=False)

    def _entry(self, game_id: uuid.UUID, version: int) -> _Entry | None:
        """The game at ``version - 1``: from memory, or loaded from the store."""
        entry = self._entries.get(game_id)
        if entry is not None and entry.game.version == version - 1:
            self._entries.move_to_end(game_id)
            return entry
        if version <= 1:
            return None
        game = self.games.rebuild(game_id, version - 1, use_snapshots=True)
        entry = _Entry(game)
        entry.sheet = entry.rules.score_sheet(game.state)
        row = self.store.game_row(str(game_id))
        if row is not None and row["version"] == version - 1:
            entry.created_seq = row["created_seq"]
            entry.applied = row["applied"]
            entry.position = row["position"]
            entry.batch_end = row["batch_end"]
            entry.notice_to_act = json.loads(row["notice_to_act"])
            entry.notice_finished = bool(row["notice_finished"])
            for seat_row in self.store.query(
                "SELECT seat, waiting_since, waiting_version FROM {p}rm_seats WHERE game_id = ?",
                [str(game_id)],
            ):
                if seat_row["waiting_since"] is not None:
                    entry.waiting[seat_row["seat"]] = (
                        seat_row["waiting_since"],
                        seat_row["waiting_version"],
                    )
        else:
            # Only when another projector is ahead (this batch's commit will then fail and be
            # redone) or the rows were lost: derive what can be derived.
            status = entry.rules.status(game.state)
            entry.applied = version - 1
            entry.batch_end = version - 1
            entry.notice_to_act = to_act_of(game, status)
            entry.notice_finished = is_over(game)
        self._entries[game_id] = entry
        return entry

    def _apply(
        self, event: Any, note_id: int, changes: Changes, dirty: dict[uuid.UUID, _Entry]
    ) -> None:
        game_id = event.originator_id
        version = event.originator_version
        entry = self._entry(game_id, version)
        if entry is None:
            game = fold(None, [event], partial(self.games.state_at, game_id))
            assert game is not None  # a first event makes a game
            entry = _Entry(game)
            entry.created_seq = note_id
            self._entries[game_id] = entry
            parent: Parent | dict = game.parent or {}
            if parent.get("game"):
                changes.forks.append(
                    (str(game_id), str(parent["game"]), int(parent.get("version") or 0), note_id)
                )
            # a game's subscription events all come after its GameCreated: none yet
            self._subs[str(game_id)] = {}
        else:
            fold(entry.game, [event], partial(self.games.state_at, game_id))
        game = entry.game
        entry.applied += 1
        entry.position = note_id
        key = str(game_id)
        kind = event.type
        if entry.sheet is None or kind not in STATE_NEUTRAL:
            sheet = entry.rules.rescore(game.state, entry.sheet, event)
            if sheet is not entry.sheet:  # the same sheet back: the event changed nothing
                stored = sheets.stored
                for cell, order, value, d_count, d_points in sheets.diff_sheets(entry.sheet, sheet):
                    changes.cells.append(
                        (key, version, cell, order, stored(value), d_count, d_points)
                    )
                entry.sheet = sheet
        command = event.command
        if command is not None:
            entry.batch_start = version
            entry.batch_end = version + max(1, int(command.get("count", 1))) - 1
        if kind == "UndoRequested":
            for seat in event.data.get("waiting", []):
                self._notice(
                    entry,
                    "undo",
                    seat,
                    version,
                    note_id,
                    event,
                    changes,
                    {
                        "by": event.data.get("by"),
                        "to_version": event.data.get("to_version"),
                        "request_id": version,
                    },
                )
        if kind in CLOCK_NOTICES:  # a clock's reminder or expiry: told to that seat
            self._notice(
                entry,
                CLOCK_NOTICES[kind],
                event.data["seat"],
                version,
                note_id,
                event,
                changes,
                {"deadline": event.data.get("deadline")},
            )
        if version >= entry.batch_end:
            self._end_of_move(entry, event, note_id, changes)
        dirty[game_id] = entry

    def _end_of_move(self, entry: _Entry, event: Any, note_id: int, changes: Changes) -> None:
        game = entry.game
        status = entry.rules.status(game.state)
        to_act = to_act_of(game, status)
        before = entry.notice_to_act
        version = game.version
        for seat in to_act:
            if seat not in before:
                entry.waiting[seat] = (event.timestamp.isoformat(), version)
                self._notice(entry, "turn", seat, version, note_id, event, changes)
        for seat in list(entry.waiting):
            if seat not in to_act:
                del entry.waiting[seat]
        over = is_over(game)  # by the rules, or ended by the platform (a clock ran out)
        if over and not entry.notice_finished:
            ended = game.adjudicated
            won = ended["winners"] if ended else dropping.winners(game, entry.sheet or {})
            for seat in range(len(game.players)):
                self._notice(
                    entry, "over", seat, version, note_id, event, changes, {"winners": won}
                )
        entry.notice_to_act = to_act
        entry.notice_finished = over

    # -- rows -----------------------------------------------------------------------------------
    def _rows(self, entry: _Entry, changes: Changes) -> None:
        game = entry.game
        key = str(game.id)
        status = entry.rules.status(game.state)
        to_act = entry.notice_to_act
        summary = lobby_summary(game, status, to_act, entry.sheet or {})
        state = summary["status"]
        changes.games[key] = (
            key,
            entry.created_seq,
            game.title,
            game.variant,
            state,
            game.version,
            dumps(to_act),
            game.created_at,
            game.updated_at,
            dumps(summary),
            entry.applied,
            entry.position,
            entry.batch_end,
            dumps(entry.notice_to_act),
            int(entry.notice_finished),
        )
        for seat, name in enumerate(game.players):
            waiting = entry.waiting.get(seat)
            changes.seats[(key, seat)] = (
                key,
                seat,
                name,
                int(seat in to_act),
                waiting[0] if waiting else None,
                waiting[1] if waiting else None,
                state,
                game.title,
                game.version,
                game.updated_at,
                entry.created_seq,
            )
        changes.heads[key] = (key, game.version, dumps(entry.sheet))
