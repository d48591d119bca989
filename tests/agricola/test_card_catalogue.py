"""The card catalogue as data (issue 10, part 1): every card of the E, I and K decks is read
with its cost, prerequisite, points and player symbol; occupation costs follow digest T-11."""

from __future__ import annotations

import pytest

from domain.agricola.cards.catalogue import (
    CARDS,
    by_name,
    deck_cards,
    occupation_cost,
    parse_cost,
    parse_prerequisite,
)


def test_the_catalogue_holds_every_card_of_the_three_decks():
    count = {}
    for card in CARDS.values():
        count[(card["deck"], card["kind"])] = count.get((card["deck"], card["kind"]), 0) + 1
    assert count == {
        ("E", "occupation"): 73,
        ("E", "minor"): 53,
        ("I", "occupation"): 48,
        ("I", "minor"): 43,
        ("K", "occupation"): 48,
        ("K", "minor"): 43,
    }
    symbols = [c["players"] for c in CARDS.values() if c["kind"] == "occupation"]
    assert (symbols.count(1), symbols.count(3), symbols.count(4)) == (66, 41, 62)  # seed 000


def test_player_symbols_decide_which_occupations_are_dealt():
    assert len(deck_cards("E", "occupation", 2)) == 28
    assert len(deck_cards("E", "occupation", 3)) == 28 + 21
    assert len(deck_cards("E", "occupation", 5)) == 73
    assert len(deck_cards("E", "minor", 1)) == 53


def test_costs_and_prerequisites_parse():
    assert parse_cost("free") == [{}]
    assert parse_cost("1 wood + 1 stone") == [{"wood": 1, "stone": 1}]
    assert parse_cost("(2 wood or 2 clay) + 1 reed") == [
        {"wood": 2, "reed": 1},
        {"clay": 2, "reed": 1},
    ]
    assert parse_prerequisite("2 improvements + 1 occupation") == {
        "improvements": 2,
        "occupations": 1,
    }
    assert parse_prerequisite("return an oven") == {"return": "oven"}
    assert by_name("Clay Roof")["requires"] == {"occupations": 1}  # conflict C12
    assert by_name("Field")["costs"] == [{"food": 1}] and by_name("Field")["passing"]
    with pytest.raises(ValueError):
        parse_cost("3 dragons")


@pytest.mark.parametrize(
    "space,costs", [("lessons", [0, 1, 1]), ("lessons_3", [2, 2]), ("lessons_4", [1, 1, 2])]
)
def test_t11_occupation_costs(space, costs):
    assert [occupation_cost(space, played) for played in range(len(costs))] == costs


def test_t11_mixed_spaces():
    assert [
        occupation_cost("lessons", 0),
        occupation_cost("lessons_4", 1),
        occupation_cost("lessons_4", 2),
    ] == [0, 1, 2]
