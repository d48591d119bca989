"""``Title.play`` (the bots' simulation step, ``domain/bots/sim.py``): for every title and
variant it gives exactly the events ``decide`` gives and the state a fold of them gives, and
leaves the state it was handed as it was."""

from __future__ import annotations

import copy
import random

import pytest

from domain.bots.arena import new_state
from domain.common.rng import Rng
from domain.platform import registry


def cases():
    for rules in registry.all_current():
        if rules.name not in ("agricola", "caverna", "village"):
            continue  # test doubles
        for info in rules.variants:
            yield rules.name, info.name, info.max_players


@pytest.mark.parametrize("title,variant,n", list(cases()))
def test_play_equals_decide_then_fold_and_leaves_its_input(title, variant, n):
    rules = registry.current(title)
    state = new_state(rules, variant, n, seed=7)
    pick = random.Random(7)
    for step in range(400):
        status = rules.status(state)
        if status.finished or not status.to_act:
            break
        seat = pick.choice(status.to_act)
        move = pick.choice(rules.legal_moves(state, seat))
        before = copy.deepcopy(state)
        events, after = rules.play(state, seat, move, Rng(step))
        assert state == before, "play changed the state it was handed"
        assert events == rules.decide(state, seat, move, Rng(step))
        folded = copy.deepcopy(state)
        for event in events:
            folded = rules.evolve(folded, event)
        assert after == folded
        state = after if step % 2 else folded  # play on from both
    assert step > 50
