"""The series page in Chromium (Playwright): start a solo series from its form, open game 1
from the series page, play by clicking, and after the game choose the permanent occupation
with its button (digest §9.3; issue 23 item 5)."""

from __future__ import annotations

import random
import re
import uuid

import pytest

pytestmark = pytest.mark.browser


def _finish(web_app, game_id: str) -> None:
    """The rest of game 1 through the application (the game page's buttons are clicked for
    the first move; a whole game by clicking would only make this test slow)."""
    from service.context import games

    r = random.Random(5)
    with web_app.app_context():
        app = games()
        gid = uuid.UUID(game_id)
        while not app.get_game(gid).rules.status(app.get_game(gid).state).finished:
            _, moves = app.legal_moves(gid, 0)
            wanted = (
                [m for m in moves if m["type"] == "play_occupation"]
                or [m for m in moves if m.get("space") == "lessons"]
                or moves
            )
            app.play(gid, 0, r.choice(wanted))


def test_a_series_in_the_browser(browser, live_server, web_app):
    page = browser.new_context().new_page()
    page.goto(live_server.url + "/")
    page.click("text=Solo series")
    page.fill("input[name=player]", "Ann")
    page.click("text=Start the series and its first game")
    page.wait_for_selector("text=Ann's series")
    series_url = page.url
    assert page.locator("td", has_text=re.compile(r"^50$")).count() == 1
    page.click("text=Play game 1")
    page.wait_for_selector("text=Your moves")
    game_id = page.url.rsplit("/", 1)[1]
    version = int(page.get_attribute("#main", "data-version"))
    page.locator("#moves button.move").first.click()  # the move list (board buttons pop up)
    deadline = 100
    while int(page.get_attribute("#main", "data-version")) == version and deadline:
        page.wait_for_timeout(50)
        deadline -= 1
    assert int(page.get_attribute("#main", "data-version")) > version
    _finish(web_app, game_id)
    page.goto(series_url)
    page.wait_for_selector("text=After game 1")
    button = page.locator("form button").filter(has_text="permanent").first
    label = button.inner_text()
    button.click()
    page.wait_for_selector("text=Game 2")
    name = re.match(r"Make (.+) permanent", label).group(1)
    assert page.locator("li", has_text=name).count() >= 1
    assert page.locator("text=after game 1").count() == 1
