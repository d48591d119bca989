"""Who wants to be told what: a seat's notification subscriptions, kept in the event store.

Each game has one stream of :class:`SeatNotificationsSet` events (its id is derived from the
game's id); each event replaces one seat's subscriptions whole: a signed webhook (URL and
Standard Webhooks secret), an email address, and a chat hook (Discord, Slack or plain JSON) that
only ever gets the public view. Being events in the same store and the same notification log as
the games, subscriptions are durable, ordered with the moves (the outbox projection knows who was
subscribed when each notice became owed) and rebuilt with everything else.

Seat tokens never appear here. Webhook secrets do (they are needed to sign), so these streams are
never exported or served; the API shows a secret only in the answer to the ``PUT`` that set it.

The event class lives in ``projections`` (not ``domain``) because the read side owns
notifications; ``workers`` and ``service`` import it from here.
"""

from __future__ import annotations

import base64
import re
import secrets
import uuid
from typing import Any
from urllib.parse import urlparse

from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.common.i18n import LANGUAGES

SUBSCRIPTIONS_NAMESPACE = uuid.UUID("0b7f2f3e-5a54-4b8e-9d57-2c3f6f4c9a21")
SUBSCRIPTION_TOPIC = "projections.subscriptions:SeatNotificationsSet"
CHANNELS = ("webhook", "email", "chat")
CHAT_FORMATS = ("discord", "slack", "json")
MAX_URL = 2048
#: One plain address: no spaces, line breaks or header syntax can pass (``\Z``, not ``$``,
#: which would let a trailing newline through).
_EMAIL = re.compile(r"[^@\s<>()\[\],;:\"]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]{2,}\Z")


class SeatNotificationsSet(DomainEvent):
    """One seat's subscriptions, replaced whole.

    ``webhook`` is ``{"url", "secret"}`` or None; ``email`` a string or None; ``chat`` is
    ``{"url", "format"}`` or None; ``reason`` says why (``"set"`` by the seat, ``"gone"`` when a
    receiver answered 410 and the webhook was switched off).
    """

    game: str
    seat: int
    webhook: dict | None
    email: str | None
    chat: dict | None
    reason: str
    #: the language the seat's notices are written in (issue 36; absent from older events)
    lang: str | None


class InvalidSubscription(ValueError):
    """A subscription request that cannot be kept (``field`` names the culprit)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def stream_id(game_id: uuid.UUID | str) -> uuid.UUID:
    return uuid.uuid5(SUBSCRIPTIONS_NAMESPACE, str(game_id))


def new_secret() -> str:
    """A fresh Standard Webhooks signing secret (``whsec_`` + 24 random bytes, base64)."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode("ascii")


def hint(url: str | None) -> str | None:
    """Where a URL points, without its path or query (chat hook URLs hold their own secret)."""
    if not url:
        return None
    parsed = urlparse(url)
    port = f":{parsed.port}" if parsed.port else ""
    return f"{parsed.scheme}://{parsed.hostname or ''}{port}/…"


def email_hint(address: str | None) -> str | None:
    if not address:
        return None
    local, _, domain = address.partition("@")
    return f"{local[:1]}…@{domain}"


def channel_hints(sub: dict | None) -> dict[str, str]:
    """``{channel: hint}`` of the channels a subscription has."""
    if not sub:
        return {}
    out = {}
    if sub.get("webhook"):
        out["webhook"] = hint(sub["webhook"]["url"])
    if sub.get("email"):
        out["email"] = email_hint(sub["email"])
    if sub.get("chat"):
        out["chat"] = hint(sub["chat"]["url"])
    return out


def as_dict(event: Any) -> dict:
    return {
        "game": event.game,
        "seat": event.seat,
        "webhook": event.webhook,
        "email": event.email,
        "chat": event.chat,
        "reason": event.reason,
        "lang": getattr(event, "lang", None),
        "version": event.originator_version,
    }


