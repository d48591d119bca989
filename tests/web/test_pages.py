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


def _join(client, link):
    """Open an invite link and confirm on its page (GET alone seats nobody)."""
    page = client.get(link)
    if page.status_code != 200:
        return page
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(True)).group(1)
    return client.post(link, data={"csrf_token": token})


def _create(
    client, names=("Ann", "Bob"), title="agricola", variant="family"
) -> tuple[str, list[str]]:
    answer = client.post(
        "/games",
        data={
            "csrf_token": _csrf(client),
            "title": title,
            "variant": variant,
            "player": list(names),
        },
    )
    assert answer.status_code == 303, answer.get_data(True)  # POST, redirect, GET
    answer = client.get(answer.headers["Location"])
    assert answer.status_code == 200, answer.get_data(True)
    page = answer.get_data(True)
    links = [html.unescape(u) for u in re.findall(r'href="http://localhost(/join/[^"]+)"', page)]
    game_id = re.search(r'href="/games/([0-9a-f-]{36})"', page).group(1)
    return game_id, links


def test_pages_are_served_with_a_strict_content_security_policy(web):
    answer = web.get("/")
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert "<script>" not in answer.get_data(True)  # no inline script


def test_a_form_without_the_session_csrf_token_is_refused(web):
    answer = web.post(
        "/games", data={"csrf_token": "forged", "title": "agricola", "player": ["Ann", "Bob"]}
    )
    assert answer.status_code == 400
    assert web.get("/").get_data(True).count("<li>") == 0  # nothing was created


