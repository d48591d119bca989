"""The decisions of docs/rules/caverna.md where the rulebook is silent, one test each."""

from __future__ import annotations

import pytest

from domain.caverna import CAVERNA
from domain.common.errors import RuleViolation

from .support import give, moves_of, play, setup, work_turn


def test_c18_a_dwarf_with_nothing_to_do_stays_home():
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    for sid, space in state["spaces"].items():
        if sid not in ("ruby_mining", "blacksmithing"):
            space["occupant"] = 1
    state["spaces"]["ruby_mining"]["goods"] = {}
    assert moves_of(state, 0, "pass") == [{"type": "pass"}]
    assert not moves_of(state, 0, "place")
    after, events = play(state, 0, {"type": "pass"})
    assert [d["at"] for d in after["homes"][0]["dwarfs"]] == ["home", "home"]
    assert after["turn"] == 1
    state["spaces"]["supplies"]["occupant"] = None
    with pytest.raises(RuleViolation):
        play(state, 0, {"type": "pass"})


def test_c07_feeding_pays_what_the_seat_has_before_begging():
    state, _, _ = setup(2, 1)
    state["phase"] = "harvest_feeding"
    state["pending"] = [{"kind": "feed", "need": 4, "one_food": False}, None]
    give(state, 0, food=2)
    after, _ = play(state, 0, {"type": "feed"})
    assert after["homes"][0]["supply"]["food"] == 0 and after["homes"][0]["begging"] == 1


def test_c08_rubies_buy_farm_animals_but_not_dogs():
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    give(state, 0, ruby=1)
    buys = {m["buy"] for m in moves_of(state, 0, "ruby")}
    assert "dog" not in buys and {"sheep", "donkey", "boar"} <= buys
    assert "cattle" in buys  # 1 ruby + 1 food (the seat holds 1 food)


def test_c09_any_time_moves_only_for_the_seat_asked():
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    give(state, 1, grain=1)
    assert CAVERNA.legal_moves(state, 1) == []


def test_c06_animals_that_do_not_fit_block_everything_else():
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    give(state, 0, boar=3)
    legal = moves_of(state, 0)
    assert legal and {m["type"] for m in legal} <= {"convert", "release"}
    assert CAVERNA.status(state).to_act == (0,)
