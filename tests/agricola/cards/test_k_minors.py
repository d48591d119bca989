"""K-deck minor improvements (catalogue 105-146, 339), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it; decisions where the sources leave
room are in docs/rules/cards-k-minors.md (KM-nn), cited where they apply.
"""

from __future__ import annotations

from domain.agricola import AGRICOLA
from domain.agricola.builder import Builder
from domain.agricola.cards import decks
from domain.agricola.flow import start_harvest
from domain.agricola.scoring import score_sheet

from ..support import build_farm, check_invariants, give, give_animals, reveal, turn
from .helpers import animals, food, full, hand, holding, listed_play, minor, of_type, owns, play


def _points(state, seat=0):
    return {c["key"]: c["points"] for c in score_sheet(state)["seats"][seat]["categories"]}


def _bonus_with(card, state, seat=0):
    """The bonus points ``card`` adds to the seat's score sheet as the farm stands."""
    before = _points(state, seat)["bonus_points"]
    holding(state, seat, card)
    return _points(state, seat)["bonus_points"] - before


def _start_round(state, round_no):
    from domain.agricola.cards.hooks import round_start

    state["round"] = round_no
    b = Builder(state)
    round_start(b, round_no)
    return b.state


def _harvest(state):
    """The field phase and feeding of a harvest, run by the rules (``flow.start_harvest``)."""
    b = Builder(state)
    start_harvest(b)
    return b.state, b.events


def _on(state, space, seat=0, **goods):
    """``seat`` places a person on ``space`` holding ``goods``."""
    turn(state, seat)
    reveal(state, space)
    give(state, seat, **goods)
    placed, _ = play(state, seat, {"type": "place", "space": space})
    return placed


def _played(card, seat=0, state=None, move=None, **goods):
    """``seat`` plays ``card`` on Major or Minor Improvement, holding ``goods`` (``move``: more
    fields of the ``play_minor`` move, e.g. ``pay``)."""
    if state is None:
        state, _, _ = full(2)
    give(state, seat, **goods)
    return minor(state, seat, card, **(move or {}))


# -- goods when played ----------------------------------------------------------------------------


class TestK107Lumber:
    """K107 Lumber: "When you play this card, you receive 3 wood. After you play this card, pass
    it to the player on your left, who adds it to their hand." (S1)."""

    def test_three_wood_then_passed_left(self):
        state, _, _ = full(2)
        after, _ = _played("K107", state=state, stone=1)
        assert after["farms"][0]["supply"]["wood"] == state["farms"][0]["supply"]["wood"] + 3
        assert after["farms"][0]["supply"]["stone"] == 0
        assert "K107" in hand(after, 1)["minors"] and "K107" not in after["farms"][0]["minors"]
        check_invariants(after)


class TestK129CornSheaf:
    """K129 Corn Sheaf: "When you play this card, you receive 1 grain. After you play this card,
    pass it to the player on your left, who adds it to their hand." (S1; free, catalogue C15)."""

    def test_one_grain_then_passed_left(self):
        state, _, _ = full(2)
        after, _ = _played("K129", state=state)
        assert after["farms"][0]["supply"]["grain"] == state["farms"][0]["supply"]["grain"] + 1
        assert "K129" in hand(after, 1)["minors"]


class TestK141BoarBreeding:
    """K141 Boar Breeding: "When you play this card, you receive 1 wild boar. After you play
    this card, pass it to the player on your left" (S1); seed 000 L682: the boar may be cooked
    at once."""

    def test_a_boar_then_passed_left(self):
        state, _, _ = full(2)
        after, _ = _played("K141", state=state, food=1)
        assert animals(after, "boar") == 1
        assert "K141" in hand(after, 1)["minors"]

    def test_a_boar_with_no_place_may_be_cooked_at_once(self):
        state, _, _ = full(2)
        owns(state, 0, "fireplace_2")
        give_animals(state, 0, sheep=1)  # the house's one place is taken
        after, _ = _played("K141", state=state, food=1)
        assert animals(after, "boar") == 1
        cooked, _ = listed_play(after, 0, {"type": "convert", "good": "boar"})
        assert animals(cooked, "boar") == 0 and food(cooked) == food(after) + 2


class TestK143StoneExchange:
    """K143 Stone Exchange: "When you play this card, you receive 2 stone. After you play this
    card, pass it to the player on your left" (S1); cost 2 wood or 2 clay, never 1 of each
    (seed 000 L626)."""

    def test_two_stone_for_two_clay(self):
        state, _, _ = full(2)
        give(state, 0, clay=2, wood=1)
        turn(state, 0)
        from .helpers import in_hand

        in_hand(state, 0, "K143")
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        moves = [m for m in AGRICOLA.legal_moves(placed, 0) if m.get("card") == "K143"]
        assert moves == [{"type": "play_minor", "card": "K143", "pay": 1}]  # not wood + clay
        after, _ = play(placed, 0, moves[0])
        assert after["farms"][0]["supply"]["stone"] == 2
        assert after["farms"][0]["supply"]["clay"] == 0
        assert "K143" in hand(after, 1)["minors"]


# -- goods on future round spaces --------------------------------------------------------------


def _schedule_after_play(card, round_no, move=None, **cost):
    state, _, _ = full(2)
    state["round"] = round_no
    after, _ = _played(card, state=state, move=move, **cost)
    return after, {int(r): g for r, g in after["farms"][0]["schedule"].items()}


