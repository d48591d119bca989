"""Random play of whole full games (issue 10 item 8): 1 to 5 players, the E deck, every dealing
variant and the 3-for-1 exchange, with the family game's invariants after every event plus "no
card in two places" and "a seat never sees another's hand"; at the end the sheet is the one
``rescore`` gives from the events."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.agricola import AGRICOLA
from domain.agricola.cards.deal import DEALINGS, SOLO_DEALINGS
from domain.agricola.moves import check_move
from domain.common.rng import Rng
from domain.common.title import GameConfig

from .support import check_invariants

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def _where_cards_are(state: dict) -> list[str]:
    places = [c for f in state["farms"] for c in f["cards"]]
    for held in state["hands"]["_private"].values():
        places += held["occupations"] + held["minors"] + held.get("discarded", [])
        for packet in held.get("packets", {}).values():
            places += packet
    return places


def _others_hidden(state: dict, n: int) -> None:
    if AGRICOLA.status(state).finished:
        return  # the rulebook's end: every card is turned face up
    played = {c for f in state["farms"] for c in f["cards"]}
    for viewer in range(n):
        seen = AGRICOLA.view(state, viewer)
        assert set(seen["hands"].get("_private", {})) <= {str(viewer)}
        text = json.dumps(seen)
        mine = set(_where_cards_are({"farms": [], "hands": seen["hands"]}))
        for other, held in state["hands"]["_private"].items():
            if other == str(viewer):
                continue
            theirs = set(_where_cards_are({"farms": [], "hands": {"_private": {other: held}}}))
            for card in theirs - played - mine:
                assert f'"{card}"' not in text, f"seat {viewer} sees {card} of seat {other}"


def play_full_game(n: int, seed: int, dealing: str, exchange: bool):
    rng = Rng(seed)
    config = GameConfig("full", NAMES[:n], {"decks": "E", "dealing": dealing, "exchange": exchange})
    events = AGRICOLA.setup(config, rng)
    state: dict = {}
    for e in events:
        state = AGRICOLA.evolve(state, e)
    pick = random.Random(seed)
    while not AGRICOLA.status(state).finished:
        seat = pick.choice(AGRICOLA.status(state).to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        assert legal, "a seat that is asked always has a move"
        for move in legal:  # legal_moves skips the shape and turn checks: each must still pass
            check_move(state, seat, move)
        new = AGRICOLA.decide(state, seat, pick.choice(legal), rng)
        for event in new:
            state = AGRICOLA.evolve(state, event)
            check_invariants(state)
            cards = _where_cards_are(state)
            assert len(cards) == len(set(cards)), "a card in two places"
        events += new
        _others_hidden(state, n)
    return state, events


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 5),
    seed=st.integers(0, 10**6),
    dealing=st.sampled_from(DEALINGS),
    exchange=st.booleans(),
)
def test_random_full_games_under_every_dealing_variant(n, seed, dealing, exchange):
    if dealing in SOLO_DEALINGS:  # options of the solo game only (digest §9.2 item 7)
        n = 1
    state, events = play_full_game(n, seed, dealing, exchange)
    sheet = AGRICOLA.score_sheet(state)
    assert [s["total"] for s in sheet["seats"]] == state["final"]["scores"]
    replayed, rescored = {}, None
    for event in events:
        replayed = AGRICOLA.evolve(replayed, event)
        rescored = AGRICOLA.rescore(replayed, rescored, event)
    assert json.loads(json.dumps(rescored)) == json.loads(json.dumps(sheet))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_ten_three_deals_for_every_player_count(n):
    state, _ = play_full_game(n, 100 + n, "10-3", False)
    assert state["phase"] == "finished"
    assert all(len(h.get("discarded", [])) == 6 for h in state["hands"]["_private"].values())
