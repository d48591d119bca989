"""The account pages: sign in (emailed link or passkey), choose a name, the account page
(sessions, passkeys, claiming guest seats, export, deletion) and the account's JSON.

Every page's words are in its template; every refusal's sentence is in
``domain.accounts.errors.SENTENCES`` or :data:`.signin.SENTENCES` (ready for translation).
"""

from __future__ import annotations

import json
import time
import uuid
from datetime import UTC, datetime

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from domain.accounts.errors import AccountConflict, AccountRefused
from domain.accounts.model import Account
from domain.common.errors import DomainError, NotFound
from domain.common.i18n import gettext, pgettext
from domain.common.i18n import gettext as _

from ..context import games
from ..problems import to_problem
from ..web import security
from . import sessions, signin
from .people import digest
from .sessions import current_account, require_account, side

bp = Blueprint(
    "accounts",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/accounts",
)
#: how long a verified address may wait for its player name (seconds)
SIGNUP_SECONDS = 15 * 60


def status_of(error: Exception) -> int:
    if isinstance(error, AccountConflict):
        return 409
    if isinstance(error, AccountRefused):
        return 422
    if isinstance(error, NotFound):
        return 404
    return to_problem(error).status


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


@bp.errorhandler(HTTPException)
@bp.errorhandler(DomainError)
def error_page(error: HTTPException | DomainError) -> ResponseReturnValue:
    """A refusal: a page with its sentence (JSON problem for the JSON routes)."""
    problem = to_problem(error)
    status = status_of(error)
    if wants_json():
        body = {**problem.body(), "status": status}
        return jsonify(body), status, {"Content-Type": "application/problem+json"}
    heading = {409: "Not possible now", 422: "Not accepted", 404: "Not found"}.get(
        status,
        problem.title or "",  # (a problem always has a title)
    )
    heading = pgettext("problem title", heading)  # (titles: service/problems.py PAGE_TITLES)
    page = render_template("message.html", heading=heading, text=problem.detail)
    return page, status


@bp.app_context_processor
def _account_globals() -> dict:
    return {
        "signed_in": current_account,
        "open_tables": _open_tables,
        "table_of_game": _table_of_game,
    }


def _table_of_game(game_id: str) -> str | None:
    """The table a game was started from (None: created otherwise, or not known yet)."""
    try:
        return side().table_of_game(str(game_id))
    except DomainError:
        return None


def _open_tables() -> list[dict]:
    """The newest open tables, for the lobby's list (empty if they cannot be read now)."""
    try:
        return side().fresh().open_tables(limit=10)
    except DomainError:
        return []


# -- signing in by link ------------------------------------------------------------------------
@bp.get("/signin")
def signin_page() -> ResponseReturnValue:
    return render_template(
        "accounts/signin.html", mail=signin.mail_configured(), next=request.args.get("next", "")
    )


@bp.post("/signin")
def signin_request() -> ResponseReturnValue:
    security.check_csrf()
    address = signin.check_email(request.form.get("email", ""))
    if address is None:
        page = render_template(
            "accounts/signin.html",
            mail=signin.mail_configured(),
            error="Enter one email address, like ann@example.org.",
            email=request.form.get("email", ""),
        )
        return page, 422
    wait = signin.limits().hit(signin.client_address(), address)
    if wait is not None:
        text = (
            "Too many sign-in links were asked for from here or for this address. "
            f"Try again in {max(1, wait // 60)} minute(s)."
        )
        page = render_template("message.html", heading=_("Too many requests"), text=text)
        return page, 429, {"Retry-After": str(wait)}
    s = side()
    signin.send_link(s, address, known=s.people.account_of(address) is not None)
    return redirect(url_for("accounts.sent"), code=303)


@bp.get("/signin/sent")
def sent() -> ResponseReturnValue:
    return render_template("accounts/sent.html", mail=signin.mail_configured())


def _link_or_page(token: str) -> tuple[str, None] | tuple[None, tuple[str, int]]:
    """(nonce, None) for a link that may be used, or (None, an error page)."""
    try:
        nonce = signin.read_link(token)
    except signin.LinkError as err:
        return None, _link_error(str(err), err.status)
    row = side().people.signin(nonce)
    if row is None:
        return None, _link_error(signin.SENTENCES["altered"], 400)
    if row["used_at"] is not None:
        return None, _link_error(signin.SENTENCES["used"], 410)
    return nonce, None


