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
import time
import uuid
from collections.abc import Callable
from typing import Any

from domain.common.errors import DomainError

from . import queueing
from .hooks import AfterSaveThread
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


class BotScheduler(AfterSaveThread):
    """``Games.after_save`` hook: enqueue a bot turn when a save leaves the game waiting for a
    bot (see the module docstring). ``submit(game_id, version)`` overrides the enqueue. The
    thread and its bookkeeping are the waker's (``hooks.AfterSaveThread``)."""

    thread_name = "chronicle-bots"

    def __init__(
        self,
        games: Any,
        redis_url: str | None,
        queue_name: str = "chronicle",
        *,
        connection: Any = None,
        submit: Callable[[str, int], Any] | None = None,
    ) -> None:
        super().__init__()
        self.games = games
        self.redis_url = redis_url
        self.queue_name = queue_name
        self._connection = connection
        self._submit = submit

    def __call__(self, events: list[Any]) -> None:
        self._note(self.moved(events))

    def handle(self) -> None:
        for key, version in self._take().items():
            try:
                self.check(key, version)
            except Exception:
                log.exception("scheduling a bot turn of game %s failed (the sweep will)", key)

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
