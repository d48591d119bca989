"""Ploughing, sowing, baking and the harvest's field phase (digest §5.5-§5.7, §6.1, T-02)."""

from __future__ import annotations

import pytest

from domain.common.errors import RuleViolation

from .support import build_farm, give, moves_of, play, reveal, setup, turn, types


def fresh(n=2, seat=0):
    state, _, _ = setup(n, seed=1, start_player=0)
    return turn(state, seat)


def end_of_round(state, round_no, seat=0):
    """``seat`` makes the last placement of round ``round_no`` (everyone else is placed)."""
    state["round"] = round_no
    for s, farm in enumerate(state["farms"]):
        farm["home"] = 1 if s == seat else 0
        give(state, s, food=10)
    turn(state, seat)
    return state


def test_ploughing_first_field_anywhere_then_adjacent():
    """§5.5 (D-18): the first field on any empty space; later ones orthogonally next to a
    field; never on a room, a stable or in a pasture."""
    state = fresh()
    build_farm(state, 0, stables=[4], pastures=[[3]])
    state, _ = play(state, 0, {"type": "place", "space": "plough"})
    legal = {m["space"] for m in moves_of(state, 0, "plough")}
    assert legal == set(range(15)) - {3, 4, 5, 10}
    state, events = play(state, 0, {"type": "plough", "space": 12})
    assert types(events) == ["FieldPloughed", "TurnPassed"]
    turn(state, 0)
    state, _ = play(state, 0, {"type": "place", "space": "plough"})
    assert {m["space"] for m in moves_of(state, 0, "plough")} == {7, 11, 13}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "plough", "space": 14})
    assert err.value.code == "field_space_illegal"
    assert "share an edge" in err.value.message and "row 3, column 5" in err.value.message


def test_t02_sowing_and_resowing_yakov():
    """T-02 (§5.6, §6.1; [000] L310): grain 1 -> 3 on the field, vegetable 1 -> 2; each harvest
    takes 1 from every sown field; only an empty field can be sown again; baking uses the
    grain in the supply."""
    state = fresh()
    build_farm(state, 0, fields={11: (None, 0), 12: (None, 0)})
    give(state, 0, grain=1, vegetable=1)
    reveal(state, "sow_bake")
    state, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
    state, _ = play(state, 0, {"type": "sow", "space": 11, "crop": "grain"})
    state, events = play(state, 0, {"type": "sow", "space": 12, "crop": "vegetable"})
    assert "TurnPassed" in types(events)  # nothing left to sow, no baking improvement
    farm = state["farms"][0]
    assert [(f["space"], f["crop"], f["count"]) for f in farm["fields"]] == [
        (11, "grain", 3),
        (12, "vegetable", 2),
    ]
    assert farm["supply"]["grain"] == 0 and farm["supply"]["vegetable"] == 0

    for expected in ([(11, "grain", 2), (12, "vegetable", 1)], [(11, "grain", 1), (12, None, 0)]):
        end_of_round(state, 4)
        state, events = play(state, 0, {"type": "place", "space": "grain"})
        assert "FieldsHarvested" in types(events)
        assert [
            (f["space"], f["crop"], f["count"]) for f in state["farms"][0]["fields"]
        ] == expected
        state["phase"] = "work"
    farm = state["farms"][0]
    assert farm["supply"]["vegetable"] == 2 and farm["supply"]["grain"] == 2 + 2  # +2 taken

    build_farm(state, 0, fields={11: ("grain", 1), 12: (None, 0), 13: (None, 0)})
    farm = state["farms"][0]
    farm["majors"] = ["fireplace_2"]
    state["majors"]["fireplace_2"] = 0
    turn(state, 0)
    state, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
    sowable = {(m["space"], m["crop"]) for m in moves_of(state, 0, "sow")}
    assert sowable == {(12, "grain"), (12, "vegetable"), (13, "grain"), (13, "vegetable")}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "sow", "space": 11, "crop": "vegetable"})
    assert err.value.code == "field_not_sowable" and "still holds" in err.value.message
    state, _ = play(state, 0, {"type": "sow", "space": 12, "crop": "vegetable"})
    state, _ = play(state, 0, {"type": "sow", "space": 13, "crop": "vegetable"})
    grain = state["farms"][0]["supply"]["grain"]
    food = state["farms"][0]["supply"]["food"]
    state, events = play(state, 0, {"type": "bake", "improvement": "fireplace_2", "grain": grain})
    assert events[0].data == {"improvement": "fireplace_2", "grain": grain, "food": 2 * grain}
    assert state["farms"][0]["supply"]["food"] == food + 2 * grain


