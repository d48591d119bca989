"""Undo with consent, forks, audits and tamper-evident records (api.md "Rewinding, branching,
auditing"; architecture "Application, replay, forks, undo, audit")."""

from __future__ import annotations

import copy
import json

import pytest

from domain.common.errors import GameOver, RecordError, RuleViolation, UndoError
from domain.common.events import Event
from domain.platform import registry
from tests.support.toy import Toy

from .test_games import new_game, play_until


def test_undo_with_nobody_else_acting_happens_at_once(games):
    gid = new_game(games, players=("Ann", "Bob"), goal=50).game.id
    before = copy.deepcopy(games.get_game(gid).state)
    games.play(gid, 0, {"type": "add", "by": 2})
    answer = games.request_undo(gid, 0, 1)
    assert answer["status"] == "applied" and answer["waiting"] == []
    game = games.get_game(gid)
    assert game.version == 3 and game.state == before
    assert [e.type for e in games.stored_events(gid)] == [
        "GameCreated",
        "CounterAdvanced",
        "UndoApplied",
    ]


def test_undo_needs_the_consent_of_every_seat_that_acted_since(games):
    gid = new_game(games, players=("Ann", "Bob", "Cid")).game.id
    games.play(gid, 0, {"type": "add", "by": 1})  # v2
    games.play(gid, 1, {"type": "add", "by": 2})  # v3
    state_at_2 = games.game_at(gid, 2).state
    request = games.request_undo(gid, 0, 2)
    assert request["status"] == "pending" and request["waiting"] == [1]
    with pytest.raises(RuleViolation) as err:
        games.play(gid, 2, {"type": "add", "by": 1})
    assert err.value.code == "undo_pending"
    with pytest.raises(UndoError):
        games.answer_undo(gid, 2, request["request_id"], accept=True)  # Cid was not asked
    done = games.answer_undo(gid, 1, request["request_id"], accept=True)
    assert done["status"] == "applied"
    game = games.get_game(gid)
    assert game.state == state_at_2
    assert game.is_undone(3) and not game.is_undone(2)
    # undone events stay in the log
    assert [e.type for e in games.stored_events(gid)][2] == "CounterAdvanced"
    # play goes on from version 2's position: Bob to move again
    games.play(gid, 1, {"type": "add", "by": 1})
    assert games.get_game(gid).state["counters"] == [1, 1, 0]


def test_rejected_undo_changes_nothing(games):
    gid = new_game(games, players=("Ann", "Bob", "Cid")).game.id
    games.play(gid, 0, {"type": "add", "by": 1})
    games.play(gid, 1, {"type": "add", "by": 2})
    state = copy.deepcopy(games.get_game(gid).state)
    request = games.request_undo(gid, 0, 2)
    answer = games.answer_undo(gid, 1, request["request_id"], accept=False)
    assert answer["status"] == "rejected"
    game = games.get_game(gid)
    assert game.state == state and game.pending_undo is None


def test_undo_targets_must_be_earlier_effective_move_boundaries(games):
    gid = new_game(games, players=("Ann", "Bob")).game.id
    games.play(gid, 0, {"type": "add", "by": 1})  # v2
    games.play(gid, 1, {"type": "add", "by": 1})  # v3 counter, v4 bonus (one move)
    with pytest.raises(UndoError) as err:
        games.request_undo(gid, 0, 3)
    assert err.value.code == "not_a_move_boundary"
    with pytest.raises(UndoError):
        games.request_undo(gid, 0, 4)  # not earlier than now
    games.request_undo(gid, 1, 2)  # Bob takes back his own move: nobody else acted
    with pytest.raises(UndoError):
        games.request_undo(gid, 1, 3)  # version 3 is undone now


def test_fork_copies_history_and_names_its_parent(games):
    gid = new_game(games, players=("Ann", "Bob"), secrets=False).game.id
    play_until(games, gid, 12)
    boundary = next(
        v
        for v in range(8, 1, -1)
        if games.stored_events(gid, after=v, limit=1)[0].command is not None
    )
    fork = games.fork(gid, boundary)
    assert fork.game.version == boundary
    assert fork.game.parent == {"game": str(gid), "version": boundary}
    assert fork.game.state == games.game_at(gid, boundary).state
    assert games.get_game(gid).version >= 12  # the original is unchanged
    assert games.audit(fork.game.id).ok
    assert fork.tokens and games.seat_for_token(fork.game.id, fork.tokens[0]) == 0
    assert games.seat_for_token(gid, fork.tokens[0]) is None


def test_fork_of_an_unseeded_game_draws_afresh(games):
    """A fork of an active unseeded game draws from a fresh seed after the fork, so a fork
    never previews the parent's future (Agricola family: nothing hidden, so forks are open)."""
    created = games.create_game("agricola", "family", ["Ann", "Bob"], {})
    gid = created.game.id
    play_until(games, gid, 6)
    version = games.get_game(gid).version
    fork = games.fork(gid, version)
    assert len(fork.game.seeds) == 2 and fork.game.seeds[1]["from"] == version
    assert fork.game.seeds[1]["seed"] != fork.game.seeds[0]["seed"]
    assert games.audit(fork.game.id).ok
    summary = games.summary(fork.game)
    assert all(s["seed"] is None for s in summary["seeds"])


