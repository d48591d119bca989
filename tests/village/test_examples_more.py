"""The digest's longer worked examples (§8.2-§8.8): the market day, the mass, final scoring,
the end of the game and Clara (T-29 to T-54)."""

from __future__ import annotations

from domain.village import VILLAGE
from domain.village.builder import Builder
from domain.village.expansions import title_shift
from domain.village.mass import majority
from domain.village.scoring import solo_title

from .support import check_invariants, cubes, give, place, play, setup, turn


def lay(state: dict, stalls: list) -> dict:
    """Put these customers on the stalls (the rest of the pile to the queue, in id order)."""
    market = state["market"]
    everything = [c for c in market["stalls"] + market["queue"] if c] + market["unseen"]
    rest = sorted(c for c in everything if c not in stalls)
    market["stalls"] = list(stalls) + [None] * (len(market["stalls"]) - len(stalls))
    market["queue"], market["unseen"] = rest[:5], rest[5:]
    return state


def empty_board(state: dict, **left) -> dict:
    for space in state["spaces"]:
        cubes(state, **{space: left.get(space, [])})
    return state


def test_t29_ties_go_to_grain_then_living_members():
    """T-29 (L748)."""
    state, _ = setup(2)
    give(state, 0, pp=60, grain=3)
    give(state, 1, pp=60, grain=5)
    state["seats"][0]["coins"] = state["seats"][1]["coins"] = 0
    assert VILLAGE.score_sheet(state)["winners"] == [1]
    give(state, 0, grain=1)
    give(state, 1, grain=-1)
    place(state, 1, 0, "grave")
    assert VILLAGE.score_sheet(state)["winners"] == [0]


def test_t30_solo_titles():
    """T-30 (L939-965): the ranges and the expansion shifts."""
    state, _ = setup(1)
    assert [solo_title(state, pp) for pp in (0, 39, 40, 59, 79, 80, 200)] == [
        "Apprentice",
        "Apprentice",
        "Journeyman",
        "Master",
        "Genius",
        "Legend",
        "Legend",
    ]
    assert title_shift(("wedding",)) == 15 and title_shift(("inn", "port", "wedding")) == 30


def test_t31_t32_setup_covers_places_by_player_count():
    """T-31/T-32 (L150-161): with the shipped pack each category has 2/3/4/5 open slots."""
    for n, per in ((2, 2), (3, 3), (4, 4), (5, 5)):
        state, _ = setup(n)
        open_ = [s for s in state["chronicle"] if s["by"] is None]
        assert len(open_) == 5 * per
        assert sum(1 for g in state["graves"] if g["by"] is None) == n + 1


def test_t33_starting_bonuses_and_the_chosen_cube():
    """T-33 (L177-183, G-32): grain, a random cube, a chosen cube, a coin."""
    state, _ = setup(5, seed=3, bonuses=True)
    assert state["phase"] == "setup" and VILLAGE.status(state).to_act == (3,)
    assert len(VILLAGE.legal_moves(state, 3)) == 4
    after, _ = play(state, 3, {"type": "cubes", "colours": ["green"]})
    p = after["seats"]
    assert p[1]["grain"] == 1 and sum(p[2]["cubes"].values()) == 1
    assert p[3]["cubes"]["green"] == 1 and p[4]["coins"] == 2 and p[0]["coins"] == 1
    assert after["phase"] == "turns" and after["round"] == 1


def test_t34_t35_the_ring_token_changes_the_first_player_next_round():
    """T-34/T-35 (L480, L607)."""
    state, _ = setup(2)
    empty_board(state, church=["brown"])
    state["ring"] = 1
    turn(state, 0)
    after, _ = play(state, 0, {"type": "take", "space": "church", "colour": "brown"})
    after, _ = play(after, 0, {"type": "skip"})
    # nobody can buy or move up, so the mass runs by itself (nobody is asked)
    assert after["round"] == 2 and after["first"] == 1 and after["ring"] is None


