"""The checks of a notification subscription's parts (channels, URLs, webhook secrets, chat
formats, notice kinds, browsers' push subscriptions): :class:`InvalidSubscription` names the
field at fault. :mod:`projections.subscriptions` keeps them and re-exports these names.
"""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import urlparse

CHANNELS = ("webhook", "email", "chat", "push")
#: the notices a seat may choose per channel (``kinds``), and the notice kinds each covers
KINDS = {
    "turn": ("turn",),
    "reminder": ("reminder", "expired"),
    "undo": ("undo",),
    "chat": ("chat",),
    "over": ("over",),
}
CHAT_FORMATS = ("discord", "slack", "json")
MAX_URL = 2048


class InvalidSubscription(ValueError):
    """A subscription request that cannot be kept (``field`` names the culprit)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def check_url(field: str, url: Any) -> str:
    if not isinstance(url, str) or len(url) > MAX_URL:
        raise InvalidSubscription(
            field, f"'{field}' must be an http(s) URL of at most {MAX_URL} characters"
        )
    try:  # urllib raises ValueError for "[::1" and "[127.0.0.1]", and for a bad port
        parsed = urlparse(url)
        host, _port = parsed.hostname, parsed.port
    except ValueError:
        raise InvalidSubscription(
            field, f"'{field}' is not a valid URL (check the host in brackets and the port)"
        ) from None
    if parsed.scheme not in ("http", "https") or not host:
        raise InvalidSubscription(field, f"'{field}' must be an http:// or https:// URL")
    return url


def check_secret(secret: Any) -> str:
    from standardwebhooks.webhooks import Webhook

    if not isinstance(secret, str) or not secret.startswith("whsec_"):
        raise InvalidSubscription(
            "webhook_secret", "'webhook_secret' must look like 'whsec_<base64>'"
        )
    try:
        key = base64.b64decode(secret[len("whsec_") :] + "==", validate=False)
        Webhook(secret)
    except Exception:
        raise InvalidSubscription(
            "webhook_secret", "'webhook_secret' is not valid base64"
        ) from None
    if not 24 <= len(key) <= 64:
        raise InvalidSubscription("webhook_secret", "'webhook_secret' must hold 24 to 64 bytes")
    return secret


def chat_format(url: str, requested: str | None) -> str:
    if requested:
        if requested not in CHAT_FORMATS:
            raise InvalidSubscription(
                "chat_format", f"'chat_format' must be one of {', '.join(CHAT_FORMATS)}"
            )
        return requested
    host = (urlparse(url).hostname or "").lower()
    if host.endswith(("discord.com", "discordapp.com")):
        return "discord"
    if host.endswith("slack.com"):
        return "slack"
    return "json"


def check_kinds(kinds: Any) -> dict | None:
    """``{channel: [kind, ...]}`` with known channels and kinds (None: the defaults)."""
    if kinds is None:
        return None
    if not isinstance(kinds, dict):
        raise InvalidSubscription("kinds", "'kinds' must map channels to lists of notices")
    out = {}
    for channel, names in kinds.items():
        if channel not in CHANNELS:
            raise InvalidSubscription("kinds", f"'kinds' names an unknown channel {channel!r}")
        if not isinstance(names, list) or any(n not in KINDS for n in names):
            raise InvalidSubscription(
                "kinds", f"'kinds.{channel}' must list notices among {', '.join(KINDS)}"
            )
        out[channel] = sorted(set(names), key=list(KINDS).index)
    return out


def check_push(subscription: Any) -> dict:
    """A browser's ``PushSubscription.toJSON()``: its endpoint URL and its two keys."""
    if not isinstance(subscription, dict):
        raise InvalidSubscription("push", "'push' must be a browser's push subscription")
    endpoint = check_url("endpoint", subscription.get("endpoint"))
    keys = subscription.get("keys")
    if not isinstance(keys, dict):
        raise InvalidSubscription("keys", "a push subscription needs 'keys' (p256dh and auth)")
    out = {}
    for name, size in (("p256dh", 65), ("auth", 16)):
        value = keys.get(name)
        try:
            raw = base64.urlsafe_b64decode(str(value) + "=" * (-len(str(value)) % 4))
        except (ValueError, TypeError):
            raw = b""
        if not isinstance(value, str) or len(raw) != size:
            raise InvalidSubscription(
                "keys", f"'keys.{name}' must be {size} bytes in URL-safe base64"
            )
        out[name] = value
    return {"endpoint": endpoint, "keys": out}
