"""The read models of accounts and open tables (tracking name ``chronicle.tables``).

=======================  ======================================================================
``rm_tables``            each table: status, title, variant, access, rating range, open seats,
                         its game once started, and the summary the lobby lists
``rm_account_tables``    the open tables an account sits at (``seated``) or is invited to
                         (``invited``): "my games" shows them until the game starts
``rm_account_seats``     every game seat an account holds: a table's seat from its start, a
                         guest seat it claimed; ``current`` turns 0 when the seat's link is
                         reissued (a later ``SeatKeysIssued`` names another key)
``rm_accounts``          account names (the anonymous one once deleted), for lists and boards
``rm_game_tables``       the table a game was started from
=======================  ======================================================================

Fed by the account, table and seat-key events; a table's state is folded from its own stream.
"""

from __future__ import annotations

import json
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from domain.accounts.model import ACCOUNT_TOPIC
from domain.platform import registry
from domain.platform.tokens import keys_id
from domain.tables import model
from domain.tables.model import TABLE_TOPIC, Table

from .tracked import TrackedProjection, Write

KEYS_TOPIC = "domain.application:SeatKeysIssued"

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS {p}rm_tables (
        table_id TEXT PRIMARY KEY,
        created_seq BIGINT NOT NULL,
        status TEXT NOT NULL,
        title TEXT NOT NULL,
        variant TEXT NOT NULL,
        access TEXT NOT NULL,
        low INTEGER,
        high INTEGER,
        rated INTEGER NOT NULL,
        open_seats INTEGER NOT NULL,
        game_id TEXT,
        summary TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_tables_open ON {p}rm_tables (status, created_seq)",
    (
        "CREATE INDEX IF NOT EXISTS rm_tables_open_title ON {p}rm_tables "
        "(status, title, variant, created_seq)"
    ),
    """CREATE TABLE IF NOT EXISTS {p}rm_account_tables (
        account_id TEXT NOT NULL,
        table_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        created_seq BIGINT NOT NULL,
        PRIMARY KEY (account_id, table_id))""",
    """CREATE TABLE IF NOT EXISTS {p}rm_account_seats (
        account_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        key_hash TEXT NOT NULL,
        keys_id TEXT NOT NULL,
        current INTEGER NOT NULL,
        table_id TEXT,
        created_seq BIGINT NOT NULL,
        PRIMARY KEY (account_id, game_id, seat))""",
    "CREATE INDEX IF NOT EXISTS rm_account_seats_keys ON {p}rm_account_seats (keys_id)",
    (
        "CREATE INDEX IF NOT EXISTS rm_account_seats_current ON {p}rm_account_seats "
        "(account_id, current)"
    ),
    """CREATE TABLE IF NOT EXISTS {p}rm_accounts (
        account_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        deleted INTEGER NOT NULL,
        opened_seq BIGINT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS {p}rm_game_tables (
        game_id TEXT PRIMARY KEY,
        table_id TEXT NOT NULL)""",
)

UPSERT_TABLE = (
    "INSERT INTO {p}rm_tables (table_id, created_seq, status, title, variant, access, low, "
    "high, rated, open_seats, game_id, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (table_id) DO UPDATE SET status = excluded.status, "
    "open_seats = excluded.open_seats, game_id = excluded.game_id, summary = excluded.summary"
)
DELETE_ACCOUNT_TABLES = "DELETE FROM {p}rm_account_tables WHERE table_id = ?"
INSERT_ACCOUNT_TABLE = (
    "INSERT INTO {p}rm_account_tables (account_id, table_id, kind, created_seq) "
    "VALUES (?, ?, ?, ?) ON CONFLICT (account_id, table_id) DO UPDATE SET kind = excluded.kind"
)
UPSERT_SEAT = (
    "INSERT INTO {p}rm_account_seats (account_id, game_id, seat, key_hash, keys_id, current, "
    "table_id, created_seq) VALUES (?, ?, ?, ?, ?, 1, ?, ?) "
    "ON CONFLICT (account_id, game_id, seat) DO UPDATE SET key_hash = excluded.key_hash, "
    "current = 1"
)
KEYS_CHANGED = (
    "UPDATE {p}rm_account_seats SET current = CASE WHEN key_hash = ? THEN 1 ELSE 0 END "
    "WHERE keys_id = ? AND seat = ?"
)
UPSERT_ACCOUNT = (
    "INSERT INTO {p}rm_accounts (account_id, name, deleted, opened_seq) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (account_id) DO UPDATE SET name = excluded.name, deleted = excluded.deleted"
)
INSERT_GAME_TABLE = (
    "INSERT INTO {p}rm_game_tables (game_id, table_id) VALUES (?, ?) "
    "ON CONFLICT (game_id) DO NOTHING"
)


