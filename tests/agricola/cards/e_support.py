"""Helpers of the E-deck card tests (moved from test_full_game.py and the
test_cards_e_more/_last/_final files, issue 23)."""

# names imported here are re-exported to the card test modules (test_e_*.py)
# ruff: noqa: F401
from __future__ import annotations

import json
import random

import pytest
from hypothesis import strategies as st

from domain.agricola import AGRICOLA
from domain.agricola.builder import Builder
from domain.agricola.cards import decks, engine
from domain.agricola.cards.card_sets import LATEST
from domain.agricola.cards.catalogue import CARDS
from domain.agricola.extension import for_card_set
from domain.agricola.flow import start_breeding
from domain.agricola.scoring import score_sheet
from domain.agricola.state import housing
from domain.common.errors import RuleViolation
from domain.common.housing import can_house
from domain.common.rng import Rng
from domain.common.title import GameConfig

from ..support import build_farm, check_invariants, fold, give, give_animals, reveal, turn
from .helpers import NAMES, full, hand, holding, in_hand, play

#: Every card of the newest card set, by id.
ALL_CARDS = for_card_set(LATEST).effects


def _lessons(state, seat, card, space="lessons"):
    turn(state, seat)
    in_hand(state, seat, card)
    state, _ = play(state, seat, {"type": "place", "space": space})
    return play(state, seat, {"type": "play_occupation", "card": card})


def _minor(state, seat, card, **extra):
    turn(state, seat)
    in_hand(state, seat, card)
    reveal(state, "major_minor")
    state, _ = play(state, seat, {"type": "place", "space": "major_minor"})
    return play(state, seat, {"type": "play_minor", "card": card, **extra})


def _points(state, seat=0):
    return {c["key"]: c["points"] for c in score_sheet(state)["seats"][seat]["categories"]}


def _universe(state: dict) -> list[dict]:
    from ..test_properties import move_universe

    out = move_universe(state)
    ids = sorted(ALL_CARDS)[:40] + ["E999", "I70"]
    out += [{"type": "play_occupation", "card": c} for c in ids]
    out += [{"type": "play_minor", "card": c} for c in ids]
    out += [{"type": "play_minor", "card": c, "pay": 1, "choice": 1} for c in ("E16", "E42")]
    out += [
        {"type": "card_convert", "card": c, "option": o}
        for c in ("E17", "E171", "E154")
        for o in (0, 3)
    ]
    out += [
        {"type": "place", "space": s}
        for s in ("lessons", "lessons_3", "major_minor", "starting_player_minor")
    ]
    out += [
        {"type": "place", "space": "occupation_or_growth", "option": o}
        for o in ("occupation", "growth")
    ]
    return out


def _full_positions() -> list[dict]:
    state, rng, _ = full(3, 8)
    out = [json.loads(json.dumps(state))]
    pick = random.Random(8)
    for _ in range(300):
        if AGRICOLA.status(state).finished:
            break
        seat = pick.choice(AGRICOLA.status(state).to_act)
        state = fold(
            AGRICOLA.decide(state, seat, pick.choice(AGRICOLA.legal_moves(state, seat)), rng), state
        )
        pending = [p for p in state["pending"] if p]
        if (
            pending
            and pending[0]["kind"] in ("occupation", "minor", "major_minor")
            and len(out) < 4
        ):
            out.append(json.loads(json.dumps(state)))
    return out


FULL_POSITIONS = _full_positions()


card_moves = st.builds(
    lambda t, fields: {"type": t, **fields},
    st.sampled_from(["play_occupation", "play_minor", "card_convert", "place"]),
    st.dictionaries(
        st.sampled_from(["card", "pay", "choice", "option", "space"]),
        st.none()
        | st.integers(-3, 300)
        | st.text(max_size=5)
        | st.sampled_from(sorted(CARDS)[:30] + ["lessons"]),
        max_size=3,
    ),
)


def _deal(dealing, n, seed=5):
    rng = Rng(seed)
    events = AGRICOLA.setup(GameConfig("full", NAMES[:n], {"dealing": dealing}), rng)
    return fold(events), rng, events


