"""``/api/v1/games/{id}/chat``: the table's chat (issue 34; the rules of who may read and write
which room are in :mod:`domain.chat.model`).

* ``GET …/chat?after=N``: the messages after chat version N the caller may read (a seat token
  gives that seat's view: its mutes applied, the spectators' room only once the game is over);
* ``POST …/chat`` ``{"room", "text"}``: a seat writes with its token; a spectator writes in the
  spectators' room when signed in to an account;
* ``PUT``/``DELETE …/chat/mutes/{seat}``: the token's seat stops/resumes reading ``seat``;
* ``POST …/chat/{message}/reports`` ``{"reason"}``: tell the moderators.

A message never changes the game's version (the chat is a stream of its own), so it never makes
a move's ``If-Match`` stale. Refusals are problems with stable codes (``chat_too_long``,
``chat_control_characters``, ``chat_seats_only``, ``chat_muted``, ``chat_seat_dropped``, …);
nothing is stored then. Chat posts are rate limited per address and per seat (the ``chat``
action of ``CHRONICLE_RATE_LIMITS``).
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from flask.views import MethodView
from marshmallow import fields, validate

from domain.chat.app import Chats
from domain.chat.errors import ChatForbidden
from domain.chat.model import ROOMS, Sender
from domain.common.i18n import gettext

from .auth import require_seat, viewer_seat
from .blueprints.base import OPTIONAL_SEAT_TOKEN, SEAT_TOKEN, ApiBlueprint
from .context import games
from .problems import Problem
from .schemas.common import RequestSchema, ResponseSchema

if TYPE_CHECKING:
    from .api import ChronicleApi
    from .bootstrap import Services

blueprint = ApiBlueprint(
    "chat",
    __name__,
    url_prefix="/api/v1/games",
    description="The table's chat: the players' room and the spectators' room.",
)


class AfterSchema(RequestSchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, 10**9),
        metadata={"description": "Chat version already read (0: from the start)."},
    )


class PostSchema(RequestSchema):
    room = fields.String(
        load_default="seats",
        validate=validate.OneOf(ROOMS),
        metadata={"description": "'seats' (the players') or 'spectators'."},
    )
    text = fields.String(
        required=True, metadata={"description": "At most 500 characters, no control characters."}
    )


class ReportSchema(RequestSchema):
    reason = fields.String(load_default="", validate=validate.Length(0, 200))


class MessageSchema(ResponseSchema):
    id = fields.Integer(metadata={"description": "The message's version in the chat."})
    room = fields.String()
    seat = fields.Integer(allow_none=True)
    name = fields.String()
    text = fields.String(metadata={"description": "As typed: escape it before showing it."})
    at = fields.String()


class ChatMessagesSchema(ResponseSchema):
    version = fields.Integer(metadata={"description": "The chat's version (not the game's)."})
    messages = fields.List(fields.Nested(MessageSchema))
    hidden = fields.List(
        fields.Integer(), metadata={"description": "Messages hidden since 'after'."}
    )


class MutesSchema(ResponseSchema):
    seat = fields.Integer()
    muted = fields.List(fields.Integer())


class ReportedSchema(ResponseSchema):
    report = fields.Integer()


def chats() -> Chats:
    return Chats(games())


def account_sender() -> Sender | None:
    """The signed-in account as a spectator (None: a guest, or no accounts here)."""
    try:
        from .accounts.sessions import current_account
    except ImportError:  # pragma: no cover - accounts not installed
        return None
    try:
        account = current_account()
    except Exception:  # no accounts' side in this app
        return None
    if account is None or account.deleted:
        return None
    return Sender(None, str(account.id), account.shown_name)


def guard(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a chat decision; a forbidden sender is a 403 with the decision's code."""
    try:
        return fn(*args, **kwargs)
    except ChatForbidden as err:
        raise Problem(403, err.code, err.message, params=err.params) from None


@blueprint.route("/<game:game_id>/chat")
class ChatMessages(MethodView):
    @blueprint.query(AfterSchema)
    @blueprint.response(200, ChatMessagesSchema)
    @blueprint.problems(400, 401, 403, 404, 503)
    @blueprint.doc(security=OPTIONAL_SEAT_TOKEN)
    def get(self, query: dict, game_id: uuid.UUID) -> Any:
        """The chat after version ``after`` as the caller may read it."""
        viewer = viewer_seat(game_id, required=False)
        return chats().since(game_id, viewer, query["after"])

    @blueprint.arguments(PostSchema, example={"room": "seats", "text": "Good luck, all!"})
    @blueprint.response(201, MessageSchema)
    @blueprint.problems(400, 401, 403, 404, 413, 422, 429, 503)
    @blueprint.doc(security=OPTIONAL_SEAT_TOKEN)
    def post(self, body: dict, game_id: uuid.UUID) -> Any:
        """Write in the players' chat (a seat's token) or the spectators' (signed in)."""
        seat = viewer_seat(game_id, required=False)
        if seat is not None:
            sender = Sender(seat, None, games().get_game(game_id).players[seat])
        else:
            sender = account_sender() or Sender(None, None, "")
        return guard(chats().post, game_id, sender, body["room"], body["text"])


@blueprint.route("/<game:game_id>/chat/mutes/<int:muted>")
class ChatMute(MethodView):
    @blueprint.response(200, MutesSchema)
    @blueprint.problems(401, 403, 404, 422, 503)
    @blueprint.doc(security=SEAT_TOKEN)
    def put(self, game_id: uuid.UUID, muted: int) -> Any:
        """Stop reading ``muted``'s messages (for the token's seat only)."""
        seat = require_seat(game_id)
        app = chats()
        guard(app.mute, game_id, seat, muted, True)
        return {"seat": seat, "muted": app.mutes(game_id, seat)}

    @blueprint.response(200, MutesSchema)
    @blueprint.problems(401, 403, 404, 422, 503)
    @blueprint.doc(security=SEAT_TOKEN)
    def delete(self, game_id: uuid.UUID, muted: int) -> Any:
        """Read ``muted``'s messages again."""
        seat = require_seat(game_id)
        app = chats()
        guard(app.mute, game_id, seat, muted, False)
        return {"seat": seat, "muted": app.mutes(game_id, seat)}


@blueprint.route("/<game:game_id>/chat/<int:message>/reports")
class ChatReports(MethodView):
    @blueprint.arguments(ReportSchema)
    @blueprint.response(201, ReportedSchema)
    @blueprint.problems(401, 403, 404, 422, 503)
    @blueprint.doc(security=OPTIONAL_SEAT_TOKEN)
    def post(self, body: dict, game_id: uuid.UUID, message: int) -> Any:
        """Report a message to the moderators (a seat, or a signed-in spectator)."""
        seat = viewer_seat(game_id, required=False)
        account = None
        if seat is None:
            sender = account_sender()
            if sender is None:
                raise Problem(
                    401, "chat_sign_in", gettext("Sign in (or use a seat's token) to report.")
                )
            account = sender.account
        version = chats().report(game_id, message, seat, account, body["reason"])
        return {"report": version}


def register(api: ChronicleApi, services: Services | None = None, **_: object) -> None:
    """Wire the chat into the app factory: the API, the page panel and the CLI."""
    from . import chat_pages

    api.register_blueprint(blueprint)
    chat_pages.register(api._app)
