"""``chronicle-projector`` keeps the accounts' read models current too (issue 33): a rated
game's end reaches the ratings through the projector process alone (PostgreSQL with
LISTEN/NOTIFY, and SQLite by polling; no worker runs). Skips, saying why, only when PostgreSQL
or Redis cannot be reached."""

from __future__ import annotations

import uuid

import pytest

from domain.accounts.app import Accounts
from domain.tables.app import Tables
from projections.store import open_store

from .support import launch, stop, wait_for
from .test_reliability import log_tail, worker_env


def play_to_the_end(games, game_id) -> None:
    for _ in range(400):
        game = games.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return
        seat = sorted(status.to_act)[0]
        _, legal = games.legal_moves(game_id, seat)
        games.play(game_id, seat, legal[-1])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("backend", ["pg_store", "sqlite_store"])
def test_a_rated_games_end_reaches_the_ratings_through_the_projector(
    backend, request, redis_server, queue_name, tmp_path
):
    """PostgreSQL: the LISTEN/NOTIFY runner's path; SQLite: the polling path."""
    chosen = request.getfixturevalue(backend)
    games = chosen.games()
    store = open_store(games)
    env = worker_env(chosen, redis_server.url, queue_name)
    projector = launch("projector", log_path=str(tmp_path / "projector.log"), **env)
    try:
        accounts, tables = Accounts(games), Tables(games)
        ann, bob = accounts.open("Ann"), accounts.open("Bob")
        spec = {
            "title": "toy",
            "variant": "race",
            "options": {"goal": 10},
            "seats": [{"kind": "creator"}, {"kind": "open"}],
            "access": "anyone",
            "range": [None, None],
            "rated": True,
            "fill": None,
            "creator": str(ann.id),
            "creator_name": ann.name,
            "rematch_of": None,
        }
        table = tables.open(spec)
        started = tables.join(table.id, str(bob.id), bob.name, lambda title, variant: 1500)
        assert started.status == "started" and started.game
        play_to_the_end(games, uuid.UUID(started.game))

        def rated() -> list[dict]:
            try:
                return store.query(
                    "SELECT account_id, games, rating FROM {p}rm_ratings ORDER BY rating DESC"
                )
            except Exception:  # the table is made by the projector's first pass
                return []

        wait_for(
            lambda: len(rated()) == 2,
            30,
            message="the ratings following\n" + log_tail(tmp_path / "projector.log"),
        )
        rows = rated()
        assert {r["account_id"] for r in rows} == {str(ann.id), str(bob.id)}
        assert all(r["games"] == 1 for r in rows)
        assert rows[0]["rating"] > 1500 > rows[1]["rating"]  # one won, one lost
        opened = store.query("SELECT status FROM {p}rm_tables WHERE table_id = ?", [str(table.id)])
        assert opened and opened[0]["status"] == "started"
    finally:
        stop(projector)
