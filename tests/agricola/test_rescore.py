"""The incremental score sheet the read models use equals the full one after every event.

digest §8: ``rescore`` skips events that change no score-pad category and recomputes only the
row of the seat an event touches; a wrong classification would show up here.
"""
from __future__ import annotations

import random

import pytest

from domain import registry
from domain.common.rng import Rng
from domain.common.title import GameConfig

AGRICOLA = registry.current("agricola")


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (4, 6)])
def test_rescore_equals_score_sheet_after_every_event(players, seed):
    config = GameConfig("family", tuple("ABCDE"[:players]), {"start_player": -1})
    rng = Rng(seed)
    state: dict = {}
    for event in AGRICOLA.setup(config, rng):
        state = AGRICOLA.evolve(state, event)
    sheet = AGRICOLA.score_sheet(state)
    choose = random.Random(seed)
    checked = 0
    while not AGRICOLA.status(state).finished:
        seat = choose.choice(AGRICOLA.status(state).to_act)
        move = choose.choice(AGRICOLA.legal_moves(state, seat))
        for event in AGRICOLA.decide(state, seat, move, rng):
            state = AGRICOLA.evolve(state, event)
            sheet = AGRICOLA.rescore(state, sheet, event)
            assert sheet == AGRICOLA.score_sheet(state), event.type
            checked += 1
    assert checked > 100