def table_summary(table: Table, created_seq: int) -> dict:
    """What the lobby shows of a table (names only: no account ids but the creator's)."""
    try:
        rules = registry.current(table.title)
        title_name = rules.display_name or rules.name
    except Exception:  # a title not installed here still lists
        title_name = table.title
    seats = []
    for seat in table.seats:
        shown: dict[str, Any] = {"kind": seat["kind"], "taken": bool(seat.get("account"))}
        if seat["kind"] == "bot":
            shown.update(bot=seat["bot"], level=seat["level"])
        elif seat.get("name"):
            shown["name"] = seat["name"]
        seats.append(shown)
    return {
        "id": str(table.id),
        "title": table.title,
        "title_name": title_name,
        "variant": table.variant,
        "clock": table.options.get("clock"),
        "access": table.access,
        "range": table.range,
        "rated": table.rated,
        "seats": seats,
        "open_seats": len(table.open_seats()),
        "creator_name": table.creator_name,
        "opened_at": table.opened_at,
        "status": table.status,
        "game": table.game,
        "rematch": table.rematch,
        "rematch_of": table.rematch_of,
        "created_seq": created_seq,
    }


class TablesProjection(TrackedProjection):
    """Keeps ``rm_tables``, ``rm_account_tables``, ``rm_account_seats``, ``rm_accounts`` and
    ``rm_game_tables`` current."""

    name = "chronicle.tables"
    topics = (TABLE_TOPIC, ACCOUNT_TOPIC, KEYS_TOPIC)
    schema = SCHEMA
    tables = (
        "rm_tables",
        "rm_account_tables",
        "rm_account_seats",
        "rm_accounts",
        "rm_game_tables",
    )

    def __init__(self, games: Any, store: Any, batch_size: int = 500, cache_size: int = 512):
        super().__init__(games, store, batch_size)
        self._tables: OrderedDict[uuid.UUID, tuple[Table, int]] = OrderedDict()
        self._cache_size = cache_size

    def forget(self) -> None:
        self._tables.clear()

    def process(self, notes: Sequence[Any]) -> list[Write]:
        tables: list[Sequence[Any]] = []
        seats: list[Sequence[Any]] = []
        keys: list[Sequence[Any]] = []
        accounts: dict[str, Sequence[Any]] = {}
        game_tables: list[Sequence[Any]] = []
        dirty: dict[uuid.UUID, Table] = {}
        for note in notes:
            if note.topic == KEYS_TOPIC:
                if note.originator_version > 1:  # a seat's token replaced
                    event = self.event(note)
                    for seat, digest in enumerate(event.hashes):
                        keys.append((digest, str(note.originator_id), seat))
            elif note.topic == ACCOUNT_TOPIC:
                self._account(self.event(note), note.id, accounts, seats)
            elif note.topic == TABLE_TOPIC:
                event = self.event(note)
                table = self._fold(event, note.id)
                dirty[table.id] = table
                if event.kind == "TableStarted":
                    game_tables.append((event.data["game"], str(table.id)))
                    seats.extend(self._started_seats(table, event, note.id))
        account_tables: list[Sequence[Any]] = []
        cleared: list[Sequence[Any]] = []
        for table in dirty.values():
            created_seq = self._tables[table.id][1]
            summary = table_summary(table, created_seq)
            low, high = table.range or (None, None)
            tables.append(
                (
                    str(table.id),
                    created_seq,
                    table.status,
                    table.title,
                    table.variant,
                    table.access,
                    low,
                    high,
                    int(table.rated),
                    len(table.open_seats()),
                    table.game,
                    json.dumps(summary, separators=(",", ":")),
                )
            )
            cleared.append((str(table.id),))
            if table.status == "open":
                account_tables.extend(self._account_tables(table, created_seq))
        return [
            (UPSERT_TABLE, tables),
            (DELETE_ACCOUNT_TABLES, cleared),
            (INSERT_ACCOUNT_TABLE, account_tables),
            (UPSERT_ACCOUNT, list(accounts.values())),
            (UPSERT_SEAT, seats),
            (KEYS_CHANGED, keys),
            (INSERT_GAME_TABLE, game_tables),
        ]

    # -- parts -------------------------------------------------------------------------------------
    def _fold(self, event: Any, note_id: int) -> Table:
        """The table after ``event``: from memory, or folded from its stream."""
        table_id = event.originator_id
        held = self._tables.get(table_id)
        if held is not None and held[0].version == event.originator_version - 1:
            table, created_seq = held
            model.evolve(table, event)
        else:
            events = list(self.games.events.get(table_id, lte=event.originator_version))
            found = model.fold(table_id, events)
            assert found is not None
            table = found
            created_seq = note_id if event.originator_version == 1 else self._created(table_id)
        self._tables[table_id] = (table, created_seq)
        self._tables.move_to_end(table_id)
        while len(self._tables) > self._cache_size:
            self._tables.popitem(last=False)
        return table

    def _created(self, table_id: uuid.UUID) -> int:
        rows = self.store.query(
            "SELECT created_seq FROM {p}rm_tables WHERE table_id = ?", [str(table_id)]
        )
        return int(rows[0]["created_seq"]) if rows else 0

    @staticmethod
    def _account_tables(table: Table, created_seq: int) -> list[Sequence[Any]]:
        rows: dict[str, Sequence[Any]] = {}
        for seat in table.seats:
            if seat.get("account"):
                rows[seat["account"]] = (seat["account"], str(table.id), "seated", created_seq)
            elif seat["kind"] == "invited" and seat.get("invited"):
                rows[seat["invited"]] = (seat["invited"], str(table.id), "invited", created_seq)
        return list(rows.values())

    def _started_seats(self, table: Table, event: Any, note_id: int) -> list[Sequence[Any]]:
        """The game seats the table's accounts hold from its start, bound to the seats' first
        keys (the game's first ``SeatKeysIssued``, saved in the same transaction)."""
        game_id = uuid.UUID(event.data["game"])
        stream = keys_id(game_id)
        first = list(self.games.events.get(stream, lte=1))
        hashes = first[0].hashes if first else []
        rows: list[Sequence[Any]] = []
        for seat, account in event.data["accounts"].items():
            s = int(seat)
            if s < len(hashes):
                rows.append(
                    (account, str(game_id), s, hashes[s], str(stream), str(table.id), note_id)
                )
        return rows

    @staticmethod
    def _account(event: Any, note_id: int, accounts: dict[str, Sequence[Any]], seats: list) -> None:
        kind, data = event.kind, event.data
        account = str(event.originator_id)
        if kind == "AccountOpened":
            accounts[account] = (account, data["name"], 0, note_id)
        elif kind == "AccountRenamed":
            accounts[account] = (account, data["name"], 0, note_id)
        elif kind == "AccountDeleted":
            accounts[account] = (account, data["anonymous"], 1, note_id)
        elif kind == "SeatClaimed":
            stream = keys_id(data["game"])
            seats.append(
                (account, data["game"], data["seat"], data["key"], str(stream), None, note_id)
            )
