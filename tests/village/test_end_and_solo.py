"""The end of the game (digest §6.1, T-45 to T-49) and Clara (§7.1, T-50 to T-54)."""

from __future__ import annotations

from domain.village import VILLAGE

from .support import check_invariants, cubes, facts, give, place, play, setup, turn, types
from .test_examples_more import empty_board, lay


def _one_grave_left(state: dict, category: str = "farmers") -> dict:
    """Every slot of ``category`` and every grave but the last taken (covered)."""
    for slot in state["chronicle"]:
        if slot["category"] == category:
            slot["by"] = slot["by"] or "cover"
    free = [g for g in state["graves"] if g["by"] is None]
    for g in free[:-1]:
        g["by"] = "cover"
    return state


def _dies_this_turn(state: dict, seat: int, space: str = "harvest") -> dict:
    """``seat`` takes a plague cube with 8 time spent, and his farmer dies."""
    give(state, seat, time=8)
    for i in range(1, 4):
        place(state, seat, i, "bag")
    cubes(state, **{space: ["plague"] + state["spaces"][space]})
    turn(state, seat)
    s, _ = play(state, seat, {"type": "take", "space": space, "colour": "plague"})
    s, events = play(s, seat, {"type": "skip"})
    return s, events


def test_t45_the_last_grave_ends_the_game_after_one_action_each():
    """T-45 (L701-709): B fills the last grave; C, D, A act once each; the last mass; done."""
    state, _ = setup(4)
    _one_grave_left(state)
    s, events = _dies_this_turn(state, 1)
    assert "GameEndTriggered" in types(events) and s["end"]["by"] == 1
    order = []
    while s["phase"] == "turns":
        seat = VILLAGE.status(s).to_act[0]
        if s["step"] is None and s["market_day"] is None and s["dying"] is None:
            order.append(seat)
        move = VILLAGE.legal_moves(s, seat)
        move = next((m for m in move if m["type"] in ("skip", "pass")), move[0])
        s, _ = play(s, seat, move)
    assert order == [2, 3, 0]
    while s["phase"] != "finished":
        seat = VILLAGE.status(s).to_act[0]
        s, _ = play(s, seat, {"type": "done"})
    assert s["final"]["scores"] == [r["total"] for r in VILLAGE.score_sheet(s)["seats"]]
    check_invariants(s)


def test_t46_an_empty_board_gives_free_actions():
    """T-46 (L711): the last cube goes during the final actions; the others act for free."""
    state, _ = setup(4)
    empty_board(state, family=["pink"])
    _one_grave_left(state)
    s, _ = _dies_this_turn(state, 1)
    s, _ = play(s, 2, {"type": "take", "space": "family", "colour": "pink"})
    s, _ = play(s, 2, {"type": "skip"})
    assert s["turn"] == 3 and s["step"] == {"kind": "space", "seat": 3, "free": True}
    assert {"type": "action", "space": "church"} in VILLAGE.legal_moves(s, 3)
    s, _ = play(s, 3, {"type": "action", "space": "family"})
    s, _ = play(s, 3, {"type": "birth"})
    assert s["turn"] == 0 and s["step"]["free"] is True


def _market_end(trigger: int):
    state, _ = setup(4)
    _one_grave_left(state)
    lay(state, ["frag-1", "frag-2", "c05", "c06", "c07"])
    for seat in range(4):
        give(state, seat, scroll=1, wagon=1, green=1)
        for i in range(1, 4):
            place(state, seat, i, "bag")
    give(state, trigger, time=9)
    cubes(state, market=["green"], harvest=["brown", "brown", "brown", "brown"])
    turn(state, 0)
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    return s


def test_t47_the_market_starter_ends_the_game_in_his_own_market_day():
    """T-47 (L717-719): A's second sale costs time, A's member fills the last grave; B, C, D
    act once each."""
    s = _market_end(0)
    s, _ = play(s, 0, {"type": "serve", "slot": 2})
    for seat in (1, 2, 3):
        s, _ = play(s, seat, {"type": "pass"})
    s, events = play(s, 0, {"type": "serve", "slot": 3, "coins": 0})
    assert "GameEndTriggered" in types(events)
    assert s["market_day"] is None and s["end"]["queue"] == [1, 2, 3] and s["turn"] == 1


