"""Two players in two browser contexts (Chromium, through Playwright): create a game, join by
invite links, play by clicking, see the other page follow live, scrub the timeline."""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 10_000


def _join(page, link):
    """Open an invite link and confirm on its page."""
    page.goto(link)
    page.click("button.join-confirm")
    page.wait_for_load_state()


def _create_game(page, base: str) -> list[str]:
    page.goto(base + "/")
    page.select_option("#title", "agricola")
    page.select_option("#variant", "agricola:family")
    page.fill("#player0", "Ann")
    page.fill("#player1", "Bob <b>")  # escaped wherever it is shown
    page.click("text=Create the game")
    page.wait_for_selector("text=invite the players")
    return [page.get_attribute(f"#invite{i}", "value") for i in range(2)]


def _wait_past(page, version: int, timeout_ms: int = LIVE_TIMEOUT_MS) -> int:
    """Wait until the page shows a version after ``version`` (polled from Python: the page's
    Content-Security-Policy rightly forbids the eval that ``wait_for_function`` needs)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        shown = page.get_attribute("#main", "data-version")
        if shown and int(shown) > version:
            return int(shown)
        page.wait_for_timeout(50)
    raise AssertionError(f"the page stayed at version {version}")


def _whose_turn(pages) -> int:
    for seat, page in enumerate(pages):
        if page.locator("text=It is your turn.").count():
            return seat
    raise AssertionError("no page says it is its player's turn")


def test_two_players_play_and_follow_each_other_live(browser, live_server):
    base = live_server.url
    ann_context, bob_context = browser.new_context(), browser.new_context()
    try:
        ann, bob = ann_context.new_page(), bob_context.new_page()
        errors = []
        for page in (ann, bob):
            page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        links = _create_game(ann, base)
        _join(ann, links[0])
        _join(bob, links[1])
        for page, name in ((ann, "Ann"), (bob, "Bob <b>")):
            page.wait_for_selector(f"text=You play {name}.")
        assert bob.locator("b").count() == 0  # the name is text, not markup
        pages = [ann, bob]
        for _ in range(3):
            mover = _whose_turn(pages)
            other = pages[1 - mover]
            version = int(other.get_attribute("#main", "data-version"))
            button = pages[mover].locator("#moves button.move").first
            label = button.inner_text()
            button.click()
            _wait_past(pages[mover], version)
            # the other player's page follows by itself (SSE), without a reload
            _wait_past(other, version)
            assert label and other.locator("ol.movelist li").count() > 1
        # the timeline: open an early version, then come back
        bob.click("ol.movelist li:first-child a")
        bob.wait_for_selector("text=(a past version)")
        assert bob.locator("#moves button.move").count() == 0
        bob.click("text=Back to the current version")
        bob.wait_for_selector("#main[data-past='no']")
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        ann_context.close()
        bob_context.close()


def test_the_lobby_lists_the_game_and_my_games(browser, live_server):
    context = browser.new_context()
    try:
        page = context.new_page()
        links = _create_game(page, live_server.url)
        _join(page, links[0])
        page.goto(live_server.url + "/")
        mine = page.locator("section[aria-labelledby='mine-h'] li")
        assert mine.count() == 1 and re.search(r"Ann, Bob <b>", mine.inner_text())
        assert page.locator("section[aria-labelledby='open-h'] li").count() == 1
    finally:
        context.close()


def _play(pages, moves: int) -> None:
    for _ in range(moves):
        mover = _whose_turn(pages)
        version = int(pages[mover].get_attribute("#main", "data-version"))
        pages[mover].locator("#moves button.move").first.click()
        _wait_past(pages[1 - mover], version)


def test_fork_compare_undo_with_consent_and_audit_by_clicking(browser, live_server):
    contexts = [browser.new_context(), browser.new_context()]
    try:
        ann, bob = (c.new_page() for c in contexts)
        links = _create_game(ann, live_server.url)
        _join(ann, links[0])
        _join(bob, links[1])
        ann.wait_for_selector("text=You play Ann.")
        _play([ann, bob], 4)
        # undo with consent: Ann asks from an early version, Bob accepts on his own page
        ann.click("ol.movelist li:first-child a")
        ann.wait_for_selector("text=(a past version)")
        ann.click("text=Ask to take the game back to here")
        ann.wait_for_selector("text=Undo requested")
        bob.wait_for_selector("text=Accept the undo", timeout=LIVE_TIMEOUT_MS)  # live
        bob.click("text=Accept the undo")
        bob.wait_for_selector("ol.movelist s")  # undone events struck through
        assert bob.locator("text=Undo requested").count() == 0
        # what if: a branch from version 1, then the tree and the comparison
        bob.click("ol.movelist li:first-child a")
        bob.click("text=What if…? Explore from here")  # the analysis view: nothing stored
        bob.wait_for_selector("text=Moves of the analysis")
        bob.locator(".board div.acts.one button.tap").first.click()  # a move for a seat
        bob.wait_for_selector("ol.movelist li.by")
        bob.click("text=Keep as a branch")
        bob.wait_for_selector("text=invite the players")
        bob.click("text=Watch the game")
        bob.click("text=Branches")
        bob.wait_for_selector("text=(the original game)")
        for box in bob.locator("input[name='g']").all():
            box.check()
        bob.click("text=Compare the ticked games")
        bob.wait_for_selector("text=Branches side by side")
        assert bob.locator("table.sheet").count() == 2
        # the audit
        game_id = ann.get_attribute("#main", "data-game")
        ann.goto(f"{live_server.url}/games/{game_id}")
        ann.click("text=Audit and records")
        ann.wait_for_selector("text=each produced exactly the recorded events")
        assert ann.locator("ol.rulings li").count() > 3
    finally:
        for context in contexts:
            context.close()


def test_a_village_game_in_the_browser_says_its_numbers_are_provisional(browser, live_server):
    """Issue 12: the page of a Village game shows the data-pack notice (expandable, with the
    provisional values) and the board; a player moves by clicking."""
    base = live_server.url
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + "/")
        page.select_option("#title", "village")
        page.select_option("#variant", "village:standard")
        page.fill("#player0", "Ann")
        page.fill("#player1", "Bob")
        page.click("text=Create the game")
        page.wait_for_selector("text=invite the players")
        links = [page.get_attribute(f"#invite{i}", "value") for i in range(2)]
        _join(page, links[0])
        page.wait_for_selector("text=You play Ann.")
        notice = page.locator("details#provisional")
        assert "provisional component values" in notice.locator("summary").inner_text()
        notice.locator("summary").click()
        assert "council.time.2" in notice.inner_text()
        assert (
            page.locator("text=Farmyard of Ann").count()
            or page.locator("[aria-label='Farmyard of Ann']").count()
        )
        if page.locator("text=It is your turn.").count():
            version = int(page.get_attribute("#main", "data-version"))
            page.locator("#moves button.move").first.click()
            _wait_past(page, version)
    finally:
        context.close()


def _until(page, expression: str, timeout_s: float = 10.0) -> None:
    """Poll ``expression`` from Python (wait_for_function would evaluate a string, which the
    page's CSP forbids)."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if page.evaluate(expression):
                return
        except Error as err:  # the page refreshed under the poll (a live update): ask again
            if "Execution context was destroyed" not in err.message:
                raise
        page.wait_for_timeout(25)
    raise AssertionError(f"never true: {expression}")


def test_keyboard_focus_turn_title_refusals_csp_and_phone_width(browser, live_server):
    """Issue 24: a solo game played in a phone-sized window with no CSP violation in the
    console and no horizontal overflow; the tab title marks the turn; after a move the focus is
    on the first move; a refused move (htmx, 422) shows its sentence and keeps the page; the
    arrow keys and Home/End step through the move list."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on(
            "console",
            lambda m: (
                problems.append(f"{page.url}: {m.text}")
                if (m.type == "error" or "Content Security Policy" in m.text)
                and "status of 422" not in m.text
                else None
            ),
        )  # the refusal below
        page.goto(live_server.url + "/")
        page.select_option("#title", "caverna")
        assert page.locator("#variant").input_value().startswith("caverna:")
        assert page.locator("#player1").is_visible()  # Caverna seats up to 7
        page.fill("#player0", "Ann")
        page.click("text=Create the game")
        page.wait_for_selector("text=invite the players")
        _join(page, page.get_attribute("#invite0", "value"))
        page.wait_for_selector("text=It is your turn.")
        assert page.title().startswith("▶ Your turn")
        for _ in range(3):
            version = int(page.get_attribute("#main", "data-version"))
            page.locator("#moves button.move").first.click()
            _wait_past(page, version)
            _until(
                page,
                "() => !!document.activeElement && "
                "document.activeElement.classList.contains('move')",
            )
        # a refused move: its sentence shows, the page stays on the current version
        version = int(page.get_attribute("#main", "data-version"))
        page.evaluate("""() => { const f = document.querySelector('#moves form');
            f.querySelector('input[name=move]').value =
                '{"type": "place", "space": "nowhere"}'; }""")
        page.locator("#moves button.move").first.click()
        page.wait_for_selector("#error")
        assert page.locator("#error").inner_text().strip()
        assert int(page.get_attribute("#main", "data-version")) == version
        # the move list from the keyboard
        page.locator("#timeline h2").click()
        page.keyboard.press("Home")
        page.wait_for_selector("text=(a past version)")
        assert page.locator("ol.movelist li.shown").inner_text().startswith("Ann sit")
        page.keyboard.press("ArrowRight")
        _until(
            page,
            "() => document.querySelectorAll('ol.movelist > li')[1].classList.contains('shown')",
        )
        page.keyboard.press("End")
        page.wait_for_selector("text=(a past version)", state="detached")
        for path in ("", "/audit"):
            page.goto(page.url.split("?")[0].replace("/audit", "") + path)
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{path or 'game page'} overflows a phone by {overflow}px"
        page.goto(live_server.url + "/api/v1/redoc")
        page.wait_for_timeout(1500)
        assert not problems, problems
    finally:
        context.close()


@pytest.mark.parametrize(
    "title,variant", [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]
)
def test_two_browsers_play_each_title_from_the_board(browser, live_server, title, variant):
    """Issue 24: the board is where one plays. Two players in two browsers move by opening a
    highlighted place on the board and choosing one of its moves (the list only for moves that
    act on no place: "done", "feed", …); the other page follows live."""
    contexts = [browser.new_context() for _ in range(2)]
    try:
        pages = [c.new_page() for c in contexts]
        pages[0].goto(live_server.url + "/")
        pages[0].select_option("#title", title)
        pages[0].select_option("#variant", f"{title}:{variant}")
        pages[0].fill("#player0", "Ann")
        pages[0].fill("#player1", "Bob")
        pages[0].click("text=Create the game")
        pages[0].wait_for_selector("text=invite the players")
        links = [pages[0].get_attribute(f"#invite{i}", "value") for i in range(2)]
        for page, link in zip(pages, links):
            _join(page, link)
        on_board = 0
        for _ in range(8):
            mover = next(
                (i for i, p in enumerate(pages) if p.locator("text=It is your turn.").count()), None
            )
            if mover is None:
                pages[0].wait_for_timeout(200)
                continue
            page, other = pages[mover], pages[1 - mover]
            version = int(page.get_attribute("#main", "data-version"))
            one = page.locator(".board div.acts.one button.tap")
            places = page.locator(".board details.acts")
            if one.count():  # a place with one move: one tap (issue 32)
                one.first.click()
                on_board += 1
            elif places.count():
                place = places.first
                place.locator("summary").click()
                place.locator("button.move").first.click()
                on_board += 1
            else:
                page.locator("#moves button.move").first.click()
            _wait_past(page, version)
            _wait_past(other, version)
        assert on_board >= 3, f"only {on_board} moves were made on the board"
    finally:
        for c in contexts:
            c.close()
