"""A series and its games in the event store (issue 23 item 5): a series move and the game
it starts are saved in one transaction; two moves racing on the same series leave exactly one
next game (digest §9.3)."""

from __future__ import annotations

import random
import uuid

import pytest

from domain.common.errors import ConcurrentWrite
from domain.platform.application import Games
from domain.platform.storage import persistence_env


@pytest.fixture
def app(tmp_path):
    games = Games(env=persistence_env(None, str(tmp_path), True))
    yield games
    games.close()


def finish(app, game_id):
    r = random.Random(2)
    while not app.get_game(game_id).rules.status(app.get_game(game_id).state).finished:
        _, moves = app.legal_moves(game_id, 0)
        app.play(
            game_id,
            0,
            r.choice(
                [m for m in moves if m["type"] == "play_occupation"]
                or [m for m in moves if m.get("space") == "lessons"]
                or moves
            ),
        )


def test_a_lost_race_writes_neither_series_events_nor_a_game(app, monkeypatch):
    state, token, created = app.start_series("agricola", "Ann", seed=4)
    sid = uuid.UUID(state["id"])
    finish(app, created.game.id)
    move = app.series_legal_moves(sid)[0]
    stale = app.series_events(sid)
    app.series_move(sid, move)  # the winner
    games_before = sorted(app.game_ids())
    events_before = len(app.series_events(sid))
    # the loser read the series before the winner saved: it decides against the old stream
    real = app.series_events
    calls = {"n": 0}

    def as_read_before(series_id):
        calls["n"] += 1
        return stale if calls["n"] == 1 else real(series_id)

    monkeypatch.setattr(app.series, "series_events", as_read_before)
    monkeypatch.setattr(app.series, "series_state", lambda series_id: _fold(stale, series_id))
    monkeypatch.setattr(
        app.series, "series_current", lambda s: (None, app.get_game(created.game.id).state, True)
    )
    with pytest.raises(ConcurrentWrite):
        app.series_move(sid, move)
    monkeypatch.undo()
    assert sorted(app.game_ids()) == games_before  # no orphan game
    assert len(app.series_events(sid)) == events_before
    assert app.series_audit(sid)["ok"]


def _fold(events, series_id):
    from domain.platform import series

    state = None
    for e in events:
        state = series.evolve(state, e.type, e.data)
    return {**state, "id": str(series_id)}


def test_the_series_token_is_not_in_any_stored_event(app):
    state, token, _ = app.start_series("agricola", "Ann", seed=4)
    sid = uuid.UUID(state["id"])
    assert app.series_token_valid(sid, token) and not app.series_token_valid(sid, token + "x")
    stored = str([e.data for e in app.series_events(sid)])
    assert token not in stored and token.split(".")[1] not in stored
