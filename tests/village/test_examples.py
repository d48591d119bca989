"""The digest's worked examples and compact cases (``shared/rules/village.md`` §8, T-01 to
T-35), each from a real set-up adjusted by ledger-keeping helpers."""

from __future__ import annotations

import pytest

from domain.common.errors import DomainError
from domain.village import VILLAGE

from .support import check_invariants, cubes, give, place, play, setup, turn, types


def _moves(state, seat, kind):
    return [m for m in VILLAGE.legal_moves(state, seat) if m["type"] == kind]


def _at(state, seat, where):
    return sorted(m["gen"] for m in state["seats"][seat]["members"] if m["at"] == where)


def _act(state, seat, space, colour="brown"):
    """Seat takes a ``colour`` cube from ``space`` (put there first) and is asked to act."""
    cubes(state, **{space: [colour, "orange"]})
    turn(state, seat)
    after, _ = play(state, seat, {"type": "take", "space": space, "colour": colour})
    assert after["step"] == {"kind": "act", "seat": seat, "space": space}
    return after


def test_t01_plague_cube_costs_two_time_and_the_harvest_may_follow():
    """T-01 (L264-266, L254): the black cube goes back to the supply, time +2."""
    state, _ = setup(2)
    supply = state["supply"]["plague"]
    cubes(state, harvest=["plague"])
    turn(state, 0)
    after, events = play(state, 0, {"type": "take", "space": "harvest", "colour": "plague"})
    assert after["supply"]["plague"] == supply + 1 and after["seats"][0]["time"] == 2
    assert "plague" not in after["spaces"]["harvest"]
    done, _ = play(after, 0, {"type": "harvest"})
    assert done["seats"][0]["grain"] == 2
    check_invariants(done)


def test_t02_birth_takes_the_lowest_number():
    """T-02 (L322-324): the "2" is born; the move names no member, so a "3" cannot be chosen."""
    state = _act(setup(2)[0], 0, "family")
    assert _moves(state, 0, "birth") == [{"type": "birth"}]
    after, _ = play(state, 0, {"type": "birth"})
    assert _at(after, 0, "farm") == [1, 1, 1, 1, 2]


def test_t03_recall_and_t04_no_recall_from_the_black_bag():
    """T-03/T-04 (L328, G-17): a member on the council comes home; one in the bag cannot."""
    state, _ = setup(2)
    place(state, 0, 4, "council:3")  # a "2" on council step 3
    place(state, 0, 0, "bag")
    state = _act(state, 0, "family")
    assert {"type": "recall", "from": "council:3", "gen": 2} in _moves(state, 0, "recall")
    assert all(m["from"] != "bag" for m in _moves(state, 0, "recall"))
    after, _ = play(state, 0, {"type": "recall", "from": "council:3", "gen": 2})
    assert after["seats"][0]["members"][4]["at"] == "farm"
    assert VILLAGE.score_sheet(after)["seats"][0]["categories"][5]["points"] == 0


@pytest.mark.parametrize(
    "goods,grain",
    [
        ({"ox": 1, "plough": 1, "horse": 1}, 4),
        ({"horse": 1, "plough": 1}, 3),
        ({"plough": 1}, 2),
        ({}, 2),
    ],
)
def test_t05_harvest_amounts(goods, grain):
    """T-05 (L296-310): 2, 3 with horse and plough, 4 with ox and plough."""
    state, _ = setup(2)
    give(state, 0, **goods)
    after, _ = play(_act(state, 0, "harvest"), 0, {"type": "harvest"})
    assert after["seats"][0]["grain"] == grain


def test_t05_no_harvest_without_a_member_on_the_farmyard():
    state, _ = setup(2)
    for i in range(4):
        place(state, 0, i, "council:1")
    state = _act(state, 0, "harvest")
    assert _moves(state, 0, "harvest") == []
    with pytest.raises(DomainError):
        play(state, 0, {"type": "harvest"})


