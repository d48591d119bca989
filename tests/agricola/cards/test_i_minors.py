"""I-deck minor improvements (catalogue 63-104, 337), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it; decisions where the sources leave
something open are in docs/rules/cards-i-minors.md (IM-nn). Cards are tested through the rules:
played from the hand, used on their action spaces, in the harvest and in the score.
"""

from __future__ import annotations

import pytest

from ..support import build_farm, check_invariants, give, give_animals, reveal, turn
from .e_support import (
    AGRICOLA,
    _feeding,
    _of_type,
    _on,
    _owns,
    _points,
    _start_round,
    decks,
    engine,
)
from .helpers import food, full, holding, in_hand, listed_play, play


def _hand_minor(state, seat, card, **goods):
    """``seat`` holds ``card`` and ``goods`` and stands on Major or Minor Improvement."""
    turn(state, seat)
    in_hand(state, seat, card)
    give(state, seat, **goods)
    reveal(state, "major_minor")
    placed, _ = play(state, seat, {"type": "place", "space": "major_minor"})
    return placed


def _playable(state, seat, card):
    return any(
        m.get("card") == card
        for m in AGRICOLA.legal_moves(state, seat)
        if m["type"] == "play_minor"
    )


def _collect(state, round_no, seat=0):
    """The seat's goods after the start of ``round_no`` (its round space collected)."""
    later, _ = _start_round(state, round_no)
    return later["farms"][seat]["supply"]


def _harvest(state):
    """The events of the field phase (and the start of feeding) of a harvest now."""
    from domain.agricola.builder import Builder
    from domain.agricola.flow import start_harvest

    b = Builder(state)
    start_harvest(b)
    return b.state, b.events


class TestI063MoldboardPlow:
    """I63 Moldboard Plow: "Twice during the game, when you use the 'Plow 1 Field' action space,
    you may plow 2 fields instead of 1" (S1); seed 000 L670: not on 'Plough 1 Field and/or
    Sow'; one plow (or the Harrow) per ploughing."""

    def _ploughing(self, state, space="plough"):
        turn(state, 0)
        reveal(state, space)
        placed, _ = play(state, 0, {"type": "place", "space": space})
        after, _ = play(placed, 0, {"type": "plough", "space": 2})
        return after

    def test_one_more_field_twice_a_game(self):
        state, _, _ = full(2)
        holding(state, 0, "I63")
        after = self._ploughing(state)
        moves = _of_type(after, "card_plough")
        assert moves and {m["card"] for m in moves} == {"I63"}
        more, _ = listed_play(after, 0, moves[0])
        assert len(more["farms"][0]["fields"]) == 2 and not _of_type(more, "card_plough")
        assert more["farms"][0]["card_state"]["I63"] == 1
        state["farms"][0]["card_state"]["I63"] = 1  # used once before
        assert _of_type(self._ploughing(state), "card_plough")
        state["farms"][0]["card_state"]["I63"] = 2
        assert not _of_type(self._ploughing(state), "card_plough")

    def test_not_on_plough_and_sow(self):
        state, _, _ = full(2)
        holding(state, 0, "I63")
        assert not _of_type(self._ploughing(state, "plough_sow"), "card_plough")


class TestI067ThreshingBoard:
    """I67 Threshing Board: "Whenever you use the 'Plow 1 Field' or 'Plow Field and Sow' action
    spaces, you can additionally bake bread" (S1); IM-15."""

    def _ploughing(self, space):
        state, _, _ = full(2)
        holding(state, 0, "I67")
        _owns(state, 0, "clay_oven", "fireplace_2")
        give(state, 0, grain=3)
        turn(state, 0)
        reveal(state, space)
        placed, _ = play(state, 0, {"type": "place", "space": space})
        return placed

    def test_bake_after_ploughing(self):
        placed = self._ploughing("plough")
        ploughed, _ = listed_play(placed, 0, {"type": "plough", "space": 2})
        assert ploughed["pending"][0] is not None  # the bake keeps the action open
        move = {"type": "card_bake", "card": "I67", "improvement": "clay_oven", "grain": 1}
        baked, events = listed_play(ploughed, 0, move)
        assert food(baked) == food(ploughed) + 5
        more = {"type": "card_bake", "card": "I67", "improvement": "fireplace_2", "grain": 1}
        again, _ = listed_play(baked, 0, more)  # a second improvement in the same bake
        assert food(again) == food(baked) + 2
        assert again["pending"][0] is None  # nothing left to bake: the action ends
        done, _ = listed_play(baked, 0, {"type": "done"})  # or end it after one oven
        assert done["pending"][0] is None

    def test_on_plough_and_sow_not_elsewhere(self):
        assert _of_type(self._ploughing("plough_sow"), "card_bake")
        state, _, _ = full(2)
        holding(state, 0, "I67")
        _owns(state, 0, "clay_oven")
        give(state, 0, grain=1)
        assert not _of_type(_on("grain", state), "card_bake")


class TestI064Alms:
    """I64 Alms: "When you play this card, you receive 1 food for each completed round of the
    game. After you play this card, pass it to the player on your left" (S1); seed 000 L688:
    the current round is not completed; not playable once an occupation is played."""

    def test_food_for_completed_rounds_then_passed_left(self):
        state, _, _ = full(2)
        state["round"] = 6
        placed = _hand_minor(state, 0, "I64")
        before = food(placed)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I64"})
        assert food(after) == before + 5
        assert "I64" in after["hands"]["_private"]["1"]["minors"]
        check_invariants(after)

    def test_not_after_an_occupation(self):
        state, _, _ = full(2)
        holding(state, 0, "E176")
        placed = _hand_minor(state, 0, "I64")
        assert not _playable(placed, 0, "I64")