class TestK108Beehive:
    """K108 Beehive: "Place 2 food on each remaining even-numbered round space. At the start of
    these rounds, you receive the food." (S1; prerequisite 2 improvements and 3 occupations)."""

    def test_two_food_on_the_even_rounds_after_this_one(self):
        state, _, _ = full(2)
        holding(state, 0, "E147", "E148", "E152", "E12", "E30")
        state["round"] = 6
        after, _ = _played("K108", state=state)
        schedule = {int(r): g for r, g in after["farms"][0]["schedule"].items()}
        assert schedule == {r: {"food": 2} for r in (8, 10, 12, 14)}
        started = _start_round(after, 8)
        assert food(started) == food(after) + 2

    def test_needs_three_occupations(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        holding(state, 0, "E147", "E148", "E12", "E30")  # E148 Academic counts as 2
        assert prerequisite_problem(state, 0, "K108") is None
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152", "E12", "E30")
        assert "3 occupation" in prerequisite_problem(state, 0, "K108")


class TestK114DuckPond:
    """K114 Duck Pond: "Place 1 food on each of the next 3 round spaces. At the start of these
    rounds, you receive the food." (S1)."""

    def test_one_food_on_the_next_three_rounds(self):
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152")
        state["round"] = 12
        after, _ = _played("K114", state=state)
        assert after["farms"][0]["schedule"] == {"13": {"food": 1}, "14": {"food": 1}}


class TestK116Granary:
    """K116 Granary: "Place 1 grain on each remaining space for rounds 8, 10 and 12. At the
    start of these rounds, you receive the grain." (S1); seed 000 L580: paid all in wood or all
    in clay; nothing for the current or earlier rounds."""

    def test_grain_on_rounds_8_10_12_still_to_come(self):
        after, schedule = _schedule_after_play("K116", 8, move={"pay": 1}, clay=3)
        assert schedule == {10: {"grain": 1}, 12: {"grain": 1}}
        assert after["farms"][0]["supply"]["clay"] == 0
        started = _start_round(after, 10)
        assert started["farms"][0]["supply"]["grain"] == after["farms"][0]["supply"]["grain"] + 1


class TestK130HerbGarden:
    """K130 Herb Garden: "Place 1 food on each of the next 5 round spaces. At the start of each
    round, you receive the food." (S1; prerequisite 1 vegetable field); seed 000 L716: a sown
    Bean Field, Lettuce Patch or Turnip Field counts as a vegetable field for it."""

    def test_one_food_on_the_next_five_rounds(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields={2: ("vegetable", 2)})
        state["round"] = 11
        after, _ = _played("K130", state=state)
        assert sorted(int(r) for r in after["farms"][0]["schedule"]) == [12, 13, 14]

    def test_needs_a_sown_vegetable_field(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        build_farm(state, 0, fields={2: ("grain", 3), 7: (None, 0)})
        assert "vegetable" in prerequisite_problem(state, 0, "K130")
        state["farms"][0]["card_fields"] = [
            {"card": "E18", "crop": "vegetable", "count": 2, "allowed": ["vegetable"]}
        ]
        assert prerequisite_problem(state, 0, "K130") is None


class TestK140SwanLake:
    """K140 Swan Lake: "Place 1 food each on the next 5 remaining round spaces. At the start of
    these rounds, you receive the food." (S1; prerequisite 4 occupations)."""

    def test_one_food_on_the_next_five_rounds(self):
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152", "E153", "E154")
        state["round"] = 3
        after, _ = _played("K140", state=state)
        assert sorted(int(r) for r in after["farms"][0]["schedule"]) == [4, 5, 6, 7, 8]


class TestK142StoneCart:
    """K142 Stone Cart: "Place 1 stone on each remaining even-numbered round spaces. At the start
    of these rounds, you receive the stone." (S1)."""

    def test_stone_on_the_even_rounds_to_come(self):
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152")
        state["round"] = 9
        after, _ = _played("K142", state=state, wood=2)
        schedule = {int(r): g for r, g in after["farms"][0]["schedule"].items()}
        assert schedule == {r: {"stone": 1} for r in (10, 12, 14)}
        started = _start_round(after, 10)
        assert started["farms"][0]["supply"]["stone"] == 1


# -- action spaces ---------------------------------------------------------------------------------


class TestK131ClayPit:
    """K131 Clay Pit: "Whenever you use the 'Day Laborer' action space, you receive 3 additional
    clay." (S1)."""

    def test_day_laborer_gives_three_clay_more(self):
        state, _, _ = full(2)
        holding(state, 0, "K131")
        placed = _on(state, "day_laborer_full")
        assert placed["farms"][0]["supply"]["clay"] == 3
        assert food(placed) == food(state) + 2


class TestK126LandingNet:
    """K126 Landing Net: "Whenever you receive reed on an action space, you receive an
    additional 2 food. This is reduced to 1 food if you receive other building resources as
    well as reed." (S1); seed 000 L692: the other building resources are wood, clay and
    stone."""

    def test_reed_alone_two_food(self):
        state, _, _ = full(2)
        holding(state, 0, "K126")
        reveal(state, "reed_bank", reed=2)
        placed = _on(state, "reed_bank")
        assert food(placed) == food(state) + 2

    def test_reed_with_stone_and_wood_one_food(self):
        state, _, _ = full(2)
        holding(state, 0, "K126")
        reveal(state, "reed_stone_wood", reed=1)
        placed = _on(state, "reed_stone_wood")
        assert placed["farms"][0]["supply"]["stone"] >= 1
        assert food(placed) == food(state) + 1

    def test_no_reed_no_food(self):
        state, _, _ = full(2)
        holding(state, 0, "K126")
        placed = _on(state, "day_laborer_full")
        assert food(placed) == food(state) + 2  # the Day Laborer's own food only


# -- the field phase and scoring ---------------------------------------------------------------


class TestK133MilkingStool:
    """K133 Milking Stool: "Whenever you have cattle during the field phase of a harvest, you
    receive food: 1 food if you have 1 or 2 cattle; 2 food if you have 3 or 4 cattle; 3 food if
    you have 5 or more cattle. At the end of the game, you receive 1 bonus point for every 2
    cattle." (S1)."""

    def test_field_phase_food_by_cattle(self):
        for cattle, extra in ((0, 0), (2, 1), (3, 2), (5, 3)):
            state, _, _ = full(2)
            build_farm(state, 0, pastures=[[4, 9, 14]])
            give_animals(state, 0, cattle=cattle)
            give(state, 0, food=10)
            plain, _ = _harvest(json_copy(state))
            holding(state, 0, "K133")
            harvested, _ = _harvest(state)
            assert food(harvested) - food(plain) == extra, cattle

    def test_a_point_per_two_cattle(self):
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[4, 9, 14]])
        give_animals(state, 0, cattle=5)
        assert _bonus_with("K133", state) == 2


class TestK146Loom:
    """K146 Loom: "Whenever you have sheep during the field phase of a harvest, you receive
    food: 1 food if you have 1 to 3 sheep; 2 food for 4 to 6 sheep; or 3 food for 7 or more
    sheep. At the end of the game, you receive 1 bonus point for every 3 sheep." (S1)."""

    def test_field_phase_food_by_sheep(self):
        for sheep, extra in ((1, 1), (4, 2), (7, 3)):
            state, _, _ = full(2)
            build_farm(state, 0, pastures=[[3, 4, 8, 9]])
            give_animals(state, 0, sheep=sheep)
            give(state, 0, food=10)
            plain, _ = _harvest(json_copy(state))
            holding(state, 0, "K146")
            harvested, _ = _harvest(state)
            assert food(harvested) - food(plain) == extra, sheep

    def test_a_point_per_three_sheep(self):
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4, 8, 9]])
        give_animals(state, 0, sheep=7)
        assert _bonus_with("K146", state) == 2


class TestK123WoodenStrongbox:
    """K123 Wooden Strongbox: "At the end of the game, you get 2 bonus points if your home
    contains 5 rooms, or 4 bonus points if you have 6 or more rooms." (S1)."""

    def test_points_by_rooms(self):
        for rooms, points in (([0, 5], 0), ([0, 5, 10, 1], 0), ([0, 5, 10, 1, 6], 2)):
            state, _, _ = full(2)
            build_farm(state, 0, rooms=rooms)
            assert _bonus_with("K123", state) == points, rooms
        state, _, _ = full(2)
        build_farm(state, 0, rooms=[0, 5, 10, 1, 6, 11])
        assert _bonus_with("K123", state) == 4


class TestK144Mansion:
    """K144 Mansion: "At the end of the game, you receive 2 bonus points for each room in your
    stone house. In total, you receive 4 points per room instead of the usual 2 points." (S1);
    seed 000 L698: adds to the Reeve's points. Printed VP: KM-01."""

    def test_two_points_per_stone_room(self):
        state, _, _ = full(2)
        build_farm(state, 0, house="stone", rooms=[0, 5, 10])
        assert _bonus_with("K144", state) == 6
        state, _, _ = full(2)
        build_farm(state, 0, house="clay")
        assert _bonus_with("K144", state) == 0


