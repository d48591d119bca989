"""The same contract-only client plays complete Caverna games for 1, 2, 4 and 7 players: it
chooses only from ``GET …/moves``, then checks scores, the audit and the record round trip.
Nothing here knows Caverna's rules beyond its title name."""

from __future__ import annotations

import pytest

from .test_api_client import API, Client, check_finished

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "n,seed,variant",
    [(1, 31, "standard"), (2, 32, "standard"), (4, 33, "introductory"), (7, 34, "standard")],
)
def test_complete_caverna_games_through_the_api(client, n, seed, variant):
    titles = client.get(f"{API}/titles").get_json()
    assert "caverna" in [t["title"] for t in titles["titles"]]
    game = Client(client, NAMES[:n], seed, title="caverna", variant=variant)
    game.play_to_end(limit=20000)
    check_finished(client, game, n, seed)


def test_caverna_fork_and_bad_moves(client):
    game = Client(client, NAMES[:3], 41, title="caverna", variant="standard")
    for _ in range(40):
        game.play_one()
    summary = game.summary()
    seat = summary["to_act"][0]
    for bad, code in (
        ({"type": "twin", "side": "cavern_tunnel", "at": 14, "at2": 13}, None),
        ({"type": "place", "space": "moon"}, None),
        ({"type": "furnish", "tile": "dwelling", "at": 99}, "invalid_move"),
    ):
        response = client.post(game.url("/moves"), json=bad, headers=game.auth(seat))
        assert response.status_code == 422, response.get_json()
        problem = response.get_json()
        assert problem["detail"] and (code is None or problem["code"] == code)
    assert game.summary()["version"] == summary["version"]  # nothing written
    response = client.post(game.url("/forks"), json={"version": game.ends[-2]})
    assert response.status_code == 201, response.get_json()
