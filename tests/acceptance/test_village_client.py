"""The contract-only client plays complete Village games for 1 to 5 players: it chooses only
from ``GET …/moves``, then checks the scores, the audit, the record round trip and what the
service tells players about the provisional component values (issue 12)."""

from __future__ import annotations

import pytest

from .test_api_client import API, Client, check_finished

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


@pytest.mark.slow
@pytest.mark.parametrize("n,seed", [(1, 51), (2, 52), (3, 53), (4, 54), (5, 55)])
def test_complete_village_games_through_the_api(client, n, seed):
    titles = client.get(f"{API}/titles").get_json()["titles"]
    village = next(t for t in titles if t["title"] == "village")
    assert village["data_pack"]["provisional"] is True
    assert "council.time.2" in village["data_pack"]["provisional_values"]
    assert village["data_pack"]["statuses"]["scoring.travel"] == "SRC-BB"
    assert set(village["expansions"]) == {"inn", "port", "wedding"}
    game = Client(
        client, NAMES[:n], seed, title="village", variant="solo" if n == 1 else "standard"
    )
    first = game.summary()
    assert first["data_pack"]["name"] == village["data_pack"]["name"]
    assert first["data_pack"]["hash"] == village["data_pack"]["hash"]
    assert "provisional component values" in first["data_pack"]["notice"]
    game.play_to_end(limit=20000)
    record = check_finished(client, game, n, seed)
    assert "village-bigbox-provisional" in str(record)  # the record carries the pack


def test_village_bad_moves_and_a_fork(client):
    game = Client(client, NAMES[:3], 61, title="village", variant="standard")
    for _ in range(30):
        game.play_one()
    summary = game.summary()
    seat = summary["to_act"][0]
    for bad in (
        {"type": "take", "space": "moon", "colour": "green"},
        {"type": "fly"},
        {"type": "church", "gen": 9, "pay": "time"},
        {"type": "well", "colour": 3},
    ):
        response = client.post(game.url("/moves"), json=bad, headers=game.auth(seat))
        assert response.status_code == 422, response.get_json()
        problem = response.get_json()
        assert problem["detail"] and problem["code"]
    assert game.summary()["version"] == summary["version"]  # nothing written
    response = client.post(game.url("/forks"), json={"version": game.ends[-2]})
    assert response.status_code == 201, response.get_json()
