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


def _containers(value) -> list:
    """Every dict and list in ``value`` (itself included)."""
    if isinstance(value, dict):
        return [value] + [c for v in value.values() for c in _containers(v)]
    if isinstance(value, list):
        return [value] + [c for v in value for c in _containers(v)]
    return []


def _shares(copy, original, allowed=()) -> bool:
    """Does ``copy`` hold a dict or list of ``original`` (other than ``allowed`` ones)?"""
    theirs = {id(c) for c in _containers(original)} - {id(c) for c in allowed}
    return any(id(c) in theirs for c in _containers(copy))


@pytest.mark.parametrize("n", [1, 3, 5])
def test_the_copies_of_each_part_share_nothing_that_changes(n):
    """``COPIES`` and ``copy_player`` rely on the shape of the state (``state.py``): on the
    positions of a played game each equals ``copy_tree`` and shares nothing with the original
    (a player shares only its members' own entries, which a move copies when one moves)."""
    from domain.village.state import COPIES, copy_part, copy_player

    state = fold(setup_events(n, 60 + n, first=-1, bonuses=True))
    pick = random.Random(n)
    for step in range(2000):
        if VILLAGE.status(state).finished:
            break
        if step % 7 == 0:
            for key in COPIES:
                copied = copy_part(key, state[key])
                assert copied == state[key] and not _shares(copied, state[key]), key
            for player in state["seats"]:
                copied = copy_player(player)
                assert copied == player
                assert not _shares(copied, player, allowed=player["members"])
                assert all(not _containers(v) for m in player["members"] for v in m.values())
        seat = VILLAGE.status(state).to_act[0]
        move = pick.choice(VILLAGE.legal_moves(state, seat))
        for event in VILLAGE.decide(state, seat, move, Rng(step)):
            state = VILLAGE.evolve(state, event)
    assert VILLAGE.status(state).finished
