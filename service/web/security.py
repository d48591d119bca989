"""What keeps the web pages safe: seats held in the session, invite links, CSRF, CSP.

* A browser holds its seats in Flask's signed session cookie (HttpOnly, SameSite=Lax): ``{game
  id: seat token}``. Tokens arrive only through an **invite link**, a signed, expiring link
  (``itsdangerous``, salt ``chronicle-invite``) made when the game is created, one per seat.
* Every form carries a **CSRF token** tied to the session and checked on every POST
  (:func:`check_csrf`); htmx sends the same token in the ``X-CSRF-Token`` header.
* Pages are served with a **Content-Security-Policy** that allows scripts and styles from this
  site only (no inline script), and never framed.
"""
from __future__ import annotations

import hmac
import secrets
import uuid

from flask import abort, current_app, request, session
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

#: how long an invite link opens its seat (seconds)
INVITE_SECONDS = 14 * 24 * 3600

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'{streams}; frame-ancestors 'none'; base-uri 'none'; "
       "form-action 'self'")


def policy(stream_origin: str = "") -> str:
    """The pages' Content-Security-Policy; ``stream_origin`` (the event-stream process, when
    it is served from another origin) may also be connected to."""
    return CSP.format(streams=f" {stream_origin}" if stream_origin else "")


class InviteError(Exception):
    """An invite link that cannot be used; the message says why."""


def _invites() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key, salt="chronicle-invite")


def make_invite(game_id: uuid.UUID | str, seat: int, token: str) -> str:
    """The signed part of a seat's invite link."""
    return _invites().dumps({"g": str(game_id), "s": seat, "t": token})


def read_invite(text: str) -> dict:
    """``{"g", "s", "t"}`` from an invite, or :class:`InviteError` with a sentence."""
    try:
        return _invites().loads(text, max_age=INVITE_SECONDS)
    except SignatureExpired:
        raise InviteError("This invite link has expired; ask the game's creator for a new "
                          "one.") from None
    except BadSignature:
        raise InviteError("This invite link is not valid (it may have been cut short when "
                          "it was copied).") from None


def held_seats() -> dict[str, str]:
    """``{game id: seat token}`` of this browser."""
    return dict(session.get("seats") or {})


def hold_seat(game_id: str, token: str) -> None:
    seats = held_seats()
    seats[game_id] = token
    session["seats"] = seats
    session.permanent = True


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
        abort(400, description="This form has expired or did not come from this site; "
                               "reload the page and try again.")


def secure_headers(response, stream_origin: str = ""):
    response.headers.setdefault("Content-Security-Policy", policy(stream_origin))
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response
