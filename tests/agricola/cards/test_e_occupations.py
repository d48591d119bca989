"""E-deck occupations (catalogue 147-218, 341), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it. Where a card was corrected in card
set 5 (issue 23), a test pins the entry older card sets keep (``card_set=4``), so a game of
those sets replays as it was played.
"""

from __future__ import annotations

from domain.agricola.cards.catalogue import CARDS
from domain.agricola.cards.hooks import round_start
from domain.agricola.farm import renovations

from ..support import give, give_animals, reveal, turn
from .e_support import (
    AGRICOLA,
    NAMES,
    Builder,
    _bonus_with,
    _chief_played,
    _fencing,
    _forester_board,
    _lessons,
    _of_type,
    _owns,
    _ploughed,
    _points,
    _react,
    _start_round,
    _stock,
    build_farm,
    can_house,
    check_cards_that_add_to_an_action_space,
    check_cards_that_convert_goods_any_time,
    check_cards_that_fill_future_round_spaces,
    check_cards_with_bonus_points,
    check_harvest_conversions_once_per_harvest,
    check_invariants,
    decks,
    housing,
    json_copy,
    start_breeding,
)
from .helpers import animals, food, full, holding, in_hand, listed_play, minor, of_type, owns, play


def _mini_pasture(*cards, card_set=None):
    """Ann holds ``cards`` and plays Mini Pasture (E40) on a farm with no pasture, fencing
    space 4."""
    state, _, _ = full(2, card_set=card_set)
    holding(state, 0, *cards)
    build_farm(state, 0, pastures=[[14]])
    give(state, 0, food=2)
    after, _ = minor(state, 0, "E40")
    fenced, events = listed_play(after, 0, {"type": "card_pasture", "space": 13})
    return fenced, events


class TestE147LandAgent:
    """E147 Land Agent: "Whenever you use the 'Take 1 Vegetable' action space, you also receive 1
    grain. When you play this card, you receive 1 vegetable from the general supply." (S1)."""

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E147", "vegetable", {"grain": 1})


class TestE152BerryPicker:
    """E152 Berry Picker: "Whenever you use a person's action to take wood, you receive an
    additional 1 food" (S1); seed 000 L920: also when playing Building Material (E16)."""

    def test_building_materials_wood_brings_1_food(self):
        state, _, _ = full(2)
        holding(state, 0, "E152")
        after, _ = minor(state, 0, "E16", choice=0)
        assert food(after) == food(state) + 1
        clay, _ = minor(state, 0, "E16", choice=1)
        assert food(clay) == food(state)

    def test_card_sets_1_to_4_gave_nothing_for_building_material(self):
        state, _, _ = full(2, card_set=4)
        holding(state, 0, "E152")
        after, _ = minor(state, 0, "E16", choice=0)
        assert food(after) == food(state)

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E152", "forest", {"food": 1})


class TestE153Mendicant:
    """E153 Mendicant: "At the end of the game, you can discard up to 2 begging cards without
    losing points for them." (S1). Seed 000 L858."""

    def test_cards_with_bonus_points(self):
        check_cards_with_bonus_points("E153", {"begging": 3}, 6)


class TestE154MasterBrewer:
    """E154 Master Brewer: "In the feeding phase of each harvest, the Master Brewer can convert up
    to 1 grain to 3 food." (S1). Seed 000 L852."""

    def test_harvest_conversions_once_per_harvest(self):
        check_harvest_conversions_once_per_harvest("E154", "grain", 3)


class TestE156BrushMaker:
    """E156 Brush Maker: "Whenever you convert wild boar to food, you place the boar on this
    card. At the end of the game, you receive bonus points if you have wild boar markers on this
    card: 4 or more 3 points, 3 markers 2 points, 2 markers 1 point" (S1; seed 000 L988)."""

    def _meat_seller(self, card_set=None):
        state, _, _ = full(2, card_set=card_set)
        holding(state, 0, "E156", "E162")
        owns(state, 0, "clay_oven")
        give_animals(state, 0, boar=1)
        turn(state, 0)
        move = {"type": "card_convert", "card": "E162", "option": 1}
        after, _ = listed_play(state, 0, move)
        assert food(after) == food(state) + 3 and animals(after, "boar") == 0
        return after["farms"][0].get("held", {}).get("E156", {}).get("boar", 0)

    def test_a_boar_the_meat_seller_converts_goes_on_the_card(self):
        assert self._meat_seller() == 1

    def test_card_sets_1_to_4_counted_cooked_boar_only(self):
        assert self._meat_seller(card_set=4) == 0

    def test_e156_brush_maker_keeps_cooked_boar_and_scores_them(self):
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
        assert cooked["bank"]["boar"] == bank  # on the card, not back in the supply
        assert "puts 1 wild boar on Brush Maker (E156)" in AGRICOLA.describe(events[-1], NAMES)
        check_invariants(cooked)
        for boar, points in ((1, 0), (2, 1), (3, 2), (4, 3), (6, 3)):
            cooked["farms"][0]["held"]["E156"] = {"boar": boar}
            assert _points(cooked)["bonus_points"] == points


class TestE158Turner:
    """E158 Turner: "At any time, you can use the Turner to convert any number of wood to 1 food
    each." (S1). Seed 000 L960."""

    def test_cards_that_convert_goods_any_time(self):
        check_cards_that_convert_goods_any_time("E158", {"wood": 1}, {"food": 1})


class TestE159HeadOfTheFamily:
    """E159 Head of the Family: "You can use any room building or family growth action
    space, even if another player has already placed a person on it" (S1): the 5-player
    "1 Occupation or Family Growth" space is one, for its family growth (decision K-19)."""

    def _occupied(self, card_set=None):
        state, _, _ = full(5, card_set=card_set)
        holding(state, 0, "E159")
        state["round"] = 6
        build_farm(state, 0, rooms=[5, 10, 0])
        turn(state, 0)
        state["spaces"]["occupation_or_growth"]["occupant"] = 1
        return state

    def test_growth_on_the_occupied_five_player_space(self):
        state = self._occupied()
        grown, _ = listed_play(
            state, 0, {"type": "place", "space": "occupation_or_growth", "option": "growth"}
        )
        assert grown["farms"][0]["family"] == 3
        assert {
            "type": "place",
            "space": "occupation_or_growth",
            "option": "occupation",
        } not in AGRICOLA.legal_moves(state, 0)

    def test_card_sets_1_to_4_left_the_space_out(self):
        state = self._occupied(card_set=4)
        assert not [
            m for m in AGRICOLA.legal_moves(state, 0) if m.get("space") == "occupation_or_growth"
        ]


