"""K-deck occupations (catalogue 266-312, 342), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it; decisions where the sources
disagree are in ``docs/rules/cards-k-occupations.md`` (K-OCC-n).
"""

from __future__ import annotations

import pytest

from domain.common.errors import RuleViolation

from ..support import build_farm, check_invariants, give, give_animals, reveal, turn
from .e_support import AGRICOLA, _points, _start_round, json_copy
from .helpers import animals, food, full, holding, in_hand, lessons, listed_play, of_type, play


def _on(space, *cards, seat=0, home=1, n=2, stock=None, **goods):
    """Ann (holding ``cards`` and ``goods``) places her person on ``space`` (with ``stock``
    added to the goods on it)."""
    state, _, _ = full(n)
    holding(state, seat, *cards)
    turn(state, seat, home=home)
    give(state, seat, **goods)
    reveal(state, space)
    for good, k in (stock or {}).items():
        state["spaces"][space]["goods"][good] = state["spaces"][space]["goods"].get(good, 0) + k
        state["bank"][good] -= k
    return state, play(state, seat, {"type": "place", "space": space})[0]


def _supply(state, good, seat=0):
    return state["farms"][seat]["supply"][good]


def _bonus(state, seat=0):
    return _points(state, seat)["bonus_points"]


class TestK276Constable:
    """K276 Constable: "You receive wood immediately when you play this card: if played in round
    12 or 13, take 1 wood; if played in round 9, 10, or 11, take 2 wood; if played in round 6, 7,
    or 8, take 3 wood; if played before round 6, take 4 wood. At the end of the game, any player
    who has no negative points receives 5 bonus points." (S1). Seed 000 L822: a player who lost
    points in any category gets no bonus from the Constable (decision K-OCC-2)."""

    def test_wood_by_round_when_played(self):
        for round_no, wood in ((2, 4), (7, 3), (10, 2), (13, 1)):
            state, _, _ = full(2)
            state["round"] = round_no
            after, _ = lessons(state, 0, "K276")
            assert _supply(after, "wood") == _supply(state, "wood") + wood

    def test_five_points_to_every_player_without_negative_points(self):
        state, _, _ = full(2)
        holding(state, 1, "K276")  # Bob's card scores for every player
        assert _bonus(state, 0) == 0  # a fresh farm loses points for its empty categories
        rooms = state["farms"][0]["rooms"]
        free = [s for s in range(15) if s not in rooms and s not in (3, 4)]
        build_farm(state, 0, fields=dict.fromkeys(free, (None, 0)), pastures=[[3, 4]])
        give(state, 0, grain=1, vegetable=1)
        give_animals(state, 0, sheep=1, boar=1, cattle=1)
        assert _bonus(state, 0) == 5
        give(state, 0, food=0)
        state["farms"][0]["begging"] = 1  # a begging card is a negative category
        assert _bonus(state, 0) == 0


class TestK282HouseSteward:
    """K282 House Steward: "You receive wood immediately when you play this card: if played in
    round 12 or 13, take 1 wood; ... before round 6, take 4 wood. At the end of the game, the
    player(s) with the most rooms in their home receive 3 bonus points each." (S1). Seed 000
    L794 (the wood by round)."""

    def test_wood_on_play(self):
        state, _, _ = full(2)
        state["round"] = 9
        after, _ = lessons(state, 0, "K282")
        assert _supply(after, "wood") == _supply(state, "wood") + 2

    def test_every_player_with_the_most_rooms_scores_3(self):
        state, _, _ = full(3)
        holding(state, 2, "K282")
        build_farm(state, 0, rooms=[0, 5, 10])
        build_farm(state, 1, rooms=[0, 5, 10])
        assert [_bonus(state, s) for s in range(3)] == [3, 3, 0]


class TestK283WoodDeliveryman:
    """K283 Wood Deliveryman: "Place 1 wood on each remaining space for rounds 8 to 14. At the
    start of these rounds, you receive the wood." (S1). Seed 000 L886: nothing for the current
    or earlier rounds."""

    def test_wood_from_round_9_when_played_in_round_8(self):
        state, _, _ = full(2)
        state["round"] = 8
        after, _ = lessons(state, 0, "K283")
        assert sorted(map(int, after["farms"][0]["schedule"])) == list(range(9, 15))
        started, _ = _start_round(after, 9)
        assert _supply(started, "wood") == _supply(after, "wood") + 1
        check_invariants(started)


class TestK285Tinsmith:
    """K285 Tinsmith: "You can convert clay into food at any time. You receive 1 food per clay.
    If any player has built a Well, you receive 3 food for each 2 clay instead." (S1). Seed 000
    L848: any amount at any time; 2 clay -> 3 food even after the Well went back to the board
    (decision K-OCC-1)."""

    def test_one_food_per_clay_and_three_per_two_once_a_well_is_built(self):
        state, _, _ = full(2)
        holding(state, 0, "K285")
        give(state, 0, clay=3)
        turn(state, 0)
        assert of_type(state, "card_convert") == [
            {"type": "card_convert", "card": "K285", "option": 0}
        ]
        after, _ = listed_play(state, 0, {"type": "card_convert", "card": "K285", "option": 0})
        assert food(after) == food(state) + 1
        # Bob builds the Well: Ann's Tinsmith remembers it
        turn(state, 1)
        give(state, 1, wood=1, stone=3)
        reveal(state, "major_improvement")
        placed, _ = play(state, 1, {"type": "place", "space": "major_improvement"})
        built, _ = play(placed, 1, {"type": "build_major", "major": "well"})
        turn(built, 0)
        two, _ = listed_play(built, 0, {"type": "card_convert", "card": "K285", "option": 1})
        assert food(two) == food(built) + 3 and _supply(two, "clay") == 1


class TestK287StorehouseClerk:
    """K287 Storehouse Clerk: "Whenever you have at least 5 stone at the start of a round, you
    receive 1 extra stone. If you have at least 6 reed, you receive 1 reed. If you have at least
    7 clay, you receive 1 clay. If you have at least 8 wood, you receive 1 wood." (S1). The
    supply as the round starts, before its round space (decision K-OCC-5)."""

    def test_one_of_each_good_at_its_threshold(self):
        state, _, _ = full(2)
        holding(state, 0, "K287")
        give(state, 0, stone=5, reed=5, clay=7, wood=8)
        started, _ = _start_round(state, 3)
        gained = {
            g: _supply(started, g) - _supply(state, g) for g in ("stone", "reed", "clay", "wood")
        }
        assert gained == {"stone": 1, "reed": 0, "clay": 1, "wood": 1}