def test_player_names_are_escaped(web):
    game_id, links = _create(web, ("<script>alert(1)</script>", "Bob"))
    _join(web, links[0])
    page = web.get(f"/games/{game_id}").get_data(True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_bad_names_get_the_api_sentence_and_create_nothing(web):
    answer = web.post(
        "/games", data={"csrf_token": _csrf(web), "title": "agricola", "player": ["Ann", "Ann"]}
    )
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
    _join(web, links[0])
    _join(web, links[1])  # this browser now holds both seats; the second wins for the page
    page = web.get(f"/games/{game_id}").get_data(True)
    version = re.search(r'data-version="(\d+)"', page).group(1)
    action = f"/games/{game_id}/moves"
    refused = web.post(
        action, data={"csrf_token": _csrf(web), "move": '{"type": "place", "space": "nowhere"}'}
    )
    # without JavaScript: redirect-after-post to the game page, which says why once (issue 32)
    assert refused.status_code == 303 and refused.headers["Location"].endswith(f"/games/{game_id}")
    body = html.unescape(web.get(f"/games/{game_id}").get_data(True))
    assert re.search(r'role="alert" id="error"[^>]*>[^<]+\.', body)
    assert re.search(r'data-version="(\d+)"', body).group(1) == version
    assert 'id="error"' not in web.get(f"/games/{game_id}").get_data(True)  # shown once
    unreadable = web.post(action, data={"csrf_token": _csrf(web), "move": "{"})
    assert unreadable.status_code == 400 and "could not be read" in unreadable.get_data(True)


def test_the_api_documentation_works_offline(web):
    for path in ("/api/v1/docs", "/api/v1/redoc"):
        page = web.get(path).get_data(True)
        assert "cdn." not in page and "/static/web/vendor/" in page
    assert web.get("/static/web/vendor/redoc-2.5.2/redoc.standalone.js").status_code == 200


def _play_some(web, game_id, links, moves=4):
    """Both seats held by one browser in turn: join the seat to act, press its first button."""
    for _ in range(moves):
        for link in links:
            _join(web, link)
            page = web.get(f"/games/{game_id}").get_data(True)
            if "It is your turn." in page:
                move = html.unescape(re.search(r'name="move" value="([^"]+)"', page).group(1))
                answer = web.post(
                    f"/games/{game_id}/moves", data={"csrf_token": _csrf(web), "move": move}
                )
                assert answer.status_code == 303, answer.get_data(True)
                break


def test_fork_from_a_past_version_then_compare(web):
    game_id, links = _create(web)
    _play_some(web, game_id, links)
    past = web.get(f"/games/{game_id}?version=1").get_data(True)
    assert "(a past version)" in past and 'class="move"' not in past
    forked = web.post(
        f"/games/{game_id}/forks",
        data={"csrf_token": _csrf(web), "version": 1},
        follow_redirects=True,
    )
    assert forked.status_code == 200 and "invite the players" in forked.get_data(True)
    fork_id = re.search(r'href="/games/([0-9a-f-]{36})"', forked.get_data(True)).group(1)
    assert fork_id != game_id
    compared = web.get(f"/compare?g={fork_id}").get_data(True)
    assert "Branched from" in compared and compared.count('class="sheet"') == 2
    tree = web.get(f"/games/{fork_id}/branches").get_data(True)
    assert f'value="{game_id}"' in tree and f'value="{fork_id}" checked' in tree
    assert "(from version 1)" in tree
    inside = web.post(f"/games/{game_id}/forks", data={"csrf_token": _csrf(web), "version": 3})
    assert inside.status_code in (200, 422)  # a version inside a move is refused with a sentence


def test_undo_with_consent_from_the_page(web_app):
    first, second = web_app.test_client(), web_app.test_client()
    game_id, links = _create(first)
    _join(first, links[0])
    _join(second, links[1])
    for _ in range(4):  # alternate until both seats have moved
        for client in (first, second):
            page = client.get(f"/games/{game_id}").get_data(True)
            if "It is your turn." in page:
                move = html.unescape(re.search(r'name="move" value="([^"]+)"', page).group(1))
                client.post(
                    f"/games/{game_id}/moves", data={"csrf_token": _csrf(client), "move": move}
                )
    asked = first.post(
        f"/games/{game_id}/undo",
        data={"csrf_token": _csrf(first), "version": 1},
        follow_redirects=True,
    )
    body = html.unescape(asked.get_data(True))
    assert asked.status_code == 200 and "asks to take the game back to version 1" in body
    page = second.get(f"/games/{game_id}").get_data(True)
    request_id = re.search(r'name="request_id" value="(\d+)"', page).group(1)
    accepted = second.post(
        f"/games/{game_id}/undo/answer",
        data={"csrf_token": _csrf(second), "request_id": request_id, "answer": "accept"},
        follow_redirects=True,
    )
    assert accepted.status_code == 200
    assert "Undo requested" not in accepted.get_data(True)
    assert "<s>" in accepted.get_data(True)  # the undone events are struck through


def test_audit_page_and_notification_settings(web):
    game_id, links = _create(web)
    _play_some(web, game_id, links, moves=2)
    audit = web.get(f"/games/{game_id}/audit").get_data(True)
    assert "each produced exactly the recorded events" in audit
    assert "Seed hash" in audit and "revealed when the game is over" in audit
    assert f"/api/v1/games/{game_id}/export" in audit
    _join(web, links[0])
    settings = f"/games/{game_id}/notifications"
    inside = web.post(
        settings, data={"csrf_token": _csrf(web), "webhook_url": "https://169.254.169.254/x"}
    )
    assert inside.status_code == 422 and "public" in inside.get_data(True)
    saved = web.post(settings, data={"csrf_token": _csrf(web), "email": "ann@example.com"})
    assert saved.status_code == 200 and "Saved." in saved.get_data(True)
    assert 'value="ann@example.com"' in web.get(settings).get_data(True)


def test_errors_on_pages_are_pages_with_the_api_sentence(web):
    missing = web.get("/games/6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10")
    assert missing.status_code == 404 and missing.mimetype == "text/html"
    assert 'role="alert"' in missing.get_data(True)
    api = web.get("/api/v1/games/6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10")
    assert api.status_code == 404 and api.mimetype == "application/problem+json"


def test_a_player_can_replace_their_invite_link(web_app):
    first, other = web_app.test_client(), web_app.test_client()
    game_id, links = _create(first)
    _join(first, links[0])
    assert "the old link stops working" in first.get(f"/games/{game_id}/invite").get_data(True)
    renewed = first.post(f"/games/{game_id}/invite", data={"csrf_token": _csrf(first)})
    assert renewed.status_code == 200
    new_link = html.unescape(
        re.search(r'value="http://localhost(/join/[^"]+)"', renewed.get_data(True)).group(1)
    )
    assert other.get(links[0]).status_code == 403  # the old link opens nothing any more
    assert "You play Ann." in first.get(f"/games/{game_id}").get_data(True)  # still seated
    assert _join(other, new_link).status_code == 303
    assert "You play Ann." in other.get(f"/games/{game_id}").get_data(True)


@pytest.mark.slow
def test_a_whole_game_is_played_from_the_pages_alone(web_app):
    """Three browsers choose only among the buttons their page shows, to the end."""
    import random

    clients = [web_app.test_client() for _ in range(3)]
    game_id, links = _create(clients[0], ("Ann", "Bob", "Cid"))
    for client, link in zip(clients, links):
        assert _join(client, link).status_code == 303
    rng, moves = random.Random(3), 0
    while True:
        pages = [client.get(f"/games/{game_id}").get_data(True) for client in clients]
        if "The game is over." in pages[0]:
            break
        movers = [(c, p) for c, p in zip(clients, pages) if 'name="move"' in p]
        assert movers, "nobody is offered a move, yet the game is not over"
        client, page = movers[0]
        choices = [html.unescape(m) for m in re.findall(r'name="move" value="([^"]+)"', page)]
        answer = client.post(
            f"/games/{game_id}/moves",
            data={"csrf_token": _csrf(client), "move": rng.choice(choices)},
        )
        assert answer.status_code == 303, answer.get_data(True)
        moves += 1
        assert moves < 2000
    assert "Winner" in pages[0] and 'class="total"' in pages[0]


def _play_from_pages(web_app, title: str, seed: int, check) -> str:
    """Two browsers play a game of ``title`` to the end from the buttons alone; ``check(page)``
    looks at every page shown while it runs. Returns the last page."""
    import random

    clients = [web_app.test_client() for _ in range(2)]
    assert title.capitalize() in clients[0].get("/").get_data(True)
    game_id, links = _create(clients[0], ("Ann", "Bob"), title, "standard")
    for client, link in zip(clients, links):
        assert _join(client, link).status_code == 303
    rng, moves = random.Random(seed), 0
    while True:
        pages = [client.get(f"/games/{game_id}").get_data(True) for client in clients]
        check(pages[0])
        if "The game is over." in pages[0]:
            return pages[0]
        movers = [(c, p) for c, p in zip(clients, pages) if 'name="move"' in p]
        assert movers, "nobody is offered a move, yet the game is not over"
        client, page = movers[0]
        choices = [html.unescape(m) for m in re.findall(r'name="move" value="([^"]+)"', page)]
        answer = client.post(
            f"/games/{game_id}/moves",
            data={"csrf_token": _csrf(client), "move": rng.choice(choices)},
        )
        assert answer.status_code == 303, answer.get_data(True)
        moves += 1
        assert moves < 3000


@pytest.mark.slow
def test_a_whole_caverna_game_is_played_from_the_pages_alone(web_app):
    """Two browsers play Caverna to the end from the buttons alone; the home boards are drawn."""

    def check(page: str) -> None:
        if "The game is over." not in page:
            assert "Home board of Ann" in page and "Entry-level dwelling" in page

    last = _play_from_pages(web_app, "caverna", 5, check)
    assert "Winner" in last and 'class="total"' in last


@pytest.mark.slow
def test_a_whole_village_game_is_played_from_the_pages_alone(web_app):
    """Two browsers play Village to the end from the buttons alone; the page says which
    component values are provisional (issue 12, deliverable 3)."""

    def check(page: str) -> None:
        assert "provisional component values" in page and "council.time.2" in page
        if "The game is over." not in page:
            assert "Farmyard of Ann" in page and "Action spaces" in page

    last = _play_from_pages(web_app, "village", 7, check)
    assert "Winner" in last and 'class="total"' in last


def test_an_invite_link_asks_before_it_seats_the_browser_and_carries_no_token(web_app):
    """Issue 22: GET /join/... planted a seat in any visitor's browser, and the link carried
    the seat token in clear (so logs and histories held a token that worked on the API)."""
    from itsdangerous import URLSafeTimedSerializer

    creator, visitor = web_app.test_client(), web_app.test_client()
    game_id, links = _create(creator)
    _, claims = URLSafeTimedSerializer("any key", salt="chronicle-invite").loads_unsafe(
        links[0].split("/join/")[1]
    )  # what anyone who sees the link can read
    assert set(claims) == {"g", "s", "m"}  # no seat token
    shown = visitor.get(links[0])
    assert shown.status_code == 200 and "Join" in shown.get_data(True)
    assert "You play Ann." not in visitor.get(f"/games/{game_id}").get_data(True)
    assert visitor.post(links[0], data={"csrf_token": "forged"}).status_code == 400
    assert _join(visitor, links[0]).status_code == 303
    assert "You play Ann." in visitor.get(f"/games/{game_id}").get_data(True)


def test_a_cross_site_post_is_refused(web):
    _game_id, _links = _create(web)
    answer = web.post(
        "/games",
        data={
            "csrf_token": _csrf(web),
            "title": "agricola",
            "variant": "family",
            "player": ["Ann", "Bob"],
        },
        headers={"Origin": "https://evil.example"},
    )
    assert answer.status_code == 403
    api = web.post(
        "/api/v1/games",
        json={"title": "agricola", "players": ["A", "B"]},
        headers={"Origin": "null"},
    )
    assert api.status_code == 403 and api.get_json()["code"] == "cross_origin"
    same = web.post(
        "/api/v1/games",
        json={"title": "agricola", "players": ["A", "B"]},
        headers={"Origin": "http://localhost"},
    )
    assert same.status_code == 201


def test_the_session_cookie_is_secure_behind_https_only_when_a_proxy_is_declared(tmp_path):
    from service.app import create_app
    from service.bootstrap import bootstrap, init_db
    from tests.conftest import sqlite_settings

    def cookie(proxies, **request):
        settings = sqlite_settings(tmp_path / str(proxies), redis_url=None, proxies=proxies)
        init_db(settings).close()
        services = bootstrap(settings)
        try:
            answer = create_app(services=services).test_client().get("/", **request)
            return answer.headers.get("Set-Cookie", "")
        finally:
            services.close()

    forwarded = {"headers": {"X-Forwarded-Proto": "https"}}
    assert "Secure" not in cookie(0, **forwarded)  # nobody said a proxy is in front
    assert "Secure" in cookie(1, **forwarded)
    assert "Secure" in cookie(2, base_url="https://localhost")
