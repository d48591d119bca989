"""Fixtures for the worker side: stores (SQLite, PostgreSQL), our own Redis, receivers, SMTP."""

from __future__ import annotations

import uuid

import pytest

from tests.projections.conftest import Store, backend, games, read_store, store_of  # noqa: F401

from .support import Receiver, RedisServer, SmtpServer


@pytest.fixture(scope="session")
def redis_server():
    """A redis-server of the tests' own on a spare port (skips only if it cannot run)."""
    server = RedisServer()
    try:
        server.start()
    except Exception as err:
        server.close()
        pytest.skip(f"Redis cannot be used: could not start redis-server ({err})")
    yield server
    server.close()


@pytest.fixture
def queue_name():
    return f"t{uuid.uuid4().hex[:10]}"


@pytest.fixture
def receivers():
    made = []

    def make(behaviour=None):
        receiver = Receiver(behaviour) if behaviour else Receiver()
        made.append(receiver)
        return receiver

    yield make
    for receiver in made:
        receiver.close()


@pytest.fixture
def smtp():
    server = SmtpServer()
    yield server
    server.close()


@pytest.fixture
def sqlite_store(tmp_path):
    store = Store("sqlite", tmp_path)
    yield store
    store.close()


@pytest.fixture
def pg_store(tmp_path):
    store = Store("postgres", tmp_path)  # skips, saying why, if PostgreSQL is unreachable
    yield store
    store.close()
