"""A browser's side of Web Push, for tests: the keys a browser subscribes with, and the reading
of what a push service would hand it: the payload decrypted (RFC 8291, aes128gcm, with
``http_ece``, which ``pywebpush`` itself uses) and the VAPID signature checked (RFC 8292, ES256)
against the server's public key. Pair it with an HTTP receiver standing in for the push service.
"""

from __future__ import annotations

import base64
import json
import os
import time
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushBrowser:
    """One subscribed browser: its ECDH key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict:
        """What ``PushSubscription.toJSON()`` gives a page."""
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> dict:
        """The notice's JSON, decrypted as the browser would."""
        clear = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(clear)


def vapid_claims(headers: dict[str, str], server_key: str) -> dict[str, Any]:
    """Check the request's ``Authorization: vapid t=…, k=…`` (ES256 over the JWT, by the key
    the server publishes) and return its claims; raises if it does not hold."""
    value = {k.lower(): v for k, v in headers.items()}["authorization"]
    scheme, _, rest = value.partition(" ")
    assert scheme.lower() == "vapid", value
    parts = dict(p.strip().split("=", 1) for p in rest.split(","))
    assert parts["k"] == server_key, "signed with another key than the one browsers got"
    head, payload, signature = parts["t"].split(".")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    try:
        public.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID signature does not hold") from None
    assert json.loads(unb64url(head))["alg"] == "ES256"
    claims = json.loads(unb64url(payload))
    assert claims["exp"] > time.time()
    return claims
