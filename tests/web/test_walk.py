"""Issue 24: a multi-part action walks through its steps on the board. After a player places
on a space whose action has parts, the page names the step and what is left, draws the step's
moves on the board's places (cells, spaces, cities) and its moves without a place (Done, Close
the pasture, …) beside the sentence; a refused step shows the rule's sentence next to what was
clicked. The positions are reached by random legal play, found through the title protocol."""

from __future__ import annotations

import html
import json
import random
import re
import uuid

import pytest

from domain.bots.sim import after
from domain.common.rng import Rng
from service.web import security
from service.web.board import move_target, step_walk
from tests.web.conftest import seat_page


def _games(web_app):
    from service.context import games

    with web_app.app_context():
        return games()


def _walk_start(app, game_id: uuid.UUID, seat: int, pick: random.Random, limit: int = 400):
    """Play random legal moves (any seat) until ``seat`` may place on a space whose action
    then walks through steps on the board (a targeted step move follows); returns that
    placing move, or None."""
    for _ in range(limit):
        game = app.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return None
        if seat in status.to_act and game.rules.step_prompt(game.state, seat) is None:
            for move in game.rules.legal_moves(game.state, seat):
                if move_target(move) is None or not move_target(move).startswith("space:"):
                    continue
                nxt = after(game.rules, game.state, seat, move, Rng(1))
                if nxt is None or game.rules.step_prompt(nxt, seat) is None:
                    continue
                steps = game.rules.legal_moves(nxt, seat)
                if any(move_target(m) for m in steps):
                    return move
        mover = pick.choice(list(status.to_act))
        app.play(game_id, mover, pick.choice(app.legal_moves(game_id, mover)[1]))
    return None


def _until_step(app, game_id: uuid.UUID, seat: int, kind_of, pick: random.Random, limit=600):
    """Random legal play until ``seat``'s step prompt satisfies ``kind_of``."""
    for _ in range(limit):
        game = app.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return False
        prompt = game.rules.step_prompt(game.state, seat) if seat in status.to_act else None
        if prompt and kind_of(game.state, prompt):
            return True
        mover = pick.choice(list(status.to_act))
        app.play(game_id, mover, pick.choice(app.legal_moves(game_id, mover)[1]))
    return False


@pytest.mark.parametrize(
    "title,variant", [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]
)
def test_every_title_names_its_step_and_puts_its_moves_on_the_board(web_app, title, variant):
    """Through the title protocol only: during a step, every listed move of the step's group
    is either on a board place (``targets``) or a button beside the sentence."""
    app = _games(web_app)
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=11)
    gid, pick = created.game.id, random.Random(3)
    seen = 0
    for _ in range(500):
        game = app.get_game(gid)
        status = game.rules.status(game.state)
        if status.finished:
            break
        for seat in status.to_act:
            legal = game.rules.legal_moves(game.state, seat)
            walk = step_walk(game, seat, legal)
            if walk is None:
                continue
            seen += 1
            assert walk["step"] and walk["left"]
            group = game.rules.step_prompt(game.state, seat)["group"]
            for move in legal:
                if game.rules.move_group(game.state, move) != group:
                    continue
                key = move_target(move)
                packed = json.dumps(move, separators=(",", ":"), sort_keys=True)
                if key is None:
                    assert packed in [b["json"] for b in walk["buttons"]]
                else:
                    assert key in walk["targets"]
        mover = pick.choice(list(status.to_act))
        app.play(gid, mover, pick.choice(app.legal_moves(gid, mover)[1]))
    assert seen >= 3, f"{title}: only {seen} steps met in random play"


