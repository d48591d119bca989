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


def _of_type(state, kind, seat=0):
    """The listed moves of one type."""
    return [m for m in AGRICOLA.legal_moves(state, seat) if m["type"] == kind]


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


# -- baking and cooking (catalogue E19, E149, E150) -----------------------------------------------

def _owns(state, seat, *majors):
    for major in majors:
        state["majors"][major] = seat
        state["farms"][seat]["majors"].append(major)


def test_e19_gypsys_crock_one_food_per_two_goods_cooked_at_once():
    """E19 (seed 000 L752): 4 goods cooked at once -> 2 food more; baking counts."""
    state, _, _ = full(2)
    holding(state, 0, "E19")
    _owns(state, 0, "fireplace_2")
    give(state, 0, vegetable=3, grain=1)
    turn(state, 0)
    food = state["farms"][0]["supply"]["food"]
    after = state
    for _ in range(3):
        after, events = play(after, 0, {"type": "convert", "good": "vegetable"})
    # 3 vegetables at 2 food each, and 1 more for the first pair
    assert after["farms"][0]["supply"]["food"] == food + 6 + 1
    assert "has cooked 3 goods at once with Gypsy's Crock (E19)" in AGRICOLA.describe(
        events[-1], NAMES)
    reveal(after, "sow_bake")
    placed, _ = play(after, 0, {"type": "place", "space": "sow_bake"})
    baked, _ = play(placed, 0, {"type": "bake", "improvement": "fireplace_2", "grain": 1})
    # a new moment: the person placed; the grain baked is 1 good, no pair yet
    assert baked["farms"][0]["supply"]["food"] == food + 7 + 2


def test_e150_baker_bakes_in_the_feeding_phase_once():
    state, _, _ = full(2)
    holding(state, 0, "E150")
    _owns(state, 0, "clay_oven")
    give(state, 0, grain=2)
    state["phase"] = "harvest_feeding"
    state["pending"][0] = {"kind": "feed"}
    move = {"type": "card_bake", "card": "E150", "improvement": "clay_oven", "grain": 1}
    assert move in AGRICOLA.legal_moves(state, 0)
    baked, events = play(state, 0, move)
    assert baked["farms"][0]["supply"]["food"] == state["farms"][0]["supply"]["food"] + 5
    assert "with Baker (E150)" in AGRICOLA.describe(events[-1], NAMES)
    assert not _of_type(baked, "card_bake")
    state["phase"] = "work"
    state["pending"][0] = None
    turn(state, 0)
    assert not _of_type(state, "card_bake")


def test_e150_baker_may_bake_when_played():
    from .test_full_game import _lessons
    state, _, _ = full(2)
    _owns(state, 0, "clay_oven")
    give(state, 0, grain=1)
    after, _ = _lessons(state, 0, "E150")
    assert {"type": "bake", "improvement": "clay_oven", "grain": 1} in \
        AGRICOLA.legal_moves(after, 0)


def test_e149_master_baker_one_food_per_own_bake_action_and_a_bake_after_others():
    """E149 (seed 000 L862): +1 food per own bake action, not for the card's own bake."""
    state, _, _ = full(2)
    holding(state, 0, "E149")
    _owns(state, 0, "clay_oven")
    _owns(state, 1, "fireplace_2")
    give(state, 0, grain=3)
    give(state, 1, grain=1)
    turn(state, 1)
    reveal(state, "sow_bake")
    placed, _ = play(state, 1, {"type": "place", "space": "sow_bake"})
    baked, _ = play(placed, 1, {"type": "bake", "improvement": "fireplace_2", "grain": 1})
    assert baked["farms"][0]["card_state"]["E149"] == "offered"
    turn(baked, 0)
    move = {"type": "card_bake", "card": "E149", "improvement": "clay_oven", "grain": 1}
    assert move in AGRICOLA.legal_moves(baked, 0)
    food = baked["farms"][0]["supply"]["food"]
    mine, _ = play(baked, 0, move)
    assert mine["farms"][0]["supply"]["food"] == food + 5          # no extra food (L862)
    assert move not in AGRICOLA.legal_moves(mine, 0)
    reveal(mine, "sow_bake")
    placed, _ = play(mine, 0, {"type": "place", "space": "sow_bake"})
    own, _ = play(placed, 0, {"type": "bake", "improvement": "clay_oven", "grain": 1})
    assert own["farms"][0]["supply"]["food"] == food + 5 + 5 + 1


