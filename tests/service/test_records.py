"""Export and import: a finished game round-trips; a tampered record is refused."""
from __future__ import annotations

import copy

import pytest

from .helpers import assert_problem, new_game, play_turns


@pytest.fixture
def finished_record(client):
    game = new_game(client, seed=None, goal=3)
    while client.get(game.url).get_json()["status"] != "finished":
        play_turns(client, game, 1)
    return game, client.get(f"{game.url}/export").get_json()


def test_export_then_import_rebuilds_the_same_game(client, finished_record):
    game, record = finished_record
    assert record["game"]["seed"] is not None  # revealed once the game is over
    response = client.post("/api/v1/games/import", json=record)
    assert response.status_code == 201
    body = response.get_json()
    assert body["imported_from"] == game.id and body["id"] != game.id
    assert body["version"] == record["game"]["version"] and body["status"] == "finished"
    assert len(body["seats"]) == 2
    assert response.headers["Location"] == f"/api/v1/games/{body['id']}"
    original = client.get(f"{game.url}/state").get_json()["state"]
    assert client.get(f"/api/v1/games/{body['id']}/state").get_json()["state"] == original
    assert client.get(f"/api/v1/games/{body['id']}/audit").get_json()["ok"] is True
    again = client.get(f"/api/v1/games/{body['id']}/export").get_json()
    def facts(events):
        return [(e["version"], e["type"], e["seat"], e["data"]) for e in events[1:]]
    assert facts(again["events"]) == facts(record["events"])


def _tamper_data(record):
    record["events"][2]["data"]["by"] = 2


def _drop_event(record):
    del record["events"][2]


def _wrong_hash(record):
    record["events"][-1]["hash"] = "0" * 64


def _wrong_head(record):
    record["head"] = "f" * 64


def _rehash_after_tampering(record):
    """Change a move's outcome and recompute the chain: the audit still catches it."""
    from domain.records import chain
    record["events"][1]["data"]["by"] = 2
    hashed = ("version", "type", "seat", "data", "command", "recorded_at")
    record["events"] = chain([{k: e.get(k) for k in hashed} for e in record["events"]])
    record["head"] = record["events"][-1]["hash"]


@pytest.mark.parametrize("tamper, code", [
    (_tamper_data, "record_tampered"), (_drop_event, "record_tampered"),
    (_wrong_hash, "record_tampered"), (_wrong_head, "record_tampered"),
    (_rehash_after_tampering, "record_audit_failed")])
def test_a_tampered_record_is_refused_and_nothing_is_stored(client, finished_record, tamper,
                                                            code):
    _, record = finished_record
    before = client.get("/api/v1/games").get_json()["total"]
    broken = copy.deepcopy(record)
    tamper(broken)
    assert_problem(client.post("/api/v1/games/import", json=broken), 422, code)
    assert client.get("/api/v1/games").get_json()["total"] == before


def test_a_record_exported_while_playing_cannot_be_imported(client):
    game = new_game(client, seed=None)
    play_turns(client, game, 1)
    record = client.get(f"{game.url}/export").get_json()
    assert_problem(client.post("/api/v1/games/import", json=record), 422, "record_incomplete")


@pytest.mark.parametrize("body, status, code", [
    ({}, 422, "invalid_request"),
    ({"format": "chronicle-game-record/1"}, 422, "invalid_request"),
    ({"format": "x", "events": []}, 422, "record_invalid"),
    ({"format": "chronicle-game-record/1", "events": []}, 422, "record_invalid"),
    ({"format": "chronicle-game-record/1", "events": [{"version": 1}]}, 422, "record_tampered"),
    ({"format": "chronicle-game-record/1", "events": ["x"]}, 422, "invalid_request"),
    ({"format": "chronicle-game-record/1", "events": [{}], "extra": 1}, 422, "invalid_request"),
])
def test_malformed_records_are_refused(client, body, status, code):
    assert_problem(client.post("/api/v1/games/import", json=body), status, code)


def test_hand_made_records_that_break_the_rules_assumptions_are_422(client, finished_record):
    from domain.records import chain
    _, record = finished_record
    hashed = ("version", "type", "seat", "data", "command", "recorded_at")
    for mangle in (lambda e: e[0]["data"].pop("players"),
                   lambda e: e[0]["data"].update(setup="nonsense"),
                   lambda e: e[1].update(command={"seat": 7, "move": {"type": "add", "by": 1}}),
                   lambda e: e[1].update(seat="zero"),
                   lambda e: e[0]["data"].update(rules_version="toy-99")):
        events = copy.deepcopy([{k: e.get(k) for k in hashed} for e in record["events"]])
        mangle(events)
        chained = chain(events)
        response = client.post("/api/v1/games/import", json={
            "format": record["format"], "events": chained, "head": chained[-1]["hash"]})
        assert response.status_code == 422, response.get_json()
        assert response.mimetype == "application/problem+json"


def test_a_large_record_may_exceed_the_move_body_limit(client, app, finished_record):
    _, record = finished_record
    padded = copy.deepcopy(record)
    padded["game"]["padding"] = "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)
    assert client.post("/api/v1/games/import", json=padded).status_code == 201