class TestI065BakersKitchen:
    """I65 Baker's Kitchen: "Whenever you use a bread baking action, you can use the Baker's
    Kitchen to convert up to 2 grain into 5 food each. When you play this card, you can also
    bake bread immediately" (S1); paid by returning an oven; seed 000 L676: it is not an oven."""

    def test_returns_an_oven_and_bakes_at_once(self):
        state, _, _ = full(2)
        _owns(state, 0, "clay_oven")
        placed = _hand_minor(state, 0, "I65", stone=2, grain=3)
        move = {"type": "play_minor", "card": "I65", "return": ["clay_oven"]}
        after, _ = listed_play(placed, 0, move)
        assert after["majors"]["clay_oven"] is None and "I65" in after["farms"][0]["minors"]
        before = food(after)
        baked, _ = listed_play(after, 0, {"type": "bake", "improvement": "I65", "grain": 2})
        assert food(baked) == before + 10

    def test_needs_an_oven_to_return(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I65", stone=2)
        assert not _playable(placed, 0, "I65")


class TestI066VillageWell:
    """I66 Village Well: "Place 1 food each on the next 3 remaining round spaces. At the start of
    these rounds, you receive the food" (S1); paid by returning the Well; seed 000 L604: the
    Well's food already placed stays."""

    def test_returns_the_well_and_fills_three_rounds(self):
        state, _, _ = full(2)
        _owns(state, 0, "well")
        state["farms"][0]["schedule"] = {}
        placed = _hand_minor(state, 0, "I66")
        state_round = placed["round"]
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I66", "return": ["well"]})
        assert after["majors"]["well"] is None
        rounds = sorted(int(r) for r in after["farms"][0]["schedule"])
        assert rounds == [state_round + 1, state_round + 2, state_round + 3]
        assert _collect(after, state_round + 1)["food"] == food(after) + 1

    def test_needs_the_well(self):
        state, _, _ = full(2)
        assert not _playable(_hand_minor(state, 0, "I66"), 0, "I66")


class TestI069StrawberryPatch:
    """I69 Strawberry Patch: "Place 1 food on each of the next 3 round spaces. At the start of
    these rounds, you receive the food" (S1); prerequisite 2 vegetable fields: sown ones (seed
    000 L342), card fields included (L634, IM-01)."""

    def test_needs_two_sown_vegetable_fields(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields={2: ("vegetable", 2), 3: (None, 0)})
        placed = _hand_minor(state, 0, "I69")
        assert not _playable(placed, 0, "I69")
        build_farm(state, 0, fields={2: ("vegetable", 2), 3: ("vegetable", 1)})
        placed = _hand_minor(state, 0, "I69")
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I69"})
        now = after["round"]
        assert sorted(int(r) for r in after["farms"][0]["schedule"]) == [now + 1, now + 2, now + 3]


class TestI071HolidayHouse:
    """I71 Holiday House: "In round 14, you cannot place any people. Play this card at the latest
    during round 13" (S1); seed 000 L614: phase 1 of round 14 still counts."""

    def test_by_round_13(self):
        state, _, _ = full(2)
        state["round"] = 13
        assert engine.play_problem(state, 0, "I71") is None
        state["round"] = 14
        assert "round 13" in engine.play_problem(state, 0, "I71")

    def test_no_person_goes_out_in_round_14(self):
        state, _, _ = full(2)
        holding(state, 0, "I71")
        for farm in state["farms"]:
            farm["home"] = farm["family"]
        later, _ = _start_round(state, 13)
        assert later["farms"][0]["home"] == 2
        later, events = _start_round(state, 14)
        assert [f["home"] for f in later["farms"]] == [0, 2]
        assert AGRICOLA.describe(events[0], ["Ann", "Bob"]) == (
            "Ann places no people this round (Holiday House (I71))."
        )

    def test_points(self):
        state, _, _ = full(2)
        before = _points(state)["card_points"]
        holding(state, 0, "I71")
        assert _points(state)["card_points"] == before + 8


class TestI072GoosePond:
    """I72 Goose Pond: "Place 1 food each on the next 4 remaining round spaces. At the start of
    these rounds, you receive the food" (S1)."""

    def test_next_four_rounds(self):
        state, _, _ = full(2)
        holding(state, 0, "E176", "E177", "E178")
        state["round"] = 12
        placed = _hand_minor(state, 0, "I72")
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I72"})
        assert sorted(int(r) for r in after["farms"][0]["schedule"]) == [13, 14]


class TestI074GrainCart:
    """I74 Grain Cart: "Whenever you use the 'Take 1 Grain' action space, you receive 2
    additional grain" (S1)."""

    def test_three_grain(self):
        state, _, _ = full(2)
        holding(state, 0, "I74")
        before = state["farms"][0]["supply"]["grain"]
        after = _on("grain", state)
        assert after["farms"][0]["supply"]["grain"] == before + 3


class TestI075HandMill:
    """I75 Hand Mill: "During the feeding phase of the harvest, you can use the Hand Mill to turn
    either 1 grain into 2 food or 2 grain into 4 food" (S1); seed 000 L710: it is not baking."""

    def test_once_in_the_feeding_phase(self):
        state, _, _ = full(2)
        holding(state, 0, "I75")
        give(state, 0, grain=3)
        turn(state, 0)
        assert not _of_type(state, "card_convert")
        _feeding(state, 0)
        assert {m["option"] for m in _of_type(state, "card_convert")} == {0, 1}
        after, events = listed_play(state, 0, {"type": "card_convert", "card": "I75", "option": 1})
        assert food(after) == food(state) + 4
        assert "BreadBaked" not in [e.type for e in events]
        assert not _of_type(after, "card_convert")


class TestI076Rake:
    """I76 Rake: "At the end of the game, you receive 2 bonus points if you have at least 5
    fields. If you have played the Harrow, Punner, Yoke or a plow, you need to have at least 6
    fields" (S1); seed 000 L602: a plow is any card named so; discarded ones do not count."""

    def test_five_fields_or_six_with_a_plow(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields=dict.fromkeys((1, 2, 3, 4, 6), (None, 0)))
        before = _points(state)["bonus_points"]
        holding(state, 0, "I76")
        assert _points(state)["bonus_points"] == before + 2
        holding(state, 0, "E62")
        assert _points(state)["bonus_points"] == before
        build_farm(state, 0, fields=dict.fromkeys((1, 2, 3, 4, 6, 7), (None, 0)))
        assert _points(state)["bonus_points"] == before + 2

    def test_the_harrow_counts_as_a_plow(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields=dict.fromkeys((1, 2, 3, 4, 6), (None, 0)))
        before = _points(state)["bonus_points"]
        holding(state, 0, "I76", "I68")
        assert _points(state)["bonus_points"] == before


class TestI077ShepherdsCrook:
    """I77 Shepherd's Crook: "Whenever you fence a new pasture that covers at least 4 farmyard
    spaces, you receive 2 sheep and place them in the new pasture" (S1); seed 000 L672: not
    when the pasture comes from dividing a larger one."""

    def _fence(self, spaces, **setup):
        state, _, _ = full(2)
        holding(state, 0, "I77")
        if setup:
            build_farm(state, 0, **setup)
        turn(state, 0)
        give(state, 0, wood=15)
        reveal(state, "fences")
        state, _ = play(state, 0, {"type": "place", "space": "fences"})
        for s in spaces:
            state, _ = play(state, 0, {"type": "fence_space", "space": s})
        return play(state, 0, {"type": "close_pasture"})[0]

    def test_two_sheep_in_a_pasture_of_four(self):
        after = self._fence([3, 4, 8, 9])
        assert after["farms"][0]["animals"]["sheep"] == 2

    def test_nothing_for_three_spaces(self):
        after = self._fence([3, 4, 9])
        assert after["farms"][0]["animals"]["sheep"] == 0


class TestI079WoodCart:
    """I79 Wood Cart: "Whenever you use a person to take wood that is on an action space, you
    receive 2 additional wood" (S1); seed 000 L728: not on '1 Reed, plus 1 Stone and 1 Wood'."""

    def test_two_more_wood_from_the_forest(self):
        state, _, _ = full(2)
        holding(state, 0, "I79")
        reveal(state, "forest", wood=3)
        before = state["farms"][0]["supply"]["wood"]
        taken = sum(state["spaces"]["forest"]["goods"].values())
        after = _on("forest", state)
        assert after["farms"][0]["supply"]["wood"] == before + taken + 2

    def test_not_the_fixed_wood_of_reed_stone_wood(self):
        state, _, _ = full(2)
        holding(state, 0, "I79")
        reveal(state, "reed_stone_wood", reed=1)
        before = state["farms"][0]["supply"]["wood"]
        after = _on("reed_stone_wood", state)
        assert after["farms"][0]["supply"]["wood"] == before + 1


class TestI080Spinney:
    """I80 Spinney: "Whenever another player uses the '3 Wood' action space, they must give you
    one of the wood" (S1); seed 000 L624."""

    def test_another_player_gives_one_wood(self):
        state, _, _ = full(2)
        holding(state, 0, "I80")
        reveal(state, "forest", wood=3)
        wood = [f["supply"]["wood"] for f in state["farms"]]
        taken = state["spaces"]["forest"]["goods"]["wood"]
        after = _on("forest", state, seat=1)
        assert after["farms"][1]["supply"]["wood"] == wood[1] + taken - 1
        assert after["farms"][0]["supply"]["wood"] == wood[0] + 1
        check_invariants(after)

    def test_not_for_its_owner(self):
        state, _, _ = full(2)
        holding(state, 0, "I80")
        reveal(state, "forest", wood=3)
        taken = state["spaces"]["forest"]["goods"]["wood"]
        after = _on("forest", state, seat=0)
        assert after["farms"][0]["supply"]["wood"] == state["farms"][0]["supply"]["wood"] + taken


class TestI081WoodenHutExtension:
    """I81 Wooden Hut Extension: "When you play this card, immediately extend your wooden hut
    by 1 room. After you play this card, pass it to the player on your left" (S1); seed 000
    L702: it is an extension; room-cost cards do not change its price."""

    def test_a_wooden_room_then_passed(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I81", wood=5, reed=1)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I81"})
        space = _of_type(after, "build_room")[0]["space"]
        built, _ = listed_play(after, 0, {"type": "build_room", "space": space})
        assert len(built["farms"][0]["rooms"]) == 3
        assert built["farms"][0]["supply"]["wood"] == placed["farms"][0]["supply"]["wood"] - 5
        assert "I81" in built["hands"]["_private"]["1"]["minors"]

    def test_wooden_hut_only(self):
        state, _, _ = full(2)
        state["farms"][0]["house"] = "clay"
        assert engine.play_problem(state, 0, "I81")


