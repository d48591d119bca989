"""Animals: taking them, the house pet, stables, overflow, cooking, breeding (digest §5.9, §6.4,
D-25, D-26; T-07, T-08)."""

from __future__ import annotations

import pytest

from domain.common.errors import RuleViolation

from .support import (
    build_farm,
    give,
    give_animals,
    moves_of,
    pass_feeding,
    play,
    reveal,
    setup,
    turn,
    types,
)


def fresh(n=2, seat=0):
    state, _, _ = setup(n, seed=1, start_player=0)
    return turn(state, seat)


def own(state, seat, *majors):
    for m in majors:
        state["farms"][seat]["majors"].append(m)
        state["majors"][m] = seat


def test_t07_one_sheep_space_with_three_sheep_and_no_housing():
    """T-07 step 1 (§5.9, §3.2 phase 3 item 6): only the house pet fits; the other 2 go back to
    the supply (release) because there is no cooking improvement."""
    state = fresh()
    reveal(state, "sheep", sheep=3)
    state, events = play(state, 0, {"type": "place", "space": "sheep"})
    taken = [e for e in events if e.type == "AnimalsTaken"][0]
    assert taken.data["housed"]["sheep"] == 1 and taken.data["unhoused"]["sheep"] == 2
    assert {m["type"] for m in moves_of(state, 0)} == {"release"}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "convert", "good": "sheep"})
    assert err.value.code == "no_cooking_improvement" and "Ann" in err.value.message
    state, events = play(state, 0, {"type": "release", "animal": "sheep"})
    assert types(events) == ["AnimalReleased"]
    state, events = play(state, 0, {"type": "release", "animal": "sheep"})
    assert types(events) == ["AnimalReleased", "TurnPassed"]
    assert state["farms"][0]["animals"]["sheep"] == 1
    assert state["bank"]["sheep"] == 21 - 1


def test_t07_overflow_may_be_cooked_with_a_fireplace():
    """T-07 step 1 (§3.2 phase 3 item 6, D-05): animals that do not fit may be cooked at once;
    sheep give 2 food with a Fireplace."""
    state = fresh()
    own(state, 0, "fireplace_2")
    reveal(state, "sheep", sheep=3)
    food = state["farms"][0]["supply"]["food"]
    state, _ = play(state, 0, {"type": "place", "space": "sheep"})
    assert {"type": "convert", "good": "sheep"} in moves_of(state, 0)
    state, events = play(state, 0, {"type": "convert", "good": "sheep"})
    assert events[0].data["food"] == 2 and events[0].data["via"] == "fireplace_2"
    state, events = play(state, 0, {"type": "convert", "good": "sheep"})
    assert "TurnPassed" in types(events)
    assert state["farms"][0]["supply"]["food"] == food + 4
    assert state["farms"][0]["animals"]["sheep"] == 1


def test_t07_unfenced_stable_holds_one_animal_of_any_type_then_a_pasture_four():
    """T-07 steps 2-3 (§5.3, §5.9): pet 1 + unfenced stable 1 = 2 animals of any mix; fencing
    the stable's space as a 1-space pasture makes it 4 (+ the pet)."""
    state = fresh()
    build_farm(state, 0, stables=[2])
    give_animals(state, 0, sheep=1)
    reveal(state, "boar", boar=1)
    state, events = play(state, 0, {"type": "place", "space": "boar"})
    assert "TurnPassed" in types(events)
    assert state["farms"][0]["animals"] == {"sheep": 1, "boar": 1, "cattle": 0}
    turn(state, 0)
    reveal(state, "fences")
    give(state, 0, wood=4)
    state, _ = play(state, 0, {"type": "place", "space": "fences"})
    state, _ = play(state, 0, {"type": "fence_space", "space": 2})
    state, _ = play(state, 0, {"type": "close_pasture"})
    from domain.agricola.state import housing

    home = housing(state["farms"][0])
    assert home.pastures == (4,) and home.flexible == 1


