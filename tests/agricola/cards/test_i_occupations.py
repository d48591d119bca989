"""I-deck occupations (catalogue 219-265, 340), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it; decisions where the sources
disagree or are silent are in docs/rules/cards-i-occupations.md (I-nn)."""

from __future__ import annotations

from domain.agricola.cards.hooks import field_phase
from domain.agricola.farm import major_costs, renovation_cost, room_cost

from ..support import build_farm, check_invariants, give, give_animals, reveal, turn
from .e_support import AGRICOLA, Builder, _points, _react, _start_round, _stock
from .helpers import (
    animals,
    food,
    full,
    holding,
    in_hand,
    lessons,
    listed_play,
    of_type,
    owns,
    play,
)


def _place(state, seat, space, **goods):
    turn(state, seat)
    give(state, seat, **goods)
    reveal(state, space)
    return play(state, seat, {"type": "place", "space": space})


def _supply(state, seat=0):
    return dict(state["farms"][seat]["supply"])


class TestI220WellBuilder:
    """I220 Well Builder (1+): "For you, the Well is now a minor improvement and costs only 1
    stone and 1 wood to build." (S1). Seed 000 L818 (at every building of the Well); I-08."""

    def test_the_well_as_the_minor_of_an_action_for_1_wood_1_stone(self):
        state, _, _ = full(2)
        holding(state, 0, "I220")
        assert {"wood": 1, "stone": 1} in major_costs(state["farms"][0], "well")
        placed, _ = _place(state, 0, "major_minor", wood=1, stone=1)
        moves = of_type(placed, "card_major")
        assert moves == [{"type": "card_major", "card": "I220", "major": "well", "pay": 1}]
        built, _ = listed_play(placed, 0, moves[0])
        assert "well" in built["farms"][0]["majors"]
        assert built["farms"][0]["supply"]["wood"] == placed["farms"][0]["supply"]["wood"] - 1
        assert built["farms"][0]["supply"]["stone"] == placed["farms"][0]["supply"]["stone"] - 1
        check_invariants(built)

    def test_without_the_card_the_well_costs_its_printed_price(self):
        state, _, _ = full(2)
        assert major_costs(state["farms"][0], "well") == [{"wood": 1, "stone": 3}]


class TestI221VillageElder:
    """I221 Village Elder (3+): "You receive wood immediately when you play this card: if played
    in round 12 or 13, take 1 wood; if played in round 9, 10, or 11, take 2 wood; if played in
    round 6, 7, or 8, take 3 wood; if played before round 6, take 4 wood. At the end of the game,
    all players with the most improvements in front of them receive 3 bonus points each." (S1).
    Seed 000 L790 (deck letter: catalogue C1)."""

    def test_wood_by_round_on_play(self):
        for round_no, wood in ((3, 4), (7, 3), (10, 2), (13, 1)):
            state, _, _ = full(3)
            state["round"] = round_no
            give(state, 0, food=2)
            played, _ = lessons(state, 0, "I221", space="lessons_3")
            assert played["farms"][0]["supply"]["wood"] == wood, round_no

    def test_every_player_with_the_most_improvements_scores_3(self):
        state, _, _ = full(3)
        holding(state, 2, "I221")
        owns(state, 0, "well")
        owns(state, 1, "fireplace_2")
        before = [_points(state, s)["bonus_points"] for s in range(3)]
        holding(state, 0, "E12")
        after = [_points(state, s)["bonus_points"] for s in range(3)]
        assert before == [3, 3, 0]
        assert after == [3, 0, 0]


class TestI222SocialClimber:
    """I222 Social Climber (4+): "Whenever you are the first player to renovate to a clay hut
    or a stone house, you receive 3 stone. If you are the second, you receive 2 stone; the
    third, you receive 1 stone." (S1). Seed 000 L778 (the stone may pay for the improvement of
    the same action); I-04."""

    def _renovate(self, others):
        state, _, _ = full(4)
        holding(state, 0, "I222")
        for seat, house in enumerate(others, start=1):
            state["farms"][seat]["house"] = house
        placed, _ = _place(state, 0, "renovation_improvement_full", clay=2, reed=1)
        return placed

    def test_first_second_third_fourth(self):
        for others, stone in (
            (["wood", "wood", "wood"], 3),
            (["clay", "wood", "wood"], 2),
            (["stone", "clay", "wood"], 1),
            (["clay", "clay", "stone"], 0),
        ):
            placed = self._renovate(others)
            assert placed["farms"][0]["house"] == "clay"
            assert placed["farms"][0]["supply"]["stone"] == stone, others


class TestI224FieldWorker:
    """I224 Field Worker (3+): "Whenever another player sows one or more fields, you receive 1
    grain in a 3-player game or 1 food in a 4 or 5 player game." (S1). Seed 000 L882."""

    def _sow_two(self, n):
        state, _, _ = full(n)
        holding(state, 1, "I224")
        build_farm(state, 0, fields={3: (None, 0), 4: (None, 0)})
        placed, _ = _place(state, 0, "sow_bake", grain=2)
        once, _ = play(placed, 0, {"type": "sow", "space": 3, "crop": "grain"})
        twice, _ = play(once, 0, {"type": "sow", "space": 4, "crop": "grain"})
        return state, once, twice

    def test_once_per_sowing_grain_with_3_players(self):
        state, once, twice = self._sow_two(3)
        assert once["farms"][1]["supply"]["grain"] == state["farms"][1]["supply"]["grain"] + 1
        assert twice["farms"][1]["supply"]["grain"] == once["farms"][1]["supply"]["grain"]

    def test_food_with_4_players(self):
        state, once, twice = self._sow_two(4)
        assert food(twice, 1) == food(state, 1) + 1


class TestI227ChurchWarden:
    """I227 Church Warden (1+): the Village Elder's wood on play; "At the end of the game, any
    player who performed actions with at least 5 people in round 14 receives 3 bonus points."
    (S1). Seed 000 L982."""

    def test_wood_on_play(self):
        state, _, _ = full(2)
        state["round"] = 7
        played, _ = lessons(state, 0, "I227")
        assert played["farms"][0]["supply"]["wood"] == 3

    def test_five_people_placed_in_round_14_score_3(self):
        state, _, _ = full(2)
        holding(state, 1, "I227")
        state["round"] = 14
        events = [("PersonPlaced", {"space": "forest"}, 0)] * 5
        events += [("PersonPlaced", {"space": "forest"}, 1)] * 4
        after = _react(state, 0, *events)
        before = [_points(state, s)["bonus_points"] for s in range(2)]
        assert [_points(after, s)["bonus_points"] - before[s] for s in range(2)] == [3, 0]

    def test_places_in_earlier_rounds_do_not_count(self):
        state, _, _ = full(2)
        holding(state, 1, "I227")
        state["round"] = 13
        after = _react(state, 0, *[("PersonPlaced", {"space": "forest"}, 0)] * 5)
        assert _points(after, 0)["bonus_points"] == _points(state, 0)["bonus_points"]