class TestI082WoodenCrane:
    """I82 Wooden Crane: "Whenever you use one of the '1 Stone' action spaces that are placed in
    rounds 5-7 and 10-11, you receive 1 additional stone. If you pay 1 food, you can take 2
    additional stone instead of 1" (S1); seed 000 L610: not the reed-and-stone spaces."""

    def test_one_more_stone_or_two_for_a_food(self):
        state, _, _ = full(2)
        holding(state, 0, "I82")
        reveal(state, "stone_stage_2", stone=1)
        give(state, 0, food=1)
        stone, meal = state["farms"][0]["supply"]["stone"], food(state)
        placed = _on("stone_stage_2", state)
        assert placed["farms"][0]["supply"]["stone"] == stone + 2
        paid, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert paid["farms"][0]["supply"]["stone"] == stone + 3 and food(paid) == meal - 1

    def test_not_on_reed_stone_food(self):
        state, _, _ = full(2)
        holding(state, 0, "I82")
        reveal(state, "reed_stone_food")
        stone = state["farms"][0]["supply"]["stone"]
        after = _on("reed_stone_food", state)
        assert after["farms"][0]["supply"]["stone"] == stone + 1


class TestI084ChickenCoop:
    """I84 Chicken Coop: "Place 1 food each on the next 8 remaining round spaces. At the start of
    these rounds, you receive the food" (S1); seed 000 L644: 2 wood or 2 clay, and 1 reed."""

    def test_eight_rounds_paid_with_clay(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I84", clay=2, reed=1)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I84", "pay": 1})
        now = after["round"]
        assert sorted(int(r) for r in after["farms"][0]["schedule"]) == list(
            range(now + 1, now + 9)
        )


class TestI085CookingCorner:
    """I85 Cooking Corner: "At any time, you may convert goods to food as follows: vegetables ->
    4 food; sheep -> 2 food; wild boar -> 3 food; cattle -> 4 food. Whenever you use a bread
    baking action, you may convert: grain -> 3 food" (S1); seed 000 L646: paid by returning a
    Cooking Hearth."""

    def test_returns_a_hearth_and_cooks_better(self):
        state, _, _ = full(2)
        _owns(state, 0, "cooking_hearth_4")
        placed = _hand_minor(state, 0, "I85", vegetable=1)
        move = {"type": "play_minor", "card": "I85", "return": ["cooking_hearth_4"]}
        after, _ = listed_play(placed, 0, move)
        assert after["majors"]["cooking_hearth_4"] is None
        turn(after, 0)
        cooked, _ = listed_play(after, 0, {"type": "convert", "good": "vegetable"})
        assert food(cooked) == food(after) + 4


