"""Text no field may hold (issue 31 item 1): a lone surrogate (JSON's ``"\\ud800"`` escape
makes one; UTF-8 cannot encode it), NUL (PostgreSQL's text cannot hold it) or a Unicode
non-character, anywhere in a JSON body or a query parameter, is ``422 invalid_text`` naming the
field, before any view runs: never a 500, nothing stored."""

from __future__ import annotations

import json

import pytest

from service.parsing import BadText, find_bad_text, strict_json

from .helpers import assert_problem, new_game


def post_raw(client, url: str, text: str, headers: dict | None = None):
    """POST ``text`` as it is (the test client's ``json=`` would escape it for us)."""
    return client.post(
        url, data=text.encode("utf-8"), headers=headers or {}, content_type="application/json"
    )


def events_of(client, game) -> int:
    return client.get(game.url).get_json()["version"]


@pytest.mark.parametrize(
    "body, field",
    [
        ('{"type": "place", "space": "\\ud800"}', "space"),
        ('{"type": "\\ud800"}', "type"),
        ('{"type": "add", "by": 1, "x": ["ok", {"y": "a\\udc00b"}]}', "x[1].y"),
        ('{"type": "add\\u0000"}', "type"),
        ('{"type": "add", "note": "\\ufdd0"}', "note"),
        ('{"type": "add", "note": "\\uffff"}', "note"),
        ('{"type": "add", "note": "\\ud83f\\udffe"}', "note"),  # U+1FFFE, a pair: a non-character
    ],
)
def test_a_move_with_bad_text_is_422_naming_the_field_and_stores_nothing(client, body, field):
    game = new_game(client)
    before = events_of(client, game)
    seat = client.get(game.url).get_json()["to_act"][0]
    response = post_raw(client, f"{game.url}/moves", body, game.auth(seat))
    problem = assert_problem(response, 422, "invalid_text")
    assert problem["params"]["field"] == field and field in problem["errors"], problem
    assert f"field {field} holds" in problem["detail"], problem["detail"]
    assert events_of(client, game) == before
    # the same seat can still move: nothing was half-applied, no key was remembered
    ok = client.post(f"{game.url}/moves", json={"type": "add", "by": 1}, headers=game.auth(seat))
    assert ok.status_code == 201, ok.get_json()


def test_the_problem_says_what_the_character_is(client):
    game = new_game(client)
    seat = client.get(game.url).get_json()["to_act"][0]
    body = '{"type": "place", "space": "\\ud800"}'
    problem = post_raw(client, f"{game.url}/moves", body, game.auth(seat)).get_json()
    assert problem["params"]["character"] == "U+D800"
    assert "a lone surrogate (U+D800)" in problem["detail"]
    assert problem["detail"].startswith("The field space holds")


def test_a_bad_key_is_named_by_where_it_is(client):
    game = new_game(client)
    seat = client.get(game.url).get_json()["to_act"][0]
    body = '{"type": "add", "extra": {"k\\ud800": 1}}'
    problem = assert_problem(
        post_raw(client, f"{game.url}/moves", body, game.auth(seat)), 422, "invalid_text"
    )
    assert problem["params"]["field"] == "extra" and problem["detail"].startswith(
        "A field name inside extra holds a lone surrogate"
    )


@pytest.mark.parametrize(
    "body, field",
    [
        ('{"title": "toy", "players": ["Ann\\u0000"]}', "players[0]"),
        ('{"title": "toy", "players": [{"name": "\\ud800"}]}', "players[0].name"),
        ('{"title": "toy\\uffff", "players": ["Ann"]}', "title"),
        ('{"title": "toy", "players": ["Ann"], "options": {"note": "\\ud800"}}', "options.note"),
    ],
)
def test_create_with_bad_text_is_422_and_makes_no_game(client, body, field):
    problem = assert_problem(post_raw(client, "/api/v1/games", body), 422, "invalid_text")
    assert problem["params"]["field"] == field
    assert client.get("/api/v1/games").get_json()["total"] == 0


