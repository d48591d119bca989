"""Making moves: legal moves, rules, ETag/If-Match, idempotency and racing writers."""

from __future__ import annotations

import threading

import pytest

from .helpers import assert_problem, move, new_game, play_turns


def test_legal_moves_for_the_seat_to_act_and_none_for_the_others(client):
    game = new_game(client)
    mine = client.get(f"{game.url}/moves", headers=game.auth(0)).get_json()
    assert mine == {
        "version": 1,
        "seat": 0,
        "moves": [
            {"type": "add", "by": 1, "group": "Moves"},
            {"type": "add", "by": 2, "group": "Moves"},
        ],
    }
    theirs = client.get(f"{game.url}/moves", headers=game.auth(1)).get_json()
    assert theirs == {"version": 1, "seat": 1, "moves": []}
    public = client.get(f"{game.url}/moves").get_json()
    assert public == {"version": 1, "seat": None, "moves": []}


def test_every_listed_move_is_accepted(client):
    game = new_game(client)
    for listed in client.get(f"{game.url}/moves", headers=game.auth(0)).get_json()["moves"]:
        response = move(client, game, 0, listed, **{"If-Match": '"1"'})
        assert response.status_code in (201, 412)  # the second one is stale after the first
    assert client.get(game.url).get_json()["version"] == 2


def test_a_move_answers_201_with_its_events_and_the_new_etag(client):
    game = new_game(client)
    response = move(client, game, 0, {"type": "add", "by": 2})
    assert response.status_code == 201
    assert response.headers["ETag"] == '"2"'
    body = response.get_json()
    assert body["version"] == 2
    [event] = body["events"]
    assert event["version"] == 2 and event["type"] == "CounterAdvanced" and event["seat"] == 0
    assert event["data"] == {"by": 2, "next": 1}
    assert event["text"] == "Ann advances 2." and event["undone"] is False
    assert event["move"] == {"type": "add", "by": 2}


def test_a_move_that_ends_a_lap_reports_every_event_it_caused(client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 1})
    body = move(client, game, 1, {"type": "add", "by": 1}).get_json()
    assert [e["type"] for e in body["events"]] == ["CounterAdvanced", "BonusDrawn"]
    assert body["version"] == 4
    summary = client.get(game.url).get_json()
    assert summary["phase"] == "ready" and summary["to_act"] == [0, 1]


def test_moves_out_of_turn_are_422_not_your_turn_with_the_version(client):
    game = new_game(client)
    body = assert_problem(move(client, game, 1, {"type": "add", "by": 1}), 422, "not_your_turn")
    assert body["title"] == "Rule violation"
    assert "Bob" in body["detail"] and body["params"]["waiting"] == "Ann"
    assert body["version"] == 1


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"type": "add", "by": 3}, "toy_bad_step"),
        ({"type": "add", "by": 1, "extra": True}, "toy_bad_step"),
        ({"type": "fly"}, "invalid_move"),
        ({"type": "ready"}, "invalid_move"),
    ],
)
def test_the_title_answers_malformed_or_illegal_moves(client, payload, code):
    game = new_game(client)
    assert_problem(move(client, game, 0, payload), 422, code)
    assert client.get(game.url).get_json()["version"] == 1  # nothing recorded


@pytest.mark.parametrize(
    "payload", [{}, {"by": 1}, {"type": 5}, {"type": ""}, [], "add", 3, {"type": "x" * 65}]
)
def test_a_move_must_be_an_object_with_a_string_type(client, payload):
    game = new_game(client)
    body = assert_problem(move(client, game, 0, payload), 422, "invalid_request")
    assert body["errors"]


def test_moves_after_the_end_are_422_game_over(client):
    game = new_game(client, players=["Solo"], goal=2)
    assert move(client, game, 0, {"type": "add", "by": 2}).status_code == 201
    assert client.get(game.url).get_json()["status"] == "finished"
    assert_problem(move(client, game, 0, {"type": "add", "by": 1}), 422, "game_over")
    assert client.get(f"{game.url}/moves", headers=game.auth(0)).get_json()["moves"] == []


def test_if_match_with_the_current_version_is_applied(client):
    game = new_game(client)
    assert move(client, game, 0, {"type": "add", "by": 1}, **{"If-Match": '"1"'}).status_code == 201
    assert move(client, game, 1, {"type": "add", "by": 1}, **{"If-Match": '"2"'}).status_code == 201
    assert move(client, game, 0, {"type": "ready"}, **{"If-Match": "*"}).status_code == 201


