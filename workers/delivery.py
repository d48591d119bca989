"""One delivery attempt of one notice: claim it, send it, record what happened.

Retries follow ``settings.retry_schedule`` (Standard Webhooks: immediately, 5 s, 5 min, 30 min,
2 h, 5 h, 10 h, 10 h): after attempt *k* fails the next is due ``schedule[k]`` seconds later, or
later if the receiver said so with ``Retry-After`` (429/503); after the last one the notice is
dead (the dead-letter list, ``chronicle-notices dead`` / ``replay``). ``410 Gone`` kills the
notice at once and switches that webhook off (an event in the subscription stream).
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from projections import subscriptions

from . import messages, notifiers, outbox, push
from .notifiers import Outcome

log = logging.getLogger(__name__)


class Dispatcher:
    """Runs attempts side by side (``CHRONICLE_DELIVERY_THREADS``, default 8), so one slow
    receiver, held to its deadline, delays no other notice. The outbox row's lease keeps an
    attempt from running twice; a worker that dies mid-attempt leaves the lease to run out and
    the sweep to try again."""

    def __init__(self, threads: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="chronicle-deliver")
        self._busy: set[str] = set()
        self._lock = threading.Lock()

    def submit(self, ctx: Any, notice_id: str) -> str:
        with self._lock:
            if notice_id in self._busy:
                return "in flight"
            self._busy.add(notice_id)
        self._pool.submit(self._run, ctx, notice_id)
        return "dispatched"

    def _run(self, ctx: Any, notice_id: str) -> None:
        try:
            deliver(ctx, notice_id)
        except Exception:  # the lease runs out and the sweep retries
            log.exception("delivery of notice %s failed", notice_id)
        finally:
            with self._lock:
                self._busy.discard(notice_id)

    def drain(self) -> None:
        """Wait for every attempt under way (a burst worker before it exits)."""
        self._pool.shutdown(wait=True)


_dispatcher: Dispatcher | None = None
_dispatcher_lock = threading.Lock()


def dispatcher(threads: int = 8) -> Dispatcher:
    global _dispatcher
    with _dispatcher_lock:
        if _dispatcher is None:
            _dispatcher = Dispatcher(threads)
        return _dispatcher


def drain() -> None:
    global _dispatcher
    with _dispatcher_lock:
        found, _dispatcher = _dispatcher, None
    if found is not None:
        found.drain()


def deliver(ctx: Any, notice_id: str, now: float | None = None) -> str:
    """Attempt ``notice_id`` if it is due; returns what happened (``skipped``, ``delivered``,
    ``retry``, ``dead``, ``gone``, ``cancelled``)."""
    settings = ctx.settings
    store = ctx.store
    now = time.time() if now is None else now
    row = outbox.claim(store, notice_id, now, settings.lease_seconds)
    if row is None:
        return "skipped"
    channel = row["channel"]
    sub = subscriptions.effective(ctx.games, store, row["game_id"], int(row["seat"]))
    target = sub.get(channel) if sub else None
    if not target or sub is None:
        outbox.final(
            store, notice_id, "cancelled", None, f"the seat no longer has a {channel} subscription"
        )
        return "cancelled"
    unwanted = _unwanted(ctx, row, sub)
    if unwanted:
        outbox.final(store, notice_id, "cancelled", None, unwanted)
        return "cancelled"
    try:
        message = messages.build(ctx.games, row, settings.public_url, sub.get("lang"))
    except Exception as err:  # the store is down, or the title is not installed here
        log.exception("cannot build notice %s", notice_id)
        return record(ctx, row, Outcome(False, None, f"cannot build the message: {err}"), None)
    if channel == "webhook":
        outcome = notifiers.send_webhook(
            target["url"],
            target["secret"],
            row["message_id"],
            message.payload,
            timeout=settings.webhook_timeout,
            user_agent=settings.user_agent,
            allowance=settings.webhook_allow,
        )
    elif channel == "chat":
        outcome = notifiers.send_chat(
            target["url"],
            target.get("format", "json"),
            row["message_id"],
            message.public_text,
            message.public_payload,
            timeout=settings.webhook_timeout,
            user_agent=settings.user_agent,
            allowance=settings.webhook_allow,
        )
    elif channel == "push":
        outcome = _push(ctx, row, target, message, sub.get("account"))
        target = None  # browsers that are gone were removed one by one
    elif channel == "email":
        outcome = notifiers.send_email(
            settings, target, message.subject, message.text, row["message_id"]
        )
    else:
        outcome = Outcome(False, None, f"unknown channel {channel!r}", permanent=True)
    if outcome.gone and sub.get("account") and channel == "webhook":
        _account_webhook_gone(ctx, sub["account"], target)
        target = None  # the seat's own subscription in this game is not the one gone
    return record(ctx, row, outcome, target)


def _account_webhook_gone(ctx: Any, account: str, target: Any) -> None:
    """A 410 from an account's webhook switches it off in the account's settings."""
    try:
        settings = subscriptions.account_settings(ctx.games, account)
        if (settings["webhook"] or {}).get("url") == (target or {}).get("url"):
            subscriptions.save_account(ctx.games, account, {**settings, "webhook": None}, "gone")
    except Exception:  # the notice is dead either way; the next one tries again
        log.exception("could not switch off the webhook of account %s", account)


def _unwanted(ctx: Any, row: dict, sub: dict) -> str | None:
    """Why a notice the seat is subscribed to should not go after all, or None: the seat's
    choice of notices for this channel, or (a chat message) hidden, muted, seat dropped."""
    kind, channel = row["kind"], row["channel"]
    if not subscriptions.wants(sub, channel, kind):
        return f"the seat does not want '{kind}' notices by {channel}"
    if kind == "chat":
        return messages.chat_still_wanted(ctx.games, row)
    return None


def _push(ctx: Any, row: dict, browsers: list[dict], message: Any, account: str | None) -> Outcome:
    settings = ctx.settings
    link = f"{settings.public_url or ''}/games/{row['game_id']}"
    result = push.send_push(
        browsers,
        push.payload_of(message, row["message_id"], link),
        row["message_id"],
        key_pem=push.load_or_create_key(settings.vapid_key_file),
        subject=settings.vapid_subject,
        timeout=settings.webhook_timeout,
        user_agent=settings.user_agent,
        allowance=settings.webhook_allow,
    )
    if result.gone:
        try:
            if account:
                subscriptions.drop_account_push(ctx.games, account, result.gone)
            else:
                subscriptions.drop_push(ctx.games, row["game_id"], int(row["seat"]), result.gone)
        except Exception:  # the next notice tries again
            log.exception("could not remove gone push subscriptions of seat %s", row["seat"])
    return result.outcome


def record(ctx: Any, row: dict, outcome: Outcome, target: Any) -> str:
    """Store the result of an attempt; returns the notice's new condition."""
    settings = ctx.settings
    store = ctx.store
    notice_id = row["notice_id"]
    now = time.time()
    if outcome.ok:
        outbox.delivered(store, notice_id, now, outcome.status)
        log.info("notice %s delivered (%s)", notice_id, outcome.status)
        return "delivered"
    if outcome.gone:
        outbox.final(store, notice_id, "dead", outcome.status, outcome.error)
        url = target.get("url") if isinstance(target, dict) else None
        try:
            subscriptions.disable_channel(
                ctx.games, row["game_id"], int(row["seat"]), row["channel"], url, reason="gone"
            )
        except Exception:  # the notice is dead either way; the next one will try again
            log.exception("could not switch off %s of seat %s", row["channel"], row["seat"])
        log.warning("notice %s: %s; subscription switched off", notice_id, outcome.error)
        return "gone"
    attempts = int(row["attempts"])
    schedule = settings.retry_schedule
    if outcome.permanent or attempts >= len(schedule):
        reason = (
            outcome.error
            if outcome.permanent
            else (f"gave up after {attempts} attempts; last: {outcome.error}")
        )
        outbox.final(store, notice_id, "dead", outcome.status, reason)
        log.warning("notice %s is dead: %s", notice_id, reason)
        return "dead"
    delay = schedule[attempts]
    if outcome.retry_after is not None:
        delay = max(delay, outcome.retry_after)
    outbox.retry(store, notice_id, now + delay, outcome.status, outcome.error)
    log.info(
        "notice %s: attempt %d failed (%s); next in %.1f s",
        notice_id,
        attempts,
        outcome.error,
        delay,
    )
    return "retry"
