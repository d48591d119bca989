"""Account mail (sign-in links): an outbox table, and the job that sends it through SMTP.

A sign-in link is personal data and a credential: it is never put in an event. The web process
writes one row to ``acc_mail`` (address, subject, text) and wakes a worker (RQ job
``workers.jobs.deliver_mail``); the worker claims the row with a lease (a compare-and-set, so
two workers never send it twice at once), sends it with :func:`workers.notifiers.send_email`
(the same SMTP settings as game notices, ``CHRONICLE_SMTP_*``) and then **deletes** the row, so
no link outlives its sending. A failed attempt is retried (:data:`RETRY_SCHEDULE`); after the
last one the row is deleted and the failure logged (the player asks for a new link). The
worker's sweep sends whatever is due, so a lost wake-up only adds latency.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from projections.tracked import create_tables

from . import notifiers
from .queueing import _enqueue_unique, job_id

log = logging.getLogger(__name__)

#: seconds before each retry of a failed attempt (a sign-in link lives 15 minutes)
RETRY_SCHEDULE = (5.0, 30.0, 120.0, 300.0)
LEASE = 60.0

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS {p}acc_mail (
        mail_id TEXT PRIMARY KEY,
        to_addr TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_at DOUBLE PRECISION NOT NULL,
        lease_until DOUBLE PRECISION,
        last_error TEXT,
        created_at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS acc_mail_due ON {p}acc_mail (state, next_at)",
)
CLAIM = (
    "UPDATE {p}acc_mail SET state = 'sending', lease_until = ?, attempts = attempts + 1 "
    "WHERE mail_id = ? AND ((state = 'pending' AND next_at <= ?) "
    "OR (state = 'sending' AND lease_until < ?)) RETURNING *"
)
DUE = (
    "SELECT mail_id FROM {p}acc_mail WHERE (state = 'pending' AND next_at <= ?) "
    "OR (state = 'sending' AND lease_until < ?) ORDER BY next_at LIMIT ?"
)

_made: set[int] = set()


def ensure_tables(store: Any) -> None:
    if id(store) in _made:
        return
    create_tables(store, SCHEMA)
    _made.add(id(store))


def enqueue(store: Any, to: str, subject: str, body: str) -> str:
    """Write one mail to the outbox; returns its id (for the wake-up job)."""
    ensure_tables(store)
    mail_id = secrets.token_hex(16)
    now = time.time()
    store.execute(
        "INSERT INTO {p}acc_mail (mail_id, to_addr, subject, body, state, attempts, next_at, "
        "created_at) VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)",
        [mail_id, to, subject, body, now, now],
    )
    return mail_id


def forget_address(store: Any, address: str) -> None:
    """Delete every mail still owed to ``address`` (an account deleted)."""
    ensure_tables(store)
    store.execute("DELETE FROM {p}acc_mail WHERE to_addr = ?", [address])


def deliver(store: Any, settings: Any, mail_id: str, now: float | None = None) -> str:
    """One attempt of ``mail_id`` if it is due: ``sent``, ``retry``, ``dropped`` or
    ``skipped``."""
    ensure_tables(store)
    now = time.time() if now is None else now
    rows = store.execute(CLAIM, [now + LEASE, mail_id, now, now])
    if not rows:
        return "skipped"
    row = rows[0]
    outcome = notifiers.send_email(
        settings, row["to_addr"], row["subject"], row["body"], f"signin-{mail_id}"
    )
    if outcome.ok:
        store.execute("DELETE FROM {p}acc_mail WHERE mail_id = ?", [mail_id])
        return "sent"
    attempts = int(row["attempts"])
    if outcome.permanent or attempts > len(RETRY_SCHEDULE):
        store.execute("DELETE FROM {p}acc_mail WHERE mail_id = ?", [mail_id])
        log.warning(
            "sign-in mail %s dropped after %s attempt(s): %s", mail_id, attempts, outcome.error
        )
        return "dropped"
    store.execute(
        "UPDATE {p}acc_mail SET state = 'pending', next_at = ?, lease_until = NULL, "
        "last_error = ? WHERE mail_id = ?",
        [now + RETRY_SCHEDULE[attempts - 1], outcome.error, mail_id],
    )
    return "retry"


def due(store: Any, now: float | None = None, limit: int = 100) -> list[str]:
    ensure_tables(store)
    now = time.time() if now is None else now
    return [r["mail_id"] for r in store.query(DUE, [now, now, limit])]


def sweep(store: Any, settings: Any) -> int:
    """Send every mail that is due (the worker's periodic safety net); returns how many."""
    sent = 0
    for mail_id in due(store):
        if deliver(store, settings, mail_id) == "sent":
            sent += 1
    return sent


def wake(connection: Any, queue_name: str, mail_id: str) -> bool:
    """Enqueue the job that sends ``mail_id`` (False when Redis cannot take it: the sweep
    sends it later)."""
    try:
        outcome = _enqueue_unique(
            connection,
            queue_name,
            "workers.jobs.deliver_mail",
            (mail_id,),
            job_id(queue_name, f"mail-{mail_id}"),
            failure_ttl=60,
            job_timeout=60,
            ttl=900,
            description="send a sign-in mail",
        )
    except Exception as err:  # Redis down: the worker's sweep sends it
        log.warning("sign-in mail %s not enqueued (%s); the sweep will send it", mail_id, err)
        return False
    return outcome == "enqueued"
