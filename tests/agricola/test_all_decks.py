"""Issue 23 item 3: the three decks shuffled together (``decks: "EIK"``, card set 7) play out
for every player count, choosing uniformly among the listed moves: every listed move is
accepted, the ledger's invariants hold after every event, and the score sheet recomputed
event by event ends where the game's final scores are."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.agricola import AGRICOLA
from domain.agricola.cards.deal import pool
from domain.common.errors import BadGameConfig
from domain.common.rng import Rng
from domain.common.title import GameConfig

from .support import check_invariants

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def play(n: int, seed: int, decks: str = "EIK") -> tuple[dict, list]:
    rng, pick = Rng(seed), random.Random(seed)
    state: dict = {}
    events = list(AGRICOLA.setup(GameConfig("full", NAMES[:n], {"decks": decks}), rng))
    for event in events:
        state = AGRICOLA.evolve(state, event)
    while not AGRICOLA.status(state).finished:
        seat = pick.choice(AGRICOLA.status(state).to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        assert legal, "a seat that is asked always has a move"
        new = AGRICOLA.decide(state, seat, pick.choice(legal), rng)
        for event in new:
            state = AGRICOLA.evolve(state, event)
            check_invariants(state)
        events += new
        assert len(events) < 20_000
    return state, events


def _ends_where_it_scores(state: dict, events: list) -> None:
    sheet = AGRICOLA.score_sheet(state)
    assert [s["total"] for s in sheet["seats"]] == state["final"]["scores"]
    replayed, rescored = {}, None
    for event in events:
        replayed = AGRICOLA.evolve(replayed, event)
        rescored = AGRICOLA.rescore(replayed, rescored, event)
    assert json.loads(json.dumps(rescored)) == json.loads(json.dumps(sheet))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_all_three_decks_play_out_for_every_player_count(n):
    state, events = play(n, 100 + n)
    _ends_where_it_scores(state, events)
    played = {c for farm in state["farms"] for c in farm.get("cards", [])}
    assert {c[0] for c in played} >= {"I", "K"} or n == 1


@pytest.mark.parametrize("decks", ["I", "K", "IK"])
@pytest.mark.parametrize("n", [4, 5])
def test_a_deck_without_e_deals_or_is_refused_saying_how_many(decks, n):
    """A combination deals when its implemented cards fill every hand (7 of each kind a seat,
    digest §2.1 item 5), else it is refused with the count (the decks' symbols may leave too
    few cards for many players)."""
    enough = all(len(pool(tuple(decks), kind, n)) >= 7 * n for kind in ("occupation", "minor"))
    if not enough:
        with pytest.raises(BadGameConfig, match="implemented"):
            play(n, 7, decks)
        return
    state, events = play(n, 7, decks)
    _ends_where_it_scores(state, events)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_random_games_with_every_deck(n, seed):
    state, events = play(n, seed)
    _ends_where_it_scores(state, events)
