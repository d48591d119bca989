"""Open tables, "my games" of an account, and the rating boards.

* ``/tables``: the open tables (by title and variant, with clock and rating rules) and the form
  that opens one; ``/tables/<id>``: a table (join, leave, start at once with bots, close, the
  challenge link with a Copy button; once started: its game, reissuing a seat's link, agreeing
  to a reissue, the rematch);
* ``/my-games``: every seat the account holds on any device, waiting for it first, with the time
  left on each clock; the tables it sits at or is invited to;
* ``/ratings/<title>``: the leaderboard per variant, and the bots' published ratings;
* the JSON routes are in :mod:`.api`.
"""

from __future__ import annotations

import time
import uuid

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from itsdangerous import BadSignature, URLSafeSerializer

from domain.accounts.errors import conflict
from domain.accounts.model import Account
from domain.bots.ratings import published
from domain.common.errors import DomainError
from domain.common.i18n import gettext as _
from domain.platform import registry
from domain.tables.model import Table, guest_may_sit

from ..context import games, secret_key
from ..web import security
from ..web.pages import form_clock
from .pages import bp, status_of
from .sessions import current_account, guest_id, guest_name, require_account, side

BOT_CHOICES = ("greedy:2", "greedy:1", "search:1", "search:2", "random:1")


def _titles() -> list[dict]:
    return [t.info() for t in registry.all_current()]


def challenge_token(table_id: uuid.UUID | str) -> str:
    """The signed part of a table's challenge link (whoever holds it is invited)."""
    return URLSafeSerializer(secret_key(), salt="chronicle-challenge").dumps(str(table_id))


def challenge_ok(table_id: uuid.UUID, token: str | None) -> bool:
    if not token:
        return False
    try:
        found = URLSafeSerializer(secret_key(), salt="chronicle-challenge").loads(token)
    except BadSignature:
        return False
    return found == str(table_id)


def _table_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        abort(404, description=_("There is no such table."))


# -- the lobby of open tables ------------------------------------------------------------------
@bp.get("/tables")
def tables() -> ResponseReturnValue:
    title = request.args.get("title") or None
    variant = request.args.get("variant") or None
    s = side().fresh()
    return render_template(
        "accounts/tables.html",
        tables=s.open_tables(title, variant),
        titles=_titles(),
        title=title,
        variant=variant,
        bots=BOT_CHOICES,
        me=current_account(),
    )


def _seat_spec(i: int, me: Account) -> dict:
    """A seat of the new-table form: open, a bot, or a player invited by name."""
    invite = (request.form.get(f"invite{i}") or "").strip()
    kind = request.form.get(f"seat{i}") or "open"
    if invite:
        return side().invited_seat(invite, me.id)
    if kind.startswith("bot:"):
        _, bot, level = (kind.split(":") + ["2"])[:3]
        return {"kind": "bot", "bot": bot, "level": int(level) if level.isdigit() else 2}
    return {"kind": "open"}


def _int(name: str) -> int | None:
    value = (request.form.get(name) or "").strip()
    return int(value) if value.lstrip("-").isdigit() else None


@bp.post("/tables")
def open_table() -> ResponseReturnValue:
    security.check_csrf()
    me = require_account()
    title, _, variant = (request.form.get("variant") or "").partition(":")
    count = max(1, min(8, _int("seats") or 2))
    try:
        seats = [{"kind": "creator"}] + [_seat_spec(i, me) for i in range(1, count)]
        options: dict = {}
        clock = form_clock(request.form.get("clock", ""), request.form.get("on_expiry", ""))
        if clock:
            options["clock"] = clock
        fill = None
        if request.form.get("fill", "").count(":") == 1:
            bot, level = request.form["fill"].split(":")
            fill = {"bot": bot, "level": int(level) if level.isdigit() else 2}
        spec = {
            "title": title,
            "variant": variant,
            "options": options,
            "seats": seats,
            "access": request.form.get("access") or "anyone",
            "range": [_int("low"), _int("high")],
            "rated": request.form.get("rated") == "on",
            "fill": fill,
            "creator": str(me.id),
            "creator_name": me.name,
            "rematch_of": None,
        }
        table = side().tables.open(spec, now=request.form.get("now") == "on")
    except DomainError as err:
        s = side().fresh()
        page = render_template(
            "accounts/tables.html",
            tables=s.open_tables(),
            titles=_titles(),
            bots=BOT_CHOICES,
            me=me,
            error=err.message,
        )
        return page, status_of(err)
    return _after(table)


