"""Accounts, open tables and ratings on the web (issue 33): ``register(api, services)`` is
called by the app factory (``service.app.EXTENSIONS``).

* :mod:`.pages`: sign-in by emailed link or passkey, the account page, export, deletion;
* :mod:`.tables_pages`: open tables, "my games" of an account, the rating boards;
* :mod:`.sessions`: who is signed in (the API other modules call: ``current_account``,
  ``require_account``, ``sign_in``, ``sign_out``, ``sessions``, ``end_session``);
* :mod:`.api`: the JSON routes (in the OpenAPI document);
* :mod:`.signin` and :mod:`.passkeys`: the two ways in; :mod:`.people`: personal data;
* :mod:`.side`: the applications and read models these pages run on.

An account's seats open in every browser it signs in to: :func:`account_seats` is added to the
web pages' seat sources (``service.web.security.SEAT_SOURCES``), so the game pages need not
know about accounts; and :func:`.credentials.held` to the game API's holders
(``service.auth.HOLDERS``), so an account plays its seats through ``/api/v1/games/...`` by its
session cookie or an account credential (:mod:`.credentials`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from flask import g

from .. import auth
from ..web import security
from . import api, credential_api, passkey_api, tables_pages  # noqa: F401 (routes)
from .credentials import held
from .pages import bp
from .sessions import current_account, guest_id, side

if TYPE_CHECKING:
    from ..api import ChronicleApi
    from ..bootstrap import Services

log = logging.getLogger(__name__)


def account_seats() -> dict[str, dict]:
    """``{game id: {"s", "m", "o"}}`` of the signed-in account's seats and of the seats this
    browser took as a guest at casual tables (as a browser's cookie holds its invite links'
    seats), marks made from the seats' current keys."""
    if "account_seats" in g:
        return g.account_seats
    out: dict[str, dict] = {}
    account = current_account()
    holders = [str(account.id)] if account is not None else []
    guest = guest_id()
    if guest is not None:
        holders.append(guest)  # seats taken as a guest at casual tables
    for holder in holders:
        try:
            for held in side().fresh().account_seats(holder):
                mark = security.seat_mark(held["key"])
                entry = out.setdefault(held["game"], {"s": held["seat"], "m": mark, "o": {}})
                entry["o"][str(held["seat"])] = mark
        except Exception:  # the account's seats are a convenience: a page still renders
            log.exception("the account's seats could not be read")
    g.account_seats = out
    return out


def register(api_: ChronicleApi, services: Services | None = None) -> None:
    app = api_._app
    app.register_blueprint(bp)
    api.register(api_)
    if account_seats not in security.SEAT_SOURCES:
        security.SEAT_SOURCES.append(account_seats)
    if held not in auth.HOLDERS:  # an account plays its seats through the game API too
        auth.HOLDERS.append(held)
