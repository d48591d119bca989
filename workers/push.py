"""Web Push (RFC 8030) with VAPID (RFC 8292) and an encrypted payload (RFC 8291, aes128gcm):
a notice on a phone's or a browser's lock screen, without an app store or a mailbox.

``pywebpush`` does the protocol (it encrypts the payload for the browser's keys with
``http_ece`` and signs the VAPID claims with ``py_vapid``): hand-written ECDH, HKDF and AES-GCM
framing would be easy to get subtly wrong. The request itself is sent by
:func:`.notifiers.post`, not by ``pywebpush``'s ``requests``: so the push service's address is
the one :mod:`.netguard` checked (no DNS rebinding, no redirects followed), a whole attempt has
one deadline, and ``429``/``503`` ``Retry-After`` and ``410 Gone`` are read as for webhooks.

The VAPID key (an EC P-256 private key, PEM) is created on first use in the data directory
(``vapid-key.pem``, mode 0600, written atomically like the deployment's other keys, see
``service/keys.py``), or read from ``CHRONICLE_VAPID_KEY_FILE``; browsers subscribe with its
public key (``GET /api/v1/push/key``). Every notice is sent with ``Topic`` set from its id (a
push service replaces an undelivered message with the same topic) and the service worker shows
it with that id as its ``tag`` (a repeat replaces, never doubles, what is on the screen).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
from dataclasses import dataclass, field
from typing import Any

from .keyfiles import load_or_create
from .netguard import Allowance
from .notifiers import Outcome, post

log = logging.getLogger(__name__)

VAPID_KEY_FILE = "vapid-key.pem"
#: seconds a push service keeps an undelivered notice (a turn waits for days; a day is plenty)
TTL = 24 * 3600
#: a push message carries at most 4 KB; ours stay far below
MAX_PAYLOAD = 3000


def _make_key() -> bytes:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def load_or_create_key(path: str) -> bytes:
    """The VAPID key's PEM at ``path``, created first (atomically, 0600) if there is none."""
    return load_or_create(path, _make_key)


def key_path(data_dir: str | None, given: str | None = None) -> str:
    return given or os.path.join(data_dir or os.path.join(os.getcwd(), "var"), VAPID_KEY_FILE)


def public_key(pem: bytes) -> str:
    """The browsers' ``applicationServerKey``: the uncompressed point, base64url."""
    from cryptography.hazmat.primitives import serialization

    key = serialization.load_pem_private_key(pem, password=None)
    raw = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


@dataclass
class _Captured:
    """A stand-in for ``requests`` that keeps what ``pywebpush`` would have sent."""

    request: dict = field(default_factory=dict)
    #: what ``pywebpush`` reads of an answer (it is not sent yet: see :func:`send_push`)
    status_code: int = 201
    text: str = ""
    headers: dict = field(default_factory=dict)

    def post(
        self, endpoint: str, timeout: Any = None, data: Any = None, headers: Any = None
    ) -> _Captured:
        self.request = {"endpoint": endpoint, "data": data, "headers": dict(headers or {})}
        return self


def encrypt(subscription: dict, payload: bytes, ttl: int = TTL) -> tuple[str, bytes, dict]:
    """``(endpoint, body, headers)`` of the push message carrying ``payload`` encrypted for
    ``subscription`` (``{"endpoint", "keys": {"p256dh", "auth"}}``)."""
    from pywebpush import WebPusher

    captured = _Captured()
    WebPusher(subscription, requests_session=captured).send(
        payload, {}, ttl=ttl, content_encoding="aes128gcm"
    )
    sent = captured.request
    return sent["endpoint"], sent["data"], sent["headers"]


def vapid_headers(pem: bytes, endpoint: str, subject: str) -> dict[str, str]:
    """``Authorization: vapid t=…, k=…`` for ``endpoint``'s origin (claims valid 12 h)."""
    import time
    from urllib.parse import urlparse

    from py_vapid import Vapid

    parts = urlparse(endpoint)
    claims = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + 12 * 3600,
        "sub": subject,
    }
    return dict(Vapid.from_pem(pem).sign(claims))


def payload_of(message: Any, notice_id: str, link: str | None) -> bytes:
    """What the service worker shows: a title, a short body, where a tap leads, and the tag."""
    body = {
        "title": message.subject,
        "body": message.push_text[:400],
        "url": link,
        "tag": notice_id,
        "kind": message.kind,
    }
    data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    return data[:MAX_PAYLOAD]


def topic_of(message_id: str) -> str:
    """RFC 8030 ``Topic``: at most 32 characters of the URL-safe base64 alphabet."""
    digest = hashlib.sha256(message_id.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:32]


@dataclass
class PushResult:
    """The outcome of one notice to every browser of a seat, and the browsers that are gone."""

    outcome: Outcome
    gone: list[str] = field(default_factory=list)


def send_push(
    subscriptions: list[dict],
    payload: bytes,
    topic: str,
    *,
    key_pem: bytes,
    subject: str,
    timeout: float,
    user_agent: str,
    allowance: Allowance = Allowance(),
) -> PushResult:
    """Send ``payload`` to each subscribed browser. Success when every browser took it (or is
    gone: 404/410, removed by the caller); otherwise the first failure, to be retried (a retry
    sends to all again, with the same ``Topic`` and tag)."""
    gone: list[str] = []
    failure: Outcome | None = None
    last = Outcome(True, 201)
    for sub in subscriptions:
        try:
            endpoint, body, headers = encrypt(sub, payload)
        except Exception as err:  # keys the browser gave that do not work: never will
            log.warning("cannot encrypt a push message: %s", err)
            gone.append(sub.get("endpoint", ""))
            continue
        headers.update(vapid_headers(key_pem, endpoint, subject))
        headers.update({"Topic": topic_of(topic), "Urgency": "normal", "User-Agent": user_agent})
        outcome = post(endpoint, body, headers, timeout, allowance)
        if outcome.ok:
            last = outcome
        elif outcome.gone or outcome.status == 404:
            gone.append(endpoint)
        elif failure is None:
            failure = outcome
    if failure is not None:
        return PushResult(failure, gone)
    if gone and len(gone) == len(subscriptions):
        return PushResult(
            Outcome(False, 410, "410 Gone: every subscribed browser left", gone=True), gone
        )
    return PushResult(last, gone)