class TestE160Farmer:
    """E160 Farmer: "The next time you build fences, you receive 1 wild boar. Each time you
    build at least 1 fence after that, you receive 1 cattle" (S1); seed 000 L980: every time
    fences are built, through Mini Pasture (E40) too; one animal per building."""

    def test_mini_pastures_fences_bring_the_boar(self):
        fenced, _ = _mini_pasture("E160")
        assert animals(fenced, "boar") == 1

    def test_card_sets_1_to_4_ignored_mini_pasture(self):
        fenced, _ = _mini_pasture("E160", card_set=4)
        assert animals(fenced, "boar") == 0

    def test_e160_farmer_and_e213_stockman_bring_animals(self):
        state, _, _ = full(2)
        holding(state, 0, "E213")
        state["farms"][0]["stables"] = [1, 2]
        after = _react(state, 0, ("StableBuilt", {"space": 2}, 0))
        farm = after["farms"][0]
        assert farm["animals"]["cattle"] + farm["unhoused"]["cattle"] == 1
        state, _, _ = full(2)
        holding(state, 0, "E160")
        state["pending"][0] = {"kind": "fences", "space": "fences", "done": ["pasture"]}
        after = _react(state, 0, ("PastureFenced", {"region": [4]}, 0))
        farm = after["farms"][0]
        assert farm["animals"]["boar"] + farm["unhoused"]["boar"] == 1
        after["pending"][0]["done"] = ["pasture"]
        after = _react(after, 0, ("PastureFenced", {"region": [5]}, 0))
        farm = after["farms"][0]
        assert farm["animals"]["cattle"] + farm["unhoused"]["cattle"] == 1


class TestE166Undergardener:
    """E166 Undergardener: "Whenever you use the 'Day Laborer' action space, you also receive 1
    vegetable." (S1)."""

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E166", "day_laborer_full", {"vegetable": 1})


class TestE167Conjurer:
    """E167 Conjurer: "Whenever you use the “Traveling Players” action on an action space, you
    receive 1 additional grain." (S1)."""

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E167", "traveling_players", {"grain": 1})


class TestE168Greengrocer:
    """E168 Greengrocer: "Whenever you use the 'Take 1 Grain' action space, you also receive 1
    vegetable." (S1)."""

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E168", "grain", {"vegetable": 1})


class TestE169StorytellerWithE212Dancer:
    """E169 Storyteller: "Whenever you use the Traveling Players action on an action space,
    you can leave 1 food on the space and receive 1 vegetable instead"; E212 Dancer: "...you
    receive at least 4 food, even if only 1 to 3 food are on the space" (S1). Seed 000 L904,
    L956: together, 1 vegetable, at least 4 food, and 1 food left on the space; the missing
    food comes from the general supply."""

    def _leave(self, on_space, card_set=None):
        state, _, _ = full(2, card_set=card_set)
        holding(state, 0, "E169", "E212")
        turn(state, 0)
        reveal(state, "traveling_players", food=on_space)
        placed, _ = play(state, 0, {"type": "place", "space": "traveling_players"})
        left, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        return (
            food(left) - food(state),
            left["farms"][0]["supply"]["vegetable"],
            left["spaces"]["traveling_players"]["goods"].get("food", 0),
        )

    def test_one_vegetable_at_least_4_food_and_1_food_left(self):
        assert self._leave(1) == (4, 1, 1)
        assert self._leave(3) == (4, 1, 1)
        assert self._leave(6) == (5, 1, 1)

    def test_card_sets_1_to_4_left_3_food(self):
        assert self._leave(1, card_set=4) == (3, 1, 1)

    def test_e169_storyteller_leaves_1_food_for_a_vegetable(self):
        """E169: Traveling Players, leave 1 food there, take 1 vegetable."""
        state, _, _ = full(4)
        holding(state, 0, "E169")
        turn(state, 0)
        reveal(state, "traveling_players", food=2)
        placed, _ = play(state, 0, {"type": "place", "space": "traveling_players"})
        told, _ = play(placed, 0, {"type": "card_choice", "option": 1})
        assert told["farms"][0]["supply"]["vegetable"] == 1
        assert told["spaces"]["traveling_players"]["goods"]["food"] == 1


class TestE171DockWorker:
    """E171 Dock Worker: "At any time, you can use the Dock Worker to convert 3 wood to either 1
    clay, 1 reed or 1 stone, or to convert 2 clay, 2 reed or 2 stone to 1 other building
    resource." (S1)."""

    def test_cards_that_convert_goods_any_time(self):
        check_cards_that_convert_goods_any_time("E171", {"wood": 3}, {"clay": 1})


class TestE172Chief:
    """E172 Chief: "At the end of the game, you receive 1 bonus point for each room in your stone
    house. Playing this card costs an additional 2 food." (S1). Seed 000 L944."""

    def test_cards_with_bonus_points(self):
        check_cards_with_bonus_points("E172", {"house": "stone"}, 2)


class TestE176Woodcutter:
    """E176 Woodcutter: "You receive 1 additional wood whenever you use a person's action to take
    wood." (S1). Seed 000 L842."""

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E176", "forest", {"wood": 1})


class TestE177WoodenHutBuilder:
    """E177 Wooden Hut Builder: "At the end of the game, you receive 1 bonus point for each room
    in your wooden hut." (S1)."""

    def test_cards_with_bonus_points(self):
        check_cards_with_bonus_points("E177", {}, 2)


class TestE178HutBuilder:
    """E178 Hut Builder: "Play this card during round 1-4. At the start of round 11, you can
    extend your hut by 1 room at no cost, as long as you have not yet renovated to a stone
    house" (S1)."""

    def _round_11(self, house="wood", card_set=None):
        state, _, _ = full(2, card_set=card_set)
        holding(state, 0, "E178")
        state["farms"][0]["house"] = house
        state["round"] = 11
        b = Builder(state)
        round_start(b, 11)
        return turn(b.state, 0, home=2)

    def test_the_room_is_offered_at_the_start_of_round_11_only(self):
        state = self._round_11()
        assert of_type(state, "free_room")
        reveal(state, "day_laborer_full")
        placed, _ = play(state, 0, {"type": "place", "space": "day_laborer_full"})
        assert not of_type(turn(placed, 0), "free_room")

    def test_not_for_a_stone_house(self):
        assert not of_type(self._round_11(house="stone"), "free_room")

    def test_card_sets_1_to_4_kept_the_room_owed(self):
        state = self._round_11(card_set=4)
        reveal(state, "day_laborer_full")
        placed, _ = play(state, 0, {"type": "place", "space": "day_laborer_full"})
        assert of_type(turn(placed, 0), "free_room")

    def test_e178_hut_builder_owes_a_free_room_from_round_11(self):
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
        assert (
            0 in built["farms"][0]["rooms"]
            and built["farms"][0]["supply"] == owed["farms"][0]["supply"]
        )
        assert not _of_type(built, "free_room")
        state, _, _ = full(2)
        holding(state, 0, "E178")
        state["farms"][0]["house"] = "stone"
        stone, _ = _start_round(state, 11)
        turn(stone, 0)
        assert not _of_type(stone, "free_room")

    def test_e178_hut_builder_is_played_in_rounds_1_to_4_only(self):
        from domain.agricola.cards.engine import play_problem

        state, _, _ = full(2)
        state["round"] = 4
        assert play_problem(state, 0, "E178") is None
        state["round"] = 5
        assert "rounds 1 to 4" in play_problem(state, 0, "E178")


class TestE183Basketmaker:
    """E183 Basketmaker: "In each harvest, the Basketmaker can convert up to 1 reed to 3 food."
    (S1)."""

    def test_harvest_conversions_once_per_harvest(self):
        check_harvest_conversions_once_per_harvest("E183", "reed", 3)


