"""The web fixtures (the app on a temporary store) for the language tests; the browser test
of the languages lives with the other browser tests (tests/web/test_languages_browser.py), so
that one Playwright serves the whole run."""

from tests.web.conftest import web_app  # noqa: F401