class TestK288StorehouseKeeper:
    """K288 Storehouse Keeper: "Whenever you use a person's action to take reed and stone at the
    same time, you also receive your choice of 1 clay or 1 grain." (S1)."""

    def test_reed_and_stone_bring_a_choice_of_clay_or_grain(self):
        state, placed = _on("reed_stone_food", "K288", n=4)
        assert of_type(placed, "card_choice") == [
            {"type": "card_choice", "option": 0},
            {"type": "card_choice", "option": 1},
        ]
        grain, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert _supply(grain, "grain") == _supply(placed, "grain") + 1

    def test_reed_alone_brings_nothing(self):
        _, placed = _on("reed_bank", "K288")
        assert not of_type(placed, "card_choice")


class TestK290ClayWorker:
    """K290 Clay Worker: "Whenever you use an action of a person to take wood or clay, you also
    receive 1 additional clay." (S1)."""

    def test_wood_or_clay_bring_one_clay(self):
        for space in ("forest", "clay_pit"):
            state, placed = _on(space, "K290")
            taken = state["spaces"][space]["goods"].get("clay", 0)
            assert _supply(placed, "clay") == _supply(state, "clay") + taken + 1
        state, placed = _on("reed_bank", "K290")
        assert _supply(placed, "clay") == _supply(state, "clay")


class TestK296SeedSeller:
    """K296 Seed Seller: "Whenever you use the 'Take 1 Grain' action space, you receive 1
    additional grain. When you play this card, you receive 1 grain." (S1)."""

    def test_one_grain_on_play_and_two_from_take_1_grain(self):
        state, _, _ = full(2)
        after, _ = lessons(state, 0, "K296")
        assert _supply(after, "grain") == _supply(state, "grain") + 1
        state, placed = _on("grain", "K296")
        assert _supply(placed, "grain") == _supply(state, "grain") + 2


class TestK297SheepFarmer:
    """K297 Sheep Farmer: "Whenever you take sheep with one of your people, you receive an
    additional sheep from the general supply. You can exchange 3 sheep for 1 cattle and 1 wild
    boar at any time (except during the breeding phase)." (S1). Seed 000 L860: only on the
    "1 Sheep" space (or the 5-player livestock space), not for sheep from cards."""

    def test_one_more_sheep_from_the_sheep_space(self):
        state, _, _ = full(2)
        holding(state, 0, "K297")
        build_farm(state, 0, pastures=[[3, 4]])
        turn(state, 0)
        reveal(state, "sheep", sheep=2)
        placed, _ = play(state, 0, {"type": "place", "space": "sheep"})
        assert animals(placed, "sheep") == 3
        check_invariants(placed)

    def test_three_sheep_for_a_cattle_and_a_boar(self):
        state, _, _ = full(2)
        holding(state, 0, "K297")
        build_farm(state, 0, pastures=[[3, 4], [8], [9]])
        give_animals(state, 0, sheep=3)
        turn(state, 0)
        after, _ = listed_play(state, 0, {"type": "card_convert", "card": "K297", "option": 0})
        assert [animals(after, a) for a in ("sheep", "boar", "cattle")] == [0, 1, 1]
        check_invariants(after)


class TestK298ShepherdBoy:
    """K298 Shepherd Boy: "Once you live in a stone house, place 1 sheep on each remaining round
    space. At the start of these rounds, you receive the sheep." (S1). Seed 000 L874: no sheep
    for the current round."""

    def test_played_in_a_stone_house_from_the_next_round(self):
        state, _, _ = full(2)
        state["round"] = 10
        build_farm(state, 0, house="stone")
        after, _ = lessons(state, 0, "K298")
        assert sorted(map(int, after["farms"][0]["schedule"])) == [11, 12, 13, 14]

    def test_nothing_in_a_wooden_hut(self):
        state, _, _ = full(2)
        after, _ = lessons(state, 0, "K298")
        assert after["farms"][0]["schedule"] == {}


class TestK300SchnapsDistiller:
    """K300 Schnaps Distiller: "In the feeding phase of each harvest, you can convert up to 1
    vegetable to 5 food." (S1). Seed 000 L916: no cooking improvement needed."""

    def test_one_vegetable_to_five_food_once_per_feeding(self):
        from .e_support import check_harvest_conversions_once_per_harvest

        check_harvest_conversions_once_per_harvest("K300", "vegetable", 5)


class TestK302PigWhisperer:
    """K302 Pig Whisperer: "Add 4, 7 and 10 to the number of the current round and place 1 wild
    boar on each corresponding round space. At the start of these rounds, you receive the wild
    boar." (S1)."""

    def test_boar_on_rounds_current_plus_4_7_10(self):
        state, _, _ = full(2)
        state["round"] = 5
        after, _ = lessons(state, 0, "K302")
        assert sorted(map(int, after["farms"][0]["schedule"])) == [9, 12]
        started, _ = _start_round(after, 9)
        assert animals(started, "boar") == 1


class TestK309Weaver:
    """K309 Weaver: "Whenever you have at least 2 sheep at the start of the work phase of a
    round, you receive 1 food." (S1). Seed 000 L958: sheep taken at the round's start count
    (decision K-OCC-4)."""

    def test_food_with_two_sheep_counting_the_round_spaces(self):
        state, _, _ = full(2)
        holding(state, 0, "K309")
        build_farm(state, 0, pastures=[[3, 4]])
        give_animals(state, 0, sheep=1)
        started, _ = _start_round(state, 3)
        assert food(started) == food(state)
        state["farms"][0]["schedule"]["3"] = {"sheep": 1}
        state["bank"]["sheep"] -= 1
        started, _ = _start_round(state, 3)
        assert food(started) == food(state) + 1 and animals(started, "sheep") == 2


class TestK311Magician:
    """K311 Magician: "Whenever you use your last person to choose the 'Traveling Players'
    action on an action space, you receive an additional 1 grain and 1 food." (S1)."""

    def test_only_with_the_last_person(self):
        state, last = _on("traveling_players", "K311", n=3, stock={"food": 2})
        taken = state["spaces"]["traveling_players"]["goods"].get("food", 0)
        assert _supply(last, "grain") == _supply(state, "grain") + 1
        assert food(last) == food(state) + taken + 1
        state, first = _on("traveling_players", "K311", n=3, home=2, stock={"food": 2})
        assert _supply(first, "grain") == _supply(state, "grain")


