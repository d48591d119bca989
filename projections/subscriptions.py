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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlparse

from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError, PersistenceError

if TYPE_CHECKING:
    from domain.platform.application import Games

from domain.common.i18n import LANGUAGES

from .subscription_checks import (
    CHANNELS,
    KINDS,
    InvalidSubscription,
    chat_format,
    check_kinds,
    check_secret,
    check_url,
)
from .subscription_checks import CHAT_FORMATS as CHAT_FORMATS  # (re-exported)
from .subscription_checks import MAX_URL as MAX_URL  # (re-exported)
from .subscription_checks import check_push as check_push  # (re-exported)

SUBSCRIPTIONS_NAMESPACE = uuid.UUID("0b7f2f3e-5a54-4b8e-9d57-2c3f6f4c9a21")
SUBSCRIPTION_TOPIC = "projections.subscriptions:SeatNotificationsSet"
#: without a choice: every notice but chat messages, on every channel (as before issue 34)
DEFAULT_KINDS = ("turn", "reminder", "undo", "over")
#: browsers a seat may subscribe to push at once
MAX_PUSH = 5
#: One plain address: no spaces, line breaks or header syntax can pass (``\Z``, not ``$``,
#: which would let a trailing newline through).
_EMAIL = re.compile(r"[^@\s<>()\[\],;:\"]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]{2,}\Z")


@dataclass(frozen=True)  # as GameEvent (domain/platform/game.py)
class SeatNotificationsSet(DomainEvent):
    """One seat's subscriptions, replaced whole.

    ``webhook`` is ``{"url", "secret"}`` or None; ``email`` a string or None; ``chat`` is
    ``{"url", "format"}`` or None; ``reason`` says why (``"set"`` by the seat, ``"gone"`` when a
    receiver answered 410 and the webhook was switched off). ``push`` lists the browsers
    subscribed to Web Push (``{"endpoint", "keys": {"p256dh", "auth"}}``); ``kinds`` the
    notices wanted per channel (``{channel: [kind, ...]}``; None: :data:`DEFAULT_KINDS`).
    Both came with issue 34: older events have neither (their class defaults).
    """

    game: str
    seat: int
    webhook: dict | None
    email: str | None
    chat: dict | None
    reason: str
    push: list | None = None
    kinds: dict | None = None
    #: the language the seat's notices are written in (issue 36; absent from older events)
    lang: str | None = None


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
    out: dict[str, str] = {}
    if sub.get("webhook"):
        out["webhook"] = hint(sub["webhook"]["url"]) or ""
    if sub.get("email"):
        out["email"] = email_hint(sub["email"]) or ""
    if sub.get("chat"):
        out["chat"] = hint(sub["chat"]["url"]) or ""
    if sub.get("push"):
        out["push"] = f"{len(sub['push'])} browser(s): " + ", ".join(
            sorted({hint(p["endpoint"]) or "" for p in sub["push"]})
        )
    return out


def wants(sub: dict | None, channel: str, kind: str) -> bool:
    """Does the subscription want notice ``kind`` by ``channel``?"""
    chosen = (sub or {}).get("kinds") or {}
    names = chosen.get(channel, DEFAULT_KINDS)
    return any(kind in KINDS.get(name, ()) for name in names)


def as_dict(event: Any) -> dict:
    return {
        "game": event.game,
        "seat": event.seat,
        "webhook": event.webhook,
        "email": event.email,
        "chat": event.chat,
        "push": getattr(event, "push", None),
        "kinds": getattr(event, "kinds", None),
        "reason": event.reason,
        "lang": getattr(event, "lang", None),
        "version": event.originator_version,
    }


def current(games: Games, game_id: uuid.UUID | str) -> dict[int, dict]:
    """Every seat's current subscriptions, ``{seat: {...}}`` (seats never subscribed are absent)."""
    subs: dict[int, dict] = {}
    for event in games.events.get(stream_id(game_id)):
        subs[cast(SeatNotificationsSet, event).seat] = as_dict(event)
    return subs


