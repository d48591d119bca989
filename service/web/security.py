"""What keeps the web pages safe: seats held in the session, invite links, CSRF, CSP.

* A browser holds its seats in Flask's signed session cookie (HttpOnly, SameSite=Lax, Secure
  behind https): ``{game id: {seat, mark}}``, never a seat token. A seat arrives only through an
  **invite link**, a signed, expiring link (``itsdangerous``, salt ``chronicle-invite``) made
  when the game is created, one per seat, that carries an opaque mark of the seat's current
  key, not its token; opening it shows a page that asks before it seats the browser (a POST).
  Replacing the seat's token revokes the link and every browser seat made with it.
* State-changing requests that carry an ``Origin`` header must come from this site
  (:func:`check_origin`).
* Every form carries a **CSRF token** tied to the session and checked on every POST
  (:func:`check_csrf`); htmx sends the same token in the ``X-CSRF-Token`` header.
* Pages are served with a **Content-Security-Policy** that allows scripts and styles from this
  site only (no inline script), and never framed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from typing import TYPE_CHECKING

from flask import abort, request, session
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from domain.common.i18n import gettext
from domain.platform.tokens import token_hash

from ..context import secret_key

if TYPE_CHECKING:
    from flask import Response

    from domain.platform.application import Games

#: how long an invite link opens its seat (seconds)
INVITE_SECONDS = 14 * 24 * 3600

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'{streams}; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)


def policy(stream_origin: str = "") -> str:
    """The pages' Content-Security-Policy; ``stream_origin`` (the event-stream process, when
    it is served from another origin) may also be connected to."""
    return CSP.format(streams=f" {stream_origin}" if stream_origin else "")


class InviteError(Exception):
    """An invite link that cannot be used; the message says why."""


def _invites() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_key(), salt="chronicle-invite")


def seat_mark(key_hash: str) -> str:
    """An opaque mark of a seat's current key (the hash of its token, keyed with the secret
    key): what an invite link and a browser's seat are bound to. Replacing the seat's token
    changes it, which revokes every link and browser seat made with the old one."""
    key = secret_key()
    digest = hmac.new(
        key.encode("utf-8") if isinstance(key, str) else key,
        b"chronicle-seat:" + key_hash.encode("ascii"),
        hashlib.sha256,
    )
    return digest.hexdigest()[:32]


def make_invite(game_id: uuid.UUID | str, seat: int, token: str) -> str:
    """The signed, opaque part of a seat's invite link: the game, the seat and the mark of its
    current token (never the token itself, so a link in a log or a history opens no API)."""
    return _invites().dumps({"g": str(game_id), "s": seat, "m": seat_mark(token_hash(token))})


def read_invite(text: str) -> dict:
    """``{"g", "s", "m"}`` from an invite, or :class:`InviteError` with a sentence."""
    try:
        claims = _invites().loads(text, max_age=INVITE_SECONDS)
    except SignatureExpired:
        raise InviteError(
            "This invite link has expired; ask the game's creator for a new one."
        ) from None
    except BadSignature:
        raise InviteError(
            "This invite link is not valid (it may have been cut short when it was copied)."
        ) from None
    if (
        not isinstance(claims, dict)
        or not isinstance(claims.get("m"), str)
        or not isinstance(claims.get("s"), int)
    ):
        raise InviteError(
            "This invite link is from an older version of Chronicle; ask for a new one."
        )
    return claims


def seat_holds(app: Games, game_id: uuid.UUID, seat: int, mark: str) -> bool:
    """Does ``mark`` still open ``seat`` of the game (its token was not replaced since)?"""
    keys = app.seat_keys(game_id)
    return 0 <= seat < len(keys) and hmac.compare_digest(seat_mark(keys[seat]), mark)


#: other holders of seats a browser may play, each ``() -> {game id: {"s", "m", "o"}}``: a
#: signed-in account's seats (``service.accounts``); the cookie's own seats come first
SEAT_SOURCES: list = []


def held_seats() -> dict[str, dict]:
    """``{game id: {"s": seat, "m": mark, "o": {seat: mark}}}`` of this browser: ``s`` and
    ``m`` the seat it plays now, ``o`` every seat of the game it holds (a hot-seat browser,
    or a tester, may hold several; older cookies have no ``o``)."""
    held = _cookie_seats()
    for source in SEAT_SOURCES:
        for game, seats in source().items():
            held.setdefault(game, seats)
    return held


def _cookie_seats() -> dict[str, dict]:
    return {g: v for g, v in (session.get("seats") or {}).items() if isinstance(v, dict)}


def seats_of_game(game_id: str) -> dict[int, str]:
    """Every seat of ``game_id`` this browser holds, with its mark (the one it plays too)."""
    held = held_seats().get(game_id) or {}
    out = {}
    for seat, mark in (held.get("o") or {}).items():
        if str(seat).isdigit() and isinstance(mark, str):
            out[int(seat)] = mark
    if isinstance(held.get("s"), int) and isinstance(held.get("m"), str):
        out[held["s"]] = held["m"]
    return out


def hold_seat(game_id: str, seat: int, mark: str) -> None:
    """Play ``seat`` of the game in this browser from now on, keeping the seats it held."""
    seats = _cookie_seats()
    others = {str(s): m for s, m in seats_of_game(game_id).items()}
    others[str(seat)] = mark
    seats[game_id] = {"s": seat, "m": mark, "o": others}
    session["seats"] = seats
    session.permanent = True


def switch_seat(game_id: str, seat: int) -> bool:
    """Play another seat this browser holds; False when it holds no such seat."""
    mark = seats_of_game(game_id).get(seat)
    if mark is None:
        return False
    hold_seat(game_id, seat, mark)
    return True


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(32)
    return token


def check_csrf() -> None:
    """Refuse a POST whose form field or header does not carry this session's token."""
    sent = request.form.get("csrf_token") or request.headers.get("X-CSRF-Token") or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(sent, expected):
        abort(
            400,
            description=gettext(
                "This form has expired or did not come from this site; "
                "reload the page and try again."
            ),
        )


def secure_headers(response: Response, stream_origin: str = "") -> Response:
    response.headers.setdefault("Content-Security-Policy", policy(stream_origin))
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response
