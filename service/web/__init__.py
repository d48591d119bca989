"""The web client: server-rendered pages over the same application as the JSON API.

``register(api, services)`` is called by the app factory (``service.app.EXTENSIONS``). Pages
live at ``/`` and ``/games/<id>``; static files (our CSS and script, and the front-end files
vendored from the npm registry, see ``static/vendor/VENDORED.md``) at ``/static/web``.

The API documentation pages (``/api/v1/docs``, ``/api/v1/redoc``) are drawn by our own
templates here rather than flask-smorest's, which carry an inline script: ours load the
vendored Swagger UI and ReDoc with small scripts of this site, under a Content-Security-Policy
that forbids inline scripts and other hosts (inline styles are allowed there only: both draw
with styles they insert at run time).

``CHRONICLE_STREAM_URL`` (environment) is where pages open event streams: the base URL of the
stream process (``service/stream_server.py``, ``make run`` sets it), added to the policy's
``connect-src``; empty, pages use this server's own ``/api/v1/games/<id>/stream``.
"""

from __future__ import annotations

import os
from datetime import timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from flask import redirect, render_template, request, url_for
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue

from . import (  # noqa: F401 (routes join the blueprint)
    analysis,
    branches,
    marks,
    reclaim,
    records,
    series_pages,
)
from .pages import bp
from .security import secure_headers

if TYPE_CHECKING:
    from flask import Flask, Response

    from ..api import ChronicleApi
    from ..bootstrap import Services

SWAGGER = "vendor/swagger-ui-dist-5.35.0/"
REDOC = "vendor/redoc-2.5.2/redoc.standalone.js"
DOCS_PAGES = {"/api/v1/docs", "/api/v1/redoc"}
DOCS_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def _swagger_page() -> str:
    return render_template(
        "api_docs.html",
        kind="swagger",
        spec_url="/api/v1/openapi.json",
        base=url_for("web.static", filename=SWAGGER),
    )


def _redoc_page() -> str:
    return render_template(
        "api_docs.html",
        kind="redoc",
        spec_url="/api/v1/openapi.json",
        bundle=url_for("web.static", filename=REDOC),
    )


class _SessionInterface(SecureCookieSessionInterface):
    """The session cookie is ``Secure`` whenever the request came over https (as the server
    sees it, or as a proxy the operator declared says: ``CHRONICLE_PROXIES``) or the public
    URL is https."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


def register(api: ChronicleApi, services: Services | None = None) -> None:
    app = api._app
    public_url = os.environ.get("CHRONICLE_PUBLIC_URL", "")
    app.config.update(
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=public_url.startswith("https://"),
        PERMANENT_SESSION_LIFETIME=timedelta(days=60),
    )
    stream_url = os.environ.get("CHRONICLE_STREAM_URL", "").rstrip("/")
    app.config.setdefault("CHRONICLE_STREAM_URL", stream_url)
    app.session_interface = _SessionInterface()
    app.register_blueprint(bp)
    for endpoint, view in (
        ("api-docs.openapi_swagger_ui", _swagger_page),
        ("api-docs.openapi_redoc", _redoc_page),
    ):
        if endpoint in app.view_functions:
            app.view_functions[endpoint] = view

    @app.get("/favicon.ico")
    def _favicon() -> ResponseReturnValue:
        return redirect(url_for("web.static", filename="favicon.svg"), code=301)

    @app.after_request
    def _page_headers(response: Response) -> Response:
        if request.path in DOCS_PAGES:
            # Swagger UI and ReDoc draw with styles they insert at run time: the docs pages
            # (our own text, no player input) allow inline styles, never inline scripts
            response.headers.setdefault("Content-Security-Policy", DOCS_POLICY)
        if not request.path.startswith("/api/") or request.path in DOCS_PAGES:
            secure_headers(response, _origin(app.config.get("CHRONICLE_STREAM_URL", "")))
        return response
