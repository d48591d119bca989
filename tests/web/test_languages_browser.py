"""The lobby-to-first-move path in Russian and Czech (issue 36), in Chromium: one player's
browser asks for Russian (its Accept-Language), the other chooses Czech with the switch; each
sees its own pages, invite and join pages and the game's log in its language, and the first
move appears in each log in each reader's words."""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 10_000


def _wait_past(page, version: int) -> int:
    deadline = time.monotonic() + LIVE_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        shown = page.get_attribute("#main", "data-version")
        if shown and int(shown) > version:
            return int(shown)
        page.wait_for_timeout(50)
    raise AssertionError(f"the page stayed at version {version}")


def _lang(page) -> str:
    return page.get_attribute("html", "lang")


def test_lobby_to_first_move_in_russian_and_czech(browser, live_server):
    base = live_server.url
    ann_context = browser.new_context(locale="ru-RU")  # Accept-Language: ru-RU
    bob_context = browser.new_context(locale="en-US")
    try:
        ann, bob = ann_context.new_page(), bob_context.new_page()
        errors: list[str] = []
        for page in (ann, bob):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

        ann.goto(base + "/")
        assert _lang(ann) == "ru"
        assert ann.locator("header.site nav >> text=Лобби").count() == 1
        ann.select_option("#title", "agricola")
        ann.select_option("#variant", "agricola:family")
        ann.fill("#player0", "Ann")
        ann.fill("#player1", "Bob")
        ann.click("form.create button[type=submit]")
        ann.wait_for_selector("text=пригласите игроков")
        assert _lang(ann) == "ru"
        links = [ann.get_attribute(f"#invite{i}", "value") for i in range(2)]

        # Bob's browser speaks English until he picks Čeština on the switch
        bob.goto(links[1])
        assert _lang(bob) == "en" and bob.locator("button.join-confirm").inner_text() == (
            "Join as Bob"
        )
        bob.click("header.site a[hreflang=cs]")
        bob.wait_for_selector("html[lang=cs]")
        assert bob.locator("button.join-confirm").inner_text() == "Připojit se jako Bob"
        bob.click("button.join-confirm")
        bob.wait_for_selector("#main[data-version]")
        assert _lang(bob) == "cs"  # the cookie keeps the choice

        ann.goto(links[0])
        assert ann.locator("button.join-confirm").inner_text() == "Присоединиться как Ann"
        ann.click("button.join-confirm")
        ann.wait_for_selector("#main[data-version]")
        assert _lang(ann) == "ru"
        assert "садятся за игру Агрикола" in ann.content()
        assert "usedají ke hře Agricola" in bob.content()

        pages = [ann, bob]
        mover = next(i for i, p in enumerate(pages) if p.locator("#moves button.move").count())
        version = int(pages[1 - mover].get_attribute("#main", "data-version"))
        pages[mover].locator("#moves button.move").first.click()
        _wait_past(pages[mover], version)
        _wait_past(pages[1 - mover], version)  # the other page follows live
        ann.reload()
        bob.reload()
        ann_log, bob_log = ann.content(), bob.content()
        assert "ставит родича на ячейку" in ann_log or "берет" in ann_log, "no Russian move"
        assert "umisťuje člena rodiny" in bob_log or "bere" in bob_log, "no Czech move"
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        ann_context.close()
        bob_context.close()
