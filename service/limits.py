"""Rate limits on creating, forking, importing games and on moves, per client address and per
seat, kept in Redis by ``limits`` (the library under flask-limiter; a moving window, so a burst
at a window's edge cannot double the rate).

``CHRONICLE_RATE_LIMITS`` sets them, e.g. the default::

    create=30/minute;600/day, fork=30/minute;600/day, import=10/minute;200/day, move=600/minute

Each action's limits apply to the client's address and, where a seat acts, to that seat (its
token, or the browser's seat in that game) separately; an empty value turns every limit off. A
person plays a move every few seconds and a bot a few a second: 600 moves a minute per seat never
slows either. Over a limit the answer is ``429 rate_limited`` with ``Retry-After`` and a
sentence (a page for the web pages). While Redis cannot be reached each process counts on its
own (``limits``' memory storage): limits hold loosely, requests never fail for it.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time

from flask import request, session
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import MovingWindowRateLimiter

from domain.common.i18n import N_, NP_, gettext, npgettext, pgettext

from .problems import Problem

log = logging.getLogger(__name__)

#: the endpoints each action covers (API and pages)
ACTIONS = {
    ("games.GameCollection", "POST"): "create",
    ("web.create", "POST"): "create",
    ("games.Forks", "POST"): "fork",
    ("web.fork", "POST"): "fork",
    ("games.Import", "POST"): "import",
    ("play.Moves", "POST"): "move",
    ("web.play", "POST"): "move",
    ("chat.ChatMessages", "POST"): "chat",
    ("chat_web.chat_post", "POST"): "chat",
}
WORDS = {
    "create": "new games",
    "fork": "forks",
    "import": "imports",
    "move": "moves",
    "chat": "chat messages",
}

#: A window of one unit, as the 429 sentence names it ("per minute")
PERIOD_NAMES = {
    "second": NP_("rate limit window", "second"),
    "minute": NP_("rate limit window", "minute"),
    "hour": NP_("rate limit window", "hour"),
    "day": NP_("rate limit window", "day"),
    "month": NP_("rate limit window", "month"),
    "year": NP_("rate limit window", "year"),
}

#: The 429 sentence per action and per kind of client, whole for the catalogues
#: (``{amount}`` requests in ``{period}``, retry in ``{retry}`` seconds).
TOO_MANY = {
    ("create", "seat"): N_(
        "Too many new games from this seat: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("create", "address"): N_(
        "Too many new games from this address: at most {amount} per {period}. "
        "Try again in {retry} s."
    ),
    ("fork", "seat"): N_(
        "Too many forks from this seat: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("fork", "address"): N_(
        "Too many forks from this address: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("import", "seat"): N_(
        "Too many imports from this seat: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("import", "address"): N_(
        "Too many imports from this address: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("move", "seat"): N_(
        "Too many moves from this seat: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("move", "address"): N_(
        "Too many moves from this address: at most {amount} per {period}. Try again in {retry} s."
    ),
    ("chat", "seat"): N_(
        "Too many chat messages from this seat: at most {amount} per {period}. "
        "Try again in {retry} s."
    ),
    ("chat", "address"): N_(
        "Too many chat messages from this address: at most {amount} per {period}. "
        "Try again in {retry} s."
    ),
}


class RateLimitConfigError(ValueError):
    pass


def parse_limits(spec: str) -> dict[str, list]:
    """``{action: [RateLimitItem, ...]}`` from ``CHRONICLE_RATE_LIMITS``."""
    out: dict[str, list] = {}
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        action, sep, text = part.partition("=")
        action = action.strip()
        if not sep or action not in WORDS:
            raise RateLimitConfigError(
                f"CHRONICLE_RATE_LIMITS: {part!r} must be ACTION=LIMITS with ACTION one of "
                f"{', '.join(WORDS)} (e.g. move=600/minute)"
            )
        try:
            out[action] = parse_many(text)
        except ValueError as err:
            raise RateLimitConfigError(f"CHRONICLE_RATE_LIMITS: {text!r}: {err}") from None
    return out


class RateLimits:
    """The limits of one process (a ``before_request`` hook)."""

    def __init__(self, spec: str, redis_url: str | None, namespace: str) -> None:
        self.items = parse_limits(spec)
        self.namespace = hashlib.sha256(namespace.encode()).hexdigest()[:12]
        self._memory = MovingWindowRateLimiter(MemoryStorage())
        self._redis = None
        if redis_url and self.items:
            storage = RedisStorage(
                redis_url,
                socket_timeout=0.3,
                socket_connect_timeout=0.3,
                key_prefix="chronicle-limits",
            )
            self._redis = MovingWindowRateLimiter(storage)
        self._redis_down_until = 0.0

    @property
    def enabled(self) -> bool:
        return bool(self.items)

    def _limiter(self) -> MovingWindowRateLimiter:
        if self._redis is not None and time.monotonic() >= self._redis_down_until:
            return self._redis
        return self._memory

    def check(self) -> None:
        action = ACTIONS.get((request.endpoint or "", request.method))
        if action is None or action not in self.items:
            return
        keys = ["addr:" + (request.remote_addr or "-")]
        seat = _seat_key()
        if seat:
            keys.append("seat:" + seat)
        for item in self.items[action]:
            for key in keys:
                self._hit(action, item, key)

    def _hit(self, action: str, item: RateLimitItem, key: str) -> None:
        identifiers = (self.namespace, action, key)
        limiter = self._limiter()
        try:
            allowed = limiter.hit(item, *identifiers)
        except Exception as err:  # Redis unreachable: count in this process for a while
            log.warning("rate limits: Redis unavailable (%s); counting per process", err)
            self._redis_down_until = time.monotonic() + 30
            limiter = self._memory
            allowed = limiter.hit(item, *identifiers)
        if allowed:
            return
        try:
            reset = limiter.get_window_stats(item, *identifiers).reset_time
        except Exception:
            reset = time.time() + item.get_expiry()
        retry = max(1, math.ceil(reset - time.time()))
        per = "seat" if key.startswith("seat:") else "address"
        raise Problem(
            429,
            "rate_limited",
            gettext(TOO_MANY[action, per]).format(
                amount=item.amount, period=_period(item), retry=retry
            ),
            headers={"Retry-After": str(retry)},
            params={"action": action, "limit": str(item), "retry_after": retry},
        )


def _period(item: RateLimitItem) -> str:
    """``"minute"``, ``"5 minutes"``: the window of ``item`` as the 429 sentence says it
    ("at most 3 per minute"), counted in the bound language."""
    n = item.multiples
    unit = item.GRANULARITY.name
    if n == 1:
        return pgettext("rate limit window", PERIOD_NAMES.get(unit, unit))
    if unit == "second":
        return npgettext("rate limit window", "{n} second", "{n} seconds", n).format(n=n)
    if unit == "minute":
        return npgettext("rate limit window", "{n} minute", "{n} minutes", n).format(n=n)
    if unit == "hour":
        return npgettext("rate limit window", "{n} hour", "{n} hours", n).format(n=n)
    if unit == "day":
        return npgettext("rate limit window", "{n} day", "{n} days", n).format(n=n)
    if unit == "month":
        return npgettext("rate limit window", "{n} month", "{n} months", n).format(n=n)
    return npgettext("rate limit window", "{n} year", "{n} years", n).format(n=n)


def _seat_key() -> str | None:
    """The seat acting: its bearer token (hashed), or the browser's seat in this game."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return hashlib.sha256(header[7:].strip().encode()).hexdigest()[:24]
    game = (request.view_args or {}).get("game_id")
    if game is not None:
        held = (session.get("seats") or {}).get(str(game))
        if isinstance(held, dict):
            return f"{game}:{held.get('s')}"
    return None