def _link_error(text: str, status: int) -> tuple[str, int]:
    return render_template("accounts/link_error.html", text=text), status


@bp.get("/signin/link/<token>")
def link(token: str) -> ResponseReturnValue:
    """The link's page asks before it signs in (a mail scanner that opens links uses none)."""
    nonce, error = _link_or_page(token)
    if error is not None:
        return error
    return render_template("accounts/link.html", token=token)


@bp.post("/signin/link/<token>")
def link_used(token: str) -> ResponseReturnValue:
    security.check_csrf()
    nonce, error = _link_or_page(token)
    if error is not None:
        return error
    assert nonce is not None  # (no error: a nonce)
    s = side()
    address = s.people.use_signin(nonce)
    if address is None:  # used by another request meanwhile
        return _link_error(signin.SENTENCES["used"], 410)
    account_id = s.people.account_of(address)
    if account_id is not None:
        account = s.accounts.get(uuid.UUID(account_id))
        if account is not None and not account.deleted:
            sessions.sign_in(account)
            return redirect(url_for("accounts.my_games"), code=303)
    session["signup"] = {"n": digest(nonce), "t": time.time()}
    return redirect(url_for("accounts.choose_name"), code=303)


def _signup_address() -> tuple[str, str] | None:
    """(nonce hash, address) of a verified address waiting for its name, if any."""
    pending = session.get("signup")
    if not isinstance(pending, dict) or time.time() - float(pending.get("t", 0)) > SIGNUP_SECONDS:
        return None
    row = side().people.signin_by_hash(str(pending.get("n")))
    if row is None or row["used_at"] is None:
        return None
    return str(pending["n"]), row["email"]


@bp.get("/signin/name")
def choose_name() -> ResponseReturnValue:
    if _signup_address() is None:
        return _link_error(signin.SENTENCES["expired"], 410)
    return render_template("accounts/name.html")


@bp.post("/signin/name")
def name_chosen() -> ResponseReturnValue:
    security.check_csrf()
    found = _signup_address()
    if found is None:
        return _link_error(signin.SENTENCES["expired"], 410)
    _, address = found
    s = side()
    account_id = uuid.uuid4()
    if not s.people.add_person(str(account_id), address):  # opened meanwhile in another tab
        existing = s.people.account_of(address)
        account = s.accounts.get(uuid.UUID(existing)) if existing else None
        if account is None:
            abort(409, description=gettext("This address already has an account; sign in again."))
    else:
        try:
            account = s.accounts.open(request.form.get("name", ""), account_id)
        except DomainError as err:
            s.people.remove_person(str(account_id))  # the address waits for another name
            page = render_template(
                "accounts/name.html", error=err.message, name=request.form.get("name", "")
            )
            return page, status_of(err)
    sessions.sign_in(account)  # a fresh cookie: the pending address is forgotten
    return redirect(url_for("accounts.my_games"), code=303)


@bp.post("/signout")
def signout() -> ResponseReturnValue:
    security.check_csrf()
    sessions.sign_out()
    return redirect(url_for("web.home"), code=303)


# -- passkeys (the ceremonies are JSON routes: .api) ----------------------------------------
@bp.post("/account/passkeys/remove")
def passkey_remove() -> ResponseReturnValue:
    security.check_csrf()
    account = require_account()
    side().people.remove_passkey(str(account.id), request.form.get("credential", ""))
    return redirect(url_for("accounts.account"), code=303)


# -- the account page ------------------------------------------------------------------------------
@bp.get("/account")
def account() -> ResponseReturnValue:
    me = require_account()
    s = side()
    address = s.people.email_of(str(me.id)) or ""
    return render_template(
        "accounts/account.html",
        me=me,
        email=address,
        sessions=sessions.sessions(me),
        passkeys=s.people.passkeys(str(me.id)),
        ratings=s.fresh().ratings_of(str(me.id)),
        browser_seats=len(_browser_seats()),
        now=datetime.now(UTC),
    )


@bp.post("/account/name")
def rename() -> ResponseReturnValue:
    """Change the player name (once in 30 days; games keep the names they were played
    under)."""
    security.check_csrf()
    me = require_account()
    side().accounts.rename(me.id, request.form.get("name", ""))
    return redirect(url_for("accounts.account"), code=303)


