"""Refresh the README's screenshots: the lobby, and each title's board mid-game as its seated
player sees it, on a desktop (1366x900) and a phone (390x844): the first screen, as a player
lands on it (issue 32: the board, your farm and your moves are all there on a desktop).

    .venv/bin/python scripts/screenshots.py      # writes docs/screenshots/*.png

Games are made on a throw-away SQLite store and played at random (fixed seeds, so the pictures
change only when the pages do); Chromium is Debian's (``/usr/bin/chromium``), driven by
Playwright.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

OUT = os.path.join(ROOT, "docs", "screenshots")
#: (title, variant, players, options, version to play to); Agricola's full game with every
#: deck, so the hand and the played cards show beside the farms
GAMES = [
    ("agricola", "full", ["Ann", "Bob", "Cid"], {"decks": "EIK"}, 160),
    ("caverna", "standard", ["Ann", "Bob"], {}, 220),
    ("village", "standard", ["Ann", "Bob"], {}, 160),
]
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _app(workdir: str):
    from service.app import create_app
    from service.bootstrap import bootstrap, init_db
    from service.config import Settings

    settings = Settings.from_env(
        {"CHRONICLE_DATA_DIR": workdir, "REDIS_URL": "", "CHRONICLE_SECRET_KEY": "screenshots"}
    )
    init_db(settings).close()
    services = bootstrap(settings)
    return create_app(services=services), services


def _my_turn_at(games, game_id, rng, version: int) -> int:
    """Play at random to about ``version``, then on until some seat is to act: that seat."""
    from bench.games import play_random, random_move

    play_random(games, game_id, rng, max_version=version)
    for _ in range(50):
        status = games.get_game(game_id).rules.status(games.get_game(game_id).state)
        if status.to_act:
            return sorted(status.to_act)[0]
        random_move(games, game_id, rng)
    return 0


def main() -> int:
    from playwright.sync_api import sync_playwright

    from service.web import security
    from tests.web.conftest import LiveServer, chromium_path

    path = chromium_path()
    if path is None:
        print("no Chromium found (scripts/ensure-services.sh installs Debian's)")
        return 1
    os.makedirs(OUT, exist_ok=True)
    app, services = _app(tempfile.mkdtemp(prefix="chronicle-shots-"))
    server = LiveServer(app)
    try:
        games = services.games()
        pages = []
        for index, (title, variant, players, options, version) in enumerate(GAMES):
            created = games.create_game(title, variant, players, options, seed=100 + index)
            seat = _my_turn_at(games, created.game.id, random.Random(index), version)
            with app.test_request_context():
                invite = security.make_invite(created.game.id, seat, created.tokens[seat])
            pages.append((title, invite))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
            for size, viewport in SIZES.items():
                context = browser.new_context(viewport=viewport, device_scale_factor=1)
                page = context.new_page()
                page.goto(server.url + "/")
                page.screenshot(path=os.path.join(OUT, f"lobby-{size}.png"))
                for title, invite in pages:
                    page.goto(f"{server.url}/join/{invite}")
                    page.click("button.join-confirm")
                    page.wait_for_selector("#main[data-version]")
                    page.screenshot(path=os.path.join(OUT, f"{title}-{size}.png"))
                    print("wrote", f"docs/screenshots/{title}-{size}.png")
                context.close()
            browser.close()
    finally:
        server.close(app)
        services.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
