"""How request bodies, query strings and headers are parsed (webargs, made strict).

* A body is parsed as JSON whatever its ``Content-Type`` claims; one that is not JSON (bad
  syntax, not UTF-8, ``NaN``, numbers too large, nesting deeper than :data:`MAX_DEPTH`) is a
  ``400 bad_request``. An empty body counts as an empty object (the schema then says what is
  missing).
* A body over the size limit is ``413 payload_too_large``, chunked or not.
* A body that fails its schema is ``422 invalid_request`` with marshmallow's messages in
  ``errors``; a query string or header that fails its schema is ``400 bad_request``.
* Text the service does not take (:func:`find_bad_text`: a lone surrogate, which JSON's
  ``"\\ud800"`` escape makes and UTF-8 cannot encode; NUL, which PostgreSQL's text cannot
  hold; a Unicode non-character) anywhere in a JSON body (a value or a key), a query
  parameter or a declared header is ``422 invalid_text`` naming the field, before any view
  runs: nothing is stored (issue 31). This is the one place such text is refused.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any, ClassVar, NoReturn

import marshmallow as ma
from flask import Request
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge

from domain.common.i18n import gettext, ngettext

from .problems import Problem, bad_request, invalid_request, unparsable

MAX_DEPTH = 64

#: characters no text the service accepts may hold: NUL, the surrogates (alone they are not
#: Unicode text), and the 66 non-characters (U+FDD0..U+FDEF and the last two of each plane)
_BAD_TEXT = re.compile(
    "[\x00\ud800-\udfff\ufdd0-\ufdef"
    + "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}" for p in range(17))
    + "]"
)


class NotJSON(ValueError):
    """The body is not a JSON document this service accepts."""


class BadText(NotJSON):
    """A string of the body holds a character no text may hold (:func:`find_bad_text`)."""

    def __init__(self, field: str, char: str, in_key: bool = False) -> None:
        self.field, self.char, self.in_key = field, char, in_key
        super().__init__(f"{field} holds {describe_char(char)}")


def describe_char(char: str) -> str:
    """``"a lone surrogate (U+D800)"``: what a refused character is, for a sentence."""
    point = ord(char)
    if point == 0:
        what = gettext("a NUL character ({code})")
    elif 0xD800 <= point <= 0xDFFF:
        what = gettext("a lone surrogate ({code})")
    else:
        what = gettext("a Unicode non-character ({code})")
    return what.format(code=f"U+{point:04X}")


def bad_char(text: str) -> str | None:
    """The first character of ``text`` no text may hold, or None."""
    found = _BAD_TEXT.search(text)
    return found.group() if found else None


def find_bad_text(value: Any, where: str = "") -> BadText | None:
    """The first string (value or key) in a decoded JSON ``value`` that holds a refused
    character, as a :class:`BadText` naming its field (``players[1].name``), or None."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            char = bad_char(item)
            if char is not None:
                return BadText(path or "body", char)
        elif isinstance(item, dict):
            for key in reversed(list(item)):
                char = bad_char(key)
                if char is not None:
                    return BadText(path or "body", char, in_key=True)
                stack.append((item[key], f"{path}.{key}" if path else key))
        elif isinstance(item, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(item))))
    return None


def _invalid_text_sentence(err: BadText, location: str) -> str:
    """The whole sentence (one message per place, for the catalogues) of a refused character."""
    if err.in_key:
        if location == "query":
            return gettext(
                "A parameter name in the query string holds {what}, which text sent to this "
                "service cannot hold: send Unicode text without lone surrogates, NUL or "
                "non-characters."
            )
        return gettext(
            "A field name inside {field} holds {what}, which text sent to this service cannot "
            "hold: send Unicode text without lone surrogates, NUL or non-characters."
        )
    if location == "query":
        return gettext(
            "The query parameter {field} holds {what}, which text sent to this service cannot "
            "hold: send Unicode text without lone surrogates, NUL or non-characters."
        )
    if location == "header":
        return gettext(
            "The header {field} holds {what}, which text sent to this service cannot hold: send "
            "Unicode text without lone surrogates, NUL or non-characters."
        )
    return gettext(
        "The field {field} holds {what}, which text sent to this service cannot hold: send "
        "Unicode text without lone surrogates, NUL or non-characters."
    )


