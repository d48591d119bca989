"""Cross-site request refusal: a state-changing request (POST, PUT, PATCH, DELETE) that carries
an ``Origin`` header must come from this site: the origin the request was made to (behind a
proxy only as ``CHRONICLE_PROXIES`` allows) or the origin of ``CHRONICLE_PUBLIC_URL``.
Requests without ``Origin`` (bots, curl, the CLI) pass: a browser always sends it on a
cross-site POST, and ``Origin: null`` (a sandboxed frame, a redirect across sites) is refused.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from flask import request

from domain.common.i18n import gettext

from .problems import Problem

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def _origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def allowed_origins() -> set[str]:
    allowed = {request.host_url.rstrip("/").lower()}
    public = os.environ.get("CHRONICLE_PUBLIC_URL", "").strip()
    origin = _origin_of(public) if public else None
    if origin:
        allowed.add(origin)
    return allowed


def check_origin() -> None:
    """Refuse (403 ``cross_origin``) a state-changing request from another site."""
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    if origin is None:
        return
    if origin.strip().lower().rstrip("/") in allowed_origins():
        return
    raise Problem(
        403,
        "cross_origin",
        gettext(
            "This request came from another site ({origin}); Chronicle accepts changes only "
            "from its own pages or from clients that send no Origin."
        ).format(origin=origin[:100]),
        params={"origin": origin[:100]},
    )
