"""The series page in Chromium (Playwright): start a solo series from its form, open game 1
from the series page, play by clicking, and after the game choose the permanent occupation
with its button (digest §9.3; issue 23 item 5)."""

from __future__ import annotations

import re

import pytest

from tests.web.series_support import finish_solo_game

pytestmark = pytest.mark.browser


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
    finish_solo_game(web_app, game_id, 5)
    page.goto(series_url)
    page.wait_for_selector("text=After game 1")
    button = page.locator("form button").filter(has_text="permanent").first
    label = button.inner_text()
    button.click()
    page.wait_for_selector("text=Game 2")
    name = re.match(r"Make (.+) permanent", label).group(1)
    assert page.locator("li", has_text=name).count() >= 1
    assert page.locator("text=after game 1").count() == 1
