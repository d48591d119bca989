"""Fixtures for the web pages: the app on a real threaded HTTP server, and Chromium.

Chromium is Debian's package (``/usr/bin/chromium``), installed by ``scripts/ensure-services.sh``
(``make test`` runs it); Playwright drives it and never downloads a browser. A test that needs
it skips, saying why, only when no Chromium can be found.
"""

from __future__ import annotations

import logging
import os
import shutil
import threading
import time

import pytest
from werkzeug.serving import make_server

from service.app import create_app
from service.bootstrap import bootstrap, init_db
from tests.conftest import sqlite_settings


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("CHRONICLE_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


class LiveServer:
    """The app served by werkzeug's threaded server (streams need threads, as with gthread)."""

    def __init__(self, app) -> None:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self, app) -> None:
        """Stop the server, and end its open event streams before the store is closed (a
        stream thread reading a closed store would crash the process)."""
        from service.stream_api import EXTENSION as STREAMS

        hub = app.extensions.get(STREAMS)
        if hub is not None:
            hub.stop()
        self.server.shutdown()
        deadline = time.monotonic() + 5
        while hub is not None and hub.open_streams and time.monotonic() < deadline:
            time.sleep(0.05)
        for thread in threading.enumerate():  # requests still being answered
            if "process_request_thread" in thread.name:
                thread.join(max(0.0, deadline - time.monotonic()))
        self.server.server_close()


@pytest.fixture
def web_app(tmp_path):
    settings = sqlite_settings(tmp_path, redis_url=None)
    init_db(settings).close()
    services = bootstrap(settings)
    app = create_app(services=services)
    yield app
    services.close()


@pytest.fixture
def live_server(web_app):
    server = LiveServer(web_app)
    yield server
    server.close(web_app)


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        pytest.skip(
            "no Chromium found (install Debian's chromium package; "
            "scripts/ensure-services.sh does it)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox"]
        )
        yield browser
        browser.close()


def seat_page(browser, url: str, invite: str):
    """A browser context seated through ``invite`` (the join page confirmed), with its page
    and the console's errors and CSP reports collected: ``(context, page, problems)``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=False)
    problems: list[str] = []
    page = context.new_page()
    page.on(
        "console",
        lambda m: (
            problems.append(m.text)
            if m.type == "error" or "Content Security Policy" in m.text
            else None
        ),
    )
    page.goto(f"{url}/join/{invite}")
    page.click("button.join-confirm")
    return context, page, problems
