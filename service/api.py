"""The flask-smorest ``Api`` of Chronicle: every error becomes ``application/problem+json``.

One error handler (:meth:`ChronicleApi.handle_error`) answers everything a view, a parser, the
router or Flask itself raises, through :func:`service.problems.to_problem`. A 500 is only ever a
bug: it is logged with its traceback and its body says nothing about the cause.

The OpenAPI document (3.1) documents the problem responses too: each operation lists the
statuses it can answer plus a ``default`` problem response.
"""

from __future__ import annotations

import http
import logging
import uuid
from typing import Any

from flask import Response, current_app, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from .context import services
from .problems import PROBLEM_JSON, Problem, to_problem
from .schemas.responses import ProblemSchema

log = logging.getLogger(__name__)

#: statuses whose problems carry the game's current version, so a client can refresh
VERSIONED_STATUSES = (409, 412, 422)


def problem_response(problem: Problem) -> Response:
    """The HTTP response of ``problem``."""
    body = current_app.json.dumps(problem.body(), separators=(",", ":"))
    response = current_app.response_class(body, status=problem.status, mimetype=PROBLEM_JSON)
    for name, value in problem.headers.items():
        response.headers[name] = value
    return response


class ChronicleApi(Api):
    """flask-smorest's ``Api`` with RFC 9457 errors and problem-aware documentation."""

    ERROR_SCHEMA = ProblemSchema

    # -- errors ---------------------------------------------------------------------------------
    def _register_error_handlers(self) -> None:
        self._app.register_error_handler(HTTPException, self.handle_error)
        self._app.register_error_handler(Exception, self.handle_error)

    def handle_http_exception(self, error: HTTPException) -> Response:
        return self.handle_error(error)

    def handle_error(self, error: BaseException) -> Response:
        """Answer ``error`` as a problem (the one place errors become responses)."""
        problem = to_problem(error, max_body=request.max_content_length, method=request.method)
        if "Retry-After" in problem.headers:
            problem.headers["Retry-After"] = str(
                max(int(problem.headers["Retry-After"]), _retry_after())
            )
        if problem.status == 500:
            log.error("unhandled error serving %s %s", request.method, request.path, exc_info=error)
        elif problem.status == 503:
            log.warning("%s %s: %s", request.method, request.path, problem.detail)
        if problem.status in VERSIONED_STATUSES and problem.version is None:
            problem.version = _current_version(problem)
        return problem_response(problem)

    # -- documentation --------------------------------------------------------------------------
    def _register_responses(self) -> None:
        """Document every error status as a problem (``application/problem+json``)."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["content"] = {PROBLEM_JSON: {"schema": self.ERROR_SCHEMA}}
            self.spec.components.response(status.name, response, lazy=True)
        self.spec.components.response(
            self.DEFAULT_ERROR_RESPONSE_NAME,
            {
                "description": "A problem (RFC 9457) with a stable machine code.",
                "content": {PROBLEM_JSON: {"schema": self.ERROR_SCHEMA}},
            },
            lazy=True,
        )


def _retry_after() -> int:
    try:
        return services().settings.retry_after
    except Exception:  # outside a configured app: the domain's own hint stands
        return 1


def _current_version(problem: Problem) -> int | None:
    """The version of the game the request names, if it exists (never raises)."""
    if "current" in problem.params and isinstance(problem.params["current"], int):
        return problem.params["current"]
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, uuid.UUID):
        return None
    try:
        return services().games().get_game(game_id).version
    except Exception:  # a hint only: the problem itself must still be answered
        return None
