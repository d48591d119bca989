"""What ``GET /healthz`` can say about the read side (each check answers within about 0.5 s)."""
from __future__ import annotations

import logging
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


def read_model_health(store: Any, games: Any) -> dict:
    """How far the read models are behind the event store: ``{"position", "head", "lag"}``."""
    try:
        head = games.recorder.max_notification_id() or 0
        position = store.position(games.name)
    except Exception as err:
        log.info("health: read models unavailable: %s", err)
        return {"position": None, "head": None, "lag": None}
    return {"position": position, "head": head, "lag": head - position}


def outbox_health(store: Any) -> dict:
    """Notices by delivery state (``dead`` is the dead-letter list)."""
    try:
        rows = store.query("SELECT state, COUNT(*) AS n FROM {p}rm_outbox GROUP BY state")
    except Exception as err:
        log.info("health: outbox unavailable: %s", err)
        return {}
    return {r["state"]: r["n"] for r in rows}
