"""The web fixtures (the app on a temporary store, Chromium) for the language tests."""

from tests.web.conftest import browser, live_server, web_app  # noqa: F401