def test_t06_the_granary_holds_five():
    """T-06 (L314, G-15)."""
    state, _ = setup(2)
    give(state, 0, grain=3, ox=1, plough=1)
    after, _ = play(_act(state, 0, "harvest"), 0, {"type": "harvest"})
    assert after["seats"][0]["grain"] == 5


def test_t07_wagon_by_time_trains_a_member():
    """T-07 (L354, L378): train at the Wainwright (2) and make a wagon (2): 4 time."""
    state = _act(setup(2)[0], 0, "crafts")
    move = {"type": "craft", "building": "wainwright", "pay": "time", "train": 1, "produce": True}
    after, _ = play(state, 0, move)
    p = after["seats"][0]
    assert p["time"] == 4 and p["goods"]["wagon"] == 1 and _at(after, 0, "yard:wainwright") == [1]


def test_t08_wagon_by_influence():
    """T-08 (L368, L380): 1 pink + 1 orange, no member, no time."""
    state, _ = setup(2)
    give(state, 0, pink=1, orange=1)
    state = _act(state, 0, "crafts")
    after, _ = play(
        state, 0, {"type": "craft", "building": "wainwright", "pay": "cubes", "coins": 0}
    )
    p = after["seats"][0]
    assert p["goods"]["wagon"] == 1 and p["time"] == 0 and p["cubes"]["pink"] == 0
    assert p["cubes"]["brown"] == 1  # the cube taken for the turn stays


def test_t09_a_trained_member_makes_for_production_time_only():
    """T-09 (L358, L402): the smith makes a plough for 3 time."""
    state, _ = setup(2)
    place(state, 0, 0, "yard:smithy")
    after, _ = play(
        _act(state, 0, "crafts"), 0, {"type": "craft", "building": "smithy", "pay": "time"}
    )
    assert after["seats"][0]["time"] == 3 and after["seats"][0]["goods"]["plough"] == 1


def test_t10_stables_for_grain_and_t11_the_mill():
    """T-10 (L388): 3 grain for an ox. T-11 (L410, L364): 2 time and 2 grain for 2 coins; no
    member is ever placed at the Mill."""
    state, _ = setup(2)
    give(state, 0, grain=5)
    state = _act(state, 0, "crafts")
    after, _ = play(
        state, 0, {"type": "craft", "building": "stables", "pay": "grain", "good": "ox"}
    )
    assert after["seats"][0]["goods"]["ox"] == 1 and after["seats"][0]["grain"] == 2
    milled, _ = play(state, 0, {"type": "mill"})
    p = milled["seats"][0]
    assert (p["coins"], p["grain"], p["time"]) == (3, 3, 2)
    assert not any(m["at"] == "yard:mill" for m in p["members"])
    assert not [m for m in _moves(state, 0, "craft") if m["building"] == "mill"]


def test_t12_a_coin_pays_for_a_green_cube():
    """T-12 (L619, L625): advance paying 1 green and 1 coin, or 2 coins."""
    state, _ = setup(3)
    place(state, 0, 0, "council:1")
    give(state, 0, green=1, coins=1)
    state = _act(state, 0, "council", colour="brown")
    pays = list(_moves(state, 0, "council_advance"))
    assert {"type": "council_advance", "step": 1, "gen": 1, "pay": "green", "coins": 1} in pays
    assert {"type": "council_advance", "step": 1, "gen": 1, "pay": "green", "coins": 2} in pays
    after, _ = play(
        state, 0, {"type": "council_advance", "step": 1, "gen": 1, "pay": "green", "coins": 1}
    )
    p = after["seats"][0]
    assert p["cubes"]["green"] == 0 and p["coins"] == 1 and p["time"] == 2
    assert after["step"]["kind"] == "privilege" and after["step"]["steps"] == [1, 2]


