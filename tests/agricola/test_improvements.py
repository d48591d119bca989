"""Major improvements (digest §7, D-32, D-33; T-17, T-18)."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.tables import MAJOR_IMPROVEMENTS
from domain.common.errors import RuleViolation

from .support import give, moves_of, play, reveal, setup, turn, types


def at_major(n=2, seat=0, **goods):
    state, _, _ = setup(n, seed=1, start_player=0)
    turn(state, seat)
    reveal(state, "major_improvement")
    give(state, seat, **goods)
    return state


def test_the_ten_majors_costs_and_points():
    """§7: costs and printed points of the 10 major improvements."""
    expected = {
        "fireplace_2": ({"clay": 2}, 1),
        "fireplace_3": ({"clay": 3}, 1),
        "cooking_hearth_4": ({"clay": 4}, 1),
        "cooking_hearth_5": ({"clay": 5}, 1),
        "clay_oven": ({"clay": 3, "stone": 1}, 2),
        "stone_oven": ({"clay": 1, "stone": 3}, 3),
        "joinery": ({"wood": 2, "stone": 2}, 2),
        "pottery": ({"clay": 2, "stone": 2}, 2),
        "basketmakers_workshop": ({"reed": 2, "stone": 2}, 2),
        "well": ({"wood": 1, "stone": 3}, 4),
    }
    assert {m: (i["cost"], i["points"]) for m, i in MAJOR_IMPROVEMENTS.items()} == expected


def test_t17_fireplace_upgraded_to_cooking_hearth_returns_it():
    """T-17 (§7, D-33): build a Cooking Hearth by returning the Fireplace (no clay); the
    Fireplace is back on the board for anyone, the same player included."""
    state = at_major(clay=2)
    state, _ = play(state, 0, {"type": "place", "space": "major_improvement"})
    state, _ = play(state, 0, {"type": "build_major", "major": "fireplace_2"})
    assert state["majors"]["fireplace_2"] == 0
    turn(state, 0)
    clay = state["farms"][0]["supply"]["clay"]
    state, _ = play(state, 0, {"type": "place", "space": "major_improvement"})
    assert {
        "type": "build_major",
        "major": "cooking_hearth_4",
        "return": "fireplace_2",
    } in moves_of(state, 0)
    assert {"type": "build_major", "major": "cooking_hearth_4"} not in moves_of(state, 0)
    state, events = play(
        state, 0, {"type": "build_major", "major": "cooking_hearth_4", "return": "fireplace_2"}
    )
    assert events[0].data["cost"] == {} and events[0].data["returned"] == "fireplace_2"
    assert AGRICOLA.describe(events[0], ["Ann", "Bob"]) == (
        "Ann builds the Cooking Hearth (4 clay) by returning the Fireplace (2 clay) to the board."
    )
    farm = state["farms"][0]
    assert farm["majors"] == ["cooking_hearth_4"] and farm["supply"]["clay"] == clay
    assert state["majors"]["fireplace_2"] is None
    from domain.agricola.improvements import bake_food, best_cooking

    assert bake_food("cooking_hearth_4", 1) == 3 and best_cooking(farm, "vegetable")[1] == 3
    turn(state, 1)
    give(state, 1, clay=2)
    state, _ = play(state, 1, {"type": "place", "space": "major_improvement"})
    state, _ = play(state, 1, {"type": "build_major", "major": "fireplace_2"})
    assert state["majors"]["fireplace_2"] == 1


def test_t18_an_oven_bakes_once_when_built():
    """T-18 (§5.7): with 3 grain, the Stone Oven (1 clay + 3 stone) bakes up to 2 grain at once
    for 8 food; 1 grain stays."""
    state = at_major(clay=1, stone=3, grain=3)
    food = state["farms"][0]["supply"]["food"]
    state, _ = play(state, 0, {"type": "place", "space": "major_improvement"})
    state, events = play(state, 0, {"type": "build_major", "major": "stone_oven"})
    assert events[0].data["cost"] == {"clay": 1, "stone": 3}
    assert state["pending"][0]["kind"] == "oven_bake"
    assert {m["grain"] for m in moves_of(state, 0, "bake")} == {1, 2}
    state, events = play(state, 0, {"type": "bake", "improvement": "stone_oven", "grain": 2})
    assert "TurnPassed" in types(events)
    farm = state["farms"][0]
    assert farm["supply"]["food"] == food + 8 and farm["supply"]["grain"] == 1


def test_t18_clay_oven_one_grain_and_baking_may_be_skipped():
    """§5.7: the Clay Oven bakes 1 grain for 5 food; the bake after building is optional."""
    state = at_major(clay=3, stone=1, grain=2)
    state, _ = play(state, 0, {"type": "place", "space": "major_improvement"})
    state, _ = play(state, 0, {"type": "build_major", "major": "clay_oven"})
    assert moves_of(state, 0, "bake") == [{"type": "bake", "improvement": "clay_oven", "grain": 1}]
    state, events = play(state, 0, {"type": "done"})
    assert state["farms"][0]["supply"]["grain"] == 2


def test_d32_well_food_on_the_next_five_rounds():
    """§7 Well (D-32): 1 food on each of the next 5 round spaces, taken at their start."""
    state = at_major(wood=1, stone=3)
    state["round"] = 11
    state, events = play(state, 0, {"type": "place", "space": "major_improvement"})
    state, events = play(state, 0, {"type": "build_major", "major": "well"})
    assert events[0].data["well_rounds"] == [12, 13, 14]
    assert [state["round_food"][r][0] for r in range(15)] == [0] * 12 + [1, 1, 1]
    assert "12, 13, 14" in AGRICOLA.describe(events[0], ["Ann", "Bob"])


def test_d32_well_food_is_collected_when_the_round_starts():
    from domain.agricola.builder import Builder
    from domain.agricola.flow import start_round
    from domain.common.rng import Rng

    state, _, _ = setup(2, seed=1, start_player=0)
    state["round_food"][2][1] = 1
    state["bank"]["food"] -= 1
    b = Builder(state)
    start_round(b, Rng(1), 2)
    collected = [e for e in b.events if e.type == "WellFoodCollected"]
    assert len(collected) == 1 and collected[0].seat == 1 and collected[0].data["food"] == 1
    assert b.state["round_food"][2] == [0, 0]


def test_a_major_is_built_once_and_needs_its_cost():
    """§7: each major exists once; its owner is named when another player tries it."""
    state = at_major(clay=2)
    state, _ = play(state, 0, {"type": "place", "space": "major_improvement"})
    state, _ = play(state, 0, {"type": "build_major", "major": "fireplace_2"})
    turn(state, 1)
    give(state, 1, clay=3)
    state, _ = play(state, 1, {"type": "place", "space": "major_improvement"})
    with pytest.raises(RuleViolation) as err:
        play(state, 1, {"type": "build_major", "major": "fireplace_2"})
    assert err.value.code == "major_not_available"
    assert err.value.message == (
        "The Fireplace (2 clay) is not on the major improvement board: Ann owns it."
    )
    with pytest.raises(RuleViolation) as err:
        play(state, 1, {"type": "build_major", "major": "well"})
    assert err.value.code == "not_enough_goods" and "Well" in err.value.message


def test_renovation_then_an_optional_major():
    """§4.5 stage II (D-12): renovation first (mandatory), then at most 1 major, or none."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    reveal(state, "renovation_improvement")
    give(state, 0, clay=6, reed=1)
    state, events = play(state, 0, {"type": "place", "space": "renovation_improvement"})
    assert "Renovated" in types(events) and {"type": "done"} in moves_of(state, 0)
    state, events = play(state, 0, {"type": "build_major", "major": "fireplace_3"})
    assert "TurnPassed" in types(events)