def test_if_match_with_a_stale_version_is_412_and_records_nothing(client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 1})
    body = assert_problem(
        move(client, game, 1, {"type": "add", "by": 1}, **{"If-Match": '"1"'}), 412, "stale_version"
    )
    assert body["params"] == {"expected": 1, "current": 2} and body["version"] == 2
    assert client.get(game.url).get_json()["version"] == 2


@pytest.mark.parametrize(
    "header", ['"abc"', "1, 2", '"1" "2"', "v1", '"' + "9" * 30 + '"', "1", '"1', "W1"]
)
def test_an_if_match_that_names_no_quoted_version_is_428(client, header):
    """Issue 22: an unquoted tag was taken as a version; it is no valid precondition."""
    game = new_game(client)
    assert_problem(
        move(client, game, 0, {"type": "add", "by": 1}, **{"If-Match": header}),
        428,
        "precondition_required",
    )
    assert client.get(game.url).get_json()["version"] == 1


def test_a_weak_if_match_never_matches_412(client):
    """Issue 22: If-Match compares strongly (RFC 9110), so W/"1" fails even at version 1."""
    game = new_game(client)
    assert_problem(
        move(client, game, 0, {"type": "add", "by": 1}, **{"If-Match": 'W/"1"'}),
        412,
        "precondition_failed",
    )
    assert client.get(game.url).get_json()["version"] == 1


def test_idempotency_keys_belong_to_a_seat(client):
    """Issue 22: Bob's key "k" is his own, whatever Ann used "k" for."""
    game = new_game(client)
    assert (
        move(client, game, 0, {"type": "add", "by": 2}, **{"Idempotency-Key": "k"}).status_code
        == 201
    )
    bob = move(client, game, 1, {"type": "add", "by": 1}, **{"Idempotency-Key": "k"})
    assert bob.status_code == 201 and "Idempotent-Replayed" not in bob.headers
    assert client.get(game.url).get_json()["version"] == 4


def test_the_request_hash_is_canonical_json_whatever_the_field_order():
    """Issue 22: the hash was repr() of a dict, which changed with field order (and with it
    the process's hash seed): an honest retry after a restart was refused."""
    from domain.platform.game import request_hash

    assert request_hash(
        0, {"type": "place", "space": "forest", "resource": "wood"}
    ) == request_hash(0, {"resource": "wood", "space": "forest", "type": "place"})
    assert request_hash(0, {"type": "add", "by": 1}) != request_hash(1, {"type": "add", "by": 1})


def test_a_retry_with_fields_in_another_order_is_replayed(client):
    game = new_game(client)
    first = client.post(
        f"{game.url}/moves",
        data='{"type": "add", "by": 2}',
        content_type="application/json",
        headers={**game.auth(0), "Idempotency-Key": "r1"},
    )
    again = client.post(
        f"{game.url}/moves",
        data='{"by": 2, "type": "add"}',
        content_type="application/json",
        headers={**game.auth(0), "Idempotency-Key": "r1"},
    )
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"


def test_a_repeated_idempotency_key_returns_the_first_response_and_records_nothing(client):
    game = new_game(client)
    headers = {"Idempotency-Key": "move-1", "If-Match": '"1"'}
    first = move(client, game, 0, {"type": "add", "by": 2}, **headers)
    assert first.status_code == 201
    # the retry repeats the If-Match of the version before the first response: still fine
    again = move(client, game, 0, {"type": "add", "by": 2}, **headers)
    assert again.status_code == first.status_code
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert client.get(game.url).get_json()["version"] == 2
    events = client.get(f"{game.url}/events").get_json()["events"]
    assert [e["version"] for e in events] == [1, 2]


def test_an_idempotency_key_reused_with_another_body_is_422(client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 2}, **{"Idempotency-Key": "k"})
    move(client, game, 1, {"type": "add", "by": 1})
    assert_problem(
        move(client, game, 0, {"type": "add", "by": 1}, **{"Idempotency-Key": "k"}),
        422,
        "idempotency_key_reused",
    )
    assert client.get(game.url).get_json()["version"] == 4


def test_an_idempotency_key_over_200_characters_is_400(client):
    game = new_game(client)
    assert_problem(
        move(client, game, 0, {"type": "add", "by": 1}, **{"Idempotency-Key": "k" * 201}),
        400,
        "bad_request",
    )