class TestI229Sycophant:
    """I229 Sycophant (4+): "Any other player that uses the 'Take 1 Grain' action space must
    first pay you 1 food. In addition, you receive 1 food from the general supply. You receive
    that food even when you take the grain yourself." (S1). Seed 000 L878; I-03."""

    def test_another_player_pays_1_food_and_the_owner_gets_1_more(self):
        state, _, _ = full(4)
        holding(state, 1, "I229")
        placed, _ = _place(state, 0, "grain", food=1)
        assert food(placed, 0) == food(state, 0) - 1
        assert food(placed, 1) == food(state, 1) + 2
        assert placed["farms"][0]["supply"]["grain"] == state["farms"][0]["supply"]["grain"] + 1
        check_invariants(placed)

    def test_the_owner_gets_1_food_taking_the_grain_itself(self):
        state, _, _ = full(4)
        holding(state, 0, "I229")
        placed, _ = _place(state, 0, "grain")
        assert food(placed, 0) == food(state, 0) + 1

    def test_without_food_another_player_may_not_use_the_space(self):
        state, _, _ = full(4)
        holding(state, 1, "I229")
        turn(state, 0)
        state["farms"][0]["supply"]["food"], state["bank"]["food"] = (
            0,
            state["bank"]["food"] + state["farms"][0]["supply"]["food"],
        )
        assert {"type": "place", "space": "grain"} not in AGRICOLA.legal_moves(state, 0)


class TestI231Manservant:
    """I231 Manservant (1+): "When you build a stone house, place 3 food on each remaining round
    space. At the start of these rounds, you receive the food." (S1)."""

    def test_from_the_round_after_the_stone_house(self):
        state, _, _ = full(2)
        holding(state, 0, "I231")
        wooden, _ = _start_round(state, 5)
        assert food(wooden) == food(state)
        wooden["farms"][0]["house"] = "stone"
        later, _ = _start_round(wooden, 6)
        assert food(later) == food(state) + 3
        assert sorted(int(r) for r in later["farms"][0]["schedule"]) == list(range(7, 15))
        again, _ = _start_round(later, 7)
        assert food(again) == food(state) + 6
        assert sorted(int(r) for r in again["farms"][0]["schedule"]) == list(range(8, 15))


class TestI232Midwife:
    """I232 Midwife (4+): "Whenever another player has offspring and then has a larger family
    than you, you receive 1 food. If they have at least 2 more family members than you, you
    receive 2 food." (S1). Seed 000 L876."""

    def test_one_or_two_food_by_the_difference(self):
        for family, gain in ((2, 0), (3, 1), (4, 2)):
            state, _, _ = full(4)
            holding(state, 1, "I232")
            state["farms"][0]["family"] = family
            after = _react(state, 0, ("FamilyGrew", {"family": family}, 0))
            assert food(after, 1) == food(state, 1) + gain, family

    def test_through_a_family_growth_action(self):
        state, _, _ = full(4)
        holding(state, 1, "I232")
        build_farm(state, 0, rooms=[5, 10, 0])
        placed, _ = _place(state, 0, "family_growth")
        assert placed["farms"][0]["family"] == 3
        assert food(placed, 1) == food(state, 1) + 1


class TestI235WoodCollector:
    """I235 Wood Collector (1+): "Place 1 wood on each of the next 5 round spaces. At the start
    of these rounds, you receive the wood." (S1)."""

    def test_next_five_round_spaces(self):
        state, _, _ = full(2)
        state["round"] = 3
        played, _ = lessons(state, 0, "I235")
        assert sorted(int(r) for r in played["farms"][0]["schedule"]) == [4, 5, 6, 7, 8]
        started, _ = _start_round(played, 4)
        assert started["farms"][0]["supply"]["wood"] == played["farms"][0]["supply"]["wood"] + 1


class TestI236HideFarmer:
    """I236 Hide Farmer (3+): "At the end of the game, you can pay 1 food each for any number of
    unused farmyard spaces. These do not lose you points in the scoring." (S1). I-02."""

    def test_food_buys_back_unused_spaces(self):
        state, _, _ = full(3)
        state["farms"][0]["supply"]["food"] = 4
        without = _points(state)
        holding(state, 0, "I236")
        assert _points(state)["bonus_points"] == without["bonus_points"] + 4
        state["farms"][0]["supply"]["food"] = 40
        unused = -without["unused_spaces"]
        assert _points(state)["bonus_points"] == without["bonus_points"] + unused


class TestI237Juggler:
    """I237 Juggler (4+): "Whenever you use the 'Traveling Players' action on an action space,
    you can choose to receive twice as much food as is on the card. If you do this, you must give
    one food each to the owners of the Magician, Conjurer, Street Musician, Puppeteer, Acrobat,
    Dancer, Animal Trainer and Storyteller." (S1). I-07."""

    def test_doubles_the_food_and_pays_the_owners(self):
        state, _, _ = full(4)
        holding(state, 0, "I237")
        holding(state, 1, "E167")
        holding(state, 2, "E212", "E169")
        _stock(state, "traveling_players", food=3)
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "traveling_players"})
        taken = food(placed) - food(state)
        assert placed["pending"][0]["options"] == [{}, {"food": taken - 3}]
        doubled, _ = play(placed, 0, {"type": "card_choice", "option": 1})
        assert food(doubled) == food(state) + 2 * taken - 3
        assert food(doubled, 1) == food(placed, 1) + 1
        assert food(doubled, 2) == food(placed, 2) + 2
        check_invariants(doubled)


class TestI240Cowherd:
    """I240 Cowherd (3+): "Whenever you use the '1 Cattle' action space, you receive 1
    additional cattle from the general supply." (S1). Seed 000 L934 (not the Livestock space)."""

    def test_one_more_cattle(self):
        state, _, _ = full(3)
        holding(state, 0, "I240")
        build_farm(state, 0, pastures=[[4, 9]])
        turn(state, 0)
        reveal(state, "cattle", cattle=1)
        placed, _ = play(state, 0, {"type": "place", "space": "cattle"})
        assert animals(placed, "cattle") == 2
        check_invariants(placed)


class TestI241ClayPlasterer:
    """I241 Clay Plasterer (1+): "Renovating your wooden hut to a clay hut costs you only 1 clay
    and 1 reeds. Each room of your clay hut costs you 3 clay and 2 reeds." (S1). Seed 000 L986
    (a new base price; cards that change a price apply to it)."""

    def test_renovation_and_room_prices(self):
        state, _, _ = full(2)
        holding(state, 0, "I241")
        farm = state["farms"][0]
        assert renovation_cost(farm) == {"clay": 1, "reed": 1}
        assert room_cost(farm) == {"wood": 5, "reed": 2}
        farm["house"] = "clay"
        assert room_cost(farm) == {"clay": 3, "reed": 2}

    def test_renovating_through_the_action(self):
        state, _, _ = full(2)
        holding(state, 0, "I241")
        placed, _ = _place(state, 0, "renovation_improvement_full", clay=1, reed=1)
        assert placed["farms"][0]["house"] == "clay"
        assert placed["farms"][0]["supply"]["clay"] == 0
        assert placed["farms"][0]["supply"]["reed"] == 0

    def test_with_the_bricklayer(self):
        state, _, _ = full(2)
        holding(state, 0, "I241", "I243")
        farm = state["farms"][0]
        farm["house"] = "clay"
        assert room_cost(farm) == {"clay": 1, "reed": 2}


