"""A locked or unreachable event store answers 503 with Retry-After, quickly; nothing is written."""

from __future__ import annotations

import os
import socket
import sqlite3
import time

import pytest

from domain.common.errors import StoreUnavailable
from service.app import create_app
from service.bootstrap import GamesProvider, bootstrap
from service.config import Settings

from .helpers import assert_problem, move, new_game


@pytest.fixture
def locked_sqlite(sqlite_app, sqlite_services):
    """A game, then another connection holding the SQLite file with BEGIN EXCLUSIVE."""
    client = sqlite_app.test_client()
    game = new_game(client, options={"secrets": False})  # forkable without a seat
    assert move(client, game, 0, {"type": "add", "by": 1}).status_code == 201
    path = sqlite_services.settings.persistence_env()["SQLITE_DBNAME"]
    assert os.path.exists(path)
    holder = sqlite3.connect(path, isolation_level=None, timeout=0.1)
    holder.execute("BEGIN EXCLUSIVE")
    yield client, game
    holder.execute("ROLLBACK")
    holder.close()


def test_writes_to_a_locked_sqlite_store_are_503_and_write_nothing(locked_sqlite):
    client, game = locked_sqlite
    writes = [
        lambda: move(client, game, 1, {"type": "add", "by": 1}),
        lambda: client.post("/api/v1/games", json={"title": "toy", "players": ["A"]}),
        lambda: client.post(f"{game.url}/forks", json={"version": 1}),
        lambda: client.post(f"{game.url}/undo", json={"version": 1}, headers=game.auth(0)),
    ]
    for write in writes:
        started = time.monotonic()
        response = write()
        elapsed = time.monotonic() - started
        body = assert_problem(response, 503, "store_unavailable")
        assert response.headers["Retry-After"] == "1" and body["retry_after"] == 1
        assert "nothing was written" in body["detail"]
        # a hang guard, not a speed target (the lock timeout is 1 s)
        assert elapsed < 30, f"a locked store must not hang a request ({elapsed:.1f}s)"
    # readers are not blocked (write-ahead log), and nothing was recorded
    assert client.get(game.url).get_json()["version"] == 2
    assert client.get("/healthz").status_code == 200


def test_after_the_lock_is_released_the_move_goes_through(sqlite_app, sqlite_services):
    client = sqlite_app.test_client()
    game = new_game(client)
    path = sqlite_services.settings.persistence_env()["SQLITE_DBNAME"]
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    assert move(client, game, 0, {"type": "add", "by": 1}).status_code == 503
    holder.execute("ROLLBACK")
    holder.close()
    assert move(client, game, 0, {"type": "add", "by": 1}).status_code == 201
    assert client.get(game.url).get_json()["version"] == 2


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def unreachable_postgres_app():
    url = f"postgresql://postgres@127.0.0.1:{_closed_port()}/test?connect_timeout=1&schema=nowhere"
    settings = Settings.from_env(
        {"CHRONICLE_DATABASE_URL": url, "CHRONICLE_SECRET_KEY": "x", "REDIS_URL": ""}
    )
    services = bootstrap(settings)
    app = create_app(services=services)  # starting never touches the store
    yield app
    services.close()


def test_an_unreachable_postgres_answers_503_quickly(unreachable_postgres_app):
    client = unreachable_postgres_app.test_client()
    game_url = "/api/v1/games/6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10"
    requests = [
        ("get", "/api/v1/games", None),
        ("post", "/api/v1/games", {"title": "toy", "players": ["A"]}),
        ("get", game_url, None),
        ("get", f"{game_url}/state", None),
        ("post", f"{game_url}/moves", {"type": "add", "by": 1}),
        ("get", f"{game_url}/events", None),
        ("get", f"{game_url}/export", None),
    ]
    started = time.monotonic()
    for method, url, body in requests:
        response = getattr(client, method)(url, json=body)
        problem = assert_problem(response, 503, "store_unavailable")
        assert response.headers["Retry-After"] == "1" and problem["retry_after"] == 1
    assert time.monotonic() - started < 60  # a hang guard: each attempt would wait
    health = client.get("/healthz")
    problem = assert_problem(health, 503, "store_unavailable")
    assert problem["store"] == "down" and problem["backend"] == "postgresql"
    # what needs no store still works
    assert client.get("/api/v1/titles").status_code == 200
    assert client.get("/api/v1/openapi.json").status_code == 200


def test_the_games_provider_recovers_when_the_store_comes_back(monkeypatch):
    """Time is a fake monotonic clock the test moves (issue 31: no test waits on the wall
    clock; a loaded machine could take longer than Retry-After between two calls)."""
    import service.bootstrap as bootstrap_module

    class FakeTime:
        now = 1000.0

        def monotonic(self) -> float:
            return self.now

    fake = FakeTime()
    monkeypatch.setattr(bootstrap_module, "time", fake)
    settings = Settings.from_env(
        {"CHRONICLE_DATA_DIR": "/nonexistent", "CHRONICLE_SECRET_KEY": "x", "REDIS_URL": ""}
    )
    attempts = []

    def factory(_settings):
        attempts.append(fake.now)
        if len(attempts) == 1:
            raise StoreUnavailable()
        return "games"

    provider = GamesProvider(settings, factory)
    with pytest.raises(StoreUnavailable):
        provider()
    fake.now += settings.retry_after - 0.01
    with pytest.raises(StoreUnavailable):  # within Retry-After: no new attempt
        provider()
    assert len(attempts) == 1
    fake.now += 0.02
    assert provider() == "games" and provider() == "games"
    assert len(attempts) == 2
