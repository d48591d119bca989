"""Issue 22: imports go through the rules (undo and its answers included), records are signed,
and a record of a game still being played cannot be imported. Each forgery here was accepted
(or hung the server) before."""

from __future__ import annotations

import copy
import threading

import pytest

from domain.platform.records import HASHED_FIELDS, chain

from .helpers import assert_problem, move, new_game, play_turns


def _undo(client, game, seat, version):
    return client.post(f"{game.url}/undo", json={"version": version}, headers=game.auth(seat))


def _finish(client, game):
    while client.get(game.url).get_json()["status"] != "finished":
        play_turns(client, game, 1)


@pytest.fixture
def undo_record(client):
    """A finished, unseeded game whose log holds every kind of undo event."""
    game = new_game(client, seed=None, goal=4)
    move(client, game, 0, {"type": "add", "by": 1})  # v2
    assert _undo(client, game, 0, 1).get_json()["status"] == "applied"  # v3 at once
    move(client, game, 0, {"type": "add", "by": 1})  # v4
    move(client, game, 1, {"type": "add", "by": 1})  # v5, v6 (bonus)
    request = _undo(client, game, 0, 4).get_json()  # v7 requested
    assert request["status"] == "pending"
    client.post(f"{game.url}/undo/{request['request_id']}/reject", headers=game.auth(1))  # v8
    request = _undo(client, game, 0, 4).get_json()  # v9 requested
    client.post(f"{game.url}/undo/{request['request_id']}/accept", headers=game.auth(1))  # v10+11
    _finish(client, game)
    record = client.get(f"{game.url}/export").get_json()
    kinds = {e["type"] for e in record["events"]}
    assert {"UndoRequested", "UndoAccepted", "UndoRejected", "UndoApplied"} <= kinds
    return game, record


def _rechain(record, events, keep_signature=False):
    """``record`` with ``events`` re-hashed as a forger would (the chain has no key)."""
    forged = copy.deepcopy(record)
    forged["events"] = chain([{k: e.get(k) for k in HASHED_FIELDS} for e in events])
    forged["head"] = forged["events"][-1]["hash"]
    if not keep_signature:
        forged.pop("signature", None)
    return forged


def _games_total(client):
    return client.get("/api/v1/games").get_json()["total"]


def test_an_honest_record_with_undo_requests_answers_and_rejections_imports(client, undo_record):
    game, record = undo_record
    answer = client.post("/api/v1/games/import", json=record)
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["imported"]["signed_by"] == "this_service"
    assert body["imported_from"] == game.id
    assert client.get(f"/api/v1/games/{body['id']}/audit").get_json()["ok"] is True


@pytest.mark.parametrize(
    "appended",
    [
        {"type": "UndoRequested", "seat": 0, "data": {}},
        {
            "type": "UndoRequested",
            "seat": 0,
            "data": {"to_version": 2, "by": 0, "waiting": [1]},
            "command": {"seat": 0, "meta": "UndoRequested", "count": 1},
        },
        {
            "type": "UndoApplied",
            "seat": 1,
            "data": {"to_version": 2, "by": 1, "request_id": None},
            "command": {"seat": 1, "meta": "UndoApplied", "count": 1},
        },
    ],
)
def test_an_appended_undo_event_is_refused_and_nothing_breaks(client, undo_record, appended):
    _, record = undo_record
    before = _games_total(client)
    events = copy.deepcopy(record["events"])
    events.append(
        {**appended, "version": len(events) + 1, "recorded_at": events[-1]["recorded_at"]}
    )
    problem = assert_problem(
        client.post("/api/v1/games/import", json=_rechain(record, events)),
        422,
        "record_audit_failed",
    )
    assert problem["params"]["version"] == len(events)
    assert _games_total(client) == before
    assert client.get("/api/v1/games").status_code == 200
    assert client.get("/").status_code == 200


def test_an_injected_rejection_that_nobody_made_is_refused(client, undo_record):
    _, record = undo_record
    events = copy.deepcopy(record["events"])
    # after v4 nobody has asked for anything: a rejection of "request 4" is made up
    injected = {
        "type": "UndoRejected",
        "seat": 1,
        "data": {"request_id": 4, "seat": 1},
        "command": {"seat": 1, "meta": "UndoRejected", "count": 1},
        "recorded_at": events[3]["recorded_at"],
    }
    events.insert(4, injected)
    for i, e in enumerate(events, start=1):
        e["version"] = i
    problem = assert_problem(
        client.post("/api/v1/games/import", json=_rechain(record, events)),
        422,
        "record_audit_failed",
    )
    assert problem["params"]["version"] == 5
    assert "no open undo request" in problem["detail"]


@pytest.mark.parametrize("count", [-1, 0, 10**9, "2", True, None])
def test_a_command_count_outside_the_record_is_refused_at_once(client, undo_record, count):
    _, record = undo_record
    events = copy.deepcopy(record["events"])
    events[1]["command"]["count"] = count
    answers = []
    worker = threading.Thread(
        target=lambda: answers.append(
            client.post("/api/v1/games/import", json=_rechain(record, events))
        ),
        daemon=True,
    )
    worker.start()
    worker.join(60)  # a hang guard, not a speed target: before the fix this never returned
    assert answers, "the import did not return"
    assert_problem(answers[0], 422, "record_audit_failed")


