"""The Agricola full game (issue 10, in progress): hands, occupation costs (T-11), playing
cards, and every implemented E-deck card, each test naming the card's catalogue number."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.agricola import AGRICOLA
from domain.agricola.cards import decks
from domain.agricola.cards.catalogue import CARDS
from domain.common.errors import BadGameConfig, RuleViolation
from domain.common.rng import Rng
from domain.common.title import GameConfig

from .cards.e_support import (
    ALL_CARDS,
    FULL_POSITIONS,
    _deal,
    _finish_deal,
    _lessons,
    _universe,
    card_moves,
)
from .cards.helpers import NAMES, full, hand, holding, in_hand, play
from .support import check_invariants, fold, give, give_animals, reveal, turn


def test_each_seat_is_dealt_seven_and_seven_and_sees_only_its_own():
    state, _, events = full(3, 4)
    dealt = list(state["hands"]["_private"].values())
    assert all(len(h["occupations"]) == 7 and len(h["minors"]) == 7 for h in dealt)
    every = [c for h in dealt for c in h["occupations"] + h["minors"]]
    assert len(every) == len(set(every)) == 42
    assert all(decks.supported(c) and CARDS[c]["deck"] == "E" for c in every)
    assert all(CARDS[c]["players"] <= 3 for h in dealt for c in h["occupations"])
    assert AGRICOLA.view(state, None)["hands"] == {}
    assert set(AGRICOLA.view(state, 1)["hands"]["_private"]) == {"1"}
    dealt_event = next(e for e in events if e.type == "CardsDealt")
    assert set(AGRICOLA.redact_event(dealt_event, 2, False)["_private"]) == {"2"}


def test_the_full_board_and_green_cards():
    state, _, _ = full(3)
    assert "lessons" in state["spaces"] and "day_laborer_full" in state["spaces"]
    assert "lessons_3" in state["spaces"] and "stable_bake" not in state["spaces"]


def test_decks_too_small_for_the_player_count_are_refused_with_a_sentence():
    with pytest.raises(BadGameConfig) as err:
        AGRICOLA.setup(
            GameConfig("full", ("A", "B"), {"decks": "E", "dealing": "10-3", "card_set": 1}), Rng(1)
        )
    assert "implemented" in err.value.message


def test_t11_the_printed_space_costs_0_then_1():
    state, _, _ = full(2)
    give(state, 0, food=5)
    food = state["farms"][0]["supply"]["food"]
    state, _ = _lessons(state, 0, "E176")
    assert state["farms"][0]["supply"]["food"] == food
    state, _ = _lessons(state, 0, "E187")
    assert state["farms"][0]["supply"]["food"] == food - 1
    assert state["farms"][0]["occupations"] == ["E176", "E187"]


def test_t11_the_three_player_card_costs_2_and_the_chief_2_more():
    state, _, _ = full(3)
    give(state, 0, food=6)
    food = state["farms"][0]["supply"]["food"]
    state, _ = _lessons(state, 0, "E172", "lessons_3")
    assert state["farms"][0]["supply"]["food"] == food - 2 - 2


def test_a_card_not_in_hand_is_refused_naming_it():
    state, _, _ = full(2)
    turn(state, 0)
    in_hand(state, 1, "E188")
    state, _ = play(state, 0, {"type": "place", "space": "lessons"})
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "play_occupation", "card": "E188"})
    assert err.value.message == "You cannot play Clay Mixer: it is not in Ann's hand."


def test_prerequisites_and_costs_are_checked():
    state, _, _ = full(2)
    turn(state, 0)
    in_hand(state, 0, "E24")  # Animal Pen: 4 occupations, 2 wood
    give(state, 0, wood=2)
    in_hand(state, 0, "E12")
    reveal(state, "major_minor")
    placed, _ = play(state, 0, {"type": "place", "space": "major_minor"})
    with pytest.raises(RuleViolation) as err:
        play(placed, 0, {"type": "play_minor", "card": "E24"})
    assert err.value.code == "card_prerequisite_unmet" and "Animal Pen" in err.value.message


def test_schedules_are_collected_at_round_start():
    state, _, _ = full(2)
    holding(state, 0, "E45")
    from domain.agricola.builder import Builder
    from domain.agricola.cards.play import on_play

    b = Builder(state)
    on_play(b, 0, "E45", {})
    from domain.agricola.flow import start_round

    start_round(b, Rng(1), 2)
    assert b.state["farms"][0]["supply"]["wood"] == state["farms"][0]["supply"]["wood"] + 1
    check_invariants(b.state)


def test_every_implemented_card_has_a_test_here():
    """Every card has its test class in its deck's file (tests/agricola/cards/test_e_*.py,
    ``TestE041Millstone``), or is tested by name in another card's class (a test of two cards
    together) or in a row of one of this file's tables of cards."""
    import pathlib

    from domain.agricola.cards.catalogue import CARDS

    cards = pathlib.Path(__file__).parent / "cards"
    decks = "".join(p.read_text() for p in sorted(cards.glob("test_*.py")))
    tables = pathlib.Path(__file__).read_text()
    untested = [
        c
        for c in ALL_CARDS
        if f"class Test{CARDS[c]['deck']}{CARDS[c]['number']:03d}" not in decks
        and f'"{c}"' not in tables + decks
    ]
    assert not untested, untested


