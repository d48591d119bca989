"""Issue 24 through Flask's test client: the lobby (solo, typed values kept, the variant decides
the title), a refused move's sentence beside the control that was clicked, the move list (one
entry per move, branch and undo only at move boundaries), POST-redirect-GET, the invite-link
confirmation, the docs pages under the CSP, the favicon, the stream process's origin, and the
practice-game banner."""

from __future__ import annotations

import html
import re

import pytest

from domain.common.errors import RuleViolation
from tests.web.test_pages import _create, _csrf, _join


@pytest.fixture
def web(web_app):
    return web_app.test_client()


def test_a_solo_game_is_created_from_the_lobby_with_one_name(web):
    answer = web.post(
        "/games",
        data={
            "csrf_token": _csrf(web),
            "title": "agricola",
            "variant": "agricola:family",
            "player": ["Ann", ""],
        },
    )
    assert answer.status_code == 303
    page = web.get(answer.headers["Location"]).get_data(True)
    assert "Seat 1: Ann" in page and "Seat 2" not in page


def test_the_variant_list_names_its_title_and_decides_it_without_script(web):
    page = web.get("/").get_data(True)
    assert 'value="caverna:standard" data-title="caverna"' in page
    answer = web.post(
        "/games",
        data={
            "csrf_token": _csrf(web),
            "title": "agricola",
            "variant": "caverna:standard",
            "player": ["Ann", "Bob"],
        },
    )
    assert answer.status_code == 303
    assert "Caverna" in web.get(answer.headers["Location"]).get_data(True)


def test_a_lobby_error_keeps_what_was_typed(web):
    answer = web.post(
        "/games",
        data={
            "csrf_token": _csrf(web),
            "title": "caverna",
            "variant": "caverna:introductory",
            "player": ["Ann", "Ann", "Cid"],
        },
    )
    assert answer.status_code == 422
    page = html.unescape(answer.get_data(True))
    assert "Two seats cannot share the name" in page
    assert 'id="player2" name="player" maxlength="40" autocomplete="off" value="Cid"' in page
    assert 'value="caverna:introductory" data-title="caverna"' in page
    chosen = re.search(r'<option value="caverna:introductory"[^>]*>', page).group(0)
    assert "selected" in chosen


def _seated(web, names=("Ann", "Bob")):
    game_id, links = _create(web, names)
    _join(web, links[0])
    return game_id


def test_a_refused_move_is_explained_beside_the_control_that_was_clicked(web_app, monkeypatch):
    web = web_app.test_client()
    game_id = _seated(web, ("Ann",))
    page = web.get(f"/games/{game_id}").get_data(True)
    move = html.unescape(re.search(r'name="move" value="([^"]+)"', page).group(1))
    from service.context import games as current_games

    with web_app.app_context():
        app = current_games()

    def refuse(*_args, **_kwargs):
        raise RuleViolation("fork_reveals_hidden", game=game_id, version=1)

    monkeypatch.setattr(app, "play", refuse)
    answer = web.post(
        f"/games/{game_id}/moves",
        headers={"HX-Request": "true"},
        data={"csrf_token": _csrf(web), "move": move, "where": "list"},
    )
    assert answer.status_code == 422
    body = html.unescape(answer.get_data(True))
    assert body.lstrip().startswith("<main")  # htmx swaps #main with the refusal in it
    beside = re.search(
        r'value="list">\s*<button[^>]*>[^<]*</button>\s*</form>\s*'
        r'<p class="error refusal" role="alert" id="error"',
        body,
    )
    assert beside, "the sentence is not right after the clicked button"
    assert body.count('id="error"') == 1


def _play(web, game_id, count):
    for _ in range(count):
        page = web.get(f"/games/{game_id}").get_data(True)
        move = html.unescape(re.search(r'name="move" value="([^"]+)"', page).group(1))
        assert (
            web.post(
                f"/games/{game_id}/moves", data={"csrf_token": _csrf(web), "move": move}
            ).status_code
            == 303
        )