class TestK291Lover:
    """K291 Lover: "When you play this card, immediately carry out a 'Family growth even without
    room' action (similar to the round card from stage 5). Playing this card costs you an
    additional 4 food." (S1). Seed 000 L850: 4 food in all on top of the occupation's cost."""

    def test_a_newborn_without_room_for_4_more_food(self):
        state, _, _ = full(2)
        give(state, 0, food=4)
        after, events = lessons(state, 0, "K291")
        assert after["farms"][0]["family"] == 3 and after["farms"][0]["newborns"] == 1
        assert food(after) == food(state) - 4  # the first occupation is free
        grew = next(e for e in events if e.type == "FamilyGrew")
        assert "even without a free room" in AGRICOLA.describe(grew, ["Ann", "Bob"])

    def test_not_without_the_4_food(self):
        state, _, _ = full(2)
        state["farms"][0]["supply"]["food"] = 3
        state["bank"]["food"] += food(state) - 3
        in_hand(state, 0, "K291")
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "lessons"})
        assert {"type": "play_occupation", "card": "K291"} not in AGRICOLA.legal_moves(placed, 0)


class TestK295CattleBreeder:
    """K295 Cattle Breeder: "Your cattle breed at the end of round 12, if there is space for the
    calf. When you play this card, you receive 1 cattle." (S1). Before round 13 starts
    (decision K-OCC-3)."""

    def test_cattle_breed_after_round_12(self):
        state, _, _ = full(2)
        holding(state, 0, "K295")
        build_farm(state, 0, pastures=[[3, 4]])
        give_animals(state, 0, cattle=2)
        started, _ = _start_round(state, 13)
        assert animals(started, "cattle") == 3
        other, _ = _start_round(state, 12)
        assert animals(other, "cattle") == 2

    def test_no_calf_without_room(self):
        state, _, _ = full(2)
        holding(state, 0, "K295")
        build_farm(state, 0, pastures=[[3]])
        give_animals(state, 0, cattle=2, sheep=1)  # the house holds the sheep
        started, _ = _start_round(state, 13)
        assert animals(started, "cattle") == 2


def _rooms(*cards, house="clay", **goods):
    """Ann (holding ``cards``, in a ``house``) stands on the rooms space with ``goods``."""
    state, _, _ = full(2)
    holding(state, 0, *cards)
    state["farms"][0]["house"] = house
    turn(state, 0)
    give(state, 0, **goods)
    return play(state, 0, {"type": "place", "space": "rooms_stables"})[0]


class TestK286Smallholder:
    """K286 Smallholder: "Your pastures that can hold 2 animals can hold 3 animals. While you
    have at most 2 fields, add 1 extra grain or vegetable from the general supply to each field
    you sow." (S1). Seed 000 L928: the pastures whatever the fields; not unfenced stables."""

    def test_a_pasture_of_2_holds_3(self):
        from domain.agricola.state import housing
        from domain.common.housing import can_house

        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[3]], stables=[9])
        farm = state["farms"][0]
        five = {"sheep": 5, "boar": 0, "cattle": 0}
        assert not can_house(housing(farm), five)  # 2 in the pasture, 1 stable, 1 house
        holding(state, 0, "K286")
        assert can_house(housing(farm), five)  # the stable still holds 1 (L928)
        assert not can_house(housing(farm), {"sheep": 6, "boar": 0, "cattle": 0})

    def test_one_more_crop_while_at_most_2_fields(self):
        for fields, extra in (
            ({1: (None, 0), 2: (None, 0)}, 1),
            ({1: (None, 0), 2: (None, 0), 3: (None, 0)}, 0),
        ):
            state, _, _ = full(2)
            holding(state, 0, "K286")
            build_farm(state, 0, fields=fields)
            turn(state, 0)
            give(state, 0, grain=1)
            reveal(state, "sow_bake")
            placed, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
            sown, _ = listed_play(placed, 0, {"type": "sow", "space": 1, "crop": "grain"})
            field = next(f for f in sown["farms"][0]["fields"] if f["space"] == 1)
            assert field["count"] == 3 + extra
            check_invariants(sown)


class TestK306AnimalTamer:
    """K306 Animal Tamer: "You can keep 1 animal in each room of your home. You may keep more than
    1 type of animal in your home." (S1). Seed 000 L804: not with the House Goat (K120)."""

    def test_one_animal_of_any_type_per_room(self):
        from domain.agricola.state import housing
        from domain.common.housing import can_house

        state, _, _ = full(2)
        farm = state["farms"][0]
        mixed = {"sheep": 1, "boar": 1, "cattle": 0}
        assert not can_house(housing(farm), mixed)
        holding(state, 0, "K306")
        assert len(farm["rooms"]) == 2 and can_house(housing(farm), mixed)
        assert not can_house(housing(farm), {"sheep": 1, "boar": 1, "cattle": 1})
        farm["cards"].append("K120")
        assert not can_house(housing(farm), mixed)


class TestK292MarketWoman:
    """K292 Market Woman: "Whenever you receive vegetables through a person's action or through a
    minor improvement, you receive an additional 2 grain." (S1). Seed 000 L968: not for
    vegetables an occupation gives (K-OCC-8)."""

    def test_two_grain_with_the_vegetable_of_an_action(self):
        state, placed = _on("vegetable", "K292")
        assert _supply(placed, "grain") == _supply(state, "grain") + 2
        assert _supply(placed, "vegetable") == _supply(state, "vegetable") + 1

    def test_not_for_an_occupations_vegetable(self):
        state, placed = _on("grain", "K292", "E168")  # Greengrocer: +1 vegetable on Take 1 Grain
        assert _supply(placed, "vegetable") == _supply(state, "vegetable") + 1
        assert _supply(placed, "grain") == _supply(state, "grain") + 1


class TestK268Pieceworker:
    """K268 Pieceworker: "Whenever you receive wood, clay, reed, stone or grain on an action
    space, you can buy one more of the same good for 1 food. Whenever you receive vegetable(s) on
    an action space, you can buy one more for 2 food." (S1). Seed 000 L924: in the work phase,
    from an action space only."""

    def test_one_more_grain_for_one_food(self):
        state, placed = _on("grain", "K268", food=1)
        options = placed["pending"][0]["options"]
        assert options == [{}, {"grain": 1, "food": -1}]
        bought, _ = listed_play(placed, 0, {"type": "card_choice", "option": 1})
        assert _supply(bought, "grain") == _supply(state, "grain") + 2
        assert food(bought) == food(state) - 1
        check_invariants(bought)

    def test_one_more_of_each_good_of_a_mixed_space(self):
        state, placed = _on("reed_stone_food", "K268", n=4, food=5)
        options = placed["pending"][0]["options"]
        assert {"reed": 1, "stone": 1, "food": -2} in options and len(options) == 4


def _cook(state, good, seat=0):
    return play(state, seat, {"type": "convert", "good": good})[0]


