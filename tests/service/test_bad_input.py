"""Bad input never gets a 500 and never writes anything: every error is a 4xx problem."""

from __future__ import annotations

import io
import json
import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import assert_problem, move, new_game

NOT_JSON = [
    b"{",
    b"{'type': 'add'}",
    b"add",
    b"\xff\xfe\x00",
    b'{"type": "add",}',
    b'{"type": NaN}',
    b'{"type": "add", "by": Infinity}',
    b'{"by": 1e999}',
    b"[" * 100 + b"]" * 100,
    b'{"by": ' + b"9" * 5000 + b"}",
    b"\x00",
]


@pytest.mark.parametrize("raw", NOT_JSON)
def test_a_body_that_is_not_json_is_400(client, raw):
    game = new_game(client)
    for url in (f"{game.url}/moves", "/api/v1/games", f"{game.url}/forks", "/api/v1/games/import"):
        response = client.post(url, data=raw, content_type="application/json", headers=game.auth(0))
        body = assert_problem(response, 400, "bad_request")
        assert "JSON" in body["detail"]
    assert client.get(game.url).get_json()["version"] == 1


def test_a_json_body_sent_with_another_content_type_is_still_read(client):
    response = client.post(
        "/api/v1/games",
        data=json.dumps({"title": "toy", "players": ["A"]}),
        content_type="text/plain",
    )
    assert response.status_code == 201


def test_an_empty_body_is_an_empty_object(client):
    body = assert_problem(client.post("/api/v1/games", data=b""), 422, "invalid_request")
    assert set(body["errors"]) == {"title", "players"}


def test_a_body_over_the_limit_is_413(client, app):
    game = new_game(client)
    limit = app.config["MAX_CONTENT_LENGTH"]
    big = {"type": "add", "by": 1, "pad": "x" * limit}
    body = assert_problem(move(client, game, 0, big), 413, "payload_too_large")
    assert str(limit) in body["detail"]
    assert client.get(game.url).get_json()["version"] == 1


def test_a_chunked_body_over_the_limit_is_413(client, app):
    game = new_game(client)
    limit = app.config["MAX_CONTENT_LENGTH"]
    raw = json.dumps({"type": "add", "by": 1, "pad": "x" * (limit * 2)}).encode()
    response = client.post(
        f"{game.url}/moves",
        input_stream=io.BytesIO(raw),
        headers={
            **game.auth(0),
            "Transfer-Encoding": "chunked",
            "Content-Type": "application/json",
        },
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert_problem(response, 413, "payload_too_large")
    assert client.get(game.url).get_json()["version"] == 1


def test_a_chunked_body_within_the_limit_is_read(client):
    game = new_game(client)
    raw = json.dumps({"type": "add", "by": 1}).encode()
    response = client.post(
        f"{game.url}/moves",
        input_stream=io.BytesIO(raw),
        headers={
            **game.auth(0),
            "Transfer-Encoding": "chunked",
            "Content-Type": "application/json",
        },
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert response.status_code == 201


def test_unknown_routes_and_methods(client):
    game = new_game(client)
    assert_problem(client.get("/api/v1/nothing"), 404, "not_found")
    assert_problem(client.get("/nothing.txt"), 404, "not_found")  # (/favicon.ico exists)
    assert_problem(client.get(f"{game.url}/undo/abc/accept"), 404, "not_found")
    response = client.delete(game.url)
    assert_problem(response, 405, "method_not_allowed")
    assert "GET" in response.headers["Allow"]
    assert_problem(client.put("/api/v1/games", json={}), 405, "method_not_allowed")
    assert_problem(client.get(f"{game.url}/undo"), 405, "method_not_allowed")


def test_a_genuine_bug_is_a_logged_500_that_reveals_nothing(app, caplog):
    @app.route("/boom")
    def boom():
        raise RuntimeError("secret internals")

    with caplog.at_level(logging.ERROR, logger="service.api"):
        response = app.test_client().get("/boom")
    body = assert_problem(response, 500, "internal_error")
    assert "secret internals" not in response.get_data(as_text=True)
    assert "Nothing you sent caused it" in body["detail"]
    assert any("secret internals" in str(r.exc_info) for r in caplog.records)


def test_a_raw_persistence_error_is_a_503_with_retry_after(app):
    from eventsourcing.persistence import OperationalError

    @app.route("/store-trouble")
    def trouble():
        raise OperationalError("connection reset")

    response = app.test_client().get("/store-trouble")
    body = assert_problem(response, 503, "store_unavailable")
    assert response.headers["Retry-After"] == "1" and body["retry_after"] == 1


# -- a sweep: everything a client can send, at every endpoint, answers < 500 --------------------
ENDPOINTS = [
    ("get", "/api/v1/titles"),
    ("get", "/api/v1/games"),
    ("post", "/api/v1/games"),
    ("post", "/api/v1/games/import"),
    ("get", "{game}"),
    ("get", "{game}/moves"),
    ("post", "{game}/moves"),
    ("get", "{game}/state"),
    ("get", "{game}/events"),
    ("get", "{game}/scores"),
    ("post", "{game}/forks"),
    ("post", "{game}/undo"),
    ("post", "{game}/undo/3/accept"),
    ("post", "{game}/undo/3/reject"),
    ("get", "{game}/audit"),
    ("get", "{game}/export"),
    ("get", "/healthz"),
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**300), max_value=2**300)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "by",
                    "version",
                    "title",
                    "players",
                    "seed",
                    "options",
                    "variant",
                    "format",
                    "events",
                    "head",
                    "game",
                    "x",
                ]
            )
            | st.text(max_size=5),
            inner,
            max_size=5,
        )
    ),
    max_leaves=12,
)
header_values = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60)
queries = st.dictionaries(
    st.sampled_from(
        ["version", "after", "limit", "page", "page_size", "status", "title", "detail"]
    ),
    st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=12),
    max_size=3,
)


@pytest.mark.slow
@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    body=json_values,
    query=queries,
    if_match=st.none() | header_values,
    key=st.none() | header_values,
    auth=st.sampled_from(["none", "own", "other", "junk"]),
    data=st.data(),
)
def test_no_client_input_reaches_the_catch_all(
    sqlite_app, endpoint, body, query, if_match, key, auth, data
):
    client = sqlite_app.test_client()
    games = getattr(sqlite_app, "_sweep_games", None)
    if games is None:
        games = sqlite_app._sweep_games = (new_game(client), new_game(client, seed=None))
    game, other = games
    method, path = endpoint
    url = path.replace(
        "{game}",
        data.draw(
            st.sampled_from([game.url, "/api/v1/games/not-a-game", "/api/v1/games/" + "0" * 32])
        ),
    )
    headers = {
        "own": game.auth(data.draw(st.integers(0, 1))),
        "other": other.auth(0),
        "junk": {"Authorization": "Bearer " + (if_match or "")},
        "none": {},
    }[auth]
    if if_match is not None:
        headers["If-Match"] = if_match
    if key is not None:
        headers["Idempotency-Key"] = key
    response = getattr(client, method)(
        url, query_string=query, headers=headers, **({"json": body} if method == "post" else {})
    )
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json"