def test_e149_offer_lapses_when_the_holder_places_a_person():
    state, _, _ = full(2)
    holding(state, 0, "E149")
    _owns(state, 0, "clay_oven")
    state["farms"][0]["card_state"]["E149"] = "offered"
    turn(state, 0)
    reveal(state, "day_laborer_full")
    placed, events = play(state, 0, {"type": "place", "space": "day_laborer_full"})
    assert placed["farms"][0]["card_state"]["E149"] is None
    assert any("without using what" in AGRICOLA.describe(e, NAMES) for e in events)


# -- round start and on play (catalogue E178, E180, E194) ------------------------------------------

def _start_round(state, round_no):
    from domain.agricola.cards.hooks import round_start
    state["round"] = round_no
    b = Builder(state)
    round_start(b, round_no)
    return b.state, b.events


def test_e178_hut_builder_owes_a_free_room_from_round_11():
    """E178 (seed 000 L948): rounds 1-4 only; a free room at the start of round 11."""
    state, _, _ = full(2)
    holding(state, 0, "E178")
    later, _ = _start_round(state, 10)
    turn(later, 0)
    assert not _of_type(later, "free_room")
    owed, _ = _start_round(later, 11)
    turn(owed, 0)
    move = {"type": "free_room", "card": "E178", "space": 0}
    assert move in AGRICOLA.legal_moves(owed, 0)
    built, _ = play(owed, 0, move)
    assert 0 in built["farms"][0]["rooms"] and built["farms"][0]["supply"] == \
        owed["farms"][0]["supply"]
    assert not _of_type(built, "free_room")
    state, _, _ = full(2)
    holding(state, 0, "E178")
    state["farms"][0]["house"] = "stone"
    stone, _ = _start_round(state, 11)
    turn(stone, 0)
    assert not _of_type(stone, "free_room")


def test_e178_hut_builder_is_played_in_rounds_1_to_4_only():
    from domain.agricola.cards.engine import play_problem
    state, _, _ = full(2)
    state["round"] = 4
    assert play_problem(state, 0, "E178") is None
    state["round"] = 5
    assert "rounds 1 to 4" in play_problem(state, 0, "E178")


def test_e194_plow_driver_ploughs_for_1_food_before_the_first_placement():
    """E194 (seed 000 L872): with a stone house, 1 food -> 1 field at each round's start; no
    plow adds to it."""
    state, _, _ = full(2)
    holding(state, 0, "E194", "E62")
    state["farms"][0]["house"] = "stone"
    give(state, 0, food=1)
    started, _ = _start_round(state, 3)
    turn(started, 0)
    move = {"type": "card_plough", "card": "E194", "space": 3}
    assert move in AGRICOLA.legal_moves(started, 0)
    food = started["farms"][0]["supply"]["food"]
    ploughed, events = play(started, 0, move)
    assert [f["space"] for f in ploughed["farms"][0]["fields"]] == [3]
    assert ploughed["farms"][0]["supply"]["food"] == food - 1
    assert "with Plow Driver (E194), paying 1 food" in AGRICOLA.describe(events[-1], NAMES)
    assert not _of_type(ploughed, "card_plough")
    # the offer lapses with the seat's placement
    reveal(started, "day_laborer_full")
    placed, _ = play(started, 0, {"type": "place", "space": "day_laborer_full"})
    assert placed["farms"][0]["card_state"]["E194"] is None
    # no offer in a wooden hut
    state["farms"][0]["house"] = "wood"
    wooden, _ = _start_round(state, 3)
    turn(wooden, 0)
    assert not _of_type(wooden, "card_plough")


def test_e180_hobby_farmer_gives_a_vegetable_to_sow_at_once():
    from .test_full_game import _lessons
    state, _, _ = full(2)
    build_farm(state, 0, fields={3: (None, 0), 4: (None, 0)})
    give(state, 0, grain=1)
    after, _ = _lessons(state, 0, "E180")
    assert after["farms"][0]["supply"]["vegetable"] == 1
    moves = AGRICOLA.legal_moves(after, 0)
    assert {"type": "sow", "space": 3, "crop": "vegetable"} in moves
    assert {"type": "sow", "space": 3, "crop": "grain"} not in moves
    sown, _ = play(after, 0, {"type": "sow", "space": 3, "crop": "vegetable"})
    assert sown["pending"][0] is None                   # one field only: the action is over
    assert sown["farms"][0]["fields"][0]["count"] == 2


# -- actions changed (catalogue E161, E179) --------------------------------------------------------

