"""An account at the game API (issue 33): its session cookie, or an account credential.

An account plays through ``/api/v1/games/{id}/...`` like a seat token does, for exactly the
seats it holds now (a table's seat from the table's start, a guest seat it claimed; a seat
whose link was reissued since is no longer its own). :func:`held` is added to
``service.auth.HOLDERS``, which decides what the request may do (one seat, or the one named
in ``X-Chronicle-Seat``; CSRF for cookie changes): see that module.

* **In a browser** the signed-in session cookie is enough (changes carry ``X-CSRF-Token``).
* **An API client** sends an **account credential** as ``Authorization: Bearer chra_...``.
  The signed-in account makes one with ``POST /api/v1/account/credentials`` (shown once); it
  is a session of the account like a browser's (only its SHA-256 is kept, ``acc_sessions``):
  listed and ended with the sessions, ended by "sign out everywhere" and by deleting the
  account. The same bearer also opens the account's own routes (``/api/v1/account/...``,
  tables), without CSRF (no browser sends it on its own).
"""

from __future__ import annotations

import hmac
import secrets
import uuid

from flask import g, request

from domain.accounts.model import Account
from domain.common.i18n import gettext

from ..auth import SAFE_METHODS, Held, check_csrf
from ..context import games
from ..problems import Problem, unauthorized
from . import sessions

#: what an account credential starts with (a seat token starts with its game's id)
PREFIX = "chra_"
#: how a credential is labelled in the account's sessions
LABEL = "API client: {label}"


def new_credential(account: Account, label: str) -> dict:
    """A new credential of ``account`` (the token is shown this once)."""
    token = PREFIX + secrets.token_urlsafe(32)
    shown = LABEL.format(label=label.strip() or "unnamed")
    key = sessions.side().people.add_session(token, str(account.id), shown)
    return {"id": key, "token": token, "label": shown[:120]}


def sent_credential() -> str | None:
    """The account credential of ``Authorization: Bearer chra_...`` (None: none sent)."""
    scheme, _, token = (request.headers.get("Authorization") or "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token.startswith(PREFIX):
        return None
    return token


def bearer_account() -> Account | None:
    """The account of the request's credential (None: no credential was sent; 401 when it is
    not valid: unknown, ended, or its account deleted)."""
    if "bearer_account" in g:
        return g.bearer_account
    token = sent_credential()
    account = None
    if token is not None:
        account = account_of(token)
        if account is None:
            raise invalid()
    g.bearer_account = account
    return account


def account_of(token: str) -> Account | None:
    """The live account whose open session or credential ``token`` is (None: none)."""
    if len(token) > 200:
        return None
    return sessions.account_of_token(token)


def invalid() -> Problem:
    return unauthorized(
        gettext("This account credential is not valid: it was ended, or its account was deleted.")
    )


def me() -> Account:
    """The account of the request's credential or signed-in session, or 401
    ``sign_in_required``."""
    account = bearer_account() or sessions.current_account()
    if account is None:
        raise Problem(
            401,
            "sign_in_required",
            gettext(
                "Sign in first: this belongs to a player's account (guests play from invite links)."
            ),
        )
    return account


def changing() -> Account:
    """The account of a change: by its credential, or by its session with the CSRF token."""
    account = bearer_account()
    if account is not None:
        return account
    account = me()
    check_csrf()
    return account


def in_session() -> Account:
    """The account of what only a signed-in session may do (a credential may not make
    credentials, register or remove passkeys, or delete the account: 403
    ``session_required``); a change carries the CSRF token."""
    if sent_credential() is not None:
        raise Problem(
            403,
            "session_required",
            gettext(
                "Do this from a signed-in session: an account credential may not make "
                "credentials, change passkeys or delete the account."
            ),
        )
    return me() if request.method in SAFE_METHODS else changing()


def held(game_id: uuid.UUID, token: str | None) -> Held | None:
    """The seats of ``game_id`` the request's account holds (``service.auth.HOLDERS``):
    by the bearer ``token`` when it is an account credential, by the cookie when ``token``
    is None; None when the request is not an account's."""
    if token is None:
        account = sessions.current_account()
        if account is None:
            return None
        return Held(seats_of(account, game_id), cookie=True)
    if not token.startswith(PREFIX):
        return None
    account = account_of(token)
    if account is None:
        raise invalid()
    return Held(seats_of(account, game_id), cookie=False)


def seats_of(account: Account, game_id: uuid.UUID) -> frozenset[int]:
    """The seats of the game the account holds now: its rows of ``rm_account_seats`` (caught
    up first), each checked against the seat's current key in the game's own stream."""
    rows = (
        sessions.side()
        .fresh()
        .query(
            "SELECT seat, key_hash FROM {p}rm_account_seats WHERE account_id = ? "
            "AND game_id = ? AND current = 1",
            [str(account.id), str(game_id)],
        )
    )
    if not rows:
        return frozenset()
    keys = games().seat_keys(game_id)
    return frozenset(
        r["seat"]
        for r in rows
        if 0 <= r["seat"] < len(keys) and hmac.compare_digest(keys[r["seat"]], r["key_hash"])
    )
