"""``/healthz``, settings from the environment, and the gunicorn settings."""

from __future__ import annotations

import importlib.util
import os
import socket

import pytest

from domain.platform import storage
from service.app import create_app
from service.bootstrap import bootstrap
from service.config import ConfigError, Settings, redact_url

from .helpers import assert_problem


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


def test_health_is_ok_when_the_store_answers(client, backend):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok" and body["store"] == "ok"
    assert body["backend"] == ("postgresql" if backend == "postgres" else "sqlite")
    assert body["redis"] in ("ok", "down")


@pytest.mark.redis
def test_health_reports_redis(client):
    if not _redis_up():
        pytest.skip("Redis at 127.0.0.1:6379 cannot be reached")
    assert client.get("/healthz").get_json()["redis"] == "ok"


@pytest.mark.parametrize(
    "redis_url, expected", [("", "not configured"), ("redis://127.0.0.1:1/0", "down")]
)
def test_health_without_redis_still_serves(sqlite_services, redis_url, expected):
    settings = sqlite_services.settings.replace(redis_url=redis_url or None)
    services = bootstrap(settings)
    try:
        body = create_app(services=services).test_client().get("/healthz").get_json()
    finally:
        services.close()
    assert body["status"] == "ok" and body["redis"] == expected


def test_health_without_tables_is_503(tmp_path):
    settings = Settings.from_env(
        {"CHRONICLE_DATA_DIR": str(tmp_path), "CHRONICLE_SECRET_KEY": "x", "REDIS_URL": ""}
    )
    services = bootstrap(settings)  # init-db never ran: servers do not create tables
    try:
        response = create_app(services=services).test_client().get("/healthz")
    finally:
        services.close()
    assert assert_problem(response, 503, "store_unavailable")["store"] == "down"


def test_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = Settings.from_env({"CHRONICLE_SECRET_KEY": "k"})
    assert settings.data_dir == str(tmp_path / "var")
    assert settings.database_url == f"sqlite:///{tmp_path}/var/chronicle.db"
    assert settings.persistence_env()["SQLITE_DBNAME"] == f"{tmp_path}/var/chronicle.db"
    assert settings.persistence_env()["CREATE_TABLE"] == "n"  # servers never create tables
    assert (settings.port, settings.redis_url) == (8000, "redis://127.0.0.1:6379/0")
    assert settings.max_body_bytes == 64 * 1024 and settings.web_concurrency == 1
    assert settings.create_tables is False and not settings.is_postgres


def test_values_from_the_environment(tmp_path):
    env = {
        "CHRONICLE_DATA_DIR": str(tmp_path),
        "PORT": "9001",
        "REDIS_URL": "",
        "CHRONICLE_DATABASE_URL": "postgresql://u:pw@db:5433/chron?schema=s1",
        "CHRONICLE_SECRET_KEY": "k",
        "CHRONICLE_MAX_BODY_BYTES": "2048",
        "CHRONICLE_CACHE_SIZE": "10",
        "CHRONICLE_WEB_CONCURRENCY": "3",
        "CHRONICLE_THREADS": "4",
        "CHRONICLE_STORE_LOCK_TIMEOUT": "0.5",
    }
    settings = Settings.from_env(env)
    assert settings.port == 9001 and settings.redis_url is None
    assert settings.is_postgres and settings.web_concurrency == 3 and settings.threads == 4
    assert settings.max_body_bytes == 2048 and settings.cache_size == 10
    pg = settings.persistence_env()
    assert (pg["POSTGRES_HOST"], pg["POSTGRES_PORT"], pg["POSTGRES_SCHEMA"]) == ("db", "5433", "s1")
    assert settings.display_database_url == "postgresql://u:***@db:5433/chron?schema=s1"
    assert "pw" not in repr(settings.display_database_url)


def test_postgres_defaults_to_several_workers():
    settings = Settings.from_env(
        {"CHRONICLE_DATABASE_URL": "postgresql://h/db", "CHRONICLE_SECRET_KEY": "k"}
    )
    assert settings.web_concurrency == 2 * (os.cpu_count() or 1)


@pytest.mark.parametrize(
    "env",
    [
        {"PORT": "eighty"},
        {"PORT": "0"},
        {"PORT": "70000"},
        {"CHRONICLE_DATABASE_URL": "mysql://x/y"},
        {"REDIS_URL": "http://x"},
        {"CHRONICLE_THREADS": "0"},
        {"CHRONICLE_MAX_BODY_BYTES": "-5"},
        {"CHRONICLE_STORE_LOCK_TIMEOUT": "soon"},
    ],
)
def test_unusable_values_are_refused_with_the_variable_name(env):
    with pytest.raises(ConfigError) as err:
        Settings.from_env({"CHRONICLE_SECRET_KEY": "k", **env})
    name = next(iter(env))
    assert name in str(err.value)


def test_a_missing_secret_key_is_kept_in_the_data_directory(tmp_path, monkeypatch):
    """Issue 22: it was random per process, so a restart broke every invite link."""
    monkeypatch.chdir(tmp_path)
    first = Settings.from_env({})
    second = Settings.from_env({})
    assert first.secret_key == second.secret_key and len(first.secret_key) >= 32
    assert (tmp_path / "var" / "secret-key").read_text().strip() == first.secret_key


