"""A key file in the data directory, created once: mode 0600, written atomically (a temporary
file linked into place), so several processes starting at once agree on one key: the first link
wins, the others read it. The service's keys (``service/keys.py``) and the workers' VAPID key
(``workers/push.py``) are made by this one helper."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable

log = logging.getLogger(__name__)


def load_or_create(path: str, make: Callable[[], bytes]) -> bytes:
    """The contents of ``path``; created from ``make()`` first if it does not exist."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        pass
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".key-")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(make())
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # fails if another process created it first
            log.info("created %s", path)
        except FileExistsError:
            pass
    finally:
        os.unlink(tmp)
    with open(path, "rb") as f:
        return f.read()