def test_t13_chancellery_paid_with_a_coin():
    state = _act(setup(2)[0], 0, "crafts")
    after, _ = play(
        state, 0, {"type": "craft", "building": "chancellery", "pay": "cubes", "coins": 1}
    )
    assert after["seats"][0]["goods"]["scroll"] == 1 and after["seats"][0]["coins"] == 0


def test_t14_travel_north_and_t15_no_second_reward():
    """T-14 (L510-512): 2 time, 1 wagon, 2 brown; a disc and 3 PP. T-15 (L530): again, no
    disc and no reward."""
    state, _ = setup(2)
    give(state, 0, wagon=2, brown=3, pink=2)
    state = _act(state, 0, "travel", colour="orange")
    move = {"type": "travel", "gen": 1, "to": "N", "coins": 0}
    assert move in _moves(state, 0, "travel")
    after, _ = play(state, 0, move)
    p = after["seats"][0]
    assert (p["time"], p["goods"]["wagon"], p["cubes"]["brown"], p["pp"]) == (2, 1, 1, 3)
    assert p["discs"] == ["N"] and _at(after, 0, "city:N") == [1]
    place(after, 0, 1, "city:A")
    after["seats"][0]["discs"].append("A")
    again = _act(after, 0, "travel", colour="orange")
    back, _ = play(again, 0, {"type": "travel", "from": "city:A", "gen": 1, "to": "N", "coins": 0})
    assert back["seats"][0]["discs"] == ["N", "A"] and back["seats"][0]["pp"] == 3


def test_t16_another_traveller_may_start():
    state, _ = setup(2)
    give(state, 0, wagon=1, pink=2)
    place(state, 0, 0, "city:N")
    state = _act(state, 0, "travel", colour="orange")
    assert {"type": "travel", "gen": 1, "to": "S", "coins": 0} in _moves(state, 0, "travel")


def test_t17_council_entry_takes_the_ring_and_t18_not_twice():
    """T-17 (L466, L480) and T-18: the ring token once per round."""
    state, _ = setup(3)
    give(state, 0, green=2)
    state = _act(state, 0, "council", colour="brown")
    after, _ = play(state, 0, {"type": "council_enter", "gen": 1, "pay": "green", "coins": 0})
    assert after["seats"][0]["time"] == 1 and _at(after, 0, "council:1") == [1]
    ring, _ = play(after, 0, {"type": "privilege", "step": 1})
    assert ring["ring"] == 0
    give(ring, 1, scroll=1)
    other = _act(ring, 1, "council", colour="brown")
    entered, _ = play(other, 1, {"type": "council_enter", "gen": 1, "pay": "scroll"})
    assert VILLAGE.legal_moves(entered, 1) == [{"type": "skip"}]


def test_t19_t20_privileges_of_the_new_or_the_old_step():
    """T-19/T-20 (L470-474, L484-492)."""
    state, _ = setup(2)
    place(state, 0, 4, "council:2")
    give(state, 0, scroll=1)
    state = _act(state, 0, "council", colour="brown")
    after, _ = play(state, 0, {"type": "council_advance", "step": 2, "gen": 2, "pay": "scroll"})
    listed = VILLAGE.legal_moves(after, 0)
    assert {"type": "privilege", "step": 3, "good": "horse"} in listed
    assert {"type": "privilege", "step": 2, "colours": ["brown", "pink"]} in listed
    state, _ = setup(2)
    place(state, 0, 0, "council:1")
    place(state, 0, 4, "council:4")
    give(state, 0, coins=0)
    state = _act(state, 0, "council", colour="brown")
    priv = _moves(state, 0, "council_privilege")
    assert {"type": "council_privilege", "step": 4} in priv
    assert {"type": "council_privilege", "step": 3, "good": "ox"} in priv
    after, _ = play(state, 0, {"type": "council_privilege", "step": 4})
    assert after["seats"][0]["pp"] == 3 and after["seats"][0]["coins"] == 0