@pytest.mark.parametrize("spec", ["move", "moves=5/minute", "move=often", "create=5/fortnight"])
def test_unusable_rate_limits_are_refused_with_the_variable_name(spec):
    with pytest.raises(ConfigError) as err:
        Settings.from_env({"CHRONICLE_SECRET_KEY": "k", "CHRONICLE_RATE_LIMITS": spec})
    assert "CHRONICLE_RATE_LIMITS" in str(err.value)


def test_redact_url_hides_passwords_only():
    assert redact_url("postgresql://u:secret@h/db") == "postgresql://u:***@h/db"
    assert redact_url("postgresql://u@h/db") == "postgresql://u@h/db"
    assert storage.is_postgres("postgresql://u@h/db")


def _load_gunicorn_conf(monkeypatch, env):
    for name in (
        "PORT",
        "CHRONICLE_DATABASE_URL",
        "CHRONICLE_WEB_CONCURRENCY",
        "CHRONICLE_THREADS",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in {"CHRONICLE_SECRET_KEY": "k", **env}.items():
        monkeypatch.setenv(name, value)
    path = os.path.join(os.path.dirname(__file__), "..", "..", "service", "gunicorn_conf.py")
    spec = importlib.util.spec_from_file_location("gunicorn_conf_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gunicorn_settings_for_sqlite(monkeypatch, tmp_path):
    conf = _load_gunicorn_conf(monkeypatch, {"PORT": "8123", "CHRONICLE_DATA_DIR": str(tmp_path)})
    assert conf.bind == ["127.0.0.1:8123"] and conf.worker_class == "gthread"
    assert conf.workers == 1 and conf.threads >= 2 and conf.timeout > 5
    assert conf.preload_app is False and callable(conf.when_ready)


def test_gunicorn_settings_for_postgres(monkeypatch):
    conf = _load_gunicorn_conf(
        monkeypatch,
        {
            "CHRONICLE_DATABASE_URL": "postgresql://postgres@127.0.0.1/test",
            "CHRONICLE_WEB_CONCURRENCY": "5",
            "CHRONICLE_THREADS": "16",
        },
    )
    assert conf.workers == 5 and conf.threads == 16


def test_create_app_reads_the_environment_and_never_touches_the_store(monkeypatch, tmp_path):
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CHRONICLE_SECRET_KEY", "k")
    monkeypatch.setenv("CHRONICLE_MAX_BODY_BYTES", "4096")
    monkeypatch.delenv("CHRONICLE_DATABASE_URL", raising=False)
    app = create_app()
    assert app.config["MAX_CONTENT_LENGTH"] == 4096 and app.secret_key == "k"
    assert app.test_client().get("/api/v1/titles").status_code == 200
    services = app.extensions["chronicle"]
    assert not services.games.built  # no request needed the store yet
    services.close()


def test_health_says_degraded_when_the_read_models_set_a_game_aside(tmp_path):
    """Issue 22: a projector failing on one event every second left /healthz saying "ok".
    Now the projector sets the game it cannot fold aside (the lobby stays current) and /healthz
    says so, naming it."""
    import uuid as _uuid

    from service.app import create_app
    from service.bootstrap import bootstrap, build_games, init_db
    from tests.conftest import sqlite_settings
    from workers.wakeup import Waker

    def without_background_projector(settings):
        """With no Redis, every save would start an in-process catch-up on a thread of its own,
        racing this test's own steps (issue 31: "stuck" was sometimes "ok" already, and two
        projectors wrote at once): here only ``fresh()`` projects."""
        games = build_games(settings)
        for hook in games.after_save:
            if isinstance(hook, Waker):
                hook.fallback = None
        return games

    settings = sqlite_settings(tmp_path, redis_url=None, health_stuck_seconds=0.0)
    init_db(settings).close()
    services = bootstrap(settings, games_factory=without_background_projector)
    try:
        client = create_app(services=services).test_client()
        assert client.get("/healthz").get_json()["status"] == "ok"
        games = services.games()
        created = games.get_game(
            _uuid.UUID(
                client.post(
                    "/api/v1/games", json={"title": "toy", "players": ["A", "B"]}
                ).get_json()["id"]
            )
        )
        stuck = client.get("/healthz").get_json()  # no projector has run: stuck, and said
        assert stuck["status"] == "degraded" and "stuck" in stuck["problems"][0], stuck
        assert stuck["read_models"]["stuck_on"] == stuck["read_models"]["position"] + 1
        services.read_side().fresh()  # the projector has caught up: all is well
        assert client.get("/healthz").get_json()["status"] == "ok"
        # an event no rule made, stored under the rules' feet (what a forged import did)
        data = {
            "title": "toy",
            "rules_version": "toy-1",
            "variant": "race",
            "players": ["A", "B"],
            "options": created.options,
            "seeded": True,
            "seeds": created.seeds,
            "parent": None,
            "setup": [],
        }
        games.store_recorded(
            _uuid.uuid4(), data, [{"type": "UndoRequested", "seat": 0, "data": {}, "command": None}]
        )
        services.read_side().fresh()  # the projector sets that game aside and goes on
        body = client.get("/healthz").get_json()
        assert body["status"] == "degraded", body
        assert body["read_models"]["lag"] == 0  # every other game stays current
        [aside] = body["read_models"]["set_aside"]
        assert aside["version"] == 1 and aside["reason"]
        assert "1 game(s) set aside" in body["problems"][0]
        assert aside["game_id"] in body["problems"][0]
        assert client.get("/healthz").status_code == 200  # the API itself still works
        assert client.get("/api/v1/games").status_code == 200  # and so does the lobby
    finally:
        services.close()