class TestI242ClayHutBuilder:
    """I242 Clay Hut Builder (1+): "Once you live in a clay hut, place 2 clay on each of the
    next 5 round spaces. At the start of these rounds, you receive the clay." (S1). I-05."""

    def test_five_rounds_of_clay_once(self):
        state, _, _ = full(2)
        holding(state, 0, "I242")
        state["farms"][0]["house"] = "clay"
        started, _ = _start_round(state, 6)
        assert started["farms"][0]["supply"]["clay"] == 2
        assert sorted(int(r) for r in started["farms"][0]["schedule"]) == [7, 8, 9, 10]
        again, _ = _start_round(started, 7)
        assert again["farms"][0]["supply"]["clay"] == 4
        assert sorted(int(r) for r in again["farms"][0]["schedule"]) == [8, 9, 10]

    def test_never_in_a_stone_house(self):
        state, _, _ = full(2)
        holding(state, 0, "I242")
        state["farms"][0]["house"] = "stone"
        started, _ = _start_round(state, 6)
        assert started["farms"][0]["schedule"] == {}


class TestI243Bricklayer:
    """I243 Bricklayer (1+): "Pay 1 less clay for each improvement and renovation. Pay 2 less
    clay for each room." (S1)."""

    def test_prices(self):
        from domain.agricola.cards.play import minor_cost

        state, _, _ = full(2)
        holding(state, 0, "I243")
        farm = state["farms"][0]
        assert major_costs(farm, "fireplace_2") == [{"clay": 1}]
        assert renovation_cost(farm) == {"clay": 1, "reed": 1}
        farm["house"] = "clay"
        assert room_cost(farm) == {"clay": 3, "reed": 2}
        assert minor_cost(farm, "E21", 0) == {"wood": 1, "stone": 2, "reed": 1}

    def test_building_a_fireplace_for_1_clay(self):
        state, _, _ = full(2)
        holding(state, 0, "I243")
        placed, _ = _place(state, 0, "major_minor", clay=1)
        built, _ = listed_play(placed, 0, {"type": "build_major", "major": "fireplace_2"})
        assert built["farms"][0]["supply"]["clay"] == 0
        assert "fireplace_2" in built["farms"][0]["majors"]


class TestI245MarketCrier:
    """I245 Market Crier (3+): "Whenever you use the 'Take 1 Grain' action space, you can take
    an additional 1 grain and 1 vegetable. If you do this, the other players each receive 1
    grain from the general supply." (S1)."""

    def test_grain_and_vegetable_then_the_others_grain(self):
        state, _, _ = full(3)
        holding(state, 0, "I245")
        placed, _ = _place(state, 0, "grain")
        took, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert _supply(took)["grain"] == _supply(state)["grain"] + 2
        assert _supply(took)["vegetable"] == _supply(state)["vegetable"] + 1
        for seat in (1, 2):
            assert _supply(took, seat)["grain"] == _supply(state, seat)["grain"] + 1
        check_invariants(took)
        plain, _ = play(placed, 0, {"type": "card_choice", "option": 0})
        assert _supply(plain, 1)["grain"] == _supply(state, 1)["grain"]


class TestI246MilkingHand:
    """I246 Milking Hand (4+): "In the field phase of the harvest, you receive food if you have
    cattle, without having to give up the cattle: for 5 or more cattle, 3 food; for 3 or 4
    cattle, 2 food; for 1 cattle, 1 food. At the end of the game, you receive 1 bonus point for
    every 2 cattle." (S1). I-01."""

    def test_field_phase_food_and_points(self):
        for cattle, gain in ((0, 0), (1, 1), (2, 1), (3, 2), (5, 3)):
            state, _, _ = full(4)
            holding(state, 0, "I246")
            build_farm(state, 0, pastures=[[4, 9, 14]])
            give_animals(state, 0, cattle=cattle)
            b = Builder(state)
            field_phase(b)
            assert food(b.state) == food(state) + gain, cattle
            assert animals(b.state, "cattle") == cattle
        state["farms"][0]["animals"]["cattle"] = 5
        without = _points(state)["bonus_points"]
        state["farms"][0]["cards"].remove("I246")
        assert without - _points(state)["bonus_points"] == 2


class TestI247Butcher:
    """I247 Butcher (1+): "You can convert your animals into food at any time. You receive 1
    food for each sheep, 2 for each wild boar and 3 for each cattle." (S1)."""

    def test_animals_to_food_without_an_improvement(self):
        state, _, _ = full(2)
        holding(state, 0, "I247")
        build_farm(state, 0, pastures=[[4, 9]])
        give_animals(state, 0, sheep=1, boar=1, cattle=1)
        turn(state, 0)
        for option, animal, gain in ((0, "sheep", 1), (1, "boar", 2), (2, "cattle", 3)):
            after, _ = listed_play(
                state, 0, {"type": "card_convert", "card": "I247", "option": option}
            )
            assert food(after) == food(state) + gain
            assert animals(after, animal) == 0


class TestI250SheepWhisperer:
    """I250 Sheep Whisperer (4+): "Add 4, 7, 9 and 11 to the number of the current round and
    place 1 sheep on each corresponding round space. At the start of these rounds, you receive
    the sheep." (S1)."""

    def test_sheep_on_rounds_plus_4_7_9_11(self):
        state, _, _ = full(4)
        state["round"] = 3
        played, _ = lessons(state, 0, "I250", space="lessons_4")
        assert sorted(int(r) for r in played["farms"][0]["schedule"]) == [7, 10, 12, 14]
        state["round"] = 5
        later, _ = lessons(state, 0, "I250", space="lessons_4")
        assert sorted(int(r) for r in later["farms"][0]["schedule"]) == [9, 12, 14]
        arrived, _ = _start_round(played, 7)
        assert animals(arrived, "sheep") == 1


class TestI252PigBreeder:
    """I252 Pig Breeder (4+): "Your wild boar breed at the end of round 12, if there is room for
    the piglet. When you play this card, you receive 1 wild boar." (S1). I-06."""

    def test_a_boar_on_play(self):
        state, _, _ = full(4)
        played, _ = lessons(state, 0, "I252", space="lessons_4")
        assert animals(played, "boar") == 1

    def test_boar_breed_before_round_13_with_room(self):
        state, _, _ = full(4)
        holding(state, 0, "I252")
        build_farm(state, 0, pastures=[[4, 9]])
        give_animals(state, 0, boar=2)
        twelve, _ = _start_round(state, 12)
        assert animals(twelve, "boar") == 2
        bred, _ = _start_round(state, 13)
        assert animals(bred, "boar") == 3
        full_pasture, _, _ = full(4)
        holding(full_pasture, 0, "I252")
        build_farm(full_pasture, 0, pastures=[[4]])
        give_animals(full_pasture, 0, boar=3)
        crowded, _ = _start_round(full_pasture, 13)
        assert animals(crowded, "boar") == 3


class TestI253PigCatcher:
    """I253 Pig Catcher (4+): "Whenever you use a person to take wood that is on an action
    space, you can leave 2 of that wood on the space and receive a wild boar instead." (S1)."""

    def test_two_wood_left_for_a_boar(self):
        state, _, _ = full(4)
        holding(state, 0, "I253")
        _stock(state, "forest", wood=3)
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "forest"})
        left, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert left["spaces"]["forest"]["goods"]["wood"] == 2
        assert _supply(left)["wood"] == _supply(placed)["wood"] - 2
        assert animals(left, "boar") == 1
        check_invariants(left)


