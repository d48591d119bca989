"""Every error code of Village is raised by a real refusal, with a sentence in the game's nouns,
and nothing is written (issue 12, bad input)."""

from __future__ import annotations

import json

import pytest

from domain.common.errors import DomainError, InvalidMove, NotYourTurn
from domain.village import VILLAGE
from domain.village.errors import MESSAGES

from .support import cubes, play, setup, turn
from .test_examples_more import empty_board

RAISED: set[str] = set()


def refused(state, seat, move) -> DomainError:
    before = json.dumps({k: v for k, v in state.items() if k != "pack"}, sort_keys=True)
    with pytest.raises(DomainError) as err:
        VILLAGE.decide(state, seat, move, None)
    assert json.dumps({k: v for k, v in state.items() if k != "pack"}, sort_keys=True) == before
    assert err.value.message and "{" not in err.value.message
    RAISED.add(err.value.code)
    return err.value


def test_a_cube_that_is_not_there():
    state, _ = setup(2)
    cubes(state, harvest=["brown"])
    turn(state, 0)
    err = refused(state, 0, {"type": "take", "space": "harvest", "colour": "green"})
    assert err.code == "village_no_cube" and "no green cube on Harvest" in err.message


def test_the_well_closed_and_unpaid():
    state, _ = setup(2)
    turn(state, 0)
    err = refused(state, 0, {"type": "well", "colour": "pink", "coins": 0})
    assert err.code == "village_cannot_pay" and "3 pink cubes" in err.message
    empty_board(state)
    err = refused(state, 0, {"type": "well", "colour": "pink", "coins": 0})
    assert err.code == "village_well_closed" and "no cube is left" in err.message


def test_a_member_who_is_not_there_and_a_choice_not_open():
    state, _ = setup(2)
    cubes(state, church=["pink"], crafts=["pink"])
    turn(state, 0)
    s, _ = play(state, 0, {"type": "take", "space": "church", "colour": "pink"})
    err = refused(s, 0, {"type": "church", "gen": 4, "pay": "time"})
    assert err.code == "village_no_member"
    assert err.message == "Ann has no member of generation 4 on the farmyard."
    err = refused(s, 0, {"type": "church", "gen": 1, "pay": "brown"})
    assert err.code == "village_action_invalid"


def test_the_wrong_kind_of_move_now():
    state, _ = setup(2)
    turn(state, 0)
    err = refused(state, 0, {"type": "harvest"})
    assert err.code == "village_not_now" and "a cube or the Well" in err.message
    err = refused(state, 0, {"type": "serve", "slot": 0})
    assert err.code == "village_not_now"


def test_not_your_turn_and_malformed_moves():
    state, _ = setup(2)
    turn(state, 0)
    assert isinstance(
        refused(state, 1, {"type": "take", "space": "harvest", "colour": "brown"}), NotYourTurn
    )
    for bad in (
        [],
        {"type": 3},
        {"type": "fly"},
        {"type": "take", "space": 1},
        {"type": "skip", "gen": 1},
        {"type": "craft", "produce": 1},
    ):
        assert isinstance(refused(state, 0, bad), InvalidMove)


def test_a_bad_pack_has_its_own_code():
    from domain.village.pack import PackInvalid, load

    with pytest.raises(PackInvalid) as err:
        load({"name": "x", "values": {}})
    RAISED.add(err.value.code)


def test_every_code_is_raised():
    """Runs last in this module: every registered code was met above."""
    assert set(MESSAGES) <= RAISED, set(MESSAGES) - RAISED
