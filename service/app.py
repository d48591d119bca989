"""The Flask application factory: ``create_app(settings=None)``.

``flask --app service.app:create_app init-db`` and
``gunicorn --config service/gunicorn_conf.py 'service.app:create_app()'`` both call it with no
arguments (settings from the environment); tests pass their own settings or services.
Creating the app never touches the event store (it is reached on first use).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import cast

from flask import Flask, Response, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.middleware.proxy_fix import ProxyFix

from .api import ChronicleApi
from .blueprints import register_blueprints
from .bootstrap import Services, bootstrap
from .cli import register_cli
from .config import Settings
from .context import EXTENSION
from .converters import GameIdConverter, game_id_schema
from .i18n import init_app as init_languages
from .limits import RateLimits
from .origin import check_origin

API_DESCRIPTION = """\
Chronicle plays Agricola, Caverna and Village turn by turn. Every error is
`application/problem+json` (RFC 9457) with a stable machine `code`. Requests that act for a seat
send `Authorization: Bearer <seat token>`; the token is shown once, when the game is created.
"""

#: endpoints that accept bodies larger than CHRONICLE_MAX_BODY_BYTES, and the setting that caps them
LARGE_BODY_ENDPOINTS = {"games.Import": "max_import_bytes"}

#: modules that add routes of their own, each with ``register(api, services)``; a module that
#: is not installed is left out (one that fails to import is an error)
EXTENSIONS = (
    "service.notifications_api",
    "service.stream_api",
    "service.web",
    "service.accounts",
    "service.chat_api",
    "service.push_api",
)


def create_app(
    settings: Settings | None = None,
    *,
    services: Services | None = None,
    extensions: tuple[str, ...] = EXTENSIONS,
) -> Flask:
    """Build the WSGI app on ``services`` (default: bootstrapped from ``settings``/the env)."""
    services = services or bootstrap(settings)
    settings = services.settings
    app = Flask("service")
    app.config.update(
        SECRET_KEY=settings.secret_key,
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        API_TITLE="Chronicle",
        API_VERSION="1",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL="/static/web/vendor/swagger-ui-dist-5.35.0/",
        OPENAPI_REDOC_PATH="redoc",
        OPENAPI_REDOC_URL="/static/web/vendor/redoc-2.5.2/redoc.standalone.js",
        API_SPEC_OPTIONS={"info": {"description": API_DESCRIPTION}},
    )
    cast(DefaultJSONProvider, app.json).sort_keys = False
    app.extensions[EXTENSION] = services
    app.url_map.converters["game"] = GameIdConverter
    init_languages(app)  # the reader's language: pages, sentences, problem details (issue 36)

    api = ChronicleApi(app)
    api.spec.components.security_scheme(
        "seatToken",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "A seat token from the answer that created the game.",
        },
    )
    api.register_converter(GameIdConverter, game_id_schema)
    register_blueprints(api)
    for name in extensions:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(api, services)

    if settings.proxies:
        # only where the operator says proxies are in front: X-Forwarded-For/-Proto/-Host
        # (Flask documents wrapping the WSGI callable this way; mypy sees a method)
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.proxies, x_proto=settings.proxies, x_host=settings.proxies
        )
    app.before_request(check_origin)
    limits = RateLimits(settings.rate_limits, settings.redis_url, settings.database_url)
    if limits.enabled:
        app.before_request(limits.check)

    @app.before_request
    def _body_limit() -> None:
        setting = LARGE_BODY_ENDPOINTS.get(request.endpoint or "")
        if setting:
            request.max_content_length = getattr(settings, setting)

    @app.after_request
    def _default_headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        if request.path.startswith("/api/v1/games"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    register_cli(app)
    return app