def _race(client_factory, game, seat, payload, headers, n=2):
    """Send the same move from ``n`` threads at once; returns the responses."""
    barrier = threading.Barrier(n)
    responses = [None] * n

    def send(i):
        client = client_factory()
        barrier.wait()
        responses[i] = move(client, game, seat, payload, **headers)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return responses


def test_two_moves_on_one_version_exactly_one_wins(app, client):
    game = new_game(client)
    responses = _race(app.test_client, game, 0, {"type": "add", "by": 1}, {"If-Match": '"1"'})
    statuses = sorted(r.status_code for r in responses)
    assert statuses[0] == 201 and statuses[1] in (409, 412), statuses
    loser = next(r for r in responses if r.status_code != 201)
    assert_problem(
        loser,
        loser.status_code,
        "concurrent_write" if loser.status_code == 409 else "stale_version",
    )
    assert client.get(game.url).get_json()["version"] == 2
    events = client.get(f"{game.url}/events").get_json()["events"]
    assert [e["type"] for e in events] == ["GameCreated", "CounterAdvanced"]


def test_two_writers_in_separate_processes_exactly_one_wins(services, client):
    """Two app instances (as two server processes) racing on one store."""
    from service.app import create_app
    from service.bootstrap import bootstrap

    game = new_game(client)
    other = bootstrap(services.settings)
    try:
        apps = [create_app(services=services), create_app(services=other)]
        clients = iter([apps[0].test_client(), apps[1].test_client()])
        responses = _race(
            lambda: next(clients), game, 0, {"type": "add", "by": 1}, {"If-Match": '"1"'}
        )
    finally:
        other.close()
    statuses = sorted(r.status_code for r in responses)
    assert statuses[0] == 201 and statuses[1] in (409, 412), statuses
    assert client.get(game.url).get_json()["version"] == 2


def test_without_if_match_the_rules_decide_again_for_a_racing_duplicate(app, client):
    game = new_game(client)
    responses = _race(app.test_client, game, 0, {"type": "add", "by": 1}, {})
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201, 422], statuses
    assert client.get(game.url).get_json()["version"] == 2


def test_a_whole_game_can_be_played_from_the_listed_moves(client):
    game = new_game(client, players=["Ann", "Bob", "Cid"], goal=6)
    for _ in range(60):
        summary = client.get(game.url).get_json()
        if summary["status"] == "finished":
            break
        play_turns(client, game, 1)
    summary = client.get(game.url).get_json()
    assert summary["status"] == "finished" and summary["to_act"] == []
    assert summary["winners"]


@pytest.fixture
def rival(services, client, monkeypatch):
    """Another process's write lands between this process's read and its save (once)."""
    import uuid

    from service.bootstrap import build_games

    other = build_games(services.settings)
    games = services.games()
    original = games.repo.store

    def arm(game, seat, payload):
        def racing_store(events):
            monkeypatch.setattr(games.repo, "store", original)
            other.play(uuid.UUID(game.id), seat, payload)
            return original(events)

        monkeypatch.setattr(games.repo, "store", racing_store)

    yield arm
    other.close()


def test_a_move_with_if_match_that_loses_the_race_is_409(client, rival):
    game = new_game(client)
    rival(game, 0, {"type": "add", "by": 2})
    body = assert_problem(
        move(client, game, 0, {"type": "add", "by": 1}, **{"If-Match": '"1"'}),
        409,
        "concurrent_write",
    )
    assert body["version"] == 2 and body["params"]["current"] == 2
    events = client.get(f"{game.url}/events").get_json()["events"]
    assert [e["data"].get("by") for e in events[1:]] == [2]  # only the rival's move


def test_a_move_without_if_match_that_loses_the_race_is_decided_again(client, rival):
    game = new_game(client)
    rival(game, 0, {"type": "add", "by": 2})
    # the rules decide again on the new state: it is no longer Ann's turn
    assert_problem(move(client, game, 0, {"type": "add", "by": 1}), 422, "not_your_turn")
    assert move(client, game, 1, {"type": "add", "by": 1}).status_code == 201  # lap ends
    # both seats must now say "ready": Ann's lands first, Bob's is decided again, and fits
    rival(game, 0, {"type": "ready"})
    response = move(client, game, 1, {"type": "ready"})
    assert response.status_code == 201
    assert [e["type"] for e in response.get_json()["events"]] == ["SeatReady", "LapStarted"]
    assert client.get(game.url).get_json()["version"] == 7