class TestK135Horse:
    """K135 Horse: "You receive 2 bonus points for any one type of animal missing from your
    farm at the end of the game." (S1); seed 000 L656: the horse needs no place and is no
    livestock. KM-02: 2 points once, however many types are missing."""

    def test_two_points_when_a_type_is_missing(self):
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4, 8, 9]])
        give_animals(state, 0, sheep=1, boar=1)
        assert _bonus_with("K135", state) == 2
        state, _, _ = full(2)
        assert _bonus_with("K135", state) == 2  # no animal at all: still 2

    def test_nothing_with_every_type(self):
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4, 8, 9]])
        give_animals(state, 0, sheep=1, boar=1, cattle=1)
        assert _bonus_with("K135", state) == 0


class TestK110Brewery:
    """K110 Brewery: "During the feeding phase of the harvest, you can use the Brewery to convert
    at most 1 grain to 3 food. At the end of the game, you receive 1 bonus point for your ninth
    grain." (S1); seed 000 L680: not baking. KM-03: grain counted as the score pad counts it."""

    def test_one_grain_to_three_food_once_per_feeding(self):
        state, _, _ = full(2)
        holding(state, 0, "K110")
        give(state, 0, grain=2)
        move = {"type": "card_convert", "card": "K110", "option": 0}
        turn(state, 0)
        assert move not in AGRICOLA.legal_moves(state, 0)  # feeding phase only
        state["phase"] = "harvest_feeding"
        state["pending"] = [{"kind": "feed", "need": 4}, None]
        after, _ = listed_play(state, 0, move)
        assert food(after) == food(state) + 3
        assert move not in AGRICOLA.legal_moves(after, 0)

    def test_a_point_for_the_ninth_grain_fields_included(self):
        state, _, _ = full(2)
        build_farm(state, 0, fields={2: ("grain", 3)})
        give(state, 0, grain=5)
        assert _bonus_with("K110", json_copy(state)) == 0
        give(state, 0, grain=1)
        assert _bonus_with("K110", state) == 1


# -- improvements that bake --------------------------------------------------------------------


class TestK106Bakehouse:
    """K106 Bakehouse: "Whenever you use a bread baking action, you can use the Bakehouse to
    convert up to 2 grain into 5 food each. When you play this card, you can also bake bread
    immediately." (S1; paid by returning an oven); seed 000 L678: it is not an oven."""

    def test_returns_an_oven_and_bakes_at_once(self):
        state, _, _ = full(2)
        owns(state, 0, "clay_oven")
        give(state, 0, stone=3, grain=2)
        turn(state, 0)
        from .helpers import in_hand

        in_hand(state, 0, "K106")
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        move = {"type": "play_minor", "card": "K106", "return": ["clay_oven"]}
        after, _ = listed_play(placed, 0, move)
        assert state["majors"]["clay_oven"] == 0 and after["majors"]["clay_oven"] is None
        baked, _ = listed_play(after, 0, {"type": "bake", "improvement": "K106", "grain": 2})
        assert food(baked) == food(after) + 10

    def test_not_an_oven(self):
        from domain.agricola.improvements import is_a

        state, _, _ = full(2)
        holding(state, 0, "K106")
        assert not is_a("K106", "oven")


# -- rooms -------------------------------------------------------------------------------------


