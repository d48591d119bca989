"""Playing a case through the ``Games`` application (in-memory store) with random listed
moves, and reading each version back as it was while the game ran."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import random
import uuid
from collections.abc import Iterator
from functools import partial
from typing import Any

from domain.common.rng import Rng
from domain.platform.application import Games
from domain.platform.game import Game, fold

from .cases import Case

#: no game of any title takes more moves than this under uniform random play
MAX_MOVES = 20_000


def new_app() -> Games:
    return Games(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


@contextlib.contextmanager
def private_seed(case: Case):
    """Games created meanwhile draw a private seed fixed by the case (an unseeded game whose
    seed stays secret while it runs, but the same game at every run: the suite never
    depends on luck)."""
    import domain.platform.moves as moves

    value = (1 << 127) | int(hashlib.sha256(case.id.encode()).hexdigest()[:32], 16) >> 1
    drawn = moves.new_seed
    moves.new_seed = lambda: value
    try:
        yield value
    finally:
        moves.new_seed = drawn


def start(app: Games, case: Case) -> uuid.UUID:
    """A new unseeded game of ``case`` (its private seed fixed by the case)."""
    with private_seed(case):
        return app.create_game(case.title, case.variant, case.names, case.options).game.id


def random_play(
    app: Games, game_id: uuid.UUID, pick: random.Random, each_move: Any = None, listed: Any = None
) -> int:
    """Play uniformly random listed moves until the game is over; returns the moves made.
    ``each_move(app, game_id, moves_made)`` runs after every move (live checks),
    ``listed(game, moves)`` with every list of moves offered."""
    for made in range(MAX_MOVES):
        game = app.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return made
        assert status.to_act, f"nobody may move at version {game.version}"
        seat = pick.choice(sorted(status.to_act))
        _, moves = app.legal_moves(game_id, seat)
        assert moves, f"seat {seat} is asked but has no listed move (version {game.version})"
        if listed is not None:
            listed(game, moves)
        app.play(game_id, seat, pick.choice(moves))
        if each_move is not None:
            each_move(app, game_id, made + 1)
    raise AssertionError(f"the game did not end within {MAX_MOVES} moves")


def versions(app: Games, game_id: uuid.UUID) -> Iterator[tuple[Game, Any, list]]:
    """``(game at version v, the event v, the events so far)`` for every version, the game
    folded event by event with the application's own fold (a private copy each time is not
    made: read it before asking for the next)."""
    stored = app.stored_events(game_id)
    game = None
    state_at = partial(app.state_at, game_id)
    for i, event in enumerate(stored):
        game = fold(game, [event], state_at)
        yield game, event, stored[: i + 1]


def rng_for(game: Game) -> Rng:
    return Rng(game.seed_for(game.version))


def snapshot(state: dict) -> dict:
    """A state as it comes back from a JSON snapshot."""
    return json.loads(json.dumps(state))


def decide_copy(rules: Any, state: dict, seat: int, move: Any, rng: Rng) -> list:
    """``decide`` on a private copy (and a check that it did not change the original)."""
    before = copy.deepcopy(state)
    try:
        return rules.decide(state, seat, move, rng)
    finally:
        assert state == before, "decide changed the state it was given"
