"""Issue 32 in Chromium: two people play a whole game of each title from the drawn board
alone, one on a desktop (1366×900) and one on a phone (390×844), counting taps per decision.

Each decision is made by clicking what the board draws: a place with one legal move (one tap),
a place with several (open it, then the choice: two taps), or a button of the step box on the
board (a multi-part action's Done, or a decision with no place, such as feeding at a harvest:
one tap). The choice among them is random (seeded). The listed moves are never needed: a
decision the board could not make fails the test. No console error over the whole game.
"""

from __future__ import annotations

import random
import time

import pytest

from service.web import security
from tests.web.conftest import seat_page
from tests.web.test_board_view import _wait_version

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
GAMES = [("agricola", "family", 3), ("caverna", "introductory", 5), ("village", "standard", 4)]
MAX_DECISIONS = 700

#: the board's controls for one decision: [kind, index] (one-tap buttons, several-choice
#: places, the step box's buttons); visible or scrolled-to ones only (not folded away)
_CONTROLS = """() => {
  const vis = e => e.getClientRects().length > 0;
  const out = [];
  document.querySelectorAll('.board div.acts.one button.tap').forEach((e, i) => {
    if (vis(e)) out.push(['one', i]); });
  document.querySelectorAll('.board details.acts').forEach((e, i) => {
    if (vis(e)) out.push(['several', i]); });
  document.querySelectorAll('#walk button.move').forEach((e, i) => {
    if (vis(e)) out.push(['step', i]); });
  return out; }"""


def _decide(page, rng: random.Random) -> int:
    """One decision from the drawn board: the taps it took (0: the board offered none)."""
    controls = page.evaluate(_CONTROLS)
    if not controls:
        return 0
    kind, index = rng.choice(controls)
    if kind == "one":
        page.locator(".board div.acts.one button.tap").nth(index).click()
        return 1
    if kind == "step":
        page.locator("#walk button.move").nth(index).click()
        return 1
    place = page.locator(".board details.acts").nth(index)
    place.locator("summary").click()
    choices = place.locator("button.move")
    choices.nth(rng.randrange(choices.count())).click()
    return 2


@pytest.mark.parametrize("title,variant,seed", GAMES, ids=[g[0] for g in GAMES])
def test_two_people_play_a_whole_game_from_the_drawn_board(
    browser, live_server, web_app, title, variant, seed
):
    from service.context import games as current_games

    with web_app.app_context():
        app = current_games()
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=seed)
    gid = created.game.id
    pages, contexts = [], []
    for seat, size in ((0, DESKTOP), (1, PHONE)):
        with web_app.test_request_context():
            invite = security.make_invite(gid, seat, created.tokens[seat])
        context, page, problems = seat_page(browser, live_server.url, invite)
        page.set_viewport_size(size)
        contexts.append((context, problems))
        pages.append(page)
    rng = random.Random(seed)
    taps, decisions, started = {0: 0, 1: 0}, {0: 0, 1: 0}, time.monotonic()
    try:
        for _ in range(MAX_DECISIONS):
            game = app.get_game(gid)
            status = game.rules.status(game.state)
            if status.finished or not status.to_act:
                break
            seat = sorted(status.to_act)[0]
            page = pages[seat]
            version = game.version  # (the game object moves on with the game)
            _wait_version(page, version, at_least=True)
            clicks = _decide(page, rng)
            assert clicks, (
                f"{title}: the board offered {game.players[seat]} no move at version "
                f"{version} ({game.rules.step_prompt(game.state, seat)})"
            )
            try:
                _wait_version(page, version)
            except AssertionError:
                error = page.locator("#error")
                raise AssertionError(
                    f"{title}: version {version}: "
                    f"{error.inner_text() if error.count() else 'no sentence'}; {page.url}"
                ) from None
            taps[seat] += clicks
            decisions[seat] += 1
        game = app.get_game(gid)
        assert game.rules.status(game.state).finished, f"{title}: unfinished at {game.version}"
        total_taps, total = sum(taps.values()), sum(decisions.values())
        print(
            f"{title}: {total} decisions, {total_taps} taps "
            f"({total_taps / total:.2f} per decision; desktop {taps[0]}/{decisions[0]}, "
            f"phone {taps[1]}/{decisions[1]}), {time.monotonic() - started:.0f} s"
        )
        assert decisions[0] and decisions[1]
        assert total_taps / total <= 1.6, (taps, decisions)
        for _, problems in contexts:
            assert not problems, problems
    finally:
        for context, _ in contexts:
            context.close()
