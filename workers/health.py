"""What ``GET /healthz`` can say about the read side (each check answers within about 0.5 s)."""

from __future__ import annotations

import logging
import time
from typing import Any

log = logging.getLogger(__name__)


def redis_health(connection: Any, queue_name: str = "chronicle") -> dict:
    """``{"redis": "ok"|"down", "workers": n|None, "queued": n|None}``.

    Use a request-path client (0.5 s timeouts, no retries).
    """
    if connection is None:
        return {"redis": "not configured", "workers": None, "queued": None}
    try:
        connection.ping()
    except Exception as err:
        log.info("health: Redis is down: %s", err)
        return {"redis": "down", "workers": None, "queued": None}
    try:
        from rq import Queue, Worker

        queue = Queue(queue_name, connection=connection)
        return {"redis": "ok", "workers": Worker.count(queue=queue), "queued": queue.count}
    except Exception as err:
        log.info("health: cannot count RQ workers: %s", err)
        return {"redis": "ok", "workers": None, "queued": None}


def read_model_health(
    store: Any,
    games: Any,
    stuck_seconds: float = 30.0,
    max_lag: int = 1000,
    now: float | None = None,
) -> dict:
    """How far the read models are behind the event store: ``{"position", "head", "lag"}``,
    and ``problem`` when they are stuck: the first notification they have not processed was
    stored more than ``stuck_seconds`` ago (a projector failing on one event, or no projector
    running), or they lag more than ``max_lag`` notifications."""
    try:
        head = games.recorder.max_notification_id() or 0
        position = store.position(games.name)
    except Exception as err:
        log.info("health: read models unavailable: %s", err)
        return {"position": None, "head": None, "lag": None}
    out: dict = {"position": position, "head": head, "lag": head - position}
    _set_aside(store, out)
    if head <= position:
        return out
    waiting = _waiting_since(games, position, time.time() if now is None else now)
    if waiting is not None and waiting > stuck_seconds:
        out["problem"] = (
            f"stuck: notification {position + 1} has waited {waiting:.0f} s "
            "(a projector failing on it, or none running)"
        )
        out["stuck_on"] = position + 1
        out["waiting_seconds"] = round(waiting, 1)
    elif head - position > max_lag:
        out["problem"] = f"lagging: {head - position} notifications behind"
    return out


def _set_aside(store: Any, out: dict) -> None:
    """Games the projector set aside: counted, the latest named, and a ``problem``."""
    try:
        games = store.set_aside_games()
    except Exception as err:  # a store from before the table existed, or a read failing
        log.info("health: set-aside games unknown: %s", err)
        return
    if games:
        first = games[0]
        out["set_aside"] = games
        out["problem"] = (
            f"{len(games)} game(s) set aside, their pages and rows stale: game "
            f"{first['game_id']} at version {first['version']}: {first['reason']}"
        )


def _waiting_since(games: Any, position: int, now: float) -> float | None:
    """Seconds since the first unprocessed notification was stored (None if unknown)."""
    try:
        notes = games.recorder.select_notifications(
            start=position, limit=1, inclusive_of_start=False
        )
        if not notes:
            return None
        event = games.mapper.to_domain_event(notes[0])
        return max(0.0, now - event.timestamp.timestamp())
    except Exception as err:
        log.info("health: cannot read the next notification: %s", err)
        return None


def outbox_health(store: Any) -> dict:
    """Notices by delivery state (``dead`` is the dead-letter list)."""
    try:
        rows = store.query("SELECT state, COUNT(*) AS n FROM {p}rm_outbox GROUP BY state")
    except Exception as err:
        log.info("health: outbox unavailable: %s", err)
        return {}
    return {r["state"]: r["n"] for r in rows}
