"""The accounts' JSON routes, documented in the OpenAPI document (tag ``players``).

Who is asking is the signed-in session (the session cookie a browser holds after signing in,
security scheme ``accountSession``); a guest gets 401 ``sign_in_required``. Every change
(POST, DELETE) but asking for a sign-in link carries the session's CSRF token in
``X-CSRF-Token`` (``GET /api/v1/account`` gives it; 403 ``csrf_token_invalid`` otherwise).
Refusals are problems (``application/problem+json``) with the stable codes of
``domain.accounts.errors``: a conflict (a full table, a taken name) is a 409, a request that
cannot be accepted as it is a 422, no such table or player a 404.

* the account: ``GET /api/v1/account``, ``POST /api/v1/signin`` (mail a link),
  ``POST /api/v1/account/signout``, sessions, passkeys, ``POST /api/v1/account/name``
  (rename), ``GET /api/v1/account/export``, ``POST /api/v1/account/delete``;
* its games, invitations and ratings: ``GET /api/v1/account/games``, ``…/invitations``,
  ``…/ratings``; the leaderboards: ``GET /api/v1/ratings/{title}/{variant}``;
* open tables: ``GET``/``POST /api/v1/tables``, ``GET /api/v1/tables/{id}`` and its actions;
* the passkey ceremonies the pages' script runs (``/signin/passkey…``, ``/account/passkeys…``):
  the WebAuthn options and answers as JSON (:mod:`.passkey_api`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from flask import url_for
from flask.typing import ResponseReturnValue

from domain.accounts.errors import refused
from domain.accounts.model import Account, AccountEvent
from domain.bots.ratings import published
from domain.common.errors import DomainError
from domain.common.i18n import gettext
from domain.platform import registry
from domain.tables.model import Table, guest_may_sit

from ..api import problem_response
from ..blueprints.base import ApiBlueprint
from ..context import games
from ..problems import Problem, to_problem
from ..web import security
from ..web.pages import form_clock
from . import api_schemas as s
from . import credentials, sessions, signin
from .credentials import changing, in_session, me
from .pages import status_of
from .people import digest
from .sessions import current_account, side

if TYPE_CHECKING:
    from ..api import ChronicleApi

blp = ApiBlueprint(
    "players",
    __name__,
    description="Accounts (signed in by emailed link or passkey), open tables and ratings.",
)
#: OpenAPI security requirement of the routes that need a signed-in session
SESSION: list[dict[str, list[str]]] = [{"accountSession": []}, {"accountCredential": []}]
#: ... and of those only a signed-in browser session may use (``credentials.in_session``)
SESSION_ONLY: list[dict[str, list[str]]] = [{"accountSession": []}]
SECURITY_SCHEME = {
    "type": "apiKey",
    "in": "cookie",
    "name": "session",
    "description": "The signed session cookie set when an account signs in.",
}


@blp.errorhandler(DomainError)
def _domain_problem(error: DomainError) -> ResponseReturnValue:
    """An account's or table's refusal: 409 for a conflict, 422 refused, 404 not found."""
    problem = to_problem(error)
    problem.status = status_of(error)
    return problem_response(problem)


# -- the account -------------------------------------------------------------------------------
@blp.route("/api/v1/account", methods=["GET"])
@blp.response(200, s.AccountSchema)
@blp.problems(503)
def account_info() -> Any:
    """Who is signed in (``signed_in: false`` for a guest), and the CSRF token of changes;
    with an account credential as the bearer, its account."""
    account = credentials.bearer_account() or current_account()
    if account is None:
        return {"signed_in": False}
    return about(account)


def about(account: Account) -> dict:
    after = account.rename_after()
    return {
        "signed_in": True,
        "id": str(account.id),
        "name": account.name,
        "previous_names": list(account.previous_names),
        "rename_after": after.isoformat() if after and after > datetime.now(UTC) else None,
        "csrf_token": security.csrf_token(),
    }


@blp.route("/api/v1/account/name", methods=["POST"])
@blp.arguments(s.RenameSchema)
@blp.response(200, s.AccountSchema)
@blp.problems(401, 403, 409, 422)
@blp.doc(security=SESSION)
def rename(body: dict[str, Any]) -> Any:
    """Change the player name: once in 30 days (409 ``rename_too_soon``), unique under every
    spelling (409 ``name_taken``). The former name stays this account's (nobody else can take
    it); games and records keep the name they were played under."""
    account = changing()
    return about(side().accounts.rename(account.id, body["name"]))


@blp.route("/api/v1/signin", methods=["POST"])
@blp.arguments(s.SigninRequestSchema)
@blp.response(202, s.SentSchema)
@blp.problems(422, 429, 503)
def signin_request(body: dict[str, Any]) -> Any:
    """Mail a sign-in link (valid 15 minutes, once). The answer is the same whether the
    address has an account or not; rate limited per client address and per email."""
    address = signin.check_email(body["email"])
    if address is None:
        raise Problem(
            422, "email_invalid", gettext("Enter one email address, like ann@example.org.")
        )
    wait = signin.limits().hit(signin.client_address(), address)
    if wait is not None:
        raise Problem(
            429,
            "signin_rate_limited",
            gettext("Too many sign-in links were asked for from here or for this address."),
            headers={"Retry-After": str(wait)},
        )
    found = side()
    signin.send_link(found, address, known=found.people.account_of(address) is not None)
    return {"sent": True, "logged": not signin.mail_configured()}


@blp.route("/api/v1/account/signout", methods=["POST"])
@blp.response(200, s.EndedSchema)
@blp.problems(401, 403)
def signout() -> Any:
    """End this session (or the credential sent as the bearer)."""
    account = changing()
    token = credentials.sent_credential()
    if token is not None:  # a credential signs itself out
        return {"ended": int(side().people.end_session(str(account.id), digest(token)))}
    sessions.sign_out()
    return {"ended": 1}


@blp.route("/api/v1/account/sessions", methods=["GET"])
@blp.response(200, s.SessionsSchema)
@blp.problems(401)
@blp.doc(security=SESSION)
def session_list() -> Any:
    """The account's open sessions on every device, most recently seen first."""
    return {"sessions": sessions.sessions(me())}