def test_t48_another_player_ends_the_game_in_a_market_day():
    """T-48 (L721, G-27): B pays 1 time and fills the last grave; all four act, from B."""
    s = _market_end(1)
    s, _ = play(s, 0, {"type": "serve", "slot": 2})
    s, events = play(s, 1, {"type": "serve", "slot": 3, "coins": 0})
    assert "GameEndTriggered" in types(events)
    assert s["market_day"] is None  # nobody else could sell: all passed by themselves
    assert s["end"]["queue"] == [1, 2, 3, 0] and s["turn"] == 1


def test_t49_no_room_at_all_removes_the_dead():
    """T-49 (L715)."""
    state, _ = setup(4)
    _one_grave_left(state)
    s, _ = _dies_this_turn(state, 1)
    for g in s["graves"]:
        g["by"] = g["by"] or "cover"
    s2, events = _dies_this_turn(s, 2, space="family")
    died = [e.data for e in events if e.type == "MemberDied"][0]
    assert died["to"] == "removed"


# -- Clara ---------------------------------------------------------------------------------


def _solo(**spaces) -> dict:
    state, _ = setup(1)
    empty_board(state, **spaces)
    turn(state, 0)
    return state


def test_t50_clara_follows_your_colour_on_your_space():
    """T-50 (L848, L869): the first cube of the game on the division by the council."""
    state = _solo(crafts=["pink", "pink"], church=["brown"])
    s, _ = play(state, 0, {"type": "take", "space": "crafts", "colour": "pink"})
    s, events = play(s, 0, {"type": "skip"})
    cube = facts(events, "ClaraCube")[0]
    assert cube == {"space": "crafts", "colour": "pink", "division": 0}
    assert s["clara"]["track"] == ["pink"]
    check_invariants(s)


def test_t51_clara_fallback_you_choose_and_a_quill_kills():
    """T-51 (L879-891): no green left, Market and Travel empty: you choose from the Council;
    the cube passes a fate token that is the quill; she loses a "1" to the Councillors."""
    state = _solo(market=["green"], council=["brown", "plague"], church=["pink"])
    state["clara"]["at"] = 1  # her next division passes top cell 1
    state["clara"]["fate"]["top"] = {"revealed": [3, 5], "quills": 0, "cycle": 0}
    lay(state, ["c05", "c06", "c07"])
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    assert s["market_day"] is None  # nothing to sell: she passed by herself
    assert s["step"] == {"kind": "clara", "seat": 0, "space": "council"}
    assert VILLAGE.legal_moves(s, 0) == [
        {"type": "clara_cube", "colour": "brown"},
        {"type": "clara_cube", "colour": "plague"},
    ]
    s, events = play(s, 0, {"type": "clara_cube", "colour": "plague"})
    fate = facts(events, "Fate")
    assert fate[0] == {"set": "top", "cell": 1, "quill": True}
    died = [e.data for e in events if e.type == "MemberDied"][0]
    assert died["figure"] == "c.0" and died["category"] == "councillors"
    assert fate[1] == {"set": "top", "reshuffled": True}
    check_invariants(s)


def test_t52_clara_takes_the_next_customer_in_your_market_day():
    """T-52 (L879-881, L903-906): you serve the first; she takes the second, for free."""
    state = _solo(market=["green"], council=["brown"], church=["pink"])
    lay(state, ["frag-1", "c05", "c06"])
    give(state, 0, horse=1, plough=1)
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    s, _ = play(s, 0, {"type": "serve", "slot": 0})
    assert s["clara"]["customers"] == ["c05"] and s["seats"][0]["customers"] == ["frag-1"]


def test_t53_clara_walks_up_the_church_in_the_mass():
    """T-53 (L921-927): her drawn members stop on the first step without one of hers."""
    from domain.village.clara import walk

    state, _ = setup(1)
    state["church"]["1"] = ["c.7"]
    assert walk(state, "c.9") == 2
    state["church"]["2"] = ["c.9"]
    state["church"]["3"] = ["c.8"]
    state["church"]["4"] = ["c.10"]
    assert walk(state, "c.4") is None  # G-35: back into the bag


def test_t54_clara_keeps_her_last_cube_at_a_new_round():
    """T-54 (L933)."""
    state = _solo(harvest=["brown", "pink"])
    state["clara"]["track"] = ["green", "orange"]
    state["supply"]["green"] -= 1
    state["supply"]["orange"] -= 1
    s, _ = play(state, 0, {"type": "take", "space": "harvest", "colour": "brown"})
    s, events = play(s, 0, {"type": "skip"})
    assert "ClaraCleared" in types(events) and s["round"] == 2
    assert s["clara"]["track"] == ["pink"]
    check_invariants(s)


