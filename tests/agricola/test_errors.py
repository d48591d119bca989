"""Every rule-violation code of the title, with a message that names the players and the game's
nouns (issue: "negative tests for every rule violation code")."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.errors import MESSAGES
from domain.common.errors import DomainError, GameOver, InvalidMove, NotYourTurn

from .support import build_farm, give, give_animals, pass_feeding, play, reveal, setup, turn


def base(n=2):
    state, _, _ = setup(n, seed=1, start_player=0)
    return turn(state, 0)


def placed(space, n=2, **goods):
    state = base(n)
    reveal(state, space)
    give(state, 0, **goods)
    state, _ = play(state, 0, {"type": "place", "space": space})
    return state


def fence_pending(region, wood=15, **farm):
    state = base()
    build_farm(state, 0, **farm)
    reveal(state, "fences")
    give(state, 0, wood=wood)
    state, _ = play(state, 0, {"type": "place", "space": "fences"})
    state["pending"][0]["region"] = list(region)
    return state


def overflow():
    state = base()
    reveal(state, "sheep", sheep=3)
    state, _ = play(state, 0, {"type": "place", "space": "sheep"})
    return state


def breeding_choice():
    state = base()
    build_farm(state, 0, stables=[0, 1, 2, 3])
    give_animals(state, 0, sheep=2, boar=2)
    state["round"] = 14
    state["farms"][1]["home"] = 0
    give(state, 0, food=10)
    give(state, 1, food=10)
    state, _ = pass_feeding(*play(state, 0, {"type": "place", "space": "grain"}))
    assert state["phase"] == "harvest_breeding"
    return state


def finished():
    state = base()
    state["phase"] = "finished"
    return state


#: code -> (position builder, seat, move, words the message must contain)
CASES = {
    "not_your_turn": (base, 1, {"type": "place", "space": "grain"}, ["Bob", "Ann"]),
    "game_over": (finished, 0, {"type": "feed"}, ["game is over"]),
    "invalid_move": (base, 0, {"type": "place"}, ["space"]),
    "unknown_move": (base, 0, {"type": "dance"}, ["dance", "Agricola"]),
    "unknown_action_space": (base, 0, {"type": "place", "space": "moon"}, ["moon"]),
    "action_space_not_available": (
        base,
        0,
        {"type": "place", "space": "cattle"},
        ["1 Cattle", "round 1"],
    ),
    "action_space_occupied": (
        lambda: _occupied(),
        0,
        {"type": "place", "space": "grain"},
        ["Take 1 Grain", "Bob"],
    ),
    "action_space_empty": (
        lambda: _empty_forest(),
        0,
        {"type": "place", "space": "forest"},
        ["Forest", "Ann"],
    ),
    "action_not_possible": (
        base,
        0,
        {"type": "place", "space": "rooms_stables"},
        ["Ann", "Build Room(s) and/or Stable(s)", "room"],
    ),
    "action_option_invalid": (
        base,
        0,
        {"type": "place", "space": "day_laborer", "resource": "gold"},
        ["Ann", "Day Laborer", "wood"],
    ),
    "not_enough_goods": (
        lambda: placed("rooms_stables", wood=2),
        0,
        {"type": "build_room", "space": 0},
        ["Ann", "5 wood", "room"],
    ),
    "room_space_illegal": (
        lambda: placed("rooms_stables", wood=5, reed=2),
        0,
        {"type": "build_room", "space": 14},
        ["Ann", "row 3, column 5", "house"],
    ),
    "stable_space_illegal": (
        lambda: placed("rooms_stables", wood=2),
        0,
        {"type": "build_stable", "space": 5},
        ["Ann", "room"],
    ),
    "stable_limit_reached": (
        lambda: _four_stables(),
        0,
        {"type": "build_stable", "space": 4},
        ["Ann", "4 stables"],
    ),
    "field_space_illegal": (
        lambda: placed("plough"),
        0,
        {"type": "plough", "space": 10},
        ["Ann", "row 3, column 1"],
    ),
    "field_not_sowable": (
        lambda: _sow_pending(),
        0,
        {"type": "sow", "space": 7, "crop": "grain"},
        ["Ann", "grain", "field"],
    ),
    "bake_not_possible": (
        lambda: _sow_pending(),
        0,
        {"type": "bake", "improvement": "clay_oven", "grain": 1},
        ["Ann", "Clay Oven"],
    ),
    "major_not_available": (
        lambda: _fireplace_taken(),
        0,
        {"type": "build_major", "major": "fireplace_2"},
        ["Fireplace (2 clay)", "Bob"],
    ),
    "major_payment_invalid": (
        lambda: placed("major_improvement", clay=5),
        0,
        {"type": "build_major", "major": "cooking_hearth_5", "return": "fireplace_2"},
        ["Ann", "Cooking Hearth", "Fireplace"],
    ),
    "renovation_not_possible": (
        lambda: reveal(base(), "renovation_fences"),
        0,
        {"type": "place", "space": "renovation_fences"},
        ["Ann", "wooden hut", "clay"],
    ),
    "family_growth_not_possible": (
        lambda: reveal(base(), "family_growth"),
        0,
        {"type": "place", "space": "family_growth"},
        ["Ann", "room"],
    ),
    "fence_space_not_allowed": (
        lambda: fence_pending([]),
        0,
        {"type": "fence_space", "space": 5},
        ["Ann", "row 2, column 1", "room"],
    ),
    "pasture_empty": (lambda: fence_pending([]), 0, {"type": "close_pasture"}, ["Ann"]),
    "pasture_not_connected": (
        lambda: fence_pending([0, 2]),
        0,
        {"type": "close_pasture"},
        ["Ann", "row 1, column 1", "connected"],
    ),
    "pasture_on_blocked_space": (
        lambda: fence_pending([0, 5]),
        0,
        {"type": "close_pasture"},
        ["Ann", "room or a field"],
    ),
    "pasture_overlaps": (
        lambda: fence_pending([2, 3], pastures=[[3, 4]]),
        0,
        {"type": "close_pasture"},
        ["Ann", "existing pasture"],
    ),
    "pasture_already_exists": (
        lambda: fence_pending([3, 4], pastures=[[3, 4]]),
        0,
        {"type": "close_pasture"},
        ["Ann", "pasture"],
    ),
    "pasture_not_adjacent": (
        lambda: fence_pending([0], pastures=[[4]]),
        0,
        {"type": "close_pasture"},
        ["Ann", "share an edge"],
    ),
    "not_enough_fences": (
        lambda: _few_fences(),
        0,
        {"type": "close_pasture"},
        ["Ann", "fences", "15"],
    ),
    "fence_payment_invalid": (  # no card offers another price (window fence_choices)
        lambda: fence_pending([0]),
        0,
        {"type": "close_pasture", "pay": 1},
        ["Ann", "'pay'", "from 0 to 0"],
    ),
    "fence_region_clear_limit": (
        lambda: _cleared(),
        0,
        {"type": "clear_region"},
        ["Ann", "3 times"],
    ),
    "action_incomplete": (
        lambda: placed("rooms_stables", wood=2),
        0,
        {"type": "done"},
        ["Ann", "Build Room(s)", "room or stable"],
    ),
    "animals_must_be_housed": (overflow, 0, {"type": "done"}, ["Ann", "2 sheep"]),
    "no_animal_to_release": (
        overflow,
        0,
        {"type": "release", "animal": "cattle"},
        ["Ann", "cattle"],
    ),
    "nothing_to_convert": (
        base,
        0,
        {"type": "convert", "good": "vegetable"},
        ["Ann", "vegetables"],
    ),
    # several animals at once (issue 23 item 7): no more than the seat holds
    "count_invalid": (
        overflow,
        0,
        {"type": "release", "animal": "sheep", "count": 40},
        ["Ann", "release 40 sheep", "from 2"],
    ),
    "no_cooking_improvement": (
        overflow,
        0,
        {"type": "convert", "good": "sheep"},
        ["Ann", "Fireplace", "sheep"],
    ),
    "conversion_not_now": (
        lambda: _mandatory_open(),
        0,
        {"type": "convert", "good": "grain"},
        ["Ann", "grain", "Fences"],
    ),
    "workshop_already_used": (
        lambda: _joinery_used(),
        0,
        {"type": "convert", "good": "wood"},
        ["Ann", "Joinery", "wood"],
    ),
    "newborns_choice_invalid": (
        breeding_choice,
        0,
        {"type": "keep_newborns", "sheep": 1, "boar": 1, "cattle": 0},
        ["Ann", "sheep", "wild boar"],
    ),
    "step_not_expected": (base, 0, {"type": "build_room", "space": 0}, ["Ann", "room"]),
}


def _occupied():
    state = base()
    state["spaces"]["grain"]["occupant"] = 1
    return state


def _empty_forest():
    state = base()
    state["bank"]["wood"] += state["spaces"]["forest"]["goods"].pop("wood")
    return state


def _four_stables():
    state = base()
    build_farm(state, 0, stables=[0, 1, 2])
    give(state, 0, wood=4)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    state["farms"][0]["stables"].append(3)
    return state


def _sow_pending():
    state = base()
    build_farm(state, 0, fields={7: ("grain", 2), 8: (None, 0)})
    give(state, 0, grain=1)
    reveal(state, "sow_bake")
    state, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
    return state


def _fireplace_taken():
    state = placed("major_improvement", clay=4)
    state["majors"]["fireplace_2"] = 1
    state["farms"][1]["majors"].append("fireplace_2")
    return state


def _few_fences():
    state = fence_pending([0], wood=15)
    state["farms"][0]["fences"] = [
        "h3,2",
        "h3,3",
        "h3,4",
        "v2,5",
        "v1,5",
        "v0,5",
        "h0,4",
        "h0,3",
        "h0,2",
        "h0,1",
        "h0,0",
        "h3,1",
        "h3,0",
    ]
    return state


def _cleared():
    state = fence_pending([0])
    state["pending"][0]["clears"] = 3
    return state


def _mandatory_open():
    state = fence_pending([])
    give(state, 0, grain=1)
    return state


def _joinery_used():
    state = base()
    state["farms"][0]["majors"] = ["joinery"]
    state["majors"]["joinery"] = 0
    give(state, 0, wood=2, food=10)
    give(state, 1, food=10)
    state["round"] = 4
    state["farms"][1]["home"] = 0
    state, _ = play(state, 0, {"type": "place", "space": "grain"})
    state, _ = play(state, 0, {"type": "convert", "good": "wood"})
    return state


@pytest.mark.parametrize("code", sorted(CASES))
def test_rule_violation_code(code):
    """The move is refused with this code; the message names the seat and the game nouns."""
    build, seat, move, words = CASES[code]
    state = build()
    with pytest.raises(DomainError) as err:
        AGRICOLA.decide(state, seat, move, None)
    assert err.value.code == code, err.value.message
    for word in words:
        assert word in err.value.message, (word, err.value.message)
    assert move not in AGRICOLA.legal_moves(state, seat)


def test_every_registered_code_has_a_negative_test():
    assert set(MESSAGES) <= set(CASES)


def test_error_classes():
    """NotYourTurn, GameOver and InvalidMove are the common classes (domain.common.errors)."""
    assert isinstance(_raise(base(), 1, {"type": "feed"}), NotYourTurn)
    assert isinstance(_raise(finished(), 0, {"type": "feed"}), GameOver)
    assert isinstance(_raise(base(), 0, ["place"]), InvalidMove)
    assert isinstance(_raise(base(), 0, {"type": "place", "space": 3}), InvalidMove)
    assert isinstance(_raise(base(), 0, {"type": "build_room", "space": True}), InvalidMove)
    assert isinstance(_raise(base(), 0, {"type": "build_room", "space": 15}), InvalidMove)
    assert isinstance(_raise(base(), 0, {"type": "done", "x": 1}), InvalidMove)
    assert isinstance(_raise(base(), "0", {"type": "done"}), NotYourTurn)


def _raise(state, seat, move):
    try:
        AGRICOLA.decide(state, seat, move, None)
    except DomainError as err:
        return err
    raise AssertionError("no error")
