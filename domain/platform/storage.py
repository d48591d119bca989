"""Where the event store lives, as ``eventsourcing`` environment settings.

``CHRONICLE_DATABASE_URL`` selects the store:

* unset, or ``sqlite:///path/to/file.db``: an embedded SQLite file (default
  ``$CHRONICLE_DATA_DIR/chronicle.db``);
* ``postgresql://user:password@host:port/dbname?schema=name``: PostgreSQL (the schema defaults to
  ``public``; it is created by ``init-db`` when missing).

Server processes run with table creation off; ``init-db`` (``flask init-db`` or
``chronicle init-db``) creates the tables once. It lives beside the ``Games`` application so
that every entry point (the web service, workers, the projector, benchmarks) reads the store
settings the same way without importing the web layer.
"""

from __future__ import annotations

import math
import os
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

import psycopg
from psycopg import sql

DEFAULT_DB_FILE = "chronicle.db"
#: eventsourcing.postgres with an outage budget (see :mod:`domain.platform.pgstore`)
POSTGRES_MODULE = "domain.platform.pgstore"

#: the store timeout in seconds with fractions (``domain/platform/pgstore.py`` applies it)
EXACT_LOCK_TIMEOUT = "CHRONICLE_LOCK_TIMEOUT_SECONDS"


def default_data_dir() -> str:
    return os.environ.get("CHRONICLE_DATA_DIR") or os.path.join(os.getcwd(), "var")


def is_postgres(url: str | None) -> bool:
    return bool(url) and urlparse(url).scheme in ("postgres", "postgresql", "postgresql+psycopg")


def persistence_env(
    database_url: str | None,
    data_dir: str | None = None,
    create_table: bool = False,
    lock_timeout: float = 2.0,
) -> dict[str, str]:
    """The ``eventsourcing`` settings for ``database_url`` (see the module docstring)."""
    env = {"CREATE_TABLE": "y" if create_table else "n"}
    if database_url is not None and is_postgres(database_url):
        url = urlparse(database_url)
        query = parse_qs(url.query)
        env.update(
            {
                "PERSISTENCE_MODULE": POSTGRES_MODULE,
                "POSTGRES_DBNAME": unquote(url.path.lstrip("/")) or "postgres",
                "POSTGRES_HOST": url.hostname or "127.0.0.1",
                "POSTGRES_PORT": str(url.port or 5432),
                "POSTGRES_USER": unquote(url.username or "postgres"),
                "POSTGRES_PASSWORD": unquote(url.password or ""),
                "POSTGRES_SCHEMA": (query.get("schema") or ["public"])[0],
                "POSTGRES_CONNECT_TIMEOUT": (query.get("connect_timeout") or ["5"])[0],
                "POSTGRES_POOL_SIZE": (query.get("pool_size") or ["5"])[0],
                "POSTGRES_MAX_OVERFLOW": (query.get("max_overflow") or ["10"])[0],
                # the library reads whole seconds; pgstore applies the exact value (0.5 s stays
                # 0.5 s, never 0, which would turn the timeouts off)
                "POSTGRES_LOCK_TIMEOUT": str(max(1, math.ceil(lock_timeout))),
                EXACT_LOCK_TIMEOUT: repr(float(lock_timeout)),
                "POSTGRES_PRE_PING": "y",
            }
        )
        # Never POSTGRES_ENABLE_DB_FUNCTIONS: it can skip events under concurrent writers.
        return env
    if database_url:
        url = urlparse(database_url)
        if url.scheme != "sqlite":
            raise ValueError(f"unsupported CHRONICLE_DATABASE_URL scheme {url.scheme!r}")
        # sqlite:///relative/file.db or sqlite:////absolute/file.db (SQLAlchemy's convention)
        path = unquote(url.path)[1:]
    else:
        path = os.path.join(data_dir or default_data_dir(), DEFAULT_DB_FILE)
    if path != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    env.update(
        {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "APPLICATION_RECORDER_TOPIC": "domain.platform.sqlitestore:ApplicationRecorder",
            "SQLITE_DBNAME": path,
            "SQLITE_LOCK_TIMEOUT": str(max(1, math.ceil(lock_timeout))),
        }
    )
    return env


def persistence_env_from_environ(
    environ: dict | None = None, create_tables: bool = False
) -> dict[str, str]:
    """The store settings of ``CHRONICLE_DATABASE_URL``, ``CHRONICLE_DATA_DIR`` and
    ``CHRONICLE_STORE_LOCK_TIMEOUT`` (workers, the projector, their CLIs; the web service reads
    the same variables, validated, through ``service.config.Settings``)."""
    env = os.environ if environ is None else environ
    url = (env.get("CHRONICLE_DATABASE_URL") or "").strip() or None
    if create_tables and url:
        ensure_postgres_schema(url)
    lock = float(env.get("CHRONICLE_STORE_LOCK_TIMEOUT") or 2.0)
    return persistence_env(
        url, env.get("CHRONICLE_DATA_DIR") or None, create_table=create_tables, lock_timeout=lock
    )


def postgres_connect(database_url: str, **kwargs: Any) -> psycopg.Connection:
    """A psycopg connection to the database of ``database_url`` (autocommit)."""
    env = persistence_env(database_url)
    return psycopg.connect(
        host=env["POSTGRES_HOST"],
        port=int(env["POSTGRES_PORT"]),
        dbname=env["POSTGRES_DBNAME"],
        user=env["POSTGRES_USER"],
        password=env["POSTGRES_PASSWORD"] or None,
        connect_timeout=int(env["POSTGRES_CONNECT_TIMEOUT"]),
        autocommit=True,
        **kwargs,
    )


def postgres_problem(database_url: str) -> str | None:
    """None if PostgreSQL at ``database_url`` answers, else why not (for tests and benches
    that must say why they skip)."""
    try:
        with postgres_connect(database_url):
            return None
    except Exception as err:  # psycopg's own errors, DNS, refused connections
        return f"PostgreSQL at {database_url} cannot be reached: {err}"


def ensure_postgres_schema(database_url: str) -> None:
    """Create the configured schema if it does not exist (PostgreSQL only)."""
    if not is_postgres(database_url):
        return
    schema = persistence_env(database_url)["POSTGRES_SCHEMA"]
    with postgres_connect(database_url) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))


def drop_postgres_schema(database_url: str) -> None:
    """Drop the configured schema with everything in it (tests and benches clean up with it)."""
    schema = persistence_env(database_url)["POSTGRES_SCHEMA"]
    with postgres_connect(database_url) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
