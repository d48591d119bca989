"""The evaluations that know each game (issue 37 item 1): named features from each title's
view, the value of a position as an expected final total, and a fitted model that falls back
to the hand-set weights when it is missing or corrupt."""

from __future__ import annotations

import copy
import json
import logging
import math
import random

import pytest

from domain.bots import LEVELS, BotSpec, bot_move, bot_rng, check_bot, evals
from domain.bots.arena import new_state
from domain.bots.sim import random_playout
from domain.common.errors import DomainError
from domain.common.rng import Rng
from domain.platform import registry

CASES = [("agricola", "family", 2), ("caverna", "standard", 2), ("village", "standard", 2)]


def _position(title: str, variant: str, n: int, moves: int, seed: int = 5) -> tuple:
    rules = registry.current(title)
    state = new_state(rules, variant, n, seed)
    state, _ = random_playout(rules, state, random.Random(seed), Rng(seed), moves)
    return rules, state


@pytest.mark.parametrize(("title", "variant", "n"), CASES)
def test_every_feature_is_named_weighted_and_finite(title, variant, n):
    module = evals.MODULES[title]
    assert set(module.WEIGHTS) == set(module.FEATURES)
    for moves in (0, 15, 60):
        rules, state = _position(title, variant, n, moves)
        view = rules.view(state, 0)
        feats = evals.features(rules, view, 0)
        assert set(feats) == set(module.FEATURES)
        assert all(math.isfinite(v) for v in feats.values())
        values = evals.values(rules, view)
        assert len(values) == n and all(math.isfinite(v) for v in values)


@pytest.mark.parametrize(("title", "variant", "n"), CASES)
def test_a_finished_game_is_worth_its_score_sheet(title, variant, n):
    rules, state = _position(title, variant, n, 20000)
    assert rules.status(state).finished
    sheet = [float(r["total"]) for r in rules.score_sheet(state)["seats"]]
    assert evals.values(rules, state) == sheet


def test_agricola_food_short_of_the_next_harvest_costs_begging():
    rules, state = _position("agricola", "family", 2, 12)
    view = rules.view(state, 0)
    fed, hungry = copy.deepcopy(view), copy.deepcopy(view)
    fed["farms"][0]["supply"]["food"] = 20
    hungry["farms"][0]["supply"].update(food=0, grain=0, vegetable=0)
    hungry["farms"][0]["animals"] = {"sheep": 0, "boar": 0, "cattle": 0}
    assert evals.agricola.features(hungry, 0)["next_feeding"] < 0
    assert evals.agricola.features(fed, 0)["next_feeding"] == 0
    assert evals.extra(rules, fed, 0) > evals.extra(rules, hungry, 0)


def test_agricola_a_larger_family_is_worth_its_placements_to_come():
    rules, state = _position("agricola", "family", 2, 4)
    view = rules.view(state, 0)
    more = copy.deepcopy(view)
    more["farms"][0]["family"] += 1
    more["farms"][0]["supply"]["food"] += 30  # the same food cover, so only placements differ
    view["farms"][0]["supply"]["food"] += 30
    assert evals.agricola.features(more, 0)["actions"] > evals.agricola.features(view, 0)["actions"]


def test_caverna_weapons_count_while_rounds_remain():
    rules, state = _position("caverna", "standard", 2, 8)
    view = rules.view(state, 0)
    armed = copy.deepcopy(view)
    armed["homes"][0]["dwarfs"][0]["weapon"] = 5
    assert evals.extra(rules, armed, 0) > evals.extra(rules, view, 0)