def _invalid_text_field(err: BadText) -> str:
    """The field's own message (``errors``) of a refused character."""
    what = describe_char(err.char)
    if err.in_key:
        return gettext(
            "This name holds {what}, which text sent to this service cannot hold."
        ).format(what=what)
    return gettext("This text holds {what}, which text sent to this service cannot hold.").format(
        what=what
    )


def invalid_text(err: BadText, location: str = "body") -> Problem:
    """``422 invalid_text``: the problem of a refused character, naming the field."""
    return Problem(
        422,
        "invalid_text",
        _invalid_text_sentence(err, location).format(field=err.field, what=describe_char(err.char)),
        title="Invalid text",
        params={"field": err.field, "location": location, "character": f"U+{ord(err.char):04X}"},
        errors={err.field: [_invalid_text_field(err)]},
    )


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotJSON(gettext("the number {number} is out of range").format(number=text[:20]))
    return value


def _no_constants(name: str) -> Any:
    raise NotJSON(gettext("{name} is not JSON").format(name=name))


def _check_depth(value: Any) -> None:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise NotJSON(
                ngettext(
                    "it nests deeper than {levels} level",
                    "it nests deeper than {levels} levels",
                    MAX_DEPTH,
                ).format(levels=MAX_DEPTH)
            )
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def strict_json(raw: bytes | str) -> Any:
    """Decode a request body, or raise :class:`NotJSON` saying why it is not acceptable
    (:class:`BadText` when a string in it holds a character no text may hold)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise NotJSON(gettext("it is not UTF-8 text")) from None
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_no_constants)
    except NotJSON:
        raise
    except json.JSONDecodeError as err:
        raise NotJSON(
            gettext("{reason} at line {line}, column {column}").format(
                reason=err.msg, line=err.lineno, column=err.colno
            )
        ) from None
    except (ValueError, RecursionError) as err:  # huge integers, absurd nesting
        raise NotJSON(str(err)[:200] or gettext("it cannot be decoded")) from None
    _check_depth(value)
    bad = find_bad_text(value)
    if bad is not None:
        raise bad
    return value


def read_body(req: Request) -> bytes:
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

    # (webargs annotates it on FlaskParser as an attribute, not as a ClassVar)
    DEFAULT_UNKNOWN_BY_LOCATION: ClassVar[dict[str, str | None]] = {  # type: ignore[misc]
        **FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": None,
        "querystring": None,
        "headers": None,
    }

    def _raw_load_json(self, req: Request) -> Any:
        raw = read_body(req)
        if not raw.strip():
            return core.missing
        try:
            return strict_json(raw)
        except BadText as err:
            raise invalid_text(err) from None
        except NotJSON as err:
            raise bad_request(
                gettext("The request body is not valid JSON: {error}.").format(error=err)
            ) from None

    def load_querystring(self, req: Request, schema: ma.Schema) -> Any:
        for name, value in req.args.items(multi=True):
            char = bad_char(name)
            if char is not None:
                raise invalid_text(BadText("the query string", char, in_key=True), "query")
            char = bad_char(value)
            if char is not None:
                raise invalid_text(BadText(name, char), "query")
        return super().load_querystring(req, schema)

    def load_headers(self, req: Request, schema: ma.Schema) -> Any:
        for name, field in schema.fields.items():
            key = field.data_key or name
            char = bad_char(req.headers.get(key, ""))
            if char is not None:
                raise invalid_text(BadText(key, char), "header")
        return super().load_headers(req, schema)

    def handle_error(
        self,
        error: ma.ValidationError,
        req: Request,
        schema: ma.Schema,
        *,
        error_status_code: int | None,
        error_headers: Mapping[str, str] | None,
    ) -> NoReturn:
        if error_status_code == 400:
            raise unparsable(error.messages, dict(error_headers or {}))
        raise invalid_request(error.messages, dict(error_headers or {}))