class TestI256StoneCarver:
    """I256 Stone Carver (1+): "In each harvest, the Stone Carver can convert up to 1 stone to 3
    food." (S1)."""

    def test_once_per_harvest(self):
        from .e_support import check_harvest_conversions_once_per_harvest

        check_harvest_conversions_once_per_harvest("I256", "stone", 3)


class TestI257StreetMusician:
    """I257 Street Musician (4+): "You receive 1 grain whenever another player takes the
    'Traveling Players' action on an action space." (S1)."""

    def test_grain_when_another_player_takes_the_food(self):
        state, _, _ = full(4)
        holding(state, 1, "I257")
        _stock(state, "traveling_players", food=1)
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "traveling_players"})
        assert _supply(placed, 1)["grain"] == _supply(state, 1)["grain"] + 1
        holding(state, 0, "I257")
        state["farms"][1]["cards"].remove("I257")
        own, _ = play(state, 0, {"type": "place", "space": "traveling_players"})
        assert _supply(own)["grain"] == _supply(state)["grain"]


class TestI258Cabinetmaker:
    """I258 Cabinetmaker (3+): "In each harvest, the Cabinetmaker can convert up to 1 wood to 2
    food." (S1)."""

    def test_once_per_harvest(self):
        from .e_support import check_harvest_conversions_once_per_harvest

        check_harvest_conversions_once_per_harvest("I258", "wood", 2)


class TestI259AnimalDealer:
    """I259 Animal Dealer (3+): "Whenever you use one of the '1 Sheep', '1 Wild Boar' or '1
    Cattle' action spaces, you can pay 1 food to take 1 additional animal of that type." (S1).
    Seed 000 L966."""

    def test_one_more_sheep_for_1_food(self):
        state, _, _ = full(3)
        holding(state, 0, "I259")
        build_farm(state, 0, pastures=[[4, 9]])
        turn(state, 0)
        reveal(state, "sheep", sheep=1)
        placed, _ = play(state, 0, {"type": "place", "space": "sheep"})
        bought, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert animals(bought, "sheep") == 2
        assert food(bought) == food(state) - 1
        check_invariants(bought)
        declined, _ = play(placed, 0, {"type": "card_choice", "option": 0})
        assert animals(declined, "sheep") == 1 and food(declined) == food(state)


class TestI261Outrider:
    """I261 Outrider (4+): "Whenever you use the most recent round card with one of your
    people, you receive 1 additional grain." (S1)."""

    def test_grain_on_the_newest_round_card_only(self):
        state, _, _ = full(4)
        holding(state, 0, "I261")
        newest = state["round_cards"][-1]
        placed, _ = _place(state, 0, "forest")
        assert _supply(placed)["grain"] == _supply(state)["grain"]
        state["round_cards"].append("sheep")
        reveal(state, "sheep", sheep=1)
        build_farm(state, 0, pastures=[[4]])
        on_new, _ = _place(state, 0, "sheep")
        assert _supply(on_new)["grain"] == _supply(state)["grain"] + 1
        assert newest != "sheep"


class TestI262WaterCarrier:
    """I262 Water Carrier (1+): "Once any player has built the Well, place 1 food on the
    remaining round spaces. At the start of these Rounds, you receive the food." (S1). Seed 000
    L776 (also when played after the Well was built)."""

    def test_when_another_player_builds_the_well(self):
        state, _, _ = full(2)
        holding(state, 0, "I262")
        state["round"] = 6
        placed, _ = _place(state, 1, "major_minor", wood=1, stone=3)
        built, _ = play(placed, 1, {"type": "build_major", "major": "well"})
        assert sorted(int(r) for r in built["farms"][0]["schedule"]) == list(range(7, 15))

    def test_played_after_the_well(self):
        state, _, _ = full(2)
        owns(state, 1, "well")
        state["round"] = 9
        played, _ = lessons(state, 0, "I262")
        assert sorted(int(r) for r in played["farms"][0]["schedule"]) == list(range(10, 15))


class TestI264Fencer:
    """I264 Fencer (4+): "Whenever another player builds 1 to 4 fences, you receive 1 wood from
    the general supply. Whenever another player builds 5 or more fences, you receive 2 wood."
    (S1)."""

    def test_one_wood_for_4_fences_two_for_more(self):
        state, _, _ = full(4)
        holding(state, 1, "I264")
        after = _react(state, 0, ("PastureFenced", {"fences": [1, 2, 3, 4]}, 0))
        assert _supply(after, 1)["wood"] == _supply(state, 1)["wood"] + 1
        more = _react(state, 0, ("PastureFenced", {"fences": [1, 2, 3, 4, 5, 6]}, 0))
        assert _supply(more, 1)["wood"] == _supply(state, 1)["wood"] + 2
        own = _react(state, 1, ("PastureFenced", {"fences": [1, 2, 3, 4, 5, 6]}, 1))
        assert _supply(own, 1)["wood"] == _supply(state, 1)["wood"]

    def test_through_a_fences_action(self):
        state, _, _ = full(4)
        holding(state, 1, "I264")
        placed, _ = _place(state, 0, "fences", wood=4)
        for space in (0,):
            placed, _ = play(placed, 0, {"type": "fence_space", "space": space})
        fenced, _ = play(placed, 0, {"type": "close_pasture"})
        assert _supply(fenced, 1)["wood"] == _supply(state, 1)["wood"] + 1


class TestI340Rancher:
    """I340 Rancher (4+): "Whenever, at the start of a round, you are using more farmyard
    spaces than every other player, you receive 1 wood." (S1; 4+, catalogue C11)."""

    def test_wood_only_with_the_most_used_spaces(self):
        state, _, _ = full(4)
        holding(state, 0, "I340")
        tied, _ = _start_round(state, 3)
        assert _supply(tied)["wood"] == _supply(state)["wood"]
        build_farm(state, 0, fields={3: (None, 0)})
        ahead, _ = _start_round(state, 3)
        assert _supply(ahead)["wood"] == _supply(state)["wood"] + 1


class TestI225FieldWatchman:
    """I225 Field Watchman (1+): "Whenever you use the action space 'Take 1 Grain', you can also
    plow up to 1 field." (S1). Seed 000 L884 (no plow or Harrow adds to it)."""

    def test_plough_one_field_after_the_grain(self):
        state, _, _ = full(2)
        holding(state, 0, "I225", "E62")
        build_farm(state, 0, fields={3: (None, 0)})
        placed, _ = _place(state, 0, "grain")
        assert placed["turn"] == 0 and placed["farms"][0]["supply"]["grain"] == 1
        move = {"type": "watch_plough", "card": "I225", "space": 4}
        ploughed, _ = listed_play(placed, 0, move)
        assert [f["space"] for f in ploughed["farms"][0]["fields"]] == [3, 4]
        assert ploughed["turn"] == 1  # once: the action ends
        assert not of_type(ploughed, "card_plough")
        check_invariants(ploughed)

    def test_may_decline(self):
        state, _, _ = full(2)
        holding(state, 0, "I225")
        placed, _ = _place(state, 0, "grain")
        done, _ = listed_play(placed, 0, {"type": "done"})
        assert done["farms"][0]["fields"] == [] and done["turn"] == 1

    def test_after_the_market_criers_choice(self):
        state, _, _ = full(3)
        holding(state, 0, "I245", "I225")
        placed, _ = _place(state, 0, "grain")
        chosen, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert chosen["turn"] == 0
        ploughed, _ = listed_play(chosen, 0, {"type": "watch_plough", "card": "I225", "space": 0})
        assert [f["space"] for f in ploughed["farms"][0]["fields"]] == [0]


