"""Rooms, renovation, stables, family growth; "and/or" versus "then" (digest §4.1, §5.1-§5.4).

Given a position, when a seat moves, then these events or this rule violation.
"""

from __future__ import annotations

import pytest

from domain.agricola.scoring import farm_counts, score_farm
from domain.common.errors import RuleViolation

from .support import build_farm, give, moves_of, play, reveal, setup, turn, types


def fresh(n=2, seat=0):
    state, _, _ = setup(n, seed=1, start_player=0)
    return turn(state, seat)


def points(farm, key):
    return {c["key"]: c["points"] for c in score_farm(farm)[1]}[key]


def test_t01_building_and_renovating_klava():
    """T-01 (§5.1, §5.2; [000] L271-275): rooms 5 wood + 2 reed, renovation 1 clay per room + 1
    reed, clay rooms 5 clay + 2 reed, stone renovation 1 stone per room + 1 reed."""
    state = fresh()
    give(state, 0, wood=5, reed=2)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    state, events = play(state, 0, {"type": "build_room", "space": 0})
    assert events[0].type == "RoomBuilt" and events[0].data["cost"] == {"wood": 5, "reed": 2}
    farm = state["farms"][0]
    assert sorted(farm["rooms"]) == [0, 5, 10] and farm["house"] == "wood"
    assert farm["supply"]["wood"] == 0 and farm["supply"]["reed"] == 0

    reveal(state, "renovation_improvement")
    turn(state, 0)
    give(state, 0, clay=3, reed=1)
    state, events = play(state, 0, {"type": "place", "space": "renovation_improvement"})
    renovated = [e for e in events if e.type == "Renovated"][0]
    assert renovated.data == {"from": "wood", "to": "clay", "cost": {"clay": 3, "reed": 1}}
    assert state["farms"][0]["house"] == "clay"

    turn(state, 0)
    give(state, 0, clay=5, reed=2)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    state, events = play(state, 0, {"type": "build_room", "space": 1})
    assert events[0].data["cost"] == {"clay": 5, "reed": 2}
    assert len(state["farms"][0]["rooms"]) == 4
    assert points(state["farms"][0], "clay_hut_rooms") == 4

    turn(state, 0)
    give(state, 0, stone=4, reed=1)
    state, events = play(state, 0, {"type": "place", "space": "renovation_improvement"})
    renovated = [e for e in events if e.type == "Renovated"][0]
    assert renovated.data["cost"] == {"stone": 4, "reed": 1}
    assert state["farms"][0]["house"] == "stone"
    assert points(state["farms"][0], "stone_house_rooms") == 8


def test_t01_a_wooden_room_cannot_be_built_onto_a_clay_hut():
    """T-01 negative (§5.1): a room is of the house's material."""
    state = fresh()
    build_farm(state, 0, house="clay")
    give(state, 0, wood=5, reed=2, stone=2)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "build_room", "space": 0})
    assert err.value.code == "not_enough_goods"
    assert "5 clay" in err.value.message and "Ann" in err.value.message


def test_t01_renovation_is_one_step_of_the_whole_house():
    """T-01 negative (§5.2): wood goes to clay, never straight to stone; a stone house cannot be
    renovated at all."""
    state = fresh()
    reveal(state, "renovation_fences")
    give(state, 0, stone=2, reed=1)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "renovation_fences"})
    assert err.value.code == "renovation_not_possible" and "2 clay" in err.value.message
    build_farm(state, 0, house="stone")
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "renovation_fences"})
    assert "stone house" in err.value.message


def test_several_rooms_in_one_action_each_touching_the_house():
    """§5.1: as many rooms as can be paid, each orthogonally next to the house (including rooms
    just built); never diagonally."""
    state = fresh()
    give(state, 0, wood=10, reed=4)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    legal = {m["space"] for m in moves_of(state, 0, "build_room")}
    assert legal == {0, 6, 11}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "build_room", "space": 1})
    assert err.value.code == "room_space_illegal" and "row 1, column 2" in err.value.message
    state, _ = play(state, 0, {"type": "build_room", "space": 0})
    assert 1 in {m["space"] for m in moves_of(state, 0, "build_room")}
    state, events = play(state, 0, {"type": "build_room", "space": 1})
    assert "TurnPassed" in types(events)  # nothing more affordable: the action ends
    assert sorted(state["farms"][0]["rooms"]) == [0, 1, 5, 10]


def test_t19_rooms_and_or_stables_a_stable_alone_is_legal():
    """T-19 (§4.1 and/or): a single stable for 2 wood, no room, then the action can be ended."""
    state = fresh()
    give(state, 0, wood=4)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    assert {"type": "done"} not in moves_of(state, 0)  # and/or: at least one part
    state, events = play(state, 0, {"type": "build_stable", "space": 7})
    assert events[0].data == {"space": 7, "cost": {"wood": 2}}
    assert {"type": "done"} in moves_of(state, 0)
    state, events = play(state, 0, {"type": "done"})
    assert types(events)[:2] == ["ActionFinished", "TurnPassed"]
    assert state["farms"][0]["stables"] == [7]