def current(games, game_id: uuid.UUID | str) -> dict[int, dict]:
    """Every seat's current subscriptions, ``{seat: {...}}`` (seats never subscribed are absent)."""
    subs: dict[int, dict] = {}
    for event in games.events.get(stream_id(game_id)):
        subs[event.seat] = as_dict(event)
    return subs


def _check_url(field: str, url: Any) -> str:
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


def _check_secret(secret: Any) -> str:
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


def build(
    previous: dict | None,
    *,
    webhook_url: str | None = None,
    webhook_secret: str | None = None,
    email: str | None = None,
    chat_url: str | None = None,
    chat_format_name: str | None = None,
    lang: str | None = None,
) -> dict:
    """The subscription a ``PUT`` asks for (validated); keeps the webhook secret when the URL
    stays the same and no new secret is given, otherwise draws a new one."""
    webhook = None
    if webhook_url is not None:
        _check_url("webhook_url", webhook_url)
        if webhook_secret is not None:
            secret = _check_secret(webhook_secret)
        elif previous and previous.get("webhook") and previous["webhook"]["url"] == webhook_url:
            secret = previous["webhook"]["secret"]
        else:
            secret = new_secret()
        webhook = {"url": webhook_url, "secret": secret}
    elif webhook_secret is not None:
        raise InvalidSubscription("webhook_secret", "'webhook_secret' needs 'webhook_url'")
    if email is not None:
        if not isinstance(email, str) or len(email) > 254 or not _EMAIL.fullmatch(email):
            raise InvalidSubscription("email", "'email' must be an email address")
    chat = None
    if chat_url is not None:
        _check_url("chat_url", chat_url)
        chat = {"url": chat_url, "format": chat_format(chat_url, chat_format_name)}
    elif chat_format_name is not None:
        raise InvalidSubscription("chat_format", "'chat_format' needs 'chat_url'")
    if lang is not None and lang not in LANGUAGES:
        raise InvalidSubscription("lang", f"'lang' must be one of {', '.join(LANGUAGES)}")
    return {"webhook": webhook, "email": email, "chat": chat, "lang": lang}


def save(
    games,
    game_id: uuid.UUID | str,
    seat: int,
    subscription: dict,
    reason: str = "set",
    attempts: int = 5,
) -> dict:
    """Append a :class:`SeatNotificationsSet` for ``seat`` (optimistic, retried on a race).

    Returns the stored subscription with its stream ``version``. Store trouble is raised as the
    library's ``PersistenceError``.
    """
    sid = stream_id(game_id)
    for _ in range(attempts):
        last = list(games.events.get(sid, desc=True, limit=1))
        version = last[0].originator_version + 1 if last else 1
        event = SeatNotificationsSet(
            originator_id=sid,
            originator_version=version,
            timestamp=SeatNotificationsSet.create_timestamp(),
            game=str(game_id),
            seat=int(seat),
            webhook=subscription.get("webhook"),
            email=subscription.get("email"),
            chat=subscription.get("chat"),
            reason=reason,
            lang=subscription.get("lang"),
        )
        try:
            games.save(event)
        except IntegrityError:
            continue
        return as_dict(event)
    raise PersistenceError("could not save the subscription: too many concurrent changes")


def disable_channel(
    games, game_id: uuid.UUID | str, seat: int, channel: str, target: str | None, reason: str
) -> bool:
    """Switch one channel of a seat off (a webhook that answered 410 Gone), if it still points
    at ``target``. Returns whether anything changed."""
    sub = current(games, game_id).get(int(seat))
    if not sub or not sub.get(channel):
        return False
    value = sub[channel]
    now_target = value["url"] if isinstance(value, dict) else value
    if target is not None and now_target != target:
        return False
    changed = {k: sub.get(k) for k in CHANNELS}
    changed[channel] = None
    save(games, game_id, seat, changed, reason=reason)
    return True
