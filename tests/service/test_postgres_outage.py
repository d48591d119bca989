"""A PostgreSQL outage after the process has connected: 503 with Retry-After within the store
timeout, and the move in flight stored whole or not at all (issue 8 item 4).

The outage is real: the backend serving the move is terminated with ``pg_terminate_backend``
while the move waits inside its transaction, and a lock held by the test keeps a move waiting
past the store timeout.
"""

from __future__ import annotations

import threading
import time
import uuid

import pytest

from service.app import create_app
from service.bootstrap import bootstrap, init_db
from service.config import Settings
from tests.conftest import TEST_SECRET, _connect_postgres, postgres_url

from .helpers import move, new_game, play_turns

pytestmark = pytest.mark.postgres

STORE_TIMEOUT = 2


@pytest.fixture
def pg(postgres_schema):
    """The app on its own PostgreSQL schema, and an admin connection beside it."""
    schema = f"chronicle_outage_{uuid.uuid4().hex[:10]}"
    settings = Settings.from_env(
        {
            "CHRONICLE_DATABASE_URL": postgres_url(schema),
            "CHRONICLE_SECRET_KEY": TEST_SECRET,
            "REDIS_URL": "",
            "CHRONICLE_STORE_LOCK_TIMEOUT": str(STORE_TIMEOUT),
        }
    )
    init_db(settings).close()
    services = bootstrap(settings)
    app = create_app(services=services)
    admin = _connect_postgres()
    yield app.test_client(), admin, schema
    services.close()
    admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    admin.close()


def _events_table(admin, schema):
    [(name,)] = admin.execute(
        "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = %s AND table_name LIKE '%%events'",
        (schema,),
    ).fetchall()
    return f'"{schema}"."{name}"'


def _waiting_backend(admin, deadline=10.0):
    """The pid of a backend of the app waiting for a lock."""
    stop = time.monotonic() + deadline
    while time.monotonic() < stop:
        rows = admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND pid <> pg_backend_pid()"
        ).fetchall()
        if rows:
            return rows[0][0]
        time.sleep(0.02)
    raise AssertionError("the move never reached the store")


def _in_background(fn):
    result = {}

    def run():
        started = time.monotonic()
        result["response"] = fn()
        result["elapsed"] = time.monotonic() - started

    thread = threading.Thread(target=run)
    thread.start()
    return thread, result


def _stored_versions(admin, table, game) -> list[int]:
    return [
        v
        for (v,) in admin.execute(
            f"SELECT originator_version FROM {table} WHERE "
            "originator_id = %s ORDER BY originator_version",
            (game.id,),
        ).fetchall()
    ]


def _hold_lock(admin, table):
    admin.execute("BEGIN")
    admin.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")  # reads wait too


@pytest.mark.parametrize("outage_lasts", [False, True])
def test_a_move_whose_backend_is_killed_is_stored_whole_or_not_at_all(pg, outage_lasts):
    """The backend running the move is terminated while the move waits in its transaction;
    then the store either answers again at once or stays blocked past the store timeout."""
    client, admin, schema = pg
    game = new_game(client)
    assert move(client, game, 0, {"type": "add", "by": 1}).status_code == 201
    table = _events_table(admin, schema)
    _hold_lock(admin, table)
    thread, result = _in_background(lambda: move(client, game, 1, {"type": "add", "by": 1}))
    admin.execute("SELECT pg_terminate_backend(%s)", (_waiting_backend(admin),))
    if not outage_lasts:
        admin.execute("ROLLBACK")
    thread.join(STORE_TIMEOUT + 10)
    assert not thread.is_alive(), "the move hung past the store timeout"
    if outage_lasts:
        admin.execute("ROLLBACK")
    response = result["response"]
    assert result["elapsed"] < STORE_TIMEOUT + 1.5
    versions = _stored_versions(admin, table, game)
    if response.status_code == 201:  # retried on a fresh connection: stored whole
        assert response.get_json()["version"] == 4 and versions == [1, 2, 3, 4]
    else:
        problem = response.get_json()
        assert response.status_code == 503 and problem["code"] == "store_unavailable"
        assert response.headers["Retry-After"] == "1"
        assert versions == [1, 2]  # nothing of the move
    assert outage_lasts == (response.status_code == 503)
    summary = client.get(game.url).get_json()
    assert summary["version"] == versions[-1]
    assert play_turns(client, game, 1) > versions[-1]  # the pool recovered


def test_a_move_held_up_past_the_store_timeout_is_503_and_writes_nothing(pg):
    client, admin, schema = pg
    game = new_game(client)
    assert move(client, game, 0, {"type": "add", "by": 1}).status_code == 201
    table = _events_table(admin, schema)
    _hold_lock(admin, table)
    thread, result = _in_background(lambda: move(client, game, 1, {"type": "add", "by": 1}))
    thread.join(STORE_TIMEOUT + 10)
    alive = thread.is_alive()
    admin.execute("ROLLBACK")
    assert not alive, "the move hung past the store timeout"
    response = result["response"]
    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    assert response.get_json()["code"] == "store_unavailable"
    assert STORE_TIMEOUT - 0.5 < result["elapsed"] < STORE_TIMEOUT + 1.5
    assert _stored_versions(admin, table, game) == [1, 2]
    assert move(client, game, 1, {"type": "add", "by": 1}).status_code == 201
