"""The pages: the lobby at ``/``, creating a game, joining by invite, and the game page.

Every page is rendered on the server from the application and the read models (the same calls
the JSON API makes); htmx swaps the game's ``<main>`` after a move and when the event stream
says the game moved on (``static/live.js``). Without JavaScript every form still works.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from flask import (
    Blueprint,
    abort,
    current_app,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from domain.common.errors import DomainError
from domain.common.i18n import gettext as _
from domain.common.i18n import pgettext
from domain.common.why import move_target, split_target
from domain.platform import registry
from domain.platform.tokens import token_hash

from ..context import games, services
from ..lobby import list_games
from ..parsing import strict_json
from ..problems import to_problem
from ..schemas.requests import CreateGameSchema
from . import security
from .board import page_context
from .lobby_form import form_options, option_error

if TYPE_CHECKING:
    from domain.platform.game import Created, Game

bp = Blueprint(
    "web",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/web",
)

MAX_SEATS = 8


@bp.app_context_processor
def _globals() -> dict:
    return {"csrf_token": security.csrf_token}


@bp.errorhandler(HTTPException)
@bp.errorhandler(DomainError)
def _error_page(error: HTTPException | DomainError) -> ResponseReturnValue:
    """Errors on a page get a page (the status and sentence the API would give)."""
    problem = to_problem(error)
    page = render_template(
        "message.html", heading=pgettext("problem title", problem.title or ""), text=problem.detail
    )
    return page, problem.status, problem.headers


def _titles() -> list[dict]:
    return [t.info() for t in registry.all_current()]


def _my_games() -> list[dict]:
    app, seats = games(), []
    for game, held in security.held_seats().items():
        try:
            game_id = uuid.UUID(game)
            if security.seat_holds(app, game_id, held["s"], held["m"]):
                seats.append((game_id, held["s"]))
        except (DomainError, ValueError, KeyError, TypeError):
            continue
    return services().read_side().fresh().my_games(seats) if seats else []


def _max_seats() -> int:
    return min(MAX_SEATS, max(v["max_players"] for t in _titles() for v in t["variants"]))


def _home(
    error: str | None = None, form: dict | None = None, status: int = 200
) -> ResponseReturnValue:
    side = services().read_side()
    page = render_template(
        "home.html",
        titles=_titles(),
        mine=_my_games(),
        error=error,
        form=form,
        max_seats=_max_seats(),
        # a kept branch is an analysis, not a game being played (issue 32): it is listed in
        # "My games" and on its game's Branches page, marked as a branch, never here
        active=[
            g
            for g in list_games(side, status="active", page_size=40)["games"]
            if not g.get("parent")
        ][:20],
        finished=list_games(side, status="finished", page_size=10)["games"],
    )
    return page, status


@bp.get("/")
def home() -> ResponseReturnValue:
    return _home()


def _error_sentence(errors: dict) -> str:
    parts = []
    for field, messages in errors.items():
        text = messages if isinstance(messages, list) else [json.dumps(messages)]
        parts.append(f"{field}: {' '.join(str(m) for m in text)}")
    return "; ".join(parts)


@bp.post("/games")
def create() -> ResponseReturnValue:
    """Create a game from the lobby form, then redirect to its invite links (shown once). A
    refused form comes back with what was typed and the API's sentence."""
    security.check_csrf()
    typed = [n.strip() for n in request.form.getlist("player")][:MAX_SEATS]
    form: dict[str, Any] = {
        "title": request.form.get("title", ""),
        "variant": request.form.get("variant", ""),
        "players": typed,
        "bots": [request.form.get(f"bot{i}", "") for i in range(MAX_SEATS)],
        "clock": request.form.get("clock", ""),
    }
    title, variant = form["title"], form["variant"]
    if ":" in variant:  # the variant list names its title: it decides (works without script)
        title, variant = variant.split(":", 1)
        form["title"] = title
    body: dict[str, Any] = {"title": title, "players": form_seats(typed, request.form)}
    if variant and not request.form.get("quick"):
        body["variant"] = variant
    options = form_options(request.form, title, variant)
    form["options"] = options
    clock = form_clock(request.form.get("clock", ""), request.form.get("on_expiry", ""))
    if clock or options:
        body["options"] = {**options, **({"clock": clock} if clock else {})}
    try:
        body = CreateGameSchema().load(body)
        created = games().create_game(
            body["title"],
            body.get("variant") or registry.current(body["title"]).variants[0].name,
            body["players"],
            body["options"],
        )
    except ValidationError as err:
        return _home(_error_sentence(err.normalized_messages()), form, 422)
    except DomainError as err:
        form["option_error"] = option_error(err.message, options, title, variant)
        return _home(None if form["option_error"] else err.message, form, 422)
    if request.form.get("quick"):  # "against bots": straight to the table, seat 0 held
        security.hold_seat(
            str(created.game.id), 0, security.seat_mark(token_hash(created.tokens[0]))
        )
        return redirect(url_for("web.game", game_id=created.game.id))
    return show_invites(created)