def test_the_fence_step_says_what_is_marked_and_what_closing_costs(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=3)
    gid = created.game.id
    found = _until_step(
        app,
        gid,
        0,
        lambda state, prompt: "fence" in prompt["step"].lower() and state["pending"][0]["region"],
        random.Random(3),
    )
    assert found, "random play with this seed marks a fence space for Ann"
    client = web_app.test_client()
    with web_app.test_request_context():
        invite = security.make_invite(gid, 0, created.tokens[0])
    page = client.get(f"/join/{invite}").get_data(True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    client.post(f"/join/{invite}", data={"csrf_token": token})
    page = client.get(f"/games/{gid}").get_data(True)
    walk = re.search(r'<div class="walk" id="walk".*?</div>\s*</div>', page, re.S).group(0)
    text = html.unescape(re.sub(r"<[^>]+>", " ", walk))
    assert re.search(r"\d+ spaces? marked: closing (it|them) takes \d+ fences, \d+ of your", text)
    assert "Close the pasture" in text  # the step's move without a place, beside the words
    assert 'class="board walking"' in page
    # a step refused: the sentence goes next to the walk's button that was clicked
    button = re.search(
        r'name="move" value="([^"]+)"[^>]*>\s*<input type="hidden" name="where" '
        r'value="walk"',
        walk,
    )
    assert button is not None
    version = app.get_game(gid).version
    forged = {"type": "fence_space", "space": 99}
    answer = client.post(
        f"/games/{gid}/moves",
        data={"csrf_token": token, "move": json.dumps(forged), "where": "walk"},
    )
    # without JavaScript: redirect-after-post to the page, which says why (issue 32)
    assert answer.status_code == 303
    assert app.get_game(gid).version == version
    refused = client.get(f"/games/{gid}").get_data(True)
    assert 'role="alert"' in refused


def _axe(page) -> list[str]:
    from tests.web.test_accessibility import _violations

    return _violations(page)


@pytest.mark.browser
@pytest.mark.parametrize(
    "title,variant", [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]
)
def test_a_multi_part_action_is_played_from_the_board_alone(
    browser, live_server, web_app, title, variant
):
    """In Chromium: the player opens an action space on the board and places there; the page
    names the step, keeps the focus on the board, and the player finishes the action by
    clicking the board's places and the step's buttons beside its sentence (never the move
    list); axe finds no serious or critical violation on the page mid-action."""
    app = _games(web_app)
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=5)
    gid = created.game.id
    place = _walk_start(app, gid, 0, random.Random(5))
    assert place is not None, "random play never offered Ann a space with steps"
    with web_app.test_request_context():
        invite = security.make_invite(gid, 0, created.tokens[0])
    context, page, problems = seat_page(browser, live_server.url, invite)
    try:
        page.wait_for_selector("text=It is your turn.")
        key = move_target(place)
        packed = json.dumps(place, separators=(",", ":"), sort_keys=True)
        version = int(page.get_attribute("#main", "data-version"))
        one = page.locator(f'.board div.acts.one button[data-where="board:{key}"]')
        if one.count():  # the only move there: one tap makes it (issue 32)
            assert (
                one.locator("xpath=ancestor::form//input[@name='move']").get_attribute("value")
                == packed
            )
            one.click()
        else:  # several: they open at the place, each saying what it is
            space = page.locator(f'.board details.acts:has(button[data-where="board:{key}"])')
            space.locator("summary").click()
            space.locator(f"form:has(input[value='{packed}']) button").click()
        page.wait_for_selector("#walk")
        assert int(page.get_attribute("#main", "data-version")) > version
        step = page.locator("#walk-h").inner_text()
        assert step and page.locator("#walk-left").inner_text()
        # the focus stays on the board, on a place of the step
        for _ in range(600):  # up to 15 s: the machine running the tests may be loaded
            where = page.evaluate(
                "() => document.activeElement && document.activeElement.closest('.board') ? "
                "(document.activeElement.dataset.where || document.activeElement.tagName) : ''"
            )
            if where:
                break
            page.wait_for_timeout(25)
        assert where, "the focus left the board after the placement"
        # axe mid-action, on a desktop and a phone (injected through a context that bypasses
        # the CSP; the page under play keeps it), and no horizontal overflow on the phone
        for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
            checker = browser.new_context(bypass_csp=True, viewport=size)
            try:
                other = checker.new_page()
                other.context.add_cookies(context.cookies())
                other.goto(page.url)
                other.wait_for_selector("#walk")
                found = _axe(other)
                overflow = other.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
            finally:
                checker.close()
            assert not found, (size, found)
            assert overflow <= 0, f"the page mid-action overflows {size['width']} px by {overflow}"
        # finish the action from the board: places first, then the step's own buttons
        for _ in range(12):
            if not page.locator("#walk").count():
                break
            version = int(page.get_attribute("#main", "data-version"))
            target = page.locator(".board.walking div.acts.step button, .board.walking button.cell")
            if target.count():
                target.first.click()
            else:
                opened = page.locator(".board.walking details.acts.step")
                if opened.count():
                    opened.first.locator("summary").click()
                    opened.first.locator("button").first.click()
                else:
                    done = page.locator("#walk button.move")
                    done.last.click()  # the rules list Done last
            for _ in range(200):
                shown = int(page.get_attribute("#main", "data-version"))
                if shown > version or page.locator("#error").count():
                    break
                page.wait_for_timeout(25)
            assert not page.locator("#error").count(), page.locator("#error").inner_text()
        assert not page.locator("#walk").count(), "the action never ended from the board"
        assert (
            page.locator("#moves button.move").count() or page.locator("text=Waiting for").count()
        )
        assert not problems, problems
    finally:
        context.close()