def test_a_fitted_model_is_used_and_a_corrupt_one_falls_back_with_a_warning(
    tmp_path, monkeypatch, caplog
):
    monkeypatch.setenv("CHRONICLE_BOT_MODELS", str(tmp_path))
    evals.reset()
    rules, state = _position("agricola", "family", 2, 12)
    view = rules.view(state, 0)
    hand_set = evals.extra(rules, view, 0)
    weights = dict.fromkeys(evals.agricola.FEATURES, 0.0)
    (tmp_path / "agricola.json").write_text(json.dumps({"title": "agricola", "weights": weights}))
    evals.reset()
    assert evals.extra(rules, view, 0) == 0.0
    for bad in (
        "{not json",
        json.dumps({"weights": {"no_such": 1}}),
        '{"weights": {"goods": "x"}}',
    ):
        (tmp_path / "agricola.json").write_text(bad)
        evals.reset()
        with caplog.at_level(logging.WARNING, logger="domain.bots.evals"):
            assert evals.extra(rules, view, 0) == hand_set
        assert "hand-set evaluation is used" in caplog.text
        caplog.clear()
    evals.reset()


def test_level_0_is_a_beginner_that_plays_listed_moves():
    assert 0 in LEVELS["search"]
    assert check_bot({"bot": "search", "level": 0}).level == 0
    with pytest.raises(DomainError):
        check_bot({"bot": "search", "level": 4})
    for title, variant, n in CASES:
        rules, state = _position(title, variant, n, 10)
        seat = rules.status(state).to_act[0]
        view = rules.view(state, seat)
        move = bot_move(rules, view, seat, BotSpec("search", 0), bot_rng(1, 10, seat))
        assert move in rules.legal_moves(state, seat)


def test_training_fits_every_feature_and_writes_a_model_the_bots_read(tmp_path, monkeypatch):
    from domain.bots.evals.train import fit, train

    # the regression recovers known weights
    rows = [([float(i), float(i % 3)], 2.0 * i - 1.0 * (i % 3)) for i in range(30)]
    assert [round(w, 2) for w in fit(rows, [0.0, 0.0], ridge=1e-6)] == [2.0, -1.0]
    rules = registry.current("village")
    model = train(rules, evals.village, "standard", 2, [50001])
    assert model["samples"] > 0 and set(model["weights"]) == set(evals.village.FEATURES)
    monkeypatch.setenv("CHRONICLE_BOT_MODELS", str(tmp_path))
    (tmp_path / "village.json").write_text(json.dumps(model))
    evals.reset()
    assert evals.weights_of("village") == model["weights"]
    evals.reset()


def test_the_zombie_levels_read_their_pinned_evaluation_version(monkeypatch):
    """Audits re-derive a dropped seat's moves by the zombie level recorded, so each level
    reads the evaluation version it was made with (``zombie.ZOMBIE_EVAL``), never the newest."""
    from domain.bots import zombie

    rules, state = _position("agricola", "family", 3, 30)
    seat = sorted(rules.status(state).to_act)[0]
    view = rules.view(state, seat)
    moves = rules.legal_moves(view, seat)
    assert len(moves) > 1
    seen: list = []
    real = evals.values

    def spy(rules_, state_, version=None):
        seen.append(version)
        return real(rules_, state_, version)

    monkeypatch.setattr(evals, "values", spy)
    for level, version in ((2, 1), (3, 2)):
        seen.clear()
        zombie.choose_zombie(rules, view, seat, moves, Rng(3), level)
        assert seen and set(seen) == {version}, (level, seen)


@pytest.mark.parametrize("title, variant", [("agricola", "family"), ("caverna", "standard")])
def test_evaluation_version_1_is_the_features_before_version_2(title, variant):
    """Version 1 (the level-2 zombie's) counts no feature version 2 added: Agricola's
    ``fencing`` and baking in the later feedings, Caverna's ``dwelling_progress``; every other
    feature is the same number."""
    added = {"agricola": {"fencing", "later_feedings"}, "caverna": {"dwelling_progress"}}[title]
    module = evals.MODULES[title]
    for moves in (10, 40, 80, 120):
        rules, state = _position(title, variant, 2, moves, seed=moves)
        for seat in range(2):
            old = module.features(state, seat, 1)
            new = module.features(state, seat, 2)
            assert old.get("fencing", 0.0) == 0.0 and old.get("dwelling_progress", 0.0) == 0.0
            same = {k for k in set(old) | set(new) if k not in added}
            assert {k: old.get(k) for k in same} == {k: new.get(k) for k in same}