@blp.route("/api/v1/account/sessions", methods=["DELETE"])
@blp.response(200, s.EndedSchema)
@blp.problems(401, 403)
@blp.doc(security=SESSION)
def signout_everywhere() -> Any:
    """Sign out everywhere: every session of the account ends (this one too)."""
    return {"ended": sessions.sign_out_everywhere(changing())}


@blp.route("/api/v1/account/sessions/<string:session_id>", methods=["DELETE"])
@blp.response(200, s.EndedSchema)
@blp.problems(401, 403)
@blp.doc(security=SESSION)
def end_session(session_id: str) -> Any:
    """End one session (by the id the list gives); ``ended: 0`` if it was not open."""
    return {"ended": int(bool(sessions.end_session(changing(), session_id)))}


@blp.route("/api/v1/account/passkeys", methods=["GET"])
@blp.response(200, s.PasskeysSchema)
@blp.problems(401)
@blp.doc(security=SESSION)
def passkey_list() -> Any:
    """The account's passkeys (no keys: ids, labels and dates)."""
    found = side().people.passkeys(str(me().id))
    return {"passkeys": found}


@blp.route("/api/v1/account/passkeys/<string:credential>", methods=["DELETE"])
@blp.response(200, s.EndedSchema)
@blp.problems(401, 403)
@blp.doc(security=SESSION_ONLY)
def passkey_delete(credential: str) -> Any:
    """Remove a passkey (it signs nobody in from then on)."""
    account = in_session()
    people = side().people
    had = any(p["credential_id"] == credential for p in people.passkeys(str(account.id)))
    people.remove_passkey(str(account.id), credential)
    return {"ended": int(had)}


@blp.route("/api/v1/account/export", methods=["GET"])
@blp.response(200, s.ExportSchema)
@blp.problems(401)
@blp.doc(security=SESSION)
def export() -> Any:
    """Everything kept about the account (its events' facts, personal data, seats, ratings
    and tables; no secrets)."""
    return export_of(me())


def export_of(account: Account) -> dict:
    found = side().fresh()
    events = [
        {
            "kind": e.kind,
            "data": {k: v for k, v in e.data.items() if k != "key"},
            "at": e.timestamp.isoformat(),
        }
        for e in cast("list[AccountEvent]", games().events.get(account.id))
    ]
    return {
        "account": {"id": str(account.id), "name": account.name, "opened_at": account.opened_at},
        "personal_data": found.people.export(str(account.id)),
        "events": events,
        "seats": [
            {"game": x["game"], "seat": x["seat"]} for x in found.account_seats(str(account.id))
        ],
        "ratings": found.ratings_of(str(account.id)),
        "tables": found.account_tables(str(account.id)),
    }