def build(
    previous: dict | None,
    *,
    webhook_url: str | None = None,
    webhook_secret: str | None = None,
    email: str | None = None,
    chat_url: str | None = None,
    chat_format_name: str | None = None,
    kinds: dict | None = None,
    lang: str | None = None,
) -> dict:
    """The subscription a ``PUT`` asks for (validated); keeps the webhook secret when the URL
    stays the same and no new secret is given, otherwise draws a new one."""
    kept = {"push": (previous or {}).get("push"), "kinds": check_kinds(kinds)}
    webhook = None
    if webhook_url is not None:
        check_url("webhook_url", webhook_url)
        if webhook_secret is not None:
            secret = check_secret(webhook_secret)
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
        check_url("chat_url", chat_url)
        chat = {"url": chat_url, "format": chat_format(chat_url, chat_format_name)}
    elif chat_format_name is not None:
        raise InvalidSubscription("chat_format", "'chat_format' needs 'chat_url'")
    if lang is not None and lang not in LANGUAGES:
        raise InvalidSubscription("lang", f"'lang' must be one of {', '.join(LANGUAGES)}")
    return {"webhook": webhook, "email": email, "chat": chat, "lang": lang, **(kept or {})}


def save(
    games: Games,
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
            push=subscription.get("push") or None,
            kinds=subscription.get("kinds") or None,
            lang=subscription.get("lang"),
        )
        try:
            games.save(event)
        except IntegrityError:
            continue
        return as_dict(event)
    raise PersistenceError("could not save the subscription: too many concurrent changes")


