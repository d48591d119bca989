"""Sign-in links: made, mailed (or logged), checked, used once.

A link is ``/signin/link/<nonce>.<timestamp>.<signature>``: a random nonce signed with the
deployment's secret key (``itsdangerous.TimestampSigner``, salt ``chronicle-signin``), valid
for :data:`LINK_SECONDS`; the nonce's hash and the address it was sent to are kept in
``acc_signin`` until it is used (once: a compare-and-set marks it). An expired, reused or
altered link signs nobody in and gets a page saying which.

Asking for a link answers the same whether the address has an account or not (the mail itself
says what comes next: a link to sign in, or to choose a player name), and is rate limited per
client address and per email address with ``limits`` (a moving window; in Redis when it is
configured, else per process): ``CHRONICLE_SIGNIN_LIMITS``, default
``address=10/hour, email=5/hour``.

With ``CHRONICLE_SMTP_HOST`` set the link is mailed through the outbox (``workers.mail``);
without it (``make run`` on a laptop) the link is printed in the server's log, and the page says
so.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flask import request, url_for
from itsdangerous import BadSignature, SignatureExpired, TimestampSigner
from limits import parse_many
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import MovingWindowRateLimiter

from workers import mail
from workers.settings import WorkerSettings

from ..context import secret_key, services

if TYPE_CHECKING:
    from .side import AccountsSide

log = logging.getLogger("chronicle.signin")

LINK_SECONDS = 15 * 60
DEFAULT_LIMITS = "address=10/hour, email=5/hour"
_EMAIL = re.compile(r"[^@\s<>()\[\],;:\"]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]{2,}\Z")
SUBJECT = "Your Chronicle sign-in link"
BODY = """Hello,

Someone (we hope you) asked to sign in to Chronicle with this address.
Open this link within 15 minutes to {what}:

{link}

The link works once. If you did not ask for it, ignore this mail: nothing happens.
"""


class LinkError(Exception):
    """A sign-in link that cannot be used; the message says why (and ``status``)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


SENTENCES = {
    "expired": "This sign-in link has expired (links work for 15 minutes). Ask for a new one.",
    "used": "This sign-in link was already used. Each link signs in once; ask for a new one.",
    "altered": "This sign-in link is not valid: it was changed or cut short. Ask for a new one.",
}


def signer() -> TimestampSigner:
    return TimestampSigner(secret_key(), salt="chronicle-signin")


def check_email(text: str) -> str | None:
    """The address, or None if it is not one plain email address."""
    text = (text or "").strip()
    if len(text) > 254 or not _EMAIL.match(text):
        return None
    return text


def read_link(token: str) -> str:
    """The nonce of a link whose signature and age hold, or :class:`LinkError`."""
    try:
        return signer().unsign(token, max_age=LINK_SECONDS).decode("ascii")
    except SignatureExpired:
        raise LinkError(SENTENCES["expired"], 410) from None
    except (BadSignature, UnicodeDecodeError):
        raise LinkError(SENTENCES["altered"], 400) from None


# -- rate limits -------------------------------------------------------------------------------
@dataclass
class SigninLimits:
    address: list
    email: list
    limiter: MovingWindowRateLimiter
    fallback: MovingWindowRateLimiter

    def hit(self, client: str, address: str) -> int | None:
        """Count one request; seconds to wait when over a limit (None: allowed)."""
        for items, key in ((self.address, "a:" + client), (self.email, "e:" + address.lower())):
            for item in items:
                limiter = self.limiter
                try:
                    allowed = limiter.hit(item, "chronicle-signin", key)
                except Exception:  # Redis unreachable: count in this process
                    limiter = self.fallback
                    allowed = limiter.hit(item, "chronicle-signin", key)
                if not allowed:
                    return int(item.get_expiry())
        return None


_limits: dict[str, SigninLimits] = {}
_limits_lock = threading.Lock()


def parse(spec: str) -> dict[str, list]:
    out: dict[str, list] = {"address": [], "email": []}
    for part in spec.split(","):
        part = part.strip()
        if part:
            name, _, text = part.partition("=")
            if name.strip() not in out:
                raise ValueError(f"CHRONICLE_SIGNIN_LIMITS: {part!r}: use address=… or email=…")
            out[name.strip()] = parse_many(text.replace(";", ","))
    return out


def limits() -> SigninLimits:
    spec = os.environ.get("CHRONICLE_SIGNIN_LIMITS", DEFAULT_LIMITS)
    redis_url = services().settings.redis_url or ""
    key = f"{spec}|{redis_url}"
    with _limits_lock:
        found = _limits.get(key)
        if found is None:
            items = parse(spec)
            memory = MovingWindowRateLimiter(MemoryStorage())
            limiter = memory
            if redis_url:
                storage = RedisStorage(
                    redis_url,
                    socket_timeout=0.3,
                    socket_connect_timeout=0.3,
                    key_prefix="chronicle-limits",
                )
                limiter = MovingWindowRateLimiter(storage)
            found = _limits[key] = SigninLimits(items["address"], items["email"], limiter, memory)
        return found


# -- sending -----------------------------------------------------------------------------------
def mail_configured() -> bool:
    return bool(WorkerSettings.from_env().smtp_host)


def send_link(side: AccountsSide, address: str, known: bool) -> str:
    """Make a link for ``address``, and mail it (or log it without SMTP); returns the link."""
    nonce = secrets.token_urlsafe(24)
    side.people.add_signin(nonce, address)
    token = signer().sign(nonce).decode("ascii")
    link = url_for("accounts.link", token=token, _external=True)
    public = os.environ.get("CHRONICLE_PUBLIC_URL", "").rstrip("/")
    if public:
        link = public + url_for("accounts.link", token=token)
    what = "sign in" if known else "choose your player name and sign in"
    if not mail_configured():
        log.warning(
            "No SMTP server is configured (CHRONICLE_SMTP_HOST): the sign-in link for %s is %s",
            address,
            link,
        )
        return link
    mail_id = mail.enqueue(side.store, address, SUBJECT, BODY.format(what=what, link=link))
    redis = services().redis
    if redis is None or not mail.wake(redis, WorkerSettings.from_env().queue_name, mail_id):
        if redis is None:  # no workers without Redis: send from this process
            threading.Thread(
                target=mail.deliver,
                args=(side.store, WorkerSettings.from_env(), mail_id),
                daemon=True,
            ).start()
    return link


def client_address() -> str:
    return request.remote_addr or "-"
