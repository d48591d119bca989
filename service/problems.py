"""Every error as an RFC 9457 problem: ``application/problem+json`` with a stable ``code``.

:func:`to_problem` is THE mapping from anything raised while serving a request (a domain error,
a store failure, a werkzeug/webargs HTTP error, a bug) to a :class:`Problem`. The domain never
mentions HTTP; the statuses live here, in :data:`DOMAIN_STATUS`.

Body: ``{"type": "about:blank", "title", "status", "code", "detail", "params"}`` plus, when they
apply, ``errors`` (marshmallow's field messages), ``version`` (the game's current version) and
``retry_after``.
"""

from __future__ import annotations

import http
import logging
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.persistence import IntegrityError, PersistenceError
from werkzeug.exceptions import HTTPException

from domain.common.errors import (
    BadGameConfig,
    ConcurrentWrite,
    DomainError,
    IdempotencyKeyReused,
    NotFound,
    RecordError,
    RuleViolation,
    StaleVersion,
    StoreUnavailable,
    UndoError,
)
from domain.common.i18n import gettext

from .i18n_fields import translate_messages

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"

#: domain error class -> (status, title); the first class an error is an instance of wins
DOMAIN_STATUS: list[tuple[type[DomainError], int, str]] = [
    (NotFound, 404, "Not found"),
    (ConcurrentWrite, 409, "Concurrent write"),
    (StaleVersion, 412, "Stale version"),
    (StoreUnavailable, 503, "Store unavailable"),
    (RuleViolation, 422, "Rule violation"),
    (BadGameConfig, 422, "Invalid game settings"),
    (UndoError, 422, "Undo not possible"),
    (RecordError, 422, "Invalid game record"),
    (IdempotencyKeyReused, 422, "Idempotency key reused"),
    (DomainError, 422, "Unprocessable request"),
]

#: machine codes of plain HTTP errors (routing, methods, body size, ...)
HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    412: "precondition_failed",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "invalid_request",
    428: "precondition_required",
    429: "too_many_requests",
    431: "headers_too_large",
    500: "internal_error",
    501: "not_implemented",
    503: "service_unavailable",
}

#: titles shown as a page's heading (``pgettext("problem title", …)``), beside the problems' own
PAGE_TITLES = ("Not possible now", "Not accepted")

HTTP_DETAILS = {
    404: "There is nothing at this address.",
    405: "This address does not accept the {method} method.",
    413: "The request body is larger than this endpoint accepts ({limit} bytes).",
    500: "Something went wrong on our side; it has been logged. Nothing you sent caused it.",
}


@dataclass(eq=False)
class Problem(Exception):
    """An error response. Raise one from service code, or let :func:`to_problem` build it."""

    status: int
    code: str
    detail: str
    title: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    version: int | None = None
    #: RFC 9457 extension members (e.g. the health of each dependency)
    extensions: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(self.detail)
        if self.title is None:
            self.title = _phrase(self.status)

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            **self.extensions,
            "type": "about:blank",
            "title": self.title,
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
            "params": self.params,
        }
        if self.errors is not None:
            out["errors"] = self.errors
        if self.version is not None:
            out["version"] = self.version
        if "Retry-After" in self.headers:
            out["retry_after"] = int(self.headers["Retry-After"])
        return out


def _phrase(status: int) -> str:
    """The status's reason phrase, in sentence case ("Method not allowed")."""
    try:
        return http.HTTPStatus(status).phrase.capitalize()
    except ValueError:
        return "Error"


# -- problems the service raises itself ---------------------------------------------------------
def bad_request(detail: str, errors: dict | None = None, **params: Any) -> Problem:
    return Problem(400, "bad_request", detail, params=params, errors=errors)


def unauthorized(detail: str) -> Problem:
    return Problem(
        401, "unauthorized", detail, headers={"WWW-Authenticate": 'Bearer realm="chronicle"'}
    )


def forbidden(detail: str, **params: Any) -> Problem:
    return Problem(403, "forbidden", detail, params=params)


def invalid_request(messages: Any, headers: dict | None = None) -> Problem:
    """422: a body that fails its schema, with marshmallow's messages in ``errors`` (in the
    reader's language, ``service.i18n_fields``; the field names as they are)."""
    messages = translate_messages(messages)
    return Problem(
        422,
        "invalid_request",
        gettext("The request does not match its schema: {fields}").format(
            fields=summarize_messages(messages)
        ),
        title="Invalid request",
        errors=_jsonable(field_messages(messages)),
        headers=headers or {},
    )