class TestK280Tanner:
    """K280 Tanner: "When you convert wild boar or cattle to food, place them on this card. At the
    end of the game, you receive bonus points if you have animal markers on this card. For the
    wild boar on this card, you receive: 6 or more wild boar, 3 points; 4 or 5 wild boar, 2
    points; 2 or 3 wild boar, 1 point. For the cattle on this card, you receive: 4 or more
    cattle, 3 points; 3 cattle, 2 points; 2 cattle, 1 point." (S1). Seed 000 L814: a boar on
    the Tanner is not the Brush Maker's or the Basin Maker's (K-OCC-6)."""

    def test_cooked_boar_and_cattle_go_on_the_card_and_score(self):
        from .helpers import owns

        state, _, _ = full(2)
        holding(state, 0, "K280")
        owns(state, 0, "fireplace_2")
        build_farm(state, 0, pastures=[[3, 4]])
        give_animals(state, 0, boar=2)
        turn(state, 0)
        cooked = _cook(_cook(state, "boar"), "boar")
        assert cooked["farms"][0]["held"]["K280"] == {"boar": 2}
        assert _bonus(cooked) == 1
        cooked["farms"][0]["held"]["K280"] = {"boar": 6, "cattle": 3}
        assert _bonus(cooked) == 5

    def test_the_brush_maker_keeps_the_boar(self):
        from .helpers import owns

        state, _, _ = full(2)
        holding(state, 0, "K280", "E156")
        owns(state, 0, "fireplace_2")
        give_animals(state, 0, boar=1)
        turn(state, 0)
        cooked = _cook(state, "boar")
        assert cooked["farms"][0]["held"] == {"E156": {"boar": 1}}


class TestK273BasinMaker:
    """K273 Basin Maker: "For each wild boar that you convert into food, you can place up to 2
    wood from your personal supply on this card. At the end of the game, you receive 1 bonus
    point for each wood on this card except the 1st, 4th, 7th and 10th." (S1). Seed 000 L888:
    1 or 2 wood, as the seat likes; a boar is the Basin Maker's or the Tanner's (K-OCC-7)."""

    def test_up_to_two_wood_per_boar_and_the_points(self):
        from .helpers import owns

        state, _, _ = full(2)
        holding(state, 0, "K273")
        owns(state, 0, "fireplace_2")
        give_animals(state, 0, boar=1)
        give(state, 0, wood=5)
        turn(state, 0)
        move = {"type": "card_convert", "card": "K273", "option": 0}
        assert move not in AGRICOLA.legal_moves(state, 0)
        cooked = _cook(state, "boar")
        one, _ = listed_play(cooked, 0, move)
        two, _ = listed_play(one, 0, move)
        assert move not in AGRICOLA.legal_moves(two, 0)
        assert _supply(two, "wood") == _supply(state, "wood") - 2
        assert _bonus(one) == 0 and _bonus(two) == 1
        check_invariants(two)


class TestK274OrganicFarmer:
    """K274 Organic Farmer: "At the end of the game, you receive 1 bonus point for each of your
    pastures that contains at least 1 animal, but could contain at least 3 more animals than it
    does." (S1)."""

    def test_a_pasture_with_an_animal_and_room_for_3_more(self):
        state, _, _ = full(2)
        holding(state, 0, "K274")
        build_farm(state, 0, pastures=[[3, 4], [8]])
        assert _bonus(state) == 0  # empty pastures do not count
        give_animals(state, 0, sheep=1)
        assert _bonus(state) == 1  # the sheep stands in the 4-animal pasture
        give_animals(state, 0, sheep=3)  # 1 there, 2 in the small pasture, 1 in the house
        assert _bonus(state) == 1
        give_animals(state, 0, sheep=1)  # 5 sheep: the big pasture must hold 2
        assert _bonus(state) == 0


class TestK272FrameBuilder:
    """K272 Frame Builder: "In each renovation, you may replace exactly 1 clay or 1 stone with 1
    wood. In each extension, you may replace exactly 2 clay or 2 stone with 1 wood." (S1). Seed
    000 L972: with several rooms at once, for all or some of them."""

    def test_a_clay_room_for_3_clay_1_wood_2_reed(self):
        placed = _rooms("K272", clay=3, wood=1, reed=2)
        move = {"type": "build_room", "space": 0, "pay": 1}
        built, events = listed_play(placed, 0, move)
        assert events[0].data["cost"] == {"clay": 3, "wood": 1, "reed": 2}

    def test_a_renovation_with_1_wood_for_1_clay(self):
        from domain.agricola.farm import renovations

        state, _, _ = full(2)
        holding(state, 0, "K272")
        assert renovations(state["farms"][0]) == [
            ("clay", {"clay": 2, "reed": 1}),
            ("clay", {"clay": 1, "reed": 1, "wood": 1}),
        ]


class TestK294BrushwoodCollector:
    """K294 Brushwood Collector: "You may replace the required reed with a total of 1 wood for any
    renovation or for each new room. (You use brushwood to make the roof.)" (S1). Seed 000 L918:
    with several rooms at once, for all or some of them."""

    def test_a_room_without_reed(self):
        placed = _rooms("K294", house="wood", wood=6)
        built, events = listed_play(placed, 0, {"type": "build_room", "space": 0, "pay": 1})
        assert events[0].data["cost"] == {"wood": 6}

    def test_with_the_frame_builder_on_one_room(self):
        from domain.agricola.farm import room_costs

        state, _, _ = full(2)
        holding(state, 0, "K272", "K294")
        state["farms"][0]["house"] = "stone"
        assert {"stone": 3, "wood": 2} in room_costs(state["farms"][0])


class TestK303StoneBreaker:
    """K303 Stone Breaker: "At any time, you can renovate your clay hut to a stone house without
    using a 'Renovation' action space." (S1). Seed 000 L812: the renovation is paid as usual;
    not with the Conservator."""

    def test_renovate_a_clay_hut_at_any_time(self):
        state, _, _ = full(2)
        holding(state, 0, "K303")
        state["farms"][0]["house"] = "clay"
        turn(state, 0)
        move = {"type": "card_renovate", "card": "K303"}
        assert move not in AGRICOLA.legal_moves(state, 0)
        give(state, 0, stone=2, reed=1)
        after, _ = listed_play(state, 0, move)
        assert after["farms"][0]["house"] == "stone"
        assert _supply(after, "stone") == _supply(state, "stone") - 2

    def test_not_from_a_wooden_hut(self):
        state, _, _ = full(2)
        holding(state, 0, "K303")
        turn(state, 0)
        give(state, 0, stone=2, reed=1, clay=2)
        assert not of_type(state, "card_renovate")


