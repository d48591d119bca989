"""The API served from the read models (issue 5): lobby, score sheets per version with the
change each event made, and what healthz says about workers and lag."""

from __future__ import annotations

import random
import uuid

from domain.platform import registry

from .helpers import move, new_game


def _play(client, game, moves: int, seed: int = 2) -> int:
    rng = random.Random(seed)
    version = 1
    for _ in range(moves):
        summary = client.get(game.url).get_json()
        if not summary["to_act"]:
            break
        seat = rng.choice(summary["to_act"])
        options = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        response = move(client, game, seat, rng.choice(options))
        assert response.status_code == 201, response.get_json()
        version = response.get_json()["version"]
    return version


def test_score_sheets_at_every_version_match_a_replay_and_name_their_changes(client, services):
    """GET …/scores?version=N from the read model equals the title's sheet of the replayed
    state at N, and ``changes`` lists what event N changed (category, new count and points,
    and the difference)."""
    game = new_game(client, title="agricola", players=("Ann", "Bob"), seed=5)
    version = _play(client, game, 80)
    games = services.games()
    rules = registry.current("agricola")
    seen_change = False
    for v in range(1, version + 1):
        answer = client.get(f"{game.url}/scores?version={v}").get_json()
        replayed = rules.score_sheet(games.game_at(uuid.UUID(game.id), v).state)
        assert answer["seats"] == replayed["seats"], v
        assert answer["version"] == v
        changes = answer["changes"]
        assert changes is not None
        previous = client.get(f"{game.url}/scores?version={v - 1}").get_json() if v > 1 else None
        for change in changes:
            seat = change["seat"]
            now = {c["key"]: c for c in answer["seats"][seat]["categories"]}
            assert now[change["key"]]["points"] == change["points"]
            if previous is not None:
                before = {c["key"]: c for c in previous["seats"][seat]["categories"]}
                assert change["d_points"] == change["points"] - before[change["key"]]["points"]
            seen_change = True
    assert seen_change


def test_lobby_lists_a_game_as_soon_as_it_is_created(client):
    game = new_game(client, title="agricola", players=("Ann",), seed=1)
    listing = client.get("/api/v1/games?title=agricola&status=active").get_json()
    assert game.id in [g["id"] for g in listing["games"]]
    summary = next(g for g in listing["games"] if g["id"] == game.id)
    assert summary["to_act"] == client.get(game.url).get_json()["to_act"]


def test_healthz_reports_read_model_lag_and_notices(client):
    new_game(client, title="agricola", players=("Ann", "Bob"), seed=1)
    client.get("/api/v1/games")  # catches the read models up
    body = client.get("/healthz").get_json()
    assert body["store"] == "ok"
    assert body["read_models"]["lag"] == 0
    assert isinstance(body["notices"], dict)
    assert "workers" in body and "redis" in body
