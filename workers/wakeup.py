"""The after-save hook of the API processes: wake the read side up, never slow a move down.

:func:`install` appends a :class:`Waker` to ``Games.after_save``. The hook itself only records
which games moved and sets an event (microseconds, no I/O); a background thread of the process
then

1. enqueues a ``catch_up`` wake-up (RQ, deduplicated by job id) unless ``CHRONICLE_WAKEUPS=off``
   (a projector process follows the store);
2. publishes ``"<game id> <version>"`` on the Redis channel ``chronicle:games`` (open event
   streams of every API process listen to it).

Its Redis client has 0.5 s socket timeouts and no retries. When Redis fails (down, or hung),
the waker logs it, stops trying for ``breaker`` seconds and catches the read models up
in-process instead (``fallback``), so they keep moving; the notices that pass creates wait in
the outbox until a worker can reach Redis again (its sweep enqueues them then). A lost wake-up
only adds latency: the workers' poll and sweep catch up anyway.

Local listeners (:meth:`Waker.listen`) are told of every save synchronously; event streams of
the same process use them to answer without waiting for Redis.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from projections.projector import Projector

from . import bots, queueing
from .hooks import AfterSaveThread
from .settings import WorkerSettings

log = logging.getLogger(__name__)

CHANNEL = "chronicle:games"


class Waker(AfterSaveThread):
    """``Games.after_save`` hook (see the module docstring)."""

    thread_name = "chronicle-waker"

    def __init__(
        self,
        redis_url: str | None,
        queue_name: str = "chronicle",
        *,
        wakeups: bool = True,
        publish: bool = True,
        fallback: Callable[[], Any] | None = None,
        breaker: float = 2.0,
        timeout: float = 0.5,
        connection: Any = None,
    ) -> None:
        self.redis_url = redis_url
        self.queue_name = queue_name
        self.wakeups = wakeups
        self.publish = publish
        self.fallback = fallback
        self.breaker = breaker
        self.timeout = timeout
        self._connection = connection
        super().__init__()
        self._down_until = 0.0
        self._listeners: list[Callable[[dict[str, int]], None]] = []
        self.last_error: str | None = None
        self.fallback_runs = 0
        self.enqueued = 0

    # -- the hook -------------------------------------------------------------------------------
    @staticmethod
    def moved(events: list[Any]) -> dict[str, int]:
        """The games that moved, and the chats with a new message (issue 34: a message may owe
        the other seats a notice, so it wakes the read side as a move does)."""
        out = AfterSaveThread.moved(events)
        for event in events:
            if getattr(event, "kind", None) == "MessagePosted":
                key = str(event.originator_id)
                out[key] = max(event.originator_version, out.get(key, 0))
        return out

    def __call__(self, events: list[Any]) -> None:
        moved = self.moved(events)
        for listener in list(self._listeners):
            try:
                listener(moved)
            except Exception:
                log.exception("after-save listener failed")
        self._note(moved)

    def listen(self, listener: Callable[[dict[str, int]], None]) -> None:
        """Call ``listener({game id: version})`` after every save in this process."""
        self._listeners.append(listener)

    def handle(self) -> None:
        self.wake_once()

    @property
    def connection(self) -> Any:
        if self._connection is None and self.redis_url:
            self._connection = queueing.request_redis(self.redis_url, self.timeout)
        return self._connection

    def redis_ok(self) -> bool:
        return time.monotonic() >= self._down_until

    def wake_once(self) -> None:
        moved = self._take()
        if not moved:
            return
        if self.connection is not None and self.redis_ok():
            try:
                if self.wakeups:
                    if queueing.enqueue_catch_up(self.connection, self.queue_name):
                        self.enqueued += 1
                if self.publish:
                    pipe = self.connection.pipeline(transaction=False)
                    for key, version in moved.items():
                        pipe.publish(CHANNEL, f"{key} {version}")
                    pipe.execute()
                self.last_error = None
                return
            except Exception as err:  # any Redis failure: log, open the breaker, fall back
                self.last_error = f"{type(err).__name__}: {err}"
                self._down_until = time.monotonic() + self.breaker
                log.warning(
                    "Redis unavailable for a wake-up (%s); catching up in-process for "
                    "the next %.1f s",
                    self.last_error,
                    self.breaker,
                )
        if self.fallback is not None:
            self.fallback_runs += 1
            self.fallback()

    def status(self) -> dict:
        return {
            "redis": "ok" if self.redis_ok() and not self.last_error else "down",
            "last_error": self.last_error,
            "fallback_runs": self.fallback_runs,
        }


class InProcessCatchUp:
    """The fallback: project in this process (one pass at a time; errors are logged)."""

    def __init__(self, games: Any, projector: Any = None) -> None:
        self.games = games
        self._projector = projector
        self._lock = threading.Lock()

    @property
    def projector(self) -> Projector:
        if self._projector is None:
            from projections.projector import Projector
            from projections.store import open_store

            self._projector = Projector(self.games, open_store(self.games), cache_size=512)
        return self._projector

    def __call__(self) -> None:
        with self._lock:
            try:
                self.projector.catch_up()
            except Exception:
                log.exception(
                    "in-process catch-up failed (the read models lag; a worker will catch up)"
                )


def install(
    games: Any,
    settings: WorkerSettings | None = None,
    *,
    fallback: bool = True,
    connection: Any = None,
) -> Waker:
    """Append a :class:`Waker` to ``games.after_save`` and return it."""
    settings = settings or WorkerSettings.from_env()
    waker = Waker(
        settings.redis_url,
        settings.queue_name,
        wakeups=settings.wakeups,
        fallback=InProcessCatchUp(games) if fallback else None,
        connection=connection,
    )
    games.after_save.append(waker)
    bots.install(games, settings, connection=connection)  # bot turns (issue 25)
    return waker
