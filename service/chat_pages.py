"""The chat beside the log on the game page (``templates/chat_panel.html``, ``static/chat.js``).

The panel is drawn by the server (``chat_panel(game_id, viewer)``, a template global, so the
game page needs only the include line), its text escaped by Jinja; ``chat.js`` adds new
messages live from the game's event stream with ``?chat=N`` (a seat's browser gets a stream
ticket from ``…/chat/ticket`` so it reads the chat as its seat does). Forms work without
script too (a POST, then a redirect back to the page).
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import (
    Blueprint,
    Response,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from itsdangerous import URLSafeTimedSerializer

from domain.chat.app import Chats, table_of
from domain.chat.app import view as chat_view
from domain.chat.errors import ChatForbidden
from domain.chat.model import MAX_CHARS, Sender, may_read
from domain.common.errors import DomainError
from domain.platform.game import is_over

from .chat_api import account_sender
from .context import games, secret_key
from .web import security

bp = Blueprint("chat_web", __name__, template_folder="web/templates")


def _viewer(game_id: uuid.UUID) -> int | None:
    from .web.pages import viewer

    return viewer(game_id)


def chat_panel(game_id: Any, viewer: int | None) -> dict:
    """What the panel shows to ``viewer``: the messages it may read, who it muted, where it
    may write."""
    game_id = uuid.UUID(str(game_id))
    app = games()
    game = app.get_game(game_id)
    table = table_of(game)
    chats = Chats(app)
    chat = chats.chat(game_id)
    finished = is_over(game)
    data = chat_view(chat, viewer, finished, 0)
    account = account_sender() if viewer is None else None
    rooms = []
    if viewer is not None and viewer not in table.dropped:
        rooms.append("seats")
        if finished:
            rooms.append("spectators")
    elif viewer is None and account is not None:
        rooms.append("spectators")
    moderator = account is not None and account.name in chats.moderators()
    return {
        "version": data["version"],
        "messages": data["messages"],
        "rooms": rooms,
        "spectators_shown": may_read("spectators", viewer, finished),
        "muted": sorted(chat.mutes.get(viewer, set())) if viewer is not None else [],
        "others": [s for s in range(len(table.players)) if s != viewer and s not in table.bots],
        "players": table.players,
        "max_chars": MAX_CHARS,
        "moderator": moderator,
        "viewer": viewer,
        "signed_in": account is not None,
    }


def _answer(game_id: uuid.UUID, error: str | None = None, status: int = 200) -> ResponseReturnValue:
    if request.headers.get("HX-Request"):
        viewer = _viewer(game_id)
        html = render_template("chat_panel.html", game_id=game_id, viewer=viewer, chat_error=error)
        return html, status
    if error:
        back = url_for("web.game", game_id=game_id)
        return render_template("message.html", heading="Chat", text=error, back=back), status
    return redirect(url_for("web.game", game_id=game_id) + "#chat", code=303)


@bp.post("/games/<game:game_id>/chat")
def chat_post(game_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    viewer = _viewer(game_id)
    app = games()
    if viewer is not None:
        sender = Sender(viewer, None, app.get_game(game_id).players[viewer])
    else:
        sender = account_sender() or Sender(None, None, "")
    try:
        Chats(app).post(
            game_id, sender, request.form.get("room", "seats"), request.form.get("text")
        )
    except ChatForbidden as err:
        return _answer(game_id, err.message, 403)
    except DomainError as err:
        if err.code == "game_not_found":
            raise
        return _answer(game_id, err.message, 422)
    return _answer(game_id)


@bp.post("/games/<game:game_id>/chat/mutes")
def chat_mute(game_id: uuid.UUID) -> ResponseReturnValue:
    security.check_csrf()
    viewer = _viewer(game_id)
    muted = request.form.get("seat", type=int)
    if viewer is None or muted is None:
        return _answer(game_id, "Only a player of this game can mute another player.", 403)
    try:
        Chats(games()).mute(game_id, viewer, muted, request.form.get("on") != "no")
    except DomainError as err:
        return _answer(game_id, err.message, 422)
    return _answer(game_id)


@bp.post("/games/<game:game_id>/chat/<int:message>/report")
def chat_report(game_id: uuid.UUID, message: int) -> ResponseReturnValue:
    security.check_csrf()
    viewer = _viewer(game_id)
    account = account_sender()
    if viewer is None and account is None:
        return _answer(game_id, "Sign in to report a message.", 403)
    try:
        Chats(games()).report(
            game_id, message, viewer, account.account if account else None, "from the page"
        )
    except DomainError as err:
        return _answer(game_id, err.message, 404)
    return _answer(game_id)


@bp.post("/games/<game:game_id>/chat/<int:message>/hide")
def chat_hide(game_id: uuid.UUID, message: int) -> ResponseReturnValue:
    security.check_csrf()
    account = account_sender()
    try:
        Chats(games()).hide(game_id, message, account.name if account else "", "from the page")
    except DomainError as err:
        return _answer(game_id, err.message, 403)
    return _answer(game_id)


@bp.get("/games/<game:game_id>/chat/ticket")
def chat_ticket(game_id: uuid.UUID) -> Response:
    """A stream ticket for this browser's seat (``{}`` for a spectator: the public stream)."""
    viewer = _viewer(game_id)
    if viewer is None:
        return jsonify({})
    serializer = URLSafeTimedSerializer(secret_key(), salt="chronicle-stream-ticket")
    response = jsonify({"ticket": serializer.dumps({"g": str(game_id), "s": viewer})})
    response.headers["Cache-Control"] = "no-store"
    return response


def register(app: Any) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["chat_panel"] = chat_panel