def _after(table: Table) -> ResponseReturnValue:
    """To the game once it started, else to the table."""
    if table.status == "started" and table.game:
        return redirect(url_for("web.game", game_id=table.game), code=303)
    return redirect(url_for("accounts.table", table_id=table.id), code=303)


# -- one table -----------------------------------------------------------------------------------
def _viewer_seats(table: Table) -> list[int]:
    """The seats of the table's game this browser holds and may still open."""
    if not table.game:
        return []
    game_id = uuid.UUID(table.game)
    held = security.seats_of_game(table.game)
    return [s for s, m in held.items() if security.seat_holds(games(), game_id, s, m)]


@bp.get("/tables/<table_id>")
def table(table_id: str) -> ResponseReturnValue:
    s = side()
    found = s.tables.get(_table_id(table_id))
    me = current_account()
    link = url_for("accounts.table", table_id=found.id, c=challenge_token(found.id), _external=True)
    over = False
    if found.game:
        over = games().is_over(games().get_game(uuid.UUID(found.game)))
    mine = _viewer_seats(found)
    guest = guest_id() if me is None else None
    holder = str(me.id) if me else guest
    return render_template(
        "accounts/table.html",
        t=found,
        me=me,
        guest_ok=me is None and guest_may_sit(found, challenge_ok(found.id, request.args.get("c"))),
        guest_name=guest_name(guest) if guest else None,
        my_seat=found.seat_of(holder) if holder else None,
        challenge=request.args.get("c", ""),
        link=link,
        title_name=s.tables.title_name(found),
        over=over,
        viewer_seats=mine,
        asked=bool(found.reissue and set(found.reissue["waiting"]) & set(mine)),
        rating=s.fresh().rating(str(me.id), found.title, found.variant) if me else None,
    )


@bp.post("/tables/<table_id>/join")
def join(table_id: str) -> ResponseReturnValue:
    """Take a seat: an account's, or a guest's at a casual table (see
    ``domain.tables.model``); a guest at a table that needs an account gets a page saying so,
    with a link to sign in (401)."""
    security.check_csrf()
    me = current_account()
    tid = _table_id(table_id)
    s = side()
    by_link = challenge_ok(tid, request.form.get("c"))
    seat = _int("seat")
    if me is None:
        if not guest_may_sit(s.tables.get(tid), by_link):
            return needs_account(url_for("accounts.table", table_id=tid, c=request.form.get("c")))
        guest = guest_id(create=True)
        assert guest is not None
        found = s.tables.join(
            tid,
            guest,
            guest_name(guest),
            lambda t, v: 0,
            invited_by_link=by_link,
            seat=seat - 1 if seat else None,
        )
        return _after(found)

    def rating(title: str, variant: str) -> int:
        return int(s.fresh().rating(str(me.id), title, variant)["rating"])

    found = s.tables.join(
        tid,
        str(me.id),
        me.name,
        rating,
        invited_by_link=by_link,
        seat=seat - 1 if seat else None,
    )
    return _after(found)


def needs_account(back: str) -> tuple[str, int]:
    """The page a guest gets at a table that needs an account: the sentence and a sign-in
    link (401)."""
    text = conflict("table_needs_account").message
    return render_template("accounts/needs_account.html", text=text, back=back), 401


@bp.post("/tables/<table_id>/leave")
def leave(table_id: str) -> ResponseReturnValue:
    security.check_csrf()
    me = current_account()
    holder = str(me.id) if me is not None else guest_id()
    if holder is None:
        require_account()
    side().tables.leave(_table_id(table_id), str(holder))
    return redirect(url_for("accounts.tables"), code=303)


