"""Rounds: replenishment, placement order, return home, start player, empty spaces (digest §3,
D-22, D-28; T-15)."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.action_spaces import ACTION_SPACES
from domain.agricola.tables import HARVEST_ROUNDS
from domain.common.errors import RuleViolation

from .support import give, moves_of, play, setup, turn, types

SIMPLE = (
    "take",
    "receive",
    "starting_player",
    "day_laborer",
    "building_resource",
    "building_resources",
    "reed_stone_wood",
)


def play_round_avoiding(state, rng, avoid):
    """Everyone places on safe spaces (never those in ``avoid``) until the next round starts."""
    start = state["round"]
    while state["round"] == start and not AGRICOLA.status(state).finished:
        seat = AGRICOLA.status(state).to_act[0]
        legal = [
            m
            for m in moves_of(state, seat)
            if m["type"] == "place"
            and m["space"] not in avoid
            and ACTION_SPACES[m["space"]]["kind"] in SIMPLE
        ]
        if not legal:
            legal = [m for m in moves_of(state, seat) if m["type"] in ("feed", "keep_newborns")]
        state, _ = play(state, seat, legal[0], rng)
        for s in range(len(state["farms"])):
            if state["farms"][s]["supply"]["food"] < 10:
                give(state, s, food=10)
    return state


@pytest.mark.parametrize("n,per_round", [(3, 3), (1, 2)])
def test_t15_forest_accumulates(n, per_round):
    """T-15 (§3.2 phase 2, §3.3, §9.2): an untaken Forest holds 3, 6, 9 wood in rounds 1-3
    (solo: 2, 4, 6); Fishing untaken 2 rounds holds 2 food."""
    state, rng, _ = setup(n, seed=4, start_player=0)
    seen, fishing = [], []
    for _ in range(3):
        seen.append(state["spaces"]["forest"]["goods"]["wood"])
        fishing.append(state["spaces"]["fishing"]["goods"]["food"])
        state = play_round_avoiding(state, rng, {"forest", "fishing"})
    assert seen == [per_round, 2 * per_round, 3 * per_round]
    assert fishing[:2] == [1, 2]


def test_t15_room_or_traveling_players_food_stays_when_a_room_is_built():
    """T-15 case 4 (§4.4): building a room there in round 2 leaves the 2 food; round 3 has 3."""
    state, rng, _ = setup(5, seed=4, start_player=0)
    state = play_round_avoiding(state, rng, {"room_or_traveling_players"})
    seat = AGRICOLA.status(state).to_act[0]
    give(state, seat, wood=5, reed=2)
    assert state["spaces"]["room_or_traveling_players"]["goods"] == {"food": 2}
    state, _ = play(
        state, seat, {"type": "place", "space": "room_or_traveling_players", "option": "room"}, rng
    )
    state, _ = play(state, seat, {"type": "build_room", "space": 0}, rng)
    state = play_round_avoiding(state, rng, {"room_or_traveling_players"})
    assert state["spaces"]["room_or_traveling_players"]["goods"] == {"food": 3}


def test_fourteen_rounds_harvests_and_a_new_card_each_round():
    """§3.1: 14 rounds in 6 stages, harvests after rounds 4, 7, 9, 11, 13, 14."""
    state, rng, _ = setup(2, seed=9, start_player=0)
    harvests = []
    while not AGRICOLA.status(state).finished:
        before = state["round"]
        seat = AGRICOLA.status(state).to_act[0]
        legal = [m for m in moves_of(state, seat) if m["type"] != "convert"]
        state, events = play(state, seat, legal[0], rng)
        if "HarvestStarted" in types(events):
            harvests.append(before)
        for s in range(2):
            give(state, s, food=4)
    assert harvests == list(HARVEST_ROUNDS)
    assert len(state["round_cards"]) == 14 and len(set(state["round_cards"])) == 14
    assert state["phase"] == "finished" and state["final"]["winners"]


def test_placement_is_clockwise_and_one_person_per_space():
    """§3.2 phase 3: clockwise from the start player; an occupied space is blocked."""
    state, rng, _ = setup(3, seed=2, start_player=1)
    state, events = play(state, 1, {"type": "place", "space": "grain"}, rng)
    assert events[-1].type == "TurnPassed" and events[-1].data == {"to": 2}
    with pytest.raises(RuleViolation) as err:
        play(state, 2, {"type": "place", "space": "grain"}, rng)
    assert err.value.code == "action_space_occupied"
    assert err.value.message == "Take 1 Grain is already occupied by Bob."
    state, events = play(state, 2, {"type": "place", "space": "fishing"}, rng)
    assert events[-1].data == {"to": 0}


def test_d28_taking_the_start_player_changes_the_next_round_only():
    """§3.2 phase 3 item 9 (D-28): the order this round goes on clockwise; the new start player
    leads next round; the Storehouse food is taken with the marker."""
    state, rng, _ = setup(3, seed=2, start_player=0)
    state, events = play(state, 0, {"type": "place", "space": "grain"}, rng)
    state, events = play(
        state, 1, {"type": "place", "space": "day_laborer", "resource": "wood"}, rng
    )
    state, events = play(state, 2, {"type": "place", "space": "starting_player"}, rng)
    assert types(events) == ["PersonPlaced", "StartingPlayerTaken", "GoodsTaken", "TurnPassed"]
    assert events[2].data["goods"] == {"food": 1}
    assert events[-1].data == {"to": 0} and state["start_player"] == 2
    for seat in (0, 1, 2):
        assert state["turn"] == seat
        legal = [
            m
            for m in moves_of(state, seat)
            if m["type"] == "place" and ACTION_SPACES[m["space"]]["kind"] in SIMPLE
        ]
        state, events = play(state, seat, legal[0], rng)
    started = [e for e in events if e.type == "RoundStarted"][0]
    assert started.data["start_player"] == 2 and state["turn"] == 2


def test_d22_an_empty_accumulating_space_cannot_be_taken():
    """D-22 ([000] L898-900): an accumulating space may not be occupied while it is empty."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    state["bank"]["wood"] += state["spaces"]["forest"]["goods"].pop("wood")
    assert {"type": "place", "space": "forest"} not in moves_of(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "forest"})
    assert err.value.code == "action_space_empty" and "Forest" in err.value.message


