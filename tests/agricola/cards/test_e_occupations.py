"""E-deck occupations (catalogue 147-218, 341), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it. Where a card was corrected in card
set 5 (issue 23), a test pins the entry older card sets keep (``card_set=4``), so a game of
those sets replays as it was played.
"""
from __future__ import annotations

from domain.agricola import AGRICOLA
from domain.agricola.builder import Builder
from domain.agricola.cards.hooks import round_start
from domain.agricola.farm import renovations

from ..support import build_farm, give, give_animals, reveal, turn
from .helpers import (animals, food, full, holding, in_hand, listed_play, minor,
                      of_type, owns, play)


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
        grown, _ = listed_play(state, 0, {"type": "place", "space": "occupation_or_growth",
                                          "option": "growth"})
        assert grown["farms"][0]["family"] == 3
        assert {"type": "place", "space": "occupation_or_growth", "option": "occupation"} \
            not in AGRICOLA.legal_moves(state, 0)

    def test_card_sets_1_to_4_left_the_space_out(self):
        state = self._occupied(card_set=4)
        assert not [m for m in AGRICOLA.legal_moves(state, 0)
                    if m.get("space") == "occupation_or_growth"]


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
        return (food(left) - food(state), left["farms"][0]["supply"]["vegetable"],
                left["spaces"]["traveling_players"]["goods"].get("food", 0))

    def test_one_vegetable_at_least_4_food_and_1_food_left(self):
        assert self._leave(1) == (4, 1, 1)
        assert self._leave(3) == (4, 1, 1)
        assert self._leave(6) == (5, 1, 1)

    def test_card_sets_1_to_4_left_3_food(self):
        assert self._leave(1, card_set=4) == (3, 1, 1)


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
        assert of_type(placed, "card_choice") == [{"type": "card_choice", "option": 0},
                                                  {"type": "card_choice", "option": 1}]
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