def _finish_deal(state, rng, pick):
    while state["phase"] == "deal":
        seat = pick.choice(AGRICOLA.status(state).to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        state = fold(AGRICOLA.decide(state, seat, pick.choice(legal), rng), state)
    return state


def _react(state, seat, *events):
    from domain.agricola.builder import Builder
    from domain.agricola.cards.hooks import after_move
    from domain.common.events import Event

    b = Builder(state)
    after_move(b, seat, [Event(t, d, s) for t, d, s in events])
    return b.state


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


def _line(state, seat, key):
    return next(
        c["points"] for c in score_sheet(state)["seats"][seat]["categories"] if c["key"] == key
    )


def _ploughed(state, seat, space="plough", field=2):
    turn(state, seat)
    reveal(state, space)
    placed, _ = play(state, seat, {"type": "place", "space": space})
    after, _ = play(placed, seat, {"type": "plough", "space": field})
    return after


def _sown_card_field(card, occupations):
    state, _, _ = full(2)
    holding(state, 0, *occupations)
    placed = _minor_action(state, 0, card, vegetable=1)
    after, _ = play(placed, 0, {"type": "play_minor", "card": card})
    assert after["farms"][0]["card_fields"] == [
        {"card": card, "crop": None, "count": 0, "allowed": ["vegetable"]}
    ]
    turn(after, 0)
    reveal(after, "sow_bake")
    sowing, _ = play(after, 0, {"type": "place", "space": "sow_bake"})
    move = {"type": "card_sow", "card": card, "crop": "vegetable"}
    assert move in AGRICOLA.legal_moves(sowing, 0)
    assert {"type": "card_sow", "card": card, "crop": "grain"} not in AGRICOLA.legal_moves(
        sowing, 0
    )
    sown, events = play(sowing, 0, move)
    assert "sows vegetable on" in AGRICOLA.describe(events[0], ["Ann", "Bob"])
    return sown


def _rooms_action(state, seat, **goods):
    turn(state, seat)
    give(state, seat, **goods)
    placed, _ = play(state, seat, {"type": "place", "space": "rooms_stables"})
    return placed


def _feeding(state, seat):
    state["phase"] = "harvest_feeding"
    state["pending"][seat] = {"kind": "feed"}
    return state


def _of_type(state, kind, seat=0):
    """The listed moves of one type."""
    return [m for m in AGRICOLA.legal_moves(state, seat) if m["type"] == kind]


def _bonus_with(card, state, seat=0):
    before = _points(state, seat)["bonus_points"]
    holding(state, seat, card)
    return _points(state, seat)["bonus_points"] - before


def _owns(state, seat, *majors):
    for major in majors:
        state["majors"][major] = seat
        state["farms"][seat]["majors"].append(major)


def _start_round(state, round_no):
    from domain.agricola.cards.hooks import round_start

    state["round"] = round_no
    b = Builder(state)
    round_start(b, round_no)
    return b.state, b.events


def json_copy(value):
    import json

    return json.loads(json.dumps(value))


def _fencing(wood, *cards):
    state, _, _ = full(2)
    holding(state, 0, *cards)
    turn(state, 0)
    give(state, 0, wood=wood)
    reveal(state, "fences")
    return state


def _farm_with(*cards, pastures=(), stables=()):
    state, _, _ = full(2)
    holding(state, 0, *cards)
    build_farm(state, 0, pastures=[list(p) for p in pastures], stables=list(stables))
    return state["farms"][0]


def _on(space, state, seat=0, **goods):
    turn(state, seat)
    give(state, seat, **goods)
    reveal(state, space)
    placed, _ = play(state, seat, {"type": "place", "space": space})
    return placed


def _forester_board():
    """4 players; Ann has played the Master Forester through Lessons."""
    from .e_support import in_hand

    state, _, _ = full(4)
    in_hand(state, 0, "E164")
    turn(state, 0)
    give(state, 0, food=2)
    placed, _ = play(state, 0, {"type": "place", "space": "lessons_4"})
    played, events = play(placed, 0, {"type": "play_occupation", "card": "E164"})
    return played, events


def _stock(state, space, **goods):
    for good, n in goods.items():
        state["spaces"][space]["goods"][good] = state["spaces"][space]["goods"].get(good, 0) + n
        state["bank"][good] -= n


def _chief_played(n=3):
    """Ann plays the Chief (E172) through Lessons; Bob holds the Chief's Daughter (E173)."""
    from .e_support import in_hand

    state, _, _ = full(n)
    in_hand(state, 0, "E172")
    in_hand(state, 1, "E173")
    turn(state, 0)
    give(state, 0, food=4)
    lessons = "lessons_3" if n == 3 else "lessons"
    reveal(state, lessons) if lessons not in state["spaces"] else None
    placed, _ = play(state, 0, {"type": "place", "space": lessons})
    played, events = play(placed, 0, {"type": "play_occupation", "card": "E172"})
    return played, events


# -- tables of cards that work the same way: each row is a test of its card's class


def check_on_play_goods(card, cost, goods):
    state, _, _ = full(2)
    give(state, 0, **cost)
    extra = {"pay": 0, "choice": 0} if card == "E42" else {}
    after, _ = _minor(state, 0, card, **extra)
    for good, n in goods.items():
        assert after["farms"][0]["supply"][good] == state["farms"][0]["supply"][good] + n


def check_cards_that_fill_future_round_spaces(card, goods, rounds):
    state, _, _ = full(2)
    effect = decks.find(card)
    assert sorted(effect["schedule"](1)) == rounds  # from round 1: nothing for round 1


def check_cards_that_add_to_an_action_space(card, space, extra):
    state, _, _ = full(2)
    holding(state, 0, card)
    turn(state, 0)
    reveal(state, space)
    if not any(state["spaces"][space]["goods"].values()) and space not in (
        "grain",
        "day_laborer_full",
        "vegetable",
    ):
        state["spaces"][space]["goods"] = {
            "stone"
            if "stone" in space
            else "food"
            if space in ("fishing", "traveling_players")
            else "clay"
            if space == "clay_pit"
            else "wood": 1
        }
        state["bank"][next(iter(state["spaces"][space]["goods"]))] -= 1
    before = dict(state["farms"][0]["supply"])
    taken = dict(state["spaces"][space]["goods"])
    after, events = play(state, 0, {"type": "place", "space": space})
    fixed = {
        "grain": {"grain": 1},
        "day_laborer_full": {"food": 2},
        "vegetable": {"vegetable": 1},
    }.get(space, taken)
    for good, n in extra.items():
        assert after["farms"][0]["supply"][good] == before[good] + fixed.get(good, 0) + n, (
            card,
            good,
        )


def check_cards_that_convert_goods_any_time(card, pay, gain):
    state, _, _ = full(2)
    holding(state, 0, card)
    turn(state, 0)
    give(state, 0, **{g: n + 1 for g, n in pay.items()})
    move = {"type": "card_convert", "card": card, "option": 0}
    assert move in AGRICOLA.legal_moves(state, 0)
    after, _ = play(state, 0, move)
    for good, n in gain.items():
        assert after["farms"][0]["supply"][good] == state["farms"][0]["supply"][good] + n


def check_cards_with_bonus_points(card, farm, bonus):
    state, _, _ = full(2)
    state["farms"][0].update(farm)
    before = _points(state)["bonus_points"]
    holding(state, 0, card)
    assert _points(state)["bonus_points"] == before + bonus


def check_harvest_conversions_once_per_harvest(card, pay, food):
    state, _, _ = full(2)
    holding(state, 0, card)
    give(state, 0, **{pay: 2})
    move = {"type": "card_convert", "card": card, "option": 0}
    turn(state, 0)
    assert move not in AGRICOLA.legal_moves(state, 0)  # only at the feeding
    state["phase"] = "harvest_feeding"
    state["pending"] = [{"kind": "feed", "need": 4}, None]
    assert move in AGRICOLA.legal_moves(state, 0)
    after, _ = play(state, 0, move)
    assert after["farms"][0]["supply"]["food"] == state["farms"][0]["supply"]["food"] + food
    assert move not in AGRICOLA.legal_moves(after, 0)
