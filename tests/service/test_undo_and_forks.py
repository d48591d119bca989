"""Undo (at once, or with the consent of every seat that acted) and forks."""

from __future__ import annotations

import pytest

from .helpers import assert_problem, move, new_game, play_turns


def _undo(client, game, seat, version):
    return client.post(f"{game.url}/undo", json={"version": version}, headers=game.auth(seat))


def _state(client, game, version=None, seat=None):
    query = f"?version={version}" if version else ""
    headers = game.auth(seat) if seat is not None else {}
    return client.get(f"{game.url}/state{query}", headers=headers).get_json()["state"]


def test_undo_is_applied_at_once_when_nobody_else_acted(client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 2})
    response = _undo(client, game, 0, 1)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer == {
        "status": "applied",
        "request_id": None,
        "to_version": 1,
        "waiting": [],
        "version": 3,
    }
    assert _state(client, game) == _state(client, game, version=1)
    events = client.get(f"{game.url}/events").get_json()["events"]
    assert [(e["type"], e["undone"]) for e in events] == [
        ("GameCreated", False),
        ("CounterAdvanced", True),
        ("UndoApplied", False),
    ]
    summary = client.get(game.url).get_json()
    assert summary["to_act"] == [0] and summary["version"] == 3


def test_undo_with_consent_waits_for_every_seat_that_acted(client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 1})  # v2
    move(client, game, 1, {"type": "add", "by": 1})  # v3, v4 (bonus drawn)
    response = _undo(client, game, 0, 2)
    answer = response.get_json()
    assert response.status_code == 202  # accepted for processing: waits for Bob
    assert answer["status"] == "pending" and answer["waiting"] == [1]
    request_id = answer["request_id"]
    summary = client.get(game.url).get_json()
    assert summary["undo_request"]["request_id"] == request_id and summary["to_act"] == []
    # nobody may move while the request is open
    assert_problem(move(client, game, 0, {"type": "ready"}), 422, "undo_pending")
    # Ann is not asked; an unknown request is refused
    assert_problem(
        client.post(f"{game.url}/undo/{request_id}/accept", headers=game.auth(0)),
        422,
        "undo_not_asked",
    )
    assert_problem(
        client.post(f"{game.url}/undo/999/accept", headers=game.auth(1)),
        422,
        "undo_request_not_found",
    )
    accepted = client.post(f"{game.url}/undo/{request_id}/accept", headers=game.auth(1))
    assert accepted.status_code == 200
    assert accepted.get_json()["status"] == "applied"
    assert _state(client, game, seat=0) == _state(client, game, version=2, seat=0)
    events = client.get(f"{game.url}/events").get_json()["events"]
    undone = {e["version"] for e in events if e["undone"]}
    assert {3, 4} <= undone and 2 not in undone
    assert client.get(game.url).get_json()["to_act"] == [1]
    assert move(client, game, 1, {"type": "add", "by": 2}).status_code == 201


def test_a_rejected_undo_leaves_the_game_as_it_stands(client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 1})
    move(client, game, 1, {"type": "add", "by": 1})
    before = _state(client, game)
    request_id = _undo(client, game, 0, 2).get_json()["request_id"]
    answer = client.post(f"{game.url}/undo/{request_id}/reject", headers=game.auth(1))
    assert answer.status_code == 200 and answer.get_json()["status"] == "rejected"
    assert _state(client, game) == before
    assert client.get(game.url).get_json()["to_act"] == [0, 1]


@pytest.mark.parametrize(
    "version, code",
    [
        (3, "not_a_move_boundary"),
        (4, "undo_not_possible"),
        (9, "undo_not_possible"),
        (0, "undo_not_possible"),
    ],
)
def test_undo_refuses_versions_it_cannot_take_the_game_back_to(client, version, code):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 1})
    move(client, game, 1, {"type": "add", "by": 1})  # v3 CounterAdvanced, v4 BonusDrawn
    assert_problem(_undo(client, game, 0, version), 422, code)


@pytest.mark.parametrize(
    "body",
    [{}, {"version": "2"}, {"version": 2.0}, {"version": True}, {"version": 2, "why": "oops"}],
)
def test_undo_bodies_must_match_their_schema(client, body):
    game = new_game(client)
    response = client.post(f"{game.url}/undo", json=body, headers=game.auth(0))
    assert_problem(response, 422, "invalid_request")


def test_a_fork_starts_from_the_parents_state_at_that_version(client):
    parent = new_game(client, options={"secrets": False})  # nothing hidden: a public fork
    play_turns(client, parent, 4)  # v7
    response = client.post(f"{parent.url}/forks", json={"version": 4})
    assert response.status_code == 201
    body = response.get_json()
    assert body["parent"] == {"game": parent.id, "version": 4}
    assert body["version"] == 4 and body["id"] != parent.id
    assert response.headers["Location"] == f"/api/v1/games/{body['id']}"
    fork = type(parent)(body["id"], [s["token"] for s in body["seats"]], body)
    assert set(fork.tokens).isdisjoint(parent.tokens)
    for seat in (None, 0, 1):
        assert _state(client, fork, seat=seat) == _state(client, parent, 4, seat=seat)
    # the parent is unchanged; each game takes only its own tokens
    assert client.get(parent.url).get_json()["version"] == 7
    assert move(client, fork, 0, {"type": "ready"}).status_code == 201
    assert_problem(
        client.post(f"{fork.url}/moves", json={"type": "ready"}, headers=parent.auth(1)),
        403,
        "forbidden",
    )


def test_a_fork_inside_one_move_is_refused(client):
    parent = new_game(client)
    play_turns(client, parent, 2)  # v3 CounterAdvanced + v4 BonusDrawn are one move
    body = assert_problem(
        client.post(f"{parent.url}/forks", json={"version": 3}), 422, "not_a_move_boundary"
    )
    assert body["params"]["before"] == 2 and body["params"]["last"] == 4


@pytest.mark.parametrize("version", [0, 5, -3])
def test_a_fork_at_a_missing_version_is_404(client, version):
    parent = new_game(client)
    assert_problem(
        client.post(f"{parent.url}/forks", json={"version": version}), 404, "version_not_found"
    )


def test_a_fork_never_reveals_what_an_active_unseeded_game_hides(client):
    parent = new_game(client, seed=None, goal=2)
    move(client, parent, 0, {"type": "add", "by": 1})
    body = assert_problem(
        client.post(f"{parent.url}/forks", json={"version": 2}), 422, "fork_reveals_hidden"
    )
    assert body["params"] == {"game": parent.id, "version": 2}
    move(client, parent, 1, {"type": "add", "by": 2})  # Bob wins: everything is public now
    assert client.get(parent.url).get_json()["status"] == "finished"
    assert client.post(f"{parent.url}/forks", json={"version": 2}).status_code == 201
