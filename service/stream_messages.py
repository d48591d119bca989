"""One Server-Sent Events message, as both event streams send it: the threaded one of the web
workers (``stream_api.py``) and the stream process (``stream_server.py``)."""

from __future__ import annotations

import json
from typing import Any


def sse(
    event: str | None, data: Any, event_id: int | None = None, retry_ms: int | None = None
) -> bytes:
    """``retry:``, ``id:``, ``event:`` and one ``data:`` line (compact JSON), encoded."""
    lines = []
    if retry_ms is not None:
        lines.append(f"retry: {retry_ms}")
    if event_id is not None:
        lines.append(f"id: {event_id}")
    if event:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    return ("\n".join(lines) + "\n\n").encode()