class TestE185ClayFirer:
    """E185 Clay Firer: "You can use the Clay Firer at any time to convert 2 clay to 1 stone or 3
    clay to 2 stone." (S1)."""

    def test_cards_that_convert_goods_any_time(self):
        check_cards_that_convert_goods_any_time("E185", {"clay": 2}, {"stone": 1})


class TestE187ClayDeliveryman:
    """E187 Clay Deliveryman: "Place 1 clay on each remaining space for rounds 6 to 14. At the
    start of these rounds, you receive the clay." (S1). Seed 000 L902."""

    def test_cards_that_fill_future_round_spaces(self):
        check_cards_that_fill_future_round_spaces("E187", "clay", list(range(6, 15)))


class TestE188ClayMixer:
    """E188 Clay Mixer: "Whenever you take only clay with one of your people's actions, you
    receive 2 additional clay." (S1)."""

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E188", "clay_pit", {"clay": 2})


class TestE192Patron:
    """E192 Patron: "In future, whenever you play an occupation, you receive 2 food before you
    pay the costs of the occupation" (S1): an occupation played in answer to the Chief
    (E173 Chief's Daughter, ``card_react``) too."""

    def _daughter(self, card_set=None):
        state, _, _ = full(3, card_set=card_set)
        in_hand(state, 0, "E172")
        in_hand(state, 1, "E173")
        holding(state, 1, "E192")
        turn(state, 0)
        give(state, 0, food=4)
        reveal(state, "lessons_3")
        placed, _ = play(state, 0, {"type": "place", "space": "lessons_3"})
        played, _ = play(placed, 0, {"type": "play_occupation", "card": "E172"})
        turn(played, 1)
        answered, _ = listed_play(played, 1, {"type": "card_react", "card": "E173"})
        return food(answered, 1) - food(played, 1)

    def test_2_food_for_the_chiefs_daughter(self):
        assert self._daughter() == 2

    def test_card_sets_1_to_4_paid_nothing_for_it(self):
        assert self._daughter(card_set=4) == 0

    def test_e192_patron_and_e190_maid(self):
        state, _, _ = full(2)
        holding(state, 0, "E192")
        state["farms"][0]["supply"]["food"] = 0
        state, events = _lessons(state, 0, "E176")
        assert state["farms"][0]["occupations"][-1] == "E176"  # paid with the Patron's food
        state, _, _ = full(2)
        state["farms"][0]["house"] = "clay"
        state, _ = _lessons(state, 0, "E190")
        assert sorted(int(r) for r in state["farms"][0]["schedule"]) == list(range(2, 15))


class TestE200Conservator:
    """E200 Conservator: "You can renovate your wooden hut to a stone house without first
    needing to renovate it to a clay hut" (S1); seed 000 L906: at the usual price, 1 reed and
    1 stone per room; only the K deck's Stonecutter does not apply, so the E deck's
    Stonecutter (E211), Thatcher (E157) and Renovator (E199) do."""

    def _stone(self, *cards, card_set=None):
        state, _, _ = full(2, card_set=card_set)
        holding(state, 0, "E200", *cards)
        return [cost for target, cost in renovations(state["farms"][0]) if target == "stone"]

    def test_priced_with_the_e_decks_discounts(self):
        assert self._stone() == [{"stone": 2, "reed": 1}]
        assert self._stone("E211") == [{"stone": 1, "reed": 1}]
        assert self._stone("E157") == [{"stone": 2, "reed": 0}]
        assert self._stone("E199") == [{"stone": 0, "reed": 1}]

    def test_card_sets_1_to_4_gave_no_discount(self):
        assert self._stone("E211", "E157", card_set=4) == [{"stone": 2, "reed": 1}]


class TestE205ReedCollector:
    """E205 Reed Collector: "Place 1 reed on the next 4 round spaces. At the start of these
    rounds, you receive the reed." (S1)."""

    def test_cards_that_fill_future_round_spaces(self):
        check_cards_that_fill_future_round_spaces("E205", "reed", [2, 3, 4, 5])


class TestE207Stablehand:
    """E207 Stablehand: "Whenever you build at least 1 fence, you also receive 1 stable which
    you must build immediately" (S1); seed 000 L824: one stable a round, also after Mini
    Pasture (E40)."""

    def test_a_stable_after_mini_pasture(self):
        fenced, _ = _mini_pasture("E207")
        stables = of_type(fenced, "free_stable")
        assert stables
        built, _ = listed_play(fenced, 0, stables[0])
        assert built["farms"][0]["stables"] == [stables[0]["space"]]

    def test_card_sets_1_to_4_gave_none(self):
        fenced, _ = _mini_pasture("E207", card_set=4)
        assert not of_type(fenced, "free_stable")

    def test_e207_stablehand_builds_a_free_stable_after_fencing_once_a_round(self):
        """E207 (seed 000 L824): one free stable in a fence-building action, once per round."""
        state, _, _ = full(2)
        holding(state, 0, "E207")
        turn(state, 0)
        give(state, 0, wood=8)
        reveal(state, "fences")
        fencing, _ = play(state, 0, {"type": "place", "space": "fences"})
        assert not [m for m in AGRICOLA.legal_moves(fencing, 0) if m["type"] == "free_stable"]
        fencing, _ = play(fencing, 0, {"type": "fence_space", "space": 4})
        closed, _ = play(fencing, 0, {"type": "close_pasture"})
        moves = [m for m in AGRICOLA.legal_moves(closed, 0) if m["type"] == "free_stable"]
        assert {"type": "free_stable", "card": "E207", "space": 4} in moves
        wood = closed["farms"][0]["supply"]["wood"]
        stabled, _ = play(closed, 0, {"type": "free_stable", "card": "E207", "space": 4})
        assert stabled["farms"][0]["stables"] == [4]
        assert stabled["farms"][0]["supply"]["wood"] == wood
        assert not [m for m in AGRICOLA.legal_moves(stabled, 0) if m["type"] == "free_stable"]


class TestE209Quarryman:
    """E209 Quarryman: "You can use the Quarryman at any time to convert stone to food. For each
    stone you convert, you receive 2 food." (S1). Seed 000 L896."""

    def test_cards_that_convert_goods_any_time(self):
        check_cards_that_convert_goods_any_time("E209", {"stone": 1}, {"food": 2})