def test_taking_a_new_type_may_release_an_old_one_instead():
    """§5.9: animals may be released to make room for another type; the player chooses which
    animals stay."""
    state = fresh()
    give_animals(state, 0, sheep=1)
    reveal(state, "boar", boar=1)
    state, _ = play(state, 0, {"type": "place", "space": "boar"})
    assert state["farms"][0]["unhoused"] == {"sheep": 0, "boar": 1, "cattle": 0} or state["farms"][
        0
    ]["unhoused"] == {"sheep": 1, "boar": 0, "cattle": 0}
    assert {m["animal"] for m in moves_of(state, 0, "release")} == {"sheep", "boar"}
    state, events = play(state, 0, {"type": "release", "animal": "sheep"})
    assert "TurnPassed" in types(events)
    assert state["farms"][0]["animals"] == {"sheep": 0, "boar": 1, "cattle": 0}


def test_livestock_card_options():
    """§4.4 (5 players, D-20): 1 sheep and 1 food; or 1 wild boar; or pay 1 food for 1 cattle."""
    state, _, _ = setup(5, seed=1, start_player=0)
    turn(state, 0)
    food = state["farms"][0]["supply"]["food"]
    state, events = play(state, 0, {"type": "place", "space": "livestock", "option": "cattle"})
    assert [e.type for e in events][:3] == ["PersonPlaced", "GoodsPaid", "AnimalsReceived"]
    assert state["farms"][0]["supply"]["food"] == food - 1
    assert state["farms"][0]["animals"]["cattle"] == 1
    turn(state, 1)
    state["farms"][1]["supply"]["food"] = 0
    state["bank"]["food"] += 3
    assert {"type": "place", "space": "livestock", "option": "cattle"} not in moves_of(state, 1)
    with pytest.raises(RuleViolation) as err:
        play(state, 1, {"type": "place", "space": "livestock", "option": "cattle"})
    assert err.value.code == "not_enough_goods" and "Bob" in err.value.message
    state, events = play(state, 1, {"type": "place", "space": "livestock", "option": "sheep"})
    assert state["farms"][1]["supply"]["food"] == 1 and state["farms"][1]["animals"]["sheep"] == 1


def _breed(state):
    """Run the harvest after round 14's last placement (seat 0 places on Take 1 Grain)."""
    state["round"] = 14
    for s, farm in enumerate(state["farms"]):
        farm["home"] = 1 if s == 0 else 0
        give(state, s, food=20)
    turn(state, 0)
    state, events = play(state, 0, {"type": "place", "space": "grain"})
    return pass_feeding(state, events)


def test_t08_only_one_newborn_per_type_if_there_is_room():
    """T-08 case 1 (§6.4): 3 cattle in a 2-space pasture (4) -> 1 calf, not 2."""
    state = fresh()
    build_farm(state, 0, pastures=[[3, 4]])
    give_animals(state, 0, cattle=3)
    state, events = _breed(state)
    bred = [e for e in events if e.type == "AnimalsBred" and e.seat == 0][0]
    assert bred.data["kept"] == {"sheep": 0, "boar": 0, "cattle": 1}
    assert state["farms"][0]["animals"]["cattle"] == 4


def test_t08_newborn_goes_into_a_free_stable():
    """T-08 case 2 ([000] L221): 3 cattle (2 in a full 1-space pasture, 1 pet) and an empty
    unfenced stable: the calf goes into the stable."""
    state = fresh()
    build_farm(state, 0, pastures=[[3]], stables=[0])
    give_animals(state, 0, cattle=3)
    state, _ = _breed(state)
    assert state["farms"][0]["animals"]["cattle"] == 4


def test_t08_d25_newborn_may_use_the_empty_house_slot():
    """T-08 case 3 (§6.4, D-25): 2 sheep in a full 1-space pasture: the lamb moves into the
    house if the pet slot is free; if the house holds a boar, the lamb runs away."""
    state = fresh()
    build_farm(state, 0, pastures=[[3]])
    give_animals(state, 0, sheep=2)
    build_farm(state, 1, pastures=[[3]])
    give_animals(state, 1, sheep=2, boar=1)
    state, events = _breed(state)
    assert state["farms"][0]["animals"]["sheep"] == 3
    assert state["farms"][1]["animals"]["sheep"] == 2
    lost = [e for e in events if e.type == "AnimalsBred" and e.seat == 1][0]
    assert lost.data["kept"]["sheep"] == 0 and lost.data["newborns"]["sheep"] == 1
    from domain.agricola import AGRICOLA

    assert "ran away" in AGRICOLA.describe(lost, ["Ann", "Bob"])


