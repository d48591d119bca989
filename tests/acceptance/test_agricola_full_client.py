"""The contract-only client plays complete Agricola full games (issue 10, in progress) for 1 to
4 players from the listed moves: while it plays, no seat's view shows another seat's hand; at
the end the audit holds and the record round-trips."""

from __future__ import annotations

import pytest

from .test_api_client import API, Client

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "n,seed,dealing",
    [
        (1, 51, "10-3"),
        (2, 52, "normal"),
        (5, 55, "normal"),
        (3, 53, "draft"),
        (4, 54, "redeal"),
        (2, 56, "10-3"),
        (5, 57, "10-3"),
    ],
)
def test_complete_full_games_through_the_api(client, n, seed, dealing):
    response = client.post(
        f"{API}/games",
        json={
            "title": "agricola",
            "variant": "full",
            "players": NAMES[:n],
            "seed": seed,
            "options": {"dealing": dealing, "exchange": n == 3},
        },
    )
    assert response.status_code == 201, response.get_json()
    game = Client.__new__(Client)
    body = response.get_json()
    game.http, game.id = client, body["id"]
    game.tokens = {s["seat"]: s["token"] for s in body["seats"]}
    game.rng, game.ends = __import__("random").Random(seed), [body["version"]]
    hands = {}
    for seat in range(n):
        state = game.state(seat=seat)["state"]
        assert set(state["hands"]["_private"]) == {str(seat)}
        hands[seat] = state["hands"]["_private"][str(seat)]
    assert game.state()["state"]["hands"] == {}
    game.play_to_end(limit=20000)
    final = game.summary()
    assert final["status"] == "finished"
    scores = client.get(game.url("/scores")).get_json()
    for row in scores["seats"]:
        assert row["total"] == sum(c["points"] for c in row["categories"])
    audit = client.get(game.url("/audit?detail=true")).get_json()
    assert audit["ok"] is True
    played = [s for s in audit["steps"] if s["type"] in ("OccupationPlayed", "MinorPlayed")]
    assert played, "a random full game plays some cards"
    for step in played:
        assert "card E" in step["rule"] and "plays the" in step["text"], step
    record = client.get(game.url("/export")).get_json()
    response = client.post(f"{API}/games/import", json=record)
    assert response.status_code == 201, response.get_json()
