"""PostgreSQL persistence with an outage budget: never a hang past the store timeout.

``eventsourcing.postgres`` retries every read and write up to ten times (0.2 s apart) to ride
out a failover, and waits for a pooled connection as long as its connect timeout; a query on a
connection whose server stopped answering waits for ever. For a service whose callers are
players at a browser, an outage must instead answer ``503`` with ``Retry-After`` within the
configured store timeout (``CHRONICLE_STORE_LOCK_TIMEOUT``). This module is that library's
persistence module (``PERSISTENCE_MODULE=domain.platform.pgstore``) with three changes:

* every recorder call retries connection errors only while its budget lasts (the store
  timeout, from the first attempt), not ten times;
* the pool waits for a connection no longer than the budget, and libpq connects with
  ``connect_timeout`` and TCP keepalives / ``tcp_user_timeout`` (a silent peer is given up);
* every session runs with ``statement_timeout`` (``POSTGRES_STATEMENT_TIMEOUT`` seconds, the
  store timeout by default), so a statement stuck behind a lock or a stalled server ends, and
  with ``jit=off`` (compiling a plan cost more than running any of these short queries).

A write is one transaction (the events of a move and their notifications), so an attempt that
fails leaves nothing behind and the move is stored whole or not at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from eventsourcing import postgres as _pg
from eventsourcing.persistence import InterfaceError, OperationalError

from .storage import EXACT_LOCK_TIMEOUT

#: seconds between attempts within the budget
RETRY_WAIT = 0.2
#: the environment key of the per-statement limit (seconds; 0 turns it off)
STATEMENT_TIMEOUT = "POSTGRES_STATEMENT_TIMEOUT"


def within_budget(method: Callable) -> Callable:
    """``method`` without the library's ten retries: retried on connection errors only while
    the datastore's ``budget`` (seconds from the first attempt) lasts."""
    inner = getattr(method, "__wrapped__", method)

    @wraps(inner)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        deadline = time.monotonic() + getattr(self.datastore, "budget", 5.0)
        while True:
            try:
                return inner(self, *args, **kwargs)
            except (InterfaceError, OperationalError):
                if time.monotonic() + RETRY_WAIT >= deadline:
                    raise
                time.sleep(RETRY_WAIT)

    return call


class ApplicationRecorder(_pg.PostgresApplicationRecorder):
    """The library's application recorder, each call bounded by the store's budget."""

    insert_events = within_budget(_pg.PostgresApplicationRecorder.insert_events)
    select_events = within_budget(_pg.PostgresApplicationRecorder.select_events)
    select_notifications = within_budget(_pg.PostgresApplicationRecorder.select_notifications)
    max_notification_id = within_budget(_pg.PostgresApplicationRecorder.max_notification_id)


class Factory(_pg.PostgresFactory):
    """``eventsourcing.postgres``'s factory with the outage budget of the module docstring."""

    application_recorder_class = ApplicationRecorder

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        store = self.datastore
        exact = self.env.get(EXACT_LOCK_TIMEOUT)
        lock_timeout = float(exact or self.env.get(self.POSTGRES_LOCK_TIMEOUT) or 0)
        if exact and lock_timeout > 0:
            # SET LOCAL lock_timeout = '0.5s' (the library's attribute is typed int)
            store.lock_timeout = lock_timeout  # type: ignore[assignment]
        statement = float(self.env.get(STATEMENT_TIMEOUT) or lock_timeout or 0)
        connect = float(self.env.get(self.POSTGRES_CONNECT_TIMEOUT) or 5)
        budget = max(lock_timeout, statement, 1.0)
        store.budget = budget  # type: ignore[attr-defined]  # read by within_budget
        store.pool.timeout = min(store.pool.timeout, budget)
        kwargs: dict[str, Any] = {
            "connect_timeout": max(1, int(connect)),
            "keepalives": 1,
            "keepalives_idle": 5,
            "keepalives_interval": 2,
            "keepalives_count": 3,
            "tcp_user_timeout": int(max(budget, connect) * 1000),
        }
        # JIT compiling a plan costs 10-40 ms, more than any of our queries runs: a lookup by
        # key whose row estimate is high (a generic plan) was paying it on every call
        options = ["-c jit=off"]
        if statement > 0:
            options.append(f"-c statement_timeout={int(statement * 1000)}")
        kwargs["options"] = " ".join(options)
        pool_kwargs = store.pool.kwargs  # the library's pool keeps them in a dict
        assert isinstance(pool_kwargs, dict)
        pool_kwargs.update(kwargs)