def test_the_game_id_counts_only_under_a_signature(client, undo_record):
    game, record = undo_record
    other = new_game(client).id
    named = copy.deepcopy(record)
    named["game"]["id"] = other  # outside the chain: the signature no longer holds
    assert_problem(client.post("/api/v1/games/import", json=named), 422, "record_tampered")
    named.pop("signature")
    body = client.post("/api/v1/games/import", json=named).get_json()
    assert body["imported"]["signed_by"] == "nobody"
    assert "imported_from" not in body or body["imported_from"] is None


def test_a_forged_signature_is_refused(client, undo_record):
    _, record = undo_record
    forged = copy.deepcopy(record)
    value = forged["signature"]["value"]
    forged["signature"]["value"] = ("A" if value[0] != "A" else "B") + value[1:]
    assert_problem(client.post("/api/v1/games/import", json=forged), 422, "record_tampered")


def test_an_unseeded_finished_game_cut_before_its_last_move_is_refused(client, undo_record):
    _, record = undo_record
    events = copy.deepcopy(record["events"])
    last = max(i for i, e in enumerate(events) if e.get("command"))
    before = _games_total(client)
    problem = assert_problem(
        client.post("/api/v1/games/import", json=_rechain(record, events[:last])),
        422,
        "record_incomplete",
    )
    assert "not over" in problem["detail"]
    assert _games_total(client) == before


def test_an_active_games_export_is_a_view_for_its_viewer_and_cannot_be_imported(client):
    game = new_game(client, seed=None)
    play_turns(client, game, 2)
    public = client.get(f"{game.url}/export").get_json()
    assert public["kind"] == "view" and public["viewer"] is None
    mine = client.get(f"{game.url}/export", headers=game.auth(1)).get_json()
    assert mine["kind"] == "view" and mine["viewer"] == 1
    setup = mine["events"][0]["data"]["setup"][0]["data"]
    assert "1" in setup["_private"] and "0" not in setup["_private"]  # only seat 1's own part
    assert mine["signature"]["algorithm"] == "Ed25519"
    problem = assert_problem(
        client.post("/api/v1/games/import", json=mine), 422, "record_incomplete"
    )
    assert "seat 1's view" in problem["detail"] and "seed" in problem["detail"]
    assert problem["params"]["missing"]


def test_a_finished_games_export_is_the_full_record_for_everyone(client, undo_record):
    game, record = undo_record
    assert record["kind"] == "full" and record["viewer"] is None
    assert (
        client.get(f"{game.url}/export", headers=game.auth(0)).get_json()["events"]
        == record["events"]
    )


def test_an_undo_across_a_reveal_applied_without_consent_is_refused(client, monkeypatch):
    """The platform's undo rule is the same in play and in imports: after a draw every other
    seat must consent, so an undo "applied at once" across it is a forgery."""
    from tests.support.toy import TOY

    monkeypatch.setattr(TOY, "revealing_events", frozenset({"BonusDrawn"}))
    game = new_game(client, seed=7, goal=3)
    move(client, game, 0, {"type": "add", "by": 1})  # v2
    move(client, game, 1, {"type": "add", "by": 1})  # v3, v4: a bonus is drawn
    request = _undo(client, game, 1, 2).get_json()
    assert request["status"] == "pending"  # Ann must consent
    client.post(f"{game.url}/undo/{request['request_id']}/reject", headers=game.auth(0))
    _finish(client, game)
    record = client.get(f"{game.url}/export").get_json()
    honest = _rechain(record, record["events"][:4])  # a seeded game may be cut anywhere
    assert client.post("/api/v1/games/import", json=honest).status_code == 201
    events = copy.deepcopy(record["events"][:4])
    events.append(
        {
            "version": 5,
            "type": "UndoApplied",
            "seat": 1,
            "data": {"to_version": 2, "by": 1, "request_id": None},
            "command": {"seat": 1, "meta": "UndoApplied", "count": 1},
            "recorded_at": events[-1]["recorded_at"],
        }
    )
    forged = _rechain(record, events)
    problem = assert_problem(
        client.post("/api/v1/games/import", json=forged), 422, "record_audit_failed"
    )
    assert problem["params"]["version"] == 5


def test_an_operators_full_record_of_a_game_in_play(client, services):
    """The CLI's export is the full record at any time: a seeded game's imports (its seed is
    public), an unseeded one's is refused until the game is over (its seed is secret)."""
    import uuid as _uuid

    games = services.games()
    for seed, status in ((5, 201), (None, 422)):
        game = new_game(client, seed=seed)
        play_turns(client, game, 2)
        record = json_roundtrip(games.export(_uuid.UUID(game.id), None, True))
        assert record["kind"] == "full" and record["signature"]
        setup = record["events"][0]["data"]["setup"][0]["data"]
        assert set(setup["_private"]) == {"0", "1"}  # everything, for the operator
        answer = client.post("/api/v1/games/import", json=record)
        assert answer.status_code == status, answer.get_json()
        if status == 422:
            assert answer.get_json()["code"] == "record_incomplete"


def json_roundtrip(value):
    import json

    return json.loads(json.dumps(value))


def test_the_signing_key_command_prints_the_public_key(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "CHRONICLE_DATA_DIR": str(tmp_path), "REDIS_URL": ""}
    chronicle = os.path.join(os.path.dirname(sys.executable), "chronicle")
    first = subprocess.run(
        [chronicle, "signing-key"], env=env, capture_output=True, text=True, check=False
    )
    again = subprocess.run(
        [chronicle, "signing-key"], env=env, capture_output=True, text=True, check=False
    )
    assert first.returncode == 0 and len(first.stdout.strip()) == 43
    assert first.stdout == again.stdout and (tmp_path / "signing-key.pem").exists()