def disable_channel(
    games: Games, game_id: uuid.UUID | str, seat: int, channel: str, target: str | None, reason: str
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
    changed = {k: sub.get(k) for k in (*CHANNELS, "kinds")}
    changed[channel] = None
    save(games, game_id, seat, changed, reason=reason)
    return True


def add_push(games: Games, game_id: uuid.UUID | str, seat: int, subscription: dict) -> dict:
    """Subscribe one more browser of ``seat`` (the same endpoint again replaces it; the
    oldest leaves beyond :data:`MAX_PUSH`)."""
    sub = current(games, game_id).get(int(seat)) or {}
    browsers = [p for p in sub.get("push") or [] if p["endpoint"] != subscription["endpoint"]]
    browsers = [*browsers, subscription][-MAX_PUSH:]
    changed = {k: sub.get(k) for k in (*CHANNELS, "kinds")}
    changed["push"] = browsers
    return save(games, game_id, seat, changed)


def drop_push(
    games: Games, game_id: uuid.UUID | str, seat: int, endpoints: list[str], reason: str = "gone"
) -> bool:
    """Remove browsers from ``seat``'s push subscriptions (gone, or unsubscribed)."""
    sub = current(games, game_id).get(int(seat))
    if not sub or not sub.get("push"):
        return False
    kept = [p for p in sub["push"] if p["endpoint"] not in endpoints]
    if len(kept) == len(sub["push"]):
        return False
    changed = {k: sub.get(k) for k in (*CHANNELS, "kinds")}
    changed["push"] = kept or None
    save(games, game_id, seat, changed, reason=reason)
    return True


# -- an account's notices (issue 34) -----------------------------------------------------------
ACCOUNT_NOTICES_TOPIC = "projections.subscriptions:AccountNoticesSet"


@dataclass(frozen=True)  # as GameEvent (domain/platform/game.py)
class AccountNoticesSet(DomainEvent):
    """An account's notice settings, replaced whole: which notices go by which channel
    (``kinds``: ``{channel: [kind, ...]}``), a webhook (``{"url", "secret"}`` or None), whether
    email goes to the account's address (kept with its personal data, not here), and the
    browsers subscribed to push. They apply to every seat the account holds, except in a game
    where that seat has notices of its own (the per-game override)."""

    account: str
    kinds: dict | None
    webhook: dict | None
    email: bool
    push: list | None
    reason: str


def account_stream(account_id: uuid.UUID | str) -> uuid.UUID:
    return uuid.uuid5(SUBSCRIPTIONS_NAMESPACE, f"account:{account_id}")


def account_settings(games: Games, account_id: uuid.UUID | str) -> dict:
    """The account's notice settings (``version`` 0: never set)."""
    found = list(games.events.get(account_stream(account_id), desc=True, limit=1))
    if not found:
        return {"kinds": None, "webhook": None, "email": False, "push": None, "version": 0}
    event = cast(AccountNoticesSet, found[0])
    return {
        "kinds": event.kinds,
        "webhook": event.webhook,
        "email": bool(event.email),
        "push": event.push,
        "version": event.originator_version,
    }


def save_account(
    games: Games,
    account_id: uuid.UUID | str,
    settings: dict,
    reason: str = "set",
    attempts: int = 5,
) -> dict:
    """Append an :class:`AccountNoticesSet` (optimistic, retried on a race)."""
    sid = account_stream(account_id)
    for _ in range(attempts):
        last = list(games.events.get(sid, desc=True, limit=1))
        event = AccountNoticesSet(
            originator_id=sid,
            originator_version=(last[0].originator_version + 1) if last else 1,
            timestamp=AccountNoticesSet.create_timestamp(),
            account=str(account_id),
            kinds=check_kinds(settings.get("kinds")),
            webhook=settings.get("webhook"),
            email=bool(settings.get("email")),
            push=settings.get("push") or None,
            reason=reason,
        )
        try:
            games.save(event)
        except IntegrityError:
            continue
        return account_settings(games, account_id)
    raise PersistenceError("could not save the notice settings: too many concurrent changes")


def add_account_push(games: Games, account_id: uuid.UUID | str, subscription: dict) -> dict:
    settings = account_settings(games, account_id)
    browsers = [p for p in settings["push"] or [] if p["endpoint"] != subscription["endpoint"]]
    settings["push"] = [*browsers, subscription][-MAX_PUSH:]
    return save_account(games, account_id, settings)


def drop_account_push(games: Games, account_id: uuid.UUID | str, endpoints: list[str]) -> bool:
    settings = account_settings(games, account_id)
    kept = [p for p in settings["push"] or [] if p["endpoint"] not in endpoints]
    if len(kept) == len(settings["push"] or []):
        return False
    settings["push"] = kept or None
    save_account(games, account_id, settings, reason="gone")
    return True


def account_of_seat(store: Any, game_id: uuid.UUID | str, seat: int) -> str | None:
    """The account that holds ``seat`` of the game now (``rm_account_seats``), or None."""
    try:
        rows = store.query(
            "SELECT account_id FROM {p}rm_account_seats "
            "WHERE game_id = ? AND seat = ? AND current = 1",
            [str(game_id), int(seat)],
        )
    except Exception:  # the accounts' tables are not there (an old store): no account
        return None
    return rows[0]["account_id"] if rows else None


def account_email(store: Any, account_id: str) -> str | None:
    try:
        rows = store.query(
            "SELECT email FROM {p}acc_people WHERE account_id = ?", [str(account_id)]
        )
    except Exception:
        return None
    return rows[0]["email"] if rows else None


def account_language(store: Any, account_id: str) -> str | None:
    """The language the account chose (issue 36: its pages and notices), or None."""
    try:
        rows = store.query(
            "SELECT lang FROM {p}acc_settings WHERE account_id = ?", [str(account_id)]
        )
    except Exception:
        return None
    return rows[0]["lang"] if rows else None


def effective(games: Games, store: Any, game_id: uuid.UUID | str, seat: int) -> dict | None:
    """The notices ``seat`` gets: its own for this game if it has any (a guest seat's, or an
    account's per-game override), else those of the account holding it. The account's are
    shaped as a seat's (its email address read from its personal data), with ``account``."""
    sub = current(games, game_id).get(int(seat))
    if sub and any(sub.get(c) for c in CHANNELS):
        return sub
    account = account_of_seat(store, game_id, seat)
    if account is None:
        return sub
    settings = account_settings(games, account)
    if not settings["version"]:
        return sub
    return {
        "webhook": settings["webhook"],
        "email": account_email(store, account) if settings["email"] else None,
        "chat": None,
        "push": settings["push"],
        "kinds": settings["kinds"],
        "account": account,
        "version": settings["version"],
        "lang": account_language(store, account),
    }