def test_every_body_of_the_api_refuses_bad_text(client):
    """Notice settings, vacation, forks, undo, imports, my-games: the same 422, one place."""
    game = new_game(client)
    seat = client.get(game.url).get_json()["to_act"][0]
    auth = game.auth(seat)
    cases = [
        (
            "put",
            f"{game.url}/seats/{seat}/notifications",
            '{"webhook_url": "https://example.com/\\ud800"}',
            "webhook_url",
        ),
        ("put", f"{game.url}/seats/{seat}/notifications", '{"email": "a\\u0000@b.c"}', "email"),
        ("post", f"{game.url}/vacation", '{"days": 1, "why": "\\ud800"}', "why"),
        ("post", f"{game.url}/forks", '{"version": 1, "note": "\\ufffe"}', "note"),
        ("post", f"{game.url}/undo", '{"version": "\\ud800"}', "version"),
        (
            "post",
            "/api/v1/games/import",
            '{"format": "chronicle-game-record/1", "events": [], "head": "\\ud800"}',
            "head",
        ),
        (
            "post",
            "/api/v1/games/import",
            '{"format": "x", "events": [{"type": "A", "data": {"n": "\\u0000"}}]}',
            "events[0].data.n",
        ),
        ("post", "/api/v1/my-games", '{"tokens": ["\\ud800"]}', "tokens[0]"),
        ("post", "/api/v1/series", '{"title": "agricola", "player": "\\ud800"}', "player"),
    ]
    for method, url, text, field in cases:
        response = client.open(
            url,
            method=method.upper(),
            data=text.encode(),
            headers=auth,
            content_type="application/json",
        )
        problem = assert_problem(response, 422, "invalid_text")
        assert problem["params"]["field"] == field, (url, problem)
    assert (
        client.get(f"{game.url}/seats/{seat}/notifications", headers=auth).get_json()["webhook"]
        is None
    )
    assert events_of(client, game) == game.body["version"]
    assert client.get("/api/v1/games").get_json()["total"] == 1  # no fork, no import


def test_series_moves_refuse_bad_text(client):
    created = client.post("/api/v1/series", json={"title": "agricola", "player": "Ann", "seed": 5})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    url = f"/api/v1/series/{body['series']['id']}/moves"
    events_url = f"/api/v1/series/{body['series']['id']}/events"
    before = client.get(events_url).get_json()["events"]
    headers = {"Authorization": f"Bearer {body['token']}"}
    for text, field in (
        ('{"type": "\\ud800"}', "type"),
        ('{"type": "choose", "game": "x", "card": "\\u0000"}', "card"),
    ):
        problem = assert_problem(post_raw(client, url, text, headers), 422, "invalid_text")
        assert problem["params"]["field"] == field
    assert client.get(events_url).get_json()["events"] == before


@pytest.mark.parametrize(
    "url, query, field",
    [
        ("/api/v1/games", "title=toy%00", "title"),
        ("/api/v1/games", "status=%EF%BF%BF", "status"),
        ("/api/v1/games", "ti%00tle=toy", "the query string"),
        ("/api/v1/titles/toy/cards", "deck=%EF%B7%90", "deck"),
        ("{game}/state", "version=1%00", "version"),
        ("{game}/events", "after=%F0%9F%BF%BE", "after"),
        ("{game}/audit", "detail=%00", "detail"),
        ("{game}/stream", "ticket=%00", "ticket"),
    ],
)
def test_query_parameters_refuse_bad_text(client, url, query, field):
    game = new_game(client)
    url = url.replace("{game}", game.url)
    problem = assert_problem(client.get(f"{url}?{query}"), 422, "invalid_text")
    assert problem["params"] == {**problem["params"], "field": field, "location": "query"}
    assert "query" in problem["detail"]


def test_a_surrogate_cannot_arrive_in_a_query_string(client):
    """Werkzeug decodes a query string as UTF-8 and replaces what is not (so %ED%A0%80, the
    UTF-8-like spelling of U+D800, arrives as U+FFFD, which is text): only NUL and the
    non-characters need refusing there."""
    response = client.get("/api/v1/games?title=%ED%A0%80")
    assert response.status_code == 200 and response.get_json()["games"] == []


def test_declared_headers_refuse_bad_text(client):
    game = new_game(client)
    seat = client.get(game.url).get_json()["to_act"][0]
    response = client.post(
        f"{game.url}/moves",
        json={"type": "add", "by": 1},
        headers={**game.auth(seat), "Idempotency-Key": "k\u0000"},
    )
    problem = assert_problem(response, 422, "invalid_text")
    assert problem["params"]["field"] == "Idempotency-Key"


def test_strict_json_names_the_first_bad_string():
    with pytest.raises(BadText) as err:
        strict_json(b'{"a": ["ok", "x\\ud800"], "b": "\\u0000"}')
    assert err.value.field in ("a[1]", "b")
    assert strict_json(json.dumps({"a": "\U0001f600 \u00e9 \ufffd"}).encode()) == {
        "a": "\U0001f600 \u00e9 \ufffd"
    }  # a surrogate pair, accents and U+FFFD are text
    assert find_bad_text({"n": 1, "t": True, "z": None}) is None


def test_the_refusal_of_bad_text_is_in_the_readers_language(client):
    """The whole sentence per place, the character named in the reader's language."""
    game = new_game(client)
    seat = client.get(game.url).get_json()["to_act"][0]
    answer = post_raw(
        client,
        f"{game.url}/moves",
        '{"type": "\\ud800"}',
        {**game.auth(seat), "Accept-Language": "ru"},
    )
    problem = assert_problem(answer, 422, "invalid_text")
    assert problem["detail"].startswith("Поле type содержит одиночный суррогат (U+D800)")
    assert problem["errors"]["type"][0].startswith("Этот текст содержит одиночный суррогат")
