"""How stored events are encoded: plain JSON, with one typed field.

Every stored event and snapshot of Chronicle is JSON-clean except its ``timestamp`` (a
``datetime`` the library adds). The library's general ``JSONTranscoder`` wraps typed values in
``{"_type_": ..., "_data_": ...}`` objects and inspects every decoded dict to find them, which
costs about as much as the JSON decoding itself. This transcoder stores the timestamp as an ISO
8601 string and decodes with the C JSON parser and no hook, so replaying a game costs little
more than reading its rows. Anything that is not JSON-clean is refused when it is saved, never
silently changed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from eventsourcing.persistence import Transcoder
from eventsourcing.utils import register_topic

_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_decode = json.JSONDecoder().decode
C = TypeVar("C", bound=type)


def stored_as(topic: str) -> Callable[[C], C]:
    """Give a stored class its permanent topic, the name its events are stored and read by.

    A topic is part of the stored data: the library names a class by its module and name
    (``module:Class``), so moving a module would change the name new events are stored under
    and leave the old ones unreadable. The platform's stored classes keep the names they were
    first stored with (the library reads a class's ``TOPIC``), whatever module holds them now.
    """

    def mark(cls: C) -> C:
        setattr(cls, "TOPIC", topic)  # noqa: B010 - a class attribute the library reads
        register_topic(topic, cls)
        return cls

    return mark


class EventTranscoder(Transcoder):
    """JSON with a top-level ``timestamp`` datetime stored as an ISO 8601 string."""

    def encode(self, obj: Any) -> bytes:
        if isinstance(obj, dict) and isinstance(obj.get("timestamp"), datetime):
            obj = {**obj, "timestamp": obj["timestamp"].isoformat()}
        return _encode(obj).encode("utf-8")

    def decode(self, data: bytes) -> Any:
        obj = _decode(data.decode("utf-8"))
        if isinstance(obj, dict):
            ts = obj.get("timestamp")
            if isinstance(ts, str):
                obj["timestamp"] = datetime.fromisoformat(ts)
        return obj