def test_clara_moves_a_reserve_member_into_the_black_bag_from_the_church():
    """L908-911: her lowest-numbered member at the church goes into the bag, free."""
    state = _solo(church=["brown", "brown"], harvest=["pink"])
    s, _ = play(state, 0, {"type": "take", "space": "church", "colour": "brown"})
    s, _ = play(s, 0, {"type": "skip"})
    assert [f for f in s["black_bag"] if f.startswith("c.")] == ["c.7"]
    assert s["clara"]["members"][7] == {"gen": 3, "at": "bag"}


def test_t55_the_solo_ring_token_is_a_coin_until_the_new_round():
    """T-55 (L844, G-33): taking the ring gives a coin; unspent, it goes back at the new round;
    spent, nothing more is taken."""
    state = _solo(council=["green", "green"], harvest=["pink"])
    give(state, 0, green=2)
    state["seats"][0]["coins"] = 0
    s, _ = play(state, 0, {"type": "take", "space": "council", "colour": "green"})
    s, _ = play(s, 0, {"type": "council_enter", "gen": 1, "pay": "green", "coins": 0})
    s, _ = play(s, 0, {"type": "privilege", "step": 1})
    assert s["seats"][0]["coins"] == 1 and s["ring_coin"] is True and s["ring"] == 0
    kept = s
    while kept["round"] == 1:
        seat = VILLAGE.status(kept).to_act[0]
        moves = VILLAGE.legal_moves(kept, seat)
        simple = [m for m in moves if m["type"] in ("skip", "done", "pass", "take")]
        kept, _ = play(kept, seat, (simple or moves)[0])
    assert kept["seats"][0]["coins"] == 0 and kept["ring"] is None


def test_expansion_extension_points():
    """Issue 12 deliverable 4: what the seed says about the expansions is data the engine reads
    (death places, end places, solo title shifts), though no expansion can be chosen yet."""
    from domain.village.expansions import EXPANSIONS, death_place, end_places
    from domain.village.scoring import solo_title

    state, _ = setup(1)
    assert all(e.status.startswith("blocked") for e in EXPANSIONS.values())
    assert death_place(state, "inn") is None and end_places(state) == ("chronicle", "graves")
    state["expansions"] = ["inn", "port", "wedding"]
    assert death_place(state, "inn") == "graves" and death_place(state, "wedding") == "farmers"
    assert "sailors_graves" in end_places(state)
    assert solo_title(state, 100) == "Genius" and solo_title(state, 110) == "Legend"
    assert solo_title(state, 0) == "Apprentice"
    state["expansions"] = ["wedding"]
    assert solo_title(state, 94) == "Genius" and solo_title(state, 95) == "Legend"  # T-30


def test_fate_tokens_are_shuffled_again_with_fresh_draws():
    """L897: once a set's 3 tokens are up, it is shuffled again; each shuffle is a new draw
    (exactly one quill per set each time)."""
    from domain.common.rng import Rng
    from domain.village.builder import Builder
    from domain.village.clara import _flip

    state, _ = setup(1)
    b = Builder(state)
    quills = []
    for cycle in range(6):
        for cell in (1, 3, 5):
            before = len(b.events)
            _flip(b, Rng(cycle), (cell + 1) % 12, "family")
            fate = [e.data for e in b.events[before:] if e.type == "Fate" and "quill" in e.data]
            quills.append(fate[0]["quill"])
    assert b.state["clara"]["fate"]["top"]["cycle"] == 6
    assert [sum(quills[i : i + 3]) for i in range(0, 18, 3)] == [1] * 6


def test_two_of_claras_members_drawn_in_one_mass_stop_on_different_steps():
    """L921 with T-53: Clara's "4" and "3" drawn together walk to steps 2 and 3."""
    from domain.common.rng import Rng
    from domain.village.builder import Builder
    from domain.village.mass import draw

    state, _ = setup(1)
    state["clara"]["members"][7]["at"] = "church:1"
    state["church"]["1"] = ["c.7"]
    for i in (8, 9):
        state["clara"]["members"][i]["at"] = "bag"
    state["black_bag"] = ["c.8", "c.9"]
    state["mass"] = {"left": [], "bought": 2}
    b = Builder(state)
    draw(b, Rng(1))
    assert b.state["church"]["2"] + b.state["church"]["3"] in (["c.8", "c.9"], ["c.9", "c.8"])
    assert len(b.state["church"]["2"]) == len(b.state["church"]["3"]) == 1
