"""The read models' SQL: their tables (:data:`SCHEMA`) and the statements that write them.

Written once for both databases: ``{p}`` is the table prefix (the PostgreSQL schema, or empty
on SQLite) and ``?`` the parameter mark; :meth:`projections.store.ReadModelStore.sql` turns a
statement into the dialect of its database.
"""

from __future__ import annotations

from collections.abc import Sequence

TRACKING_TABLE = "rm_tracking"
#: the tables a rebuild empties (the outbox is kept: it holds delivery state)
REBUILT_TABLES = (
    "rm_games",
    "rm_seats",
    "rm_score_heads",
    "rm_score_cells",
    "rm_subscriptions",
    "rm_forks",
    "rm_set_aside",
)

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS {p}rm_games (
        game_id TEXT PRIMARY KEY,
        created_seq BIGINT NOT NULL,
        title TEXT NOT NULL,
        variant TEXT,
        status TEXT NOT NULL,
        version BIGINT NOT NULL,
        to_act TEXT NOT NULL,
        created_at TEXT,
        updated_at TEXT,
        summary TEXT NOT NULL,
        applied BIGINT NOT NULL,
        position BIGINT NOT NULL,
        batch_end BIGINT NOT NULL,
        notice_to_act TEXT NOT NULL,
        notice_finished INTEGER NOT NULL)""",
    # the lobby's pages: each filter has an index ending in (created_seq, game_id), so a page
    # and its count are read from the index alone; the summaries of the page only are fetched
    "DROP INDEX IF EXISTS {p}rm_games_by_created",
    "DROP INDEX IF EXISTS {p}rm_games_by_title",
    "DROP INDEX IF EXISTS {p}rm_games_by_status",
    "CREATE INDEX IF NOT EXISTS rm_games_lobby ON {p}rm_games (created_seq, game_id)",
    (
        "CREATE INDEX IF NOT EXISTS rm_games_lobby_title ON {p}rm_games "
        "(title, created_seq, game_id)"
    ),
    (
        "CREATE INDEX IF NOT EXISTS rm_games_lobby_status ON {p}rm_games "
        "(status, created_seq, game_id)"
    ),
    (
        "CREATE INDEX IF NOT EXISTS rm_games_lobby_both ON {p}rm_games "
        "(title, status, created_seq, game_id)"
    ),
    """CREATE TABLE IF NOT EXISTS {p}rm_seats (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT,
        to_act INTEGER NOT NULL,
        waiting_since TEXT,
        waiting_version BIGINT,
        status TEXT NOT NULL,
        title TEXT,
        version BIGINT NOT NULL,
        updated_at TEXT,
        created_seq BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    "CREATE INDEX IF NOT EXISTS rm_seats_by_name ON {p}rm_seats (name, to_act)",
    """CREATE TABLE IF NOT EXISTS {p}rm_score_heads (
        game_id TEXT PRIMARY KEY,
        version BIGINT NOT NULL,
        sheet TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS {p}rm_score_cells (
        game_id TEXT NOT NULL,
        version BIGINT NOT NULL,
        cell TEXT NOT NULL,
        ord INTEGER NOT NULL,
        value TEXT,
        d_count DOUBLE PRECISION,
        d_points DOUBLE PRECISION,
        PRIMARY KEY (game_id, version, cell))""",
    """CREATE TABLE IF NOT EXISTS {p}rm_subscriptions (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        channel TEXT NOT NULL,
        hint TEXT,
        sub_version BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat, channel))""",
    # the tree of forks: each fork with the game and version it branched from
    """CREATE TABLE IF NOT EXISTS {p}rm_forks (
        game_id TEXT PRIMARY KEY,
        parent_id TEXT NOT NULL,
        parent_version BIGINT NOT NULL,
        created_seq BIGINT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_forks_by_parent ON {p}rm_forks (parent_id, created_seq)",
    # games the projector could not fold (rules not installed here, an event the rules refuse):
    # skipped so the others stay current, and reported by /healthz
    """CREATE TABLE IF NOT EXISTS {p}rm_set_aside (
        game_id TEXT PRIMARY KEY,
        version BIGINT NOT NULL,
        notification_id BIGINT NOT NULL,
        reason TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS {p}rm_outbox (
        notice_id TEXT PRIMARY KEY,
        message_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        version BIGINT NOT NULL,
        first_version BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        channel TEXT NOT NULL,
        hint TEXT,
        notification_id BIGINT NOT NULL,
        created_at TEXT,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_at DOUBLE PRECISION NOT NULL,
        lease_until DOUBLE PRECISION,
        last_status INTEGER,
        last_error TEXT,
        delivered_at DOUBLE PRECISION,
        data TEXT)""",
    "CREATE INDEX IF NOT EXISTS rm_outbox_due ON {p}rm_outbox (state, next_attempt_at)",
    "CREATE INDEX IF NOT EXISTS rm_outbox_by_game ON {p}rm_outbox (game_id, version)",
]

GAME_COLUMNS = (
    "game_id",
    "created_seq",
    "title",
    "variant",
    "status",
    "version",
    "to_act",
    "created_at",
    "updated_at",
    "summary",
    "applied",
    "position",
    "batch_end",
    "notice_to_act",
    "notice_finished",
)
SEAT_COLUMNS = (
    "game_id",
    "seat",
    "name",
    "to_act",
    "waiting_since",
    "waiting_version",
    "status",
    "title",
    "version",
    "updated_at",
    "created_seq",
)
CELL_COLUMNS = ("game_id", "version", "cell", "ord", "value", "d_count", "d_points")
OUTBOX_COLUMNS = (
    "notice_id",
    "message_id",
    "game_id",
    "version",
    "first_version",
    "seat",
    "kind",
    "channel",
    "hint",
    "notification_id",
    "created_at",
    "state",
    "attempts",
    "next_attempt_at",
    "data",
)


def _upsert(
    table: str, columns: Sequence[str], key: Sequence[str], newer: str | None = None
) -> str:
    """An upsert; with ``newer`` (a column) a row never goes back to an older value of it, so
    projectors that overlap (a partitioned rebuild and a live worker) cannot undo each other."""
    cols = ", ".join(columns)
    marks = ", ".join("?" for _ in columns)
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    guard = f" WHERE t.{newer} <= excluded.{newer}" if newer else ""
    return (
        f"INSERT INTO {{p}}{table} AS t ({cols}) VALUES ({marks}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}{guard}"
    )


UPSERT_GAME = _upsert("rm_games", GAME_COLUMNS, ("game_id",), "version")
UPSERT_SEAT = _upsert("rm_seats", SEAT_COLUMNS, ("game_id", "seat"), "version")
UPSERT_HEAD = _upsert("rm_score_heads", ("game_id", "version", "sheet"), ("game_id",), "version")
#: secondary indexes of the rebuilt tables: a full rebuild drops them first and builds them
#: again at the end, which is cheaper than keeping them up to date row by row
REBUILD_INDEXES = [
    statement
    for statement in SCHEMA
    if statement.startswith("CREATE INDEX")
    and any(f"{{p}}{table} " in statement for table in REBUILT_TABLES)
]


def index_name(statement: str) -> str:
    return statement.split("IF NOT EXISTS ", 1)[1].split(" ", 1)[0]


UPSERT_SET_ASIDE = _upsert(
    "rm_set_aside", ("game_id", "version", "notification_id", "reason"), ("game_id",)
)
INSERT_FORK = (
    "INSERT INTO {p}rm_forks (game_id, parent_id, parent_version, created_seq) "
    "VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING"
)
UPSERT_CELL = _upsert("rm_score_cells", CELL_COLUMNS, ("game_id", "version", "cell"))
UPSERT_SUB = _upsert(
    "rm_subscriptions",
    ("game_id", "seat", "channel", "hint", "sub_version"),
    ("game_id", "seat", "channel"),
    "sub_version",
)
DELETE_SUB = "DELETE FROM {p}rm_subscriptions WHERE game_id = ? AND seat = ? AND channel = ?"
INSERT_NOTICE = (
    f"INSERT INTO {{p}}rm_outbox ({', '.join(OUTBOX_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in OUTBOX_COLUMNS)}) "
    f"ON CONFLICT (notice_id) DO NOTHING"
)
ENSURE_POSITION = (
    f"INSERT INTO {{p}}{TRACKING_TABLE} (application_name, notification_id) "
    f"VALUES (?, 0) ON CONFLICT (application_name) DO NOTHING"
)
MOVE_POSITION = (
    f"UPDATE {{p}}{TRACKING_TABLE} SET notification_id = ? "
    f"WHERE application_name = ? AND notification_id = ? RETURNING notification_id"
)
SET_POSITION = f"UPDATE {{p}}{TRACKING_TABLE} SET notification_id = ? WHERE application_name = ?"
GET_POSITION = f"SELECT notification_id FROM {{p}}{TRACKING_TABLE} WHERE application_name = ?"
