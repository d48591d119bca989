"""Versions as HTTP validators: ``ETag: "<version>"``, ``If-None-Match`` and ``If-Match``."""
from __future__ import annotations

import re

from flask import request

from .problems import bad_request

_VERSION_TAG = re.compile(r'^\s*(?:W/)?"?(\d{1,18})"?\s*$')


def etag(version: int) -> str:
    return f'"{version}"'


def etag_header(version: int) -> dict[str, str]:
    return {"ETag": etag(version)}


def not_modified(version: int) -> bool:
    """True when the request's ``If-None-Match`` names ``version`` (or ``*``)."""
    return request.if_none_match.contains_weak(str(version))


def expected_version(if_match: str | None) -> int | None:
    """The version an ``If-Match`` header names (None when absent or ``*``).

    Raises ``400 bad_request`` for a header that names no single version.
    """
    if if_match is None or if_match.strip() == "*":
        return None
    match = _VERSION_TAG.match(if_match)
    if match is None:
        raise bad_request('If-Match must name one version of the game, quoted like "57" '
                          "(the ETag of GET /api/v1/games/{id}), or be *.",
                          header="If-Match")
    return int(match.group(1))
