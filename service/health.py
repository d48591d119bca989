"""``GET /healthz``: is the event store reachable (200) or not (503), and how is Redis?"""
from __future__ import annotations

import functools
import logging

from eventsourcing.persistence import PersistenceError

from domain.common.errors import StoreUnavailable

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


def check_redis(services: Services) -> str:
    """``"ok"``, ``"down"`` or ``"not configured"`` (0.5 s at most)."""
    if services.redis is None:
        return "not configured"
    try:
        services.redis.ping()
    except Exception as err:  # any failure to answer is "down"
        log.info("health check: Redis is down: %s", err)
        return "down"
    return "ok"


def health(services: Services) -> tuple[int, dict]:
    """The status code and body of ``GET /healthz``."""
    body = {"status": "ok", "store": "ok", "redis": check_redis(services),
            "workers": "not configured",
            "backend": "postgresql" if services.settings.is_postgres else "sqlite",
            "version": _version()}
    try:
        check_store(services)
    except StoreUnavailable:
        body.update(status="unavailable", store="down")
        return 503, body
    return 200, body


@functools.lru_cache(maxsize=1)
def _version() -> str:
    try:
        from importlib.metadata import version
        return version("chronicle")
    except Exception:  # not installed as a distribution (a bare checkout)
        return "unknown"