def test_t40_the_market_day_for_three():
    """T-40 (L436-458): free first sale, then 1 green + 1 time; passes; the refill."""
    state, _ = setup(3)
    lay(state, ["frag-1", "frag-2", "frag-3", "frag-4"])
    queue = list(state["market"]["queue"])
    give(state, 0, horse=1, plough=1, scroll=1, grain=1, green=1)
    give(state, 1, grain=3, green=1)
    give(state, 2, scroll=1)
    cubes(state, market=["green", "green"])
    turn(state, 0)
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    assert VILLAGE.status(s).phase == "market_day"
    s, _ = play(s, 0, {"type": "serve", "slot": 0})
    s, _ = play(s, 1, {"type": "serve", "slot": 1, "coins": 0})
    s, events = play(s, 0, {"type": "serve", "slot": 2, "coins": 0})  # Helga passed: no goods
    assert "MarketPassed" in [e.type for e in events] or s["market_day"] is None
    r, i, h = s["seats"]
    assert r["customers"] == ["frag-1", "frag-3"] and i["customers"] == ["frag-2"]
    assert (r["goods"]["horse"], r["goods"]["scroll"], r["grain"], r["time"]) == (0, 0, 0, 1)
    assert (r["cubes"]["green"], i["cubes"]["green"], i["grain"], i["time"]) == (1, 0, 0, 1)
    assert h["customers"] == [] and h["time"] == 0
    assert s["market_day"] is None
    assert s["market"]["stalls"] == queue[:3] + ["frag-4"] or s["market"]["stalls"] == [
        queue[0],
        queue[1],
        queue[2],
        "frag-4",
    ]
    assert s["market"]["queue"][:2] == queue[3:5]
    check_invariants(s)


def test_t41_death_after_a_plague_cube_counts_the_whole_turn():
    """T-41 (L677-681): plague (+2) passes the quill; he still trains and makes (+6); one
    death at the end of the turn, and he may choose the new smith."""
    state, _ = setup(2)
    give(state, 0, time=8)
    place(state, 0, 1, "council:1")
    cubes(state, crafts=["plague", "pink"])
    turn(state, 0)
    s, _ = play(state, 0, {"type": "take", "space": "crafts", "colour": "plague"})
    s, _ = play(
        s, 0, {"type": "craft", "building": "smithy", "pay": "time", "train": 1, "produce": True}
    )
    assert s["seats"][0]["time"] == 16 and s["seats"][0]["goods"]["plough"] == 1
    assert s["dying"] == 0
    assert {"type": "die", "at": "yard:smithy", "gen": 1} in VILLAGE.legal_moves(s, 0)
    s, _ = play(s, 0, {"type": "die", "at": "yard:smithy", "gen": 1})
    assert not any(m["at"] == "yard:smithy" for m in s["seats"][0]["members"])
    assert s["seats"][0]["owed"] == 0 and s["turn"] == 1


def _to_mass(state: dict, seat: int = 0) -> dict:
    empty_board(state, church=["brown"])
    turn(state, seat)
    s, _ = play(state, seat, {"type": "take", "space": "church", "colour": "brown"})
    s, _ = play(s, seat, {"type": "skip"})
    return s


def test_t42_the_mass_for_three():
    """T-42 (L580-601): buy-outs, random draws, advancing for grain, the majority."""
    state, _ = setup(3)
    place(state, 0, 4, "bag")  # Rurik's "2"
    place(state, 1, 0, "bag")  # Helga's "1"
    place(state, 2, 0, "bag")  # one of Isolde's
    place(state, 0, 0, "church:2")  # Rurik's "1" on step 2
    place(state, 1, 4, "church:3")  # Helga's "2" on step 3
    give(state, 0, grain=3)
    give(state, 1, grain=4)
    s = _to_mass(state)
    s, _ = play(s, 0, {"type": "buy", "gen": 2})
    assert VILLAGE.status(s).to_act == (1,)  # no coin left: Rurik is not asked again
    s, _ = play(s, 1, {"type": "buy", "gen": 1})
    s, events = play(s, 2, {"type": "done"})  # Isolde declines to pay
    drawn = [e for e in events if e.type == "FiguresDrawn"][0].data
    assert len(drawn["figures"]) == 2 and s["black_bag"].count("monk") == 4
    assert s["phase"] == "mass_advance"
    s, _ = play(s, 0, {"type": "advance", "step": 2, "gen": 1})
    s, _ = play(s, 0, {"type": "advance", "step": 1, "gen": 2})
    s, events = play(s, 1, {"type": "advance", "step": 3, "gen": 2})
    assert s["seats"][0]["grain"] == 0 and s["seats"][1]["grain"] == 0
    assert s["seats"][1]["pp"] == 2 and s["seats"][0]["pp"] == 0
    check_invariants(s)