def test_the_move_list_has_one_entry_per_move_and_branches_only_at_boundaries(web):
    game_id = _seated(web, ("Ann",))
    _play(web, game_id, 3)
    page = web.get(f"/games/{game_id}").get_data(True)
    entries = re.findall(
        r'<li class="[^"]*">\s*<a href="/games/[^"]+"', page.split('id="move-list"')[1]
    )
    assert len(entries) == 4  # the set-up and three moves
    current = int(re.search(r'data-version="(\d+)"', page).group(1))
    assert current > 4  # a move makes several events: the list is not the event log
    boundaries = [
        int(v)
        for v in re.findall(r'<li class="[^"]*">\s*<a href="/games/[^"?]+\?version=(\d+)"', page)
    ]
    for version in boundaries:
        shown = web.get(f"/games/{game_id}?version={version}").get_data(True)
        assert "What if…?" in shown and "Ask to take the game back to here" in shown
    inside = next(v for v in range(2, current) if v not in boundaries)
    shown = web.get(f"/games/{game_id}?version={inside}").get_data(True)
    assert "What if…?" not in shown and "Ask to take the game back" not in shown
    assert 'data-key="ArrowLeft"' in shown and 'data-key="End"' in shown


def test_post_results_redirect_and_the_invite_link_asks_first(web):
    game_id = _seated(web, ("Ann",))
    _play(web, game_id, 1)
    forked = web.post(f"/games/{game_id}/forks", data={"csrf_token": _csrf(web), "version": 1})
    assert forked.status_code == 303 and forked.headers["Location"].endswith("/invites")
    assert "invite the players" in web.get(forked.headers["Location"]).get_data(True)
    assert web.get(forked.headers["Location"]).status_code == 410  # shown once
    confirm = web.get(f"/games/{game_id}/invite").get_data(True)
    assert "Replace your invite link?" in confirm and "Yes, make a new link" in confirm
    page = web.get(f"/games/{game_id}").get_data(True)
    assert "New invite link…" in page and f'action="/games/{game_id}/invite"' not in page
    undo = web.post(f"/games/{game_id}/undo", data={"csrf_token": _csrf(web), "version": 1})
    assert undo.status_code == 303
    after = html.unescape(web.get(undo.headers["Location"]).get_data(True))
    assert "taken back to version 1" in after or "You asked to take the game back" in after


def test_docs_pages_carry_the_policy_and_no_inline_script_and_the_favicon_is_served(web):
    for path in ("/api/v1/docs", "/api/v1/redoc"):
        answer = web.get(path)
        page = answer.get_data(True)
        policy = answer.headers["Content-Security-Policy"]
        assert "script-src 'self';" in policy and "default-src 'self'" in policy
        assert not re.search(r"<script>(?!</script>)", page)  # every script has a src
        assert "<style>" not in page and "http://" not in page and "https://" not in page
    icon = web.get("/favicon.ico")
    assert icon.status_code == 301
    assert web.get(icon.headers["Location"]).mimetype == "image/svg+xml"


def test_pages_stream_from_the_stream_process_named_in_the_settings(web_app):
    web_app.config["CHRONICLE_STREAM_URL"] = "http://127.0.0.1:8299"
    web = web_app.test_client()
    game_id = _seated(web, ("Ann",))
    answer = web.get(f"/games/{game_id}")
    assert "connect-src 'self' http://127.0.0.1:8299;" in answer.headers["Content-Security-Policy"]
    assert f'data-stream="http://127.0.0.1:8299/api/v1/games/{game_id}/stream"' in answer.get_data(
        True
    )


def test_your_turn_shows_in_the_title_and_a_skip_link_leads_to_the_moves(web):
    game_id = _seated(web, ("Ann",))
    page = web.get(f"/games/{game_id}").get_data(True)
    assert "<title>▶ Your turn · Agricola · Chronicle</title>" in page
    assert 'href="/static/web/favicon-turn.svg"' in page
    assert '<a class="skip" href="#moves">Skip to your moves</a>' in page


def test_a_practice_game_says_so(web_app, monkeypatch):
    web = web_app.test_client()
    game_id = _seated(web, ("Ann",))
    from service.context import games as current_games

    with web_app.app_context():
        app = current_games()
    real = app.summary
    monkeypatch.setattr(app, "summary", lambda game: {**real(game), "practice": True})
    assert "Practice game." in web.get(f"/games/{game_id}").get_data(True)
    monkeypatch.setattr(app, "summary", lambda game: {**real(game), "practice": False})
    assert "Practice game." not in web.get(f"/games/{game_id}").get_data(True)


def test_during_an_undo_request_the_status_names_who_must_answer(web_app):
    first, second = web_app.test_client(), web_app.test_client()
    game_id, links = _create(first)
    _join(first, links[0])
    _join(second, links[1])
    for _ in range(4):
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
    assert "You asked to take the game back to version 1" in body
    status = re.search(r'id="status"[^>]*>(.*?)</p>', body, re.S).group(1)
    assert "nobody" not in status
    assert "Bob" in status and "undo request" in status