@bp.post("/account/sessions/end")
def end_session() -> ResponseReturnValue:
    security.check_csrf()
    me = require_account()
    sessions.end_session(me, request.form.get("session", ""))
    return redirect(url_for("accounts.account"), code=303)


@bp.post("/account/signout-everywhere")
def signout_everywhere() -> ResponseReturnValue:
    security.check_csrf()
    me = require_account()
    sessions.sign_out_everywhere(me)
    return redirect(url_for("web.home"), code=303)


def _browser_seats() -> list[tuple[str, int, str]]:
    """(game, seat, key hash) of the guest seats this browser's cookie holds and still opens."""
    app, out = games(), []
    for game, held in (session.get("seats") or {}).items():
        if not isinstance(held, dict):
            continue
        marks = {str(k): v for k, v in (held.get("o") or {}).items()}
        if isinstance(held.get("s"), int):
            marks[str(held["s"])] = held.get("m")
        try:
            keys = app.seat_keys(uuid.UUID(game))
        except (DomainError, ValueError):
            continue
        for seat_text, mark in marks.items():
            seat = int(seat_text) if seat_text.isdigit() else -1
            if 0 <= seat < len(keys) and security.seat_mark(keys[seat]) == mark:
                out.append((game, seat, keys[seat]))
    return out


@bp.post("/account/claim")
def claim_browser_seats() -> ResponseReturnValue:
    """Keep this browser's guest seats in the account (they then open on every device)."""
    security.check_csrf()
    me = require_account()
    s = side()
    for game, seat, key in _browser_seats():
        s.accounts.claim_seat(me.id, game, seat, key)
    return redirect(url_for("accounts.my_games"), code=303)


@bp.post("/account/claim/<invite>")
def claim_invite(invite: str) -> ResponseReturnValue:
    """Join a seat from its invite link and keep it in the account."""
    security.check_csrf()
    me = require_account()
    try:
        claims = security.read_invite(invite)
        game_id = uuid.UUID(claims["g"])
        keys = games().seat_keys(game_id)
    except (security.InviteError, DomainError, ValueError, KeyError) as err:
        abort(400, description=str(err) or "This invite link is not valid.")
    seat = claims["s"]
    if not (0 <= seat < len(keys) and security.seat_mark(keys[seat]) == claims["m"]):
        abort(403, description=_("This invite link no longer opens its seat."))
    side().accounts.claim_seat(me.id, str(game_id), seat, keys[seat])
    security.hold_seat(str(game_id), seat, claims["m"])
    return redirect(url_for("web.game", game_id=game_id), code=303)


@bp.get("/account/export")
def export() -> ResponseReturnValue:
    """Everything kept about the account, as JSON: its events' facts, personal data, seats,
    ratings and tables (no secrets)."""
    from .api import export_of

    text = json.dumps(export_of(require_account()), indent=2, default=str)
    return Response(
        text,
        mimetype="application/json",
        headers={"Content-Disposition": 'attachment; filename="chronicle-account.json"'},
    )


@bp.post("/account/delete")
def delete() -> ResponseReturnValue:
    """Delete the account: email, passkeys and sessions are removed; its games stay, under an
    anonymous name in the account's lists."""
    security.check_csrf()
    me = require_account()
    if (request.form.get("confirm") or "").strip() != me.name:
        abort(422, description=_("Type your player name exactly to confirm the deletion."))
    delete_account(me)
    session.clear()
    text = _("Your account was deleted: its email address, passkeys and sessions are gone.")
    return render_template("message.html", heading=_("Account deleted"), text=text)


def delete_account(me: Account) -> Account:
    """Leave or close the account's waiting tables, forget its personal data, delete it."""
    s = side()
    for table in s.fresh().account_tables(str(me.id)):  # tables waiting to start: leave them
        table_id = uuid.UUID(table["id"])
        try:
            if table["kind"] == "seated" and table["creator_name"] == me.name:
                s.tables.close(table_id, str(me.id))
            elif table["kind"] == "seated":
                s.tables.leave(table_id, str(me.id))
        except DomainError:  # started or closed meanwhile
            pass
    s.people.forget(str(me.id))
    return s.accounts.delete(me.id)
