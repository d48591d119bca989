"""Issue 26: a game's set-up facts are lines of their own in the log (Village's data-pack notice
and the first round's cube draw are no longer folded into "sit down to a game")."""

from __future__ import annotations

from .helpers import new_game


def test_village_setup_facts_are_their_own_log_lines(client):
    game = new_game(client, title="village")
    events = client.get(f"{game.url}/events").get_json()["events"]
    first = events[0]
    assert first["type"] == "GameCreated" and "sit down" in first["text"]
    lines = first["lines"]
    assert any(line.startswith("A game of Village") and "placeholders" in line for line in lines)
    assert any(line.startswith("This round's cubes are drawn") for line in lines)
    assert any(line.startswith("Round 1 begins") for line in lines)


def test_one_player_sits_down(client):
    response = client.post(
        "/api/v1/games", json={"title": "village", "variant": "solo", "players": ["Ann"], "seed": 3}
    )
    assert response.status_code == 201, response.get_json()
    url = f"/api/v1/games/{response.get_json()['id']}"
    first = client.get(f"{url}/events").get_json()["events"][0]
    assert first["text"].startswith("Ann sits down to a game of Village")
