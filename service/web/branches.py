"""Rewinding and branching from the game page: forks ("what if"), undo with consent, and
branches' score sheets side by side. Each action is one application call, as in the API."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from flask import abort, flash, render_template, request, url_for
from flask.typing import ResponseReturnValue

from domain.common.errors import DomainError
from domain.common.i18n import gettext as _
from domain.common.visibility import redact
from domain.platform.game import is_over
from domain.platform.tokens import token_hash

from ..context import games, services
from . import security
from .board import sheet_rows
from .pages import after_post, bp, render_game, show_invites, viewer

if TYPE_CHECKING:
    from domain.platform.application import Games

MAX_COMPARED = 6


def _version_field() -> int | None:
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return None


@bp.post("/games/<game:game_id>/forks")
def fork(game_id: uuid.UUID) -> ResponseReturnValue:
    """A new game whose history is this one's up to the chosen move boundary. A browser that
    holds a seat branches from that seat ("what if, from my seat": what it could not see is
    drawn anew); a spectator's branch is public, which the application refuses while the game
    hides something (``fork_reveals_hidden``)."""
    security.check_csrf()
    version = _version_field()
    if version is None:
        return render_game(game_id, "Choose the version to branch from.", 400)
    seat = viewer(game_id) if request.form.get("seat") else None
    try:
        created = games().fork(game_id, version, seat=seat)
    except DomainError as err:
        return render_game(game_id, err.message, 422)
    parent = {"game": str(game_id), "version": version}
    if seat is not None:
        parent["seat"] = seat
    return show_invites(created, parent=parent)


@bp.post("/games/<game:game_id>/undo")
def ask_undo(game_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    seat, version = viewer(game_id), _version_field()
    if seat is None:
        return render_game(game_id, "Only a player of this game can ask for an undo.", 403)
    if version is None:
        return render_game(game_id, "Choose the version to go back to.", 400)
    app = games()
    before = app.get_game(game_id).version
    try:
        app.request_undo(game_id, seat, version)
    except DomainError as err:
        return render_game(game_id, err.message, 422)
    if app.summary(app.get_game(game_id)).get("undo_request"):
        flash(
            f"You asked to take the game back to version {version}; the other players "
            "answer on their page."
        )
    elif app.get_game(game_id).version > before:
        flash(f"The game was taken back to version {version} (nobody else had to agree).")
    return after_post(game_id)


@bp.post("/games/<game:game_id>/undo/answer")
def answer_undo(game_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    seat = viewer(game_id)
    if seat is None:
        return render_game(game_id, "Only a player of this game can answer an undo request.", 403)
    try:
        request_id = int(request.form.get("request_id", ""))
        games().answer_undo(game_id, seat, request_id, request.form.get("answer") == "accept")
    except ValueError:
        return render_game(game_id, "That undo request could not be read.", 400)
    except DomainError as err:
        return render_game(game_id, err.message, 422)
    return after_post(game_id)


def _lineage(app: Games, game_id: uuid.UUID) -> list[dict]:
    """The game and its ancestors (a fork's parent, that one's parent, …), newest first."""
    out: list[dict] = []
    seen: set[uuid.UUID] = set()
    current: uuid.UUID | None = game_id
    while current is not None and current not in seen and len(out) < 20:
        seen.add(current)
        game = app.get_game(current)
        out.append({"id": str(current), "parent": game.parent})
        current = uuid.UUID(game.parent["game"]) if game.parent else None
    return out


@bp.get("/compare")
def compare() -> ResponseReturnValue:
    """Several branches side by side (``?g=<id>&g=<id>``; with one id, the game beside its
    parent): each one's board and score sheet drawn from the seat this browser holds in it
    (the public view where it holds none), what differs between the boards marked."""
    app = games()
    try:
        ids = [uuid.UUID(g) for g in request.args.getlist("g")][:MAX_COMPARED]
    except ValueError:
        abort(404, description=_("One of the games to compare is not a game id."))
    if len(ids) == 1:
        parent = app.get_game(ids[0]).parent
        ids += [uuid.UUID(parent["game"])] if parent else []
    branches = []
    try:
        for game_id in ids:
            game = app.get_game(game_id)
            seat = viewer(game_id)  # the seat this browser holds in that game, if any
            finished = is_over(game)
            branches.append(
                {
                    "id": str(game_id),
                    "summary": app.summary(game),
                    "sheet": (sheet := redact(game.rules.score_sheet(game.state), seat, finished)),
                    "sheet_rows": sheet_rows(sheet),
                    "lineage": _lineage(app, game_id),
                    # issue 32: each board drawn from the viewer's seat in that game (as
                    # anyone may see it where the browser holds none): never another seat's
                    # hidden cards
                    "board": (board := game.rules.view(game.state, seat, finished)),
                    "panels": game.rules.page(board, seat) or {},
                    "viewer": seat,
                    "title": game.rules.name,
                    "players": list(game.players),
                    "finished": finished,
                }
            )
    except DomainError as err:
        abort(404, description=err.message)
    return render_template("compare.html", branches=branches)


@bp.get("/games/<game:game_id>/branches")
def branches(game_id: uuid.UUID) -> ResponseReturnValue:
    """The tree of branches this game belongs to, from its original game down, with boxes to
    compare any of them side by side."""
    app = games()
    try:
        lineage = _lineage(app, game_id)
    except DomainError as err:
        abort(404, description=err.message)
    tree = services().read_side().fresh().fork_tree(lineage[-1]["id"])
    return render_template("branches.html", game_id=str(game_id), tree=tree)


@bp.get("/games/<game:game_id>/invite")
def confirm_invite(game_id: uuid.UUID) -> ResponseReturnValue:
    """Ask before replacing this seat's invite link (the old one stops working)."""
    seat = viewer(game_id)
    if seat is None:
        return render_template(
            "message.html",
            heading=_("New invite link"),
            text=_(
                "Only a player of this game can renew their invite: open your invite link first."
            ),
            back=url_for("web.game", game_id=game_id),
        ), 403
    return render_template(
        "confirm_invite.html", game_id=str(game_id), player=games().get_game(game_id).players[seat]
    )


@bp.post("/games/<game:game_id>/invite")
def new_invite(game_id: uuid.UUID) -> ResponseReturnValue:
    """Replace this seat's token: the old invite link stops working, a new one is shown once
    (a link sent to the wrong person, or a move to another device)."""
    security.check_csrf()
    seat = viewer(game_id)
    if seat is None:
        return render_game(game_id, "Only a player of this game can renew their invite.", 403)
    token = games().replace_seat_token(game_id, seat)
    security.hold_seat(str(game_id), seat, security.seat_mark(token_hash(token)))
    link = url_for("web.join", invite=security.make_invite(game_id, seat, token), _external=True)
    return render_template(
        "message.html",
        heading=_("Your new invite link"),
        text="Your old invite link no longer works. Open this one on "
        "another device to play from there (shown only now):",
        link=link,
        back=url_for("web.game", game_id=game_id),
    )
