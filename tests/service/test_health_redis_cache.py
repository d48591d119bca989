"""/healthz reads Redis's part from the last answer, refreshed off the request path (issue 24:
the three Redis round trips were the endpoint's tail with 1,000 streams open)."""

from __future__ import annotations

import time

from service import health


class SlowRedis:
    """A stand-in connection whose ping takes ``delay`` seconds and says how often it ran
    (the logic under test is our cache, not Redis)."""

    def __init__(self, delay: float) -> None:
        self.delay, self.pings, self.up = delay, 0, True

    def ping(self):
        self.pings += 1
        time.sleep(self.delay)
        if not self.up:
            raise ConnectionError("down")
        return True


def test_redis_health_is_answered_from_the_last_check_and_refreshed_behind(monkeypatch):
    monkeypatch.setattr(health, "REDIS_HEALTH_SECONDS", 0.2)
    conn = SlowRedis(0.3)
    first = health.cached_redis_health(conn)  # the very first request waits for it
    assert first["redis"] == "ok" and conn.pings == 1
    started = time.monotonic()
    assert health.cached_redis_health(conn)["redis"] == "ok"
    assert conn.pings == 1  # fresh: no round trip
    time.sleep(0.25)
    conn.up = False
    assert health.cached_redis_health(conn)["redis"] == "ok"  # stale answer, at once
    assert time.monotonic() - started < 0.45 + 0.1  # never waited for the slow ping
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and health.cached_redis_health(conn)["redis"] == "ok":
        time.sleep(0.05)
    assert health.cached_redis_health(conn)["redis"] == "down"  # the refresh saw it go
    assert conn.pings == 2  # one refresh at a time, however many requests asked


def test_no_redis_configured_is_said_at_once():
    assert health.cached_redis_health(None)["redis"] == "not configured"
