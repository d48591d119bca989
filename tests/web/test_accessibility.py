"""axe-core (vendored from the npm registry, ``tests/web/vendor``) on every page type, in
Chromium on a desktop and a phone: no serious or critical violation. axe is injected by
Playwright into a context that bypasses the page's CSP (only for the check: the pages
themselves never load it)."""

from __future__ import annotations

import os
import random

import pytest

from bench.games import play_random
from service.web import security

AXE = os.path.join(os.path.dirname(__file__), "vendor", "axe-core-4.14.1", "axe.min.js")


def _violations(page) -> list[str]:
    page.add_script_tag(path=AXE)
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3)
                 .map(n => n.target.join(' ')).join(' | '));
    }""")
    return found


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def test_every_page_type_has_no_serious_accessibility_violation(
    browser, live_server, web_app, viewport
):
    from service.context import games as current_games

    with web_app.app_context():
        games = current_games()
    urls = {"lobby": "/"}
    for index, (title, variant) in enumerate(
        [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]
    ):
        created = games.create_game(title, variant, ["Ann", "Bob"], {}, seed=20 + index)
        play_random(games, created.game.id, random.Random(index), max_version=60)
        with web_app.test_request_context():
            invite = security.make_invite(created.game.id, 0, created.tokens[0])
        urls[f"{title} as a player"] = f"/join/{invite}"
        urls[f"{title} past version"] = f"/games/{created.game.id}?version=1"
        urls[f"{title} analysis"] = f"/games/{created.game.id}/analysis?from=1"
        if index == 0:
            gid = created.game.id
            urls["audit"] = f"/games/{gid}/audit"
            urls["branches"] = f"/games/{gid}/branches"
            urls["compare"] = f"/compare?g={gid}&g={gid}"
            urls["notifications"] = f"/games/{gid}/notifications"
            urls["new invite link"] = f"/games/{gid}/invite"
            urls["missing game"] = "/games/6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10"
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    failures = {}
    try:
        page = context.new_page()
        for name, url in urls.items():
            page.goto(live_server.url + url)
            if url.startswith("/join/"):
                found = _violations(page)  # the page asking before it seats the browser
                if found:
                    failures[name + " (join)"] = found
                page.click("button.join-confirm")
                page.wait_for_load_state()
            found = _violations(page)
            if found:
                failures[name] = found
        # the invite page after creating a game from the lobby
        page.goto(live_server.url + "/")
        page.fill("#player0", "Ann")
        page.click("text=Create the game")
        page.wait_for_selector("text=invite the players")
        found = _violations(page)
        if found:
            failures["invite links"] = found
    finally:
        context.close()
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())
