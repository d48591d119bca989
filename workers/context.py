"""The objects a worker process runs on, built lazily on first use (never before a fork).

RQ jobs are plain functions (``workers.jobs``); they find the ``Games`` application, the read
model store, the projector (with its warm per-game LRU) and a Redis client here. Nothing connects
to a database until a job or the poll loop needs it, and a forked child starts from scratch
(``os.register_at_fork``), so a fork worker never shares a connection with its parent.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from domain.platform.application import Games
from projections.accounts import projections_for
from projections.projector import CatchUp, Projector
from projections.store import ReadModelStore, open_store

from . import bots, delivery, mail, outbox, queueing
from .settings import WorkerSettings

log = logging.getLogger(__name__)


class Context:
    """One process's worker-side services."""

    def __init__(
        self,
        games: Games,
        settings: WorkerSettings | None = None,
        *,
        store: ReadModelStore | None = None,
        redis: Any = None,
        owns_games: bool = False,
    ) -> None:
        self.settings = settings or WorkerSettings.from_env()
        self.games = games
        self.store = store or open_store(games)
        self.projector = Projector(
            games,
            self.store,
            notice_max_age=self.settings.notice_max_age,
            batch_size=self.settings.projector_batch,
            cache_size=self.settings.projector_cache,
        )
        self._owns_games = owns_games
        self.dispatcher = queueing.Dispatcher(
            self.settings.redis_url, self.settings.queue_name, connection=redis
        )
        self.bots = bots.install(games, self.settings, connection=redis)
        #: the accounts' read models (open tables, accounts' seats, ratings), each tracked
        self.extra = projections_for(games, self.store)

    # -- Redis ----------------------------------------------------------------------------------
    @property
    def redis(self) -> Any:
        return self.dispatcher.connection

    def dispatch(self, notice_ids: list[str]) -> int:
        """Enqueue the deliveries of ``notice_ids`` (best effort: while Redis is unreachable
        they stay pending and the sweep enqueues them later)."""
        return self.dispatcher(notice_ids)

    # -- the work -------------------------------------------------------------------------------
    def catch_up(self) -> CatchUp:
        result = self.projector.catch_up()
        self.dispatch(result.notices)
        for projection in self.extra:
            try:
                projection.catch_up()
            except Exception:  # one read model failing must not stop the others; retried
                log.exception("%s: catch-up failed", projection.name)
        return result

    def sweep(self, grace: float | None = None) -> dict:
        """Catch up, then enqueue every delivery that is due (retries, notices whose wake-up was
        lost, attempts whose worker died)."""
        result = self.catch_up()
        grace = self.settings.poll_interval if grace is None else grace
        due = outbox.due(self.store, time.time(), grace=grace)
        enqueued = self.dispatch(due)
        clocks = bots.sweep_clocks(self.games, self.store, submit=self.bots.submit)
        mail.sweep(self.store, self.settings)
        return {
            "processed": result.processed,
            "position": result.position,
            "due": len(due),
            "enqueued": enqueued,
            **clocks,
        }

    def close(self) -> None:
        if self._owns_games:
            self.games.close()
        self.dispatcher.close()


_lock = threading.Lock()
_context: Context | None = None
_pid: int | None = None


def games_from_environ() -> Games:
    from projections.cli import games_from_environ as build

    return build()


def get() -> Context:
    """This process's context (built from the environment on first use)."""
    global _context, _pid
    with _lock:
        if _context is None or _pid != os.getpid():
            _context = Context(games_from_environ(), owns_games=True)
            _pid = os.getpid()
        return _context


def install(context: Context | None) -> None:
    """Use ``context`` in this process (tests and launchers that build their own; None:
    build from the environment again on next use). Delivery attempts still under way for the
    context it replaces finish first (each within its deadline): they write to that context's
    store, which its owner may close next."""
    global _context, _pid
    with _lock:
        replaced = _context
        _context = context
        _pid = os.getpid()
    if replaced is not None and replaced is not context:
        delivery.drain()


def _forget_after_fork() -> None:
    global _context, _pid, _lock
    _context = None
    _pid = None
    _lock = threading.Lock()


os.register_at_fork(after_in_child=_forget_after_fork)