class TestK293Plowman:
    """K293 Plowman: "Add 4, 7 and 10 to the number of the current round and place 1 field on
    each corresponding round space. At the start of these rounds, you can plow that field by
    paying 1 food." (S1). Seed 000 L866: a field not bought goes back to the supply. Offered at
    the seat's first turn of the round, before its placement (decisions K-11, K-OCC-12)."""

    def test_plough_for_1_food_at_the_start_of_round_2_plus_4(self):
        state, _, _ = full(2)
        state["round"] = 2
        played, _ = lessons(state, 0, "K293")
        started, _ = _start_round(played, 6)
        turn(started, 0)
        move = {"type": "card_plough", "card": "K293", "space": 7}
        after, _ = listed_play(started, 0, move)
        assert [f["space"] for f in after["farms"][0]["fields"]] == [7]
        assert food(after) == food(started) - 1
        assert not of_type(after, "card_plough")
        check_invariants(after)

    def test_the_offer_lapses_with_the_first_placement_and_other_rounds_offer_nothing(self):
        state, _, _ = full(2)
        state["round"] = 2
        played, _ = lessons(state, 0, "K293")
        other, _ = _start_round(played, 5)
        turn(other, 0)
        assert not of_type(other, "card_plough")
        started, _ = _start_round(played, 6)
        turn(started, 0, home=2)
        placed, _ = play(started, 0, {"type": "place", "space": "forest"})
        turn(placed, 0)
        assert not of_type(placed, "card_plough")


class TestK305AnimalHandler:
    """K305 Animal Handler: "Place 1 sheep on the space for round 7, 1 wild boar on round 10 and
    1 cattle on round 14. At the start of these rounds, you can buy the animal for 1 food."
    (S1). Seed 000 L930: nothing for the current or earlier rounds."""

    def test_buy_the_boar_of_round_10(self):
        state, _, _ = full(2)
        state["round"] = 7
        played, _ = lessons(state, 0, "K305")
        seventh, _ = _start_round(played, 7)
        turn(seventh, 0)
        assert not of_type(seventh, "card_buy_animal")  # round 7's sheep: played in round 7
        tenth, _ = _start_round(played, 10)
        turn(tenth, 0)
        after, events = listed_play(tenth, 0, {"type": "card_buy_animal", "card": "K305"})
        assert animals(after, "boar") == 1 and food(after) == food(tenth) - 1
        assert not of_type(after, "card_buy_animal")
        check_invariants(after)


class TestK299Slaughterman:
    """K299 Slaughterman: "Whenever another player converts 1 or more animals into food, you
    receive 1 food from the general supply. In the feeding phase of the harvest, you are the last
    player to feed your family (so you can benefit if other players slaughter)." (S1). The
    feeding phase asks every seat at once (decision K-OCC-10)."""

    def test_one_food_when_another_player_cooks(self):
        from .helpers import owns

        state, _, _ = full(2)
        holding(state, 0, "K299")
        owns(state, 1, "fireplace_2")
        owns(state, 0, "fireplace_3")
        give_animals(state, 1, sheep=1)
        give_animals(state, 0, sheep=1)
        turn(state, 1)
        cooked, _ = play(state, 1, {"type": "convert", "good": "sheep"})
        assert food(cooked, 0) == food(state, 0) + 1
        turn(state, 0)
        own, _ = play(state, 0, {"type": "convert", "good": "sheep"})
        assert food(own, 0) == food(state, 0) + 2  # the fireplace's food only

    def _feeding(self, card_set=None):
        """Ann (the Slaughterman, 3 food for a need of 4, nothing to convert) and Bob (short
        of food, a sheep and a fireplace) reach the feeding phase of a harvest."""
        from domain.agricola.builder import Builder
        from domain.agricola.flow import start_harvest

        from .helpers import owns

        state, _, _ = full(2, card_set=card_set)
        holding(state, 0, "K299")
        owns(state, 1, "fireplace_2")
        give_animals(state, 1, sheep=1)
        give(state, 0, food=3 - food(state, 0))
        b = Builder(state)
        start_harvest(b)
        return b.state

    def test_feeds_last_with_nothing_to_convert(self):
        """Issue 38 (K-OCC-26): asked although it has nothing to convert, and fed after Bob, so
        the food of Bob's cooked sheep arrives in time (no begging card)."""
        harvest = self._feeding()
        assert harvest["pending"][0] == {"kind": "feed", "need": 4}
        assert AGRICOLA.status(harvest).to_act == (1,)
        assert {"type": "feed"} not in AGRICOLA.legal_moves(harvest, 0)
        with pytest.raises(RuleViolation):
            play(harvest, 0, {"type": "feed"})
        cooked, _ = listed_play(harvest, 1, {"type": "convert", "good": "sheep"})
        assert food(cooked, 0) == 4
        fed, _ = listed_play(cooked, 1, {"type": "feed"})
        assert AGRICOLA.status(fed).to_act == (0,)
        done, _ = listed_play(fed, 0, {"type": "feed"})
        assert done["farms"][0]["begging"] == 0
        check_invariants(done)

    def test_card_set_7_fed_it_at_once(self):
        """Games of card set 7 replay as played: fed as feeding began, with a begging card."""
        harvest = self._feeding(card_set=7)
        assert harvest["pending"][0] is None
        assert harvest["farms"][0]["begging"] == 1


class TestK307AnimalBreeder:
    """K307 Animal Breeder: "Whenever you fence unused spaces to create at least one new pasture,
    you can buy a pair of animals: 2 sheep for 1 food, 2 wild boar for 2 food, or 2 cattle for 3
    food." (S1). Seed 000 L800: the new pasture must have an empty space; not the Fence
    Overseer's pastures. Bought once, before the seat's next placement (decision K-OCC-11)."""

    def test_a_pair_of_sheep_for_one_food_after_fencing(self):
        state, _, _ = full(2)
        holding(state, 0, "K307")
        turn(state, 0)
        give(state, 0, wood=8, food=3)
        reveal(state, "fences")
        fencing, _ = play(state, 0, {"type": "place", "space": "fences"})
        assert not [m for m in of_type(fencing, "card_convert") if m["card"] == "K307"]
        fencing, _ = play(fencing, 0, {"type": "fence_space", "space": 4})
        closed, _ = play(fencing, 0, {"type": "close_pasture"})
        move = {"type": "card_convert", "card": "K307", "option": 0}
        bought, _ = listed_play(closed, 0, move)
        assert animals(bought, "sheep") == 2 and food(bought) == food(closed) - 1
        assert move not in AGRICOLA.legal_moves(bought, 0)
        check_invariants(bought)


