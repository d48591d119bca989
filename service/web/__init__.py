"""The web client: server-rendered pages over the same application as the JSON API.

``register(api, services)`` is called by the app factory (``service.app.EXTENSIONS``). Pages
live at ``/`` and ``/games/<id>``; static files (our CSS and script, and the front-end files
vendored from the npm registry, see ``static/vendor/VENDORED.md``) at ``/static/web``.
"""
from __future__ import annotations

import os
from datetime import timedelta

from flask import request
from flask.sessions import SecureCookieSessionInterface

from . import branches, records, series_pages  # noqa: F401 (their routes join the blueprint)
from .pages import bp
from .security import secure_headers


class _SessionInterface(SecureCookieSessionInterface):
    """The session cookie is ``Secure`` whenever the request came over https (as the server
    sees it, or as a proxy the operator declared says: ``CHRONICLE_PROXIES``) or the public
    URL is https."""

    def get_cookie_secure(self, app) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


def register(api, services=None) -> None:
    app = api._app
    public_url = os.environ.get("CHRONICLE_PUBLIC_URL", "")
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                      SESSION_COOKIE_SECURE=public_url.startswith("https://"),
                      PERMANENT_SESSION_LIFETIME=timedelta(days=60))
    app.session_interface = _SessionInterface()
    app.register_blueprint(bp)

    @app.after_request
    def _page_headers(response):
        if not request.path.startswith("/api/"):
            secure_headers(response)
        return response
