"""E-deck cards added in card set 2 and later (issue 10), each test naming the card's catalogue
number and, where the seed clarifies it, the seed line (catalogue column ``seed000_line``)."""
from __future__ import annotations

import pytest

from domain.common.errors import RuleViolation
from domain.agricola import AGRICOLA
from domain.agricola.scoring import score_sheet

from .support import give, give_animals, reveal, turn
from .test_full_game import full, hand, holding, in_hand, play


def _minor_action(state, seat, card, **goods):
    """``seat`` holds ``card`` and ``goods`` and stands on Major or Minor Improvement."""
    turn(state, seat)
    in_hand(state, seat, card)
    give(state, seat, **goods)
    reveal(state, "major_minor")
    placed, _ = play(state, seat, {"type": "place", "space": "major_minor"})
    return placed


def _owned_major(state, seat, major):
    state["majors"][major] = seat
    state["farms"][seat]["majors"].append(major)


# -- improvements that cook or bake --------------------------------------------------------------

def test_e20_simple_fireplace_cooks_bakes_and_counts_as_a_fireplace():
    """E20 (seed 000 L706): vegetable 2, sheep 1, boar 2, cattle 3; bakes for 2; a Cooking
    Hearth may be paid by returning it."""
    state, _, _ = full(2)
    placed = _minor_action(state, 0, "E20", clay=1)
    after, _ = play(placed, 0, {"type": "play_minor", "card": "E20"})
    assert "E20" in after["farms"][0]["minors"]
    turn(after, 0)
    give(after, 0, vegetable=1)
    give_animals(after, 0, sheep=1)
    moves = AGRICOLA.legal_moves(after, 0)
    assert {"type": "convert", "good": "vegetable"} in moves
    cooked, events = play(after, 0, {"type": "convert", "good": "vegetable"})
    assert events[0].data["via"] == "E20" and events[0].data["food"] == 2
    cooked, events = play(after, 0, {"type": "convert", "good": "sheep"})
    assert events[0].data["food"] == 1
    reveal(after, "major_minor")
    hearth, _ = play(after, 0, {"type": "place", "space": "major_minor"})
    move = {"type": "build_major", "major": "cooking_hearth_4", "return": "E20"}
    assert move in AGRICOLA.legal_moves(hearth, 0)
    built, _ = play(hearth, 0, move)
    assert "E20" not in built["farms"][0]["minors"] and "E20" not in built["farms"][0]["cards"]
    assert "cooking_hearth_4" in built["farms"][0]["majors"]


def test_e27_wood_fired_oven_bakes_once_when_built():
    """E27 (seed 000 L616): any grain for 3 food each, a bake at once; counts as an oven."""
    state, _, _ = full(2)
    placed = _minor_action(state, 0, "E27", wood=3, stone=1, grain=3)
    after, _ = play(placed, 0, {"type": "play_minor", "card": "E27"})
    assert after["pending"][0]["kind"] == "oven_bake"
    assert {"type": "bake", "improvement": "E27", "grain": 3} in AGRICOLA.legal_moves(after, 0)
    food = after["farms"][0]["supply"]["food"]
    baked, _ = play(after, 0, {"type": "bake", "improvement": "E27", "grain": 3})
    assert baked["farms"][0]["supply"]["food"] == food + 9
    from domain.agricola.improvements import is_a
    assert is_a("E27", "oven") and not is_a("E20", "oven")


def test_e14_bakers_oven_is_paid_by_returning_an_oven():
    """E14: returning an oven (a major goes back to the board); bakes up to 2 grain for 5."""
    state, _, _ = full(2)
    placed = _minor_action(state, 0, "E14", clay=2)
    with pytest.raises(RuleViolation) as err:
        play(placed, 0, {"type": "play_minor", "card": "E14"})
    assert err.value.code == "card_prerequisite_unmet" and "Baker's Oven" in err.value.message
    _owned_major(placed, 0, "clay_oven")
    give(placed, 0, grain=3)
    move = {"type": "play_minor", "card": "E14", "return": ["clay_oven"]}
    assert move in AGRICOLA.legal_moves(placed, 0)
    after, _ = play(placed, 0, move)
    assert after["majors"]["clay_oven"] is None and "E14" in after["farms"][0]["minors"]
    assert {"type": "bake", "improvement": "E14", "grain": 3} not in \
        AGRICOLA.legal_moves(after, 0)
    baked, _ = play(after, 0, {"type": "bake", "improvement": "E14", "grain": 2})
    assert baked["farms"][0]["supply"]["food"] == after["farms"][0]["supply"]["food"] + 10
    assert _line(baked, 0, "card_points") == 3