class TestK310ResourceSeller:
    """K310 Resource Seller: "Pile (from bottom to top) 1 stone, clay, stone, clay, reed, clay,
    wood on this card. You receive the top marker when you receive that type of building
    resource." (S1). Seed 000 L964: at a round's start and in the work phase; several types
    received at once take several markers."""

    def test_wood_takes_the_top_marker_then_clay_is_on_top(self):
        state, placed = _on("forest", "K310")
        taken = state["spaces"]["forest"]["goods"]["wood"]
        assert _supply(placed, "wood") == _supply(state, "wood") + taken + 1
        again = json_copy(placed)
        turn(again, 0)
        reveal(again, "forest", wood=2)
        wood, _ = play(again, 0, {"type": "place", "space": "forest"})
        assert (
            _supply(wood, "wood")
            == _supply(again, "wood") + again["spaces"]["forest"]["goods"]["wood"]
        )
        turn(wood, 0)
        clay, _ = play(wood, 0, {"type": "place", "space": "clay_pit"})
        assert (
            _supply(clay, "clay")
            == _supply(wood, "clay") + wood["spaces"]["clay_pit"]["goods"]["clay"] + 1
        )
        check_invariants(clay)

    def test_several_types_at_once_take_several_markers(self):
        state, _, _ = full(2)
        holding(state, 0, "K310")
        state["farms"][0]["schedule"]["3"] = {"wood": 1, "clay": 1}
        state["bank"]["wood"] -= 1
        state["bank"]["clay"] -= 1
        started, _ = _start_round(state, 3)
        assert _supply(started, "wood") == _supply(state, "wood") + 2
        assert _supply(started, "clay") == _supply(state, "clay") + 2


class TestK270WetNurse:
    """K270 Wet Nurse: "Whenever you build room(s), you may grow your family by up to the number
    of rooms that you build, if you have the room to house the new family members. This costs 1
    food per person." (S1). Seed 000 L826: only with a free room; the newborn stands with the
    person on the rooms space (decision K-OCC-13)."""

    def test_one_growth_per_room_built_for_one_food(self):
        placed = _rooms("K270", house="wood", wood=15, reed=6, food=2)
        move = {"type": "card_growth", "card": "K270"}
        assert move not in AGRICOLA.legal_moves(placed, 0)
        built, _ = listed_play(placed, 0, {"type": "build_room", "space": 0})
        grown, events = listed_play(built, 0, move)
        farm = grown["farms"][0]
        assert farm["family"] == 3 and farm["newborns"] == 1 and food(grown) == food(built) - 1
        assert grown["spaces"]["rooms_stables"]["newborn"]
        assert move not in AGRICOLA.legal_moves(grown, 0)  # 3 rooms for 3 people
        second, _ = listed_play(grown, 0, {"type": "build_room", "space": 1})
        again, _ = listed_play(second, 0, move)
        assert again["farms"][0]["family"] == 4
        check_invariants(again)


class TestK342AnimalTrainer:
    """K342 Animal Trainer: "Whenever you take food from a 'Traveling players' space, you may
    immediately use it to buy animals: Pay 2 food for each sheep or wild boar and 3 food for each
    cattle." (S1). Seed 000 L796: only the food that lay on the space, not a card's extra food
    (the Magician's here); purchases that fit the farm (decision K-OCC-14)."""

    def test_the_spaces_food_buys_animals_that_fit(self):
        state, placed = _on("traveling_players", "K342", "K311", n=3, stock={"food": 3}, food=5)
        options = placed["pending"][0]["options"]
        assert {"cattle": 1, "food": -3} in options and {"sheep": 1, "food": -2} in options
        assert all(o.get("food", 0) >= -3 for o in options)  # 3 food on the space, not 4
        assert {"sheep": 1, "boar": 1, "food": -4} not in options
        bought, _ = listed_play(
            placed, 0, {"type": "card_choice", "option": options.index({"cattle": 1, "food": -3})}
        )
        assert animals(bought, "cattle") == 1 and food(bought) == food(placed) - 3
        check_invariants(bought)

    def test_nothing_from_other_spaces(self):
        _, placed = _on("fishing", "K342", stock={"food": 3})
        assert not of_type(placed, "card_choice")


class TestK312FenceOverseer:
    """K312 Fence Overseer: "Once each round, for a cost of 1 food, you can immediately fence a
    pasture of 1 farmyard space around a stable that you have just built. You do not need to pay
    wood for the fences." (S1). Seed 000 L952: once a round; the Farmer (E160) acts after it,
    the Animal Breeder (K307) does not."""

    def _stable(self, *cards, food=2):
        placed = _rooms("K312", *cards, house="wood", wood=6, food=food)
        return listed_play(placed, 0, {"type": "build_stable", "space": 7})[0]

    def test_fence_the_new_stable_for_one_food(self):
        stabled = self._stable("E160", "K307")
        move = {"type": "card_fence", "card": "K312", "space": 7}
        fenced, _ = listed_play(stabled, 0, move)
        farm = fenced["farms"][0]
        assert farm["pastures"] == [[7]] and len(farm["fences"]) == 4
        assert _supply(fenced, "wood") == _supply(stabled, "wood")
        assert food(fenced) == food(stabled) - 1
        assert animals(fenced, "boar") == 1  # the Farmer's boar
        assert {"type": "card_convert", "card": "K307", "option": 0} not in AGRICOLA.legal_moves(
            fenced, 0
        )
        assert move not in AGRICOLA.legal_moves(fenced, 0)
        check_invariants(fenced)

    def test_once_a_round(self):
        stabled = self._stable()
        fenced, _ = listed_play(stabled, 0, {"type": "card_fence", "card": "K312", "space": 7})
        again, _ = play(fenced, 0, {"type": "build_stable", "space": 9})
        assert again["turn"] == 0 and again["pending"][0]  # still in the rooms action
        assert not of_type(again, "card_fence")


class TestK271Educator:
    """K271 Educator: "Whenever another player plays an occupation card, you can pay 3 food to
    play one yourself. From your 4th occupation, this only costs 2 food." (S1). Seed 000 L894:
    two occupations played in one action give two answers. The holder answers before its next
    placement (decision K-11)."""

    def _answered(self, held=()):
        state, _, _ = full(2)
        holding(state, 1, "K271", *held)
        in_hand(state, 1, "E176")
        give(state, 1, food=3)
        played, _ = lessons(state, 0, "E158")  # Ann plays the Turner
        turn(played, 1, home=2)
        return played

    def test_an_occupation_for_3_food_before_the_next_placement(self):
        played = self._answered()
        move = {"type": "card_answer", "card": "E176"}
        answered, _ = listed_play(played, 1, move)
        assert "E176" in answered["farms"][1]["occupations"]
        assert food(answered, 1) == food(played, 1) - 3
        assert move not in AGRICOLA.legal_moves(answered, 1)
        check_invariants(answered)

    def test_2_food_from_the_fourth_occupation_and_the_window_closes_with_a_placement(self):
        played = self._answered(held=("E209", "E185"))  # the answer is Bob's 4th occupation
        answered, _ = listed_play(played, 1, {"type": "card_answer", "card": "E176"})
        assert food(answered, 1) == food(played, 1) - 2
        placed, _ = play(self._answered(), 1, {"type": "place", "space": "forest"})
        turn(placed, 1)
        assert not of_type(placed, "card_answer", seat=1)