@blp.route("/api/v1/account/delete", methods=["POST"])
@blp.arguments(s.DeleteAccountSchema)
@blp.response(200, s.DeletedSchema)
@blp.problems(401, 403, 422)
@blp.doc(security=SESSION_ONLY)
def delete(body: dict[str, Any]) -> Any:
    """Delete the account (type its name to confirm): email, passkeys and sessions go; its
    games stay, under an anonymous name."""
    account = in_session()
    if body["confirm"].strip() != account.name:
        raise Problem(
            422,
            "delete_not_confirmed",
            gettext("Type your player name exactly to confirm the deletion."),
        )
    from .pages import delete_account

    gone = delete_account(account)
    return {"deleted": True, "shown_as": gone.shown_name}


# -- games, invitations, ratings ---------------------------------------------------------------
@blp.route("/api/v1/account/games", methods=["GET"])
@blp.response(200, s.AccountGamesSchema)
@blp.problems(401)
@blp.doc(security=SESSION)
def my_games() -> Any:
    """Every seat the account holds on any device (waiting for it first, with each clock's
    deadline), and the open tables it sits at or is invited to."""
    account = me()
    found = side().fresh()
    return {
        "games": found.my_games(str(account.id)),
        "tables": found.account_tables(str(account.id)),
    }


@blp.route("/api/v1/account/invitations", methods=["GET"])
@blp.response(200, s.TablesSchema)
@blp.problems(401)
@blp.doc(security=SESSION)
def invitations() -> Any:
    """Open tables whose creator invited this player by name."""
    listed = side().fresh().account_tables(str(me().id))
    return {"tables": [t for t in listed if t.get("kind") == "invited"]}


@blp.route("/api/v1/account/ratings", methods=["GET"])
@blp.response(200, s.RatingsSchema)
@blp.problems(401)
@blp.doc(security=SESSION)
def my_ratings() -> Any:
    """The account's Glicko-2 ratings per title and variant."""
    return {"ratings": side().fresh().ratings_of(str(me().id))}


@blp.route("/api/v1/ratings/<string:title>/<string:variant>", methods=["GET"])
@blp.response(200, s.LeaderboardSchema)
@blp.problems(404)
def leaderboard(title: str, variant: str) -> Any:
    """The leaderboard of a title's variant (established ratings first), and the bots'
    published ratings to measure oneself against."""
    try:
        info = registry.current(title).info()
    except DomainError:
        raise Problem(
            404, "title_not_found", gettext("There is no such game on this server.")
        ) from None
    if variant not in {v["name"] for v in info["variants"]}:
        raise Problem(404, "variant_not_found", gettext("This game has no such variant."))
    return {
        "title": title,
        "variant": variant,
        "players": side().fresh().leaderboard(title, variant),
        "bots": published(title, variant),
    }


# -- open tables ---------------------------------------------------------------------------------
@blp.route("/api/v1/tables", methods=["GET"])
@blp.query(s.TablesQuerySchema)
@blp.response(200, s.TablesSchema)
@blp.problems(400)
def tables(args: dict[str, Any]) -> Any:
    """Open tables, newest first, optionally of one title (and variant)."""
    return {"tables": side().fresh().open_tables(args.get("title"), args.get("variant"))}


def _table(table_id: str) -> Table:
    try:
        found = uuid.UUID(table_id)
    except ValueError:
        raise Problem(404, "table_not_found", gettext("There is no such table.")) from None
    return side().tables.get(found)


def _summary(table: Table) -> dict:
    row = side().fresh().table_row(str(table.id))
    if row is None:  # not projected yet (it is, after fresh(); kept for safety)
        raise Problem(404, "table_not_found", gettext("There is no such table."))
    return row


@blp.route("/api/v1/tables", methods=["POST"])
@blp.arguments(s.OpenTableSchema)
@blp.response(201, s.TableSchema)
@blp.problems(400, 401, 403, 404, 409, 422)
@blp.doc(security=SESSION)
def open_table(body: dict[str, Any]) -> Any:
    """Open a table (the creator takes seat 1); it starts when its seats are full, or at once
    with ``start_now`` (bots in the open seats)."""
    account = changing()
    seats = [{"kind": "creator"}] + [_seat(x, account) for x in body["seats"]]
    options: dict = {}
    clock = form_clock(body.get("clock") or "", body.get("on_expiry") or "")
    if body.get("clock") and clock is None:
        raise Problem(
            422, "clock_invalid", gettext("A clock is 'per_move:S' or 'correspondence:I:N:C'.")
        )
    if clock:
        options["clock"] = clock
    spec = {
        "title": body["title"],
        "variant": body["variant"],
        "options": options,
        "seats": seats,
        "access": body["access"],
        "range": [body.get("low"), body.get("high")],
        "rated": body["rated"],
        "fill": body.get("fill"),
        "creator": str(account.id),
        "creator_name": account.name,
        "rematch_of": None,
    }
    table = side().tables.open(spec, now=body["start_now"])
    return _summary(table)


