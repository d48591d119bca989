"""Two more parts of the title contract, once for every title, variant and representative
options (``cases.py``), as OpenSpiel's shared tests hold every game to the same checks:

* ``fork_view`` (issue 35 item 5): at positions spread over a random game, for every seat, the
  determinised state a title makes for "what if, from my seat" agrees with that seat's view
  (``view(fork, seat) == view(state, seat)``: only what the seat could not see is drawn anew),
  is the same for the same seed, and is playable (its listed moves are accepted). A title
  that answers None must have nothing to hide from that seat.
* random play with undo: a random game in which seats now and then take the game back to one
  of the last move boundaries, by consent of every seat asked; after each undo the state, the
  seats to act and their listed moves are exactly those of the version returned to.
"""

from __future__ import annotations

import random

import pytest

from domain.common.rng import Rng
from domain.common.visibility import has_hidden, redact

from .cases import Case, all_cases
from .play import decide_copy, new_app, start

CASES = all_cases()
#: positions per game at which fork_view is checked (spread over the game)
FORK_POSITIONS = 4
#: moves a game with undos is played for (the undo rule is the same at every depth)
UNDO_MOVES = 240
#: chance, before each move, that a seat asks to take the game back
UNDO_CHANCE = 0.06


def _seed_of(case: Case, salt: int) -> int:
    return sum(map(ord, case.id)) * 7919 + salt


def _random_moves(app, game_id, pick: random.Random, moves: int) -> list[int]:
    """Play up to ``moves`` random listed moves; the versions seen after each move."""
    seen = []
    for _ in range(moves):
        game = app.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            break
        seat = pick.choice(sorted(status.to_act))
        _, listed = app.legal_moves(game_id, seat)
        app.play(game_id, seat, pick.choice(listed))
        seen.append(app.get_game(game_id).version)
    return seen


@pytest.fixture(scope="module")
def app():
    games = new_app()
    yield games
    games.close()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_fork_view_agrees_with_the_seats_view_and_redraws_only_the_hidden(app, case):
    game_id = start(app, case)
    pick = random.Random(_seed_of(case, 1))
    seen = _random_moves(app, game_id, pick, 400)
    assert seen, "the game made no move"
    step = max(1, len(seen) // FORK_POSITIONS)
    forked = 0
    for version in seen[::step][:FORK_POSITIONS]:
        game = app.game_at(game_id, version)
        rules, state = game.rules, game.state
        finished = rules.status(state).finished
        for seat in range(len(game.players)):
            mine = rules.view(state, seat, finished)
            fork = rules.fork_view(state, seat, Rng(version * 31 + seat))
            if fork is None:
                assert redact(state, seat, finished) == state, (
                    f"{case.id} v{version}: fork_view is None but seat {seat} cannot see all"
                )
                continue
            assert rules.view(fork, seat, finished) == mine, (case.id, version, seat)
            again = rules.fork_view(state, seat, Rng(version * 31 + seat))
            assert again == fork, "the same seed must draw the same fork"
            to_act = rules.status(fork).to_act
            if seat in to_act:
                for move in rules.legal_moves(fork, seat)[:5]:
                    decide_copy(rules, fork, seat, move, Rng(7))
            forked += 1
    if has_hidden(app.get_game(game_id).state):
        assert forked, f"{case.id} hides something but no fork was made"


def _boundaries(app, game_id) -> list[int]:
    """The versions just before each move still in force (where an undo may return to)."""
    game = app.get_game(game_id)
    return [
        e.originator_version - 1
        for e in app.stored_events(game_id)
        if e.command and "move" in e.command and not game.is_undone(e.originator_version)
    ]


def _position(app, game_id, version: int | None = None):
    game = app.game_at(game_id, version)
    rules = game.rules
    to_act = sorted(rules.status(game.state).to_act)
    return game.state, to_act, {s: rules.legal_moves(game.state, s) for s in to_act}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_random_play_with_undo_returns_exactly_to_the_version_named(case):
    app = new_app()
    try:
        game_id = start(app, case)
        pick = random.Random(_seed_of(case, 2))
        undos = 0
        for _ in range(UNDO_MOVES):
            game = app.get_game(game_id)
            status = game.rules.status(game.state)
            if status.finished:
                break
            targets = [v for v in _boundaries(app, game_id) if v >= 1][-4:]
            if targets and pick.random() < UNDO_CHANCE:
                target = pick.choice(targets)
                expected = _position(app, game_id, target)
                asker = pick.randrange(len(game.players))
                answer = app.request_undo(game_id, asker, target)
                for seat in list(answer["waiting"]):
                    answer = app.answer_undo(game_id, seat, answer["request_id"], True)
                assert answer["status"] == "applied", (case.id, answer)
                assert _position(app, game_id) == expected, (case.id, target)
                undos += 1
                continue
            _random_moves(app, game_id, pick, 1)
        assert undos > 0, f"{case.id}: no undo was tried"
    finally:
        app.close()
