"""The pages through Flask's test client: safety (CSRF, CSP, escaping, invite links) and a
refused move shown with the API's sentence, changing nothing."""
from __future__ import annotations

import html
import re

import pytest


@pytest.fixture
def web(web_app):
    return web_app.test_client()


def _csrf(client) -> str:
    page = client.get("/").get_data(True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _create(client, names=("Ann", "Bob")) -> tuple[str, list[str]]:
    answer = client.post("/games", data={"csrf_token": _csrf(client), "title": "agricola",
                                         "variant": "family", "player": list(names)})
    assert answer.status_code == 200, answer.get_data(True)
    page = answer.get_data(True)
    links = [html.unescape(u) for u in re.findall(r'href="http://localhost(/join/[^"]+)"',
                                                  page)]
    game_id = re.search(r'href="/games/([0-9a-f-]{36})"', page).group(1)
    return game_id, links


def test_pages_are_served_with_a_strict_content_security_policy(web):
    answer = web.get("/")
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert "<script>" not in answer.get_data(True)  # no inline script


def test_a_form_without_the_session_csrf_token_is_refused(web):
    answer = web.post("/games", data={"csrf_token": "forged", "title": "agricola",
                                      "player": ["Ann", "Bob"]})
    assert answer.status_code == 400
    assert web.get("/").get_data(True).count("<li>") == 0  # nothing was created


def test_player_names_are_escaped(web):
    game_id, links = _create(web, ("<script>alert(1)</script>", "Bob"))
    web.get(links[0])
    page = web.get(f"/games/{game_id}").get_data(True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_bad_names_get_the_api_sentence_and_create_nothing(web):
    answer = web.post("/games", data={"csrf_token": _csrf(web), "title": "agricola",
                                      "player": ["Ann", "Ann"]})
    assert answer.status_code == 422
    assert "Two seats cannot share the name" in html.unescape(answer.get_data(True))


def test_a_tampered_or_unknown_invite_link_is_refused_with_a_sentence(web):
    _game_id, links = _create(web)
    answer = web.get(links[0][:-3] + "xyz")
    assert answer.status_code == 400 and "not valid" in answer.get_data(True)
    assert web.get("/").get_data(True).count("your turn") == 0


def test_only_a_seated_player_can_move_and_a_refused_move_changes_nothing(web):
    game_id, links = _create(web)
    page = web.get(f"/games/{game_id}").get_data(True)
    assert 'class="move"' not in page  # a spectator gets no controls
    web.get(links[0])
    web.get(links[1])  # this browser now holds both seats; the second wins for the page
    page = web.get(f"/games/{game_id}").get_data(True)
    version = re.search(r'data-version="(\d+)"', page).group(1)
    action = f"/games/{game_id}/moves"
    refused = web.post(action, data={"csrf_token": _csrf(web),
                                     "move": '{"type": "place", "space": "nowhere"}'})
    assert refused.status_code == 422
    body = html.unescape(refused.get_data(True))
    assert re.search(r'role="alert" id="error">[^<]+\.', body)
    assert re.search(r'data-version="(\d+)"', body).group(1) == version
    unreadable = web.post(action, data={"csrf_token": _csrf(web), "move": "{"})
    assert unreadable.status_code == 400 and "could not be read" in unreadable.get_data(True)


def test_the_api_documentation_works_offline(web):
    for path in ("/api/v1/docs", "/api/v1/redoc"):
        page = web.get(path).get_data(True)
        assert "cdn." not in page and "/static/web/vendor/" in page
    assert web.get("/static/web/vendor/redoc-2.5.2/redoc.standalone.js").status_code == 200