@pytest.mark.slow
@pytest.mark.parametrize("n,seed", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (2, 7)])
def test_random_full_games_keep_the_invariants(n, seed):
    state, rng, _ = full(n, seed)
    pick = random.Random(seed)
    while not AGRICOLA.status(state).finished:
        seat = pick.choice(AGRICOLA.status(state).to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        assert legal
        move = pick.choice(legal)
        for event in AGRICOLA.decide(state, seat, move, rng):
            state = AGRICOLA.evolve(state, event)
            check_invariants(state)
            cards = [c for f in state["farms"] for c in f["cards"]] + [
                c
                for h in state["hands"]["_private"].values()
                for c in h["occupations"] + h["minors"]
            ]
            assert len(cards) == len(set(cards)), "a card in two places"
    sheet = AGRICOLA.score_sheet(state)
    assert [s["total"] for s in sheet["seats"]] == state["final"]["scores"]


@pytest.mark.slow
@pytest.mark.parametrize("n,seed", [(2, 5), (3, 6), (4, 2)])
def test_listed_moves_are_exactly_the_accepted_ones_in_the_full_game(n, seed):
    from domain.common.errors import DomainError

    state, rng, _ = full(n, seed)
    pick = random.Random(seed)
    checked = 0
    for step in range(400):
        status = AGRICOLA.status(state)
        if status.finished:
            break
        if step % 17 == 0:
            for asked in status.to_act:
                legal = AGRICOLA.legal_moves(state, asked)
                before = json.dumps(state, sort_keys=True)
                for candidate in _universe(state) + legal:
                    try:
                        AGRICOLA.decide(state, asked, candidate, rng)
                    except DomainError:
                        assert candidate not in legal, candidate
                        continue
                    finally:
                        assert json.dumps(state, sort_keys=True) == before, candidate
                    assert candidate in legal, candidate
                    checked += 1
        seat = pick.choice(status.to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        cards = [m for m in legal if m["type"].startswith(("play_", "card_"))]
        move = pick.choice(cards if cards and pick.random() < 0.7 else legal)
        state = fold(AGRICOLA.decide(state, seat, move, rng), state)
    assert checked > 50


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(move=card_moves, seat=st.integers(-1, 3), when=st.integers(0, 3))
def test_random_json_gives_only_domain_errors_in_the_full_game(move, seat, when):
    from domain.common.errors import DomainError

    state = FULL_POSITIONS[when % len(FULL_POSITIONS)]
    before = json.dumps(state, sort_keys=True)
    try:
        AGRICOLA.decide(state, seat, move, Rng(3))
    except DomainError:
        pass
    assert json.dumps(state, sort_keys=True) == before


def test_ten_three_deals_ten_and_asks_for_three_discards_of_each():
    state, rng, _ = _deal("10-3", 1)
    hand0 = hand(state, 0)
    assert len(hand0["occupations"]) == 10 and state["phase"] == "deal"
    moves = AGRICOLA.legal_moves(state, 0)
    assert {m["type"] for m in moves} == {"discard"} and len(moves) == 20
    state = _finish_deal(state, rng, random.Random(1))
    hand0 = hand(state, 0)
    assert (len(hand0["occupations"]), len(hand0["minors"]), len(hand0["discarded"])) == (7, 7, 6)
    assert state["round"] == 1 and state["phase"] == "work"


def test_redeal_gives_one_card_fewer_each_time():
    state, rng, _ = _deal("redeal", 2)
    before = list(hand(state, 0)["minors"])
    state = fold(AGRICOLA.decide(state, 0, {"type": "redeal", "deck": "minors"}, rng), state)
    after = hand(state, 0)["minors"]
    assert len(after) == 6 and not set(after) & set(before)
    assert {"type": "keep"} in AGRICOLA.legal_moves(state, 0)
    state = fold(AGRICOLA.decide(state, 0, {"type": "keep"}, rng), state)
    state = fold(AGRICOLA.decide(state, 1, {"type": "keep"}, rng), state)
    assert state["phase"] == "work"


def test_the_draft_keeps_one_and_passes_the_rest_left():
    state, rng, _ = _deal("draft", 3)
    packets = [hand(state, s)["packets"]["occupations"] for s in range(3)]
    picks = {s: packets[s][0] for s in range(3)}
    for seat in range(3):
        state = fold(
            AGRICOLA.decide(state, seat, {"type": "draft_pick", "card": picks[seat]}, rng), state
        )
    assert hand(state, 1)["packets"]["occupations"] == [c for c in packets[0] if c != picks[0]]
    assert hand(state, 0)["occupations"] == [picks[0]]
    state = _finish_deal(state, rng, random.Random(2))
    every = [c for s in range(3) for c in hand(state, s)["occupations"] + hand(state, s)["minors"]]
    assert len(every) == len(set(every)) == 42


def test_deal_choices_are_private():
    state, rng, events = _deal("draft", 2)
    picked = AGRICOLA.decide(
        state, 0, {"type": "draft_pick", "card": hand(state, 0)["packets"]["occupations"][0]}, rng
    )
    for event in events + picked:
        seen = AGRICOLA.redact_event(event, 1, False)
        assert "0" not in seen.get("_private", {}), event.type
    assert "packets" not in json.dumps(AGRICOLA.view(state, None))


def test_fork_view_redeals_what_the_seat_cannot_see():
    state, rng, _ = full(3, 9)
    view = AGRICOLA.fork_view(state, 1, Rng(77))
    assert hand(view, 1) == hand(state, 1)
    for seat in (0, 2):
        assert len(hand(view, seat)["occupations"]) == 7 and len(hand(view, seat)["minors"]) == 7
    every = [c for h in view["hands"]["_private"].values() for c in h["occupations"] + h["minors"]]
    assert len(every) == len(set(every))
    assert hand(view, 0) != hand(state, 0) or hand(view, 2) != hand(state, 2)
    family, _, _ = (fold(AGRICOLA.setup(GameConfig("family", ("A", "B"), {}), Rng(1))), 0, 0)
    assert AGRICOLA.fork_view(family, 0, Rng(1)) is None


def test_the_three_for_one_exchange():
    rng = Rng(3)
    state = fold(
        AGRICOLA.setup(GameConfig("full", NAMES[:2], {"exchange": True, "start_player": 0}), rng)
    )
    held = hand(state, 0)["occupations"][:2] + hand(state, 0)["minors"][:1]
    for card in held:
        state = fold(AGRICOLA.decide(state, 0, {"type": "exchange_mark", "card": card}, rng), state)
    assert not [
        m
        for m in AGRICOLA.legal_moves(state, 0)
        if m.get("card") == held[0] and m["type"] == "play_occupation"
    ]
    draws = [m for m in AGRICOLA.legal_moves(state, 0) if m["type"] == "exchange_draw"]
    assert draws == [
        {"type": "exchange_draw", "deck": "occupations"},
        {"type": "exchange_draw", "deck": "minors"},
    ]
    events = AGRICOLA.decide(state, 0, draws[1], rng)
    state = fold(events, state)
    mine = hand(state, 0)
    assert len(mine["occupations"]) == 5 and len(mine["minors"]) == 7
    assert set(held) <= set(mine["discarded"]) and not mine.get("marked")
    for event in events:
        assert "0" not in AGRICOLA.redact_event(event, 1, False).get("_private", {})
    plain, _, _ = full(2)
    assert not [m for m in AGRICOLA.legal_moves(plain, 0) if m["type"].startswith("exchange")]


def test_no_release_or_conversion_can_strand_a_card_action():
    """A seat that placed a person to play Cattle Market (cost 1 sheep) may not release that
    sheep before playing it (found by the hidden-hands property: the seat was left with no
    legal move)."""
    state, _, _ = full(2)
    turn(state, 0)
    in_hand(state, 0, "E60")
    give_animals(state, 0, sheep=1)
    reveal(state, "major_minor")
    state, _ = play(state, 0, {"type": "place", "space": "major_minor"})
    legal = AGRICOLA.legal_moves(state, 0)
    assert {"type": "release", "animal": "sheep"} not in legal
    assert {"type": "play_minor", "card": "E60"} in legal


@pytest.mark.slow
@pytest.mark.parametrize(
    "n,seed,options",
    [
        (2, 11, {"dealing": "redeal", "exchange": True}),
        (3, 12, {"dealing": "draft"}),
        (1, 13, {"dealing": "10-3"}),
        (4, 14, {}),
    ],
)
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


def test_every_listed_card_move_has_a_label_in_game_words():
    """The web page's buttons: no card move is shown by its type name."""
    from domain.agricola import labels
    from domain.agricola.cards.labels import LABELS
    from domain.agricola.extension import of
    from domain.agricola.moves import HANDLERS

    assert set(HANDLERS) - {"place"} <= set(labels.LABELS)
    state, _, _ = full(2)
    assert set(of(state).handlers) <= set(of(state).labels) == set(LABELS)
    for kind in LABELS:
        assert (
            labels.move_label(
                state,
                {
                    "type": kind,
                    "card": "E12",
                    "space": 3,
                    "crop": "grain",
                    "grain": 1,
                    "improvement": "clay_oven",
                    "major": "pottery",
                    "deck": "occupations",
                    "option": 0,
                },
            )
            != kind
        )
