"""Export and import: a finished game round-trips; a tampered record is refused."""

from __future__ import annotations

import copy

import pytest

from domain.platform.records import chain

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
    from domain.platform.records import chain

    record["events"][1]["data"]["by"] = 2
    hashed = ("version", "type", "seat", "data", "command", "recorded_at")
    record["events"] = chain([{k: e.get(k) for k in hashed} for e in record["events"]])
    record["head"] = record["events"][-1]["hash"]
    record.pop("signature")  # its signature would no longer hold: an unsigned forgery


@pytest.mark.parametrize(
    "tamper, code",
    [
        (_tamper_data, "record_tampered"),
        (_drop_event, "record_tampered"),
        (_wrong_hash, "record_tampered"),
        (_wrong_head, "record_tampered"),
        (_rehash_after_tampering, "record_audit_failed"),
    ],
)
def test_a_tampered_record_is_refused_and_nothing_is_stored(client, finished_record, tamper, code):
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


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({}, 422, "invalid_request"),
        ({"format": "chronicle-game-record/1"}, 422, "invalid_request"),
        ({"format": "x", "events": []}, 422, "record_invalid"),
        ({"format": "chronicle-game-record/1", "events": []}, 422, "record_invalid"),
        ({"format": "chronicle-game-record/1", "events": [{"version": 1}]}, 422, "record_tampered"),
        ({"format": "chronicle-game-record/1", "events": ["x"]}, 422, "invalid_request"),
        ({"format": "chronicle-game-record/1", "events": [{}], "extra": 1}, 422, "invalid_request"),
    ],
)
def test_malformed_records_are_refused(client, body, status, code):
    assert_problem(client.post("/api/v1/games/import", json=body), status, code)


def test_hand_made_records_that_break_the_rules_assumptions_are_422(client, finished_record):
    from domain.platform.records import chain

    _, record = finished_record
    hashed = ("version", "type", "seat", "data", "command", "recorded_at")
    for mangle in (
        lambda e: e[0]["data"].pop("players"),
        lambda e: e[0]["data"].update(setup="nonsense"),
        lambda e: e[1].update(command={"seat": 7, "move": {"type": "add", "by": 1}}),
        lambda e: e[1].update(seat="zero"),
        lambda e: e[0]["data"].update(rules_version="toy-99"),
    ):
        events = copy.deepcopy([{k: e.get(k) for k in hashed} for e in record["events"]])
        mangle(events)
        chained = chain(events)
        response = client.post(
            "/api/v1/games/import",
            json={"format": record["format"], "events": chained, "head": chained[-1]["hash"]},
        )
        assert response.status_code == 422, response.get_json()
        assert response.mimetype == "application/problem+json"


def test_a_large_record_may_exceed_the_move_body_limit(client, app, finished_record):
    _, record = finished_record
    padded = copy.deepcopy(record)
    padded["game"]["padding"] = "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)
    assert client.post("/api/v1/games/import", json=padded).status_code == 201


def test_seeds_are_also_strings_for_javascript_and_are_accepted_as_strings(client):
    """Issue 8 item 2: seeds run past 2^53, so every seed also travels as ``seed_str``."""
    big = 2**200 + 12345
    game = new_game(client, seed=str(big), goal=2)  # a seed given as decimal digits
    summary = client.get(game.url).get_json()
    assert summary["seed"] == big and summary["seed_str"] == str(big)
    assert [s["seed_str"] for s in summary["seeds"]] == [str(big)]
    created = client.get(f"{game.url}/events").get_json()["events"][0]
    assert created["data"]["seeds"][0]["seed_str"] == str(big)
    same = new_game(client, seed=big, goal=2)
    assert client.get(same.url).get_json()["seed_hash"] == summary["seed_hash"]
    for bad in ("-1", "12a", " 12", "1.0", "", True, 1.5, str(2**256)):
        answer = client.post("/api/v1/games", json={"title": "toy", "players": ["A"], "seed": bad})
        assert answer.status_code == 422, bad
        assert "seed" in answer.get_json()["errors"]


def test_an_unrevealed_seed_has_no_string_either(client):
    game = new_game(client, seed=None, goal=100)
    summary = client.get(game.url).get_json()
    assert summary["seed"] is None and summary["seed_str"] is None


def test_a_record_whose_seed_is_given_as_digits_imports(client, finished_record):
    """A client that cannot hold the seed as a number keeps ``seed_str`` and re-chains."""
    _, record = finished_record
    for segment in record["events"][0]["data"]["seeds"]:
        segment["seed"] = None  # lost, as a JavaScript number would lose its low digits
    unchained = [
        {k: v for k, v in e.items() if k not in ("prev_hash", "hash")} for e in record["events"]
    ]
    record["events"] = chain(unchained)
    record["head"] = record["events"][-1]["hash"]
    record.pop("signature")  # re-chained: no longer the record this service signed
    answer = client.post("/api/v1/games/import", json=record)
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["imported"]["signed_by"] == "nobody"
    for segment in record["events"][0]["data"]["seeds"]:
        segment["seed_str"] = str(int(segment["seed_str"]) + 1)  # a wrong seed
    record["events"] = chain(
        [{k: v for k, v in e.items() if k not in ("prev_hash", "hash")} for e in record["events"]]
    )
    record["head"] = record["events"][-1]["hash"]
    refused = client.post("/api/v1/games/import", json=record)
    assert refused.status_code == 422 and refused.get_json()["code"] == "record_tampered"