class TestE210StoneCarrier:
    """E210 Stone Carrier: "Whenever you take stone with an action of a person, you can also
    take 1 additional stone. If you also receive other building resources, this costs you 1
    food" (S1): the paid stone is the seat's choice."""

    def _place(self, card_set=None):
        state, _, _ = full(4, card_set=card_set)
        holding(state, 0, "E210")
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "reed_stone_food"})
        return state, placed

    def test_the_paid_stone_is_a_choice(self):
        state, placed = self._place()
        assert of_type(placed, "card_choice") == [
            {"type": "card_choice", "option": 0},
            {"type": "card_choice", "option": 1},
        ]
        declined, _ = listed_play(placed, 0, {"type": "card_choice", "option": 0})
        assert declined["farms"][0]["supply"]["stone"] == state["farms"][0]["supply"]["stone"] + 1
        assert food(declined) == food(state) + 1
        taken, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert taken["farms"][0]["supply"]["stone"] == state["farms"][0]["supply"]["stone"] + 2
        assert food(taken) == food(state)

    def test_the_free_stone_comes_by_itself(self):
        state, _, _ = full(2)
        holding(state, 0, "E210")
        turn(state, 0)
        reveal(state, "stone_stage_2", stone=1)
        placed, _ = play(state, 0, {"type": "place", "space": "stone_stage_2"})
        assert placed["farms"][0]["supply"]["stone"] == state["farms"][0]["supply"]["stone"] + 2
        assert not of_type(placed, "card_choice")

    def test_card_sets_1_to_4_took_it_by_themselves(self):
        state, placed = self._place(card_set=4)
        assert not of_type(placed, "card_choice")
        assert placed["farms"][0]["supply"]["stone"] == state["farms"][0]["supply"]["stone"] + 2

    def test_cards_that_add_to_an_action_space(self):
        check_cards_that_add_to_an_action_space("E210", "stone_stage_2", {"stone": 1})


class TestE148Academic:
    """E148 Academic: "This card counts as 2 occupations for minor improvements and when scoring
    the Reeve or Tutor occupation card." (S1). Seed 000 L890."""

    def test_e148_academic_counts_twice_for_prerequisites_and_the_tutor(self):
        from domain.agricola.cards.play import prerequisite_problem

        state, _, _ = full(2)
        holding(state, 0, "E148")
        assert prerequisite_problem(state, 0, "E30") is None  # Canoe: 2 occupations
        holding(state, 1, "E174", "E148")
        assert _points(state, 1)["bonus_points"] == 2  # the Academic after the Tutor


class TestE149MasterBaker:
    """E149 Master Baker: "Whenever another player bakes bread, you can bake bread if you have a
    baking improvement with the “baking” symbol. If you take a bake action yourself, you
    receive 1 additional food." (S1). Seed 000 L862."""

    def test_e149_master_baker_one_food_per_own_bake_action_and_a_bake_after_others(self):
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
        assert mine["farms"][0]["supply"]["food"] == food + 5  # no extra food (L862)
        assert move not in AGRICOLA.legal_moves(mine, 0)
        reveal(mine, "sow_bake")
        placed, _ = play(mine, 0, {"type": "place", "space": "sow_bake"})
        own, _ = play(placed, 0, {"type": "bake", "improvement": "clay_oven", "grain": 1})
        assert own["farms"][0]["supply"]["food"] == food + 5 + 5 + 1

    def test_e149_offer_lapses_when_the_holder_places_a_person(self):
        state, _, _ = full(2)
        holding(state, 0, "E149")
        _owns(state, 0, "clay_oven")
        state["farms"][0]["card_state"]["E149"] = "offered"
        turn(state, 0)
        reveal(state, "day_laborer_full")
        placed, events = play(state, 0, {"type": "place", "space": "day_laborer_full"})
        assert placed["farms"][0]["card_state"]["E149"] is None
        assert any("without using what" in AGRICOLA.describe(e, NAMES) for e in events)


class TestE150Baker:
    """E150 Baker: "During each harvest, you may bake bread at the start of the feeding phase if
    you have an appropriate improvement. When you play this card, you may bake bread as an
    additional action." (S1)."""

    def test_e150_baker_bakes_in_the_feeding_phase_once(self):
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

    def test_e150_baker_may_bake_when_played(self):
        from .e_support import _lessons

        state, _, _ = full(2)
        _owns(state, 0, "clay_oven")
        give(state, 0, grain=1)
        after, _ = _lessons(state, 0, "E150")
        assert {"type": "bake", "improvement": "clay_oven", "grain": 1} in AGRICOLA.legal_moves(
            after, 0
        )


class TestE151MasterBuilder:
    """E151 Master Builder: "Once during the game, at any time after your home reaches at least 5
    rooms, you may extend it by 1 room at no cost." (S1). Seed 000 L868."""

    def test_e151_master_builder_gives_a_free_room_once_with_5_rooms(self):
        """E151 (seed 000 L868): once the home has 5 rooms, 1 more room for free, once."""
        from ..support import build_farm

        state, _, _ = full(2)
        holding(state, 0, "E151")
        turn(state, 0)
        assert not [m for m in AGRICOLA.legal_moves(state, 0) if m["type"] == "free_room"]
        build_farm(state, 0, rooms=[0, 5, 10, 1, 6])
        moves = [m for m in AGRICOLA.legal_moves(state, 0) if m["type"] == "free_room"]
        assert {"type": "free_room", "card": "E151", "space": 2} in moves
        wood = state["farms"][0]["supply"]["wood"]
        after, events = play(state, 0, {"type": "free_room", "card": "E151", "space": 2})
        assert len(after["farms"][0]["rooms"]) == 6 and after["farms"][0]["supply"]["wood"] == wood
        assert after["turn"] == 0 and after["pending"][0] is None  # still to place
        assert "with Master Builder (E151)" in AGRICOLA.describe(events[-1], ["Ann", "Bob"])
        assert not [m for m in AGRICOLA.legal_moves(after, 0) if m["type"] == "free_room"]


class TestE155BreadSeller:
    """E155 Bread Seller: "You receive 1 food from the general supply for each grain that is baked
    whenever any player (including yourself) bakes bread." (S1). Seed 000 L772."""

    def test_e155_bread_seller_and_e182_charcoal_burner_react_to_any_player(self):
        state, _, _ = full(2)
        holding(state, 1, "E155", "E182")
        food = state["farms"][1]["supply"]["food"]
        after = _react(
            state, 0, ("BreadBaked", {"grain": 2}, 0), ("MajorBuilt", {"major": "clay_oven"}, 0)
        )
        assert after["farms"][1]["supply"]["food"] == food + 2 + 1
        assert after["farms"][1]["supply"]["wood"] == state["farms"][1]["supply"]["wood"] + 1


class TestE157Thatcher:
    """E157 Thatcher: "Pay 1 reed less to build each room, for each renovation, and for each of
    the Water Mill, Half-timbered House, Chicken Coop, Holiday House, Mansion and Corn
    Storehouse." (S1). Seed 000 L830."""

    def test_e157_thatcher_saves_reed(self):
        from domain.agricola.cards.play import minor_cost
        from domain.agricola.farm import renovation_cost, room_cost

        state, _, _ = full(2)
        holding(state, 0, "E157")
        farm = state["farms"][0]
        assert room_cost(farm) == {"wood": 5, "reed": 1}
        assert renovation_cost(farm)["reed"] == 0
        assert minor_cost(farm, "E21", 0) == {"wood": 1, "clay": 1, "stone": 2}