class TestK277Manufacturer:
    """K277 Manufacturer: "Once you have a clay hut or a stone house, the Joinery, Pottery and
    Basketmaker's Workshop are minor improvements for you and their cost is reduced by 2 building
    resources of your choice." (S1). The lower price also with a major improvement action
    (decision K-OCC-15)."""

    def _minor_action(self, house, **goods):
        state, _, _ = full(2)
        holding(state, 0, "K277")
        state["farms"][0]["house"] = house
        turn(state, 0)
        give(state, 0, **goods)
        reveal(state, "major_minor")
        return play(state, 0, {"type": "place", "space": "major_minor"})[0]

    def test_the_joinery_as_a_minor_for_2_resources_less(self):
        from domain.agricola.farm import major_costs

        placed = self._minor_action("clay", wood=1, stone=1)
        costs = major_costs(placed["farms"][0], "joinery")
        assert costs[0] == {"wood": 2, "stone": 2}
        assert {"wood": 1, "stone": 1} in costs and {"stone": 2} in costs
        move = {
            "type": "card_major",
            "card": "K277",
            "major": "joinery",
            "pay": costs.index({"wood": 1, "stone": 1}),
        }
        built, _ = listed_play(placed, 0, move)
        assert "joinery" in built["farms"][0]["majors"]
        assert _supply(built, "wood") == 0 and _supply(built, "stone") == 0
        assert [m for m in of_type(placed, "card_major") if m["card"] == "K277"] == [move]
        check_invariants(built)

    def test_not_in_a_wooden_hut(self):
        placed = self._minor_action("wood", wood=2, stone=2)
        assert not [m for m in of_type(placed, "card_major") if m["card"] == "K277"]


class TestK281TravelingSalesman:
    """K281 Traveling Salesman: "Whenever you select a 'minor improvement' action on an action
    space, you can play a major instead of a minor improvement. If you select a 'major or minor
    improvement' action on an action space, you can play 2 minor improvements." (S1). Seed 000
    L828 rules on it with the Merchant and the Businessman (not in the K deck)."""

    def test_a_major_instead_of_the_minor(self):
        state, placed = _on("starting_player_minor", "K281", wood=1, stone=3)
        move = {"type": "card_improvement", "card": "K281", "major": "well", "pay": 0}
        built, _ = listed_play(placed, 0, move)
        assert "well" in built["farms"][0]["majors"]
        assert built["round_food"][built["round"] + 1][0] == 1
        assert not of_type(built, "card_improvement")
        check_invariants(built)

    def test_two_minors_on_major_or_minor_improvement(self):
        state, _, _ = full(2)
        holding(state, 0, "K281")
        in_hand(state, 0, "E25")
        in_hand(state, 0, "E338")
        turn(state, 0)
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        first, _ = listed_play(placed, 0, {"type": "play_minor", "card": "E25"})
        assert first["pending"][0] and first["turn"] == 0
        second, _ = listed_play(first, 0, {"type": "play_minor", "card": "E338"})
        assert {"E25", "E338"} <= set(second["farms"][0]["minors"])
        assert second["pending"][0] is None  # the action ends after the second

    def test_without_the_card_one_minor(self):
        state, _, _ = full(2)
        in_hand(state, 0, "E25")
        in_hand(state, 0, "E338")
        turn(state, 0)
        reveal(state, "major_minor")
        placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
        first, _ = listed_play(placed, 0, {"type": "play_minor", "card": "E25"})
        assert not of_type(first, "play_minor")


class TestK284WoodDistributor:
    """K284 Wood Distributor: "At the start of the work phase of each round, you can distribute
    the wood from the '3 Wood' action space as evenly as possible onto the neighbouring '1 Clay',
    '1 Reed' and 'Fishing' spaces. When you play this card, you receive 2 wood." (S1). Seed 000
    L898: wood that does not divide stays. At the seat's first turn of the round (K-OCC-16)."""

    def test_two_wood_on_play(self):
        state, _, _ = full(2)
        after, _ = lessons(state, 0, "K284")
        assert _supply(after, "wood") == _supply(state, "wood") + 2

    def test_the_forests_wood_spread_evenly(self):
        state, _, _ = full(2)
        holding(state, 0, "K284")
        started, _ = _start_round(state, 2)
        turn(started, 0)
        spaces = started["spaces"]
        spaces["forest"]["goods"]["wood"] = 7
        started["bank"]["wood"] -= 7 - state["spaces"]["forest"]["goods"].get("wood", 0)
        before = {s: dict(spaces[s]["goods"]) for s in ("clay_pit", "reed_bank", "fishing")}
        spread, _ = listed_play(started, 0, {"type": "card_spread", "card": "K284"})
        assert spread["spaces"]["forest"]["goods"]["wood"] == 1
        for s in before:
            assert spread["spaces"][s]["goods"]["wood"] == before[s].get("wood", 0) + 2
        assert _supply(spread, "wood") == _supply(started, "wood")
        assert not of_type(spread, "card_spread")
        check_invariants(spread)


class TestK308Foreman:
    """K308 Foreman: "At the start of the work phase of each round, you can place 1 food from the
    general supply on an action space of your choice." (S1). Seed 000 L792: decided before the
    work phase; here at the seat's first turn, before its placement (K-OCC-16)."""

    def test_one_food_onto_a_space_then_the_offer_lapses(self):
        state, _, _ = full(2)
        holding(state, 0, "K308")
        started, _ = _start_round(state, 2)
        turn(started, 0, home=2)
        move = {"type": "card_food", "card": "K308", "space": "forest"}
        assert {"type": "card_food", "card": "K308", "space": "grain"} not in AGRICOLA.legal_moves(
            started, 0
        )  # K-OCC-16: a space that hands over the goods lying on it
        reveal(started, "sheep", sheep=1)
        assert {"type": "card_food", "card": "K308", "space": "sheep"} not in of_type(
            started, "card_food"
        )
        put, _ = listed_play(started, 0, move)
        assert put["spaces"]["forest"]["goods"]["food"] == 1
        assert food(put) == food(started)
        taken, _ = play(put, 0, {"type": "place", "space": "forest"})
        assert food(taken) == food(put) + 1
        check_invariants(taken)
        placed, _ = play(started, 0, {"type": "place", "space": "forest"})
        turn(placed, 0)
        assert not of_type(placed, "card_food")


