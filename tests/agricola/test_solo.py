"""The solo game with cards and its options (digest §9.2, §2.2, T-14, T-15) and the set-up of
a game of the solo series (digest §9.3, T-16)."""

from __future__ import annotations

import json

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.action_spaces import ROUND_CARDS
from domain.agricola.cards.catalogue import CARDS
from domain.agricola.series import TARGETS, carried_food, target
from domain.common.errors import BadGameConfig, RuleViolation
from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.common.visibility import redact

from .support import fold, reveal, turn

#: Every stage's cards in reverse table order: an order no shuffle is forced to give.
ORDER = [c for stage in sorted(ROUND_CARDS) for c in reversed(ROUND_CARDS[stage])]


def solo(variant="full", seed=3, series=None, **options):
    config = GameConfig(variant, ("Ann",), options)
    config = GameConfig(variant, ("Ann",), AGRICOLA.check_config(config), series=series)
    events = AGRICOLA.setup(config, Rng(seed))
    return fold(events), events


def play(state, move, rng=None):
    before = json.dumps(state, sort_keys=True)
    events = AGRICOLA.decide(state, 0, move, rng or Rng(1))
    assert json.dumps(state, sort_keys=True) == before, "decide changed the state"
    return fold(events, json.loads(before)), events


def hand(state):
    return state["hands"]["_private"]["0"]


def finish_round(state):
    """Place the solo player's people on whatever is first offered until the round changes."""
    start = state["round"]
    while state["round"] == start and state["phase"] != "finished":
        state, _ = play(state, AGRICOLA.legal_moves(state, 0)[0])
    return state


# -- digest §9.2 items 1, 6, 8; T-14 --------------------------------------------------------------


def test_solo_full_game_starts_with_no_food_and_deals_1_plus_occupations_only():
    state, _ = solo()
    assert state["farms"][0]["supply"]["food"] == 0  # §9.2 item 1, T-14
    assert state["feeding"]["adult"] == 3  # §9.2 item 4
    assert len(hand(state)["occupations"]) == 7 and len(hand(state)["minors"]) == 7
    assert all(CARDS[c]["players"] == 1 for c in hand(state)["occupations"])  # §9.2 item 8


def test_solo_a_passing_minor_is_removed_after_use():
    """§9.2 item 6 [000 L428]: Building Material (E16) passes left in a 2-player game; alone it
    leaves the game after use."""
    state, _ = solo()
    turn(state, 0)
    hand(state)["minors"][0] = "E16"
    reveal(state, "major_minor")
    state, _ = play(state, {"type": "place", "space": "major_minor"})
    state, events = play(state, {"type": "play_minor", "card": "E16", "choice": 0})
    played = [e for e in events if e.type == "MinorPlayed"][0]
    assert played.data["kept"] is False and played.data["to"] is None
    assert "E16" not in hand(state)["minors"] and "E16" not in state["farms"][0]["minors"]
    assert state["farms"][0]["supply"]["wood"] >= 1


# -- digest §9.2 item 7: the round cards in a fixed order -----------------------------------------


@pytest.mark.parametrize("variant", ["full", "family"])
def test_the_solo_player_fixes_the_round_order_within_the_stages(variant):
    state, events = solo(variant, round_order=ORDER)
    assert events[0].data["round_order"] == ORDER
    for _ in range(4):
        state = finish_round(state)
    first = list(state["round_cards"])
    family = {"major_minor": "major_improvement"}
    assert [family.get(c, c) for c in first[:4]] == ORDER[:4]
    assert "fixed" in AGRICOLA.describe(events[0], ["Ann"])


def test_the_same_round_order_replays_under_any_seed():
    a, _ = solo("family", seed=1, round_order=ORDER)
    b, _ = solo("family", seed=999, round_order=ORDER)
    assert finish_round(a)["round_cards"] == finish_round(b)["round_cards"] == [ORDER[0], ORDER[1]]