class TestI087Flagon:
    """I87 Flagon: "Whenever the Well is built or upgraded to a Village Well, you receive 4 food,
    and the other players receive 1 food each. If the Well has already been built, everyone
    receives the food when the Flagon is played" (S1); seed 000 L640: whoever builds it."""

    def test_another_player_builds_the_well(self):
        state, _, _ = full(2)
        holding(state, 0, "I87")
        turn(state, 1)
        give(state, 1, wood=1, stone=3)
        reveal(state, "major_minor")
        placed, _ = play(state, 1, {"type": "place", "space": "major_minor"})
        meals = [food(placed, 0), food(placed, 1)]
        after, _ = listed_play(placed, 1, {"type": "build_major", "major": "well"})
        assert [food(after, 0), food(after, 1)] == [meals[0] + 4, meals[1] + 1]

    def test_the_well_upgraded_to_a_village_well(self):
        state, _, _ = full(2)
        holding(state, 1, "I87")
        _owns(state, 0, "well")
        placed = _hand_minor(state, 0, "I66")
        meals = [food(placed, 0), food(placed, 1)]
        move = {"type": "play_minor", "card": "I66", "return": ["well"]}
        after, _ = listed_play(placed, 0, move)
        assert [food(after, 0), food(after, 1)] == [meals[0] + 1, meals[1] + 4]

    def test_played_when_the_well_stands(self):
        state, _, _ = full(2)
        _owns(state, 1, "well")
        placed = _hand_minor(state, 0, "I87", clay=1)
        meals = [food(placed, 0), food(placed, 1)]
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I87"})
        assert [food(after, 0), food(after, 1)] == [meals[0] + 4, meals[1] + 1]


class TestI083I089I094Streets:
    """I83 Wooden Path, I89 Clay Path, I94 Paved Road: "The player with the most valuable street
    receives 2 bonus points when scoring" (S1); the most valuable is the Paved Road, then the
    Clay Path, then the Wooden Path (IM-04)."""

    def test_only_the_most_valuable_street_scores(self):
        state, _, _ = full(2)
        before = [_points(state, s)["bonus_points"] for s in (0, 1)]
        holding(state, 0, "I83")
        assert _points(state, 0)["bonus_points"] == before[0] + 2
        holding(state, 1, "I89")
        assert _points(state, 0)["bonus_points"] == before[0]
        assert _points(state, 1)["bonus_points"] == before[1] + 2
        holding(state, 0, "I94")
        assert _points(state, 0)["bonus_points"] == before[0] + 2
        assert _points(state, 1)["bonus_points"] == before[1]


class TestI090PlanterBox:
    """I90 Planter Box: "Whenever you sow, each of the fields you sow that is orthogonally
    adjacent to a room in your home gets additional goods from the general supply: 2 extra grain
    on grain fields, and 1 extra vegetable on vegetable fields" (S1)."""

    def test_fields_next_to_a_room(self):
        state, _, _ = full(2)
        rooms = state["farms"][0]["rooms"]
        from domain.agricola.tables import GRID

        near = next(
            s for s in GRID.spaces() if s not in rooms and set(GRID.neighbours(s)) & set(rooms)
        )
        far = next(
            s for s in GRID.spaces() if not set(GRID.neighbours(s)) & set(rooms) and s not in rooms
        )
        build_farm(state, 0, fields={near: (None, 0), far: (None, 0)})
        holding(state, 0, "I90")
        give(state, 0, grain=2)
        sowing = _on("sow_bake", state)
        one, _ = listed_play(sowing, 0, {"type": "sow", "space": near, "crop": "grain"})
        two, _ = listed_play(one, 0, {"type": "sow", "space": far, "crop": "grain"})
        counts = {f["space"]: f["count"] for f in two["farms"][0]["fields"]}
        assert counts == {near: 5, far: 3}
        check_invariants(two)


class TestI095FishTrap:
    """I95 Fish Trap: "Whenever you use the 'Fishing' action space or receive reed on an action
    space, you receive 1 additional food" (S1); seed 000 L596: not reed from cards."""

    def test_fishing_and_reed(self):
        state, _, _ = full(2)
        holding(state, 0, "I95")
        reveal(state, "fishing", food=1)
        on_space = state["spaces"]["fishing"]["goods"]["food"]
        assert food(_on("fishing", state)) == food(state) + on_space + 1
        state, _, _ = full(2)
        holding(state, 0, "I95")
        reveal(state, "reed_bank", reed=1)
        assert food(_on("reed_bank", state)) == food(state) + 1

    def test_not_reed_from_a_card(self):
        state, _, _ = full(2)
        holding(state, 0, "I95")
        placed = _hand_minor(state, 0, "I96", wood=2)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I96", "pay": 0})
        assert food(after) == food(placed)


class TestI096ReedExchange:
    """I96 Reed Exchange: "When you play this card, you receive 2 reeds. After you play this
    card, pass it to the player on your left" (S1); seed 000 L738: no trade of wood or clay."""

    def test_two_reed_for_two_clay(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I96", clay=2)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I96", "pay": 1})
        farm, was = after["farms"][0]["supply"], placed["farms"][0]["supply"]
        assert (farm["reed"], farm["clay"]) == (was["reed"] + 2, was["clay"] - 2)
        assert "I96" in after["hands"]["_private"]["1"]["minors"]


class TestI098SchnapsDistillery:
    """I98 Schnaps Distillery: "During the feeding phase of the harvest, you can use the Schnaps
    Distillery to convert at most 1 vegetable into 4 food. At the end of the game, you receive 1
    bonus point each for your 5th and 6th vegetables" (S1)."""

    def test_one_vegetable_per_feeding(self):
        state, _, _ = full(2)
        holding(state, 0, "I98")
        give(state, 0, vegetable=2)
        _feeding(state, 0)
        after, _ = listed_play(state, 0, {"type": "card_convert", "card": "I98", "option": 0})
        assert food(after) == food(state) + 4
        assert not _of_type(after, "card_convert")

    def test_fifth_and_sixth_vegetable(self):
        state, _, _ = full(2)
        give(state, 0, vegetable=3)
        build_farm(state, 0, fields={2: ("vegetable", 2)})
        before = _points(state)["bonus_points"]
        holding(state, 0, "I98")
        assert _points(state)["bonus_points"] == before + 1
        give(state, 0, vegetable=3)
        assert _points(state)["bonus_points"] == before + 2


class TestI101AnimalFeed:
    """I101 Animal Feed: "Immediately before scoring, you receive 1 additional animal of each
    type that you already have" (S1); seed 000 L634: any sown fields count for the
    prerequisite, card fields included; old animals may be released, none cooked (IM-05)."""

    def test_the_extra_animals_score(self):
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[4, 9]])
        give_animals(state, 0, sheep=3)
        before = _points(state)
        holding(state, 0, "I101")
        after = _points(state)
        # 3 sheep score 1, 4 sheep score 2 (digest §8.1); no other type is kept
        assert after["bonus_points"] == before["bonus_points"] + 1

    def test_nothing_without_room(self):
        state, _, _ = full(2)
        give_animals(state, 0, boar=1)  # the house pet's place is full
        before = _points(state)["bonus_points"]
        holding(state, 0, "I101")
        assert _points(state)["bonus_points"] == before

    def test_needs_four_sown_fields(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields={1: ("grain", 1), 2: ("grain", 1), 3: ("vegetable", 1)})
        assert not _playable(_hand_minor(state, 0, "I101"), 0, "I101")
        build_farm(state, 0, fields=dict.fromkeys((1, 2, 3, 6), ("grain", 1)))
        assert _playable(_hand_minor(state, 0, "I101"), 0, "I101")


