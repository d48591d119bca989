"""``GET /healthz``: is the event store reachable (200) or not (503), and how is Redis?

``status`` is ``ok``, ``degraded`` (the API works, but the read models are stuck on an event
or lag: lobby, scores and notices are behind; ``problems`` says why) or ``unavailable``."""

from __future__ import annotations

import functools
import logging

from eventsourcing.persistence import PersistenceError

from domain.common.errors import StoreUnavailable
from workers.health import outbox_health, read_model_health, redis_health

from .bootstrap import Services

log = logging.getLogger(__name__)


def check_store(services: Services) -> str:
    """``"ok"`` after one cheap query on the events table, else raises ``StoreUnavailable``.

    The query runs once (the library's retries, meant to ride out a failover, are skipped: a
    health check must answer quickly).
    """
    games = services.games()
    recorder = games.recorder
    query = type(recorder).max_notification_id
    query = getattr(query, "__wrapped__", query)
    try:
        query(recorder)
    except PersistenceError as err:
        log.warning("health check: event store unavailable: %s", err)
        raise StoreUnavailable(retry_after=services.settings.retry_after) from err
    return "ok"


def health(services: Services) -> tuple[int, dict]:
    """The status code and body of ``GET /healthz``: the store (decides the status), Redis and
    the workers (RQ's registry of live workers), how far the read models lag behind the store,
    and the notices by delivery state (``dead`` is the dead-letter list)."""
    queue = redis_health(services.redis)
    body = {
        "status": "ok",
        "store": "ok",
        "redis": queue["redis"],
        "workers": queue["workers"]
        if queue["workers"] is not None
        else ("unknown" if queue["redis"] == "down" else "not configured"),
        "queued": queue["queued"],
        "backend": "postgresql" if services.settings.is_postgres else "sqlite",
        "version": _version(),
    }
    try:
        check_store(services)
    except StoreUnavailable:
        body.update(status="unavailable", store="down")
        return 503, body
    try:
        side = services.read_side()
        settings = services.settings
        body["read_models"] = read_model_health(
            side.store, side.games, settings.health_stuck_seconds, settings.health_max_lag
        )
        body["notices"] = outbox_health(side.store)
        if body["read_models"].get("problem"):
            body["status"] = "degraded"
            body["problems"] = [f"read models {body['read_models']['problem']}"]
    except Exception as err:  # the read side is optional for health: say so, stay 200
        log.info("health check: read models unavailable: %s", err)
        body["read_models"] = {"position": None, "head": None, "lag": None}
    return 200, body


@functools.lru_cache(maxsize=1)
def _version() -> str:
    try:
        from importlib.metadata import version

        return version("chronicle")
    except Exception:  # not installed as a distribution (a bare checkout)
        return "unknown"