class TestE161Fisherman:
    """E161 Fisherman: "Whenever you use the 'Fishing' action space, you can choose to take twice
    as many food as is on the space. If you do this, you must give 1 food each to the owners of
    the Fishing Rod, Raft, Canoe, Fish Trap, and Landing Net." (S1). Seed 000 L910."""

    def test_e161_fisherman_doubles_the_fishing_food_and_pays_the_fishing_cards(self):
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
        assert [f["supply"]["food"] for f in fished["farms"]] == [
            food[0] + taken - 2,
            food[1] + 1,
            food[2] + 1,
        ]
        assert "Bob receives 1 food from Ann (Fisherman (E161))" in AGRICOLA.describe(
            events[1], ["Ann", "Bob", "Cid"]
        )
        check_invariants(fished)
        plain, _ = play(placed, 0, {"type": "card_choice", "option": 0})
        assert plain["farms"][1]["supply"]["food"] == food[1]


class TestE162MeatSeller:
    """E162 Meat Seller: "If you have an oven, you can convert your animals into food at any time.
    Take 2 food for each sheep, 3 for each wild boar and 4 for each cattle." (S1). Seed 000
    L816."""

    def test_e162_meat_seller_needs_an_oven(self):
        state, _, _ = full(2)
        holding(state, 0, "E162")
        turn(state, 0)
        give_animals(state, 0, sheep=1)
        assert not [m for m in AGRICOLA.legal_moves(state, 0) if m["type"] == "card_convert"]
        state["farms"][0]["majors"].append("clay_oven")
        assert {"type": "card_convert", "card": "E162", "option": 0} in AGRICOLA.legal_moves(
            state, 0
        )


class TestE164MasterForester:
    """E164 Master Forester: "Include the '2 Wood' action card from the 3-player game as an
    additional forest. At the start of each round, place 2 wood on the card. Any player who
    uses this action space must pay you 2 food." (S1). Seed 000 L838."""

    def test_e164_master_forester_adds_the_2_wood_space_empty_until_replenished(self):
        """E164 (seed 000 L838): the 3-player "2 Wood" card joins the board as a full action space
        and is given 2 wood in each later replenishment."""
        from domain.agricola.builder import Builder
        from domain.agricola.cards.spaces import SPACE
        from domain.agricola.flow import start_round
        from domain.common.rng import Rng

        state, events = _forester_board()
        added = next(e for e in events if e.type == "ActionSpaceAdded")
        assert (
            "Master Forester (E164) of Ann adds the action space 2 Wood (Master Forester)"
            in AGRICOLA.describe(added, ["Ann", "Bob", "Cid", "Dee"])
        )
        assert state["spaces"][SPACE]["owner"] == 0 and state["spaces"][SPACE]["goods"] == {}
        assert SPACE in state["space_order"]
        turn(state, 1)
        assert {"type": "place", "space": SPACE} not in AGRICOLA.legal_moves(state, 1)
        for space in state["spaces"].values():
            space["occupant"] = None
        b = Builder(state)
        start_round(b, Rng(3), state["round"] + 1)
        assert b.state["spaces"][SPACE]["goods"] == {"wood": 2}
        check_invariants(b.state)

    def test_e164_others_pay_the_owner_2_food_the_owner_uses_it_free(self):
        """E164 (seed 000 L838): each other player who uses the space gives the owner 2 food; one
        without 2 food may not use it (K-14)."""
        import pytest

        from domain.agricola.cards.spaces import SPACE
        from domain.common.errors import RuleViolation

        state, _ = _forester_board()
        _stock(state, SPACE, wood=2)
        turn(state, 1)
        food = state["farms"][1]["supply"]["food"]
        if food >= 2:
            state["farms"][1]["supply"]["food"] = 1
            state["bank"]["food"] += food - 1
        assert {"type": "place", "space": SPACE} not in AGRICOLA.legal_moves(state, 1)
        with pytest.raises(RuleViolation) as err:
            play(state, 1, {"type": "place", "space": SPACE})
        assert "must give Ann 2 food for it (Master Forester E164) and hold 1" in err.value.message
        give(state, 1, food=1)
        owner_food = state["farms"][0]["supply"]["food"]
        used, events = play(state, 1, {"type": "place", "space": SPACE})
        assert used["farms"][1]["supply"]["wood"] == state["farms"][1]["supply"]["wood"] + 2
        assert used["farms"][1]["supply"]["food"] == 0
        assert used["farms"][0]["supply"]["food"] == owner_food + 2
        toll = next(e for e in events if e.type == "CardToll")
        assert (
            AGRICOLA.describe(toll, ["Ann", "Bob", "Cid", "Dee"])
            == "Bob gives Ann 2 food for using 2 Wood (Master Forester), card E164."
        )
        check_invariants(used)
        turn(state, 0)
        own, events = play(state, 0, {"type": "place", "space": SPACE})
        assert not [e for e in events if e.type == "CardToll"]


class TestE165YeomanFarmer:
    """E165 Yeoman Farmer: "At the end of the game, you only lose points for unused farmyard
    spaces and begging cards." (S1)."""

    def test_e165_yeoman_farmer_and_e189_lord_of_the_manor(self):
        state, _, _ = full(2)
        negatives = sum(
            1
            for k, p in _points(state).items()
            if p < 0
            and k in ("fields", "pastures", "grain", "vegetables", "sheep", "wild_boar", "cattle")
        )
        holding(state, 0, "E165")
        assert _points(state)["bonus_points"] == negatives
        state, _, _ = full(2)
        state["farms"][0]["supply"]["grain"] = 8
        holding(state, 0, "E189")
        assert _points(state)["bonus_points"] == 1


class TestE170EstateManager:
    """E170 Estate Manager: "At the end of the game, you receive bonus points, if for none of the
    three animal species, any other player has more animals than you: in a 3 player game, 2
    points; in a 4 player game, 3 points; in a 5 player game, 4 points." (S1). Seed 000 L974."""

    def test_e170_estate_manager(self):
        state, _, _ = full(3)
        holding(state, 0, "E170")
        give_animals(state, 0, sheep=2)
        assert _points(state)["bonus_points"] == 2
        give_animals(state, 1, sheep=3)
        assert _points(state)["bonus_points"] == 0


