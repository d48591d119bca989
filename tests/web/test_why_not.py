"""Issue 24, "Bad input": a click on something that has no legal move shows why not (the
rule's sentence) and changes nothing. Every board element a seat may click without a listed
move answers, through ``Title.why_not``, with a sentence; the page's ``/why`` route answers
with it (a fragment for htmx, a page with a link back without JavaScript), a spectator gets
no such control, and a target that names nothing answers 404 with a sentence. Positions come
from random legal play."""

from __future__ import annotations

import html
import random
import re
import uuid
from urllib.parse import unquote

import pytest

from service.web import security
from service.web.board import move_target
from tests.web.conftest import seat_page

TITLES = [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]


def _games(web_app):
    from service.context import games

    with web_app.app_context():
        return games()


def _play(app, gid: uuid.UUID, pick: random.Random, n: int) -> None:
    for _ in range(n):
        game = app.get_game(gid)
        status = game.rules.status(game.state)
        if status.finished:
            return
        mover = pick.choice(list(status.to_act))
        app.play(gid, mover, pick.choice(app.legal_moves(gid, mover)[1]))


def _to_choose(app, gid: uuid.UUID, pick: random.Random, seat: int = 0) -> None:
    """Play on until ``seat`` is to choose where to place (its turn, no action half done):
    the board asks "why not?" only then (issue 32: not when it is not your turn)."""
    for _ in range(60):
        game = app.get_game(gid)
        status = game.rules.status(game.state)
        if seat in status.to_act and not game.rules.step_prompt(game.state, seat):
            return
        _play(app, gid, pick, 1)


def _seat_client(web_app, gid: uuid.UUID, seat: int, token: str):
    client = web_app.test_client()
    with web_app.test_request_context():
        invite = security.make_invite(gid, seat, token)
    page = client.get(f"/join/{invite}").get_data(True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    client.post(f"/join/{invite}", data={"csrf_token": csrf})
    return client


def _why_links(page: str) -> list[str]:
    """The targets of the page's why-not links (``href="/games/<id>/why?target=…"``)."""
    found = re.findall(r'href="/games/[^"/]+/why\?target=([^"&]+)"', page)
    return [unquote(html.unescape(t)) for t in found]


@pytest.mark.parametrize("title,variant", TITLES)
def test_every_dead_target_says_why_not_in_the_rules_words(web_app, title, variant):
    """Through the title protocol: at every position of a random game, each board element
    that a seat's page draws without a move gets a sentence (never None, never an error),
    and an element with moves is never offered a why-not."""
    app = _games(web_app)
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=7)
    gid, pick = created.game.id, random.Random(7)
    asked = 0
    for _ in range(60):
        game = app.get_game(gid)
        if game.rules.status(game.state).finished:
            break
        for seat in (0, 1):
            live = {move_target(m) for m in game.rules.legal_moves(game.state, seat)}
            for target in _board_targets(game):
                if target in live:
                    continue
                said = game.rules.why_not(game.state, seat, target)
                assert isinstance(said, str) and len(said) > 10, (target, said)
                asked += 1
        _play(app, gid, pick, 3)
    assert asked > 50
    assert game.rules.why_not(game.state, 0, "space:nowhere") is None
    assert game.rules.why_not(game.state, 0, "nonsense") is None


def _board_targets(game) -> list[str]:
    """The keys of the places the board draws (action spaces and one's own cells)."""
    state = game.rules.view(game.state, 0, False)
    spaces = state.get("space_order") or state.get("order") or list(state.get("spaces", {}))
    out = [f"space:{s}" for s in spaces]
    if game.rules.name == "village":
        out += [f"slot:{i}" for i in range(len(state["market"]["stalls"]))]
    else:
        out += [f"space:{n}" for n in range(15 if game.rules.name == "agricola" else 48)]
    return out


