"""The raw floors the application is compared with: plain sqlite3, no library, same table shape."""

from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid


def raw_insert_rate(path: str, n: int, payload: bytes) -> float:
    """Rows/s inserting one event row per transaction into a table shaped like the store's.

    Same journal mode (WAL) and synchronous setting (FULL, SQLite's default, which the
    application also uses) as the event store, so both pay the same commit cost.
    """
    if os.path.exists(path):
        os.remove(path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(
        "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
        "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))"
    )
    oid = uuid.uuid4().hex
    start = time.perf_counter()
    for i in range(1, n + 1):
        conn.execute("BEGIN")
        conn.execute(
            "INSERT INTO stored_events VALUES (?, ?, ?, ?)",
            (oid, i, "domain.game:GameEvent", payload),
        )
        conn.execute("COMMIT")
    elapsed = time.perf_counter() - start
    conn.close()
    return n / elapsed


def fetch_and_decode_seconds(db_path: str, table: str, originator_id: str, repeat: int) -> float:
    """Best time to SELECT one stream's rows and json-decode each state (no objects built)."""
    conn = sqlite3.connect(db_path)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        rows = conn.execute(
            f"SELECT originator_version, topic, state FROM {table} "
            "WHERE originator_id = ? ORDER BY originator_version",
            (originator_id,),
        ).fetchall()
        for _version, _topic, state in rows:
            json.loads(state)
        best = min(best, time.perf_counter() - start)
    conn.close()
    return best
