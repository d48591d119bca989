"""Shared fixtures: the service built by its own composition root on a real event store.

``app``/``client`` are parametrized over two stores: a temporary SQLite file per test, and
PostgreSQL in one fresh schema per test session (its tables emptied before each test). The
PostgreSQL variant skips only when the server cannot be reached, and says so.
"""

from __future__ import annotations

import os
import uuid

import pytest

from domain.platform import registry
from service.app import create_app
from service.bootstrap import Services, bootstrap, init_db
from service.config import Settings
from tests.support.toy import TOY

PG_HOST = os.environ.get("PGHOST", "127.0.0.1")
PG_PORT = int(os.environ.get("PGPORT", "5432"))
PG_USER = os.environ.get("PGUSER", "postgres")
PG_DB = os.environ.get("PGDATABASE", "test")
REDIS_URL = os.environ.get("CHRONICLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
TEST_SECRET = "test-secret-key"
#: The tests' webhook receivers listen on loopback over plain http: allowed explicitly.
TEST_WEBHOOK_ALLOW = "127.0.0.0/8,::1/128,http"


@pytest.fixture(scope="session", autouse=True)
def toy_title():
    """The test-double title (never registered in production)."""
    registry.register(TOY)
    return TOY


def sqlite_settings(data_dir, **overrides) -> Settings:
    env = {
        "CHRONICLE_DATA_DIR": str(data_dir),
        "CHRONICLE_SECRET_KEY": TEST_SECRET,
        "REDIS_URL": REDIS_URL,
        "CHRONICLE_STORE_LOCK_TIMEOUT": "1",
        "CHRONICLE_WEBHOOK_ALLOW": TEST_WEBHOOK_ALLOW,
        "CHRONICLE_RATE_LIMITS": "",
    }
    return Settings.from_env(env, **overrides)


def postgres_url(schema: str, **query) -> str:
    params = "&".join(
        f"{k}={v}"
        for k, v in {
            "schema": schema,
            "pool_size": 2,
            "max_overflow": 4,
            "connect_timeout": 3,
            **query,
        }.items()
    )
    return f"postgresql://{PG_USER}@{PG_HOST}:{PG_PORT}/{PG_DB}?{params}"


def _connect_postgres():
    import psycopg

    return psycopg.connect(
        host=PG_HOST, port=PG_PORT, user=PG_USER, dbname=PG_DB, connect_timeout=3, autocommit=True
    )


@pytest.fixture(scope="session")
def postgres_schema():
    """A fresh PostgreSQL schema with Chronicle's tables, dropped after the session."""
    try:
        conn = _connect_postgres()
    except Exception as err:  # the only reason this fixture may skip
        pytest.skip(
            f"PostgreSQL at {PG_HOST}:{PG_PORT} (database {PG_DB!r}) cannot be "
            f"reached, so the PostgreSQL variant is skipped: {err}"
        )
    schema = f"chronicle_test_{uuid.uuid4().hex[:12]}"
    settings = Settings.from_env(
        {
            "CHRONICLE_DATABASE_URL": postgres_url(schema),
            "CHRONICLE_SECRET_KEY": TEST_SECRET,
            "REDIS_URL": "",
        }
    )
    init_db(settings).close()
    yield schema
    conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    conn.close()


def _empty_postgres_tables(schema: str) -> None:
    """Empty every table of the schema: the event store and the read models with their
    tracking positions (notification ids restart, so a stale position would skip events)."""
    with _connect_postgres() as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
                "AND table_type = 'BASE TABLE'",
                (schema,),
            )
        ]
        if tables:
            conn.execute(
                "TRUNCATE " + ", ".join(f'"{schema}"."{t}"' for t in tables) + " RESTART IDENTITY"
            )


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request) -> str:
    return request.param


@pytest.fixture
def settings(backend, tmp_path, request) -> Settings:
    if backend == "sqlite":
        settings = sqlite_settings(tmp_path)
        init_db(settings).close()
        return settings
    schema = request.getfixturevalue("postgres_schema")
    _empty_postgres_tables(schema)
    return Settings.from_env(
        {
            "CHRONICLE_DATABASE_URL": postgres_url(schema),
            "CHRONICLE_SECRET_KEY": TEST_SECRET,
            "REDIS_URL": REDIS_URL,
            "CHRONICLE_WEBHOOK_ALLOW": TEST_WEBHOOK_ALLOW,
            "CHRONICLE_STORE_LOCK_TIMEOUT": "1",
            "CHRONICLE_RATE_LIMITS": "",
        }
    )


@pytest.fixture
def services(settings) -> Services:
    services = bootstrap(settings)
    yield services
    services.close()


@pytest.fixture
def app(services):
    app = create_app(services=services)
    app.testing = True
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def sqlite_services(tmp_path) -> Services:
    """Services on a temporary SQLite file only (for the slow property and fuzz tests)."""
    settings = sqlite_settings(tmp_path)
    init_db(settings).close()
    services = bootstrap(settings)
    yield services
    services.close()


@pytest.fixture
def sqlite_app(sqlite_services):
    app = create_app(services=sqlite_services)
    app.testing = True
    return app
