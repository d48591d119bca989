"""E-deck cards added in card set 3 (issue 10), each test naming the card's catalogue number
and, where the seed clarifies it, the seed line (catalogue column ``seed000_line``)."""
from __future__ import annotations

from domain.agricola import AGRICOLA
from domain.agricola.builder import Builder
from domain.agricola.flow import start_breeding
from domain.agricola.scoring import score_sheet
from domain.agricola.state import housing
from domain.common.housing import can_house

from .support import build_farm, check_invariants, give, give_animals, reveal, turn
from .test_full_game import full, holding, in_hand, play

NAMES = ["Ann", "Bob"]


def _points(state, seat=0):
    return {c["key"]: c["points"] for c in score_sheet(state)["seats"][seat]["categories"]}


def _bonus_with(card, state, seat=0):
    before = _points(state, seat)["bonus_points"]
    holding(state, seat, card)
    return _points(state, seat)["bonus_points"] - before


# -- animals (catalogue E156, E203, E215, E216) ----------------------------------------------------

def test_e156_brush_maker_keeps_cooked_boar_and_scores_them():
    """E156 (seed 000 L988): each cooked wild boar goes onto the card; 2/3/4+ -> 1/2/3."""
    state, _, _ = full(2)
    holding(state, 0, "E156")
    state["farms"][0]["majors"].append("fireplace_2")
    state["majors"]["fireplace_2"] = 0
    give_animals(state, 0, boar=1)
    turn(state, 0)
    bank = state["bank"]["boar"]
    cooked, events = play(state, 0, {"type": "convert", "good": "boar"})
    assert cooked["farms"][0]["held"]["E156"] == {"boar": 1}
    assert cooked["bank"]["boar"] == bank            # on the card, not back in the supply
    assert "puts 1 wild boar on Brush Maker (E156)" in AGRICOLA.describe(events[-1], NAMES)
    check_invariants(cooked)
    for boar, points in ((1, 0), (2, 1), (3, 2), (4, 3), (6, 3)):
        cooked["farms"][0]["held"]["E156"] = {"boar": boar}
        assert _points(cooked)["bonus_points"] == points


def test_e203_shepherd_two_lambs_from_four_sheep_if_there_is_room():
    """E203: at breeding 4 or more sheep give 2 lambs; with 3 sheep only 1."""
    state, _, _ = full(2)
    holding(state, 0, "E203")
    build_farm(state, 0, pastures=[[3, 4], [8, 9]])
    give_animals(state, 0, sheep=4)
    b = Builder(state)
    start_breeding(b)
    assert b.state["farms"][0]["animals"]["sheep"] == 6
    state, _, _ = full(2)
    holding(state, 0, "E203")
    build_farm(state, 0, pastures=[[3, 4]])
    give_animals(state, 0, sheep=3)
    b = Builder(state)
    start_breeding(b)
    assert b.state["farms"][0]["animals"]["sheep"] == 4


def test_e203_shepherd_lamb_that_does_not_fit_runs_away():
    state, _, _ = full(2)
    holding(state, 0, "E203")
    build_farm(state, 0, pastures=[[3, 4]])            # 4 places + the pet
    give_animals(state, 0, sheep=4)
    b = Builder(state)
    start_breeding(b)
    bred = next(e for e in b.events if e.type == "AnimalsBred")
    assert bred.data["newborns"]["sheep"] == 2 and bred.data["kept"]["sheep"] == 1


def test_e216_animal_keeper_mixes_types_in_a_pasture():
    """E216: a pasture may hold animals of different types."""
    state, _, _ = full(2)
    build_farm(state, 0, pastures=[[3, 4]])
    mixed = {"sheep": 2, "boar": 2, "cattle": 0}
    assert not can_house(housing(state["farms"][0]), mixed)
    holding(state, 0, "E216")
    assert can_house(housing(state["farms"][0]), mixed)
    assert not can_house(housing(state["farms"][0]), {"sheep": 3, "boar": 3})


def test_e215_tenant_farmer_lends_animals_and_wants_them_back():
    """E215 (seed 000 L802): 1 sheep, 1 boar, 1 cattle at once; each not given back at the end
    costs 1 point, nothing with the Yeoman Farmer (E165)."""
    from .test_full_game import _lessons
    state, _, _ = full(2)
    build_farm(state, 0, pastures=[[3, 4], [8, 9], [13, 14]])
    give(state, 0, food=2)
    after, _ = _lessons(state, 0, "E215")
    assert after["farms"][0]["animals"] == {"sheep": 1, "boar": 1, "cattle": 1}
    # giving back all three costs their animal points (1 each); keeping them costs 3
    assert _points(after)["bonus_points"] == -3
    state, _, _ = full(2)
    assert _bonus_with("E215", state) == -3          # nothing to give back
    state, _, _ = full(2)
    holding(state, 0, "E165")
    assert _bonus_with("E215", state) == 0
    state, _, _ = full(2)
    build_farm(state, 0, pastures=[[3, 4], [8, 9], [13, 14]])
    give_animals(state, 0, sheep=5, boar=4, cattle=3)   # returning one of each loses no points
    assert _bonus_with("E215", state) == 0


def test_e173_chiefs_daughter_scores_the_house():
    state, _, _ = full(2)
    state["farms"][0]["house"] = "stone"
    assert _bonus_with("E173", state) == 3
    state, _, _ = full(2)
    state["farms"][0]["house"] = "clay"
    assert _bonus_with("E173", state) == 1
    state, _, _ = full(2)
    assert _bonus_with("E173", state) == 0
