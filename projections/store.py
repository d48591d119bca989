"""Where the read models live: their tables and their tracking, in the event store's database.

:class:`SQLiteReadModels` and :class:`PostgresReadModels` subclass the library's tracking
recorders (so a :class:`~eventsourcing.projection.ProjectionRunner` can drive them, and
``max_tracking_id``/``wait`` work as documented) and add the read-model tables. Every batch of
changes is written by :meth:`ReadModelStore.commit` in ONE transaction that first moves the
tracked position from the value the batch started at to its last notification id (a
compare-and-set) and then writes the rows. If another projector moved the position meanwhile the
set fails, the transaction is rolled back and the batch is redone from the new position: a
notification at or below the tracked position is never applied twice, and rows can never be
ahead of or behind their position.

Tables (``rm_`` prefix; in the configured schema on PostgreSQL):

====================  =============================================================================
``rm_tracking``       the position (last notification id processed) per upstream application
``rm_games``          the lobby: one row per game (summary, status, to_act) + projector state
``rm_seats``          "my games": one row per seat of each game (is it waited for, since when)
``rm_score_heads``    the current score sheet of each game
``rm_score_cells``    per event, only the score-sheet cells it changed (see :mod:`.sheets`)
``rm_subscriptions``  who is subscribed, per seat and channel (address hints, no secrets)
``rm_outbox``         one row per notice owed, with its delivery state (``workers/outbox.py``)
====================  =============================================================================

A rebuild (:meth:`ReadModelStore.reset`) empties every table but the outbox and sets the position
to 0; outbox rows are keyed by a deterministic notice id and inserted with "do nothing on
conflict", so their delivery state survives a rebuild and no notice is sent twice.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.persistence import Notification, OperationalError, PersistenceError, Tracking
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder

from .schema import (
    DELETE_SUB,
    ENSURE_POSITION,
    INSERT_FORK,
    INSERT_NOTICE,
    MOVE_POSITION,
    REBUILD_INDEXES,
    REBUILT_TABLES,
    SCHEMA,
    SET_POSITION,
    TRACKING_TABLE,
    UPSERT_CELL,
    UPSERT_GAME,
    UPSERT_HEAD,
    UPSERT_SEAT,
    UPSERT_SET_ASIDE,
    UPSERT_SUB,
    index_name,
)

log = logging.getLogger(__name__)


@dataclass
class Changes:
    """The rows one batch of notifications produces (written by :meth:`ReadModelStore.commit`)."""

    games: dict[str, tuple] = field(default_factory=dict)
    seats: dict[tuple[str, int], tuple] = field(default_factory=dict)
    heads: dict[str, tuple] = field(default_factory=dict)
    cells: list[tuple] = field(default_factory=list)
    subs_set: dict[tuple[str, int, str], tuple] = field(default_factory=dict)
    subs_del: set[tuple[str, int, str]] = field(default_factory=set)
    notices: list[tuple] = field(default_factory=list)
    forks: list[tuple] = field(default_factory=list)
    set_aside: dict[str, tuple] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(
            self.set_aside
            or self.games
            or self.seats
            or self.heads
            or self.cells
            or self.subs_set
            or self.subs_del
            or self.notices
            or self.forks
        )


class PositionMoved(Exception):
    """Another projector moved the tracked position while this batch was being computed."""


class ReadModelStore:
    """The read-model operations both databases share (a mixin of the two recorders)."""

    dialect = ""
    _prefix = ""
    # given by the library's recorder each database's class mixes this with
    create_table: Callable[[], None]
    max_tracking_id: Callable[[str], int | None]

    def _init_sql(self) -> None:
        self._sql_cache: dict[str, str] = {}

    def sql(self, text: str) -> str:
        """``text`` with ``{p}`` (the schema prefix) and ``?`` placeholders for this database."""
        cached = self._sql_cache.get(text)
        if cached is None:
            cached = text.replace("{p}", self._prefix)
            if self.dialect == "postgres":
                cached = cached.replace("?", "%s")
            self._sql_cache[text] = cached
        return cached

    # -- transactions (subclasses) --------------------------------------------------------------
    @contextmanager
    def writing(self) -> Iterator[Any]:  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    @contextmanager
    def reading(self) -> Iterator[Any]:  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    # -- generic access -------------------------------------------------------------------------
    def query(self, text: str, params: Sequence[Any] = ()) -> list[dict]:
        """Rows of one read-only statement, as dicts."""
        with self.reading() as cur:
            cur.execute(self.sql(text), list(params))
            return [dict(row) for row in cur.fetchall()]

    def execute(self, text: str, params: Sequence[Any] = ()) -> list[dict]:
        """Run one writing statement in its own transaction; rows of its ``RETURNING``."""
        with self.writing() as cur:
            cur.execute(self.sql(text), list(params))
            if "RETURNING" in text:
                return [dict(row) for row in cur.fetchall()]
            return []

    def create_read_model_tables(self) -> None:
        """Create the tracking and read-model tables if missing (idempotent)."""
        self.create_table()

    # -- position -------------------------------------------------------------------------------
    def position(self, application_name: str) -> int:
        return self.max_tracking_id(application_name) or 0

    def commit(self, application_name: str, start: int, end: int, changes: Changes) -> None:
        """Write ``changes`` and move the position from ``start`` to ``end``, atomically.

        Raises :class:`PositionMoved` (nothing written) if the position is no longer ``start``.
        """
        with self.writing() as cur:
            if start == 0:
                cur.execute(self.sql(ENSURE_POSITION), [application_name])
            cur.execute(self.sql(MOVE_POSITION), [end, application_name, start])
            if not cur.fetchall():
                raise PositionMoved(f"{application_name}: position is no longer {start}")
            self._write_changes(cur, changes)

    def write(self, changes: Changes) -> None:
        """Write ``changes`` in one transaction without moving any position (the partitions
        of a parallel rebuild; the rebuild sets the position itself)."""
        with self.writing() as cur:
            self._write_changes(cur, changes)

    def _write_changes(self, cur: Any, changes: Changes) -> None:
        if changes.games:
            cur.executemany(self.sql(UPSERT_GAME), list(changes.games.values()))
        if changes.seats:
            cur.executemany(self.sql(UPSERT_SEAT), list(changes.seats.values()))
        if changes.heads:
            cur.executemany(self.sql(UPSERT_HEAD), list(changes.heads.values()))
        if changes.cells:
            cur.executemany(self.sql(UPSERT_CELL), changes.cells)
        if changes.subs_del:
            cur.executemany(self.sql(DELETE_SUB), [list(k) for k in changes.subs_del])
        if changes.subs_set:
            cur.executemany(self.sql(UPSERT_SUB), list(changes.subs_set.values()))
        if changes.notices:
            cur.executemany(self.sql(INSERT_NOTICE), changes.notices)
        if changes.forks:
            cur.executemany(self.sql(INSERT_FORK), changes.forks)
        if changes.set_aside:
            cur.executemany(self.sql(UPSERT_SET_ASIDE), list(changes.set_aside.values()))

    #: SQL for "the last hex digit of originator_id, as an integer, modulo ?" (subclasses)
    _partition_sql = ""
    _notification_id = ""

    def partition_notes(
        self, events_table: str, after: int, upto: int, partition: tuple[int, int], also_topic: str
    ) -> list[Notification]:
        """The notifications in (``after``, ``upto``] of the games of ``partition`` (``(i, n)``:
        the game id's last hex digit modulo ``n`` is ``i``) and every one of ``also_topic``,
        filtered by the database (a partitioned rebuild reads only its share). Callers keep
        the window small: the database reads the whole window through the id index."""
        index, count = partition
        nid = self._notification_id
        with self.reading() as cur:  # rows read by name (sqlite3.Row, psycopg dict rows)
            cur.execute(
                self.sql(
                    f"SELECT {nid} AS nid, originator_id, originator_version, topic, state "
                    f"FROM {{p}}{events_table} WHERE {nid} > ? AND {nid} <= ? AND "
                    f"(topic = ? OR {self._partition_sql} = ?) ORDER BY {nid}"
                ),
                [after, upto, also_topic, count, index],
            )
            rows = cur.fetchall()
        ids: dict = {}  # a game's id is parsed once per window, not per event
        out = []
        for r in rows:
            raw = r["originator_id"]
            game_id = ids.get(raw)
            if game_id is None:
                game_id = ids[raw] = raw if isinstance(raw, uuid.UUID) else uuid.UUID(raw)
            out.append(
                Notification(
                    id=r["nid"],
                    originator_id=game_id,
                    originator_version=r["originator_version"],
                    topic=r["topic"],
                    state=bytes(r["state"]),
                )
            )
        return out

    def game_notes(
        self,
        events_table: str,
        game_ids: Sequence[uuid.UUID],
        after: int,
        upto: int,
        topics: Iterable[str],
    ) -> list[Notification]:
        """The notifications in (``after``, ``upto``] of the streams ``game_ids`` with one of
        ``topics``, in log order (found through the events' primary key, stream first: a
        handful of games read without touching the others)."""
        nid, wanted = self._notification_id, list(topics)
        out: list[Notification] = []
        for i in range(0, len(game_ids), 500):
            # the stream ids as each store keeps them (SQLite: 32 hex digits; PostgreSQL: uuid)
            chunk = [g.hex if self.dialect == "sqlite" else g for g in game_ids[i : i + 500]]
            marks = ", ".join("?" for _ in chunk)
            kinds = ", ".join("?" for _ in wanted)
            with self.reading() as cur:
                cur.execute(
                    self.sql(
                        f"SELECT {nid} AS nid, originator_id, originator_version, topic, state "
                        f"FROM {{p}}{events_table} WHERE originator_id IN ({marks}) "
                        f"AND {nid} > ? AND {nid} <= ? AND topic IN ({kinds})"
                    ),
                    [*chunk, after, upto, *wanted],
                )
                rows = cur.fetchall()
            for r in rows:
                raw = r["originator_id"]
                out.append(
                    Notification(
                        id=r["nid"],
                        originator_id=raw if isinstance(raw, uuid.UUID) else uuid.UUID(str(raw)),
                        originator_version=r["originator_version"],
                        topic=r["topic"],
                        state=bytes(r["state"]),
                    )
                )
        return sorted(out, key=lambda n: n.id)

    def drop_rebuild_indexes(self) -> None:
        """Drop the rebuilt tables' secondary indexes (a full rebuild, see REBUILD_INDEXES)."""
        with self.writing() as cur:
            for statement in REBUILD_INDEXES:
                cur.execute(self.sql(f"DROP INDEX IF EXISTS {{p}}{index_name(statement)}"), [])

    def create_rebuild_indexes(self) -> None:
        """Build the rebuilt tables' secondary indexes again (idempotent)."""
        with self.writing() as cur:
            for statement in REBUILD_INDEXES:
                cur.execute(self.sql(statement), [])

    def reset(self, application_name: str, position: int = 0) -> None:
        """Empty the rebuilt tables and set the position (0: replay everything; a parallel
        rebuild sets the head it will replay up to), in one transaction."""
        with self.writing() as cur:
            for table in REBUILT_TABLES:
                cur.execute(self.sql(f"DELETE FROM {{p}}{table}"), [])
            cur.execute(self.sql(ENSURE_POSITION), [application_name])
            cur.execute(self.sql(SET_POSITION), [position, application_name])

    # -- rows the projector reads back ------------------------------------------------------------
    def set_aside_games(self, limit: int = 20) -> list[dict]:
        """The games the projector set aside (``rm_set_aside``), latest first."""
        return self.query(
            "SELECT game_id, version, notification_id, reason FROM {p}rm_set_aside "
            "ORDER BY notification_id DESC LIMIT ?",
            [limit],
        )

    def game_row(self, game_id: str) -> dict | None:
        rows = self.query("SELECT * FROM {p}rm_games WHERE game_id = ?", [game_id])
        return rows[0] if rows else None

    def subscription_rows(self, game_id: str) -> list[dict]:
        return self.query("SELECT * FROM {p}rm_subscriptions WHERE game_id = ?", [game_id])


class SQLiteReadModels(ReadModelStore, SQLiteTrackingRecorder):
    """Read models in the SQLite file of the event store."""

    dialect = "sqlite"
    _notification_id = "rowid"
    _partition_sql = "(instr('0123456789abcdef', substr(originator_id, -1)) - 1) % ?"

    def __init__(self, datastore: SQLiteDatastore, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self._init_sql()
        self.insert_tracking_statement = (
            f"INSERT INTO {TRACKING_TABLE} VALUES (:application_name, :notification_id) "
            f"ON CONFLICT (application_name) DO UPDATE SET notification_id = :notification_id "
            f"WHERE {TRACKING_TABLE}.notification_id < :notification_id "
            f"RETURNING notification_id"
        )
        self.select_max_tracking_id_statement = (
            f"SELECT MAX(notification_id) FROM {TRACKING_TABLE} WHERE application_name=?"
        )

    def construct_create_table_statements(self) -> list[str]:
        return [
            (
                f"CREATE TABLE IF NOT EXISTS {TRACKING_TABLE} (application_name TEXT, "
                f"notification_id INTEGER, PRIMARY KEY (application_name)) WITHOUT ROWID"
            ),
            *(s.replace("{p}", "") for s in SCHEMA),
        ]

    def create_table(self) -> None:
        with self.writing() as cur:
            for statement in self.create_table_statements:
                cur.execute(statement, [])

    @contextmanager
    def writing(self) -> Iterator[Any]:
        """A write transaction that holds SQLite's write lock from its start (BEGIN IMMEDIATE),
        so a compare-and-set on the position cannot be overtaken."""
        try:
            with self.datastore.get_connection(commit=True) as conn:
                cur = conn.cursor()
                cur.execute("BEGIN IMMEDIATE")
                try:
                    yield cur
                except BaseException:
                    conn.rollback()
                    raise
                conn.commit()
        except sqlite3.OperationalError as err:
            raise OperationalError(str(err)) from err
        except sqlite3.DatabaseError as err:
            raise PersistenceError(str(err)) from err

    @contextmanager
    def reading(self) -> Iterator[Any]:
        try:
            with self.datastore.transaction(commit=False) as cur:
                yield cur
        except sqlite3.OperationalError as err:
            raise OperationalError(str(err)) from err


class PostgresReadModels(ReadModelStore, PostgresTrackingRecorder):
    """Read models in the PostgreSQL schema of the event store."""

    _notification_id = "notification_id"
    _partition_sql = "mod(strpos('0123456789abcdef', right(originator_id::text, 1)) - 1, ?)"

    dialect = "postgres"

    def __init__(
        self,
        datastore: PostgresDatastore,
        *,
        tracking_table_name: str = TRACKING_TABLE,
        **kwargs: Any,
    ) -> None:
        if tracking_table_name != TRACKING_TABLE:
            # The ProjectionRunner's factory names the table after the projection ("rm").
            log.debug("tracking table %s requested; using %s", tracking_table_name, TRACKING_TABLE)
        super().__init__(datastore, tracking_table_name=TRACKING_TABLE, **kwargs)
        self._init_sql()
        self._prefix = '"' + self.datastore.schema.replace('"', '""') + '".'
        from psycopg.sql import SQL, Composed

        for statement in SCHEMA:
            self.sql_create_statements.append(
                Composed([SQL(statement.replace("{p}", self._prefix))])
            )

    def create_table(self) -> None:
        import psycopg

        try:
            super().create_table()
        except (psycopg.errors.UniqueViolation, PersistenceError) as err:
            # Two processes creating the same tables at once: the loser finds them made.
            if "already exists" not in str(err) and "duplicate key" not in str(err):
                raise
            log.debug("read-model tables were created concurrently: %s", err)

    @contextmanager
    def writing(self) -> Iterator[Any]:
        with self.datastore.transaction(commit=True) as cur:
            yield cur

    @contextmanager
    def reading(self) -> Iterator[Any]:
        with self.datastore.transaction(commit=False) as cur:
            yield cur


def for_datastore(datastore: Any) -> ReadModelStore:
    """The read-model store on the same database (and connection pool) as ``datastore``."""
    if isinstance(datastore, SQLiteDatastore):
        return SQLiteReadModels(datastore)
    if isinstance(datastore, PostgresDatastore):
        return PostgresReadModels(datastore)
    raise TypeError(f"read models need SQLite or PostgreSQL, not {type(datastore).__name__}")


def open_store(games: Any, create: bool = True) -> ReadModelStore:
    """The read-model store in the database of the ``Games`` application ``games``.

    It shares the application's connection pool. With ``create`` the tables are created if
    missing (cheap and idempotent; ``init-db`` should do it once too).
    """
    store = for_datastore(games.factory.datastore)
    if create:
        store.create_read_model_tables()
    return store


__all__ = [
    "Changes",
    "PositionMoved",
    "ReadModelStore",
    "SQLiteReadModels",
    "PostgresReadModels",
    "open_store",
    "for_datastore",
    "Tracking",
]
