"""Issue 32 in Chromium: a keyboard-only player (Tab, Enter and Space, nothing else) plays
from the drawn board. After a move that ends the turn the focus stays on the board (never the
status line at the top), so when the other player's move arrives a few Tabs reach the board's
places again; a place with several choices opens with Space."""

from __future__ import annotations

import pytest

from service.web import security
from tests.web.conftest import seat_page
from tests.web.test_board_view import _tap_a_decision, _wait_version

pytestmark = pytest.mark.browser

#: what the focus is on: a one-tap place, a place with several choices, a step's button,
#: or where it is (the focused element's nearest landmark-ish container)
_FOCUS = """() => { const e = document.activeElement;
  if (!e || e === document.body) return ['body', ''];
  if (e.matches('.board div.acts.one button.tap')) return ['tap', ''];
  if (e.matches('.board details.acts > summary')) return ['several', ''];
  if (e.matches('#walk button.move')) return ['step', ''];
  const box = e.closest('#walk, section.board, .mine-part, #moves, #timeline, .gamehead, nav');
  return ['other', (box ? (box.id || box.className) : e.tagName) + ':' + (e.id || e.tagName)]; }"""


def _keyboard_decision(page, limit: int) -> tuple[int, int]:
    """Tab to the board's next place and play it with Enter (Space opens a place with several
    choices, Tab then Enter takes the first): (Tabs it took, keys in all)."""
    for tabs in range(limit + 1):
        kind, _ = page.evaluate(_FOCUS)
        if kind in ("tap", "step"):
            page.keyboard.press("Enter")
            return tabs, tabs + 1
        if kind == "several":
            page.keyboard.press("Space")
            page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            return tabs, tabs + 3
        page.keyboard.press("Tab")
    where = page.evaluate(_FOCUS)
    raise AssertionError(f"{limit} Tabs never reached a place of the board: {where}")


def test_a_keyboard_only_player_reaches_the_board_again_after_each_turn(
    browser, live_server, web_app
):
    from service.context import games as current_games

    with web_app.app_context():
        app = current_games()
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=3)
    gid = created.game.id
    contexts, pages = [], []
    for seat in (0, 1):
        with web_app.test_request_context():
            invite = security.make_invite(gid, seat, created.tokens[seat])
        context, page, problems = seat_page(browser, live_server.url, invite)
        contexts.append((context, problems))
        pages.append(page)
    ann, bob = pages
    try:
        # the skip link comes first and leads to the moves
        ann.keyboard.press("Tab")
        assert ann.evaluate("document.activeElement.classList.contains('skip')")
        ann.keyboard.press("Enter")
        ann.keyboard.press("Tab")
        assert ann.evaluate("!!document.activeElement.closest('#moves')")
        ann.goto(ann.url)  # and from the top of the page, Tab on to the board's places
        ends, reached = 0, []
        first = True
        for _ in range(40):
            game = app.get_game(gid)
            to_act = sorted(game.rules.status(game.state).to_act)
            if not to_act or ends >= 6:
                break
            version = game.version
            if to_act[0] == 1:  # Bob plays with the mouse
                _wait_version(bob, version, at_least=True)
                assert _tap_a_decision(bob)
                _wait_version(ann, version)  # it reaches Ann live; her focus stays put
                continue
            _wait_version(ann, version, at_least=True)
            tabs, _keys = _keyboard_decision(ann, 60 if first else 8)
            if not first:
                reached.append(tabs)
            first = False
            _wait_version(ann, version)
            game = app.get_game(gid)
            if 0 not in game.rules.status(game.state).to_act:  # the move ended her turn
                ends += 1
                kind, where = ann.evaluate(_FOCUS)
                assert kind != "body" and not where.startswith("gamehead"), (kind, where)
                assert where.split(":")[0] in ("board", "board walking", "board mine-part"), where
        assert ends >= 4, ends
        assert reached and max(reached) <= 6, reached  # a few Tabs from the board's heading
        for _, problems in contexts:
            assert not problems, problems
    finally:
        for context, _ in contexts:
            context.close()