def test_e161_fisherman_doubles_the_fishing_food_and_pays_the_fishing_cards():
    """E161 (seed 000 L910): the owners of the fishing cards are paid 1 food each."""
    state, _, _ = full(3)
    holding(state, 0, "E161")
    holding(state, 1, "E12")
    holding(state, 2, "E30")
    turn(state, 0)
    reveal(state, "fishing", food=3)
    placed, _ = play(state, 0, {"type": "place", "space": "fishing"})
    taken = placed["farms"][0]["supply"]["food"] - state["farms"][0]["supply"]["food"]
    assert taken >= 3 and placed["pending"][0]["options"] == [{}, {"food": taken - 2}]
    food = [f["supply"]["food"] for f in placed["farms"]]
    fished, events = play(placed, 0, {"type": "card_choice", "option": 1})
    assert [f["supply"]["food"] for f in fished["farms"]] == [food[0] + taken - 2, food[1] + 1,
                                                             food[2] + 1]
    assert "Bob receives 1 food from Ann (Fisherman (E161))" in AGRICOLA.describe(
        events[1], ["Ann", "Bob", "Cid"])
    check_invariants(fished)
    plain, _ = play(placed, 0, {"type": "card_choice", "option": 0})
    assert plain["farms"][1]["supply"]["food"] == food[1]


def test_e179_merchant_uses_the_improvement_action_twice_for_1_food():
    """E179 (seed 000 L836): 2 majors, 2 minors or 1 of each for 1 food."""
    state, _, _ = full(2)
    holding(state, 0, "E179")
    give(state, 0, clay=5, food=1)
    turn(state, 0)
    reveal(state, "major_minor")
    placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
    again = {"type": "card_again", "card": "E179"}
    assert again not in AGRICOLA.legal_moves(placed, 0)        # nothing built yet
    built, _ = play(placed, 0, {"type": "build_major", "major": "fireplace_2"})
    assert again in AGRICOLA.legal_moves(built, 0) and {"type": "done"} in \
        AGRICOLA.legal_moves(built, 0)
    paid, _ = play(built, 0, again)
    assert paid["farms"][0]["supply"]["food"] == built["farms"][0]["supply"]["food"] - 1
    assert again not in AGRICOLA.legal_moves(paid, 0)          # once per action
    second, _ = play(paid, 0, {"type": "build_major", "major": "fireplace_3"})
    assert {"fireplace_2", "fireplace_3"} <= set(second["farms"][0]["majors"])
    assert second["pending"][0] is None
    # no second use when nothing more could be built
    poor = json_copy(built)
    poor["farms"][0]["supply"]["clay"] = 0
    poor["hands"]["_private"]["0"]["minors"] = []
    assert again not in AGRICOLA.legal_moves(poor, 0)


def json_copy(value):
    import json
    return json.loads(json.dumps(value))


def test_e198_ratcatcher_keeps_an_offspring_home_in_rounds_10_and_12():
    """E198: by round 9; in rounds 10 and 12 every other player places 1 offspring fewer."""
    from domain.agricola.cards.engine import play_problem
    state, _, _ = full(3)
    holding(state, 0, "E198")
    state["round"] = 9
    assert play_problem(state, 1, "E198") is None
    state["round"] = 10
    assert "round 9" in play_problem(state, 1, "E198")
    for farm in state["farms"]:
        farm["family"] = farm["home"] = 3
    state["farms"][2]["family"] = state["farms"][2]["home"] = 2
    later, events = _start_round(state, 10)
    assert [f["home"] for f in later["farms"]] == [3, 2, 2]
    assert "Ratcatcher (E198) of Ann keeps 1 of Bob's offspring at home this round." in \
        AGRICOLA.describe(events[0], ["Ann", "Bob", "Cid"])
    eleven, events = _start_round(state, 11)
    assert not events


def test_every_listed_card_move_has_a_label_in_game_words():
    """The web page's buttons: no card move is shown by its type name."""
    from domain.agricola import labels
    from domain.agricola.cards.labels import LABELS
    from domain.agricola.moves import HANDLERS
    assert set(HANDLERS) - {"place"} <= set(labels.LABELS)
    state, _, _ = full(2)
    for kind in LABELS:
        assert labels.move_label(state, {"type": kind, "card": "E12", "space": 3, "crop": "grain",
                                  "grain": 1, "improvement": "clay_oven", "major": "pottery",
                                  "deck": "occupations", "option": 0}) != kind