class TestE173ChiefsDaughter:
    """E173 Chief's Daughter: "If another player plays the Chief card, you can play this card
    immediately at no cost. At the end of the game, you receive 3 bonus points if you have a
    stone house, 1 if you have a clay hut." (S1)."""

    def test_e173_chiefs_daughter_scores_the_house(self):
        state, _, _ = full(2)
        state["farms"][0]["house"] = "stone"
        assert _bonus_with("E173", state) == 3
        state, _, _ = full(2)
        state["farms"][0]["house"] = "clay"
        assert _bonus_with("E173", state) == 1
        state, _, _ = full(2)
        assert _bonus_with("E173", state) == 0

    def test_e173_chiefs_daughter_is_played_free_when_another_plays_the_chief(self):
        """E173: when another player plays the Chief (E172) the holder may play the Daughter at
        once for free: offered before its next placement (K-11)."""
        state, events = _chief_played()
        chief = next(e for e in events if e.type == "OccupationPlayed")
        assert chief.data["reactions"] == {"E172": [1, 2]}  # keyed by the public card: hands unseen
        turn(state, 1)
        food = state["farms"][1]["supply"]["food"]
        move = {"type": "card_react", "card": "E173"}
        assert _of_type(state, "card_react", 1) == [move]
        assert not _of_type(state, "card_react", 2)  # Cid does not hold the card
        assert (
            AGRICOLA.move_label(state, move)
            == "Play Chief's Daughter (E173) for free, answering the card just played: "
            + CARDS["E173"]["summary"]
        )  # the card's text (issue 23 item 6)
        after, events = play(state, 1, move)
        assert (
            "E173" in after["farms"][1]["occupations"]
            and after["farms"][1]["supply"]["food"] == food
        )
        assert AGRICOLA.describe(events[0], ["Ann", "Bob", "Cid"]) == (
            "Bob plays the occupation Chief's Daughter (E173) for nothing, in answer to another "
            "player's card."
        )
        assert after["turn"] == 1 and after["pending"][1] is None  # still to place a person
        assert not _of_type(after, "card_react", 1)
        check_invariants(after)

    def test_e173_the_offer_lapses_with_the_holders_next_placement(self):
        """K-11: the window closes when the holder places a person without taking it."""
        state, _ = _chief_played()
        turn(state, 1)
        reveal(state, "fishing") if "fishing" not in state["spaces"] else None
        placed, _ = play(state, 1, {"type": "place", "space": "fishing"})
        assert placed["reactions"]["E172"] == [2]
        turn(placed, 1)
        placed["pending"][1] = None
        assert not _of_type(placed, "card_react", 1)
        import pytest

        from domain.common.errors import RuleViolation

        with pytest.raises(RuleViolation) as err:
            play(placed, 1, {"type": "card_react", "card": "E173"})
        assert err.value.message.startswith("Bob cannot play Chief's Daughter for free now: ")


class TestE174Tutor:
    """E174 Tutor: "At the end of the game, you receive 1 bonus point for each occupation that you
    play after this one." (S1). Seed 000 L856."""

    def test_e174_tutor_counts_later_occupations(self):
        state, _, _ = full(2)
        holding(state, 0, "E176", "E174", "E187", "E188")
        assert _points(state)["bonus_points"] == 2


class TestE175HedgeKeeper:
    """E175 Hedge Keeper: "Whenever you build at least 1 fence, you can build 3 additional fences
    without paying any additional wood." (S1). Seed 000 L942."""

    def test_e175_hedge_keeper_one_paid_fence_brings_three_free(self):
        """E175 (seed 000 L942): once 1 fence is built, up to 3 more without wood."""
        without = _fencing(1)
        assert {"type": "place", "space": "fences"} not in _of_type(without, "place")
        state = _fencing(1, "E175")
        assert {"type": "place", "space": "fences"} in _of_type(state, "place")
        fencing, _ = play(state, 0, {"type": "place", "space": "fences"})
        fencing, _ = play(fencing, 0, {"type": "fence_space", "space": 4})
        closed, events = play(fencing, 0, {"type": "close_pasture"})
        fenced = next(e for e in events if e.type == "PastureFenced")
        assert len(fenced.data["fences"]) == 4 and fenced.data["wood"] == 1
        assert fenced.data["free_fences"] == 3
        assert closed["farms"][0]["supply"]["wood"] == 0
        assert "4 fences (3 of them without wood, by the Hedge Keeper E175)" in AGRICOLA.describe(
            fenced, NAMES
        )
        check_invariants(closed)
        # the 3 free fences are used up: the next pasture costs its wood again
        assert not _of_type(closed, "fence_space")

    def test_e175_hedge_keeper_credit_lasts_the_whole_action(self):
        """E175: the first fence is paid; the 3 free ones may go into a later pasture of the
        same action, and are then used up."""
        state = _fencing(1, "E175")
        build_farm(state, 0, pastures=[[3, 4]])
        fencing, _ = play(state, 0, {"type": "place", "space": "fences"})
        fencing, _ = play(fencing, 0, {"type": "fence_space", "space": 4})
        split, events = play(fencing, 0, {"type": "close_pasture"})  # 1 new fence, paid
        assert split["farms"][0]["supply"]["wood"] == 0
        assert "free_fences" not in next(e for e in events if e.type == "PastureFenced").data
        more, _ = play(split, 0, {"type": "fence_space", "space": 9})
        closed, events = play(more, 0, {"type": "close_pasture"})  # 3 new fences, all free
        fenced = next(e for e in events if e.type == "PastureFenced")
        assert fenced.data["wood"] == 0 and fenced.data["free_fences"] == 3
        assert closed["pending"][0] is None  # no wood and no free fence left: action over
        check_invariants(closed)

    def test_e175_hedge_keeper_needs_a_paid_fence_first(self):
        """E175: without any wood, no fence is built, so nothing is free."""
        state = _fencing(0, "E175")
        assert {"type": "place", "space": "fences"} not in _of_type(state, "place")

    def test_e175_hedge_keeper_after_mini_pasture_e40_gives_free_fences_only(self):
        """E175 with E40 (seed 000 L942: the Hedge Keeper applies after fences built by cards):
        after the Mini Pasture, up to 3 more fences, free, and none paid for with wood."""
        from domain.agricola.tables import GRID
        from domain.common.fences import enclosing_edges

        from .e_support import _minor

        state, _, _ = full(2)
        holding(state, 0, "E175")
        state["farms"][0]["fences"] = sorted(enclosing_edges(GRID, [4]))
        state["farms"][0]["pastures"] = [[4]]
        give(state, 0, food=2, wood=5)
        after, _ = _minor(state, 0, "E40")
        after, events = play(after, 0, {"type": "card_pasture", "space": 3})
        step = next(e for e in events if e.type == "CardStep")
        assert step.data["card"] == "E175" and after["pending"][0]["free_only"] is True
        assert (
            AGRICOLA.describe(step, NAMES)
            == "Hedge Keeper (E175) gives Ann a further step: fences."
        )
        spaces = {m["space"] for m in _of_type(after, "fence_space")}
        # spaces beside the two pastures close with 3 fences; one apart (7) would need 4: not
        # offered
        assert spaces == {2, 8, 9}
        wood = after["farms"][0]["supply"]["wood"]
        marked, _ = play(after, 0, {"type": "fence_space", "space": 2})
        closed, events = play(marked, 0, {"type": "close_pasture"})
        fenced = next(e for e in events if e.type == "PastureFenced")
        assert fenced.data["wood"] == 0 and fenced.data["free_fences"] == 3
        assert closed["farms"][0]["supply"]["wood"] == wood
        assert len(closed["farms"][0]["pastures"]) == 3 and closed["pending"][0] is None
        check_invariants(closed)