def test_t08_parents_may_be_anywhere_on_the_farm():
    """T-08 case 4 (§6.4): 1 sheep in the house + 1 in an unfenced stable + a free pasture."""
    state = fresh()
    build_farm(state, 0, pastures=[[3]], stables=[0])
    give_animals(state, 0, sheep=2)
    state, _ = _breed(state)
    assert state["farms"][0]["animals"]["sheep"] == 3


def test_t08_d26_choosing_newborns_and_no_cooking_during_breeding():
    """T-08 case 5 (§6.4, D-26): when only one of two newborns fits, the seat chooses; animals
    may not be cooked in the breeding phase."""
    state = fresh()
    build_farm(state, 0, stables=[0, 1, 2, 3])
    give_animals(state, 0, sheep=2, boar=2)  # 4 stables + pet = 5 places, 4 used
    own(state, 0, "cooking_hearth_4")
    state, events = _breed(state)
    assert state["phase"] == "harvest_breeding"
    started = [e for e in events if e.type == "BreedingStarted"][0]
    assert started.data["choices"][0]["options"] == [
        {"sheep": 0, "boar": 1, "cattle": 0},
        {"sheep": 1, "boar": 0, "cattle": 0},
    ]
    from domain.agricola import AGRICOLA

    assert AGRICOLA.status(state).to_act == (0,)
    legal = moves_of(state, 0)
    assert {"type": "convert", "good": "sheep"} not in legal
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "convert", "good": "sheep"})
    assert err.value.code == "conversion_not_now" and "D-26" in err.value.message
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "keep_newborns", "sheep": 1, "boar": 1, "cattle": 0})
    assert err.value.code == "newborns_choice_invalid"
    state, events = play(state, 0, {"type": "keep_newborns", "sheep": 0, "boar": 1, "cattle": 0})
    assert types(events) == ["AnimalsBred", "GameEnded"]
    assert state["farms"][0]["animals"] == {"sheep": 2, "boar": 3, "cattle": 0}


# -- several animals in one move (issue 23 item 7) -------------------------------------------------


def test_seven_sheep_released_in_one_move():
    """Issue 23 item 7: the 6 sheep that do not fit go back in one move, not 6."""
    from domain.agricola import AGRICOLA

    state = fresh()
    reveal(state, "sheep", sheep=7)
    state, _ = play(state, 0, {"type": "place", "space": "sheep"})
    assert state["farms"][0]["unhoused"]["sheep"] == 6
    move = {"type": "release", "animal": "sheep", "count": 6}
    assert move in moves_of(state, 0)
    bank = state["bank"]["sheep"]
    after, events = play(state, 0, move)
    assert types(events) == ["AnimalReleased", "TurnPassed"]
    assert after["farms"][0]["animals"]["sheep"] == 1 and after["bank"]["sheep"] == bank + 6
    assert (
        AGRICOLA.describe(events[0], ["Ann", "Bob"])
        == "Ann releases 6 sheep to the general supply."
    )


def test_three_sheep_cooked_in_one_move_at_the_fireplaces_rate():
    """Digest §5.10: a Fireplace cooks a sheep for 2 food; 3 at once give 6."""
    from domain.agricola import AGRICOLA

    state = fresh()
    own(state, 0, "fireplace_2")
    reveal(state, "sheep", sheep=4)
    state, _ = play(state, 0, {"type": "place", "space": "sheep"})
    food = state["farms"][0]["supply"]["food"]
    move = {"type": "convert", "good": "sheep", "count": 3}
    assert move in moves_of(state, 0)
    after, events = play(state, 0, move)
    assert after["farms"][0]["supply"]["food"] == food + 6
    assert after["farms"][0]["animals"]["sheep"] == 1
    assert (
        AGRICOLA.describe(events[0], ["Ann", "Bob"])
        == "Ann turns 3 sheep into 6 food with the Fireplace (2 clay)."
    )


def test_a_count_beyond_the_animals_held_or_of_one_is_refused_and_not_listed():
    state = fresh()
    give_animals(state, 0, sheep=1)
    own(state, 0, "fireplace_2")
    for move in (
        {"type": "release", "animal": "sheep", "count": 2},
        {"type": "convert", "good": "sheep", "count": 1},
        {"type": "convert", "good": "grain", "count": 2},
    ):
        assert move not in moves_of(state, 0)
        with pytest.raises(RuleViolation) as err:
            play(state, 0, move)
        assert err.value.code == "count_invalid" and "Ann" in err.value.message