def _seat(spec: dict, account: Account) -> dict:
    if spec["kind"] == "invited":
        return side().invited_seat(spec.get("name") or "", account.id)
    if spec["kind"] == "bot":
        return {"kind": "bot", "bot": spec.get("bot") or "greedy", "level": spec.get("level", 2)}
    return {"kind": "open"}


@blp.route("/api/v1/tables/<string:table_id>", methods=["GET"])
@blp.response(200, s.TableSchema)
@blp.problems(404)
def table(table_id: str) -> Any:
    """One table (open, started or closed)."""
    return _summary(_table(table_id))


@blp.route("/api/v1/tables/<string:table_id>/join", methods=["POST"])
@blp.arguments(s.JoinSchema)
@blp.response(200, s.TableSchema)
@blp.problems(401, 403, 404, 409, 422)
@blp.doc(security=SESSION)
def join(body: dict[str, Any], table_id: str) -> Any:
    """Take an open seat (the first, or ``seat``). 409 for a full table, a seat already held,
    a table for invited players only or one whose rating range leaves this player out."""
    from .tables_pages import challenge_ok

    found = _table(table_id)
    if current_account() is None:
        raise _guest_refused(found, challenge_ok(found.id, body.get("challenge")))
    account = changing()
    ratings = side()

    def rating(title: str, variant: str) -> int:
        return int(ratings.fresh().rating(str(account.id), title, variant)["rating"])

    seat = body.get("seat")
    joined = side().tables.join(
        found.id,
        str(account.id),
        account.name,
        rating,
        invited_by_link=challenge_ok(found.id, body.get("challenge")),
        seat=seat - 1 if seat else None,
    )
    return _summary(joined)


def _guest_refused(table: Table, by_link: bool) -> Problem:
    """401 ``sign_in_required`` for a guest: the JSON API takes seats for accounts; a guest
    may sit at a casual table on its page (``guest_ok``), the seat kept in that browser."""
    page = url_for("accounts.table", table_id=table.id)
    if guest_may_sit(table, by_link):
        detail = (
            "Sign in to take a seat through the API. As a guest, take this casual table's "
            f"open seat on its page ({page}): the seat is kept in that browser."
        )
    else:
        detail = str(refused("table_needs_account").message)
    return Problem(
        401,
        "sign_in_required",
        detail,
        params={
            "signin": url_for("accounts.signin_page", next=page),
            "guest_ok": guest_may_sit(table, by_link),
        },
    )


#: the table actions of its seated players: (route and view name, the ``Tables`` decision, what
#: the route does); each is ``POST /api/v1/tables/{id}/<name>`` answering the table
TABLE_ACTIONS = (
    ("leave", "leave", "Leave a table that has not started (the creator closes it instead)."),
    ("close", "close", "Close a table that has not started (its creator only)."),
    ("start", "start_now", "Start now, bots in the open seats (its creator only)."),
)


def _table_action(name: str, decision: str, doc: str) -> None:
    def view(table_id: str) -> Any:
        account = changing()
        act: Callable[[uuid.UUID, str], Table] = getattr(side().tables, decision)
        return _summary(act(_table(table_id).id, str(account.id)))

    view.__name__, view.__doc__ = name, doc
    documented = blp.doc(security=SESSION)(view)
    documented = blp.problems(401, 403, 404, 409, 422)(documented)
    documented = blp.response(200, s.TableSchema)(documented)
    blp.route(f"/api/v1/tables/<string:table_id>/{name}", methods=["POST"])(documented)


for _name, _decision, _doc in TABLE_ACTIONS:
    _table_action(_name, _decision, _doc)


#: an account credential (:mod:`.credentials`) as the bearer
CREDENTIAL_SCHEME = {
    "type": "http",
    "scheme": "bearer",
    "description": "An account credential ('chra_...', POST /api/v1/account/credentials): "
    "acts for the seats the account holds now (X-Chronicle-Seat names one when it holds "
    "several of the game) and on the account's own routes.",
}


def register(api: ChronicleApi) -> None:
    api.spec.components.security_scheme("accountSession", SECURITY_SCHEME)
    api.spec.components.security_scheme("accountCredential", CREDENTIAL_SCHEME)
    api.register_blueprint(blp)
