"""Issue 26's three rule points, each against the seed line that decides it."""

from __future__ import annotations

from domain.village import VILLAGE

from .support import check_invariants, give, place, play, setup
from .test_end_and_solo import _solo
from .test_examples import _act, _at, _moves
from .test_examples_more import lay


def test_any_number_of_members_work_in_one_workshop():
    """Seed 002 L362: «Во дворе любой мастерской может находиться неограниченное количество
    домочадцев»: with a smith already at the Smithy, a second member may still be trained."""
    state, _ = setup(2)
    place(state, 0, 0, "yard:smithy")
    state = _act(state, 0, "crafts")
    trains = [m for m in _moves(state, 0, "craft") if m["building"] == "smithy" and "train" in m]
    assert {
        "type": "craft",
        "building": "smithy",
        "pay": "time",
        "train": 1,
        "produce": False,
    } in trains
    after, _ = play(
        state,
        0,
        {"type": "craft", "building": "smithy", "pay": "time", "train": 1, "produce": True},
    )
    assert _at(after, 0, "yard:smithy") == [1, 1]
    assert after["seats"][0]["goods"]["plough"] == 1
    check_invariants(after)


def test_a_one_may_be_sent_to_a_busy_workshop_to_die_a_craftsman():
    """Seed L693 (hint 1: place members in the chronicle fast) with L362: a "1" joins a
    workshop another "1" already works in, so its death can fill a craftsmen slot."""
    state, _ = setup(2)
    place(state, 0, 0, "yard:wainwright")
    state = _act(state, 0, "crafts")
    moves = [m for m in _moves(state, 0, "craft") if m["building"] == "wainwright"]
    assert {
        "type": "craft",
        "building": "wainwright",
        "pay": "time",
        "train": 1,
        "produce": False,
    } in moves
    # both ways of making a wagon stay open: the trained member alone, or training another
    assert {"type": "craft", "building": "wainwright", "pay": "time"} in moves


def test_clara_takes_no_customer_after_a_well_opens_a_market_day():
    """Seed L913: «Клара не берет кубик с игрового поля (и не реагирует) непосредственно после
    действия колодца»: a market day reached through the Well gives Clara no customer."""
    state = _solo(market=["green"], council=["brown"], church=["pink"])
    lay(state, ["frag-1", "c05", "c06"])
    give(state, 0, horse=1, plough=1, orange=3)
    s, _ = play(state, 0, {"type": "well", "colour": "orange", "coins": 0})
    s, _ = play(s, 0, {"type": "action", "space": "market"})
    s, events = play(s, 0, {"type": "serve", "slot": 0})
    while VILLAGE.status(s).to_act and s["market_day"] is not None:
        s, more = play(s, 0, VILLAGE.legal_moves(s, 0)[-1])
        events += more
    assert s["clara"]["customers"] == []
    assert s["clara"]["track"] == []
    assert not [e for e in events if e.type in ("ClaraCube", "Fate")]
    assert s["seats"][0]["customers"] == ["frag-1"]
    check_invariants(s)


def test_clara_still_takes_her_customer_after_a_cube_from_the_market():
    """L903-906, the other side of L913: a market day opened by a cube gives her one."""
    state = _solo(market=["green"], council=["brown"], church=["pink"])
    lay(state, ["frag-1", "c05", "c06"])
    give(state, 0, horse=1, plough=1)
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    s, _ = play(s, 0, {"type": "serve", "slot": 0})
    assert s["clara"]["customers"] == ["c05"]


def test_an_unspent_solo_ring_token_is_not_a_coin_at_the_end():
    """Decision V-16b (L844, L770): the ring token may be *spent* as a coin until the round is
    over (L844); final scoring counts coins left on the farmyard (L770); a token never spent
    is no coin there and scores nothing."""
    state, _ = setup(1)
    state["seats"][0]["coins"] = 2
    state.update(ring=0, ring_coin=True)
    state["seats"][0]["coins"] += 1  # the ring, taken as a coin (L844)
    sheet = VILLAGE.score_sheet(state)
    coins = next(c for c in sheet["seats"][0]["categories"] if c["key"] == "coins")
    assert coins["points"] == 2
    state["ring_coin"] = False  # spent: the coin left is a real coin
    sheet = VILLAGE.score_sheet(state)
    assert next(c for c in sheet["seats"][0]["categories"] if c["key"] == "coins")["points"] == 3