class TestI104WeeklyMarket:
    """I104 Weekly Market: "When you play this card, you receive 2 vegetables. After you play
    this card, pass it to the player on your left" (S1); seed 000 L712: the 3 grain come from
    the supply before."""

    def test_two_vegetables_for_three_grain(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I104", grain=2)
        assert not _playable(placed, 0, "I104")
        give(placed, 0, grain=1)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I104"})
        assert (
            after["farms"][0]["supply"]["vegetable"]
            == placed["farms"][0]["supply"]["vegetable"] + 2
        )
        assert "I104" in after["hands"]["_private"]["1"]["minors"]


def test_every_entry_is_a_catalogue_i_minor():
    for card_id in decks.I_MINORS.cards:
        assert card_id.startswith("I") and card_id in AGRICOLA_CARDS()


def AGRICOLA_CARDS():
    from domain.agricola.cards.catalogue import CARDS

    return {c for c, v in CARDS.items() if v["deck"] == "I" and v["kind"] == "minor"}


class TestI091Ladder:
    """I91 Ladder: "You need 1 less reed to extend or renovate your home or to build the Water
    Mill, Half-timbered House, Chicken Coop, Holiday House, Mansion, or Corn Storehouse" (S1);
    seed 000 L650: each room of several built at once."""

    def test_two_rooms_with_one_reed_each(self):
        state, _, _ = full(2)
        holding(state, 0, "I91")
        turn(state, 0)
        give(state, 0, wood=10, reed=2)
        placed, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
        spaces = [m["space"] for m in _of_type(placed, "build_room")]
        one, _ = listed_play(placed, 0, {"type": "build_room", "space": spaces[0]})
        two, _ = listed_play(one, 0, {"type": "build_room", "space": spaces[1]})
        assert two["farms"][0]["supply"]["reed"] == placed["farms"][0]["supply"]["reed"] - 2

    def test_chicken_coop_for_one_reed_less(self):
        state, _, _ = full(2)
        holding(state, 0, "I91")
        placed = _hand_minor(state, 0, "I84", wood=2)
        moves = [m for m in _of_type(placed, "play_minor") if m["card"] == "I84"]
        assert moves
        after, _ = listed_play(placed, 0, moves[0])
        assert after["farms"][0]["supply"]["wood"] == placed["farms"][0]["supply"]["wood"] - 2
        assert after["farms"][0]["supply"]["reed"] == placed["farms"][0]["supply"]["reed"]


class TestI093MilkingShed:
    """I93 Milking Shed: "In each harvest, at the beginning of the field phase, count the total
    number of sheep and cattle in all the players' farms. You receive 1 food for each fifth
    sheep and for each third cattle" (S1); seed 000 L612: animals in the house and on cards
    count too."""

    def test_counts_every_farm(self):
        state, _, _ = full(3)
        holding(state, 1, "I93")
        for seat in range(3):
            build_farm(state, seat, pastures=[[4, 9]])
        give_animals(state, 0, sheep=4, cattle=0)
        give_animals(state, 1, sheep=3)
        give_animals(state, 2, cattle=3)
        _, events = _harvest(state)
        paid = [e for e in events if e.type == "CardGoods" and e.data["card"] == "I93"]
        # 7 sheep -> 1 food, 3 cattle -> 1 food, to the owner only
        assert [(e.seat, e.data["goods"]) for e in paid] == [(1, {"food": 2})]


class TestI099StrawThatchedRoof:
    """I99 Straw-thatched Roof: "You no longer need reed when you extend or renovate your home"
    (S1); needs 3 grain fields (IM-01); seed 000 L614: it does not change the Holiday House's
    price."""

    def test_rooms_and_renovation_without_reed(self):
        from domain.agricola.farm import renovation_cost, room_cost

        state, _, _ = full(2)
        holding(state, 0, "I99")
        turn(state, 0)
        give(state, 0, wood=5)
        placed, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
        space = _of_type(placed, "build_room")[0]["space"]
        built, _ = listed_play(placed, 0, {"type": "build_room", "space": space})
        assert built["farms"][0]["supply"]["reed"] == placed["farms"][0]["supply"]["reed"]
        assert "reed" not in {g for g, n in renovation_cost(built["farms"][0]).items() if n}
        assert not room_cost(built["farms"][0]).get("reed")

    def test_needs_three_grain_fields(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields=dict.fromkeys((1, 2), ("grain", 1)))
        assert not _playable(_hand_minor(state, 0, "I99"), 0, "I99")
        build_farm(state, 0, fields=dict.fromkeys((1, 2, 3), ("grain", 1)))
        assert _playable(_hand_minor(state, 0, "I99"), 0, "I99")


class TestI102WildlifeReserve:
    """I102 Wildlife Reserve: "This card can hold up to 1 sheep, 1 wild boar and 1 cattle"
    (S1)."""

    def test_one_of_each_type_more(self):
        from domain.common.housing import can_house

        from .e_support import housing

        state, _, _ = full(2)
        holding(state, 0, "I102")
        farm = state["farms"][0]
        home = housing(farm)
        assert can_house(home, {"sheep": 1, "boar": 1, "cattle": 2})  # the pet holds 1 more
        assert not can_house(home, {"sheep": 3, "boar": 0, "cattle": 0})

    def test_animals_taken_stay(self):
        state, _, _ = full(2)
        holding(state, 0, "I102")
        reveal(state, "sheep", sheep=2)
        after = _on("sheep", state)
        assert after["farms"][0]["animals"]["sheep"] == 2
        assert sum(after["farms"][0]["unhoused"].values()) == 0


class TestI097Slaughterhouse:
    """I97 Slaughterhouse: "Whenever another player converts 1 or more animals to food, you
    receive 1 food from the supply. During the feeding phase of the harvest, you are the last
    player to take a turn" (S1); seed 000 harvest list: end of the feeding phase (IM-16)."""

    def _feeding_both(self):
        state, _, _ = full(2)
        holding(state, 1, "I97")
        _owns(state, 0, "fireplace_2")
        give_animals(state, 0, sheep=1)
        state["phase"] = "harvest_feeding"
        state["pending"] = [{"kind": "feed", "need": 4}, {"kind": "feed", "need": 4}]
        return state

    def test_food_when_another_player_cooks(self):
        state = self._feeding_both()
        cooked, _ = listed_play(state, 0, {"type": "convert", "good": "sheep"})
        assert food(cooked, 1) == food(state, 1) + 1

    def test_the_owner_feeds_last(self):
        state = self._feeding_both()
        assert AGRICOLA.status(state).to_act == (0,)
        assert {"type": "feed"} not in AGRICOLA.legal_moves(state, 1)
        fed, _ = listed_play(state, 0, {"type": "feed"})
        assert AGRICOLA.status(fed).to_act == (1,)
        assert {"type": "feed"} in AGRICOLA.legal_moves(fed, 1)

    def test_the_owner_is_asked_in_every_harvest(self):
        state, _, _ = full(2)
        holding(state, 1, "I97")
        give(state, 1, food=10)
        after, _ = _harvest(state)
        assert after["pending"][1] == {"kind": "feed", "need": 4}


def _fed_harvest(state):
    """A harvest of 2 players up to the feeding phase (each asked seat still to feed)."""
    after, _ = _harvest(state)
    assert after["phase"] == "harvest_feeding"
    return after


class TestI086CornStorehouse:
    """I86 Corn Storehouse: "Whenever you have empty fields after the field phase of the
    harvest, you can sow grain in them immediately. Place 1 fewer grain from the supply on these
    fields" (S1); seed 000 L750: with the Water Mill, before the Reaper (IM-17)."""

    def test_an_emptied_field_sown_with_two_grain(self):
        state, _, _ = full(2)
        holding(state, 0, "I86")
        build_farm(state, 0, fields={2: ("grain", 1), 3: ("vegetable", 2)})
        give(state, 0, food=6)
        harvest = _fed_harvest(state)
        grain = harvest["farms"][0]["supply"]["grain"]
        moves = _of_type(harvest, "card_resow")
        assert moves == [{"type": "card_resow", "card": "I86", "space": 2}]
        sown, _ = listed_play(harvest, 0, moves[0])
        field = next(f for f in sown["farms"][0]["fields"] if f["space"] == 2)
        assert (field["crop"], field["count"]) == ("grain", 2)
        assert sown["farms"][0]["supply"]["grain"] == grain - 1
        assert not _of_type(sown, "card_resow")
        check_invariants(sown)


class TestI103WaterMill:
    """I103 Water Mill: "After the field phase of a harvest, each player can use the Water Mill
    to convert up to 1 grain to 3 food. Each player that uses the Water Mill must give you 1 of
    the food" (S1); seed 000 L750 (IM-17)."""

    def test_any_player_once_per_harvest_paying_the_owner(self):
        state, _, _ = full(2)
        holding(state, 0, "I103")
        give(state, 1, grain=2, food=6)
        give(state, 0, food=6)
        harvest = _fed_harvest(state)
        move = {"type": "card_mill", "card": "I103"}
        assert move in AGRICOLA.legal_moves(harvest, 1)
        assert move not in AGRICOLA.legal_moves(harvest, 0)  # the owner has no grain
        used, _ = listed_play(harvest, 1, move)
        assert food(used, 1) == food(harvest, 1) + 2 and food(used, 0) == food(harvest, 0) + 1
        assert used["farms"][1]["supply"]["grain"] == harvest["farms"][1]["supply"]["grain"] - 1
        assert move not in AGRICOLA.legal_moves(used, 1)
        check_invariants(used)


class TestI092Manure:
    """I92 Manure: "At the end of each round that does not end with a harvest, you can take 1
    grain or vegetable from each of your fields and place it in your personal supply" (S1);
    seed 000 L660: all fields at once, no harvest food cards; the offer lasts until the seat's
    next placement (IM-18)."""

    def _after_round(self, round_no):
        state, _, _ = full(2)
        holding(state, 0, "I92")
        build_farm(state, 0, fields={2: ("grain", 2), 3: ("vegetable", 1), 4: (None, 0)})
        later, _ = _start_round(state, round_no)
        turn(later, 0)
        return later

    def test_one_crop_from_each_field_after_a_round_without_harvest(self):
        state = self._after_round(3)
        move = {"type": "card_harvest", "card": "I92"}
        after, _ = listed_play(state, 0, move)
        supply, was = after["farms"][0]["supply"], state["farms"][0]["supply"]
        assert (supply["grain"], supply["vegetable"]) == (was["grain"] + 1, was["vegetable"] + 1)
        counts = {f["space"]: f["count"] for f in after["farms"][0]["fields"]}
        assert counts == {2: 1, 3: 0, 4: 0}
        assert move not in AGRICOLA.legal_moves(after, 0)
        check_invariants(after)

    def test_lapses_with_the_next_placement(self):
        state = self._after_round(3)
        reveal(state, "grain")
        placed, _ = play(state, 0, {"type": "place", "space": "grain"})
        turn(placed, 0)
        assert not _of_type(placed, "card_harvest")

    def test_not_after_a_harvest_round(self):
        assert not _of_type(self._after_round(5), "card_harvest")


def _i_minor_game(n, seed):
    """A full game (decks E and I) whose hands hold only I minors (7 each, from the entries),
    played by random seats that prefer card moves, to the end; every event keeps the
    invariants and no card is in two places."""
    import random

    from domain.common.rng import Rng
    from domain.common.title import GameConfig

    from ..support import fold
    from .helpers import NAMES

    rng = Rng(seed)
    state = fold(
        AGRICOLA.setup(GameConfig("full", NAMES[:n], {"decks": "EI", "start_player": 0}), rng)
    )
    pick = random.Random(seed)
    pool = sorted(decks.I_MINORS.cards)
    pick.shuffle(pool)
    for seat in range(n):
        state["hands"]["_private"][str(seat)]["minors"] = pool[7 * seat : 7 * seat + 7]
    played = set()
    while not AGRICOLA.status(state).finished:
        seat = pick.choice(AGRICOLA.status(state).to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        assert legal
        cards = [m for m in legal if m["type"] == "play_minor" or m["type"].startswith("card_")]
        move = pick.choice(cards if cards and pick.random() < 0.8 else legal)
        if move["type"] == "play_minor":
            played.add(move["card"])
        for event in AGRICOLA.decide(state, seat, move, rng):
            state = AGRICOLA.evolve(state, event)
            check_invariants(state)
        held = [c for f in state["farms"] for c in f["cards"]] + [
            c for h in state["hands"]["_private"].values() for c in h["occupations"] + h["minors"]
        ]
        assert len(held) == len(set(held)), "a card in two places"
    sheet = AGRICOLA.score_sheet(state)
    assert [s["total"] for s in sheet["seats"]] == state["final"]["scores"]
    return played


def test_a_full_game_with_only_i_minors_in_hand():
    played = _i_minor_game(3, 4)
    assert len({c for c in played if c.startswith("I")}) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("n,seed", [(2, 1), (4, 2), (5, 3)])
def test_full_games_with_only_i_minors_in_hand(n, seed):
    assert _i_minor_game(n, seed)


def _ploughing(state, seat, space="plough", field=2):
    turn(state, seat)
    reveal(state, space)
    placed, _ = play(state, seat, {"type": "place", "space": space})
    after, _ = play(placed, seat, {"type": "plough", "space": field})
    return after


class TestI068Harrow:
    """I68 Harrow: "Once during the game, when you use either the 'Plow 1 Field' or the 'Plow
    Field and Sow' action space, you can plow 2 fields instead of 1. Each other player can also
    do this once during the game, but must pay you 2 food to do it" (S1); seed 000 L590: each
    opponent once a game, through a ploughing action (IM-19)."""

    def test_the_owner_once(self):
        state, _, _ = full(2)
        holding(state, 0, "I68")
        after = _ploughing(state, 0, "plough_sow")
        move = next(m for m in _of_type(after, "card_plough") if m["card"] == "I68")
        more, _ = listed_play(after, 0, move)
        assert len(more["farms"][0]["fields"]) == 2 and not _of_type(more, "card_plough")
        state["farms"][0]["card_state"]["I68"] = 1
        assert not _of_type(_ploughing(state, 0), "card_plough")

    def test_another_player_once_for_2_food(self):
        state, _, _ = full(2)
        holding(state, 0, "I68")
        give(state, 1, food=2)
        after = _ploughing(state, 1)
        move = next(m for m in _of_type(after, "card_plough", 1) if m["card"] == "I68")
        more, _ = listed_play(after, 1, move)
        assert len(more["farms"][1]["fields"]) == 2
        assert food(more, 1) == food(after, 1) - 2 and food(more, 0) == food(after, 0) + 2
        check_invariants(more)
        state["farms"][1]["card_state"]["I68"] = 1  # used before
        assert not _of_type(_ploughing(state, 1), "card_plough", 1)


class TestI070Punner:
    """I70 Punner: "Whenever another player uses the Harrow or a plow, you can immediately plow
    1 field as well" (S1); seed 000 L736: not when the other player ploughed only one field;
    the offer lasts until the owner's next placement (IM-19)."""

    def test_a_field_after_another_players_plow(self):
        state, _, _ = full(2)
        holding(state, 1, "I70")
        holding(state, 0, "I63")
        after = _ploughing(state, 0)
        assert after["farms"][1]["card_state"].get("I70") is None  # one field: nothing yet
        more, _ = listed_play(after, 0, {"type": "card_plough", "card": "I63", "space": 3})
        assert more["farms"][1]["card_state"]["I70"] == "open"
        turn(more, 1)
        moves = _of_type(more, "card_plough", 1)
        assert moves and {m["card"] for m in moves} == {"I70"}
        ploughed, _ = listed_play(more, 1, moves[0])
        assert len(ploughed["farms"][1]["fields"]) == 1
        assert not _of_type(ploughed, "card_plough", 1)

    def test_the_offer_lapses_with_the_owners_placement(self):
        state, _, _ = full(2)
        holding(state, 1, "I70")
        state["farms"][1]["card_state"]["I70"] = "open"
        reveal(state, "grain")
        placed = _on("grain", state, seat=1)
        turn(placed, 1)
        assert not _of_type(placed, "card_plough", 1)


class TestI100Tavern:
    """I100 Tavern: "The Tavern is an additional action space. Whenever another player uses it,
    they receive 3 food. Whenever you use it, you can choose either to take 3 food or to score 2
    bonus points" (S1); seed 000 L724: the points are recorded at once."""

    def _played(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I100", wood=2, stone=2)
        after, events = listed_play(placed, 0, {"type": "play_minor", "card": "I100"})
        assert "tavern" in after["spaces"] and after["spaces"]["tavern"]["owner"] == 0
        return after

    def test_another_player_takes_3_food(self):
        state = self._played()
        turn(state, 1)
        move = {"type": "place", "space": "tavern", "option": "goods"}
        assert {"type": "place", "space": "tavern", "option": "points"} not in (
            AGRICOLA.legal_moves(state, 1)
        )
        after, _ = listed_play(state, 1, move)
        assert food(after, 1) == food(state, 1) + 3 and food(after, 0) == food(state, 0)

    def test_the_owner_takes_food_or_2_points(self):
        state = self._played()
        turn(state, 0)
        before = _points(state)["bonus_points"]
        after, _ = listed_play(state, 0, {"type": "place", "space": "tavern", "option": "points"})
        assert food(after) == food(state) and _points(after)["bonus_points"] == before + 2
        fed, _ = listed_play(state, 0, {"type": "place", "space": "tavern", "option": "goods"})
        assert food(fed) == food(state) + 3


class TestI337ClayDeposit:
    """I337 Clay Deposit: "This card is an additional action space. A player who uses this
    action space must pay you 1 food and receives 5 clay. If you use the Clay Deposit yourself,
    you may choose to take 2 bonus points instead of the clay" (S1); seed 000 L622."""

    def _played(self):
        state, _, _ = full(2)
        holding(state, 0, "E176", "E177", "E178")
        placed = _hand_minor(state, 0, "I337")
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I337"})
        return after

    def test_another_player_pays_1_food_for_5_clay(self):
        state = self._played()
        turn(state, 1)
        give(state, 1, food=1)
        move = {"type": "place", "space": "clay_deposit", "option": "goods"}
        after, _ = listed_play(state, 1, move)
        assert after["farms"][1]["supply"]["clay"] == state["farms"][1]["supply"]["clay"] + 5
        assert food(after, 1) == food(state, 1) - 1 and food(after, 0) == food(state, 0) + 1
        check_invariants(after)

    def test_not_without_the_food(self):
        state = self._played()
        turn(state, 1)
        state["bank"]["food"] += food(state, 1)
        state["farms"][1]["supply"]["food"] = 0
        assert not [m for m in AGRICOLA.legal_moves(state, 1) if m.get("space") == "clay_deposit"]

    def test_the_owner_free_clay_or_2_points(self):
        state = self._played()
        turn(state, 0)
        clay = state["farms"][0]["supply"]["clay"]
        took, _ = listed_play(
            state, 0, {"type": "place", "space": "clay_deposit", "option": "goods"}
        )
        assert took["farms"][0]["supply"]["clay"] == clay + 5 and food(took) == food(state)
        before = _points(state)["bonus_points"]
        scored, _ = listed_play(
            state, 0, {"type": "place", "space": "clay_deposit", "option": "points"}
        )
        assert _points(scored)["bonus_points"] == before + 2


def _round(state, round_no):
    """The state and events of the start of ``round_no`` as the rules run it (every window of
    the game's extension)."""
    from domain.agricola.builder import Builder
    from domain.agricola.flow import start_round
    from domain.common.rng import Rng

    b = Builder(state)
    start_round(b, Rng(1), round_no)
    return b.state, b.events


class TestI073Guest:
    """I73 Guest: "When you play this card, you receive a guest token, which you may place once
    in the next round as you would a person. After you play this card, pass it to the player on
    your left" (S1); seed 000 L600: a person for placement (even a 6th), never for room or
    feeding (IM-21)."""

    def test_one_more_person_in_the_next_round_only(self):
        state, _, _ = full(2)
        placed = _hand_minor(state, 0, "I73", food=2)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I73"})
        assert "I73" in after["hands"]["_private"]["1"]["minors"]
        now = after["round"]
        for farm in after["farms"]:
            farm["home"] = farm["family"]
        nxt, events = _round(after, now + 1)
        assert [f["home"] for f in nxt["farms"]] == [3, 2]
        assert nxt["farms"][0]["family"] == 2
        assert "one more person" in AGRICOLA.describe(
            next(e for e in events if e.type == "GuestArrived"), ["Ann", "Bob"]
        )
        later, events = _round(nxt, now + 2)
        assert not [e for e in events if e.type == "GuestArrived"]
        assert [f["home"] for f in later["farms"]] == [2, 2]

    def test_the_guest_is_placed_in_a_played_round(self):
        from domain.agricola.builder import Builder
        from domain.agricola.flow import start_round
        from domain.common.rng import Rng

        state, _, _ = full(2)
        state["farms"][0]["card_state"]["I73/guest"] = 2
        b = Builder(state)
        start_round(b, Rng(1), 2)
        state = b.state
        placed = 0
        while state["phase"] == "work" and state["round"] == 2:
            seat = AGRICOLA.status(state).to_act[0]
            move = next(m for m in AGRICOLA.legal_moves(state, seat) if m["type"] == "place")
            if seat == 0:
                placed += 1
            for event in AGRICOLA.decide(state, seat, move, Rng(1)):
                state = AGRICOLA.evolve(state, event)
            while state["phase"] == "work" and any(state["pending"]):
                seat = next(s for s, p in enumerate(state["pending"]) if p)
                legal = AGRICOLA.legal_moves(state, seat)
                move = next((m for m in legal if m["type"] == "done"), legal[0])
                for event in AGRICOLA.decide(state, seat, move, Rng(1)):
                    state = AGRICOLA.evolve(state, event)
        assert placed == 3
        assert state["farms"][0]["family"] == 2


class TestI078Copse:
    """I78 Copse: "When you sow, you can plant wood on this card. There can be up to 2 stacks of
    wood on this card, as shown. The wood is treated the same as sown grain and is harvested
    during the field phase" (S1); seed 000 L708: 2 plots, 1 wood of the seat's and 2 from the
    supply on each, not both at once, 1 wood from each stack per field phase (IM-22)."""

    def test_two_plots_of_wood_sown_and_harvested(self):
        state, _, _ = full(2)
        holding(state, 0, "E176")
        placed = _hand_minor(state, 0, "I78", wood=3)
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "I78"})
        plots = [f["card"] for f in after["farms"][0]["card_fields"]]
        assert plots == ["I78", "I78/2"]
        sowing = _on("sow_bake", after)
        moves = _of_type(sowing, "card_sow")
        assert {(m["card"], m["crop"]) for m in moves} == {("I78", "wood"), ("I78/2", "wood")}
        wood = sowing["farms"][0]["supply"]["wood"]
        one, _ = listed_play(sowing, 0, {"type": "card_sow", "card": "I78", "crop": "wood"})
        assert one["farms"][0]["card_fields"][0]["count"] == 3
        assert one["farms"][0]["supply"]["wood"] == wood - 1
        check_invariants(one)
        harvested, _ = _harvest(one)
        assert harvested["farms"][0]["card_fields"][0]["count"] == 2
        assert harvested["farms"][0]["supply"]["wood"] == wood
        counts = _points(harvested)
        assert counts["grain"] == _points(one)["grain"]  # wood is no grain in scoring


class TestI088Lasso:
    """I88 Lasso: "You can place exactly two people immediately after one another, if at least
    one of them uses the '1 Wild Boar', '1 Cattle' or '1 Sheep' action space" (S1); seed 000
    L582: never more than two at once, as often as the people allow (IM-23)."""

    def _turn(self):
        state, _, _ = full(2)
        holding(state, 0, "I88")
        turn(state, 0, home=2)
        state["farms"][1]["home"] = 2
        reveal(state, "sheep", sheep=1)
        reveal(state, "grain")
        reveal(state, "forest", wood=3)
        return state

    def test_sheep_then_any_space_in_one_turn(self):
        state = self._turn()
        roped, _ = listed_play(state, 0, {"type": "card_lasso", "card": "I88"})
        first, _ = listed_play(roped, 0, {"type": "place", "space": "sheep"})
        assert AGRICOLA.status(first).to_act == (0,)
        second, _ = listed_play(first, 0, {"type": "place", "space": "forest"})
        assert AGRICOLA.status(second).to_act == (1,)
        assert second["farms"][0]["card_state"]["I88"] is None

    def test_after_another_space_the_second_goes_to_an_animal_space(self):
        state = self._turn()
        roped, _ = listed_play(state, 0, {"type": "card_lasso", "card": "I88"})
        first, _ = listed_play(roped, 0, {"type": "place", "space": "grain"})
        assert AGRICOLA.status(first).to_act == (0,)
        places = {m["space"] for m in _of_type(first, "place")}
        assert places == {"sheep"}
        second, _ = listed_play(first, 0, {"type": "place", "space": "sheep"})
        assert AGRICOLA.status(second).to_act == (1,)

    def test_without_the_lasso_the_turn_passes(self):
        state = self._turn()
        after, _ = listed_play(state, 0, {"type": "place", "space": "sheep"})
        assert AGRICOLA.status(after).to_act == (1,)

    def test_needs_two_people_and_a_free_animal_space(self):
        state = self._turn()
        state["farms"][0]["home"] = 1
        assert not _of_type(state, "card_lasso")