def unparsable(messages: Any, headers: dict | None = None) -> Problem:
    """400: a query string or header that fails its schema."""
    messages = translate_messages(messages)
    return Problem(
        400,
        "bad_request",
        gettext("The request cannot be parsed: {fields}").format(
            fields=summarize_messages(messages)
        ),
        errors=_jsonable(field_messages(messages)),
        headers=headers or {},
    )


def store_unavailable(retry_after: int = 1) -> Problem:
    return to_problem(StoreUnavailable(retry_after=retry_after))


# -- the mapping ----------------------------------------------------------------------------------
def to_problem(
    error: BaseException, *, max_body: int | None = None, method: str | None = None
) -> Problem:
    """The problem ``error`` is answered with (a 500 only for genuine bugs).

    ``max_body`` and ``method`` (the request's) only make a 413's and a 405's detail precise.
    """
    if isinstance(error, Problem):
        return error
    if isinstance(error, DomainError):
        return _from_domain(error)
    if isinstance(error, IntegrityError):  # a race the domain did not translate
        return _from_domain(ConcurrentWrite(current="unknown"))
    if isinstance(error, PersistenceError):
        log.warning("event store error: %s", error)
        return _from_domain(StoreUnavailable())
    if isinstance(error, HTTPException):
        carried = getattr(error, "problem", None)  # e.g. a game id that cannot exist
        return carried if isinstance(carried, Problem) else _from_http(error, max_body, method)
    return Problem(500, "internal_error", gettext(HTTP_DETAILS[500]))


def _from_domain(error: DomainError) -> Problem:
    for cls, status, title in DOMAIN_STATUS:  # noqa: B007 (the matching row is used below)
        if isinstance(error, cls):
            break
    headers = {}
    if isinstance(error, StoreUnavailable):
        headers["Retry-After"] = str(max(1, int(error.retry_after)))
    return Problem(
        status,
        error.code,
        error.message,
        title=title,
        params=_jsonable(error.params),
        headers=headers,
    )


def _from_http(error: HTTPException, max_body: int | None, method: str | None) -> Problem:
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("errors") or data.get("messages")
    if status == 500:
        return Problem(500, "internal_error", gettext(HTTP_DETAILS[500]))
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    code = HTTP_CODES.get(status, "http_" + str(status))
    if status == 422 and messages is not None:
        return invalid_request(messages, headers)
    if status == 400 and messages is not None:
        return unparsable(messages, headers)
    known = HTTP_DETAILS.get(status)
    detail = gettext(known) if known else error.description or _phrase(status)
    if status == 413:
        detail = detail.format(limit=max_body if max_body is not None else "?")
    elif status == 405:
        detail = detail.format(method=method or "this")
    return Problem(status, code, detail, headers=headers)


WEBARGS_LOCATIONS = ("json", "query", "querystring", "headers", "view_args", "path", "form")


def field_messages(messages: Any) -> Any:
    """webargs nests messages under their location ({"json": {...}}); clients want the fields."""
    if isinstance(messages, dict) and len(messages) == 1:
        ((location, inner),) = messages.items()
        if location in WEBARGS_LOCATIONS and isinstance(inner, dict):
            return inner
    return messages


def summarize_messages(messages: Any) -> str:
    """One sentence out of marshmallow's nested messages ("players: Not a valid list.")."""
    parts: list[str] = []

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(f"{prefix}.{key}" if prefix else str(key), item)
        elif isinstance(value, list):
            texts = [str(v).rstrip(".") for v in value if not isinstance(v, (dict, list))]
            if texts:
                parts.append(f"{prefix or 'body'}: {', '.join(texts)}")
            for v in value:
                if isinstance(v, (dict, list)):
                    walk(prefix, v)
        else:
            parts.append(f"{prefix or 'body'}: {str(value).rstrip('.')}")

    walk("", field_messages(messages))
    text = "; ".join(parts[:5]) or "invalid input"
    return (text if len(parts) <= 5 else text + f" (and {len(parts) - 5} more)") + "."


def _jsonable(value: Any) -> Any:
    """Params and messages as JSON values (keys as strings, odd objects as text)."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