class TestE179Merchant:
    """E179 Merchant: "Whenever you use a “minor improvement” or “minor or major improvement”
    action, you can pay 1 food to use the action a second time." (S1). Seed 000 L836."""

    def test_e179_merchant_uses_the_improvement_action_twice_for_1_food(self):
        """E179 (seed 000 L836): 2 majors, 2 minors or 1 of each for 1 food."""
        state, _, _ = full(2)
        holding(state, 0, "E179")
        give(state, 0, clay=5, food=1)
        turn(state, 0)
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        again = {"type": "card_again", "card": "E179"}
        assert again not in AGRICOLA.legal_moves(placed, 0)  # nothing built yet
        built, _ = play(placed, 0, {"type": "build_major", "major": "fireplace_2"})
        assert again in AGRICOLA.legal_moves(built, 0) and {"type": "done"} in AGRICOLA.legal_moves(
            built, 0
        )
        paid, _ = play(built, 0, again)
        assert paid["farms"][0]["supply"]["food"] == built["farms"][0]["supply"]["food"] - 1
        assert again not in AGRICOLA.legal_moves(paid, 0)  # once per action
        second, _ = play(paid, 0, {"type": "build_major", "major": "fireplace_3"})
        assert {"fireplace_2", "fireplace_3"} <= set(second["farms"][0]["majors"])
        assert second["pending"][0] is None
        # no second use when nothing more could be built
        poor = json_copy(built)
        poor["farms"][0]["supply"]["clay"] = 0
        poor["hands"]["_private"]["0"]["minors"] = []
        assert again not in AGRICOLA.legal_moves(poor, 0)


class TestE180HobbyFarmer:
    """E180 Hobby Farmer: "When you play this card, you receive 1 vegetable that you may sow
    immediately if you have an empty plowed field." (S1)."""

    def test_e180_hobby_farmer_gives_a_vegetable_to_sow_at_once(self):
        from .e_support import _lessons

        state, _, _ = full(2)
        build_farm(state, 0, fields={3: (None, 0), 4: (None, 0)})
        give(state, 0, grain=1)
        after, _ = _lessons(state, 0, "E180")
        assert after["farms"][0]["supply"]["vegetable"] == 1
        moves = AGRICOLA.legal_moves(after, 0)
        assert {"type": "sow", "space": 3, "crop": "vegetable"} in moves
        assert {"type": "sow", "space": 3, "crop": "grain"} not in moves
        sown, _ = play(after, 0, {"type": "sow", "space": 3, "crop": "vegetable"})
        assert sown["pending"][0] is None  # one field only: the action is over
        assert sown["farms"][0]["fields"][0]["count"] == 2


class TestE181Cook:
    """E181 Cook: "In the feeding phase of each harvest, only 2 of your people eat 2 food each;
    all others are satisfied with only 1 food each." (S1)."""

    def test_e181_cook_feeds_only_two_at_full_price(self):
        from domain.agricola.flow import feeding_need

        state, _, _ = full(2)
        farm = state["farms"][0]
        farm["family"] = 4
        before = feeding_need(state, farm)
        holding(state, 0, "E181")
        assert before == 8 and feeding_need(state, farm) == 6


class TestE184Grocer:
    """E184 Grocer: "Pile (from bottom to top) 1 vegetable, reed, clay, wood, vegetable, stone,
    grain, reed on this card. At any time, you may buy the top item for 1 food." (S1)."""

    def test_e184_grocer_sells_its_stack_top_down(self):
        state, _, _ = full(2)
        holding(state, 0, "E184")
        turn(state, 0)
        move = {"type": "card_convert", "card": "E184", "option": 0}
        state, _ = play(state, 0, move)
        assert state["farms"][0]["supply"]["reed"] == 1
        state, _ = play(state, 0, move)
        assert state["farms"][0]["supply"]["grain"] == 1


class TestE191Mason:
    """E191 Mason: "Once during the game, at any time after your stone house reaches at least 4
    rooms, you may extend it by 1 room at no cost." (S1). Seed 000 L808."""

    def test_e191_mason_needs_a_stone_house_of_4_rooms(self):
        """E191 (seed 000 L808)."""
        from ..support import build_farm

        state, _, _ = full(2)
        holding(state, 0, "E191")
        turn(state, 0)
        build_farm(state, 0, rooms=[0, 5, 10, 1])
        assert not [m for m in AGRICOLA.legal_moves(state, 0) if m["type"] == "free_room"]
        state["farms"][0]["house"] = "stone"
        after, _ = play(state, 0, {"type": "free_room", "card": "E191", "space": 2})
        assert len(after["farms"][0]["rooms"]) == 5


class TestE193Pastor:
    """E193 Pastor: "If, when you play this card or later in the game, you are the last player to
    have only 2 rooms in your home, you receive 3 wood, 2 clay, 1 reed and 1 stone." (S1)."""

    def test_e193_pastor_rewards_the_last_two_room_home(self):
        state, _, _ = full(2)
        holding(state, 0, "E193")
        state["farms"][1]["rooms"].append(4)
        after = _react(state, 1, ("RoomBuilt", {"space": 4}, 1))
        assert (
            after["farms"][0]["supply"]["wood"] == 3 and after["farms"][0]["supply"]["stone"] == 1
        )
        again = _react(after, 1, ("RoomBuilt", {"space": 4}, 1))
        assert again["farms"][0]["supply"]["wood"] == 3  # once


class TestE194PlowDriver:
    """E194 Plow Driver: "Once you have a stone house, you can pay 1 food at the start of each
    round to plow (at most) 1 field." (S1). Seed 000 L872."""

    def test_e194_plow_driver_ploughs_for_1_food_before_the_first_placement(self):
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


class TestE195PlowMaker:
    """E195 Plow Maker: "Whenever you use either of the 'Plow 1 Field' or 'Plow Field and Sow'
    action spaces, you can pay 1 food to plow 1 additional field." (S1). Seed 000 L832."""

    def test_e195_plow_maker_one_more_field_for_one_food_with_a_plow_too(self):
        """E195 (seed 000 L832): 1 food for 1 more field, also beside a plow."""
        state, _, _ = full(2)
        holding(state, 0, "E195", "E62")
        give(state, 0, food=1)
        after = _ploughed(state, 0)
        food = after["farms"][0]["supply"]["food"]
        paid, events = play(after, 0, {"type": "card_plough", "card": "E195", "space": 3})
        assert paid["farms"][0]["supply"]["food"] == food - 1
        assert "paying 1 food" in AGRICOLA.describe(events[0], ["Ann", "Bob"])
        assert not [m for m in AGRICOLA.legal_moves(paid, 0) if m.get("card") == "E195"]
        more, _ = play(paid, 0, {"type": "card_plough", "card": "E62", "space": 4})
        assert len(more["farms"][0]["fields"]) == 3


class TestE196MushroomCollector:
    """E196 Mushroom Collector: "Whenever you use a person's action to take wood that is lying on
    an action space, you can leave 1 of that wood on the space and receive 2 food in exchange."
    (S1)."""

    def test_e196_needs_wood_taken_from_an_accumulating_space(self):
        state, _, _ = full(2)
        holding(state, 0, "E196")
        turn(state, 0)
        reveal(state, "day_laborer_full")
        placed, _ = play(state, 0, {"type": "place", "space": "day_laborer_full"})
        assert placed["pending"][0] is None