@bp.post("/tables/<table_id>/close")
def close(table_id: str) -> ResponseReturnValue:
    security.check_csrf()
    me = require_account()
    side().tables.close(_table_id(table_id), str(me.id))
    return redirect(url_for("accounts.tables"), code=303)


@bp.post("/tables/<table_id>/start")
def start(table_id: str) -> ResponseReturnValue:
    security.check_csrf()
    me = require_account()
    return _after(side().tables.start_now(_table_id(table_id), str(me.id)))


@bp.post("/tables/<table_id>/reissue")
def reissue(table_id: str) -> ResponseReturnValue:
    """The creator makes a seat's link anew (at once while the seat has not moved, else once
    every other player agreed); the new link is shown once."""
    security.check_csrf()
    me = require_account()
    tid = _table_id(table_id)
    s = side()
    current = s.tables.get(tid)
    seat = (_int("seat") or 0) - 1
    found, token = s.tables.reissue(tid, seat, str(me.id), _viewer_seats(current))
    if token is None:
        return redirect(url_for("accounts.table", table_id=tid), code=303)
    assert found.game is not None
    link = url_for("web.join", invite=security.make_invite(found.game, seat, token), _external=True)
    text = (
        f"The new link of seat {seat + 1} is below; it is shown only once. The old link, and "
        "the account or browser that held the seat, no longer open it."
    )
    return render_template(
        "message.html",
        heading=_("Seat link reissued"),
        text=text,
        link=link,
        back=url_for("web.game", game_id=found.game),
    )


@bp.post("/tables/<table_id>/agree")
def agree(table_id: str) -> ResponseReturnValue:
    security.check_csrf()
    tid = _table_id(table_id)
    s = side()
    seats = _viewer_seats(s.tables.get(tid))
    if not seats:
        raise conflict("reissue_not_asked")
    s.tables.agree(tid, seats)
    return redirect(url_for("accounts.table", table_id=tid), code=303)


@bp.post("/tables/<table_id>/rematch")
def rematch(table_id: str) -> ResponseReturnValue:
    security.check_csrf()
    me = require_account()
    new = side().tables.rematch(_table_id(table_id), str(me.id), me.name)
    return redirect(url_for("accounts.table", table_id=new.id), code=303)


@bp.get("/games/<game:game_id>/table")
def game_table(game_id: uuid.UUID) -> ResponseReturnValue:
    """The table a game was started from (404 for a game created otherwise)."""
    found = side().fresh().table_of_game(str(game_id))
    if found is None:
        abort(404, description=_("This game was not started from an open table."))
    return redirect(url_for("accounts.table", table_id=found))


# -- my games ------------------------------------------------------------------------------------
def time_left(game: dict) -> str | None:
    """What is left on the clock of the seat this row is for, in words."""
    if not game.get("deadline") or game.get("status") == "finished":
        return None
    seconds = float(game["deadline"]) - time.time()
    if seconds <= 0:
        return "time is up"
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    if days:
        return f"{days} d {hours} h left"
    return f"{hours} h {rest // 60} min left"


@bp.get("/my-games")
def my_games() -> ResponseReturnValue:
    me = current_account()
    if me is None:
        return redirect(url_for("accounts.signin_page", next="/my-games"))
    s = side().fresh()
    listed = s.my_games(str(me.id))
    for g in listed:
        g["time_left"] = time_left(g)
    return render_template(
        "accounts/my_games.html", me=me, games=listed, tables=s.account_tables(str(me.id))
    )


# -- ratings ---------------------------------------------------------------------------------
@bp.get("/ratings")
def ratings_home() -> ResponseReturnValue:
    return redirect(url_for("accounts.ratings", title=_titles()[0]["title"]))


@bp.get("/ratings/<title>")
def ratings(title: str) -> ResponseReturnValue:
    try:
        info = registry.current(title).info()
    except DomainError:
        abort(404, description=_("There is no such game on this server."))
    s = side().fresh()
    boards = [
        {
            "variant": v["name"],
            "players": s.leaderboard(title, v["name"]),
            "bots": published(title, v["name"]),
        }
        for v in info["variants"]
        if v["max_players"] > 1
    ]
    return render_template("accounts/ratings.html", info=info, boards=boards, titles=_titles())