def _line(state, seat, key):
    return next(c["points"] for c in score_sheet(state)["seats"][seat]["categories"]
                if c["key"] == key)


def test_e38_madonna_statue_discards_two_improvements():
    """E38: no effect; the payment is 2 built improvements, majors back to the board."""
    state, _, _ = full(2)
    placed = _minor_action(state, 0, "E38", clay=2)
    _owned_major(placed, 0, "well")
    with pytest.raises(RuleViolation):
        play(placed, 0, {"type": "play_minor", "card": "E38", "return": ["well"]})
    holding(placed, 0, "E13")
    listed = [m for m in AGRICOLA.legal_moves(placed, 0) if m.get("card") == "E38"]
    assert listed == [{"type": "play_minor", "card": "E38", "return": ["E13", "well"]}]
    after, _ = play(placed, 0, {"type": "play_minor", "card": "E38",
                                "return": ["well", "E13"]})
    assert after["majors"]["well"] is None and after["farms"][0]["minors"] == ["E38"]
    assert "E38" not in hand(after, 0)["minors"]


# -- plows (catalogue E61, E62, E195) -------------------------------------------------------------

def _ploughed(state, seat, space="plough", field=2):
    turn(state, seat)
    reveal(state, space)
    placed, _ = play(state, seat, {"type": "place", "space": space})
    after, _ = play(placed, seat, {"type": "plough", "space": field})
    return after


def test_e62_turnwrest_plow_ploughs_up_to_two_more_fields_once_per_game():
    """E62 (seed 000 L666): 3 fields instead of 1, or 2; one token, used once."""
    state, _, _ = full(2)
    holding(state, 0, "E62")
    after = _ploughed(state, 0)
    assert after["pending"][0] is not None
    moves = AGRICOLA.legal_moves(after, 0)
    assert {"type": "card_plough", "card": "E62", "space": 3} in moves
    assert {"type": "done"} in moves
    second, events = play(after, 0, {"type": "card_plough", "card": "E62", "space": 3})
    assert second["farms"][0]["card_state"]["E62"] == 1
    assert "Turnwrest Plow (E62)" in AGRICOLA.describe(events[-1], ["Ann", "Bob"])
    third, _ = play(second, 0, {"type": "card_plough", "card": "E62", "space": 4})
    assert len(third["farms"][0]["fields"]) == 3 and third["pending"][0] is None
    again = _ploughed(third, 0, field=7)
    assert again["pending"][0] is None           # no token left: the action ends at once
    turn(again, 0)
    with pytest.raises(RuleViolation):
        play(again, 0, {"type": "card_plough", "card": "E62", "space": 8})


def test_e61_riding_plow_twice_and_one_plow_per_ploughing():
    """E61 (seed 000 L618): two tokens; only one plow per ploughing."""
    state, _, _ = full(2)
    holding(state, 0, "E61", "E62")
    after = _ploughed(state, 0)
    stopped, _ = play(after, 0, {"type": "card_plough", "card": "E61", "space": 3})
    assert not [m for m in AGRICOLA.legal_moves(stopped, 0) if m.get("card") == "E62"]
    finished, _ = play(stopped, 0, {"type": "done"})
    assert finished["farms"][0]["card_state"]["E61"] == 1
    later = _ploughed(finished, 0, "plough_sow", field=4)
    assert {"type": "card_plough", "card": "E61", "space": 7} in AGRICOLA.legal_moves(later, 0)
    used, _ = play(later, 0, {"type": "card_plough", "card": "E61", "space": 7})
    assert used["farms"][0]["card_state"]["E61"] == 2


def test_e195_plow_maker_one_more_field_for_one_food_with_a_plow_too():
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


# -- card fields (catalogue E18, E47) -------------------------------------------------------------

def _sown_card_field(card, occupations):
    state, _, _ = full(2)
    holding(state, 0, *occupations)
    placed = _minor_action(state, 0, card, vegetable=1)
    after, _ = play(placed, 0, {"type": "play_minor", "card": card})
    assert after["farms"][0]["card_fields"] == [
        {"card": card, "crop": None, "count": 0, "allowed": ["vegetable"]}]
    turn(after, 0)
    reveal(after, "sow_bake")
    sowing, _ = play(after, 0, {"type": "place", "space": "sow_bake"})
    move = {"type": "card_sow", "card": card, "crop": "vegetable"}
    assert move in AGRICOLA.legal_moves(sowing, 0)
    assert {"type": "card_sow", "card": card, "crop": "grain"} not in \
        AGRICOLA.legal_moves(sowing, 0)
    sown, events = play(sowing, 0, move)
    assert "sows vegetable on" in AGRICOLA.describe(events[0], ["Ann", "Bob"])
    return sown