def form_seats(names: list[str], form: Mapping[str, str]) -> list:
    """The lobby's seats: a name, or the bot chosen in ``bot<i>`` ("greedy", "search:1")."""
    seats: list = []
    for i in range(MAX_SEATS):
        name = names[i] if i < len(names) else ""
        bot = (form.get(f"bot{i}") or "").strip()
        if bot:
            kind, _, level = bot.partition(":")
            seat: dict[str, str | int] = {"bot": kind}
            if level.isdigit():
                seat["level"] = int(level)
            if name:
                seat["name"] = name
            seats.append(seat)
        elif name:
            seats.append(name)
    return seats


def form_clock(value: str, on_expiry: str = "") -> dict | None:
    """The lobby's clock choice ("per_move:86400", "correspondence:I:N:C") in API terms, with
    what happens when it runs out (``on_expiry``: "bot", "adjudicate" or "drop"; an unknown
    value is passed on for the API to refuse, naming the option)."""
    kind, *numbers = value.split(":") if value else [""]
    if not all(n.isdigit() for n in numbers):
        return None
    values = [int(n) for n in numbers]
    if kind == "per_move" and len(values) == 1:
        clock: dict = {"type": kind, "seconds": values[0]}
    elif kind == "correspondence" and len(values) == 3:
        clock = {"type": kind, "initial": values[0], "increment": values[1], "cap": values[2]}
    else:
        return None
    if on_expiry:
        clock["on_expiry"] = on_expiry
    return clock


def show_invites(created: Created, parent: dict | None = None) -> ResponseReturnValue:
    """Keep the new seats' invite links for one GET (POST, redirect, GET: a reload never
    creates a second game) and redirect to the page that shows them once."""
    game = created.game
    session["invites"] = {
        "game": str(game.id),
        "parent": parent,
        "seats": [[name, token] for name, token in zip(game.players, created.tokens)],
    }
    return redirect(url_for("web.invites", game_id=game.id), code=303)


@bp.get("/games/<game:game_id>/invites")
def invites(game_id: uuid.UUID) -> ResponseReturnValue:
    """The invite links of a game just created (or forked) here, shown once."""
    held = session.pop("invites", None)
    if not held or held.get("game") != str(game_id):
        return render_template(
            "message.html",
            heading=_("Invite links"),
            text=_("The invite links of a game are shown only once, right after it is created."),
            back=url_for("web.game", game_id=game_id),
        ), 410
    game = games().get_game(game_id)
    links = [
        {
            "seat": seat,
            "name": name,
            "url": url_for(
                "web.join", invite=security.make_invite(game_id, seat, token), _external=True
            ),
        }
        for seat, (name, token) in enumerate(held["seats"])
        if str(seat) not in game.bots
    ]  # a bot seat has no invite
    return render_template(
        "created.html",
        game_id=str(game_id),
        invites=links,
        title_name=game.rules.display_name or game.rules.name,
        parent=held.get("parent"),
    )


