"""Sending one message: a signed webhook (Standard Webhooks v1), a chat hook, or an email.

Each sender answers with an :class:`Outcome`; what to do next (done, retry when, give up) is
decided in :mod:`.delivery`. Senders never raise for a receiver's failure.

Webhooks follow Standard Webhooks v1: headers ``webhook-id`` (the notice's message id, the same
on every retry: receivers deduplicate by it), ``webhook-timestamp`` (Unix seconds of this
attempt) and ``webhook-signature`` (``v1,<base64 HMAC-SHA256 of "id.timestamp.body">``, made
with the ``standardwebhooks`` package); a 2xx answer is success, 3xx redirects are not followed
(a failure), ``410 Gone`` stops the subscription, ``429``/``503`` may set ``Retry-After``.
"""

from __future__ import annotations

import contextlib
import email.utils
import http.client
import json
import smtplib
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlparse

from .netguard import Allowance, UnsafeUrl, open_connection

MAX_RETRY_AFTER = 24 * 3600.0

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


@dataclass
class Outcome:
    ok: bool
    status: int | None = None
    error: str | None = None
    retry_after: float | None = None
    gone: bool = False
    permanent: bool = False


class Deadline:
    """A deadline for a whole attempt: a socket timeout bounds each read, so a receiver that
    answers a byte at a time could hold an attempt (and the thread) for minutes; when the
    deadline passes the socket is shut down, which ends whatever read or write is waiting."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False

    @contextlib.contextmanager
    def watch(self, sock_of: Callable[[], Any]) -> Iterator[Deadline]:
        def cut() -> None:
            self.expired = True
            sock = sock_of()
            if sock is not None:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        timer = threading.Timer(self.seconds, cut)
        timer.daemon = True
        timer.start()
        try:
            yield self
        finally:
            timer.cancel()


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delay-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = when.timestamp() - (time.time() if now is None else now)
    return max(0.0, min(seconds, MAX_RETRY_AFTER))


def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
    allowance: Allowance = Allowance(),
) -> Outcome:
    """POST ``body`` to ``url`` once (no redirects followed), connecting only to an address
    :mod:`.netguard` checked just now (an unsafe one fails the attempt, with its reason)."""
    parsed = urlparse(url)
    path = parsed.path or "/"
    if parsed.query:
        path += "?" + parsed.query
    deadline = Deadline(timeout)
    try:
        try:
            conn = open_connection(url, allowance, timeout, ssl.create_default_context())
        except UnsafeUrl as err:
            return Outcome(
                False,
                None,
                f"{err.code}: {err.message}",
                permanent=err.code != "webhook_host_unknown",
            )
        try:
            with deadline.watch(lambda: conn.sock):
                conn.request("POST", path, body=body, headers=headers)
                response = conn.getresponse()
                response.read(64 * 1024)
                status = response.status
                retry_after = parse_retry_after(response.getheader("Retry-After"))
        finally:
            conn.close()
    except (TimeoutError, OSError, http.client.HTTPException, ValueError) as err:
        if deadline.expired:
            return Outcome(
                False, None, f"timed out: no answer within {timeout:g} s (the whole attempt)"
            )
        return Outcome(False, None, f"{type(err).__name__}: {err}")
    if 200 <= status < 300:
        return Outcome(True, status)
    if status == 410:
        return Outcome(False, status, "410 Gone: the receiver asked not to be sent more", gone=True)
    return Outcome(
        False, status, f"HTTP {status}", retry_after=retry_after if status in (429, 503) else None
    )


def signed_headers(
    secret: str, message_id: str, body: str, user_agent: str, when: datetime | None = None
) -> dict[str, str]:
    """The Standard Webhooks headers for ``body``."""
    from standardwebhooks.webhooks import Webhook

    when = when or datetime.now(UTC)
    return {
        "Content-Type": "application/json",
        "User-Agent": user_agent,
        "webhook-id": message_id,
        "webhook-timestamp": str(int(when.timestamp())),
        "webhook-signature": Webhook(secret).sign(message_id, when, body),
    }


def send_webhook(
    url: str,
    secret: str,
    message_id: str,
    payload: dict,
    *,
    timeout: float,
    user_agent: str,
    allowance: Allowance = Allowance(),
) -> Outcome:
    body = _dumps(payload)
    headers = signed_headers(secret, message_id, body, user_agent)
    return post(url, body.encode("utf-8"), headers, timeout, allowance)


def chat_body(fmt: str, text: str, public_payload: dict) -> dict:
    if fmt == "discord":
        return {"content": text[:2000], "allowed_mentions": {"parse": []}}
    if fmt == "slack":
        return {"text": text}
    return {"text": text, **public_payload}


def send_chat(
    url: str,
    fmt: str,
    message_id: str,
    text: str,
    public_payload: dict,
    *,
    timeout: float,
    user_agent: str,
    allowance: Allowance = Allowance(),
) -> Outcome:
    body = _dumps(chat_body(fmt, text, public_payload)).encode("utf-8")
    return post(
        url,
        body,
        {"Content-Type": "application/json", "User-Agent": user_agent, "webhook-id": message_id},
        timeout,
        allowance,
    )


def send_email(settings: Any, to: str, subject: str, text: str, message_id: str) -> Outcome:
    """Send one plain-text email through the configured SMTP server."""
    if not settings.smtp_host:
        return Outcome(
            False, None, "SMTP is not configured (set CHRONICLE_SMTP_HOST)", permanent=True
        )
    if any(ch in value for value in (to, subject, message_id) for ch in "\r\n\0"):
        return Outcome(False, None, "a header would contain a line break: not sent", permanent=True)
    msg = EmailMessage()
    msg["From"] = settings.smtp_from
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = f"<{message_id}@chronicle.invalid>"
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(text)
    deadline = Deadline(settings.smtp_timeout)
    try:
        cls = smtplib.SMTP_SSL if settings.smtp_ssl else smtplib.SMTP
        smtp = cls(timeout=settings.smtp_timeout)
        with deadline.watch(lambda: getattr(smtp, "sock", None)), smtp:
            smtp.connect(settings.smtp_host, settings.smtp_port)
            if settings.smtp_starttls and not settings.smtp_ssl:
                smtp.starttls(context=ssl.create_default_context())
            if settings.smtp_user:
                smtp.login(settings.smtp_user, settings.smtp_password or "")
            smtp.send_message(msg)
    except smtplib.SMTPRecipientsRefused as err:
        codes = [code for code, _ in err.recipients.values()]
        permanent = all(500 <= code < 600 for code in codes)
        return Outcome(
            False,
            codes[0] if codes else None,
            f"recipient refused: {err.recipients}",
            permanent=permanent,
        )
    except smtplib.SMTPResponseException as err:
        return Outcome(
            False,
            err.smtp_code,
            f"SMTP {err.smtp_code}: {err.smtp_error!r}",
            permanent=500 <= err.smtp_code < 600,
        )
    except (smtplib.SMTPException, OSError) as err:
        if deadline.expired:
            return Outcome(
                False,
                None,
                f"timed out: no answer within {settings.smtp_timeout:g} s (the whole attempt)",
            )
        return Outcome(False, None, f"{type(err).__name__}: {err}")
    return Outcome(True, 250)