class TestI254Groom:
    """I254 Groom (4+): "Once you have a stone house, you can build 1 stable at the beginning of
    each round at a cost of 1 wood. You do not need to place a family member on an action space
    to do this." (S1). Seed 000 L820 (the round start's wood may pay for it); as the Plow
    Driver's field, before the seat's first placement of the round (K-11)."""

    def _round(self, house):
        state, _, _ = full(4)
        holding(state, 0, "I254")
        state["farms"][0]["house"] = house
        give(state, 0, wood=1)
        started, _ = _start_round(state, 4)
        turn(started, 0, home=2)
        return started

    def test_a_stable_for_1_wood_before_the_first_placement(self):
        started = self._round("stone")
        move = {"type": "groom_stable", "card": "I254", "space": 3}
        built, _ = listed_play(started, 0, move)
        assert built["farms"][0]["stables"] == [3]
        assert built["farms"][0]["supply"]["wood"] == 0
        assert built["turn"] == 0 and built["farms"][0]["home"] == 2
        assert not of_type(built, "groom_stable")
        check_invariants(built)

    def test_lapses_with_the_placement_and_needs_stone(self):
        started = self._round("stone")
        placed, _ = play(started, 0, {"type": "place", "space": "forest"})
        turn(placed, 0)
        assert not of_type(placed, "groom_stable")
        assert not of_type(self._round("clay"), "groom_stable")


class TestI228Businessman:
    """I228 Businessman (3+): "Whenever you use the 'Starting Player' action space, you can play
    an additional minor or major improvement after you play the minor improvement." (S1). Seed
    000 L786."""

    def _started(self, *cards, wood=2):
        state, _, _ = full(3)
        holding(state, 0, *cards)
        for card in ("E12", "E28"):
            in_hand(state, 0, card)
        placed, _ = _place(state, 0, "starting_player_minor", wood=wood)
        return placed

    def test_a_second_minor_after_the_first(self):
        placed = self._started("I228")
        first, _ = listed_play(placed, 0, {"type": "play_minor", "card": "E12"})
        assert first["turn"] == 0
        second, _ = listed_play(first, 0, {"type": "play_minor", "card": "E28"})
        assert {"E12", "E28"} <= set(second["farms"][0]["minors"])
        assert second["turn"] == 1
        check_invariants(second)

    def test_a_major_instead_or_nothing(self):
        placed = self._started("I228", wood=1)
        give(placed, 0, clay=2)
        first, _ = listed_play(placed, 0, {"type": "play_minor", "card": "E12"})
        major, _ = listed_play(first, 0, {"type": "build_major", "major": "fireplace_2"})
        assert "fireplace_2" in major["farms"][0]["majors"]
        declined, _ = listed_play(first, 0, {"type": "done"})
        assert declined["turn"] == 1

    def test_without_the_card_one_minor_only(self):
        placed = self._started()
        first, _ = play(placed, 0, {"type": "play_minor", "card": "E12"})
        assert first["turn"] == 1


class TestI230ClayDigger:
    """I230 Clay Digger (4+): "Include the '1 Clay' action card from the 3-player game as an
    additional clay pit. Immediately place 3 clay on the card and add 1 clay at the start of
    each round. Any player who uses this action must pay you 3 food." (S1). Seed 000 L782
    (every other player pays); a seat without the food may not use it (K-14)."""

    def _played(self):
        state, _, _ = full(4)
        give(state, 0, food=2)
        played, _ = lessons(state, 0, "I230", space="lessons_4")
        return played

    def test_the_space_joins_with_3_clay_and_refills(self):
        played = self._played()
        assert played["spaces"]["clay_1"]["goods"] == {"clay": 3}
        later, _ = _start_round(played, 2)
        assert "clay_1" in later["space_order"]

    def test_others_pay_3_food_the_owner_nothing(self):
        played = self._played()
        turn(played, 1)
        give(played, 1, food=3)
        used, _ = listed_play(played, 1, {"type": "place", "space": "clay_1"})
        assert food(used, 0) == food(played, 0) + 3
        assert food(used, 1) == food(played, 1) - 3
        assert used["farms"][1]["supply"]["clay"] == 3
        check_invariants(used)
        turn(played, 0)
        own, _ = listed_play(played, 0, {"type": "place", "space": "clay_1"})
        assert food(own, 0) == food(played, 0)

    def test_a_seat_without_3_food_may_not_use_it(self):
        played = self._played()
        turn(played, 1)
        played["bank"]["food"] += food(played, 1)
        played["farms"][1]["supply"]["food"] = 0
        assert {"type": "place", "space": "clay_1"} not in AGRICOLA.legal_moves(played, 1)


class TestI248NetFisherman:
    """I248 Net Fisherman (1+): "If one of your people uses an action space that directly
    provides reeds, you can take all food from the 'Fishing' action space in the returning home
    phase (phase 4)." (S1). Seed 000 L912."""

    def test_reed_then_the_fishing_food_at_return(self):
        state, _, _ = full(2)
        holding(state, 0, "I248")
        _stock(state, "reed_bank", reed=1)
        _stock(state, "fishing", food=2)
        turn(state, 0)  # Ann places the last person of the round
        state["farms"][1]["home"] = 0
        fish = state["spaces"]["fishing"]["goods"]["food"]
        returned, events = play(state, 0, {"type": "place", "space": "reed_bank"})
        kinds = [e.type for e in events]
        taken = kinds.index("GoodsTaken", kinds.index("PeopleReturned"))
        assert events[taken].data["goods"] == {"food": fish} and fish >= 2
        assert kinds.index("RoundStarted") > taken  # in phase 4, before the next round
        assert food(returned) == food(state) + fish
        check_invariants(returned)

    def test_no_reed_no_food(self):
        state, _, _ = full(2)
        holding(state, 0, "I248")
        _stock(state, "forest", wood=3)
        _stock(state, "fishing", food=2)
        turn(state, 0)
        state["farms"][1]["home"] = 0
        returned, _ = play(state, 0, {"type": "place", "space": "forest"})
        assert food(returned) == food(state)


class TestI249Puppeteer:
    """I249 Puppeteer (4+): "Whenever another player chooses the 'Traveling players' action on
    an action space, you can pay 1 food to play an occupation." (S1). Seed 000 L834 (food in
    hand first); taken before the owner's next placement (K-11, I-19)."""

    def _offered(self, owner_food=1):
        state, _, _ = full(4)
        holding(state, 1, "I249")
        in_hand(state, 1, "E147")
        state["bank"]["food"] += food(state, 1)
        state["farms"][1]["supply"]["food"] = 0
        give(state, 1, food=owner_food)
        _stock(state, "traveling_players", food=1)
        turn(state, 0)
        state["farms"][0]["home"] = 2
        placed, _ = play(state, 0, {"type": "place", "space": "traveling_players"})
        assert placed["turn"] == 1
        return placed

    def test_an_occupation_for_1_food_before_the_next_placement(self):
        placed = self._offered()
        move = {"type": "puppet_play", "card": "I249", "occupation": "E147"}
        played, _ = listed_play(placed, 1, move)
        assert "E147" in played["farms"][1]["occupations"]
        assert food(played, 1) == 0
        assert played["farms"][1]["supply"]["vegetable"] == 1  # E147's own effect
        assert played["turn"] == 1 and not of_type(played, "puppet_play", 1)
        check_invariants(played)

    def test_needs_the_food_first_and_lapses_with_the_placement(self):
        assert not of_type(self._offered(owner_food=0), "puppet_play", 1)
        placed = self._offered()
        went, _ = play(placed, 1, {"type": "place", "space": "forest"})
        turn(went, 1)
        assert not of_type(went, "puppet_play", 1)


