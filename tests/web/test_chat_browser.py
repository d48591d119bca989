"""The table's chat in three browsers (Chromium through Playwright): two players talk, a third
browser watches; every message shows up on the other pages live, as text (never markup), a
half-typed message survives the page redrawing itself after a move, and a spectator without an
account reads the players' chat but has nowhere to write."""

from __future__ import annotations

import time

import pytest

from service.app import create_app
from service.bootstrap import bootstrap, init_db
from tests.conftest import sqlite_settings

from .conftest import LiveServer

pytestmark = pytest.mark.browser

LIVE_S = 10.0


@pytest.fixture
def chat_server(tmp_path, monkeypatch):
    monkeypatch.setenv("CHRONICLE_STREAM_MAX", "20")
    settings = sqlite_settings(tmp_path, redis_url=None)
    init_db(settings).close()
    services = bootstrap(settings)
    app = create_app(services=services)
    server = LiveServer(app)
    yield server
    server.close(app)
    services.close()


def _join(page, link):
    page.goto(link)
    page.click("button.join-confirm")
    page.wait_for_load_state()


def _texts(page) -> list[str]:
    return page.locator("#chat-list li[data-id] .chat-text").all_inner_texts()


def _wait_text(page, text: str) -> None:
    deadline = time.monotonic() + LIVE_S
    while time.monotonic() < deadline:
        if text in _texts(page):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{text!r} never showed; the page has {_texts(page)}")


def _say(page, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat .chat-form button[type=submit]")
    _wait_text(page, text)


def test_two_players_chat_and_a_spectator_watches_live(browser, chat_server):
    base = chat_server.url
    contexts = [browser.new_context() for _ in range(3)]
    errors: list[str] = []
    try:
        ann, bob, cid = (c.new_page() for c in contexts)
        streams: dict[str, list[str]] = {"ann": [], "bob": [], "cid": []}
        for name, page in zip(streams, (ann, bob, cid)):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on(  # issue 32: one event stream per game page, the chat rides on it
                "request",
                lambda r, n=name: (
                    streams[n].append(r.url) if r.resource_type == "eventsource" else None
                ),
            )
        ann.goto(base + "/")
        ann.select_option("#title", "agricola")
        ann.select_option("#variant", "agricola:family")
        ann.fill("#player0", "Ann")
        ann.fill("#player1", "Bob")
        ann.click("text=Create the game")
        ann.wait_for_selector("text=invite the players")
        links = [ann.get_attribute(f"#invite{i}", "value") for i in range(2)]
        _join(ann, links[0])
        _join(bob, links[1])
        game_url = ann.url.split("?")[0]
        cid.goto(game_url)
        for page in (ann, bob, cid):
            page.wait_for_selector("#chat")
        assert cid.locator("#chat-text").count() == 0  # a guest spectator cannot write
        assert "Sign in to write" in cid.inner_text("#chat")
        ann.wait_for_timeout(500)  # the chat streams open

        _say(ann, "Hello <b>Bob</b> & good luck")
        for page in (bob, cid):
            _wait_text(page, "Hello <b>Bob</b> & good luck")
            assert page.locator("#chat-list b").count() == 0  # text, never markup
        _say(bob, "Thanks, Ann!")
        _wait_text(ann, "Thanks, Ann!")
        _wait_text(cid, "Thanks, Ann!")
        assert [len(urls) for urls in streams.values()] == [1, 1, 1], streams
        assert all("chat=" in urls[0] for urls in streams.values())
        assert "ticket=" in streams["ann"][0] and "ticket=" not in streams["cid"][0]

        # Bob is typing when Ann moves: his page redraws, his words stay
        bob.fill("#chat-text", "half a thou")
        bob.focus("#chat-text")
        version = int(bob.get_attribute("#main", "data-version"))
        mover = ann if ann.locator("text=It is your turn.").count() else bob
        button = mover.locator("#moves button.move").first
        if not button.is_visible():  # its group is folded away
            mover.locator("#moves details.group summary").first.click()
        button.click()
        deadline = time.monotonic() + LIVE_S
        while int(bob.get_attribute("#main", "data-version")) <= version:
            assert time.monotonic() < deadline, "Bob's page never followed the move"
            bob.wait_for_timeout(50)
        bob.wait_for_timeout(300)
        assert bob.input_value("#chat-text") == "half a thou"
        # and the chat did not move the game: every page agrees on the version
        assert ann.get_attribute("#main", "data-version") == bob.get_attribute(
            "#main", "data-version"
        )
        assert [e for e in errors if "Content Security Policy" in e] == []
    finally:
        for context in contexts:
            context.close()