class TestK132ClayHutExtension:
    """K132 Clay Hut Extension: "When you play this card, immediately extend your clay hut by 1
    room. After you play this card, pass it to the player on your left" (S1); seed 000 L704: an
    extension of the home, room-cost cards do not change its price."""

    def test_a_free_room_for_a_clay_hut(self):
        state, _, _ = full(2)
        build_farm(state, 0, house="clay")
        after, _ = _played("K132", state=state, reed=1, clay=4)
        rooms = of_type(after, "build_room")
        assert rooms
        built, _ = listed_play(after, 0, rooms[0])
        assert len(built["farms"][0]["rooms"]) == 3
        assert built["farms"][0]["supply"]["clay"] == 0 and built["farms"][0]["supply"]["reed"] == 0
        assert "K132" in hand(built, 1)["minors"]

    def test_not_for_a_wooden_hut(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        assert "clay hut" in prerequisite_problem(state, 0, "K132")


# -- cooking, harvest conversions --------------------------------------------------------------


def _feeding(state, seat=0):
    state["phase"] = "harvest_feeding"
    state["pending"] = [None] * len(state["players"])
    state["pending"][seat] = {"kind": "feed", "need": 4}
    return state


class TestK128CookingHearth:
    """K128 Cooking Hearth: "At any time, you can convert goods to food as follows: vegetables →
    3 food; sheep → 2 food; wild boar → 3 food; cattle → 4 food. Whenever you use a bread baking
    action, you may convert: grain → 3 food." (S1); seed 000 L684: paid by returning the
    Fireplace or the Simple Fireplace. KM-05: a Cooking Hearth for the cards that name one."""

    def _played(self, fireplace):
        state, _, _ = full(2)
        if fireplace == "E20":
            holding(state, 0, "E20")  # the Simple Fireplace, a minor in play
        else:
            owns(state, 0, fireplace)
        turn(state, 0)
        from .helpers import in_hand

        in_hand(state, 0, "K128")
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        move = {"type": "play_minor", "card": "K128", "return": [fireplace]}
        return listed_play(placed, 0, move)[0]

    def test_returns_a_fireplace_and_cooks_at_hearth_rates(self):
        after = self._played("fireplace_2")
        assert after["majors"]["fireplace_2"] is None
        turn(after, 0)
        give(after, 0, vegetable=1)
        before = food(after)
        cooked, _ = listed_play(after, 0, {"type": "convert", "good": "vegetable"})
        assert food(cooked) == before + 3

    def test_returns_a_simple_fireplace(self):
        after = self._played("E20")
        assert "E20" not in after["farms"][0]["cards"] and "K128" in after["farms"][0]["cards"]

    def test_needs_a_fireplace_to_return(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        assert prerequisite_problem(state, 0, "K128")

    def test_bakes_grain_for_three(self):
        state, _, _ = full(2)
        holding(state, 0, "K128")
        give(state, 0, grain=2)
        placed = _on(state, "sow_bake")
        baked, _ = listed_play(placed, 0, {"type": "bake", "improvement": "K128", "grain": 2})
        assert food(baked) == food(placed) + 6

    def test_spices_count_it_as_a_cooking_hearth(self):
        """E25 Spices: "Whenever you convert a vegetable into food using a Fireplace or Cooking
        Hearth, you receive 1 additional food" (KM-05)."""
        state, _, _ = full(2)
        holding(state, 0, "K128", "E25")
        turn(state, 0)
        give(state, 0, vegetable=1)
        cooked, _ = listed_play(state, 0, {"type": "convert", "good": "vegetable"})
        assert food(cooked) == food(state) + 4


class TestK122Sawmill:
    """K122 Sawmill: "Each harvest, you may convert up to 1 wood to 3 food. At the end of the
    game, you receive 1/2/3 bonus points for 2/4/5 wood." (S1; paid by returning the Joinery,
    catalogue C14)."""

    def test_returns_the_joinery(self):
        state, _, _ = full(2)
        owns(state, 0, "joinery")
        turn(state, 0)
        from .helpers import in_hand

        in_hand(state, 0, "K122")
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        after, _ = listed_play(
            placed, 0, {"type": "play_minor", "card": "K122", "return": ["joinery"]}
        )
        assert after["majors"]["joinery"] is None and "K122" in after["farms"][0]["minors"]

    def test_one_wood_for_three_food_once_per_harvest(self):
        state, _, _ = full(2)
        holding(state, 0, "K122")
        give(state, 0, wood=3)
        move = {"type": "card_convert", "card": "K122", "option": 0}
        turn(state, 0)
        assert move not in AGRICOLA.legal_moves(state, 0)
        _feeding(state)
        after, _ = listed_play(state, 0, move)
        assert food(after) == food(state) + 3
        assert move not in AGRICOLA.legal_moves(after, 0)

    def test_points_for_wood(self):
        for wood, points in ((1, 0), (2, 1), (4, 2), (5, 3), (9, 3)):
            state, _, _ = full(2)
            give(state, 0, wood=wood)
            assert _bonus_with("K122", state) == points, wood


class TestK109SpitRoast:
    """K109 Spit Roast: "Whenever you convert at least 1 animal to food during the feeding phase
    of the harvest, you receive 1 additional food." (S1). KM-04: once per feeding phase."""

    def test_one_food_once_per_feeding_phase(self):
        state, _, _ = full(2)
        holding(state, 0, "K109")
        owns(state, 0, "fireplace_2")
        build_farm(state, 0, pastures=[[3, 4, 8, 9]])
        give_animals(state, 0, sheep=3)
        _feeding(state)
        one, _ = listed_play(state, 0, {"type": "convert", "good": "sheep"})
        assert food(one) == food(state) + 2 + 1
        two, _ = listed_play(one, 0, {"type": "convert", "good": "sheep"})
        assert food(two) == food(one) + 2

    def test_nothing_outside_the_feeding_phase(self):
        state, _, _ = full(2)
        holding(state, 0, "K109")
        owns(state, 0, "fireplace_2")
        give_animals(state, 0, sheep=1)
        turn(state, 0)
        cooked, _ = listed_play(state, 0, {"type": "convert", "good": "sheep"})
        assert food(cooked) == food(state) + 2


class TestK339Pelts:
    """K339 Pelts: "For each animal that you convert to food and return to the general supply,
    you may place 1 food from your personal supply in 1 of your rooms. You may have a maximum
    of 1 food in each room. You cannot use these food any more, but each is worth 1 bonus point
    at the end of the game." (S1); seed 000 L756. KM-06: the chance lasts until the seat's next
    placement."""

    def test_a_food_in_a_room_per_animal_cooked_one_point_each(self):
        state, _, _ = full(2)
        holding(state, 0, "K339")
        owns(state, 0, "fireplace_2")
        build_farm(state, 0, pastures=[[3, 4, 8, 9]])
        give_animals(state, 0, sheep=4)
        turn(state, 0)
        pelt = {"type": "card_convert", "card": "K339", "option": 0}
        assert pelt not in AGRICOLA.legal_moves(state, 0)
        cooked, _ = listed_play(state, 0, {"type": "convert", "good": "sheep", "count": 3})
        one, _ = listed_play(cooked, 0, pelt)
        two, _ = listed_play(one, 0, pelt)
        assert food(two) == food(cooked) - 2
        assert pelt not in AGRICOLA.legal_moves(two, 0)  # 2 rooms: at most 2 food
        assert _points(two)["bonus_points"] == _points(cooked)["bonus_points"] + 2

    def test_the_chance_lapses_with_the_next_placement(self):
        state, _, _ = full(2)
        holding(state, 0, "K339")
        owns(state, 0, "fireplace_2")
        give_animals(state, 0, sheep=1)
        turn(state, 0, home=2)
        cooked, _ = listed_play(state, 0, {"type": "convert", "good": "sheep"})
        placed, _ = play(cooked, 0, {"type": "place", "space": "day_laborer_full"})
        turn(placed, 0)
        pelt = {"type": "card_convert", "card": "K339", "option": 0}
        assert pelt not in AGRICOLA.legal_moves(placed, 0)


# -- sowing and fields ---------------------------------------------------------------------------


class TestK118LiquidManure:
    """K118 Liquid Manure: "Whenever you sow, place 1 additional grain or vegetable from the
    general supply on each new stack you sow." (S1; prerequisite 4 animals); seed 000 L662:
    card fields too, and it adds to the other sowing cards."""

    def test_each_new_stack_gets_one_more(self):
        state, _, _ = full(2)
        holding(state, 0, "K118")
        build_farm(state, 0, fields={2: (None, 0), 7: (None, 0)})
        give(state, 0, grain=1, vegetable=1)
        placed = _on(state, "sow_bake")
        sown, _ = listed_play(placed, 0, {"type": "sow", "space": 2, "crop": "grain"})
        sown, _ = listed_play(sown, 0, {"type": "sow", "space": 7, "crop": "vegetable"})
        counts = {f["space"]: f["count"] for f in sown["farms"][0]["fields"]}
        assert counts == {2: 4, 7: 3}
        check_invariants(sown)

    def test_needs_four_animals(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4, 8, 9]])
        give_animals(state, 0, sheep=3)
        assert "4 animals" in prerequisite_problem(state, 0, "K118")
        give_animals(state, 0, cattle=1)
        assert prerequisite_problem(state, 0, "K118") is None


