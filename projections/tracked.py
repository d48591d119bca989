"""A read model with its own tracked position, following only the topics it needs.

The accounts' read models (:mod:`.tables`, :mod:`.ratings`) each follow the store's
notification log on their own, filtered by topic, with a position of their own in
``rm_tracking`` (``chronicle.tables``, ``chronicle.ratings``), written in the same transaction
as their rows by a compare-and-set exactly as the games' projector does
(:meth:`.store.ReadModelStore.commit`): a batch overtaken by another process is thrown away and
redone, so several workers may run them at once, and :meth:`TrackedProjection.rebuild` empties
their tables and replays the log.

A pass reads the notifications of its topics up to the log's head, in windows of at most
:attr:`TrackedProjection.window` notification ids; the position moves to the end of each window
read, so the next pass reads only newer ones (a topic-filtered read never rescans the games'
events already passed, and never scans more than a window in one statement).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

from .schema import ENSURE_POSITION, GET_POSITION, MOVE_POSITION, SET_POSITION
from .store import ReadModelStore

log = logging.getLogger(__name__)

#: one statement and its parameter rows (``executemany``)
Write = tuple[str, list[Sequence[Any]]]


def create_tables(store: ReadModelStore, schema: Sequence[str]) -> None:
    """Run ``CREATE ... IF NOT EXISTS`` statements in one transaction."""
    try:
        with store.writing() as cur:
            for statement in schema:
                cur.execute(store.sql(statement), [])
    except Exception as err:  # psycopg's UniqueViolation on pg_type, or a persistence error
        if "already exists" not in str(err) and "duplicate key" not in str(err):
            raise
        log.debug("tables were created concurrently: %s", err)


class PositionMoved(Exception):
    """Another process moved this projection's position meanwhile."""


class TrackedProjection:
    """Subclasses set :attr:`name`, :attr:`topics`, :attr:`schema` and :attr:`tables`, and
    implement :meth:`process` (notifications to writes) and :meth:`forget`."""

    name = ""
    topics: tuple[str, ...] = ()
    #: CREATE statements (``{p}`` is the schema prefix), run once per process
    schema: tuple[str, ...] = ()
    #: the tables a rebuild empties
    tables: tuple[str, ...] = ()
    #: notification ids one read spans at most (see :meth:`fetch`)
    window = 20_000

    def __init__(self, games: Any, store: ReadModelStore, batch_size: int = 500) -> None:
        self.games = games
        self.store = store
        self.batch_size = batch_size
        self._lock = threading.RLock()
        self._made = False

    # -- tables and position ---------------------------------------------------------------------
    def ensure_tables(self) -> None:
        """Create this projection's tables if missing (idempotent; two processes creating
        them at once on PostgreSQL: the loser finds them made)."""
        if not self._made:
            create_tables(self.store, self.schema)
            self._made = True

    def position(self) -> int:
        self.ensure_tables()
        rows = self.store.query(GET_POSITION, [self.name])
        return int(rows[0]["notification_id"]) if rows else 0

    # -- passes ----------------------------------------------------------------------------------
    def catch_up(self, limit: int | None = None) -> int:
        """Process every notification of :attr:`topics` up to the log's head; returns how many."""
        self.ensure_tables()
        done = 0
        with self._lock:
            while limit is None or done < limit:
                start = self.position()
                head = self.games.recorder.max_notification_id() or 0
                if head <= start:
                    break
                notes, end = self.fetch(start, head)
                try:
                    writes = self.process(notes)
                    self._commit(start, end, writes)
                except PositionMoved:
                    log.info("%s: position moved under this pass; redoing", self.name)
                    self.forget()
                    continue
                except BaseException:
                    self.forget()
                    raise
                done += len(notes)
        return done

    def _commit(self, start: int, end: int, writes: list[Write]) -> None:
        with self.store.writing() as cur:
            if start == 0:
                cur.execute(self.store.sql(ENSURE_POSITION), [self.name])
            cur.execute(self.store.sql(MOVE_POSITION), [end, self.name, start])
            if not cur.fetchall():
                raise PositionMoved(self.name)
            for statement, rows in writes:
                if rows:
                    cur.executemany(self.store.sql(statement), [list(r) for r in rows])

    def rebuild(self) -> int:
        """Empty this projection's tables, set its position to 0 and replay the log."""
        self.ensure_tables()
        with self._lock:
            self.forget()
            with self.store.writing() as cur:
                for table in self.tables:
                    cur.execute(self.store.sql(f"DELETE FROM {{p}}{table}"), [])
                cur.execute(self.store.sql(ENSURE_POSITION), [self.name])
                cur.execute(self.store.sql(SET_POSITION), [0, self.name])
            return self.catch_up()

    def fetch(self, start: int, head: int) -> tuple[list[Any], int]:
        """The notifications of :attr:`topics` after ``start`` (a batch), and the position the
        batch reaches: its last one when the batch is full, else the end of the window read.
        A window spans at most :attr:`window` notification ids, so a topic that is rare in a
        large log costs one bounded index range per window, never a scan of the whole log in
        one statement."""
        stop = min(head, start + self.window)
        notes = self.games.recorder.select_notifications(
            start=start,
            limit=self.batch_size,
            stop=stop,
            topics=self.topics,
            inclusive_of_start=False,
        )
        end = notes[-1].id if len(notes) >= self.batch_size else stop
        return list(notes), end

    # -- subclasses --------------------------------------------------------------------------------
    def process(self, notes: Sequence[Any]) -> list[Write]:  # pragma: no cover - abstract
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what is held in memory (after a failed or overtaken batch)."""

    def event(self, note: Any) -> Any:
        return self.games.mapper.to_domain_event(note)