class TestI233FarmSteward:
    """I233 Farm Steward (1+): "Once you live in a clay hut or stone house, play your next
    family growth action as a 'family growth even without room'." (S1). Seed 000 L976 (one such
    growth only)."""

    def test_a_growth_without_room_once_in_clay(self):
        state, _, _ = full(2)
        holding(state, 0, "I233")
        turn(state, 0)
        reveal(state, "family_growth")
        assert {"type": "place", "space": "family_growth"} not in AGRICOLA.legal_moves(state, 0)
        state["farms"][0]["house"] = "clay"
        grown, _ = listed_play(state, 0, {"type": "place", "space": "family_growth"})
        assert grown["farms"][0]["family"] == 3 and len(grown["farms"][0]["rooms"]) == 2
        turn(grown, 0)
        assert {"type": "place", "space": "family_growth"} not in AGRICOLA.legal_moves(grown, 0)

    def test_spent_by_the_next_growth_even_with_room(self):
        state, _, _ = full(2)
        holding(state, 0, "I233")
        build_farm(state, 0, rooms=[5, 10, 0], house="stone")
        grown, _ = _place(state, 0, "family_growth")
        assert grown["farms"][0]["family"] == 3
        turn(grown, 0)
        assert {"type": "place", "space": "family_growth"} not in AGRICOLA.legal_moves(grown, 0)


class TestI219Fieldsman:
    """I219 Fieldsman (1+): "Whenever you sow 1 field, place 2 additional goods of the same type
    from the general supply on the stack. Whenever you sow 2 fields, place 1 extra good on
    each." (S1). Seed 000 L854 (card fields too)."""

    def _sow(self, *spaces):
        state, _, _ = full(2)
        holding(state, 0, "I219")
        build_farm(state, 0, fields={3: (None, 0), 4: (None, 0), 8: (None, 0)})
        placed, _ = _place(state, 0, "sow_bake", grain=3)
        for space in spaces:
            placed, _ = play(placed, 0, {"type": "sow", "space": space, "crop": "grain"})
        if placed["turn"] == 0:
            placed, _ = play(placed, 0, {"type": "done"})
        return {f["space"]: f["count"] for f in placed["farms"][0]["fields"]}, placed

    def test_one_field_two_more(self):
        counts, after = self._sow(3)
        assert counts == {3: 5, 4: 0, 8: 0}
        check_invariants(after)

    def test_two_fields_one_more_each_three_none(self):
        assert self._sow(3, 4)[0] == {3: 4, 4: 4, 8: 0}
        assert self._sow(3, 4, 8)[0] == {3: 3, 4: 3, 8: 3}


class TestI223HarvestHelper:
    """I223 Harvest Helper (3+): "At the start of the feeding phase in each harvest, you can take
    1 grain from 1 field belonging to another player. That player receives 2 food from the
    general supply." (S1). Seed 000 L798 (not the owner's own field); I-22."""

    def test_one_grain_from_another_field_once_per_harvest(self):
        from .e_support import _feeding

        state, _, _ = full(3)
        holding(state, 0, "I223")
        build_farm(state, 0, fields={3: ("grain", 2)})
        build_farm(state, 1, fields={4: ("grain", 2), 9: ("vegetable", 2)})
        _feeding(state, 0)
        moves = of_type(state, "harvest_help")
        assert moves == [{"type": "harvest_help", "card": "I223", "from": 1, "space": 4}]
        helped, events = listed_play(state, 0, moves[0])
        assert _supply(helped)["grain"] == _supply(state)["grain"] + 1
        assert food(helped, 1) == food(state, 1) + 2
        assert helped["farms"][1]["fields"][0]["count"] == 1
        assert not of_type(helped, "harvest_help")
        assert "Bob" in AGRICOLA.describe(events[1], ["Ann", "Bob", "Cid"])
        check_invariants(helped)


class TestI226Gardener:
    """I226 Gardener (1+): "Take vegetables from the general supply and not from your vegetable
    field whenever you harvest them --- you keep the vegetables on the fields." (S1). Seed 000
    L914 (card fields too); I-23."""

    def _harvested(self, *cards):
        from domain.agricola.flow import start_harvest

        state, _, _ = full(2)
        holding(state, 0, *cards)
        build_farm(state, 0, fields={3: ("vegetable", 1), 4: ("grain", 2)})
        state["round"] = 4
        b = Builder(state)
        start_harvest(b)
        return state, b.state

    def test_vegetables_from_the_supply_fields_untouched(self):
        state, after = self._harvested("I226")
        fields = {f["space"]: (f["crop"], f["count"]) for f in after["farms"][0]["fields"]}
        assert fields == {3: ("vegetable", 1), 4: ("grain", 1)}
        assert _supply(after)["vegetable"] == _supply(state)["vegetable"] + 1
        assert _supply(after)["grain"] == _supply(state)["grain"] + 1
        check_invariants(after)

    def test_without_the_card_the_field_is_emptied(self):
        state, after = self._harvested()
        fields = {f["space"]: (f["crop"], f["count"]) for f in after["farms"][0]["fields"]}
        assert fields[3] == (None, 0)

    def test_a_card_field_keeps_its_vegetables(self):
        from domain.agricola.flow import start_harvest

        from .e_support import _sown_card_field

        sown = _sown_card_field("E18", ("E147", "E152", "I226"))
        count = sown["farms"][0]["card_fields"][0]["count"]
        b = Builder(sown)
        start_harvest(b)
        assert b.state["farms"][0]["card_fields"][0]["count"] == count
        assert _supply(b.state)["vegetable"] == _supply(sown)["vegetable"] + 1
        check_invariants(b.state)


class TestI260Taster:
    """I260 Taster (4+): "Whenever another player is the starting player, you can pay them 1
    food at the start of the round and be the first to place a family member. After that, play
    starts with the starting player as usual." (S1). Seed 000 L784 (1 food: catalogue C6)."""

    def _round(self, food_=1):
        state, _, _ = full(4)
        holding(state, 2, "I260")
        state["bank"]["food"] += food(state, 2)
        state["farms"][2]["supply"]["food"] = 0
        give(state, 2, food=food_)
        state["start_player"] = 0
        _stock(state, "forest", wood=3)
        started, _ = _start_round(state, 2)
        return started

    def test_pays_1_food_places_first_then_the_starting_player(self):
        started = self._round()
        assert started["turn"] == 2
        first = food(started, 0)
        assert {"type": "place", "space": "forest"} not in AGRICOLA.legal_moves(started, 2)
        paid, _ = listed_play(started, 2, {"type": "taster_first", "card": "I260"})
        placed, _ = listed_play(paid, 2, {"type": "place", "space": "forest"})
        assert food(placed, 2) == 0 and food(placed, 0) == first + 1
        assert placed["turn"] == 0
        second, _ = play(placed, 0, {"type": "place", "space": "grain"})
        assert second["turn"] == 1
        check_invariants(second)

    def test_may_decline_and_is_not_asked_without_food(self):
        started = self._round()
        passed, _ = listed_play(started, 2, {"type": "taster_pass", "card": "I260"})
        assert passed["turn"] == 0 and food(passed, 2) == 1
        assert self._round(food_=0)["turn"] == 0


