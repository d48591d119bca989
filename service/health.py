"""``GET /healthz``: is the event store reachable (200) or not (503), and how is Redis?

``status`` is ``ok``, ``degraded`` (the API works, but the read models are stuck on an event
or lag: lobby, scores and notices are behind; ``problems`` says why) or ``unavailable``."""

from __future__ import annotations

import functools
import logging
import threading
import time
from typing import TYPE_CHECKING, cast

from eventsourcing.persistence import PersistenceError

from domain.common.errors import StoreUnavailable
from workers.health import outbox_health, read_model_health, redis_health

from .bootstrap import Services

if TYPE_CHECKING:
    from redis import Redis

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


#: how often the Redis part of /healthz is refreshed (seconds): no answer is older than this
#: plus one check (at most 1.5 s with the request-path client's 0.5 s timeouts)
REDIS_HEALTH_SECONDS = 1.0
#: a refresher nobody has asked for this long stops (it starts again on the next request)
REDIS_HEALTH_IDLE_SECONDS = 30.0


class _RedisHealth:
    """The Redis part of ``/healthz`` (a ping, RQ's live workers, the queue length: three round
    trips, informational only, never the status code), kept per connection and refreshed off
    the request path by a timer: a daemon thread checks once every
    :data:`REDIS_HEALTH_SECONDS` while requests ask, so every answer is at most that old plus
    one check (issue 31: refreshing only when a request found the answer stale served that
    request the stale answer, however old). Only the very first request waits for a check;
    if the timer ever falls behind (a hung check), a request finding the answer older than
    twice the period checks itself. Measured under ``python -m bench streams``, these round
    trips were the tail of the endpoint (p99 9 ms, max 44 ms, on a shared 2-core machine);
    the store check, which decides 200 or 503, still runs on every request.

    :meth:`refresh` is one step of the timer (tests call it directly); ``refreshed`` is
    notified after every step."""

    def __init__(self, connection: Redis, *, timer: bool = True) -> None:
        self.connection = connection
        self.timer = timer
        self.lock = threading.Lock()
        self.refreshed = threading.Condition(self.lock)
        self.value: dict | None = None
        self.at = 0.0
        self.steps = 0
        self.asked = time.monotonic()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def refresh(self) -> dict:
        """Check Redis now and keep the answer (one step of the timer)."""
        value = redis_health(self.connection)
        with self.lock:
            self.value, self.at = value, time.monotonic()
            self.steps += 1
            self.refreshed.notify_all()
        return value

    def _run(self) -> None:
        while not self.stop.wait(REDIS_HEALTH_SECONDS):
            if time.monotonic() - self.asked > REDIS_HEALTH_IDLE_SECONDS:
                break
            try:
                self.refresh()
            except Exception:  # never let the timer die (redis_health itself does not raise)
                log.exception("health check: refreshing the Redis answer failed")
        with self.lock:
            self.thread = None

    def _ensure_timer(self) -> None:
        if not self.timer or self.stop.is_set():
            return
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="redis-health", daemon=True)
                self.thread.start()

    def get(self) -> dict:
        now = time.monotonic()
        with self.lock:
            self.asked = now
            value = self.value
            stale = value is None or now - self.at > 2 * REDIS_HEALTH_SECONDS
        self._ensure_timer()
        return self.refresh() if stale else cast(dict, value)

    def close(self) -> None:
        self.stop.set()


_REDIS_HEALTH: dict[int, _RedisHealth] = {}
_REDIS_HEALTH_LOCK = threading.Lock()


def cached_redis_health(connection: Redis | None) -> dict:
    """:func:`redis_health` of ``connection``, at most :data:`REDIS_HEALTH_SECONDS` old."""
    if connection is None:
        return redis_health(None)
    with _REDIS_HEALTH_LOCK:
        cache = _REDIS_HEALTH.get(id(connection))
        if cache is None or cache.connection is not connection:
            if len(_REDIS_HEALTH) > 16:  # connections of services closed since (tests)
                for old in _REDIS_HEALTH.values():
                    old.close()
                _REDIS_HEALTH.clear()
            cache = _REDIS_HEALTH[id(connection)] = _RedisHealth(connection)
    return cache.get()


def health(services: Services) -> tuple[int, dict]:
    """The status code and body of ``GET /healthz``: the store (decides the status), Redis and
    the workers (RQ's registry of live workers), how far the read models lag behind the store,
    and the notices by delivery state (``dead`` is the dead-letter list)."""
    queue = cached_redis_health(services.redis)
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
