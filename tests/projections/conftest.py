"""Fixtures: a ``Games`` application and its read models, on SQLite and on PostgreSQL.

PostgreSQL tests run in a fresh schema (dropped afterwards) and skip only when the server cannot
be reached, saying so.
"""

from __future__ import annotations

import uuid

import pytest

from domain.platform import registry
from domain.platform.application import Games
from domain.platform.storage import drop_postgres_schema, ensure_postgres_schema, persistence_env
from projections.projector import Projector
from projections.queries import ReadModels
from projections.store import open_store
from tests.application.conftest import PG_URL, postgres_reachable
from tests.support.toy import TOY

registry.register(TOY, current=True)


class Store:
    """A fresh event store of one backend: its URL, its settings and helpers to open it."""

    def __init__(self, backend: str, tmp_path) -> None:
        self.backend = backend
        if backend == "sqlite":
            self.url = "sqlite:///" + str(tmp_path / "chronicle.db")
        else:
            reason = postgres_reachable()
            if reason:
                pytest.skip(reason)
            self.url = f"{PG_URL}?schema=rm_{uuid.uuid4().hex[:12]}"
            ensure_postgres_schema(self.url)
        self.opened: list[Games] = []

    def env(self, create: bool = True) -> dict:
        return persistence_env(self.url, create_table=create)

    def games(self, create: bool = True) -> Games:
        games = Games(env=self.env(create))
        self.opened.append(games)
        return games

    def close(self) -> None:
        for games in self.opened:
            try:
                games.close()
            except Exception:
                pass
        if self.backend == "postgres":
            drop_postgres_schema(self.url)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request):
    return request.param


@pytest.fixture
def store_of(backend, tmp_path):
    store = Store(backend, tmp_path)
    yield store
    store.close()


@pytest.fixture
def games(store_of):
    return store_of.games()


@pytest.fixture
def read_store(games):
    return open_store(games)


@pytest.fixture
def projector(games, read_store):
    return Projector(games, read_store)


@pytest.fixture
def models(read_store):
    return ReadModels(read_store)