def _bought(card, space, good, n=4, **stock):
    state, _, _ = full(n)
    holding(state, 1, card)
    reveal(state, space)
    _stock(state, space, **stock)
    turn(state, 0)
    state["farms"][0]["home"] = 2
    took, _ = play(state, 0, {"type": "place", "space": space})
    return state, took


class TestI234WoodBuyer:
    """I234 Wood Buyer (3+): "Whenever another player receives wood from an action, you can buy
    1 wood from them for 1 food (even without their agreement)." (S1). Seed 000 L844 (not wood
    from a card); I-25."""

    def test_buys_1_wood_for_1_food_at_once(self):
        state, took = _bought("I234", "forest", "wood", wood=3)
        assert took["turn"] == 1 and AGRICOLA.status(took).to_act == (1,)
        bought, _ = listed_play(took, 1, {"type": "card_buy", "card": "I234", "buy": 1})
        assert _supply(bought, 1)["wood"] == _supply(took, 1)["wood"] + 1
        assert food(bought, 1) == food(took, 1) - 1
        assert _supply(bought)["wood"] == _supply(took)["wood"] - 1
        assert food(bought) == food(took) + 1
        assert bought["pending"][1] is None and AGRICOLA.status(bought).to_act == (1,)
        check_invariants(bought)
        declined, _ = listed_play(took, 1, {"type": "card_buy", "card": "I234", "buy": 0})
        assert _supply(declined)["wood"] == _supply(took)["wood"]


class TestI251ReedBuyer:
    """I251 Reed Buyer (4+): "Whenever reed is taken for the first time in a round, you may give
    the player who takes it 1 food in exchange for 1 of the reed. The other player receives an
    additional 1 food from the general supply as compensation." (S1). Seed 000 L940 (not the
    second time in a round)."""

    def test_first_reed_of_the_round_only(self):
        state, took = _bought("I251", "reed_bank", "reed", reed=1)
        bought, _ = listed_play(took, 1, {"type": "card_buy", "card": "I251", "buy": 1})
        assert _supply(bought, 1)["reed"] == _supply(took, 1)["reed"] + 1
        assert food(bought) == food(took) + 2
        check_invariants(bought)
        turn(bought, 2)
        reveal(bought, "reed_stone_food")
        again, _ = play(bought, 2, {"type": "place", "space": "reed_stone_food"})
        assert not of_type(again, "card_buy", 1)


class TestI255StoneBuyer:
    """I255 Stone Buyer (4+): "Whenever stone is taken for the first time in a round, you may
    give the player who takes it 1 food in exchange for 1 of the stone. The other player
    receives an additional 1 food from the general supply." (S1). Seed 000 L938."""

    def test_buys_the_first_stone(self):
        state, took = _bought("I255", "stone_stage_2", "stone", stone=2)
        bought, _ = listed_play(took, 1, {"type": "card_buy", "card": "I255", "buy": 1})
        assert _supply(bought, 1)["stone"] == _supply(took, 1)["stone"] + 1
        assert food(bought) == food(took) + 2 and food(bought, 1) == food(took, 1) - 1


class TestI265FenceDeliveryman:
    """I265 Fence Deliveryman (1+): "Add 6 and 10 to the number of the current round. Place 4 of
    your fences on each corresponding round space. At the start of these rounds, you can pay 2
    food to build all 4 fences immediately." (S1). Seed 000 L962 (those fences cannot be built
    otherwise; 1-3 built still cost 2 food); I-26."""

    def _played(self):
        from domain.agricola.state import fences_left

        state, _, _ = full(2)
        state["round"] = 2
        played, _ = lessons(state, 0, "I265")
        assert fences_left(played["farms"][0]) == 15 - 8
        return played

    def test_four_free_fences_for_2_food_then_the_turn_is_still_the_owners(self):
        from domain.agricola.state import fences_left

        played = self._played()
        give(played, 0, food=2)
        started, _ = _start_round(played, 8)
        assert fences_left(started["farms"][0]) == 15 - 4
        turn(started, 0, home=2)
        taken, _ = listed_play(started, 0, {"type": "fence_delivery", "card": "I265"})
        assert food(taken) == food(started) - 2
        declined, _ = listed_play(taken, 0, {"type": "done"})  # fewer fences: the food is spent
        assert declined["turn"] == 0 and food(declined) == food(taken)
        assert {"type": "fence_space", "space": 0} in of_type(taken, "fence_space")
        taken, _ = listed_play(taken, 0, {"type": "fence_space", "space": 0})
        # 4 fences close one space; no second space fits the 4 (6 would be needed)
        assert {"type": "fence_space", "space": 1} not in of_type(taken, "fence_space")
        fenced, _ = listed_play(taken, 0, {"type": "close_pasture"})
        assert len(fenced["farms"][0]["fences"]) == 4 and fenced["farms"][0]["pastures"]
        assert fenced["farms"][0]["supply"]["wood"] == started["farms"][0]["supply"]["wood"]
        assert fenced["pending"][0] is None  # nothing left: the step ended by itself
        assert fenced["turn"] == 0 and fenced["farms"][0]["home"] == 2
        assert fences_left(fenced["farms"][0]) == 15 - 4 - 4
        check_invariants(fenced)

    def test_the_offer_lapses_with_the_first_placement(self):
        played = self._played()
        give(played, 0, food=2)
        started, _ = _start_round(played, 8)
        turn(started, 0, home=2)
        placed, _ = play(started, 0, {"type": "place", "space": "grain"})
        turn(placed, 0)
        assert not of_type(placed, "fence_delivery")


class TestI263FenceBuilder:
    """I263 Fence Builder (1+): "When you play this card, place one of your fences on an action
    space of your choice. If you use an action on this action space, you can also build fences
    as an additional action." (S1). Seed 000 L950 (14 fences left; first the space's action,
    then the fences); I-27."""

    def _marked(self, target):
        from domain.agricola.state import fences_left

        state, _, _ = full(2)
        played, _ = lessons(state, 0, "I263")
        assert of_type(played, "fence_mark") and played["turn"] == 0
        marked, _ = listed_play(played, 0, {"type": "fence_mark", "card": "I263", "target": target})
        assert marked["turn"] == 1 and fences_left(marked["farms"][0]) == 14
        return marked

    def test_fences_after_taking_wood_on_the_marked_space(self):
        marked = self._marked("forest")
        _stock(marked, "forest", wood=3)
        turn(marked, 0)
        took, _ = play(marked, 0, {"type": "place", "space": "forest"})
        assert took["turn"] == 0 and took["pending"][0]["kind"] == "fences"
        fenced, _ = listed_play(took, 0, {"type": "fence_space", "space": 0})
        fenced, _ = listed_play(fenced, 0, {"type": "close_pasture"})
        assert fenced["farms"][0]["pastures"]
        check_invariants(fenced)
        other, _ = play(marked, 0, {"type": "place", "space": "grain"})
        assert other["turn"] == 1

    def test_after_the_own_action_of_a_space_with_steps(self):
        marked = self._marked("rooms_stables")
        turn(marked, 0)
        give(marked, 0, wood=6)
        placed, _ = play(marked, 0, {"type": "place", "space": "rooms_stables"})
        assert not of_type(placed, "fence_build")
        stable, _ = listed_play(placed, 0, {"type": "build_stable", "space": 3})
        step, _ = listed_play(stable, 0, {"type": "fence_build", "card": "I263"})
        assert step["pending"][0]["kind"] == "fences"


