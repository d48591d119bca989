"""The harvest: field phase, feeding with conversions and begging (digest §6, D-27, T-10)."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.common.errors import RuleViolation

from .support import build_farm, give, moves_of, play, setup, turn, types


def last_placement(state, round_no=4, seat=0):
    state["round"] = round_no
    for s, farm in enumerate(state["farms"]):
        farm["home"] = 1 if s == seat else 0
    turn(state, seat)
    return state


def set_food(state, seat, food):
    farm = state["farms"][seat]
    state["bank"]["food"] += farm["supply"]["food"] - food
    farm["supply"]["food"] = food


def test_t10_begging_for_missing_food():
    """T-10 case 1 (§6.2, §6.3): 3 adults and a newborn of this round need 7; with 6 food and
    nothing to convert the family is fed automatically and takes 1 begging card (-3)."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 1, family=4)
    state["farms"][1]["newborns"] = 1
    set_food(state, 1, 6)
    give(state, 0, food=10)
    last_placement(state)
    state, events = play(state, 0, {"type": "place", "space": "day_laborer", "resource": "wood"})
    started = [e for e in events if e.type == "FeedingStarted"][0]
    assert started.data["needs"] == [4, 7] and started.data["asked"] == []
    fed = [e for e in events if e.type == "FamilyFed" and e.seat == 1][0]
    assert fed.data == {
        "need": 7,
        "food": 6,
        "begging": 1,
        "adults": 3,
        "newborns": 1,
        "per_adult": 2,
    }
    assert state["farms"][1]["begging"] == 1
    assert AGRICOLA.describe(fed, ["Ann", "Bob"]) == (
        "Bob must feed the family (3 adults at 2 food and 1 newborn at 1: 7 food): pays 6 "
        "food and takes 1 begging card for the food missing."
    )
    sheet = AGRICOLA.score_sheet(state)
    begging = [c for c in sheet["seats"][1]["categories"] if c["key"] == "begging_cards"][0]
    assert begging["count"] == 1 and begging["points"] == -3


def test_t10_converting_grain_avoids_begging():
    """T-10 case 2 (§6.2, §5.10): with 1 grain the seat is asked; it converts the grain (1 food)
    and pays 7 without begging. Seats act at the same time."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 1, family=4)
    state["farms"][1]["newborns"] = 1
    set_food(state, 1, 6)
    give(state, 1, grain=1)
    set_food(state, 0, 3)
    give(state, 0, vegetable=1)
    last_placement(state)
    state, events = play(state, 0, {"type": "place", "space": "grain"})
    assert state["phase"] == "harvest_feeding"
    assert AGRICOLA.status(state).to_act == (0, 1)
    assert {"type": "convert", "good": "grain"} in moves_of(state, 1)
    state, events = play(state, 1, {"type": "convert", "good": "grain"})
    assert events[0].data == {"good": "grain", "food": 1, "via": None}
    state, events = play(state, 1, {"type": "feed"})
    assert events[0].data["need"] == 7 and events[0].data["food"] == 7
    assert events[0].data["begging"] == 0
    assert AGRICOLA.status(state).to_act == (0,)
    state, events = play(state, 0, {"type": "convert", "good": "vegetable"})
    state, events = play(state, 0, {"type": "feed"})
    assert "BreedingStarted" in types(events) and "RoundStarted" in types(events)


def test_d27_held_food_must_be_paid():
    """D-27: a seat may decline conversions, but food it holds is paid first."""
    state, _, _ = setup(2, seed=1, start_player=0)
    set_food(state, 0, 3)
    give(state, 0, grain=5)
    last_placement(state)
    state, _ = play(state, 0, {"type": "place", "space": "grain"})
    assert AGRICOLA.status(state).to_act == (0,)
    state, events = play(state, 0, {"type": "feed"})
    assert (events[0].data["need"], events[0].data["food"], events[0].data["begging"]) == (4, 3, 1)
    assert state["farms"][0]["supply"]["grain"] == 6


def test_t10_solo_adults_eat_three():
    """T-10 case 3 (§9.2): solo, 2 adults need 6; 2 adults + 1 newborn need 7."""
    from domain.agricola.flow import feeding_need

    state, _, _ = setup(1, seed=1, start_player=0)
    farm = state["farms"][0]
    assert feeding_need(state, farm) == 6
    farm["family"], farm["newborns"] = 3, 1
    assert feeding_need(state, farm) == 7


def test_field_phase_takes_one_from_every_sown_field():
    """§6.1: exactly 1 grain or vegetable from each sown field into the supply."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, fields={11: ("grain", 3), 12: ("vegetable", 1), 13: (None, 0)})
    give(state, 0, food=10)
    last_placement(state)
    state, events = play(state, 0, {"type": "place", "space": "grain"})
    harvested = [e for e in events if e.type == "FieldsHarvested"][0]
    assert harvested.data == {"spaces": [11, 12], "grain": 1, "vegetable": 1}
    farm = state["farms"][0]
    assert [(f["crop"], f["count"]) for f in farm["fields"]] == [("grain", 2), (None, 0), (None, 0)]


def test_d03_workshop_converts_one_resource_per_harvest_in_feeding():
    """§7, D-03, D-31: a Joinery turns at most 1 wood into 2 food in each harvest, in the
    feeding phase; a seat owning one is asked even with enough food."""
    state, _, _ = setup(2, seed=1, start_player=0)
    state["farms"][0]["majors"] = ["joinery"]
    state["majors"]["joinery"] = 0
    give(state, 0, wood=3, food=10)
    turn(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "convert", "good": "wood"})
    assert err.value.code == "conversion_not_now" and "workshop" in err.value.message
    last_placement(state)
    state, events = play(state, 0, {"type": "place", "space": "grain"})
    assert AGRICOLA.status(state).to_act == (0,)
    state, events = play(state, 0, {"type": "convert", "good": "wood"})
    assert events[0].data == {"good": "wood", "food": 2, "via": "joinery", "workshop": True}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "convert", "good": "wood"})
    assert err.value.code == "workshop_already_used" and "Joinery" in err.value.message
    state, _ = play(state, 0, {"type": "feed"})
    assert state["farms"][0]["supply"]["wood"] == 2


def test_cooking_animals_at_any_time_when_asked():
    """§5.10: with a cooking improvement animals become food whenever the seat acts."""
    state, _, _ = setup(2, seed=1, start_player=0)
    state["farms"][0]["majors"] = ["cooking_hearth_4"]
    state["majors"]["cooking_hearth_4"] = 0
    state["farms"][0]["animals"]["cattle"] = 1
    state["bank"]["cattle"] -= 1
    turn(state, 0)
    state, events = play(state, 0, {"type": "convert", "good": "cattle"})
    assert events[0].data["food"] == 4 and state["farms"][0]["animals"]["cattle"] == 0
    assert AGRICOLA.status(state).to_act == (0,)  # still their placement
