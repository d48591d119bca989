"""Reading history: state at a version, the event log, scores, audits, exports."""

from __future__ import annotations

import pytest

from .helpers import assert_problem, move, new_game, play_turns


def test_state_is_per_viewer_and_at_any_version(client):
    game = new_game(client)
    play_turns(client, game, 2)  # Ann, Bob (the lap ends: a bonus is drawn)
    public = client.get(f"{game.url}/state").get_json()
    assert public["version"] == 4
    assert public["state"]["counters"] == [1, 1] and public["state"]["phase"] == "ready"
    assert "_private" not in public["state"] and "_secret" not in public["state"]
    ann = client.get(f"{game.url}/state", headers=game.auth(0)).get_json()["state"]
    assert set(ann["_private"]) == {"0"} and "_secret" not in ann
    at_two = client.get(f"{game.url}/state?version=2").get_json()
    assert at_two["version"] == 2 and at_two["state"]["counters"] == [1, 0]
    assert client.get(f"{game.url}/state?version=1").get_json()["state"]["counters"] == [0, 0]


@pytest.mark.parametrize("version", [0, -1, 99, 10**30])
def test_state_and_scores_of_a_missing_version_are_404(client, version):
    game = new_game(client)
    for path in ("state", "scores"):
        body = assert_problem(
            client.get(f"{game.url}/{path}?version={version}"), 404, "version_not_found"
        )
        assert body["params"]["current"] == 1


@pytest.mark.parametrize("query", ["version=two", "version=1.5", "version="])
def test_unparsable_versions_are_400(client, query):
    game = new_game(client)
    assert_problem(client.get(f"{game.url}/state?{query}"), 400, "bad_request")


def test_events_in_order_with_sentences_and_paging(client):
    game = new_game(client)
    play_turns(client, game, 3)
    body = client.get(f"{game.url}/events").get_json()
    assert body["version"] == 5  # add, add (+ bonus drawn), ready
    events = body["events"]
    assert [e["version"] for e in events] == [1, 2, 3, 4, 5]
    assert events[0]["type"] == "GameCreated" and "Ann and Bob" in events[0]["text"]
    assert all(
        {"version", "type", "seat", "recorded_at", "data", "text", "undone"} <= set(e)
        for e in events
    )
    page = client.get(f"{game.url}/events?after=2&limit=2").get_json()
    assert [e["version"] for e in page["events"]] == [3, 4] and page["version"] == 5
    assert client.get(f"{game.url}/events?after=5").get_json()["events"] == []


@pytest.mark.parametrize("query", ["after=-1", "limit=0", "limit=-5", "after=x"])
def test_events_refuse_unparsable_paging(client, query):
    game = new_game(client)
    assert_problem(client.get(f"{game.url}/events?{query}"), 400, "bad_request")


def test_scores_now_and_at_a_version_and_final_at_the_end(client):
    game = new_game(client, goal=2)
    move(client, game, 0, {"type": "add", "by": 1})
    sheet = client.get(f"{game.url}/scores").get_json()
    assert sheet["version"] == 2 and sheet["final"] is False
    assert [s["total"] for s in sheet["seats"]] == [1, 0] and sheet["winners"] == [0]
    assert sheet["seats"][0]["categories"][0]["points"] == 1
    move(client, game, 1, {"type": "add", "by": 2})
    final = client.get(f"{game.url}/scores").get_json()
    assert final["final"] is True and final["winners"] == [1]
    assert client.get(f"{game.url}/scores?version=1").get_json()["final"] is False


def test_audit_is_ok_and_detail_cites_the_rules(client):
    game = new_game(client)
    play_turns(client, game, 3)
    report = client.get(f"{game.url}/audit").get_json()
    assert report == {"ok": True, "checked": 4, "rules_version": "toy-1", "mismatches": []}
    detailed = client.get(f"{game.url}/audit?detail=true").get_json()
    assert detailed["ok"] is True
    assert [s["version"] for s in detailed["steps"]] == [2, 3, 4, 5]
    assert detailed["steps"][0]["text"] == "Ann advances 1." and detailed["steps"][0]["rule"]


def test_export_is_the_hash_chained_record(client):
    game = new_game(client)
    play_turns(client, game, 2)
    record = client.get(f"{game.url}/export").get_json()
    assert record["format"] == "chronicle-game-record/1"
    assert record["game"]["id"] == game.id
    assert [e["version"] for e in record["events"]] == [1, 2, 3, 4]
    assert record["head"] == record["events"][-1]["hash"]
    assert record["events"][1]["prev_hash"] == record["events"][0]["hash"]


def test_a_misspelt_query_parameter_is_400_not_ignored(client):
    game = new_game(client)
    body = assert_problem(client.get(f"{game.url}/state?verison=1"), 400, "bad_request")
    assert "verison" in body["errors"]


def test_events_page_through_the_log_with_next_after(client):
    game = new_game(client, goal=50)
    play_turns(client, game, 6)
    first = client.get(f"{game.url}/events?after=0&limit=3").get_json()
    assert [e["version"] for e in first["events"]] == [1, 2, 3]
    assert first["next_after"] == 3
    rest = client.get(f"{game.url}/events?after={first['next_after']}&limit=100000").get_json()
    assert rest["next_after"] is None
    assert rest["events"][-1]["version"] == rest["version"]


def test_the_game_list_accepts_limit_and_offset(client):
    ids = [new_game(client, players=[f"P{i}"]).id for i in range(5)]
    newest = ids[::-1]
    listing = client.get("/api/v1/games?limit=2&offset=2").get_json()
    assert [g["id"] for g in listing["games"]] == newest[2:4]
    assert (listing["page"], listing["page_size"]) == (2, 2)
    assert [g["id"] for g in client.get("/api/v1/games?per_page=1").get_json()["games"]] == newest[
        :1
    ]
