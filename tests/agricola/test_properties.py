"""Properties of random legal play (issue tests): every game ends; goods and animals are
conserved; capacity is never exceeded; the state survives JSON; snapshot + events = events;
every listed move is accepted and nothing else is; malformed input only gives domain errors."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.agricola import AGRICOLA
from domain.agricola.action_spaces import ACTION_SPACES
from domain.agricola.tables import ANIMALS, BUILDING_RESOURCES, LEDGER_GOODS, MAJOR_IMPROVEMENTS
from domain.common.errors import DomainError

from .support import check_invariants, fold, policy_game, random_game, setup

SETTINGS = settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.slow
@SETTINGS
@given(n=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_random_legal_play_always_reaches_the_end(n, seed):
    """Uniformly random legal moves, invariants checked after every event."""
    state, moves, events = random_game(n, seed, check=True)
    assert state["phase"] == "finished" and len(state["round_cards"]) == 14
    sheet = AGRICOLA.score_sheet(state)
    assert sheet["final"] and [s["total"] for s in sheet["seats"]] == state["final"]["scores"]


@pytest.mark.slow
def test_farm_building_games_for_every_player_count():
    """Seeded games that build farms (fences, rooms, majors, animals), invariants after every
    event."""
    for n in range(1, 6):
        for seed in (1, 2):
            state, _, events, _ = policy_game(n, seed, check=True)
            assert state["phase"] == "finished"


def move_universe(state: dict) -> list[dict]:
    """Many well-formed moves of every type (legal or not)."""
    out = []
    for space_id in list(ACTION_SPACES) + ["moon"]:
        out.append({"type": "place", "space": space_id})
        for r in BUILDING_RESOURCES:
            out.append({"type": "place", "space": space_id, "resource": r})
            out.append({"type": "place", "space": space_id, "resource": r, "resource2": "reed"})
            out.append(
                {
                    "type": "place",
                    "space": space_id,
                    "option": "resources",
                    "resource": "wood",
                    "resource2": r,
                }
            )
        for o in ("sheep", "boar", "cattle", "food", "room", "growth"):
            out.append({"type": "place", "space": space_id, "option": o})
    for s in range(15):
        for t in ("build_room", "build_stable", "plough", "fence_space"):
            out.append({"type": t, "space": s})
        for c in ("grain", "vegetable"):
            out.append({"type": "sow", "space": s, "crop": c})
    for m in MAJOR_IMPROVEMENTS:
        out.append({"type": "build_major", "major": m})
        out.append({"type": "build_major", "major": m, "return": "fireplace_2"})
        out.append({"type": "build_major", "major": m, "return": "fireplace_3"})
        for g in range(1, 5):
            out.append({"type": "bake", "improvement": m, "grain": g})
    for t in ("close_pasture", "clear_region", "done", "feed"):
        out.append({"type": t})
    for g in LEDGER_GOODS:
        out.append({"type": "convert", "good": g})
    for a in ANIMALS:
        out.append({"type": "release", "animal": a})
        for k in (0, 1, 2, 3, 5, 40):  # several at once (issue 23 item 7)
            out.append({"type": "release", "animal": a, "count": k})
            out.append({"type": "convert", "good": a, "count": k})
    out.append({"type": "convert", "good": "vegetable", "count": 2})
    for s in (0, 1):
        for b in (0, 1):
            for c in (0, 1):
                out.append({"type": "keep_newborns", "sheep": s, "boar": b, "cattle": c})
    return out


def test_listed_moves_are_exactly_the_accepted_ones():
    """The same predicates serve decide and legal_moves: in sampled positions of several games,
    every listed move is accepted (and keeps the invariants) and every other move is refused."""
    checked = 0
    for n, seed in ((2, 3), (3, 8), (4, 1), (5, 2), (1, 4)):
        r = random.Random(seed)
        _, moves, events, setup_events = policy_game(n, seed)
        state = fold(setup_events)
        at = 0
        _, rng, _ = setup(n, seed, start_player=-1)
        for i, (seat, move) in enumerate(moves):
            if i % 9 == 0:
                for asked in AGRICOLA.status(state).to_act:
                    before = json.dumps(state, sort_keys=True)
                    legal = AGRICOLA.legal_moves(state, asked)
                    AGRICOLA.view(state, asked)
                    assert json.dumps(state, sort_keys=True) == before
                    for candidate in move_universe(state):
                        try:
                            out = AGRICOLA.decide(state, asked, candidate, rng)
                        except DomainError:
                            assert candidate not in legal, candidate
                            continue
                        assert candidate in legal, candidate
                        if r.random() < 0.2:
                            check_invariants(fold(out, json.loads(json.dumps(state))))
                        checked += 1
            produced = AGRICOLA.decide(state, seat, move, rng)
            state = fold(produced, state)
            at += len(produced)
    assert checked > 300


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.floats(allow_nan=False)
    | st.sampled_from(["wood", "grain", "sheep", "forest", "fences", "fireplace_2", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
move_types = st.sampled_from(
    [
        "place",
        "build_room",
        "build_stable",
        "plough",
        "sow",
        "bake",
        "build_major",
        "fence_space",
        "close_pasture",
        "clear_region",
        "done",
        "convert",
        "release",
        "feed",
        "keep_newborns",
        "fly",
    ]
)
field_names = st.sampled_from(
    [
        "space",
        "resource",
        "resource2",
        "option",
        "crop",
        "improvement",
        "grain",
        "major",
        "return",
        "good",
        "animal",
        "sheep",
        "boar",
        "cattle",
        "extra",
    ]
)
moves = st.one_of(
    json_values,
    st.builds(
        lambda t, fields: {"type": t, **fields},
        move_types,
        st.dictionaries(field_names, json_values, max_size=4),
    ),
)


def _positions() -> list[dict]:
    """A few positions: round 1, an action in progress, a feeding phase, a fence action."""
    out = [setup(3, 1)[0]]
    _, moves, events, setup_events = policy_game(2, 6)
    state = fold(setup_events)
    kinds = set()
    for seat, move in moves:
        out_events = AGRICOLA.decide(state, seat, move, _rng(2, 6))
        state = fold(out_events, state)
        kind = next((p["kind"] for p in state["pending"] if p), None)
        if kind and kind not in kinds:
            kinds.add(kind)
            out.append(json.loads(json.dumps(state)))
    return out[:4]


def _rng(n, seed):
    return setup(n, seed, start_player=-1)[1]


POSITIONS = _positions()


def test_every_state_between_events_can_be_read():
    """Every state reachable after any event (also inside one move's events) works with
    status, view, score_sheet and legal_moves for every seat."""
    for n, seed in ((2, 11), (4, 12), (5, 13)):
        state, _, events, setup_events = policy_game(n, seed)
        state = {}
        for event in setup_events + events:
            state = AGRICOLA.evolve(state, event)
            status = AGRICOLA.status(state)
            assert status.phase in (
                "setup",
                "work",
                "return",
                "harvest_field",
                "harvest_feeding",
                "harvest_breeding",
                "finished",
            )
            sheet = AGRICOLA.score_sheet(state)
            assert all(len(s["categories"]) == 15 for s in sheet["seats"])
            AGRICOLA.view(state, 0)
            for seat in range(n):
                AGRICOLA.legal_moves(state, seat)