def test_t21_the_step_two_privilege_wants_two_colours():
    """T-21 (L484)."""
    state, _ = setup(2)
    place(state, 0, 4, "council:2")
    state = _act(state, 0, "council", colour="brown")
    assert {
        "type": "council_privilege",
        "step": 2,
        "colours": ["green", "green"],
    } not in VILLAGE.legal_moves(state, 0)
    with pytest.raises(DomainError):
        play(state, 0, {"type": "council_privilege", "step": 2, "colours": ["green", "green"]})


def test_t22_church_action():
    """T-22 (L540): 3 time, or 1 brown, or a coin; the member goes into the black bag."""
    state = _act(setup(2)[0], 0, "church", colour="orange")
    assert {m["pay"] for m in _moves(state, 0, "church")} == {"time", "coin"}
    after, _ = play(state, 0, {"type": "church", "gen": 1, "pay": "time"})
    assert after["seats"][0]["time"] == 3 and "0.0" in after["black_bag"]


def test_t23_to_t25_the_well():
    """T-23 (L550-552): 3 cubes of one colour for any action. T-24: mixed colours refused.
    T-25 (L554): no Well once the board is empty."""
    state, _ = setup(2)
    give(state, 0, orange=3, pink=1)
    cubes(state, council=[])
    turn(state, 0)
    after, _ = play(state, 0, {"type": "well", "colour": "orange", "coins": 0})
    assert after["seats"][0]["cubes"]["orange"] == 0
    assert {"type": "action", "space": "council"} in VILLAGE.legal_moves(after, 0)
    with pytest.raises(DomainError):
        play(state, 0, {"type": "well", "colour": "pink", "coins": 0})
    for space in state["spaces"]:
        cubes(state, **{space: []})
    assert not _moves(state, 0, "well")


def _plague_turn(state: dict, seat: int = 0):
    """``seat`` with 9 time spent takes a plague cube (+2: past the quill) and stops there."""
    give(state, seat, time=9)
    cubes(state, harvest=["plague", "brown"])
    turn(state, seat)
    after, _ = play(state, seat, {"type": "take", "space": "harvest", "colour": "plague"})
    return play(after, seat, {"type": "skip"})


def test_t26_only_visible_members_die_and_the_owner_chooses():
    """T-26 (L637-641): a "2" on the board and one on the farmyard, a "1" in the bag."""
    state, _ = setup(2)
    for i in range(4):
        place(state, 0, i, "bag")
    place(state, 0, 4, "council:2")
    place(state, 0, 5, "farm")
    after, _ = _plague_turn(state)
    assert after["dying"] == 0
    assert VILLAGE.legal_moves(after, 0) == [
        {"type": "die", "at": "council:2", "gen": 2},
        {"type": "die", "at": "farm", "gen": 2},
    ]
    dead, events = play(after, 0, {"type": "die", "at": "council:2", "gen": 2})
    assert dead["seats"][0]["members"][4]["at"] == "chronicle"
    assert (
        dead["chronicle"][[e for e in events if e.type == "MemberDied"][0].data["slot"]]["category"]
        == "councillors"
    )


def test_t27_nobody_visible_nobody_dies():
    """T-27 (L641, G-03)."""
    state, _ = setup(2)
    for i in range(4):
        place(state, 0, i, "bag")
    after, events = _plague_turn(state)
    assert "DeathSkipped" in types(events) and after["seats"][0]["skipped"] == 1


def test_t28_a_full_category_sends_the_dead_to_a_grave():
    """T-28 (L685-687)."""
    state, _ = setup(2)
    for slot in state["chronicle"]:
        if slot["category"] == "clergy":
            slot["by"] = "cover"
    place(state, 0, 0, "church:1")
    for i in (1, 2, 3):
        place(state, 0, i, "bag")
    after, events = _plague_turn(state)
    died = [e for e in events if e.type == "MemberDied"][0].data
    assert died["to"] == "grave" and after["graves"][died["slot"]]["by"] == "0.0"