class TestI244Layabout:
    """I244 Layabout (1+): "Once you have played this card, you may not take part in the next
    harvest." (S1). Seed 000 L846 (no field phase, no breeding, no feeding, no harvest cards);
    I-28."""

    def _harvest(self, round_no):
        from domain.agricola.flow import start_breeding, start_harvest

        state, _, _ = full(2)
        state["round"] = 3
        played, _ = lessons(state, 0, "I244")
        holding(played, 0, "I246")
        build_farm(played, 0, fields={3: ("grain", 2)}, pastures=[[4, 9]])
        give_animals(played, 0, cattle=2)
        played["round"] = round_no
        b = Builder(played)
        start_harvest(b)
        for seat, pending in enumerate(b.state["pending"]):
            if pending:
                from domain.agricola.flow import feed

                feed(b, seat, pending["need"])
        start_breeding(b)
        return played, b.state

    def test_sits_out_the_next_harvest(self):
        before, after = self._harvest(4)
        farm = after["farms"][0]
        assert farm["fields"][0]["count"] == 2 and farm["animals"]["cattle"] == 2
        assert food(after) == food(before) and farm["begging"] == 0
        check_invariants(after)

    def test_the_harvest_after_is_as_usual(self):
        before, after = self._harvest(7)
        farm = after["farms"][0]
        assert farm["fields"][0]["count"] == 1 and farm["animals"]["cattle"] == 3


class TestI239CornProfiteer:
    """I239 Corn Profiteer (4+): "You can convert 1 grain to 3 food at any time. Any other player
    can prevent this by buying the grain from you for 2 food. If more than one player wants to
    buy, you choose one of them." (S1). I-29."""

    def _offered(self, rich=(1, 2)):
        state, _, _ = full(4)
        holding(state, 0, "I239")
        for seat in range(1, 4):
            state["bank"]["food"] += food(state, seat)
            state["farms"][seat]["supply"]["food"] = 0
        for seat in rich:
            give(state, seat, food=2)
        give(state, 0, grain=1)
        turn(state, 0)
        offered, _ = listed_play(state, 0, {"type": "corn_sell", "card": "I239"})
        return state, offered

    def test_nobody_buys_3_food(self):
        state, offered = self._offered()
        assert AGRICOLA.status(offered).to_act == (1, 2)
        one, _ = listed_play(offered, 1, {"type": "corn_bid", "card": "I239", "buy": 0})
        both, _ = listed_play(one, 2, {"type": "corn_bid", "card": "I239", "buy": 0})
        assert food(both) == food(state) + 3 and _supply(both)["grain"] == 0
        assert AGRICOLA.status(both).to_act == (0,)
        check_invariants(both)

    def test_one_buyer_pays_2_food(self):
        state, offered = self._offered()
        one, _ = listed_play(offered, 1, {"type": "corn_bid", "card": "I239", "buy": 0})
        sold, _ = listed_play(one, 2, {"type": "corn_bid", "card": "I239", "buy": 1})
        assert food(sold) == food(state) + 2 and _supply(sold, 2)["grain"] == 1
        assert food(sold, 2) == 0
        check_invariants(sold)

    def test_the_owner_chooses_among_buyers(self):
        state, offered = self._offered()
        one, _ = play(offered, 1, {"type": "corn_bid", "card": "I239", "buy": 1})
        both, _ = play(one, 2, {"type": "corn_bid", "card": "I239", "buy": 1})
        assert of_type(both, "corn_choose") == [
            {"type": "corn_choose", "card": "I239", "buyer": 1},
            {"type": "corn_choose", "card": "I239", "buyer": 2},
        ]
        assert food(both, 1) == 0 and food(both, 2) == 0  # set aside when bidding
        chosen, _ = listed_play(both, 0, {"type": "corn_choose", "card": "I239", "buyer": 2})
        assert _supply(chosen, 2)["grain"] == 1 and food(chosen, 1) == 2
        assert food(chosen) == food(state) + 2
        check_invariants(chosen)
        assert chosen["pending"] == [None] * 4 and chosen["turn"] == 0

    def test_without_anyone_able_to_pay_at_once(self):
        state, offered = self._offered(rich=())
        assert food(offered) == food(state) + 3


class TestI238Chamberlain:
    """I238 Chamberlain (1+): "At the start of round 11 (or immediately, if you play this card
    after the start of Round 11), turn over the round cards for the remaining rounds. You (and
    only you) can use these actions immediately; the other players must wait until the
    appropriate round." (S1). Seed 000 L810 (the owner orders the stage 5 cards); I-31."""

    def _round_11(self):
        from domain.agricola.flow import start_round
        from domain.common.rng import Rng

        state, _, _ = full(2)
        holding(state, 1, "I238")
        state["round"] = 10
        state["round_cards"] = state["round_cards"][:1] + [
            "sow_bake", "sheep", "fences", "stone_stage_2", "renovation_improvement_full",
            "family_growth_minor", "vegetable", "boar", "stone_stage_4",
        ][: 10 - len(state["round_cards"][:1])]  # fmt: skip
        b = Builder(state)
        start_round(b, Rng(4), 11)
        return b.state

    def test_the_owner_orders_stage_5_then_uses_the_cards_alone(self):
        started = self._round_11()
        assert AGRICOLA.status(started).to_act == (1,)
        moves = of_type(started, "chamberlain_order", 1)
        assert {m["first"] for m in moves} == {"plough_sow", "urgent_family_growth"}
        ordered, events = listed_play(
            started, 1, {"type": "chamberlain_order", "card": "I238", "first": "plough_sow"}
        )
        assert ordered["round_order"][11:] == [
            "plough_sow",
            "urgent_family_growth",
            "renovation_fences",
        ]
        assert "round 12" in AGRICOLA.describe(events[-1], ["Ann", "Bob"])
        assert AGRICOLA.status(ordered).to_act == (ordered["start_player"],)
        turn(ordered, 0)
        assert {"type": "place", "space": "plough_sow"} not in AGRICOLA.legal_moves(ordered, 0)
        turn(ordered, 1)
        give(ordered, 1, grain=1)
        build_farm(ordered, 1, fields={3: (None, 0)})
        placed, _ = listed_play(ordered, 1, {"type": "place", "space": "plough_sow"})
        assert placed["pending"][1]["space"] == "plough_sow"
        check_invariants(placed)

    def test_the_fixed_order_is_kept_at_the_round(self):
        from domain.agricola.flow import start_round
        from domain.common.rng import Rng

        started = self._round_11()
        ordered, _ = play(
            started,
            1,
            {"type": "chamberlain_order", "card": "I238", "first": "urgent_family_growth"},
        )
        b = Builder(ordered)
        start_round(b, Rng(9), 12)
        assert b.state["round_cards"][-1] == "urgent_family_growth"
        assert b.state["space_order"].count("urgent_family_growth") == 1
        turn(b.state, 0)
        assert "urgent_family_growth" in b.state["space_order"]
