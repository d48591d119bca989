"""POST /api/v1/my-games: the "my games" read model (issue 5), games waiting for the player
first."""

from __future__ import annotations

from .helpers import move, new_game


def test_games_waiting_for_the_player_come_first(client):
    first = new_game(client, players=("Ann", "Bob"), goal=50)  # Ann (seat 0) to act
    second = new_game(client, players=("Ann", "Bob"), goal=50)
    assert move(client, second, 0, {"type": "add", "by": 1}).status_code == 201  # now Bob's
    answer = client.post(
        "/api/v1/my-games", json={"tokens": [first.tokens[1], second.tokens[1], "not-a-token"]}
    )
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["unknown"] == 1
    assert [(g["id"], g["seat"], g["my_turn"]) for g in body["games"]] == [
        (second.id, 1, True),
        (first.id, 1, False),
    ]
    assert body["games"][0]["waiting_version"] == 2


def test_a_token_list_is_required(client):
    response = client.post("/api/v1/my-games", json={})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_request"
