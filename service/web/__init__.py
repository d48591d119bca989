"""The web client: server-rendered pages over the same application as the JSON API.

``register(api, services)`` is called by the app factory (``service.app.EXTENSIONS``). Pages
live at ``/`` and ``/games/<id>``; static files (our CSS and script, and the front-end files
vendored from the npm registry, see ``static/vendor/VENDORED.md``) at ``/static/web``.
"""
from __future__ import annotations

from datetime import timedelta

from flask import request

from . import branches, records  # noqa: F401 (their routes join the blueprint)
from .pages import bp
from .security import secure_headers

def register(api, services=None) -> None:
    app = api._app
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
                      PERMANENT_SESSION_LIFETIME=timedelta(days=60))
    app.register_blueprint(bp)

    @app.after_request
    def _page_headers(response):
        if not request.path.startswith("/api/"):
            secure_headers(response)
        return response