@pytest.mark.parametrize(
    "major,grain,food",
    [("fireplace_3", 3, 6), ("cooking_hearth_5", 3, 9), ("stone_oven", 2, 8), ("clay_oven", 1, 5)],
)
def test_t02_baking_rates(major, grain, food):
    """T-02 step 6, §5.7 (D-16): Fireplace 2, Cooking Hearth 3 per grain, any number; Stone Oven
    up to 2 grain at 4; Clay Oven 1 grain at 5."""
    state = fresh()
    state["farms"][0]["majors"] = [major]
    state["majors"][major] = 0
    give(state, 0, grain=3)
    reveal(state, "sow_bake")
    state, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
    bakes = moves_of(state, 0, "bake")
    assert max(m["grain"] for m in bakes) == grain
    state, events = play(state, 0, {"type": "bake", "improvement": major, "grain": grain})
    assert events[0].data["food"] == food
    with pytest.raises(RuleViolation):
        play(state, 0, {"type": "bake", "improvement": major, "grain": grain + 1})


def test_d30_several_baking_improvements_in_one_bake():
    """§5.7, D-30: each baking improvement once per Bake action, within its own limit."""
    state = fresh()
    state["farms"][0]["majors"] = ["clay_oven", "stone_oven", "fireplace_2"]
    for m in state["farms"][0]["majors"]:
        state["majors"][m] = 0
    give(state, 0, grain=5)
    reveal(state, "sow_bake")
    state, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
    state, _ = play(state, 0, {"type": "bake", "improvement": "clay_oven", "grain": 1})
    state, _ = play(state, 0, {"type": "bake", "improvement": "stone_oven", "grain": 2})
    assert {m["improvement"] for m in moves_of(state, 0, "bake")} == {"fireplace_2"}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "bake", "improvement": "clay_oven", "grain": 1})
    assert err.value.code == "bake_not_possible" and "already used" in err.value.message
    state, events = play(state, 0, {"type": "bake", "improvement": "fireplace_2", "grain": 2})
    assert "TurnPassed" in types(events)
    assert state["farms"][0]["supply"]["food"] == 2 + 5 + 8 + 4


def test_plough_and_or_sow_ploughs_first_then_sows_the_new_field():
    """§4.5 (stage V): plough one field, then sow any empty fields, the new one included."""
    state = fresh()
    reveal(state, "plough_sow")
    give(state, 0, grain=1)
    state, _ = play(state, 0, {"type": "place", "space": "plough_sow"})
    state, _ = play(state, 0, {"type": "plough", "space": 7})
    assert moves_of(state, 0, "plough") == []
    state, events = play(state, 0, {"type": "sow", "space": 7, "crop": "grain"})
    assert "TurnPassed" in types(events)
    turn(state, 0)
    give(state, 0, grain=2)
    state["bank"]["grain"] += 3
    build_farm(state, 0, fields={7: (None, 0), 8: (None, 0)})
    state, _ = play(state, 0, {"type": "place", "space": "plough_sow"})
    state, _ = play(state, 0, {"type": "sow", "space": 7, "crop": "grain"})
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "plough", "space": 9})
    assert err.value.code == "step_not_expected" and "before sowing" in err.value.message


def test_take_grain_and_vegetable_cannot_be_sown_at_once():
    """§4.2 P3, §4.5: taking grain or a vegetable is not sowing; the turn simply ends."""
    state = fresh()
    build_farm(state, 0, fields={12: (None, 0)})
    state, events = play(state, 0, {"type": "place", "space": "grain"})
    assert types(events) == ["PersonPlaced", "GoodsReceived", "TurnPassed"]
    assert state["farms"][0]["fields"][0]["count"] == 0
