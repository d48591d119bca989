"""Versions as HTTP validators: ``ETag: "<version>"``, ``If-None-Match`` and ``If-Match``."""

from __future__ import annotations

import re

from flask import request

from domain.common.i18n import gettext

from .problems import Problem

_VERSION_TAG = re.compile(r'^\s*"(\d{1,18})"\s*$')
_WEAK_TAG = re.compile(r'^\s*W/"[^"]*"\s*$')


def etag(version: int) -> str:
    return f'"{version}"'


def etag_header(version: int) -> dict[str, str]:
    return {"ETag": etag(version)}


def not_modified(version: int) -> bool:
    """True when the request's ``If-None-Match`` names ``version`` (or ``*``)."""
    return request.if_none_match.contains_weak(str(version))


def expected_version(if_match: str | None) -> int | None:
    """The version an ``If-Match`` header names (None when absent or ``*``).

    If-Match compares strongly (RFC 9110 13.1.1): a weak tag never matches, so it answers
    ``412 precondition_failed``; a header that is not one quoted version (``57``, a list, junk)
    is no usable precondition: ``428 precondition_required`` says how to send one.
    """
    if if_match is None or if_match.strip() == "*":
        return None
    match = _VERSION_TAG.match(if_match)
    if match is not None:
        return int(match.group(1))
    if _WEAK_TAG.match(if_match):
        raise Problem(
            412,
            "precondition_failed",
            gettext(
                'If-Match compares strongly, so a weak tag (W/"...") never matches; '
                'send the ETag as given, quoted like "57".'
            ),
            params={"header": "If-Match"},
        )
    raise Problem(
        428,
        "precondition_required",
        gettext(
            'If-Match must name one version of the game, quoted like "57" (the ETag of '
            "GET /api/v1/games/{id}), or be *."
        ),
        params={"header": "If-Match"},
    )
