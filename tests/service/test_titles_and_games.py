"""Creating, listing and reading games (POST/GET /api/v1/games, GET /api/v1/titles)."""

from __future__ import annotations

import uuid

import pytest

from .helpers import assert_problem, move, new_game


def test_titles_lists_variants_options_and_player_counts(client):
    response = client.get("/api/v1/titles")
    assert response.status_code == 200
    toy = next(t for t in response.get_json()["titles"] if t["title"] == "toy")
    assert toy["rules_version"] == "toy-1"
    variant = toy["variants"][0]
    assert (variant["name"], variant["min_players"], variant["max_players"]) == ("race", 1, 4)
    assert variant["options"][0]["name"] == "goal"


def test_create_answers_201_with_location_summary_and_seat_tokens(client):
    response = client.post(
        "/api/v1/games", json={"title": "toy", "players": ["Ann", "Bob"], "seed": 42}
    )
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{body['id']}"
    assert response.headers["ETag"] == '"1"'
    assert response.headers["Cache-Control"] == "no-store"
    assert body["variant"] == "race"  # the title's first variant by default
    assert body["status"] == "active" and body["version"] == 1
    assert body["players"] == [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]
    assert body["to_act"] == [0] and body["parent"] is None
    assert body["seeded"] is True and body["seed"] == 42
    assert [(s["seat"], s["name"]) for s in body["seats"]] == [(0, "Ann"), (1, "Bob")]
    tokens = [s["token"] for s in body["seats"]]
    assert len(set(tokens)) == 2 and all(
        t.startswith(uuid.UUID(body["id"]).hex + ".") for t in tokens
    )
    # the summary at the Location is the same game, without tokens
    summary = client.get(response.headers["Location"]).get_json()
    assert "seats" not in summary and summary["id"] == body["id"]


def test_create_without_seed_keeps_the_seed_private_and_publishes_its_hash(client):
    body = client.post("/api/v1/games", json={"title": "toy", "players": ["Ann"]}).get_json()
    assert body["seeded"] is False
    assert body["seed"] is None and len(body["seed_hash"]) == 64
    assert body["seeds"][0]["seed"] is None


def test_create_passes_options_to_the_title(client):
    body = client.post(
        "/api/v1/games",
        json={"title": "toy", "variant": "race", "players": ["Ann"], "options": {"goal": 3}},
    )
    assert body.get_json()["options"] == {"goal": 3, "secrets": True}  # defaults filled in


@pytest.mark.parametrize(
    "payload, field",
    [
        ({"players": ["Ann"]}, "title"),
        ({"title": "toy"}, "players"),
        ({"title": "toy", "players": []}, "players"),
        ({"title": "toy", "players": ["Ann", "Ann"]}, "players"),
        ({"title": "toy", "players": [""]}, "players"),
        ({"title": "toy", "players": ["   "]}, "players"),
        ({"title": "toy", "players": ["x" * 41]}, "players"),
        ({"title": "toy", "players": [f"P{i}" for i in range(9)]}, "players"),
        ({"title": "toy", "players": "Ann"}, "players"),
        ({"title": "toy", "players": [1, 2]}, "players"),
        ({"title": 5, "players": ["Ann"]}, "title"),
        ({"title": "toy", "players": ["Ann"], "seed": "4 2"}, "seed"),
        ({"title": "toy", "players": ["Ann"], "seed": 4.2}, "seed"),
        ({"title": "toy", "players": ["Ann"], "seed": True}, "seed"),
        ({"title": "toy", "players": ["Ann"], "seed": -1}, "seed"),
        ({"title": "toy", "players": ["Ann"], "seed": 2**256}, "seed"),
        ({"title": "toy", "players": ["Ann"], "options": []}, "options"),
        ({"title": "toy", "players": ["Ann"], "colour": "red"}, "colour"),
    ],
)
def test_create_refuses_bodies_that_fail_the_schema(client, payload, field):
    body = assert_problem(client.post("/api/v1/games", json=payload), 422, "invalid_request")
    assert field in body["errors"], body


def test_create_accepts_the_largest_seed(client):
    game = new_game(client, players=["Ann"], seed=2**256 - 1)
    assert game.body["seed"] == 2**256 - 1


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"title": "chess", "players": ["Ann"]}, "unknown_title"),
        ({"title": "toy", "variant": "sprint", "players": ["Ann"]}, "unknown_variant"),
        ({"title": "toy", "players": ["A", "B", "C", "D", "E"]}, "bad_player_count"),
        ({"title": "toy", "players": ["Ann"], "options": {"goal": "far"}}, "bad_option"),
        ({"title": "toy", "players": ["Ann"], "options": {"speed": 3}}, "bad_option"),
    ],
)
def test_create_reports_title_rules_with_their_codes(client, payload, code):
    body = assert_problem(client.post("/api/v1/games", json=payload), 422, code)
    assert body["detail"] and body["params"]


def test_summary_has_an_etag_and_answers_304_when_unchanged(client):
    game = new_game(client)
    first = client.get(game.url)
    assert first.status_code == 200 and first.headers["ETag"] == '"1"'
    assert client.get(game.url, headers={"If-None-Match": '"1"'}).status_code == 304
    move(client, game, 0, {"type": "add", "by": 1})
    again = client.get(game.url, headers={"If-None-Match": '"1"'})
    assert again.status_code == 200 and again.headers["ETag"] == '"2"'
    assert again.get_json()["version"] == 2 and again.get_json()["to_act"] == [1]


@pytest.mark.parametrize("game_id", [str(uuid.uuid4()), "not-a-uuid", "1234", "%00"])
def test_unknown_or_malformed_game_ids_are_404(client, game_id):
    for path in ("", "/moves", "/state", "/events", "/scores", "/audit", "/export"):
        assert_problem(client.get(f"/api/v1/games/{game_id}{path}"), 404, "game_not_found")
    assert_problem(
        client.post(f"/api/v1/games/{game_id}/forks", json={"version": 1}), 404, "game_not_found"
    )


def test_list_is_newest_first_with_filters_and_pages(client):
    ids = [new_game(client, players=[f"P{i}"]).id for i in range(5)]
    listing = client.get("/api/v1/games").get_json()
    assert [g["id"] for g in listing["games"]] == ids[::-1]
    assert (listing["page"], listing["page_size"], listing["total"]) == (1, 20, 5)
    second = client.get("/api/v1/games?page=2&page_size=2").get_json()
    assert [g["id"] for g in second["games"]] == ids[::-1][2:4] and second["total"] == 5
    assert client.get("/api/v1/games?page=9").get_json()["games"] == []
    # finish the oldest game: goal 1 is reached by the first move
    finished = new_game(client, players=["Solo"], goal=1)
    assert move(client, finished, 0, {"type": "add", "by": 1}).status_code == 201
    only = client.get("/api/v1/games?status=finished").get_json()
    assert [g["id"] for g in only["games"]] == [finished.id] and only["total"] == 1
    active = client.get("/api/v1/games?status=active&title=toy").get_json()
    assert active["total"] == 5
    assert client.get("/api/v1/games?title=agricola-x").get_json()["total"] == 0


@pytest.mark.parametrize(
    "query", ["page=0", "page=abc", "page_size=0", "page_size=101", "status=paused", "page=1.5"]
)
def test_list_refuses_unparsable_queries_with_400(client, query):
    body = assert_problem(client.get(f"/api/v1/games?{query}"), 400, "bad_request")
    assert body["errors"]
