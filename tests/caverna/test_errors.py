"""Every rule violation of Caverna has a stable code and a sentence in the game's nouns; each
code is raised here by a move a player could send, and nothing is written."""

from __future__ import annotations

import pytest

from domain.caverna import CAVERNA
from domain.caverna.errors import MESSAGES as CAVERNA_MESSAGES
from domain.caverna.tables import space_at
from domain.common.errors import MESSAGES, InvalidMove, NotYourTurn, RuleViolation

from .support import give, lay, play, setup, work_turn

RAISED: set[str] = set()


def refuse(state, seat, move, code, *words):
    with pytest.raises(RuleViolation) as err:
        play(state, seat, move)
    assert err.value.code == code, err.value.message
    for word in words:
        assert word in err.value.message, err.value.message
    RAISED.add(code)
    return err.value


def _placed(state, space, seat=0, **extra):
    work_turn(state, seat, space)
    state, _ = play(state, seat, {"type": "place", "space": space, **extra})
    return state


def test_placement_errors():
    state, _, _ = setup(2, 1)
    refuse(state, 0, {"type": "place", "space": "moon"}, "caverna_unknown_space", "moon")
    refuse(
        state,
        0,
        {"type": "place", "space": "weekly_market"},
        "caverna_space_not_available",
        "Weekly market",
        "2 players",
    )
    after, _ = play(state, 0, {"type": "place", "space": "wood_gathering"})
    refuse(
        after,
        1,
        {"type": "place", "space": "wood_gathering"},
        "caverna_space_occupied",
        "Wood gathering",
        "Ann",
    )
    state["homes"][0]["dwarfs"] = [{"weapon": 0, "at": "logging"}]
    refuse(state, 0, {"type": "place", "space": "wood_gathering"}, "caverna_no_dwarf", "Ann")
    state, _, _ = setup(2, 1)
    state["homes"][0]["dwarfs"][1]["weapon"] = 5
    refuse(
        state, 0, {"type": "place", "space": "logging", "dwarf": 1}, "caverna_dwarf_order", "1 ruby"
    )
    refuse(
        state, 0, {"type": "place", "space": "ruby_mining"}, "caverna_nothing_to_do", "Ruby mining"
    )
    work_turn(state, 0, "growth")
    refuse(
        state,
        0,
        {"type": "place", "space": "growth", "option": "sheep"},
        "caverna_option_invalid",
        "Growth",
    )


def test_imitation_errors():
    state, _, _ = setup(3, 1)
    work_turn(state, 1, "forest_exploration", wood=1)
    state, _ = play(state, 1, {"type": "place", "space": "forest_exploration"})
    state["turn"] = 0
    refuse(
        state,
        0,
        {"type": "place", "space": "imitation_3", "target": "logging"},
        "caverna_imitation_invalid",
        "Logging",
    )
    refuse(
        state,
        0,
        {"type": "place", "space": "imitation_3", "target": "forest_exploration"},
        "caverna_not_enough",
        "4 food",
    )


def test_action_errors_name_the_tile_and_the_space():
    state, _, _ = setup(2, 1)
    state = _placed(state, "excavation")
    err = refuse(
        state,
        0,
        {
            "type": "twin",
            "side": "cavern_tunnel",
            "at": space_at("M2-R1"),
            "at2": space_at("M3-R1"),
        },
        "caverna_spot_illegal",
        "M2-R1",
        "next to your cave",
    )
    assert "cavern/tunnel" in err.message
    refuse(
        state,
        0,
        {"type": "twin", "side": "meadow_field", "at": 35, "at2": 34},
        "caverna_part_unavailable",
    )
    refuse(state, 0, {"type": "forge", "strength": 3}, "caverna_part_unavailable")
    state, _, _ = setup(2, 1)
    give(state, 0, wood=9, stone=5)
    state = _placed(state, "housework")
    refuse(
        state,
        0,
        {"type": "furnish", "tile": "dwelling", "at": space_at("M3-R1")},
        "caverna_spot_illegal",
        "empty cavern",
    )
    state["tiles"].remove("miner")
    refuse(
        state,
        0,
        {"type": "furnish", "tile": "miner", "at": space_at("M1-R3")},
        "caverna_furnishing_unavailable",
        "Miner",
    )
    refuse(
        state,
        0,
        {"type": "furnish", "tile": "couple_dwelling", "at": space_at("M1-R3")},
        "caverna_not_enough",
        "Couple dwelling",
    )


def test_growth_forge_loot_market_errors():
    state, _, _ = setup(2, 1)
    work_turn(state, 0, "wish_for_children")
    state["homes"][0]["supply"].update(wood=4, stone=3)
    state, _ = play(state, 0, {"type": "place", "space": "wish_for_children", "option": "dwelling"})
    refuse(state, 0, {"type": "grow"}, "caverna_part_unavailable")
    state, _, _ = setup(4, 1)
    lay(state, 0, field=[35])
    give(state, 0, grain=1)
    state = _placed(state, "family_life")
    refuse(state, 0, {"type": "grow"}, "caverna_growth_impossible", "room for 2")
    state, _, _ = setup(2, 1)
    give(state, 0, ore=3)
    state = _placed(state, "blacksmithing")
    refuse(state, 0, {"type": "forge", "strength": 9}, "caverna_forge_impossible", "9")
    state, _ = play(state, 0, {"type": "forge", "strength": 2})
    refuse(state, 0, {"type": "loot", "item": "cattle"}, "caverna_loot_invalid", "cattle")
    refuse(state, 0, {"type": "loot", "item": "dragon"}, "caverna_loot_invalid")
    state, _, _ = setup(5, 1)
    state = _placed(state, "weekly_market")
    refuse(state, 0, {"type": "buy", "good": "ruby"}, "caverna_market_invalid", "ruby")


def test_animals_conversion_and_step_errors():
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    give(state, 0, sheep=5)
    refuse(state, 0, {"type": "place", "space": "logging"}, "caverna_animals_unhoused", "5 sheep")
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    refuse(state, 0, {"type": "convert", "good": "cattle"}, "caverna_convert_invalid", "cattle")
    refuse(
        state,
        0,
        {"type": "ruby_tile", "tile": "tunnel", "at": space_at("M3-R1")},
        "caverna_convert_invalid",
        "M3-R1",
    )
    refuse(state, 0, {"type": "feed"}, "caverna_step_not_expected", "feed")
    refuse(state, 0, {"type": "done"}, "caverna_step_not_expected")
    state["phase"] = "harvest_breeding"
    state["pending"] = [{"kind": "breed", "options": [{"sheep": 1}, {"boar": 1}]}, None]
    refuse(
        state,
        0,
        {"type": "keep_newborns", "sheep": 1, "donkey": 0, "boar": 1, "cattle": 0},
        "caverna_newborns_invalid",
        "1 sheep",
    )


def test_turn_shape_and_unknown_moves():
    state, _, _ = setup(2, 1)
    with pytest.raises(NotYourTurn):
        play(state, 1, {"type": "place", "space": "logging"})
    for bad in (
        {"type": "fly"},
        {"type": "twin", "side": "x", "at": 99, "at2": 1},
        {"type": "place"},
        {"type": "sow", "at": True, "crop": "grain"},
        [1],
    ):
        with pytest.raises(InvalidMove):
            CAVERNA.decide(state, 0, bad, None)


def test_every_code_is_raised_and_has_a_sentence():
    for code in CAVERNA_MESSAGES:
        assert code in MESSAGES
    missing = set(CAVERNA_MESSAGES) - RAISED
    assert not missing, f"codes never raised by a test: {sorted(missing)}"
