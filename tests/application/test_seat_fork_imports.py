"""Issue 22 item 1, the seat fork: an imported "what if, from my seat" game starts from a
position (``StateRestored``) that no rule re-derives from the record alone. Unsigned, it is
accepted only when its parent is on this service and the title's ``fork_view`` of the parent,
drawn with the fork's own seed, is exactly that start; before, any start was taken on trust."""

from __future__ import annotations

import copy
import random
import uuid

import pytest

from domain.common.errors import RecordError
from domain.platform.records import chain


def _seat_fork(games):
    created = games.create_game("agricola", "full", ["Ann", "Bob", "Cid"], {"decks": "E"})
    gid, pick = created.game.id, random.Random(5)
    for _ in range(10):
        game = games.get_game(gid)
        seat = pick.choice(game.rules.status(game.state).to_act)
        _, moves = games.legal_moves(gid, seat)
        games.play(gid, seat, pick.choice(moves))
    fork = games.fork(gid, games.get_game(gid).version, seat=1)
    return games.export(fork.game.id, full=True)  # the operator's full record (seed shown)


def _rechained(record: dict) -> dict:
    """The record with its hash chain recomputed (the chain has no key: anyone can)."""
    stripped = [
        {k: v for k, v in e.items() if k not in ("hash", "prev_hash")} for e in record["events"]
    ]
    record["events"] = chain(stripped)
    record["head"] = record["events"][-1]["hash"]
    return record


def test_an_honest_unsigned_seat_fork_passes_its_start_check(games):
    record = _seat_fork(games)
    assert record["events"][0]["data"]["parent"]["redealt"] is True
    with pytest.raises(RecordError) as err:
        games.import_record(record)
    # what stops it is only that the game is not over yet, not its starting position
    assert err.value.code == "record_incomplete"


def test_a_forged_start_of_a_seat_fork_is_refused(games):
    record = copy.deepcopy(_seat_fork(games))
    state = record["events"][0]["data"]["setup"][0]["data"]["state"]
    state["farms"][1]["supply"]["food"] = state["farms"][1]["supply"].get("food", 0) + 50
    with pytest.raises(RecordError) as err:
        games.import_record(_rechained(record))
    assert err.value.code == "record_audit_failed"
    assert "starting position" in err.value.message


def test_a_seat_fork_of_a_game_not_on_this_service_cannot_be_verified(games):
    record = copy.deepcopy(_seat_fork(games))
    record["events"][0]["data"]["parent"]["game"] = str(uuid.uuid4())
    with pytest.raises(RecordError) as err:
        games.import_record(_rechained(record))
    assert err.value.code == "record_unverifiable"
    assert "not on this service" in err.value.message
