"""What the after-save hooks of a process share (the waker, ``wakeup.py``, and the bot
scheduler, ``bots.py``): a hook that notes which games moved and a daemon thread of its own that
deals with them, so a save is never slowed down by what follows it."""

from __future__ import annotations

import logging
import threading
from typing import Any

log = logging.getLogger(__name__)


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