def test_e18_bean_field_is_sown_and_harvested_but_is_no_field():
    """E18 (seed 000 L588): a vegetable card field; its crops are the seat's, not a field."""
    sown = _sown_card_field("E18", ("E147", "E152"))
    assert sown["farms"][0]["card_fields"][0]["count"] == 2
    vegetables = next(c for c in score_sheet(sown)["seats"][0]["categories"]
                      if c["key"] == "vegetables")
    assert _line(sown, 0, "fields") == -1 and vegetables["count"] == 2
    from domain.agricola.builder import Builder
    from domain.agricola.cards.fields import harvest
    b = Builder(sown)
    harvest(b)
    assert b.events[0].type == "CardFieldsHarvested"
    assert b.state["farms"][0]["supply"]["vegetable"] == 1
    assert b.state["farms"][0]["card_fields"][0]["count"] == 1
    assert "harvests 1 vegetable from Bean Field (E18)" in AGRICOLA.describe(
        b.events[0], ["Ann", "Bob"])


def test_e32_potato_dibber_tops_a_card_field_too():
    """E32 on E18: cards that act on sowing act on card fields (seed 000 L588)."""
    state, _, _ = full(2)
    holding(state, 0, "E147", "E152", "E32")
    placed = _minor_action(state, 0, "E18", vegetable=1)
    after, _ = play(placed, 0, {"type": "play_minor", "card": "E18"})
    turn(after, 0)
    reveal(after, "sow_bake")
    sowing, _ = play(after, 0, {"type": "place", "space": "sow_bake"})
    sown, events = play(sowing, 0, {"type": "card_sow", "card": "E18", "crop": "vegetable"})
    assert sown["farms"][0]["card_fields"][0]["count"] == 3
    topped = next(e for e in events if e.type == "FieldTopped")
    assert topped.data["field_card"] == "E18"
    assert "adds 1 to Bean Field (E18)" in AGRICOLA.describe(topped, ["Ann", "Bob"])


def test_e47_lettuce_patch_turns_its_harvest_into_4_food_in_that_feeding():
    """E47 (seed 000 L718): a vegetable harvested from it may become 4 food at once."""
    from domain.agricola.builder import Builder
    from domain.agricola.cards.fields import harvest
    from domain.agricola.flow import has_feeding_choice
    sown = _sown_card_field("E47", ("E147", "E152", "E176"))
    b = Builder(sown)
    harvest(b)
    state = b.state
    assert state["farms"][0]["harvest_fresh"] == ["E47"]
    assert has_feeding_choice(state["farms"][0], 0)
    state["phase"] = "harvest_feeding"
    state["pending"][0] = {"kind": "feed"}
    move = {"type": "card_convert", "card": "E47", "option": 0}
    assert move in AGRICOLA.legal_moves(state, 0)
    after, _ = play(state, 0, move)
    assert after["farms"][0]["harvest_fresh"] == []
    assert after["farms"][0]["supply"]["food"] == state["farms"][0]["supply"]["food"] + 4
    assert move not in AGRICOLA.legal_moves(after, 0)


# -- every event has a sentence and a rule ------------------------------------------------------

@pytest.mark.parametrize("n,seed,options", [
    (2, 11, {"dealing": "redeal", "exchange": True}), (3, 12, {"dealing": "draft"}),
    (1, 13, {"dealing": "10-3"}), (4, 14, {})])
def test_every_event_of_a_full_game_has_a_sentence_and_a_rule(n, seed, options):
    import random
    from domain.common.rng import Rng
    from domain.common.title import GameConfig
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:n]
    rng = Rng(seed)
    events = AGRICOLA.setup(GameConfig("full", names, {"decks": "E", **options}), rng)
    state = {}
    for e in events:
        state = AGRICOLA.evolve(state, e)
    pick = random.Random(seed)
    while not AGRICOLA.status(state).finished:
        seat = pick.choice(AGRICOLA.status(state).to_act)
        new = AGRICOLA.decide(state, seat, pick.choice(AGRICOLA.legal_moves(state, seat)), rng)
        for e in new:
            state = AGRICOLA.evolve(state, e)
        events += new
    for event in events:
        for text in (AGRICOLA.describe(event, names),):
            assert text != f"{event.type}." and "{" not in text, (event.type, text)
        assert AGRICOLA.rule_of(event), event.type