def _invite_claims(
    invite: str,
) -> tuple[tuple[Game, int, str], None] | tuple[None, tuple[str, int]]:
    """(game id, seat, mark) of a usable invite link, or an error page."""
    try:
        claims = security.read_invite(invite)
        game_id = uuid.UUID(claims["g"])
        game = games().get_game(game_id)
        holds = security.seat_holds(games(), game_id, claims["s"], claims["m"])
    except security.InviteError as err:
        return None, (render_template("message.html", heading=_("Invite link"), text=str(err)), 400)
    except (DomainError, ValueError, KeyError, TypeError):
        return None, (
            render_template(
                "message.html",
                heading=_("Invite link"),
                text=_("The game of this invite link does not exist."),
            ),
            404,
        )
    if not holds:
        return None, (
            render_template(
                "message.html",
                heading=_("Invite link"),
                text=_("This invite link no longer opens its seat."),
            ),
            403,
        )
    return (game, claims["s"], claims["m"]), None


@bp.get("/join/<invite>")
def join(invite: str) -> ResponseReturnValue:
    """The page of an invite link: it says which seat it opens and asks before it seats this
    browser (a link opened by a preview bot, or planted in a page, seats nobody)."""
    found, error = _invite_claims(invite)
    if error is not None:
        return error
    assert found is not None  # (no error: the claims)
    game, seat, _ = found
    return render_template(
        "join.html",
        invite=invite,
        game_id=str(game.id),
        name=game.players[seat],
        title_name=game.rules.display_name or game.rules.name,
        players=game.players,
    )


@bp.post("/join/<invite>")
def join_confirmed(invite: str) -> ResponseReturnValue:
    security.check_csrf()
    found, error = _invite_claims(invite)
    if error is not None:
        return error
    assert found is not None  # (no error: the claims)
    game, seat, mark = found
    security.hold_seat(str(game.id), seat, mark)
    return redirect(url_for("web.game", game_id=game.id), code=303)


def viewer(game_id: uuid.UUID) -> int | None:
    """The seat this browser holds in the game (None: a spectator)."""
    held = security.held_seats().get(str(game_id))
    if not held:
        return None
    try:
        return held["s"] if security.seat_holds(games(), game_id, held["s"], held["m"]) else None
    except (KeyError, TypeError):
        return None


def other_seats(game_id: uuid.UUID, playing: int | None) -> list[int]:
    """The other seats of the game this browser holds and may still open (switch to them
    without a new invite link)."""
    out = []
    for seat, mark in sorted(security.seats_of_game(str(game_id)).items()):
        if seat != playing and security.seat_holds(games(), game_id, seat, mark):
            out.append(seat)
    return out


@bp.post("/games/<game:game_id>/seat")
def switch_seat(game_id: uuid.UUID) -> ResponseReturnValue:
    """Play another seat of this game that this browser holds ("switch to Bob")."""
    security.check_csrf()
    seat = request.form.get("seat", type=int)
    if seat is None or seat not in other_seats(game_id, viewer(game_id)):
        return render_game(
            game_id, "This browser holds no other seat of this game to switch to.", 403
        )
    security.switch_seat(str(game_id), seat)
    return after_post(game_id)


def _placed(context: dict, tried: str | None, where: str) -> bool:
    """Whether the refused move is still drawn where it was clicked (its sentence then goes
    right beside it; else at the top of the page)."""
    if not tried:
        return False
    if where == "list":
        return any(m["json"] == tried for g in context["moves"] for m in g["moves"])
    if where == "walk":
        return any(m["json"] == tried for m in (context["walk"] or {}).get("buttons", []))
    if where.startswith("board:"):
        return any(m["json"] == tried for m in context["on_board"].get(where[6:], []))
    return False


def stream_base() -> str:
    """Where pages open the event stream: the stream process (``CHRONICLE_STREAM_URL``), or
    this server (the threaded stream of ``stream_api.py``) when none is configured."""
    return current_app.config.get("CHRONICLE_STREAM_URL", "")


