"""/healthz reads Redis's part from the last check, which a timer refreshes once a second off
the request path (issue 24: the three Redis round trips were the endpoint's tail with 1,000
streams open; issue 31: refreshing only when a request found the answer stale served that
request the stale answer, however old).

No test here waits on wall-clock speed: the refresh is driven step by step
(``_RedisHealth.refresh``), or the test waits (with a generous limit, for liveness only) for
the timer's own notification that it has checked."""

from __future__ import annotations

import threading

import pytest

from service import health
from service.app import create_app
from service.bootstrap import bootstrap

#: how long a test waits for the timer thread to do something at all (never a speed check)
LIVENESS = 60.0


class FakeRedis:
    """A stand-in connection: its ping says whether it is up, and counts (the logic under test
    is our refresher, not Redis). RQ's counts fail on it, which /healthz tolerates."""

    def __init__(self) -> None:
        self.up, self.pings = True, 0
        self.lock = threading.Lock()

    def ping(self):
        with self.lock:
            self.pings += 1
        if not self.up:
            raise ConnectionError("down")
        return True


@pytest.fixture
def no_inline_refresh(monkeypatch):
    """A period so long that neither the timer nor a request refreshes during the test: only
    the test's own ``refresh()`` steps do."""
    monkeypatch.setattr(health, "REDIS_HEALTH_SECONDS", 10_000.0)


def test_each_answer_is_the_last_check_and_the_next_check_changes_it(no_inline_refresh):
    conn = FakeRedis()
    cache = health._RedisHealth(conn, timer=False)
    assert cache.get()["redis"] == "ok" and conn.pings == 1  # the very first request checks
    conn.up = False
    assert cache.get()["redis"] == "ok" and conn.pings == 1  # no round trip on the request path
    cache.refresh()  # one step of the timer
    assert cache.get()["redis"] == "down" and conn.pings == 2
    conn.up = True
    cache.refresh()
    assert cache.get()["redis"] == "ok"


def test_the_timer_refreshes_with_no_request_asking(monkeypatch):
    """Redis goes down between two requests; the second one already says so, because the
    timer checked in between (the old code served it the stale "ok" and only then refreshed)."""
    monkeypatch.setattr(health, "REDIS_HEALTH_SECONDS", 0.01)
    conn = FakeRedis()
    cache = health._RedisHealth(conn)
    try:
        assert cache.get()["redis"] == "ok"
        conn.up = False
        with cache.refreshed:
            seen = cache.steps
            # two steps: one may have started before Redis went down
            assert cache.refreshed.wait_for(lambda: cache.steps >= seen + 2, LIVENESS)
        assert cache.get()["redis"] == "down"
    finally:
        cache.close()


def test_a_stopped_timer_never_serves_an_old_answer(monkeypatch):
    """A timer nobody asks stops; the next request then checks itself instead of answering
    from the last check, however old."""
    monkeypatch.setattr(health, "REDIS_HEALTH_SECONDS", 0.01)
    conn = FakeRedis()
    cache = health._RedisHealth(conn)
    assert cache.get()["redis"] == "ok"
    thread = cache.thread
    assert thread is not None
    monkeypatch.setattr(health, "REDIS_HEALTH_IDLE_SECONDS", 0.0)
    thread.join(LIVENESS)  # idle now: it stops by itself
    assert not thread.is_alive() and cache.thread is None
    conn.up = False
    monkeypatch.setattr(health, "REDIS_HEALTH_SECONDS", 0.0)  # the last check is now too old
    assert cache.get()["redis"] == "down"
    cache.close()


def test_healthz_follows_redis_within_one_refresh(sqlite_services, no_inline_refresh):
    """Through HTTP: the answer follows Redis at the refresher's next step."""
    conn = FakeRedis()
    services = bootstrap(sqlite_services.settings.replace(redis_url=None))
    services.redis = conn
    try:
        client = create_app(services=services).test_client()
        assert client.get("/healthz").get_json()["redis"] == "ok"
        conn.up = False
        health._REDIS_HEALTH[id(conn)].refresh()  # the timer's next step
        body = client.get("/healthz").get_json()
        assert body["redis"] == "down" and body["workers"] == "unknown"
        assert body["status"] == "ok"  # Redis is informational: the store decides
    finally:
        health._REDIS_HEALTH.pop(id(conn)).close()
        services.redis = None
        services.close()


def test_no_redis_configured_is_said_at_once():
    assert health.cached_redis_health(None)["redis"] == "not configured"
