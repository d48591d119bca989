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

from . import queueing
from .settings import WorkerSettings

log = logging.getLogger(__name__)

CHANNEL = "chronicle:games"


class AfterSaveThread:
    """What the after-save hooks share (:class:`Waker`, ``bots.BotScheduler``): the hook notes
    which games moved (game id -> newest version, no I/O) and wakes a daemon thread of its
    own, started lazily (so a pre-forking server starts one in each worker process), which
    calls :meth:`handle` until nothing is pending; ``flush`` waits for that, ``close`` stops
    the thread."""

    thread_name = "chronicle-after-save"

    def __init__(self) -> None:
        self._pending: dict[str, int] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._closed = False
        self._thread: threading.Thread | None = None

    @staticmethod
    def moved(events: list[Any]) -> dict[str, int]:
        """``{game id: newest version}`` of the stored events among ``events``."""
        out: dict[str, int] = {}
        for event in events:
            version = getattr(event, "originator_version", None)
            if getattr(event, "type", None) is not None and version is not None:
                key = str(event.originator_id)
                out[key] = max(version, out.get(key, 0))
        return out

    def _note(self, moved: dict[str, int]) -> None:
        """Add ``moved`` to what is pending and wake the thread (if anything is pending)."""
        with self._lock:
            for key, version in moved.items():
                self._pending[key] = max(version, self._pending.get(key, 0))
            if not self._pending:
                return
            self._idle.clear()
        self._ensure_thread()
        self._wake.set()

    def _take(self) -> dict[str, int]:
        with self._lock:
            moved, self._pending = self._pending, {}
        return moved

    def _ensure_thread(self) -> None:
        thread = self._thread
        if thread is not None and thread.is_alive():
            return
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name=self.thread_name, daemon=True
                )
                self._thread.start()

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait()
            self._wake.clear()
            if self._closed:
                break
            try:
                self.handle()
            except Exception:  # never let the thread die
                log.exception("%s failed", self.thread_name)
            with self._lock:
                if not self._pending and not self._wake.is_set():
                    self._idle.set()

    def handle(self) -> None:
        """Deal with what is pending (take it with :meth:`_take`)."""
        raise NotImplementedError

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the thread has handled every save so far (tests, shutdown)."""
        return self._idle.wait(timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Stop the thread and wait for the work in progress to finish (the store is closed
        next: a catch-up still writing to a closed SQLite connection crashes the process)."""
        self._closed = True
        self._wake.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)


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
    from . import bots

    bots.install(games, settings, connection=connection)  # bot turns (issue 25)
    return waker