def render_game(
    game_id: uuid.UUID,
    error: str | None = None,
    status: int = 200,
    tried: str | None = None,
    where: str = "",
) -> ResponseReturnValue:
    version = request.args.get("version", type=int)
    try:
        context = page_context(games(), game_id, viewer(game_id), version)
    except DomainError as err:
        if err.code in ("game_not_found", "version_not_found"):
            abort(404, description=err.message)
        raise
    held = session.pop("refused", None)  # a refused no-JavaScript move, shown once (see play)
    if not error and isinstance(held, dict) and held.get("g") == str(game_id):
        error, tried, where = held.get("text"), held.get("tried"), held.get("where", "list")
    placed = bool(error) and _placed(context, tried, where)
    switch = other_seats(game_id, context["viewer"])
    template = "game_main.html" if request.headers.get("HX-Request") else "game.html"
    return render_template(
        template,
        error=error,
        tried=tried if placed else None,
        tried_where=where if placed else None,
        error_placed=placed,
        notices=get_flashed_messages(),
        stream_base=stream_base(),
        other_seats=switch,
        play_url=url_for("web.play", game_id=game_id),
        csrf=security.csrf_token(),
        **context,
    ), status


@bp.get("/games/<game:game_id>")
def game(game_id: uuid.UUID) -> ResponseReturnValue:
    return render_game(game_id)


def _why_answer(game_id: uuid.UUID, text: str, status: int) -> ResponseReturnValue:
    """The why-not sentence: a fragment for htmx (it goes beside the clicked place), else a
    small page with a link back to the game."""
    if request.headers.get("HX-Request"):
        return render_template("_why_said.html", text=text, status=status), status
    back = url_for("web.game", game_id=game_id)
    return render_template("message.html", heading=_("Why not?"), text=text, back=back), status


@bp.get("/games/<game:game_id>/why")
def why(game_id: uuid.UUID) -> ResponseReturnValue:
    """Why the seat this browser holds has no move on a place of the board (``?target=``, the
    key the board draws its moves by): the rule's sentence (``Title.why_not``). A GET: it
    changes nothing (issue 24, "Bad input")."""
    target = request.args.get("target", "")
    app = games()
    try:
        current = app.get_game(game_id)
    except DomainError as err:
        if err.code == "game_not_found":
            abort(404, description=err.message)
        raise
    seat = viewer(game_id)
    if seat is None:
        text = "Only a player of this game can ask why: open your invite link first."
        return _why_answer(game_id, text, 403)
    if split_target(target) is None:
        return _why_answer(game_id, "That is not a place on the board of this game.", 400)
    _, legal = app.legal_moves(game_id, seat)
    if any(move_target(m) == target for m in legal):
        return _why_answer(game_id, "You can act here now: the moves are listed beside it.", 200)
    why_not = current.rules.why_not(current.state, seat, target)
    if why_not is None:
        return _why_answer(game_id, "Nothing of that name is on the board of this game.", 404)
    return _why_answer(game_id, why_not, 200)


def after_post(game_id: uuid.UUID) -> ResponseReturnValue:
    """The answer to a POST that worked: with htmx the page itself, else a redirect to it
    (a reload never repeats the POST)."""
    if request.headers.get("HX-Request"):
        return render_game(game_id)
    return redirect(url_for("web.game", game_id=game_id), code=303)


@bp.post("/games/<game:game_id>/moves")
def play(game_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    seat = viewer(game_id)
    tried, where = request.form.get("move", ""), request.form.get("where", "list")
    if seat is None:
        return render_game(
            game_id,
            "Only a player of this game can move: open your invite link first.",
            403,
            tried,
            where,
        )
    try:
        move = strict_json(tried)  # a lone surrogate or NUL: unreadable, never a 500
        if not isinstance(move, dict):
            raise ValueError
    except ValueError:
        return render_game(game_id, "That move could not be read.", 400)
    try:
        games().play(game_id, seat, move)
    except DomainError as err:
        return refused(game_id, err.message, tried, where)
    return after_post(game_id)


def refused(game_id: uuid.UUID, text: str, tried: str, where: str) -> ResponseReturnValue:
    """A refused move: with htmx, the page with the sentence beside the control (422); without
    JavaScript, a redirect to the game page that shows the sentence once (issue 32: the
    browser never stays on ``…/moves``, so a reload does not post the move again)."""
    if request.headers.get("HX-Request"):
        return render_game(game_id, text, 422, tried, where)
    session["refused"] = {"g": str(game_id), "text": text, "tried": tried[:2000], "where": where}
    return redirect(url_for("web.game", game_id=game_id), code=303)
