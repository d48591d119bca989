"""The deployment's two keys, each created once in the data directory unless the operator
gives it: the **secret key** (sessions, invite links, CSRF, stream tickets; one for every
process, so they survive restarts and work across processes) and the **signing key** (Ed25519,
signs every exported game record; ``service/signing.py``), and the **VAPID key** (EC P-256,
signs Web Push requests; ``workers/push.py``, whose workers create it the same way if they
start first).

Files are created with mode 0600 and written atomically (a temporary file linked into place),
so several processes starting at once agree on one key: the first link wins, the others read it.
"""

from __future__ import annotations

import logging
import os
import secrets

from workers.keyfiles import load_or_create

log = logging.getLogger(__name__)

SECRET_KEY_FILE = "secret-key"
SIGNING_KEY_FILE = "signing-key.pem"


def secret_key(data_dir: str, given: str | None) -> str:
    """``CHRONICLE_SECRET_KEY`` if set, else the data directory's ``secret-key`` (created on
    first start); a random key for this process only if the directory cannot be written."""
    if given:
        return given
    path = os.path.join(data_dir, SECRET_KEY_FILE)
    try:
        return load_or_create(path, lambda: secrets.token_hex(32).encode()).decode().strip()
    except OSError as err:
        log.warning(
            "cannot keep a secret key in %s (%s): using a random key for this process "
            "only; set CHRONICLE_SECRET_KEY",
            path,
            err,
        )
        return secrets.token_hex(32)


def vapid_key(data_dir: str, given_file: str | None = None) -> bytes:
    """The VAPID private key (PEM): ``CHRONICLE_VAPID_KEY_FILE`` or the data directory's
    ``vapid-key.pem``, created on first start (``workers.push`` holds the one implementation,
    since workers may not import the service)."""
    from workers import push

    return push.load_or_create_key(push.key_path(data_dir, given_file))