def test_people_with_no_legal_space_stay_home():
    """§3.2 phase 3, §4.1: a seat whose people can use no free space keeps them at home this
    round (see docs/rules/agricola.md); play goes on with the others."""
    state, rng, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    state["farms"][1]["home"] = 2
    for space_id, space in state["spaces"].items():
        if space_id not in ("grain", "plough"):
            space["occupant"] = 0
    state["farms"][1]["fields"] = [
        {"space": s, "crop": None, "count": 0} for s in range(15) if s not in (5, 10)
    ]
    state, events = play(state, 0, {"type": "place", "space": "grain"}, rng)
    idle = [e for e in events if e.type == "PeopleIdle"]
    assert idle and idle[0].seat == 1 and idle[0].data == {"count": 2}
    assert (
        AGRICOLA.describe(idle[0], ["Ann", "Bob"])
        == "Bob has no action space left to use: 2 people stay home this round."
    )


def test_return_home_frees_every_space():
    """§3.2 phase 4: everyone goes home; the spaces are free in the next round."""
    state, rng, _ = setup(1, seed=1, start_player=0)
    state, _ = play(state, 0, {"type": "place", "space": "grain"}, rng)
    state, events = play(
        state, 0, {"type": "place", "space": "day_laborer", "resource": "clay"}, rng
    )
    assert types(events)[:4] == ["PersonPlaced", "GoodsReceived", "PeopleReturned", "RoundStarted"]
    assert all(s["occupant"] is None for s in state["spaces"].values())
    assert state["round"] == 2 and state["farms"][0]["home"] == 2


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_replenishment_amounts_of_every_accumulating_space(n):
    """§3.3 (D-34, D-35): what each accumulating space holds in round 1, by player count."""
    state, _, _ = setup(n, seed=2, start_player=0)
    expected = {
        "starting_player": {"food": 1},
        "forest": {"wood": 2 if n == 1 else 3},
        "clay_pit": {"clay": 1},
        "reed_bank": {"reed": 1},
        "fishing": {"food": 1},
    }
    expected.update(
        {
            3: {"wood_2": {"wood": 2}, "clay_1": {"clay": 1}},
            4: {
                "wood_2": {"wood": 2},
                "wood_1": {"wood": 1},
                "clay_2": {"clay": 2},
                "traveling_players": {"food": 1},
            },
            5: {
                "wood_4": {"wood": 4},
                "clay_3": {"clay": 3},
                "reed_stone_wood": {"reed": 1},
                "room_or_traveling_players": {"food": 1},
            },
        }.get(n, {})
    )
    card = state["round_cards"][0]
    if card == "sheep":
        expected["sheep"] = {"sheep": 1}
    held = {s: sp["goods"] for s, sp in state["spaces"].items() if sp["goods"]}
    assert held == expected


@pytest.mark.parametrize(
    "n,space,extra,goods",
    [
        (2, "grain", {}, {"grain": 1}),
        (2, "day_laborer", {"resource": "stone"}, {"food": 1, "stone": 1}),
        (3, "building_resource", {"resource": "reed"}, {"reed": 1}),
        (
            3,
            "building_resources",
            {"resource": "wood", "resource2": "clay"},
            {"wood": 1, "clay": 1},
        ),
        (4, "building_resources", {"resource": "stone", "resource2": "stone"}, {"stone": 2}),
        (4, "reed_stone_food", {}, {"reed": 1, "stone": 1, "food": 1}),
        (5, "reed_stone_wood", {}, {"reed": 1, "stone": 1, "wood": 1}),
        (
            5,
            "resources_or_growth",
            {"option": "resources", "resource": "clay", "resource2": "reed"},
            {"clay": 1, "reed": 1},
        ),
    ],
)
def test_fixed_goods_of_action_spaces(n, space, extra, goods):
    """§4.2-§4.4 (D-07, D-21): what each space without choices of placement gives."""
    state, rng, _ = setup(n, seed=2, start_player=0)
    before = dict(state["farms"][0]["supply"])
    state, events = play(state, 0, {"type": "place", "space": space, **extra}, rng)
    after = state["farms"][0]["supply"]
    assert {g: after[g] - before[g] for g in after if after[g] != before[g]} == goods
