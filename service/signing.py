"""Signed game records: Ed25519 through ``cryptography`` (pyca, the library CPython's own
tooling and most of PyPI rely on; its Ed25519 is OpenSSL's).

Every export carries ``"signature": {"algorithm": "Ed25519", "key": <public key>, "value":
<signature>}`` (both unpadded base64url) over ``records.signed_message`` (format, game
id, head hash, kind, viewer). An import reports who signed the record:

* ``this_service``: this deployment's key (``CHRONICLE_SIGNING_KEY_FILE``, default
  ``signing-key.pem`` in the data directory, created on first start);
* ``trusted``: a public key the operator lists in ``CHRONICLE_TRUSTED_KEYS`` (comma-separated
  base64url Ed25519 public keys, e.g. another Chronicle's ``chronicle signing-key``);
* ``nobody``: no signature, or one by a key nobody here vouches for.

A signature that does not hold under the key it names is refused as tampering.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .keys import load_or_create

ALGORITHM = "Ed25519"


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fingerprint(public: str) -> str:
    """A short name for a public key (its SHA-256, first 16 hex digits)."""
    return "ed25519:" + hashlib.sha256(public.encode("ascii")).hexdigest()[:16]


def new_private_pem() -> bytes:
    return Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


class RecordSigner:
    """Signs records with one private key and checks them against it and trusted keys."""

    def __init__(self, private_pem: bytes, trusted: tuple[str, ...] = ()) -> None:
        key = serialization.load_pem_private_key(private_pem, password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError("the signing key must be an Ed25519 private key (PEM, PKCS8)")
        self._key = key
        self.public = b64(
            key.public_key().public_bytes(
                serialization.Encoding.Raw, serialization.PublicFormat.Raw
            )
        )
        self.trusted = frozenset(trusted)

    @classmethod
    def from_file(cls, path: str, trusted: tuple[str, ...] = ()) -> RecordSigner:
        """The key in ``path``, created there (mode 0600) if it does not exist yet."""
        return cls(load_or_create(path, new_private_pem), trusted)

    def sign(self, message: bytes) -> dict:
        return {"algorithm": ALGORITHM, "key": self.public, "value": b64(self._key.sign(message))}

    def check(self, signature: Any, message: bytes) -> tuple[str, str] | None:
        """``(signed_by, key fingerprint)`` for a signature that holds; None if it does not."""
        if not isinstance(signature, dict) or signature.get("algorithm") != ALGORITHM:
            return None
        key, value = signature.get("key"), signature.get("value")
        if (
            not isinstance(key, str)
            or not isinstance(value, str)
            or len(key) > 64
            or len(value) > 128
        ):
            return None
        try:
            Ed25519PublicKey.from_public_bytes(unb64(key)).verify(unb64(value), message)
        except (InvalidSignature, ValueError, binascii.Error):
            return None
        signed_by = (
            "this_service" if key == self.public else "trusted" if key in self.trusted else "nobody"
        )
        return signed_by, fingerprint(key)


def parse_trusted(raw: str | None) -> tuple[str, ...]:
    """``CHRONICLE_TRUSTED_KEYS``: comma-separated base64url Ed25519 public keys."""
    keys = []
    for part in (raw or "").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            Ed25519PublicKey.from_public_bytes(unb64(part))
        except (ValueError, binascii.Error):
            raise ValueError(
                f"CHRONICLE_TRUSTED_KEYS: {part!r} is not a base64url Ed25519 public key"
            ) from None
        keys.append(part)
    return tuple(keys)
