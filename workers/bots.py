"""Bot turns and move clocks on the worker side (issue 25).

* :class:`BotScheduler` is a ``Games.after_save`` hook (API processes and workers alike): after a
  save it looks, on a thread of its own, whether the game now waits for a bot seat, and if so
  enqueues ``workers.jobs.bot_turn(game, version)`` (job id ``<queue>-bot-<game>-<version>``:
  one job per version, duplicates refused). Without Redis it plays the bot in-process.
* :func:`sweep_clocks` runs in every sweep: it reads the active games whose lobby summary has a
  clock or a bot seat, writes the reminders and expiries that are due
  (``Games.clock_due``: exactly once per deadline) and enqueues bot turns a lost wake-up missed.

The job itself (``Games.play_bot``) does nothing when the game has moved on since ``version``.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from domain.common.errors import DomainError

from . import queueing
from .settings import WorkerSettings

log = logging.getLogger(__name__)

BOT_TURN = "workers.jobs.bot_turn"


def enqueue_bot_turn(connection: Any, queue_name: str, game_id: str, version: int) -> bool:
    outcome = queueing._enqueue_unique(
        connection,
        queue_name,
        BOT_TURN,
        (str(game_id), int(version)),
        queueing.job_id(queue_name, f"bot-{uuid.UUID(str(game_id)).hex}-{int(version)}"),
        failure_ttl=600,
        job_timeout=120,
        ttl=3600,
        description=f"bot turn {game_id}@{version}",
    )
    return outcome == "enqueued"


class BotScheduler:
    """``Games.after_save`` hook: enqueue a bot turn when a save leaves the game waiting for a
    bot (see the module docstring). ``submit(game_id, version)`` overrides the enqueue."""

    def __init__(
        self,
        games: Any,
        redis_url: str | None,
        queue_name: str = "chronicle",
        *,
        connection: Any = None,
        submit: Callable[[str, int], Any] | None = None,
    ) -> None:
        self.games = games
        self.redis_url = redis_url
        self.queue_name = queue_name
        self._connection = connection
        self._submit = submit
        self._pending: dict[str, int] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._closed = False
        self._thread: threading.Thread | None = None

    def __call__(self, events: list[Any]) -> None:
        with self._lock:
            for event in events:
                if getattr(event, "type", None) is None:
                    continue
                key = str(event.originator_id)
                self._pending[key] = max(event.originator_version, self._pending.get(key, 0))
            if not self._pending:
                return
            self._idle.clear()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="chronicle-bots", daemon=True
                )
                self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                moved, self._pending = self._pending, {}
            for key, version in moved.items():
                try:
                    self.check(key, version)
                except Exception:
                    log.exception("scheduling a bot turn of game %s failed (the sweep will)", key)
            with self._lock:
                if not self._pending and not self._wake.is_set():
                    self._idle.set()

    def check(self, game_id: str, version: int) -> None:
        if self.games.waits_for_bot(uuid.UUID(game_id), version):
            self.submit(game_id, version)

    def submit(self, game_id: str, version: int) -> None:
        if self._submit is not None:
            self._submit(game_id, version)
            return
        connection = self.connection
        if connection is None:
            self.games.play_bot(uuid.UUID(game_id), version)  # no Redis: play here
            return
        enqueue_bot_turn(connection, self.queue_name, game_id, version)

    @property
    def connection(self) -> Any:
        if self._connection is None and self.redis_url:
            self._connection = queueing.request_redis(self.redis_url)
        return self._connection

    def flush(self, timeout: float = 5.0) -> bool:
        return self._idle.wait(timeout)

    def close(self, timeout: float = 5.0) -> None:
        self._closed = True
        self._wake.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)


def install(
    games: Any, settings: WorkerSettings | None = None, *, connection: Any = None
) -> BotScheduler:
    """Append a :class:`BotScheduler` to ``games.after_save`` (once) and return it."""
    for hook in games.after_save:
        if isinstance(hook, BotScheduler):
            return hook
    settings = settings or WorkerSettings.from_env()
    scheduler = BotScheduler(games, settings.redis_url, settings.queue_name, connection=connection)
    games.after_save.append(scheduler)
    return scheduler


def sweep_clocks(
    games: Any,
    store: Any,
    now: float | None = None,
    submit: Callable[[str, int], Any] | None = None,
) -> dict:
    """Write due reminders and expiries, and hand games waiting for a bot to ``submit``
    (see the module docstring); returns counts."""
    now = time.time() if now is None else now
    rows = store.query(
        "SELECT game_id, version, summary FROM {p}rm_games "
        "WHERE status = 'active' AND (summary LIKE ? OR summary LIKE ?)",
        ['%"clock"%', '%"bot"%'],
    )
    written = bots = 0
    for row in rows:
        summary = json.loads(row["summary"])
        game_id = uuid.UUID(row["game_id"])
        clock = summary.get("clock")
        if clock and _due(clock, now):
            try:
                written += len(games.clock_due(game_id, now))
            except DomainError as err:  # another worker wrote first: the next sweep sees it
                log.info("clock of game %s: %s", game_id, err.code)
        waiting_bots = [
            p
            for p in summary.get("players", [])
            if p.get("bot") and p["seat"] in summary.get("to_act", [])
        ]
        if waiting_bots and submit is not None:
            game = games.get_game(game_id)
            if games.bots_to_act(game):
                submit(str(game_id), game.version)
                bots += 1
    return {"clock_events": written, "bot_turns": bots}


def _due(clock: dict, now: float) -> bool:
    for seat in clock.get("seats", []):
        end = seat.get("deadline_epoch")
        if end is not None and now >= end - clock.get("reminder", 0):
            return True
    return False
