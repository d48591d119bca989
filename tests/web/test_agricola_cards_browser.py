"""The cards of Agricola's full game in Chromium (issue 23 item 6): a card's text shows on
hover (a tooltip) and opens on tap, click or the keyboard (a native ``<details>``, no
JavaScript needed), and the page with its card panels has no serious or critical axe-core
violation on a desktop or a phone, with a card open or not, for a seat and a spectator."""

from __future__ import annotations

import pytest

from domain.agricola.cards.catalogue import CARDS
from service.web import security

from .test_accessibility import _violations
from .test_agricola_card_panels import BRUSH_MAKER, _games, _position

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _seat_link(web_app, live_server, game_id, seat, token) -> str:
    with web_app.test_request_context():
        return f"{live_server.url}/join/{security.make_invite(game_id, seat, token)}"


def _join(page, link) -> None:
    page.goto(link)
    page.click("button.join-confirm")
    page.wait_for_load_state()


def _card(page, farm: str, name: str):
    # one's own cards are drawn under the board beside the moves (issue 32), others' in the farm
    return page.locator(
        f'article[aria-label="Farm of {farm}"] details.card, '
        f'section[aria-label="Cards of {farm}"] details.card'
    ).filter(has=page.locator(f'summary .card-name:text-is("{name}")'))


@pytest.fixture
def position(web_app):
    return _position(_games(web_app))


def test_a_cards_text_shows_on_hover_and_opens_on_click_and_keyboard(
    browser, live_server, web_app, position
):
    game_id, tokens, state = position
    context = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        _join(page, _seat_link(web_app, live_server, game_id, 0, tokens[0]))
        text = CARDS[BRUSH_MAKER]["summary"]
        card = _card(page, "Ann", "Brush Maker")
        summary, tip, body = (
            card.locator("summary"),
            card.locator(".tip"),
            card.locator(".card-text"),
        )
        assert not tip.is_visible() and not body.is_visible()
        summary.hover()
        assert tip.is_visible() and tip.locator(".tip-text").inner_text() == text
        page.mouse.move(0, 0)
        assert not tip.is_visible()
        summary.click()
        assert body.is_visible() and body.inner_text() == text
        assert card.get_attribute("open") is not None
        assert not tip.is_visible()  # the open card shows its text once
        summary.click()
        assert not body.is_visible()
        # the keyboard: a summary is a button; Tab to it shows the tooltip, Enter opens it
        hand = page.locator('section[aria-label="Cards of Ann"] details.card')
        hand.nth(0).locator("summary").focus()
        page.keyboard.press("Tab")
        own = hand.nth(1)
        assert own.locator("summary").evaluate("e => e === document.activeElement")
        assert own.locator(".tip").is_visible()
        page.keyboard.press("Enter")
        assert own.locator(".card-text").is_visible()
    finally:
        context.close()
    assert not errors, errors


def test_a_card_opens_on_tap_on_a_phone(browser, live_server, web_app, position):
    game_id, tokens, state = position
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        _join(page, _seat_link(web_app, live_server, game_id, 1, tokens[1]))
        card = _card(page, "Ann", "Brush Maker")  # another seat's played card
        body = card.locator(".card-text")
        others = page.locator("details.others")  # on a phone other seats fold away (issue 32)
        if others.count() and not others.evaluate("d => d.open"):
            others.locator("> summary").tap()
        card.locator("summary").scroll_into_view_if_needed()
        assert not body.is_visible()
        card.locator("summary").tap()
        assert body.is_visible() and body.inner_text() == CARDS[BRUSH_MAKER]["summary"]
        assert not card.locator(".tip").is_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page overflows a phone: {width} px"
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_card_panels_have_no_serious_accessibility_violation(
    browser, live_server, web_app, position, viewport
):
    game_id, tokens, state = position
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    failures = {}
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game_id}")
        failures["spectator"] = _violations(page)
        _join(page, _seat_link(web_app, live_server, game_id, 2, tokens[2]))
        assert page.locator("text=Your hand").count() == 1
        failures["seat"] = _violations(page)
        page.locator("details.card summary").first.click()
        failures["seat, a card open"] = _violations(page)
    finally:
        context.close()
    failures = {k: v for k, v in failures.items() if v}
    assert not failures, failures
