"""The move builder copies on write (``builder.py``, issues 22 and 25): a move copies only the
parts of the state its events change. These tests hold it to what a full copy gives: the same
events, the same state after them, and the state it was given left alone."""

from __future__ import annotations

import json
import random

import pytest

from domain.common.rng import Rng
from domain.village import VILLAGE
from domain.village.builder import Builder
from domain.village.evolve import HANDLERS, TOUCHES
from domain.village.flow import advance
from domain.village.moves import apply
from domain.village.state import clone

from .support import fold, setup_events


class FullCopy(Builder):
    """The builder as it was: the whole state copied first, nothing shared."""

    def __init__(self, state: dict) -> None:
        super().__init__(clone(state))
        self._owned = None


def _decide(builder: type[Builder], state: dict, seat: int, move: dict, seed: int):
    b = builder(state)
    apply(b, seat, move, Rng(seed))
    advance(b, Rng(seed))
    return b.finish(), b.state


def _text(state: dict) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "pack"}, sort_keys=True)


def test_every_handler_says_what_it_changes():
    assert set(TOUCHES) == set(HANDLERS)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_moves_copied_on_write_equal_moves_on_a_full_copy(n):
    """Random games of each size: every move's events and the state they leave equal those of
    a full copy, the state folded from the events is the builder's, and the state the move
    was decided from is unchanged."""
    seed = 40 + n
    state = fold(setup_events(n, seed, first=-1, bonuses=True))
    pick = random.Random(seed)
    moves = 0
    while not VILLAGE.status(state).finished:
        seat = VILLAGE.status(state).to_act[0]
        move = pick.choice(VILLAGE.legal_moves(state, seat))
        before = _text(state)
        events, after = _decide(Builder, state, seat, move, moves)
        assert _text(state) == before, f"move {moves} changed the state it was decided from"
        full_events, full_after = _decide(FullCopy, state, seat, move, moves)
        assert events == full_events, f"move {moves}: {move}"
        assert _text(after) == _text(full_after)
        for event in events:
            state = VILLAGE.evolve(state, event)
        assert _text(state) == _text(after)
        moves += 1
    assert moves > 50


def test_coin_options_are_the_payments_can_pay_allows():
    """``coin_options`` (a range since issue 25) lists exactly the coins ``can_pay`` allows."""
    from domain.village.pack import COLOURS
    from domain.village.state import can_pay, coin_options

    pick = random.Random(7)
    for _ in range(2000):
        player = {"coins": pick.randint(0, 5), "cubes": {c: pick.randint(0, 4) for c in COLOURS}}
        cubes = {c: pick.randint(1, 3) for c in pick.sample(COLOURS, pick.randint(1, 3))}
        expected = [k for k in range(sum(cubes.values()) + 1) if can_pay(player, cubes, k)]
        assert coin_options(player, cubes) == expected
