"""The "at any time" freedoms before breeding (issue 13): releasing animals (digest §5.9; seed 000
L302, 003 L155, 004 L282) and cooking (digest §5.10, §6.2; seed 000 L167, L197), offered as
listed moves to a seat whose newborn would otherwise be lost, without asking seats that gain
nothing."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.common.errors import RuleViolation

from .support import build_farm, give, give_animals, moves_of, pass_feeding, play, setup, turn


def full_farm(fireplace: bool = False, food: int = 20):
    """Round 14, Ann's last person: pasture {1,2} with a stable holding 8 sheep, pasture {3}
    holding 2 boar, a ninth sheep as the house pet (the issue's position); Bob is done."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    state["round"] = 14
    build_farm(state, 0, pastures=[[1, 2], [3]], stables=[1])
    give_animals(state, 0, sheep=9, boar=2)
    state["farms"][1]["home"] = 0
    give(state, 0, food=food)
    give(state, 1, food=20)
    if fireplace:
        state["farms"][0]["majors"].append("fireplace_2")
        state["majors"]["fireplace_2"] = 0
    state, _ = play(state, 0, {"type": "place", "space": "grain"})
    return state


def total(state, seat=0):
    return AGRICOLA.score_sheet(state)["seats"][seat]["total"]


def finish_breeding(state, keep):
    """Choose ``keep`` at breeding if asked; the final state."""
    if state["phase"] == "harvest_breeding":
        state, _ = play(state, 0, {"type": "keep_newborns", **keep})
    assert AGRICOLA.status(state).finished
    return state


def test_seat_with_a_newborn_at_stake_is_asked_before_breeding():
    """Given the full farm, when the harvest starts, then Ann (enough food, newborns that do not
    fit) is asked in the feeding phase and may release or feed; Bob (no animals) is not asked."""
    state = full_farm()
    assert state["phase"] == "harvest_feeding"
    assert AGRICOLA.status(state).to_act == (0,)
    offered = moves_of(state, 0)
    assert {"type": "release", "animal": "sheep"} in offered
    assert {"type": "release", "animal": "boar"} in offered
    assert {"type": "feed"} in offered


def test_releasing_a_sheep_lets_the_newborn_boar_take_the_pet_place():
    """Issue 13, position 1 (§5.9 release at any time, §6.4, D-25): passing loses both
    newborns; releasing one sheep lets the newborn boar live in the house (+1 point)."""
    passed, _ = pass_feeding(full_farm())
    passed = finish_breeding(passed, {})
    assert passed["farms"][0]["animals"] == {"sheep": 9, "boar": 2, "cattle": 0}

    state, events = play(full_farm(), 0, {"type": "release", "animal": "sheep"})
    assert [e.type for e in events] == ["AnimalReleased"]
    state, _ = play(state, 0, {"type": "feed"})
    state = finish_breeding(state, {"sheep": 0, "boar": 1, "cattle": 0})
    assert state["farms"][0]["animals"] == {"sheep": 8, "boar": 3, "cattle": 0}
    assert total(state) == total(passed) + 1


def test_cooking_a_sheep_when_fed_makes_room_for_the_newborn_boar():
    """Issue 13, position 2 (§5.10, §6.2 conversions in the feeding phase): with a Fireplace and
    10 food Ann is never short, yet may cook one sheep (+2 food) so the newborn boar fits."""
    passed, _ = pass_feeding(full_farm(fireplace=True, food=10))
    passed = finish_breeding(passed, {})

    state = full_farm(fireplace=True, food=10)
    food = state["farms"][0]["supply"]["food"]
    state, events = play(state, 0, {"type": "convert", "good": "sheep"})
    assert events[0].data["food"] == 2
    state, _ = play(state, 0, {"type": "feed"})
    state = finish_breeding(state, {"sheep": 0, "boar": 1, "cattle": 0})
    assert state["farms"][0]["animals"]["boar"] == 3
    assert state["farms"][0]["supply"]["food"] == passed["farms"][0]["supply"]["food"] + 2
    assert state["farms"][0]["supply"]["food"] == food + 2 - 4
    assert total(state) == total(passed) + 1


def test_seats_that_gain_nothing_are_not_asked():
    """Newborns that all fit and enough food: the harvest runs on without asking (§6.2)."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    state["round"] = 14
    build_farm(state, 0, pastures=[[1, 2]])
    give_animals(state, 0, sheep=2)
    state["farms"][1]["home"] = 0
    give(state, 0, food=20)
    give(state, 1, food=20)
    state, _ = play(state, 0, {"type": "place", "space": "grain"})
    assert AGRICOLA.status(state).finished
    assert state["farms"][0]["animals"]["sheep"] == 3


def test_release_is_listed_on_the_seat_turn_when_animals_fit():
    """§5.9: a housed animal may be released on the seat's own turn too; it does not end it."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    give_animals(state, 0, sheep=1)
    assert {"type": "release", "animal": "sheep"} in moves_of(state, 0)
    state, events = play(state, 0, {"type": "release", "animal": "sheep"})
    assert [e.type for e in events] == ["AnimalReleased"]
    assert state["turn"] == 0 and state["farms"][0]["animals"]["sheep"] == 0


def test_no_release_while_newborns_are_placed():
    """The breeding phase's choices are fixed when it starts: releasing is refused then."""
    state, _ = play(full_farm(), 0, {"type": "release", "animal": "sheep"})
    state, _ = play(state, 0, {"type": "feed"})
    assert state["phase"] == "harvest_breeding"
    assert not [m for m in moves_of(state, 0) if m["type"] == "release"]
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "release", "animal": "sheep"})
    assert err.value.code == "step_not_expected" and "breeding" in err.value.message