class TestK139SleepingCorner:
    """K139 Sleeping Corner: "You can use any 'Family Growth' action space, even if another
    player has already placed a person there." (S1; prerequisite 2 grain fields); seed 000
    L722: with any family growth action."""

    def test_an_occupied_family_growth_space(self):
        state, _, _ = full(2)
        holding(state, 0, "K139")
        build_farm(state, 0, rooms=[0, 5, 10])
        turn(state, 0)
        reveal(state, "family_growth")
        state["spaces"]["family_growth"]["occupant"] = 1
        after, _ = listed_play(state, 0, {"type": "place", "space": "family_growth"})
        assert after["farms"][0]["family"] == 3

    def test_needs_two_sown_grain_fields(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        build_farm(state, 0, fields={2: ("grain", 3), 7: ("vegetable", 2)})
        assert "2 grain fields" in prerequisite_problem(state, 0, "K139")
        build_farm(state, 0, fields={2: ("grain", 3), 7: ("grain", 1)})
        assert prerequisite_problem(state, 0, "K139") is None

    def test_not_without_the_card(self):
        state, _, _ = full(2)
        build_farm(state, 0, rooms=[0, 5, 10])
        turn(state, 0)
        reveal(state, "family_growth")
        state["spaces"]["family_growth"]["occupant"] = 1
        assert {"type": "place", "space": "family_growth"} not in AGRICOLA.legal_moves(state, 0)


class TestK127Clapper:
    """K127 Clapper: "Whenever you use one of the family growth action spaces (or if you already
    have used one of these spaces in this round when you play the Clapper), place 1 additional
    grain on all of your fields that already contains at least 1 grain." (S1); seed 000 L686:
    not sowing. KM-07: card fields holding grain are fields."""

    def test_grain_on_grain_fields_at_family_growth(self):
        state, _, _ = full(2)
        holding(state, 0, "K127")
        build_farm(state, 0, rooms=[0, 5, 10], fields={2: ("grain", 2), 7: ("vegetable", 1)})
        turn(state, 0)
        reveal(state, "family_growth")
        after, _ = listed_play(state, 0, {"type": "place", "space": "family_growth"})
        counts = {f["space"]: f["count"] for f in after["farms"][0]["fields"]}
        assert counts == {2: 3, 7: 1}
        check_invariants(after)

    def test_played_after_this_round_growth(self):
        state, _, _ = full(2)
        build_farm(state, 0, rooms=[0, 5, 10], fields={2: ("grain", 1)})
        turn(state, 0)
        from .helpers import in_hand

        in_hand(state, 0, "K127")
        give(state, 0, wood=1)
        reveal(state, "family_growth_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "family_growth_minor"})
        after, _ = listed_play(placed, 0, {"type": "play_minor", "card": "K127"})
        assert after["farms"][0]["fields"][0]["count"] == 2

    def test_nothing_on_other_spaces(self):
        state, _, _ = full(2)
        holding(state, 0, "K127")
        build_farm(state, 0, fields={2: ("grain", 2)})
        placed = _on(state, "day_laborer_full")
        assert placed["farms"][0]["fields"][0]["count"] == 2


# -- where animals live ------------------------------------------------------------------------


class TestK120HouseGoat:
    """K120 House Goat: "In each feeding phase, you receive 1 food. Apart from the goat, you
    cannot hold any other animal in your home." (S1); seed 000 L630: the goat cannot be
    released to make room. KM-08: the food comes with the field phase, right before feeding; the
    card is played only when the seat's animals fit without the house."""

    def test_one_food_each_harvest(self):
        state, _, _ = full(2)
        give(state, 0, food=10)
        plain, _ = _harvest(json_copy(state))
        holding(state, 0, "K120")
        harvested, _ = _harvest(state)
        assert food(harvested) == food(plain) + 1

    def test_no_animal_in_the_house(self):
        from domain.agricola.state import housing
        from domain.common.housing import can_house

        state, _, _ = full(2)
        assert can_house(housing(state["farms"][0]), {"sheep": 1})
        holding(state, 0, "K120")
        assert not can_house(housing(state["farms"][0]), {"sheep": 1})

    def test_played_only_once_the_house_is_empty(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        give_animals(state, 0, sheep=1)
        assert "house" in prerequisite_problem(state, 0, "K120")
        build_farm(state, 0, stables=[14])
        assert prerequisite_problem(state, 0, "K120") is None
        after, _ = _played("K120", state=state)
        assert animals(after, "sheep") == 1 and not any(after["farms"][0]["unhoused"].values())


class TestK145ForestPasture:
    """K145 Forest Pasture: "This card can hold an unlimited number of wild boar." (S1; prerequisite
    3 occupations); seed 000 L648: the boar on it count when scoring boar. KM-09."""

    def test_any_number_of_boar_and_they_score(self):
        from domain.agricola.state import housing
        from domain.common.housing import can_house

        state, _, _ = full(2)
        holding(state, 0, "K145")
        home = housing(state["farms"][0])
        assert can_house(home, {"boar": 15, "sheep": 1})
        assert not can_house(home, {"boar": 15, "sheep": 2})
        give_animals(state, 0, boar=8)
        assert _points(state)["wild_boar"] == 4

    def test_boar_from_the_board_stay(self):
        state, _, _ = full(2)
        holding(state, 0, "K145")
        give_animals(state, 0, boar=5)
        reveal(state, "boar", boar=1)
        placed = _on(state, "boar")
        assert animals(placed, "boar") == 6 and not any(placed["farms"][0]["unhoused"].values())


# -- plows -----------------------------------------------------------------------------------


def _ploughing(card, space="plough", uses=0):
    state, _, _ = full(2)
    holding(state, 0, card)
    state["farms"][0]["card_state"][card] = uses
    placed = _on(state, space)
    after, _ = listed_play(placed, 0, {"type": "plough", "space": 2})
    return after


class TestK115SwingPlow:
    """K115 Swing Plow: "Twice during the game, when you use the 'Plow 1 Field' action space, you
    can plow 3 fields instead of 1." (S1); seed 000 L584: 2 fields instead of 3 is allowed, one
    plow or Harrow per ploughing. KM-10: not on 'Plough 1 Field and/or Sow'."""

    def test_two_more_fields_twice(self):
        after = _ploughing("K115")
        one, _ = listed_play(after, 0, {"type": "card_plough", "card": "K115", "space": 3})
        two, _ = listed_play(one, 0, {"type": "card_plough", "card": "K115", "space": 4})
        assert len(two["farms"][0]["fields"]) == 3
        assert not of_type(two, "card_plough")
        assert two["farms"][0]["card_state"]["K115"] == 1
        spent = _ploughing("K115", uses=1)
        assert of_type(spent, "card_plough")  # the second use
        gone = _ploughing("K115", uses=2)
        assert not of_type(gone, "card_plough")

    def test_not_on_plough_and_sow(self):
        after = _ploughing("K115", space="plough_sow")
        assert not of_type(after, "card_plough")


class TestK119CrookedPlow:
    """K119 Crooked Plow: "Once during the game, when you use the 'Plow 1 Field' action space,
    you can plow 3 fields instead of 1." (S1); seed 000 L638: 2 instead of 3 is allowed. KM-10."""

    def test_once_up_to_two_more_fields(self):
        after = _ploughing("K119")
        one, _ = listed_play(after, 0, {"type": "card_plough", "card": "K119", "space": 3})
        assert len(one["farms"][0]["fields"]) == 2
        assert one["farms"][0]["card_state"]["K119"] == 1
        assert not of_type(_ploughing("K119", uses=1), "card_plough")
        assert not of_type(_ploughing("K119", space="plough_sow"), "card_plough")


# -- occupations ----------------------------------------------------------------------------


class TestK112Bookshelf:
    """K112 Bookshelf: "Whenever you play 1 occupation, you receive 3 food before you pay the
    costs of the occupation." (S1; prerequisite 3 occupations); seed 000 L628: with the Writing
    Desk (E49) 3 food for each occupation, and the Patron (E192) adds its 2. KM-11."""

    def _holder(self, *more):
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152", "E153", "K112", *more)
        state["farms"][0]["supply"]["food"] = 0
        return state

    def test_three_food_before_paying(self):
        from .helpers import lessons

        state = self._holder()
        after, _ = lessons(state, 0, "E154")  # the 4th occupation costs 1 food
        assert "E154" in after["farms"][0]["occupations"]
        assert food(after) == 3 - 1

    def test_with_writing_desk_and_patron(self):
        from .helpers import in_hand

        state = self._holder("E49", "E192")
        turn(state, 0)
        in_hand(state, 0, "E154")
        in_hand(state, 0, "E155")
        placed, _ = play(state, 0, {"type": "place", "space": "lessons"})
        one, _ = listed_play(placed, 0, {"type": "play_occupation", "card": "E154"})
        assert food(one) == 3 + 2 - 1
        two, _ = listed_play(one, 0, {"type": "play_occupation", "card": "E155"})
        assert food(two) == food(one) + 3 + 2 - 2

    def test_without_it_the_occupation_is_unaffordable(self):
        from domain.agricola.cards.occupation_play import occupation_problem

        state, _, _ = full(2)
        holding(state, 0, "E147", "E152", "E153")
        state["farms"][0]["supply"]["food"] = 0
        from .helpers import in_hand

        in_hand(state, 0, "E154")
        assert occupation_problem(state, 0, "lessons", "E154")
        holding(state, 0, "K112")
        assert occupation_problem(state, 0, "lessons", "E154") is None


class TestK136BrushwoodRoof:
    """K136 Brushwood Roof: "Whenever you extend or renovate your home, you can replace 1 or 2
    reed with the same amount of wood." (S1; prerequisite 2 occupations); seed 000 L608: e.g. 1
    wood and 1 reed instead of 2 reed. KM-12."""

    def test_a_room_with_wood_for_reed(self):
        from domain.agricola.farm import room_costs

        state, _, _ = full(2)
        holding(state, 0, "K136")
        costs = room_costs(state["farms"][0])
        assert costs == [
            {"wood": 5, "reed": 2},
            {"wood": 6, "reed": 1},
            {"wood": 7},
        ]
        turn(state, 0)
        give(state, 0, wood=7)
        placed, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
        built, _ = listed_play(placed, 0, {"type": "build_room", "space": 0, "pay": 2})
        assert built["farms"][0]["supply"]["wood"] == 0 and len(built["farms"][0]["rooms"]) == 3

    def test_a_renovation_with_wood_for_reed(self):
        from domain.agricola.farm import renovations

        state, _, _ = full(2)
        holding(state, 0, "K136")
        assert ("clay", {"clay": 2, "wood": 1}) in renovations(state["farms"][0])
        give(state, 0, clay=2, wood=1)
        turn(state, 0)
        reveal(state, "renovation_improvement_full")
        pay = renovations(state["farms"][0]).index(("clay", {"clay": 2, "wood": 1}))
        move = {"type": "place", "space": "renovation_improvement_full", "pay": pay}
        after, _ = listed_play(state, 0, move)
        assert after["farms"][0]["house"] == "clay"
        assert after["farms"][0]["supply"]["wood"] == 0

    def test_without_it_only_reed(self):
        from domain.agricola.farm import room_costs

        state, _, _ = full(2)
        assert room_costs(state["farms"][0]) == [{"wood": 5, "reed": 2}]


# -- ploughing several fields when played ------------------------------------------------------


def _with_cattle(n, state=None):
    if state is None:
        state, _, _ = full(2)
    build_farm(state, 0, pastures=[[14]])
    give_animals(state, 0, cattle=n)
    return state


class TestK134OxTeam:
    """K134 Ox Team: "When you play this card, count how many complete rounds are left to be
    played. You can plow this many fields, up to a maximum of 3." (S1; prerequisite 2 cattle);
    seed 000 L744: the current round does not count; fewer fields are allowed."""

    def test_three_fields_early(self):
        state = _with_cattle(2)
        state["round"] = 5
        after, _ = _played("K134", state=state, wood=3)
        for space in (2, 3, 4):
            after, _ = listed_play(after, 0, {"type": "plough", "space": space})
        assert sorted(f["space"] for f in after["farms"][0]["fields"]) == [2, 3, 4]
        assert after["pending"][0] is None  # the step ends after the third
        check_invariants(after)

    def test_rounds_left_limit_and_stopping_early(self):
        state = _with_cattle(2)
        state["round"] = 13  # only round 14 is left
        after, _ = _played("K134", state=state, wood=3)
        one, _ = listed_play(after, 0, {"type": "plough", "space": 2})
        assert len(one["farms"][0]["fields"]) == 1 and one["pending"][0] is None
        state = _with_cattle(2)
        state["round"] = 5
        after, _ = _played("K134", state=state, wood=3)
        one, _ = listed_play(after, 0, {"type": "plough", "space": 2})
        stopped, _ = listed_play(one, 0, {"type": "done"})
        assert len(stopped["farms"][0]["fields"]) == 1 and stopped["pending"][0] is None

    def test_no_field_in_round_14(self):
        state = _with_cattle(2)
        state["round"] = 14
        after, _ = _played("K134", state=state, wood=3)
        assert not after["farms"][0]["fields"] and after["pending"][0] is None


class TestK124Yoke:
    """K124 Yoke: "When you play this card, you can immediately plow 1 field for each plow or
    Harrow that has been played by any player." (S1; prerequisite 1 cattle). KM-13: plows are
    improvements with "Plow" in their name (digest §10.2 item 5), the Harrow is I68."""

    def test_a_field_per_plow_of_any_player(self):
        state = _with_cattle(1)
        holding(state, 0, "E62")
        holding(state, 1, "K115")
        after, _ = _played("K124", state=state, wood=1)
        one, _ = listed_play(after, 0, {"type": "plough", "space": 2})
        two, _ = listed_play(one, 0, {"type": "plough", "space": 3})
        assert len(two["farms"][0]["fields"]) == 2 and two["pending"][0] is None

    def test_no_plow_no_field(self):
        state = _with_cattle(1)
        holding(state, 1, "E41")
        after, _ = _played("K124", state=state, wood=1)
        assert not after["farms"][0]["fields"] and after["pending"][0] is None


# -- card fields ---------------------------------------------------------------------------------


class TestK105Acreage:
    """K105 Acreage: "When you sow, you can plant grain on this card. There can be up to 2 stacks
    of grain on this card, as shown." (S1; prerequisite 1 occupation); seed 000 L664: two more
    places to sow grain, either or both, only when empty; the cards adding grain on sowing act
    on it. KM-17: two card fields, not fields in scoring."""

    def _played(self, *cards, grain=2):
        state, _, _ = full(2)
        holding(state, 0, "E147", *cards)
        after, _ = _played("K105", state=state)
        give(after, 0, grain=grain)
        return after

    def test_two_grain_stacks_sown_and_harvested(self):
        after = self._played()
        fields = after["farms"][0]["card_fields"]
        assert [(f["card"], f["allowed"]) for f in fields] == [
            ("K105", ["grain"]),
            ("K105/2", ["grain"]),
        ]
        sowing = _on(after, "sow_bake")
        moves = of_type(sowing, "card_sow")
        assert moves == [
            {"type": "card_sow", "card": "K105", "crop": "grain"},
            {"type": "card_sow", "card": "K105/2", "crop": "grain"},
        ]
        one, _ = listed_play(sowing, 0, moves[0])
        assert {"type": "card_sow", "card": "K105", "crop": "grain"} not in of_type(one, "card_sow")
        two, _ = listed_play(one, 0, moves[1])
        assert [f["count"] for f in two["farms"][0]["card_fields"]] == [3, 3]
        assert _points(two)["fields"] == _points(after)["fields"]  # no field in scoring
        give(two, 0, food=10)
        harvested, _ = _harvest(two)
        assert [f["count"] for f in harvested["farms"][0]["card_fields"]] == [2, 2]
        check_invariants(harvested)

    def test_liquid_manure_acts_on_it(self):
        after = self._played("K118", grain=1)
        sowing = _on(after, "sow_bake")
        sown, _ = listed_play(sowing, 0, {"type": "card_sow", "card": "K105/2", "crop": "grain"})
        assert sown["farms"][0]["card_fields"][1]["count"] == 4

    def test_the_second_stack_reads_as_the_card(self):
        after = self._played()
        sowing = _on(after, "sow_bake")
        _, events = play(sowing, 0, {"type": "card_sow", "card": "K105/2", "crop": "grain"})
        assert "Acreage (K105, plot 2)" in AGRICOLA.describe(events[0], ["Ann", "Bob"])


class TestK137TurnipField:
    """K137 Turnip Field: "When you sow, you can plant vegetables on this card as you would on a
    field. When you play this card, you can also carry out a sowing action." (S1; prerequisite 3
    occupations); seed 000 L696: sowing cards act on it as on a field. KM-14."""

    def _played(self, **goods):
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152", "E153")
        build_farm(state, 0, fields={2: (None, 0)})
        return _played("K137", state=state, **goods)[0]

    def test_a_sowing_action_at_once_on_the_card_and_the_fields(self):
        after = self._played(vegetable=1, grain=1)
        sow = {"type": "card_sow", "card": "K137", "crop": "vegetable"}
        assert sow in AGRICOLA.legal_moves(after, 0)
        assert {"type": "plough", "space": 3} not in AGRICOLA.legal_moves(after, 0)
        sown, _ = listed_play(after, 0, sow)
        field = sown["farms"][0]["card_fields"][0]
        assert (field["card"], field["crop"], field["count"]) == ("K137", "vegetable", 2)
        both, _ = listed_play(sown, 0, {"type": "sow", "space": 2, "crop": "grain"})
        assert both["pending"][0] is None
        check_invariants(both)

    def test_the_sowing_may_be_declined(self):
        after = self._played(vegetable=1)
        done, _ = listed_play(after, 0, {"type": "done"})
        assert done["farms"][0]["card_fields"][0]["count"] == 0

    def test_nothing_to_sow_ends_the_action(self):
        after = self._played()
        assert after["pending"][0] is None
        assert after["farms"][0]["card_fields"][0]["allowed"] == ["vegetable"]

    def test_liquid_manure_acts_on_it(self):
        """Seed 000 L662: Liquid Manure (K118) acts on the Turnip Field."""
        state, _, _ = full(2)
        holding(state, 0, "E147", "E152", "E153", "K118")
        give(state, 0, vegetable=1)
        after, _ = _played("K137", state=state)
        sown, _ = listed_play(after, 0, {"type": "card_sow", "card": "K137", "crop": "vegetable"})
        assert sown["farms"][0]["card_fields"][0]["count"] == 3


# -- goods bought at a round's start -------------------------------------------------------------


_BUY = {"type": "card_convert", "card": "K117", "option": 0}


class TestK117Greenhouse:
    """K117 Greenhouse: "Add 4 and 7 to the number of the current round and place 1 vegetable on
    each corresponding round space. At the start of these rounds, you can pay 1 food to take the
    vegetable." (S1; prerequisite 1 occupation); seed 000 L730: a vegetable not bought goes back
    to the general supply. KM-15: offered before the seat's first placement of the round."""

    def _played(self, round_no=3):
        state, _, _ = full(2)
        holding(state, 0, "E147")
        state["round"] = round_no
        after, _ = _played("K117", state=state, wood=2)
        return after

    def test_buy_the_vegetable_at_round_start(self):
        after = self._played(3)
        assert after["farms"][0]["card_state"]["K117/rounds"] == [7, 10]
        turn(after, 0)
        assert _BUY not in AGRICOLA.legal_moves(after, 0)
        started = _start_round(after, 7)
        turn(started, 0, home=2)
        give(started, 0, food=1)
        bought, _ = listed_play(started, 0, _BUY)
        assert bought["farms"][0]["supply"]["vegetable"] == 1
        assert food(bought) == food(started) - 1
        assert _BUY not in AGRICOLA.legal_moves(bought, 0)
        check_invariants(bought)

    def test_not_bought_before_the_first_placement_it_is_gone(self):
        after = self._played(3)
        started = _start_round(after, 10)
        turn(started, 0, home=2)
        give(started, 0, food=1)
        assert _BUY in AGRICOLA.legal_moves(started, 0)
        placed, _ = play(started, 0, {"type": "place", "space": "day_laborer_full"})
        turn(placed, 0)
        assert _BUY not in AGRICOLA.legal_moves(placed, 0)
        other = _start_round(placed, 11)
        turn(other, 0)
        assert _BUY not in AGRICOLA.legal_moves(other, 0)

    def test_late_play_keeps_only_rounds_up_to_14(self):
        after = self._played(9)
        assert after["farms"][0]["card_state"]["K117/rounds"] == [13]


# -- the hand ----------------------------------------------------------------------------------


class TestK125Broom:
    """K125 Broom: "Discard all the remaining minor improvements in your hand, and draw 7 new
    minor improvements. You can play 1 more minor improvement immediately." (S1); seed 000 L658:
    the new cards come from the deck the minors were dealt from. KM-16."""

    def _swept(self):
        from .helpers import in_hand

        state, rng, _ = full(2)
        old = list(hand(state, 0)["minors"])
        give(state, 0, wood=6, food=5, clay=5, reed=5, stone=5, grain=5)
        turn(state, 0)
        in_hand(state, 0, "K125")
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        move = {"type": "play_minor", "card": "K125"}
        assert move in AGRICOLA.legal_moves(placed, 0)
        after, events = play(placed, 0, move, rng)
        return state, old, after, events

    def test_the_rest_of_the_minor_hand_for_seven_new(self):
        state, old, after, _ = self._swept()
        new = hand(after, 0)["minors"]
        assert len(new) == 7 and not set(new) & set(old)
        assert set(old) <= set(hand(after, 0)["discarded"])
        assert hand(after, 0)["occupations"] == hand(state, 0)["occupations"]
        held = {c for h in after["hands"]["_private"].values() for c in h["minors"]}
        assert all(c[0] == "E" for c in new)  # the game's deck (seed 000 L658)
        assert len(held) == len(hand(after, 1)["minors"]) + 7
        check_invariants(after)

    def test_then_one_more_minor_or_done(self):
        _, _, after, _ = self._swept()
        assert after["pending"][0]["kind"] == "minor"
        minors = of_type(after, "play_minor")
        assert minors and {m["card"] for m in minors} <= set(hand(after, 0)["minors"])
        played, _ = listed_play(after, 0, minors[0])
        assert minors[0]["card"] in played["farms"][0]["cards"] + hand(played, 1)["minors"]
        assert not of_type(played, "play_minor")
        declined, _ = listed_play(after, 0, {"type": "done"})
        assert declined["pending"][0] is None

    def test_the_draw_is_hidden_from_other_seats(self):
        _, _, _, events = self._swept()
        drawn = next(e for e in events if e.type == "CardsDrawn")
        assert set(drawn.data) == {"deck", "_private"}


# -- bakes in an action of the holder's own ------------------------------------------------------


def _bake_move(state, card):
    return [m for m in of_type(state, "card_bake") if m["card"] == card]


class TestK113Flail:
    """K113 Flail: "Whenever you use the 'Plow 1 Field' or 'Plow Field and Sow' action spaces,
    you can additionally bake bread." (S1; prerequisite 1 occupation). KM-18."""

    def _holder(self):
        state, _, _ = full(2)
        holding(state, 0, "K113")
        owns(state, 0, "clay_oven")
        give(state, 0, grain=2)
        return state

    def test_bake_after_ploughing(self):
        placed = _on(self._holder(), "plough")
        ploughed, _ = listed_play(placed, 0, {"type": "plough", "space": 2})
        assert ploughed["pending"][0] is not None  # the bake keeps the action open
        move = {"type": "card_bake", "card": "K113", "improvement": "clay_oven", "grain": 1}
        assert _bake_move(ploughed, "K113") == [move]
        baked, _ = listed_play(ploughed, 0, move)
        assert food(baked) == food(ploughed) + 5
        assert baked["pending"][0] is None and not _bake_move(baked, "K113")
        check_invariants(baked)

    def test_not_before_the_action_is_carried_out(self):
        """KM-18: baking first could take the grain the sowing needs (a dead end)."""
        placed = _on(self._holder(), "plough_sow")
        assert not _bake_move(placed, "K113")

    def test_declined_with_done(self):
        placed = _on(self._holder(), "plough_sow")
        ploughed, _ = listed_play(placed, 0, {"type": "plough", "space": 2})
        ended, _ = listed_play(ploughed, 0, {"type": "done"})
        turn(ended, 0)
        assert not _bake_move(ended, "K113")

    def test_not_on_other_spaces(self):
        placed = _on(self._holder(), "day_laborer_full")
        turn(placed, 0)
        assert not _bake_move(placed, "K113")


class TestK111BreadPaddle:
    """K111 Bread Paddle: "Whenever you play an occupation, you may also bake bread." (S1); seed
    000 L652: also for occupations played through other cards. KM-18."""

    def test_bake_after_an_occupation(self):
        from .helpers import lessons

        state, _, _ = full(2)
        holding(state, 0, "K111")
        owns(state, 0, "fireplace_2")
        give(state, 0, grain=1)
        played, _ = lessons(state, 0, "E154")
        assert played["pending"][0] is not None
        move = {"type": "card_bake", "card": "K111", "improvement": "fireplace_2", "grain": 1}
        assert _bake_move(played, "K111") == [move]
        baked, _ = listed_play(played, 0, move)
        assert food(baked) == food(played) + 2 and baked["pending"][0] is None

    def test_nothing_to_bake_ends_the_action(self):
        from .helpers import lessons

        state, _, _ = full(2)
        holding(state, 0, "K111")
        played, _ = lessons(state, 0, "E154")
        assert played["pending"][0] is None

    def test_declined_then_not_offered_again(self):
        from .helpers import lessons

        state, _, _ = full(2)
        holding(state, 0, "K111")
        owns(state, 0, "fireplace_2")
        give(state, 0, grain=1)
        played, _ = lessons(state, 0, "E154")
        ended, _ = listed_play(played, 0, {"type": "done"})
        turn(ended, 0)
        assert not _bake_move(ended, "K111")


# -- a person living on a card ------------------------------------------------------------------


class TestK138ReedHut:
    """K138 Reed Hut: "Place one family member token that you have not yet brought into the game
    onto this card, where it will live for the rest of the game. It can take actions and must be
    fed, but it is not worth any points while living in the Reed Hut." (S1); seed 000 L740: it
    does not count when the family plans a growth. KM-19."""

    def test_a_person_joins_without_a_room(self):
        state, _, _ = full(2)
        after, _ = _played("K138", state=state, reed=4, wood=1)
        farm = after["farms"][0]
        assert farm["family"] == 3 and len(farm["rooms"]) == 2
        assert farm["newborns"] == 1  # fed as a newborn this round, acts from the next
        assert _points(after)["family_members"] == 9
        assert _points(after)["bonus_points"] == _points(state)["bonus_points"] - 3
        check_invariants(after)

    def test_it_needs_no_room_when_the_family_grows(self):
        from domain.agricola.farm import growth_problem

        state, _, _ = full(2)
        build_farm(state, 0, rooms=[0, 5, 10], family=3)
        assert growth_problem(state["farms"][0], needs_room=True)
        holding(state, 0, "K138")
        assert growth_problem(state["farms"][0], needs_room=True) is None
        turn(state, 0)
        reveal(state, "family_growth")
        grown, _ = listed_play(state, 0, {"type": "place", "space": "family_growth"})
        assert grown["farms"][0]["family"] == 4

    def test_not_with_five_people(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        build_farm(state, 0, rooms=[0, 5, 10, 1, 6], family=5)
        assert "token" in prerequisite_problem(state, 0, "K138")


# -- fences and stables ------------------------------------------------------------------------


def _fences_action(wood, *cards, played=()):
    state, _, _ = full(2)
    holding(state, 0, *cards)
    for card in played:  # the card's on-play state, as playing it sets it
        state["farms"][0]["card_state"][card] = "next stable"
    return _on(state, "fences", wood=wood)


class TestK121Sawhorse:
    """K121 Sawhorse: "The next stable you place in your farmyard, as well as your 3rd, 6th, 9th,
    12th and 15th fence, costs you nothing." (S1); seed 000 L632: a listed fence another card
    already makes free gives no other free fence in its place. KM-20."""

    def test_the_third_fence_is_free(self):
        placed = _fences_action(3, "K121")
        marked, _ = listed_play(placed, 0, {"type": "fence_space", "space": 4})
        closed, _ = listed_play(marked, 0, {"type": "close_pasture"})
        assert closed["farms"][0]["pastures"] == [[4]]
        assert closed["farms"][0]["supply"]["wood"] == 0  # 4 fences for 3 wood
        check_invariants(closed)

    def test_without_it_four_wood(self):
        state, _, _ = full(2)
        turn(state, 0)
        reveal(state, "fences")
        give(state, 0, wood=3)
        assert {"type": "place", "space": "fences"} not in AGRICOLA.legal_moves(state, 0)
        holding(state, 0, "K121")
        assert {"type": "place", "space": "fences"} in AGRICOLA.legal_moves(state, 0)

    def test_later_numbers(self):
        from domain.agricola.farm import fence_price

        state, _, _ = full(2)
        holding(state, 0, "K121")
        farm = state["farms"][0]
        farm["fences"] = [f"e{i}" for i in range(4)]  # 4 fences built: the next are 5th, 6th...
        assert fence_price(farm, 2) == 1  # 5th paid, 6th free
        assert fence_price(farm, 6) == 4  # 6th and 9th free

    def test_no_compensation_with_the_hedge_keeper(self):
        """Seed 000 L632: the Hedge Keeper (E175) makes 3 fences free after 1 paid; the 3rd fence
        is one of them, so the Sawhorse gives nothing more for a 4-fence pasture."""
        placed = _fences_action(1, "K121", "E175")
        marked, _ = listed_play(placed, 0, {"type": "fence_space", "space": 4})
        closed, _ = listed_play(marked, 0, {"type": "close_pasture"})
        assert closed["farms"][0]["pastures"] == [[4]]
        assert closed["farms"][0]["supply"]["wood"] == 0

    def test_the_next_stable_is_free_once(self):
        state, _, _ = full(2)
        after, _ = _played("K121", state=state, wood=2)
        assert after["farms"][0]["card_state"]["K121"] == "next stable"
        placed = _on(after, "rooms_stables")
        built, _ = listed_play(placed, 0, {"type": "build_stable", "space": 14})
        assert built["farms"][0]["stables"] == [14] and built["farms"][0]["supply"]["wood"] == 0
        assert built["farms"][0]["card_state"]["K121"] == "used"
        turn(built, 0)
        place = {"type": "place", "space": "rooms_stables"}
        assert place not in AGRICOLA.legal_moves(built, 0)  # the second stable costs 2 wood


def json_copy(value):
    import json

    return json.loads(json.dumps(value))


def test_every_entry_names_its_catalogue_card():
    """Each entry is found by its number and checked against its printed name (``Deck.card``)."""
    from domain.agricola.cards.catalogue import CARDS

    for card_id in decks.K_MINORS.cards:
        assert CARDS[card_id]["deck"] == "K" and CARDS[card_id]["kind"] == "minor"