def test_active_game_with_hidden_information_cannot_be_forked(games):
    """The fork's new tokens would show every seat's private data: wait for the end."""
    created = games.create_game("toy", "race", ["Ann", "Bob"], {"goal": 4})
    gid = created.game.id
    with pytest.raises(RuleViolation) as err:
        games.fork(gid, 1)
    assert err.value.code == "fork_reveals_hidden"
    play_until(games, gid, 1000, chooser=lambda m: m[-1])
    assert games.fork(gid, 1).game.version == 1  # finished: everything is public


def test_audit_reports_a_recorded_outcome_the_rules_would_change(games):
    gid = new_game(games, players=("Ann", "Bob")).game.id
    play_until(games, gid, 10, chooser=lambda moves: moves[-1])  # always "add 2"
    assert games.audit(gid).ok

    class Stingy(Toy):
        rules_version = "toy-stingy"

        def decide(self, state, seat, move, rng):
            events = super().decide(state, seat, move, rng)
            return [
                Event(
                    e.type, {**e.data, "by": 1} if e.type == "CounterAdvanced" else e.data, e.seat
                )
                for e in events
            ]

    original = registry.current("toy")
    registry.register(Stingy())
    try:
        report = games.audit(gid, current_rules=True)
        assert not report.ok
        assert report.mismatches[0].difference
        assert games.audit(gid).ok  # under the rules it was played with, all is well
    finally:
        registry.register(original)


def test_export_import_round_trip_is_verified(games):
    gid = new_game(games, players=("Ann", "Bob"), goal=6).game.id
    play_until(games, gid, 1000)
    record = games.export(gid)
    assert record["head"] == record["events"][-1]["hash"]
    imported = games.import_record(json.loads(json.dumps(record)))
    assert imported.game.state == games.get_game(gid).state
    # no signer here: the record is signed by nobody, so the game id it names is not taken
    assert imported.game.imported_from is None
    assert imported.game.provenance == {"signed_by": "nobody", "key": None}
    assert games.audit(imported.game.id).ok


@pytest.mark.parametrize("tamper", ["data", "drop", "hash", "reorder", "rehashed"])
def test_tampered_records_are_refused(games, tamper):
    from domain.platform.records import chain

    gid = new_game(games, players=("Ann", "Bob"), goal=6).game.id
    play_until(games, gid, 1000)
    record = json.loads(json.dumps(games.export(gid)))
    events = record["events"]
    if tamper == "data":
        events[3]["data"]["by"] = 2 if events[3]["data"].get("by") == 1 else 1
    elif tamper == "drop":
        del events[4]
    elif tamper == "hash":
        events[2]["hash"] = "0" * 64
    elif tamper == "reorder":
        events[3], events[4] = events[4], events[3]
    elif tamper == "rehashed":
        # a forger who recomputes the chain is caught by the audit instead
        counter = next(e for e in events if e["type"] == "CounterAdvanced")
        counter["data"]["by"] += 5
        stripped = [{k: v for k, v in e.items() if k not in ("hash", "prev_hash")} for e in events]
        record["events"] = chain(stripped)
        record["head"] = record["events"][-1]["hash"]
    with pytest.raises(RecordError):
        games.import_record(record)


def test_active_unseeded_game_cannot_be_imported_before_it_ends(games):
    created = games.create_game("toy", "race", ["Ann", "Bob"], {"goal": 50})
    play_until(games, created.game.id, 5)
    record = games.export(created.game.id)
    assert all(s["seed"] is None for s in record["events"][0]["data"]["seeds"])
    with pytest.raises(RecordError) as err:
        games.import_record(record)
    assert err.value.code == "record_incomplete"


def test_finished_games_cannot_be_undone(games):
    gid = new_game(games, players=("Ann",), goal=2).game.id
    play_until(games, gid, 100, chooser=lambda m: m[-1])
    with pytest.raises(GameOver):
        games.request_undo(gid, 0, 1)


def test_an_imported_game_is_the_game_its_stored_events_fold_to(games):
    """The import folds the events it has just stored instead of reading them back: the game
    it returns (and caches) must be exactly what a fold from the store gives, undo included."""
    gid = new_game(games, players=("Ann", "Bob"), goal=8).game.id
    games.play(gid, 0, {"type": "add", "by": 2})
    games.play(gid, 1, {"type": "add", "by": 1})
    request = games.request_undo(gid, 0, 2)
    assert request["status"] == "pending"
    games.answer_undo(gid, 1, request["request_id"], True)
    play_until(games, gid, 1000)
    record = json.loads(json.dumps(games.export(gid)))
    assert any(e["type"] == "UndoApplied" for e in record["events"])
    imported = games.import_record(record).game
    stored = games.rebuild(imported.id)
    assert vars(imported) == vars(stored)