@pytest.mark.parametrize("title,variant", TITLES)
def test_the_why_route_answers_with_the_sentence_and_changes_nothing(web_app, title, variant):
    app = _games(web_app)
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=5)
    gid = created.game.id
    _play(app, gid, random.Random(5), 6)
    _to_choose(app, gid, random.Random(6))
    client = _seat_client(web_app, gid, 0, created.tokens[0])
    page = client.get(f"/games/{gid}").get_data(True)
    targets = _why_links(page)
    assert targets, "the seat's board offers no why-not control"
    version = app.get_game(gid).version
    for target in targets[:6]:
        game = app.get_game(gid)
        expected = game.rules.why_not(game.state, 0, target)
        plain = client.get(f"/games/{gid}/why", query_string={"target": target})
        assert plain.status_code == 200
        body = html.unescape(plain.get_data(True))
        assert expected in body and f'href="/games/{gid}"' in body
        fragment = client.get(
            f"/games/{gid}/why", query_string={"target": target}, headers={"HX-Request": "true"}
        )
        assert fragment.status_code == 200
        text = html.unescape(fragment.get_data(True))
        assert expected in text and "<html" not in text
    assert app.get_game(gid).version == version
    # a target that names nothing: a sentence, never a crash
    for bad in ("space:nowhere", "nonsense", "x" * 500, ""):
        answer = client.get(f"/games/{gid}/why", query_string={"target": bad})
        assert answer.status_code in (400, 404), bad
        assert "board" in answer.get_data(True)
    # a spectator has no such control and is told to open an invite
    spectator = web_app.test_client()
    assert not _why_links(spectator.get(f"/games/{gid}").get_data(True))
    answer = spectator.get(f"/games/{gid}/why", query_string={"target": targets[0]})
    assert answer.status_code == 403
    assert app.get_game(gid).version == version


@pytest.mark.browser
def test_a_click_on_a_dead_place_shows_why_beside_it(browser, live_server, web_app):
    """In Chromium with the page's own CSP: the player clicks the why-not of an action space
    with no move for them; the rule's sentence appears beside it in a status region, the
    game's version does not change, no CSP violation is logged, and axe finds no serious or
    critical violation."""
    from tests.web.test_accessibility import _violations

    app = _games(web_app)
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=5)
    gid = created.game.id
    _play(app, gid, random.Random(5), 3)
    with web_app.test_request_context():
        invite = security.make_invite(gid, 0, created.tokens[0])
    context, page, problems = seat_page(browser, live_server.url, invite)
    try:
        page.wait_for_selector("#main")
        version = app.get_game(gid).version
        link = page.locator("ul.spaces a.why").first
        name = link.get_attribute("aria-label")
        assert name and name.endswith(": why not?")
        target = unquote(link.get_attribute("href").split("target=")[1])
        game = app.get_game(gid)
        expected = game.rules.why_not(game.state, 0, target)
        link.click()
        said = link.locator("xpath=following-sibling::span[@role='status']")
        said.locator(".why-text").wait_for()
        assert said.inner_text().strip() == expected
        assert page.url.endswith(f"/games/{gid}")  # no navigation: htmx put it in place
        assert app.get_game(gid).version == version
        assert not problems, problems
        # axe with the sentence shown, on a desktop and a phone (injected through a context
        # that bypasses the CSP; the page under play keeps it), and no horizontal overflow
        for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
            checker = browser.new_context(bypass_csp=True, viewport=size)
            try:
                other = checker.new_page()
                other.context.add_cookies(context.cookies())
                other.goto(page.url)
                again = other.locator(f'ul.spaces a.why[aria-label="{name}"]')
                again.click()
                again.locator("xpath=following-sibling::span[@role='status']/span").wait_for()
                found = _violations(other)
                overflow = other.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
            finally:
                checker.close()
            assert not found, (size, found)
            assert overflow <= 0, f"the page overflows {size['width']} px by {overflow}"
        assert app.get_game(gid).version == version
    finally:
        context.close()