def _majority(church: dict) -> list:
    state, _ = setup(2)
    state["church"] = {str(k): list(v) for k, v in church.items()}
    b = Builder(state)
    majority(b)
    return [e.seat for e in b.events if e.type == "Gained"]


def test_t43_majority_tie_breaks():
    """T-43 (L578, G-24)."""
    assert _majority({1: ["0.0", "0.1"], 2: ["0.2"], 4: ["1.0", "1.1"]}) == [0]
    assert _majority({1: ["0.0"], 3: ["0.1"], 4: ["1.0"], 2: ["1.1"]}) == [1]
    assert _majority({4: ["0.0", "1.0"], 1: ["0.1", "1.1"]}) == [0, 1]
    assert _majority({}) == []


def test_t44_final_scoring():
    """T-44 (§6.2): 11 + 10 + 8 + 10 + 7 + 8 + 3 = 57."""
    state, _ = setup(2)
    p = state["seats"][0]
    p.update(pp=11, coins=3, discs=["N", "A", "B", "C"], customers=["frag-1", "c10"])
    place(state, 0, 0, "church:1")
    place(state, 0, 4, "church:4")
    for i, step in ((1, 1), (5, 2), (7, 4)):
        place(state, 0, i, f"council:{step}")
    for i, slot in zip((2, 3, 6, 8), range(4)):
        place(state, 0, i, "chronicle")
        state["chronicle"][slot]["by"] = f"0.{i}"
    row = VILLAGE.score_sheet(state)["seats"][0]
    assert [c["points"] for c in row["categories"]] == [11, 10, 8, 10, 7, 8, 3]
    assert row["total"] == 57


def test_setup_turns_customers_up_onto_every_stall_and_the_queue():
    """L135-142, G-08: 3 / 4 / 5 / 5 stalls and a queue of 5, all face up; the rest face down."""
    for n, stalls in ((1, 3), (2, 3), (3, 4), (4, 5), (5, 5)):
        state, _ = setup(n)
        market = state["market"]
        assert len(market["stalls"]) == stalls and None not in market["stalls"]
        assert len(market["queue"]) == 5 and None not in market["queue"]
        assert len(market["unseen"]) == 24 - stalls - 5


def test_the_refill_after_a_market_day_keeps_the_order():
    """L432, L450-458: emptied stalls take the queue's front tiles in order; the queue closes up
    and the pile refills its back."""
    state, _ = setup(2)
    queue = list(state["market"]["queue"])
    first = state["market"]["stalls"][0]
    needs = state["pack"]["values"]["customers"][first]["needs"]
    give(state, 0, **needs)
    cubes(state, market=["green"], harvest=["brown"])
    turn(state, 0)
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    s, _ = play(s, 0, {"type": "serve", "slot": 0})
    if s["market_day"] is not None:
        s, _ = play(s, VILLAGE.status(s).to_act[0], {"type": "pass"})
    while s["market_day"] is not None:
        seat = VILLAGE.status(s).to_act[0]
        s, _ = play(s, seat, {"type": "pass"})
    assert s["market"]["stalls"][0] == queue[0]
    assert s["market"]["queue"][:4] == queue[1:] and s["market"]["queue"][4] is not None
    check_invariants(s)
