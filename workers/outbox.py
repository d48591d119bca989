"""The delivery state of outbox rows (the rows themselves come from the projector).

States: ``pending`` (due at ``next_attempt_at``) -> ``sending`` (claimed by one attempt until
``lease_until``) -> ``delivered`` | ``pending`` again (a retry) | ``dead`` (attempts exhausted,
410 Gone, or a permanent refusal: the dead-letter list) | ``cancelled`` (the seat unsubscribed
meanwhile). ``expired`` rows were derived too late to be worth sending (a rebuild on an old log).

A claim is a compare-and-set in the database, so two workers (or a retry and the sweep) never
send the same notice at the same time. If a worker dies after the receiver got a notice but
before ``delivered`` was written, the lease runs out and the notice is sent again with the same
``webhook-id``: delivery is at-least-once, and receivers deduplicate by that id (exactly-once to
a receiver that does).
"""

from __future__ import annotations

from typing import Any

from projections.store import ReadModelStore

CLAIM = (
    "UPDATE {p}rm_outbox SET state = 'sending', lease_until = ?, attempts = attempts + 1 "
    "WHERE notice_id = ? AND ((state = 'pending' AND next_attempt_at <= ?) "
    "OR (state = 'sending' AND lease_until < ?)) RETURNING *"
)
DELIVERED = (
    "UPDATE {p}rm_outbox SET state = 'delivered', delivered_at = ?, last_status = ?, "
    "last_error = NULL, lease_until = NULL WHERE notice_id = ? AND state = 'sending'"
)
RETRY = (
    "UPDATE {p}rm_outbox SET state = 'pending', next_attempt_at = ?, last_status = ?, "
    "last_error = ?, lease_until = NULL WHERE notice_id = ? AND state = 'sending'"
)
FINAL = (
    "UPDATE {p}rm_outbox SET state = ?, last_status = ?, last_error = ?, lease_until = NULL "
    "WHERE notice_id = ? AND state = 'sending'"
)
DUE = (
    "SELECT notice_id FROM {p}rm_outbox WHERE (state = 'pending' AND next_attempt_at <= ?) "
    "OR (state = 'sending' AND lease_until < ?) ORDER BY next_attempt_at LIMIT ?"
)
REPLAY_ONE = (
    "UPDATE {p}rm_outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, "
    "last_error = NULL, lease_until = NULL WHERE notice_id = ? AND state IN "
    "('dead', 'cancelled', 'expired') RETURNING notice_id"
)
REPLAY_DEAD = (
    "UPDATE {p}rm_outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, "
    "last_error = NULL, lease_until = NULL WHERE state = 'dead' RETURNING notice_id"
)


def claim(store: ReadModelStore, notice_id: str, now: float, lease: float) -> dict | None:
    """Take ``notice_id`` for one attempt if it is due and nobody holds it."""
    rows = store.execute(CLAIM, [now + lease, notice_id, now, now])
    return rows[0] if rows else None


def delivered(store: ReadModelStore, notice_id: str, now: float, status: int | None) -> None:
    store.execute(DELIVERED, [now, status, notice_id])


def retry(
    store: ReadModelStore, notice_id: str, when: float, status: int | None, error: str | None
) -> None:
    store.execute(RETRY, [when, status, (error or "")[:1000], notice_id])


def final(
    store: ReadModelStore, notice_id: str, state: str, status: int | None, error: str | None
) -> None:
    assert state in ("dead", "cancelled")
    store.execute(FINAL, [state, status, (error or "")[:1000], notice_id])


def due(store: ReadModelStore, now: float, limit: int = 500, grace: float = 0.0) -> list[str]:
    """Notices whose attempt is due (``grace`` leaves fresh ones to their immediate job), and
    attempts whose lease ran out (their worker died)."""
    return [r["notice_id"] for r in store.query(DUE, [now - grace, now, limit])]


def dead_letters(store: ReadModelStore, limit: int = 100) -> list[dict]:
    return store.query(
        "SELECT * FROM {p}rm_outbox WHERE state = 'dead' "
        "ORDER BY notification_id, notice_id LIMIT ?",
        [limit],
    )


def replay(store: ReadModelStore, now: float, notice_ids: list[str] | None = None) -> list[str]:
    """Make dead (or cancelled/expired, when named) notices pending again; returns their ids."""
    if notice_ids is None:
        return [r["notice_id"] for r in store.execute(REPLAY_DEAD, [now])]
    out: list[str] = []
    for notice_id in notice_ids:
        out.extend(r["notice_id"] for r in store.execute(REPLAY_ONE, [now, notice_id]))
    return out


def counts(store: ReadModelStore) -> dict[str, int]:
    return {
        r["state"]: r["n"]
        for r in store.query("SELECT state, COUNT(*) AS n FROM {p}rm_outbox GROUP BY state")
    }


def row(store: ReadModelStore, notice_id: str) -> dict[str, Any] | None:
    rows = store.query("SELECT * FROM {p}rm_outbox WHERE notice_id = ?", [notice_id])
    return rows[0] if rows else None
