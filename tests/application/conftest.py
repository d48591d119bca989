"""Fixtures: a ``Games`` application on a fresh SQLite file, and on PostgreSQL in a fresh schema.

The PostgreSQL variant skips only when the server cannot be reached, and says so.
"""

from __future__ import annotations

import os
import uuid

import pytest

from domain.platform import registry
from domain.platform.application import Games
from domain.platform.storage import ensure_postgres_schema, persistence_env, postgres_problem
from tests.support.toy import TOY

PG_URL = os.environ.get("CHRONICLE_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/test")

registry.register(TOY, current=True)


def postgres_reachable(url: str = PG_URL) -> str | None:
    """None if PostgreSQL answers, else the reason it cannot be used."""
    return postgres_problem(url)


def store_env(backend: str, tmp_path) -> dict:
    """Settings for a fresh, empty store of ``backend``."""
    if backend == "sqlite":
        return persistence_env(None, str(tmp_path), create_table=True)
    reason = postgres_reachable()
    if reason:
        pytest.skip(reason)
    url = f"{PG_URL}?schema=t_{uuid.uuid4().hex[:12]}"
    ensure_postgres_schema(url)
    return persistence_env(url, create_table=True)


def make_games(backend: str, tmp_path, env: dict | None = None, **kwargs) -> Games:
    return Games(env=env or store_env(backend, tmp_path), **kwargs)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request):
    return request.param


@pytest.fixture
def games(backend, tmp_path):
    app = make_games(backend, tmp_path)
    yield app
    app.close()