def test_stables_limit_four_and_one_per_space():
    """§5.3: at most 4 stables, one per space, not on a room or a field; in a pasture is fine."""
    state = fresh()
    build_farm(state, 0, stables=[0, 1, 2], fields={12: (None, 0)}, pastures=[[3, 4]])
    give(state, 0, wood=6)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    legal = {m["space"] for m in moves_of(state, 0, "build_stable")}
    assert legal == set(range(15)) - {0, 1, 2, 5, 10, 12}
    assert 3 in legal  # inside the pasture
    for space, reason in ((2, "already"), (5, "room"), (12, "field")):
        with pytest.raises(RuleViolation) as err:
            play(state, 0, {"type": "build_stable", "space": space})
        assert err.value.code == "stable_space_illegal" and reason in err.value.message
    state, events = play(state, 0, {"type": "build_stable", "space": 3})
    assert len(state["farms"][0]["stables"]) == 4
    assert "TurnPassed" in types(events)  # the 4th stable: nothing left to do


def test_family_board_stable_costs_one_wood_once():
    """§4.3 NOTE: "Build 1 Stable and/or Bake Bread": one stable for 1 wood."""
    state = fresh()
    give(state, 0, wood=3)
    state, _ = play(state, 0, {"type": "place", "space": "stable_bake"})
    state, events = play(state, 0, {"type": "build_stable", "space": 4})
    assert events[0].data["cost"] == {"wood": 1}
    assert "TurnPassed" in types(events)  # no oven or fireplace: nothing else to do
    assert state["farms"][0]["supply"]["wood"] == 2


@pytest.mark.parametrize(
    "rooms,members,space,legal",
    [
        (2, 2, "family_growth", False),
        (3, 2, "family_growth", True),
        (2, 2, "urgent_family_growth", True),
        (2, 4, "urgent_family_growth", True),
        (2, 5, "urgent_family_growth", False),
        (5, 5, "family_growth", False),
        (3, 4, "family_growth", False),
    ],
)
def test_t09_family_growth_legality(rooms, members, space, legal):
    """T-09 (§5.4): normal growth needs more rooms than people; urgent growth needs no room;
    never more than 5 people."""
    state = fresh()
    build_farm(state, 0, rooms=[5, 10, 0, 1, 2][:rooms], family=members)
    turn(state, 0)
    reveal(state, space)
    move = {"type": "place", "space": space}
    if legal:
        state, events = play(state, 0, move)
        assert types(events)[:2] == ["PersonPlaced", "FamilyGrew"]
        farm = state["farms"][0]
        assert farm["family"] == members + 1 and farm["newborns"] == 1
        assert state["spaces"][space]["newborn"] is True
    else:
        assert move not in moves_of(state, 0)
        with pytest.raises(RuleViolation) as err:
            play(state, 0, move)
        assert err.value.code == "family_growth_not_possible"
        assert "Ann" in err.value.message


def test_t09_newborn_acts_from_the_next_round_and_eats_one():
    """T-09 (§5.4): the newborn has no action in its birth round; next round everyone is an
    adult with an action."""
    state = fresh()
    build_farm(state, 0, rooms=[5, 10, 0])
    reveal(state, "family_growth")
    turn(state, 0, home=2)
    state, _ = play(state, 0, {"type": "place", "space": "family_growth"})
    farm = state["farms"][0]
    assert farm["family"] == 3 and farm["home"] == 1 and farm["newborns"] == 1
    from domain.agricola.flow import feeding_need

    assert feeding_need(state, farm) == 2 * 2 + 1


def test_t19_family_growth_then_minor_without_room_cannot_be_taken():
    """T-19 (§4.1 then): "Family growth" with no free room cannot be occupied at all."""
    state = fresh()
    reveal(state, "family_growth")
    assert {"type": "place", "space": "family_growth"} not in moves_of(state, 0)


def test_five_player_card_growth_only_from_round_five_and_with_room():
    """§4.4 (D-24): "2 building resources or, from round 5, family growth" (needs a free room)."""
    state, _, _ = setup(5, seed=1, start_player=0)
    turn(state, 0)
    build_farm(state, 0, rooms=[5, 10, 0])
    growth = {"type": "place", "space": "resources_or_growth", "option": "growth"}
    assert growth not in moves_of(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, growth)
    assert err.value.code == "action_option_invalid" and "round 5" in err.value.message
    state["round"] = 5
    assert growth in moves_of(state, 0)
    state, events = play(state, 0, growth)
    assert state["farms"][0]["family"] == 3
    build_farm(state, 1, family=2)
    turn(state, 1)
    assert growth not in moves_of(state, 1)  # 2 rooms, 2 people: no free room


def test_room_or_traveling_players_builds_exactly_one_room():
    """§4.4 (5 players): either exactly 1 room, or all the food; a room leaves the food there."""
    state, _, _ = setup(5, seed=1, start_player=0)
    turn(state, 0)
    give(state, 0, wood=10, reed=4)
    food = state["spaces"]["room_or_traveling_players"]["goods"]["food"]
    state, _ = play(
        state, 0, {"type": "place", "space": "room_or_traveling_players", "option": "room"}
    )
    assert [m["type"] for m in moves_of(state, 0) if m["type"] != "convert"] == ["build_room"] * 3
    state, events = play(state, 0, {"type": "build_room", "space": 0})
    assert "TurnPassed" in types(events)
    assert state["spaces"]["room_or_traveling_players"]["goods"]["food"] == food
    assert len(state["farms"][0]["rooms"]) == 3


def test_counts_of_a_farm_for_scoring_rooms():
    """§8.2: wooden rooms score 0, clay 1 each, stone 2 each."""
    state = fresh()
    farm = state["farms"][0]
    assert farm_counts(farm)["clay_hut_rooms"] == 0
    assert points(farm, "clay_hut_rooms") == 0 and points(farm, "stone_house_rooms") == 0
