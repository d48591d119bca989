"""E-deck minor improvements (catalogue 11-62, 338), one class per card, by number.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it. Where a card was corrected in card
set 5 (issue 23), a test pins the entry older card sets keep (``card_set=4``), so a game of
those sets replays as it was played.
"""
from __future__ import annotations

from domain.agricola.cards import engine

from ..support import build_farm, give, reveal, turn
from .helpers import food, full, holding, listed_play, minor, of_type, owns, play


class TestE016BuildingMaterial:
    """E16 Building Material: "You receive either 1 wood or 1 clay when you play this card.
    After you play this card, pass it to the player on your left" (S1). With the Berry
    Picker (E152) its wood brings 1 food (seed 000 L920): see TestE152BerryPicker."""

    def test_wood_or_clay_then_passed_left(self):
        state, _, _ = full(2)
        after, _ = minor(state, 0, "E16", choice=1)
        assert after["farms"][0]["supply"]["clay"] == state["farms"][0]["supply"]["clay"] + 1
        assert "E16" in after["hands"]["_private"]["1"]["minors"]


class TestE040MiniPasture:
    """E40 Mini Pasture: "When you play this card, immediately fence one space in your
    farmyard. After you play this card, pass it to the player on your left" (S1); seed 000
    L732: the new pasture must adjoin the old one."""

    def test_playable_with_no_pasture_and_fences_any_space(self):
        state, _, _ = full(2)
        assert engine.play_problem(state, 0, "E40") is None
        give(state, 0, food=2)
        after, _ = minor(state, 0, "E40")
        spaces = {m["space"] for m in of_type(after, "card_pasture")}
        assert 4 in spaces and 14 in spaces          # no pasture to adjoin yet
        fenced, _ = listed_play(after, 0, {"type": "card_pasture", "space": 14})
        assert fenced["farms"][0]["pastures"] == [[14]]

    def test_once_a_pasture_exists_it_must_adjoin_it(self):
        state, _, _ = full(2)
        build_farm(state, 0, pastures=[[4]])
        give(state, 0, food=2)
        after, _ = minor(state, 0, "E40")
        assert {m["space"] for m in of_type(after, "card_pasture")} == {3, 9}

    def test_card_sets_1_to_4_keep_asking_for_a_pasture(self):
        state, _, _ = full(2, card_set=4)
        assert engine.play_problem(state, 0, "E40")


class TestE041Millstone:
    """E41 Millstone: "Whenever you bake 1 or more grain into bread, you receive 2 additional
    food" (S1); seed 000 L620: with the Baker at most 2 more food per harvest, i.e. 2 per bake
    action, however many ovens bake in it."""

    def _two_oven_bake(self, card_set=None):
        state, _, _ = full(2, card_set=card_set)
        holding(state, 0, "E41")
        owns(state, 0, "clay_oven", "stone_oven")
        give(state, 0, grain=2)
        turn(state, 0)
        reveal(state, "sow_bake")
        before = food(state)
        placed, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
        one, _ = listed_play(placed, 0, {"type": "bake", "improvement": "clay_oven",
                                         "grain": 1})
        two, _ = listed_play(one, 0, {"type": "bake", "improvement": "stone_oven",
                                      "grain": 1})
        return food(two) - before

    def test_two_ovens_in_one_bake_action_give_2_food_once(self):
        assert self._two_oven_bake() == 5 + 4 + 2

    def test_card_sets_1_to_4_paid_per_oven(self):
        assert self._two_oven_bake(card_set=4) == 5 + 4 + 2 + 2

    def test_each_bake_action_pays(self):
        state, _, _ = full(2)
        holding(state, 0, "E41")
        owns(state, 0, "clay_oven")
        give(state, 0, grain=2)
        turn(state, 0)
        reveal(state, "sow_bake")
        before = food(state)
        placed, _ = play(state, 0, {"type": "place", "space": "sow_bake"})
        baked, _ = listed_play(placed, 0, {"type": "bake", "improvement": "clay_oven",
                                           "grain": 1})
        assert food(baked) == before + 5 + 2
        # a later bake action (another person placed in between): 2 food again
        turn(baked, 0)
        baked["farms"][1]["home"] -= 1
        placed, _ = play(baked, 0, {"type": "place", "space": "sow_bake"})
        again, _ = listed_play(placed, 0, {"type": "bake", "improvement": "clay_oven",
                                           "grain": 1})
        assert food(again) == before + 2 * (5 + 2)
