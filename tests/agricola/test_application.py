"""End to end through the ``Games`` application: complete games of legal moves, audit, state at
any version (snapshots), fork at a move boundary, undo (issue: end-to-end test)."""

from __future__ import annotations

import copy
import random

import pytest

from domain.common.errors import RuleViolation
from domain.platform.application import Games
from domain.platform.storage import persistence_env

from .support import NAMES, builder_policy


@pytest.fixture
def app(tmp_path):
    games = Games(env=persistence_env(None, str(tmp_path), True))
    yield games
    games.close()


def play_to_end(app, game_id, r, limit=None):
    """Moves from ``GET …/moves`` only, until the end (or ``limit`` moves); returns the
    versions at the end of each move (move boundaries)."""
    boundaries = []
    while True:
        game = app.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished or (limit is not None and len(boundaries) >= limit):
            return boundaries
        seat = r.choice(status.to_act)
        version, moves = app.legal_moves(game_id, seat)
        assert moves, (status, game.state["pending"])
        move = builder_policy(r, moves, game.state, seat)
        result = app.play(game_id, seat, move, expected_version=version)
        boundaries.append(result.version)


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 3, 5])
def test_complete_games_audit_and_replay(app, n):
    created = app.create_game("agricola", "family", list(NAMES[:n]), {}, seed=100 + n)
    gid = created.game.id
    play_to_end(app, gid, random.Random(n))
    game = app.get_game(gid)
    summary = app.summary(game)
    assert summary["status"] == "finished" and summary["winners"]
    report = app.audit(gid, detail=True)
    assert report.ok, report.mismatches[:1]
    assert all(step["rule"] and step["text"] for step in report.steps)
    rebuilt = app.rebuild(gid)
    assert rebuilt.state == game.state
    middle = game.version // 2
    assert app.game_at(gid, middle).state == app.rebuild(gid, middle).state
    sheet = game.rules.score_sheet(game.state)
    assert sheet["final"] and [s["total"] for s in sheet["seats"]] == game.state["final"]["scores"]
    exported = app.export(gid)
    imported = app.import_record(exported)
    assert imported.game.state == game.state


def test_fork_at_a_move_boundary_and_undo(app):
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=7)
    gid = created.game.id
    r = random.Random(7)
    boundaries = play_to_end(app, gid, r, limit=40)
    cut = boundaries[20]
    fork = app.fork(gid, cut)
    assert fork.game.parent == {"game": str(gid), "version": cut}
    assert fork.game.state == app.game_at(gid, cut).state
    play_to_end(app, fork.game.id, random.Random(99))
    assert app.audit(fork.game.id).ok
    assert app.summary(app.get_game(fork.game.id))["status"] == "finished"

    # undo: the seat that made the last move takes it back at once when nobody acted since
    game = app.get_game(gid)
    seat = game.rules.status(game.state).to_act[0]
    version, moves = app.legal_moves(gid, seat)
    before = copy.deepcopy(app.get_game(gid).state)
    app.play(gid, seat, moves[0], expected_version=version)
    answer = app.request_undo(gid, seat, version)
    assert answer["status"] == "applied"
    assert app.get_game(gid).state == before
    assert app.audit(gid).ok
    play_to_end(app, gid, r)
    assert app.audit(gid).ok


def test_illegal_and_out_of_turn_moves_record_nothing(app):
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {"start_player": 0}, seed=3)
    gid = created.game.id
    version = app.get_game(gid).version
    with pytest.raises(RuleViolation) as err:
        app.play(gid, 1, {"type": "place", "space": "grain"})
    assert err.value.code == "not_your_turn"
    with pytest.raises(RuleViolation) as err:
        app.play(gid, 0, {"type": "place", "space": "rooms_stables"})
    assert err.value.code == "action_not_possible"
    assert app.get_game(gid).version == version