class TestK304Veterinarian:
    """K304 Veterinarian: "When you play this card, place 4 sheep cubes, 3 wild boar cubes and 2
    cattle cubes in a container. At the start of each round, draw two animals. If they are the
    same, keep one. Return the 1 or 2 animals to the container." (S1). Seed 000 L774: the animal
    may be cooked at once. The draw: decision K-OCC-18."""

    def test_a_pair_of_one_type_gives_one_animal_and_leaves_the_bag(self):
        from domain.agricola.builder import Builder
        from domain.agricola.flow import start_round
        from domain.common.rng import Rng

        state, _, _ = full(2)
        played, _ = lessons(state, 0, "K304")
        assert played["farms"][0]["card_state"]["K304/bag"] == {"sheep": 4, "boar": 3, "cattle": 2}
        build_farm(played, 0, pastures=[[3, 4], [8, 9], [13, 14]])
        outcomes = set()
        for seed in range(1, 25):
            b = Builder(json_copy(played))
            b.state["phase"] = "return"
            start_round(b, Rng(seed), 2)
            after = b.state
            bag = after["farms"][0]["card_state"]["K304/bag"]
            got = {a: animals(after, a) for a in ("sheep", "boar", "cattle") if animals(after, a)}
            if got:
                ((kind, n),) = got.items()
                assert n == 1 and bag[kind] == {"sheep": 4, "boar": 3, "cattle": 2}[kind] - 1
                assert sum(bag.values()) == 8
            else:
                assert sum(bag.values()) == 9
            outcomes.add(bool(got))
            check_invariants(after)
        assert outcomes == {True, False}


class TestK279Scholar:
    """K279 Scholar: "Once you have a stone house, at the start of a round you can always either
    pay 1 food to play an occupation card or play an improvement card by paying its costs."
    (S1). Seed 000 L978: one card a round; food received at the round's start may pay. At the
    seat's first turn of the round, before its placement (K-11; K-OCC-17)."""

    def _started(self, house="stone"):
        state, _, _ = full(2)
        holding(state, 0, "K279")
        state["farms"][0]["house"] = house
        in_hand(state, 0, "E176")
        in_hand(state, 0, "E25")
        started, _ = _start_round(state, 3)
        turn(started, 0)
        return started

    def test_an_occupation_for_1_food_or_a_minor_once_a_round(self):
        started = self._started()
        moves = of_type(started, "card_study")
        assert {"type": "card_study", "card": "E25"} in moves
        played, _ = listed_play(started, 0, {"type": "card_study", "card": "E176"})
        assert "E176" in played["farms"][0]["occupations"]
        assert food(played) == food(started) - 1
        assert played["turn"] == 0 and played["pending"][0] is None  # still to place
        assert not of_type(played, "card_study")
        check_invariants(played)

    def test_not_without_a_stone_house(self):
        assert not of_type(self._started(house="clay"), "card_study")


class TestK278Forester:
    """K278 Forester: "Whenever you use a sowing action, you can plant wood on this card. There
    can be up to 3 stacks of wood on this card, as shown. The wood is treated the same as sown
    grain and is harvested during the Field phase." (S1). Seed 000 L840: 1 wood from the supply
    and 2 from the general supply per plot; not all plots at once; not the Smallholder's extra."""

    def test_sow_wood_on_a_plot_and_harvest_it(self):
        from domain.agricola.builder import Builder
        from domain.agricola.cards.fields import harvest

        state, _, _ = full(2)
        played, _ = lessons(state, 0, "K278")
        holding(played, 0, "K286")  # the Smallholder adds nothing to wood
        assert [f["card"] for f in played["farms"][0]["card_fields"]] == [
            "K278/1",
            "K278/2",
            "K278/3",
        ]
        turn(played, 0)
        give(played, 0, wood=2)
        reveal(played, "sow_bake")
        sowing, _ = play(played, 0, {"type": "place", "space": "sow_bake"})
        move = {"type": "card_sow", "card": "K278/1", "crop": "wood"}
        sown, events = listed_play(sowing, 0, move)
        assert "sows wood on Forester (K278, plot 1)" in AGRICOLA.describe(
            events[0], ["Ann", "Bob"]
        )
        plot = sown["farms"][0]["card_fields"][0]
        assert plot["crop"] == "wood" and plot["count"] == 3
        assert _supply(sown, "wood") == _supply(sowing, "wood") - 1
        b = Builder(json_copy(sown))
        harvest(b)
        assert _supply(b.state, "wood") == _supply(sown, "wood") + 1
        assert _points(b.state)["grain"] == _points(sown)["grain"]
        check_invariants(b.state)


class TestK275PerpetualStudent:
    """K275 Perpetual Student: "Whenever you can play an occupation card, you can ask another
    player to randomly draw one of your occupation cards instead of choosing one yourself. If
    you do this, you receive 3 food before you pay the costs of the card, but you must play the
    card that the other player draws." (S1). Offered when every card in hand can be played and
    paid (decision K-OCC-19)."""

    def test_a_random_occupation_with_3_food_first(self):
        from domain.common.rng import Rng

        state, _, _ = full(2)
        holding(state, 0, "K275")
        in_hand(state, 0, "E176")
        in_hand(state, 0, "E158")
        state["hands"]["_private"]["0"]["occupations"] = ["E176", "E158"]
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "lessons"})
        move = {"type": "card_random", "card": "K275"}
        assert move in AGRICOLA.legal_moves(placed, 0)
        drawn = set()
        for seed in range(1, 12):
            after, events = play(placed, 0, move, Rng(seed))
            (card,) = [e.data["card"] for e in events if e.type == "OccupationPlayed"]
            drawn.add(card)
            assert card in after["farms"][0]["occupations"]
            assert {"E176", "E158"} - {card} == set(after["hands"]["_private"]["0"]["occupations"])
            assert food(after) == food(placed) + 3 - 1  # the second occupation costs 1 food
            check_invariants(after)
        assert drawn == {"E176", "E158"}

    def test_not_when_a_card_in_hand_cannot_be_played(self):
        state, _, _ = full(2)
        holding(state, 0, "K275")
        state["hands"]["_private"]["0"]["occupations"] = []
        in_hand(state, 0, "E176")
        in_hand(state, 0, "E178")  # Hut Builder: rounds 1-4 only
        state["round"] = 6
        turn(state, 0)
        placed, _ = play(state, 0, {"type": "place", "space": "lessons"})
        assert not of_type(placed, "card_random")