@pytest.mark.parametrize(
    "order,words",
    [
        (ORDER[:13], "all 14"),
        (["vegetable"] + ORDER[1:], "stage 1"),
        (ORDER[:13] + ["sheep"], "stage 6"),
        (["plenty"] + ORDER[1:], "not a round card"),
    ],
)
def test_a_round_order_that_breaks_the_stages_is_refused_with_a_sentence(order, words):
    with pytest.raises(BadGameConfig) as err:
        solo("family", round_order=order)
    assert err.value.code == "bad_option" and words in err.value.message


def test_only_a_solo_game_fixes_the_round_order():
    config = GameConfig("family", ("Ann", "Bob"), {"round_order": ORDER})
    with pytest.raises(BadGameConfig) as err:
        AGRICOLA.setup(GameConfig("family", ("Ann", "Bob"), AGRICOLA.check_config(config)), Rng(1))
    assert "only a solo game" in err.value.message


def test_full_game_round_ids_are_accepted_too():
    order = ["major_minor" if c == "major_improvement" else c for c in ORDER]
    state, _ = solo(round_order=order)
    assert state["round_order"] == ORDER


# -- digest §9.2 item 7: choosing the cards, one deck, no cards -----------------------------------


def test_the_solo_player_chooses_seven_and_seven_hidden_from_everyone_else():
    state, events = solo(dealing="choose")
    assert state["phase"] == "deal" and state["pending"][0]["need"] == {
        "occupations": 7,
        "minors": 7,
    }
    offered = {m["card"] for m in AGRICOLA.legal_moves(state, 0)}
    assert all(CARDS[c]["players"] == 1 for c in offered if CARDS[c]["kind"] == "occupation")
    assert AGRICOLA.move_label(state, {"type": "choose_card", "card": "E171"}).startswith(
        "Choose Dock Worker (E171): "
    )
    picks = [
        "E171",
        "E176",
        "E187",
        "E190",
        "E191",
        "E199",
        "E218",
        "E16",
        "E17",
        "E12",
        "E35",
        "E49",
        "E52",
        "E53",
    ]
    for card in picks:
        state, more = play(state, {"type": "choose_card", "card": card})
        events += more
    assert sorted(hand(state)["occupations"]) == sorted(picks[:7])
    assert state["phase"] == "work" and state["round"] == 1
    chosen = [e for e in events if e.type == "CardChosen"]
    assert len(chosen) == 14
    for event in chosen:  # nobody but the player sees the choice
        public = redact(event.data, None, False)
        assert "E1" not in json.dumps(public)
        assert (
            AGRICOLA.describe(type(event)(event.type, public, 0), ["Ann"]) == "Ann chooses a card."
        )
    assert AGRICOLA.describe(chosen[0], ["Ann"], viewer=0) == "You choose Dock Worker (E171)."
    assert AGRICOLA.seal_move({"type": "choose_card", "card": "E171"}, 0) == {
        "type": "choose_card",
        "_private": {"0": {"card": "E171"}},
    }


@pytest.mark.parametrize(
    "card,words",
    [
        ("E147", "3+ occupation, and a solo game uses 1+ occupations only"),
        ("I219", "belongs to the I deck"),
        ("X1", "no such card"),
    ],
)
def test_a_choice_that_breaks_the_solo_rules_is_refused_with_a_sentence(card, words):
    state, _ = solo(dealing="choose")
    with pytest.raises(RuleViolation) as err:
        play(state, {"type": "choose_card", "card": card})
    assert err.value.code == "card_choice_refused" and words in err.value.message


def test_a_chosen_kind_is_full_after_seven():
    state, _ = solo(dealing="choose")
    for card in ["E171", "E176", "E187", "E190", "E191", "E199", "E218"]:
        state, _ = play(state, {"type": "choose_card", "card": card})
    with pytest.raises(RuleViolation) as err:
        play(state, {"type": "choose_card", "card": "E150"})
    assert "chosen their 7 occupations already" in err.value.message
    with pytest.raises(RuleViolation) as err:
        play(state, {"type": "choose_card", "card": "E171"})
    assert "already in their hand" in err.value.message


