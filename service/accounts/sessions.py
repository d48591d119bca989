"""Who is signed in: the account and session API the pages (and issue 34's chat and push
notices) call.

A signed-in browser holds, in Flask's signed session cookie, a random session token; only its
SHA-256 is kept (``acc_sessions``), with a device label and when it was last seen, so sessions
can be listed and ended from any device. Signing in **replaces the cookie's contents** (the
session is cleared and a new token and CSRF token are set; only the guest seats the browser
held are kept), so a cookie planted before sign-in never becomes a signed-in one (no fixation).

* :func:`current_account` -> the signed-in :class:`~domain.accounts.model.Account` or None;
* :func:`require_account` -> it, or a 401 page asking to sign in;
* :func:`sign_in` / :func:`sign_out` / :func:`sign_out_everywhere`;
* :func:`sessions` / :func:`end_session` (by the id :func:`sessions` lists).
"""

from __future__ import annotations

import secrets
import time
import uuid

from flask import abort, current_app, g, request, session

from domain.accounts.model import Account
from domain.common.i18n import gettext
from domain.tables.model import GUEST_PREFIX, is_guest

from ..context import services
from .side import AccountsSide, accounts_side

#: the session cookie's key for the account session token
KEY = "account"
#: how often a session's "last seen" is written (seconds)
SEEN_EVERY = 300.0
#: the session cookie's key for a guest's id at casual tables (see ``domain.tables.model``)
GUEST = "guest"


def side() -> AccountsSide:
    return accounts_side(current_app, services())


def device_label() -> str:
    """A short description of the device from its User-Agent (shown in the sessions list)."""
    agent = request.user_agent.string or ""
    browser = next((b for b in ("Firefox", "Edg", "Chrome", "Safari") if b in agent), "A browser")
    system = next(
        (s for s in ("Android", "iPhone", "iPad", "Windows", "Mac OS", "Linux") if s in agent),
        "",
    )
    browser = {"Edg": "Edge"}.get(browser, browser)
    return f"{browser} on {system}" if system else browser


def current_account() -> Account | None:
    """The account this request is signed in as (None: a guest)."""
    if "account" in g:
        return g.account
    account = None
    token = session.get(KEY)
    if isinstance(token, str) and token:
        account = account_of_token(token)
        if account is None:
            session.pop(KEY, None)
    g.account = account
    return account


def account_of_token(token: str) -> Account | None:
    """The live account whose open session (a cookie's, or an API credential) ``token`` is;
    its "last seen" written at most every :data:`SEEN_EVERY` seconds."""
    s = side()
    row = s.people.session(token)
    if row is None:
        return None
    found = s.accounts.get(uuid.UUID(row["account_id"]))
    if found is None or found.deleted:
        return None
    if time.time() - float(row["seen_at"]) > SEEN_EVERY:
        s.people.seen(row["session_hash"])
    return found


def current_session_id() -> str | None:
    token = session.get(KEY)
    if not isinstance(token, str) or not token:
        return None
    row = side().people.session(token)
    return row["session_hash"] if row else None


def require_account() -> Account:
    account = current_account()
    if account is None:
        abort(401, description=gettext("Sign in first: this page belongs to a player's account."))
    return account


def guest_id(create: bool = False) -> str | None:
    """This browser's guest id (``guest:<hex>``), made on first use when ``create``: the
    ``account`` of the seats it takes at casual tables, found again by it."""
    found = session.get(GUEST)
    if isinstance(found, str) and is_guest(found):
        return found
    if not create:
        return None
    made = GUEST_PREFIX + secrets.token_hex(8)
    session[GUEST] = made
    return made


def guest_name(guest: str) -> str:
    """The name a guest sits under ("Guest 3f2a91"; no account may take such a name)."""
    return f"Guest {guest[len(GUEST_PREFIX) :][:6]}"


def sign_in(account: Account) -> None:
    """Start a new session for ``account`` in a fresh cookie (see the module docstring)."""
    seats, guest = session.get("seats"), session.get(GUEST)
    session.clear()
    if seats:
        session["seats"] = seats
    if guest:  # the seats it took as a guest stay this browser's
        session[GUEST] = guest
    token = secrets.token_urlsafe(32)
    side().people.add_session(token, str(account.id), device_label())
    session[KEY] = token
    session["csrf"] = secrets.token_urlsafe(32)
    session.permanent = True
    g.account = account


def sign_out() -> None:
    account = current_account()
    token = session.pop(KEY, None)
    if account is not None and isinstance(token, str):
        from .people import digest

        side().people.end_session(str(account.id), digest(token))
    session.pop("csrf", None)
    g.account = None


def sign_out_everywhere(account: Account) -> int:
    """End every session of ``account`` (this one too)."""
    ended = side().people.end_all(str(account.id))
    session.pop(KEY, None)
    g.account = None
    return ended


def sessions(account: Account) -> list[dict]:
    """The account's open sessions, most recently seen first (``id``, ``label``,
    ``created_at``, ``seen_at``, ``current``)."""
    here = current_session_id()
    return [
        {
            "id": r["session_hash"],
            "label": r["label"],
            "created_at": r["created_at"],
            "seen_at": r["seen_at"],
            "current": r["session_hash"] == here,
        }
        for r in side().people.sessions(str(account.id))
    ]


def end_session(account: Account, session_id: str) -> bool:
    return side().people.end_session(str(account.id), session_id)