class TestE197Braggart:
    """E197 Braggart: "At the end of the game, you receive bonus points for the number of
    improvements in front of you: for 9 or more improvements, 9 points; for 8 improvements, 7
    points; for 7 improvements, 5 points; for 6 improvements, 3 points; for 5 improvements, 1
    point." (S1)."""

    def test_e197_braggart_and_e217_reeve_and_e341_guildmaster(self):
        state, _, _ = full(2)
        holding(state, 0, "E197", "E12", "E13", "E17", "E21", "E23")
        assert _points(state)["bonus_points"] == 1  # 5 improvements
        from domain.agricola.cards.decks.e_occupation_rules import reeve_wood as _reeve_wood

        assert [_reeve_wood(r) for r in (1, 5, 6, 8, 9, 11, 12, 13, 14)] == [
            4,
            4,
            3,
            3,
            2,
            2,
            1,
            1,
            0,
        ]
        state, _, _ = full(2)
        holding(state, 1, "E217")
        holding(state, 0, "E176", "E187")
        assert _points(state, 0)["bonus_points"] == 3 and _points(state, 1)["bonus_points"] == 0
        state, _, _ = full(2)
        holding(state, 0, "E341")
        after = _react(state, 0, ("MajorBuilt", {"major": "pottery"}, 0))
        assert after["farms"][0]["supply"]["clay"] == 4
        from domain.agricola.cards.decks.e_occupation_rules import (
            guildmaster_now as _guildmaster_now,
        )

        state["farms"][0]["majors"].append("joinery")
        assert _guildmaster_now(state["farms"][0]) == {"wood": 2}


class TestE198Ratcatcher:
    """E198 Ratcatcher: "In rounds 10 and 12, all other players may not place 1 of their family's
    offspring (if they have any). This card may only be played until the end of Round 9." (S1)."""

    def test_e198_ratcatcher_keeps_an_offspring_home_in_rounds_10_and_12(self):
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
        assert (
            "Ratcatcher (E198) of Ann keeps 1 of Bob's offspring at home this round."
            in AGRICOLA.describe(events[0], ["Ann", "Bob", "Cid"])
        )
        eleven, events = _start_round(state, 11)
        assert not events


class TestE201CattleWhisperer:
    """E201 Cattle Whisperer: "Add 5 and 9 to the number of the current round. Place 1 cattle on
    each corresponding round space. At the start of these rounds, you receive the cattle."
    (S1)."""

    def test_e201_cattle_whisperer_and_e204_master_shepherd_schedules(self):
        assert sorted(decks.find("E201")["schedule"](3)) == [8, 12]
        assert sorted(decks.find("E201")["schedule"](6)) == [11]
        assert sorted(decks.find("E204")["schedule"](5)) == [6, 7, 8]


class TestE203Shepherd:
    """E203 Shepherd: "During each harvest, if you have at least 4 sheep during the breeding
    phase, you receive 2 lambs instead of 1 as long as you have room for them." (S1)."""

    def test_e203_shepherd_two_lambs_from_four_sheep_if_there_is_room(self):
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

    def test_e203_shepherd_lamb_that_does_not_fit_runs_away(self):
        state, _, _ = full(2)
        holding(state, 0, "E203")
        build_farm(state, 0, pastures=[[3, 4]])  # 4 places + the pet
        give_animals(state, 0, sheep=4)
        b = Builder(state)
        start_breeding(b)
        bred = next(e for e in b.events if e.type == "AnimalsBred")
        assert bred.data["newborns"]["sheep"] == 2 and bred.data["kept"]["sheep"] == 1


class TestE206Swineherd:
    """E206 Swineherd: "Whenever you use the '1 Wild Boar' action space, you receive 1 additional
    wild boar from the general supply." (S1). Seed 000 L922."""

    def test_e206_swineherd_adds_a_boar_that_must_be_housed(self):
        state, _, _ = full(4)
        holding(state, 0, "E206")
        turn(state, 0)
        reveal(state, "boar", boar=1)
        after, _ = play(state, 0, {"type": "place", "space": "boar"})
        farm = after["farms"][0]
        assert farm["animals"]["boar"] + farm["unhoused"]["boar"] == 2


class TestE212Dancer:
    """E212 Dancer: "Whenever you use the “Traveling Players” action on an action space, you
    receive at least 4 food, even if only 1 to 3 food are on the space." (S1). Seed 000 L956."""

    def test_e212_dancer_makes_traveling_players_worth_4_food(self):
        from domain.agricola.cards.decks.e_occupation_rules import dancer as _dancer

        assert decks.find("E212")["taken"] is _dancer
        assert _dancer({"food": 1}, "traveling_players", {}) == {"food": 3}
        assert _dancer({"food": 5}, "traveling_players", {}) == {"food": 0}


class TestE214Potter:
    """E214 Potter: "In each harvest, the Potter can convert up to 1 clay to 2 food." (S1)."""

    def test_harvest_conversions_once_per_harvest(self):
        check_harvest_conversions_once_per_harvest("E214", "clay", 2)


class TestE215TenantFarmer:
    """E215 Tenant Farmer: "You immediately receive a loan of one of each type of animal. Before
    scoring, return the 3 animals. For each animal that you cannot or do not want to return,
    you lose 1 point." (S1). Seed 000 L802."""

    def test_e215_tenant_farmer_lends_animals_and_wants_them_back(self):
        """E215 (seed 000 L802): 1 sheep, 1 boar, 1 cattle at once; each not given back at the end
        costs 1 point, nothing with the Yeoman Farmer (E165)."""
        from .e_support import _lessons

        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4], [8, 9], [13, 14]])
        give(state, 0, food=2)
        after, _ = _lessons(state, 0, "E215")
        assert after["farms"][0]["animals"] == {"sheep": 1, "boar": 1, "cattle": 1}
        # giving back all three costs their animal points (1 each); keeping them costs 3
        assert _points(after)["bonus_points"] == -3
        state, _, _ = full(2)
        assert _bonus_with("E215", state) == -3  # nothing to give back
        state, _, _ = full(2)
        holding(state, 0, "E165")
        assert _bonus_with("E215", state) == 0
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4], [8, 9], [13, 14]])
        give_animals(state, 0, sheep=5, boar=4, cattle=3)  # returning one of each loses no points
        assert _bonus_with("E215", state) == 0


class TestE216AnimalKeeper:
    """E216 Animal Keeper: "You can keep sheep, wild boar and cattle in the same pasture." (S1)."""

    def test_e216_animal_keeper_mixes_types_in_a_pasture(self):
        """E216: a pasture may hold animals of different types."""
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3, 4]])
        mixed = {"sheep": 2, "boar": 2, "cattle": 0}
        assert not can_house(housing(state["farms"][0]), mixed)
        holding(state, 0, "E216")
        assert can_house(housing(state["farms"][0]), mixed)
        assert not can_house(housing(state["farms"][0]), {"sheep": 3, "boar": 3})


class TestE218Carpenter:
    """E218 Carpenter: "To extend your home, you need only 3 of the appropriate resource and 2
    reed for each new room." (S1). Seed 000 L870."""

    def test_cost_cards_e218_carpenter_and_e199_renovator(self):
        from domain.agricola.farm import renovation_cost, room_cost

        state, _, _ = full(2)
        farm = state["farms"][0]
        holding(state, 0, "E218", "E199")
        assert room_cost(farm) == {"wood": 3, "reed": 2}
        assert renovation_cost(farm) == {"clay": 0, "reed": 1}