def test_the_standard_board_without_cards_deals_nothing():
    state, events = solo(dealing="none")
    assert hand(state) == {"occupations": [], "minors": []}
    assert state["phase"] == "work" and "lessons" in state["spaces"]  # the full board
    moves = AGRICOLA.legal_moves(state, 0)
    assert not any(m["type"] in ("play_occupation", "play_minor") for m in moves)


@pytest.mark.parametrize("dealing", ["choose", "none"])
def test_choosing_and_no_cards_are_solo_options_only(dealing):
    config = GameConfig("full", ("Ann", "Bob"), {"dealing": dealing})
    with pytest.raises(BadGameConfig) as err:
        AGRICOLA.setup(GameConfig("full", ("Ann", "Bob"), AGRICOLA.check_config(config)), Rng(1))
    assert "solo game only" in err.value.message


def test_one_deck_only_deals_from_that_deck():
    state, _ = solo(decks="E")
    assert {CARDS[c]["deck"] for k in ("occupations", "minors") for c in hand(state)[k]} == {"E"}


# -- digest §9.3, T-16: a game of the series -----------------------------------------------------


def test_t16_targets_and_carried_food():
    assert [target(n) for n in range(1, 11)] == [50, 55, 59, 62, 64, 65, 66, 67, 68, 69]
    assert TARGETS[0] == 50
    assert [
        carried_food(54, 50),
        carried_food(61, 55),
        carried_food(59, 59),
        carried_food(60, 62),
    ] == [2, 3, 0, 0]


def test_a_series_game_lays_the_permanent_occupations_out_in_round_0():
    """§9.3 items 2, 4, 6, 8: Clay Deliveryman (E187) and Woodcutter (E176) are in play before
    round 1, as if played in round 0 (E187's clay goes on rounds 6-14); the hand holds 5
    occupations; 3 food carried over."""
    series = {
        "id": "s1",
        "number": 3,
        "carry": {"permanent": ["E187", "E176"], "food": 3, "target": 59},
    }
    state, events = solo(series=series)
    farm = state["farms"][0]
    assert farm["occupations"] == ["E187", "E176"] and farm["supply"]["food"] == 3
    assert len(hand(state)["occupations"]) == 5 and len(hand(state)["minors"]) == 7
    assert not set(hand(state)["occupations"]) & {"E187", "E176"}
    laid = [e for e in events if e.type == "OccupationPlayed"]
    assert all(e.data["permanent"] and e.data["cost"] == {} for e in laid)
    assert sorted(int(r) for r in farm["schedule"]) == list(range(6, 15))
    assert "game 3 of a solo series, target 59" in AGRICOLA.describe(events[0], ["Ann"])
    assert "permanent occupation Clay Deliveryman (E187)" in AGRICOLA.describe(laid[0], ["Ann"])


def test_with_seven_permanent_occupations_the_hand_holds_none():
    seven = ["E171", "E176", "E187", "E190", "E191", "E199", "E218"]
    state, _ = solo(
        series={"id": "s", "number": 8, "carry": {"permanent": seven, "food": 0, "target": 67}}
    )
    assert hand(state)["occupations"] == [] and len(hand(state)["minors"]) == 7


@pytest.mark.parametrize(
    "carry", [{"permanent": ["E147"]}, {"permanent": ["E16"]}, {"permanent": ["E171"] * 2}]
)
def test_a_series_carry_that_breaks_the_rules_is_refused(carry):
    with pytest.raises(BadGameConfig):
        solo(series={"id": "s", "number": 2, "carry": carry})


def test_a_series_game_is_a_solo_full_game():
    config = GameConfig("family", ("Ann",), {}, series={"id": "s", "number": 1, "carry": {}})
    with pytest.raises(BadGameConfig):
        AGRICOLA.setup(config, Rng(1))
