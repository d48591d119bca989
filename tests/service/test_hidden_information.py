"""Property: no response ever shows a viewer what the game hides from them.

The toy title plants hidden items in every game: each seat's private number (``_private``),
a secret (``_secret.next_bonus``) and, for an unseeded game, the seed itself. Hypothesis plays
random histories (moves, undo requests and answers, forks) and then collects every response
each viewer can get (summary, lists, the state and scores at every version, events, legal
moves, export, audit, and the answers to the viewer's own requests) and searches them all.
"""

from __future__ import annotations

import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.context import EXTENSION

from .helpers import new_game

VIEWERS = (None, 0, 1, 2)
ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["play", "play", "play", "undo", "accept", "reject", "fork"]),
        st.integers(0, 30),
        st.integers(0, 2),
    ),
    max_size=10,
)


def _planted(app, game_id) -> dict:
    """What the game hides, straight from the server's own state (never from a response)."""
    game = app.extensions[EXTENSION].games().get_game(uuid.UUID(game_id))
    return {
        "numbers": {int(s): p["number"] for s, p in game.state["_private"].items()},
        "secret": game.state["_secret"]["next_bonus"],
        "seed": game.seeds[0]["seed"],
    }


def _walk(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, path + (i,))


def assert_nothing_hidden(body, viewer, planted, where):
    """Search one response body for every item hidden from ``viewer``."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    assert "_secret" not in text and "next_bonus" not in text, (where, viewer)
    assert str(planted["seed"]) not in text, (where, viewer, "the private seed")
    for seat, number in planted["numbers"].items():
        if seat != viewer:
            assert f'"{seat}":{{"number":{number}}}' not in text, (where, viewer, seat)
    for path, value in _walk(body):
        if isinstance(value, dict) and "_private" in value:
            allowed = set() if viewer is None else {str(viewer)}
            assert set(value["_private"]) <= allowed, (where, viewer, path)


def _auth(game, seat):
    return {} if seat is None else game.auth(seat)


def _play_history(client, game, actions):
    """Apply random actions; returns [(seat, answer body)] of every answer an actor got."""
    answers = []
    for kind, i, k in actions:
        summary = client.get(game.url).get_json()
        seat = k % len(game.tokens)
        if kind == "play":
            if not summary["to_act"]:
                continue
            seat = summary["to_act"][k % len(summary["to_act"])]
            moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
            if not moves:
                continue
            response = client.post(
                f"{game.url}/moves", json=moves[i % len(moves)], headers=game.auth(seat)
            )
        elif kind == "undo":
            response = client.post(
                f"{game.url}/undo",
                json={"version": i % summary["version"] + 1},
                headers=game.auth(seat),
            )
        elif kind in ("accept", "reject"):
            pending = summary["undo_request"]
            request_id = pending["request_id"] if pending else i
            if pending and pending["waiting"]:
                seat = pending["waiting"][k % len(pending["waiting"])]
            response = client.post(f"{game.url}/undo/{request_id}/{kind}", headers=game.auth(seat))
        else:
            response = client.post(
                f"{game.url}/forks",
                json={"version": i % summary["version"] + 1},
                headers=game.auth(seat),
            )
        assert response.status_code < 500, response.get_json()
        answers.append((seat, response.get_json()))
    return answers


def _everything_a_viewer_can_get(client, game, viewer):
    headers = _auth(game, viewer)
    version = client.get(game.url).get_json()["version"]
    yield "summary", client.get(game.url, headers=headers).get_json()
    yield "list", client.get("/api/v1/games", headers=headers).get_json()
    yield "moves", client.get(f"{game.url}/moves", headers=headers).get_json()
    yield "events", client.get(f"{game.url}/events?limit=1000", headers=headers).get_json()
    yield "export", client.get(f"{game.url}/export", headers=headers).get_json()
    yield "audit", client.get(f"{game.url}/audit?detail=true", headers=headers).get_json()
    for n in range(1, version + 1):
        yield f"state@{n}", client.get(f"{game.url}/state?version={n}", headers=headers).get_json()
        yield (
            f"scores@{n}",
            client.get(f"{game.url}/scores?version={n}", headers=headers).get_json(),
        )


@pytest.mark.slow
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(players=st.integers(2, 3), actions=ACTIONS)
def test_no_response_reveals_hidden_information(sqlite_app, players, actions):
    client = sqlite_app.test_client()
    game = new_game(client, players=["Ann", "Bob", "Cid"][:players], seed=None, goal=100)
    planted = _planted(sqlite_app, game.id)
    answers = _play_history(client, game, actions)
    assert client.get(game.url).get_json()["status"] == "active"
    for seat, body in answers:
        assert_nothing_hidden(body, seat, planted, "answer")
    for viewer in VIEWERS[: players + 1]:
        for where, body in _everything_a_viewer_can_get(client, game, viewer):
            assert_nothing_hidden(body, viewer, planted, where)


def test_the_search_finds_what_it_looks_for(sqlite_app):
    """The property would notice a leak: a seat's own view holds its number, not others'."""
    client = sqlite_app.test_client()
    game = new_game(client, seed=None, goal=100)
    planted = _planted(sqlite_app, game.id)
    own = client.get(f"{game.url}/state", headers=game.auth(0)).get_json()
    assert_nothing_hidden(own, 0, planted, "own state")
    with pytest.raises(AssertionError):
        assert_nothing_hidden(own, 1, planted, "someone else's state")
    with pytest.raises(AssertionError):
        assert_nothing_hidden({"seed": planted["seed"]}, None, planted, "seed")
    with pytest.raises(AssertionError):
        assert_nothing_hidden({"_secret": {}}, None, planted, "secret")


def test_once_the_game_is_over_everything_is_public(sqlite_app):
    client = sqlite_app.test_client()
    game = new_game(client, players=["Solo"], seed=None, goal=1)
    planted = _planted(sqlite_app, game.id)
    client.post(f"{game.url}/moves", json={"type": "add", "by": 1}, headers=game.auth(0))
    summary = client.get(game.url).get_json()
    assert summary["status"] == "finished" and summary["seed"] == planted["seed"]
    state = client.get(f"{game.url}/state").get_json()["state"]
    assert state["_secret"]["next_bonus"] == planted["secret"]
    assert state["_private"]["0"]["number"] == planted["numbers"][0]


def test_an_audit_mismatch_never_quotes_hidden_information(sqlite_app):
    """A mismatch's sentence is built from raw events; while the game runs it is replaced."""
    from domain.platform.records import AuditReport, Mismatch
    from service.views import HIDDEN_DIFFERENCE, audit_view

    client = sqlite_app.test_client()
    game = new_game(client, seed=None, goal=100)
    planted = _planted(sqlite_app, game.id)
    stored = sqlite_app.extensions[EXTENSION].games().get_game(uuid.UUID(game.id))
    setup = [
        {
            "type": "RaceSetUp",
            "seat": None,
            "data": {
                "_private": {"0": {"number": planted["numbers"][0]}},
                "_secret": {"next_bonus": planted["secret"]},
            },
        }
    ]
    report = AuditReport(
        "toy-1", 1, [Mismatch(1, None, None, f"the record has {setup}", setup, setup)]
    )
    for viewer in (None, 1):
        body = audit_view(report, stored, viewer, detail=False)
        assert body["mismatches"][0]["difference"] == HIDDEN_DIFFERENCE
        assert_nothing_hidden(body, viewer, planted, "audit")
