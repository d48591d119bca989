"""How request bodies, query strings and headers are parsed (webargs, made strict).

* A body is parsed as JSON whatever its ``Content-Type`` claims; one that is not JSON (bad
  syntax, not UTF-8, ``NaN``, numbers too large, nesting deeper than :data:`MAX_DEPTH`) is a
  ``400 bad_request``. An empty body counts as an empty object (the schema then says what is
  missing).
* A body over the size limit is ``413 payload_too_large``, chunked or not.
* A body that fails its schema is ``422 invalid_request`` with marshmallow's messages in
  ``errors``; a query string or header that fails its schema is ``400 bad_request``.
"""

from __future__ import annotations

import json
import math
from typing import Any, ClassVar

from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge

from .problems import bad_request, invalid_request, unparsable

MAX_DEPTH = 64


class NotJSON(ValueError):
    """The body is not a JSON document this service accepts."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotJSON(f"the number {text[:20]} is out of range")
    return value


def _no_constants(name: str) -> Any:
    raise NotJSON(f"{name} is not JSON")


def _check_depth(value: Any) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise NotJSON(f"it nests deeper than {MAX_DEPTH} levels")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def strict_json(raw: bytes) -> Any:
    """Decode a request body, or raise :class:`NotJSON` saying why it is not acceptable."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotJSON("it is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_no_constants)
    except NotJSON:
        raise
    except json.JSONDecodeError as err:
        raise NotJSON(f"{err.msg} at line {err.lineno}, column {err.colno}") from None
    except (ValueError, RecursionError) as err:  # huge integers, absurd nesting
        raise NotJSON(str(err)[:200] or "it cannot be decoded") from None
    _check_depth(value)
    return value


def read_body(req) -> bytes:
    """The request body, or ``413`` when it is over the request's limit.

    A body without ``Content-Length`` (chunked) is cut at the limit by werkzeug rather than
    refused, so one that reaches the limit is refused here: chunked bodies must be smaller
    than the limit.
    """
    raw = req.get_data(cache=True)
    limit = req.max_content_length
    if limit is not None and req.content_length is None and len(raw) >= limit:
        raise RequestEntityTooLarge()
    return raw


class StrictParser(FlaskParser):
    """webargs' Flask parser with the rules of this module.

    Each schema's own ``Meta.unknown`` decides about unknown fields (webargs would otherwise
    ignore unknown query parameters): bodies and query strings refuse them, headers ignore
    them.
    """

    DEFAULT_UNKNOWN_BY_LOCATION: ClassVar[dict[str, str | None]] = {
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": None,
        "querystring": None,
        "headers": None,
    }

    def _raw_load_json(self, req) -> Any:
        raw = read_body(req)
        if not raw.strip():
            return core.missing
        try:
            return strict_json(raw)
        except NotJSON as err:
            raise bad_request(f"The request body is not valid JSON: {err}.") from None

    def handle_error(self, error, req, schema, *, error_status_code, error_headers):
        if error_status_code == 400:
            raise unparsable(error.messages, dict(error_headers or {}))
        raise invalid_request(error.messages, dict(error_headers or {}))
