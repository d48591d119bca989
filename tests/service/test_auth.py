"""Seat tokens: 401 without or with an unknown token, 403 with another game's token."""

from __future__ import annotations

import pytest

from .helpers import assert_problem, move, new_game

SEAT_ONLY = [
    ("post", "/moves", {"type": "add", "by": 1}),
    ("post", "/undo", {"version": 1}),
    ("post", "/undo/2/accept", None),
    ("post", "/undo/2/reject", None),
]
TOKEN_OPTIONAL = ["/moves", "/state", "/events", "/scores", "/audit"]


def _call(client, method, url, body, headers):
    return getattr(client, method)(url, json=body, headers=headers)


@pytest.mark.parametrize("method, path, body", SEAT_ONLY)
def test_seat_actions_need_a_token(client, method, path, body):
    game = new_game(client)
    problem = assert_problem(_call(client, method, game.url + path, body, {}), 401, "unauthorized")
    assert "Bearer" in problem["detail"]


@pytest.mark.parametrize(
    "header", ["Bearer nonsense", "Bearer ", "Basic YW5uOnB3", "Token abc", "Bearer " + "x" * 500]
)
@pytest.mark.parametrize("method, path, body", SEAT_ONLY[:2])
def test_unknown_or_malformed_tokens_are_401(client, method, path, body, header):
    game = new_game(client)
    response = _call(client, method, game.url + path, body, {"Authorization": header})
    assert_problem(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_forged_token_naming_this_game_is_401(client):
    game = new_game(client)
    forged = game.tokens[0].split(".")[0] + "." + "A" * 43
    assert_problem(
        move(client, game, 0, {"type": "add", "by": 1}, Authorization=f"Bearer {forged}"),
        401,
        "unauthorized",
    )


@pytest.mark.parametrize("method, path, body", SEAT_ONLY)
def test_another_games_token_is_403(client, method, path, body):
    game, other = new_game(client), new_game(client)
    response = _call(client, method, game.url + path, body, other.auth(0))
    assert_problem(response, 403, "forbidden")


@pytest.mark.parametrize("path", TOKEN_OPTIONAL)
def test_reads_accept_no_token_but_refuse_bad_ones(client, path):
    game, other = new_game(client), new_game(client)
    assert client.get(game.url + path).status_code == 200
    assert client.get(game.url + path, headers=game.auth(1)).status_code == 200
    assert_problem(client.get(game.url + path, headers={"Authorization": "Bearer nope"}), 401)
    assert_problem(client.get(game.url + path, headers=other.auth(0)), 403, "forbidden")


def test_a_token_acts_only_for_its_own_seat(client):
    game = new_game(client)
    # Bob's token cannot make Ann's move: the seat comes from the token
    assert_problem(move(client, game, 1, {"type": "add", "by": 1}), 422, "not_your_turn")
    assert move(client, game, 0, {"type": "add", "by": 1}).status_code == 201


def test_unknown_games_are_404_before_any_token_check(client):
    other = new_game(client)
    response = client.post(
        "/api/v1/games/00000000-0000-4000-8000-000000000000/moves",
        json={"type": "add", "by": 1},
        headers=other.auth(0),
    )
    assert_problem(response, 404, "game_not_found")


def test_the_token_is_checked_before_the_body_is_read(client):
    game = new_game(client)
    assert_problem(client.post(f"{game.url}/moves", data=b"{not json"), 401, "unauthorized")
    assert_problem(client.post(f"{game.url}/undo", json={"version": "x"}), 401, "unauthorized")
    assert_problem(
        client.post("/api/v1/games/00000000-0000-4000-8000-000000000000/moves", data=b"{not json"),
        404,
        "game_not_found",
    )
