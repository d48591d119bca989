"""``/api/v1/games/{id}/seats/{seat}/notifications``: a seat subscribes to its notices.

``PUT`` (that seat's token) replaces the seat's subscriptions with the body's:

* ``webhook_url`` (+ optional ``webhook_secret``, ``whsec_…``): signed webhooks (Standard
  Webhooks v1). Without a secret one is drawn, or the current one kept when the URL is
  unchanged; the answer to the ``PUT`` is the only place the secret is shown.
* ``email``: plain-text emails.
* ``chat_url`` (+ ``chat_format``: ``discord``, ``slack`` or ``json``; guessed from the host):
  a chat channel hook, which only ever gets the public view of the game.

Notices: "your turn" (the seat is newly waited for), "undo requested" (an undo waits for the
seat's answer) and "game over". ``GET`` shows the subscriptions (no secret); ``DELETE`` removes
them all. Subscriptions are events in the store (``projections.subscriptions``); seat tokens are
never stored with them.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from flask.views import MethodView
from marshmallow import fields, validate

from domain.common.i18n import LANGUAGES, gettext
from projections import subscriptions
from projections.subscriptions import InvalidSubscription
from workers import netguard

from .auth import require_seat
from .blueprints.base import SEAT_TOKEN, ApiBlueprint
from .context import games, services
from .problems import Problem, forbidden, invalid_request
from .schemas.common import RequestSchema, ResponseSchema

if TYPE_CHECKING:
    from .api import ChronicleApi
    from .bootstrap import Services

blueprint = ApiBlueprint(
    "notifications",
    __name__,
    url_prefix="/api/v1/games",
    description="Subscribe a seat to 'your turn', 'undo requested' and "
    "'game over' notices (signed webhooks, email, chat).",
)


class SubscriptionSchema(RequestSchema):
    webhook_url = fields.String(
        allow_none=True,
        validate=validate.Length(1, 2048),
        metadata={
            "description": "http(s) URL that receives signed webhooks (Standard Webhooks v1).",
            "example": "https://bot.example.com/chronicle",
        },
    )
    webhook_secret = fields.String(
        allow_none=True,
        validate=validate.Length(30, 120),
        metadata={
            "description": "Signing secret 'whsec_<base64 of 24-64 bytes>'; drawn if absent."
        },
    )
    email = fields.String(
        allow_none=True, validate=validate.Length(3, 254), metadata={"example": "ann@example.com"}
    )
    chat_url = fields.String(
        allow_none=True,
        validate=validate.Length(1, 2048),
        metadata={"description": "Discord/Slack incoming-webhook URL: public view only."},
    )
    chat_format = fields.String(
        allow_none=True, validate=validate.OneOf(subscriptions.CHAT_FORMATS)
    )
    lang = fields.String(
        allow_none=True,
        validate=validate.OneOf(LANGUAGES),
        metadata={"description": "The language the notices are written in (default English)."},
    )
    kinds = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        allow_none=True,
        metadata={
            "description": "Which notices each channel gets (turn, reminder, undo, chat, "
            "over); left out: every one but chat messages.",
            "example": {"email": ["over"], "push": ["turn", "chat"]},
        },
    )


class WebhookViewSchema(ResponseSchema):
    url = fields.String()
    secret = fields.String(metadata={"description": "Only in the answer to PUT."})


class ChatViewSchema(ResponseSchema):
    url = fields.String()
    format = fields.String()


class SubscriptionViewSchema(ResponseSchema):
    game = fields.String()
    seat = fields.Integer()
    webhook = fields.Nested(WebhookViewSchema, allow_none=True)
    email = fields.String(allow_none=True)
    chat = fields.Nested(ChatViewSchema, allow_none=True)
    lang = fields.String(allow_none=True)
    kinds = fields.Dict(allow_none=True)
    push = fields.Integer(metadata={"description": "browsers subscribed to push"})
    version = fields.Integer(
        allow_none=True, metadata={"description": "Version of the seat's subscriptions."}
    )


def _check_seat(game_id: uuid.UUID, seat: int) -> None:
    """The token must act for ``seat`` of ``game_id`` (404 / 401 / 403 otherwise)."""
    acting = require_seat(game_id)
    players = games().get_game(game_id).players
    if not 0 <= seat < len(players):
        raise Problem(
            404,
            "seat_not_found",
            gettext("Game {game} has no seat {seat}.").format(game=game_id, seat=seat),
            params={"game": str(game_id), "seat": seat},
        )
    if acting != seat:
        raise forbidden(
            gettext("This token acts for seat {acting}, not seat {seat}.").format(
                acting=acting, seat=seat
            ),
            seat=acting,
        )


def _check_hook(field: str, url: str) -> None:
    """Refuse a hook URL that is not https or reaches a non-public address (422)."""
    try:
        netguard.check_hook(url, services().settings.webhook_allow)
    except netguard.UnsafeUrl as err:
        raise Problem(422, err.code, err.message, params={"field": field}) from None


def view(game_id: uuid.UUID, seat: int, sub: dict | None, *, show_secret: bool) -> dict:
    sub = sub or {}
    webhook = sub.get("webhook")
    if webhook and not show_secret:
        webhook = {"url": webhook["url"]}
    return {
        "game": str(game_id),
        "seat": seat,
        "webhook": webhook,
        "email": sub.get("email"),
        "chat": sub.get("chat"),
        "lang": sub.get("lang"),
        "kinds": sub.get("kinds"),
        "push": len(sub.get("push") or []),
        "version": sub.get("version"),
    }


@blueprint.route("/<game:game_id>/seats/<int:seat>/notifications")
class SeatNotifications(MethodView):
    @blueprint.arguments(
        SubscriptionSchema, example={"webhook_url": "https://bot.example.com/chronicle"}
    )
    @blueprint.response(200, SubscriptionViewSchema)
    @blueprint.problems(400, 401, 403, 404, 413, 422, 503)
    @blueprint.doc(security=SEAT_TOKEN)
    def put(self, body: dict, game_id: uuid.UUID, seat: int) -> Any:
        """Replace the seat's subscriptions (fields left out are switched off)."""
        _check_seat(game_id, seat)
        app = games()
        previous = subscriptions.current(app, game_id).get(seat)
        try:
            wanted = subscriptions.build(
                previous,
                webhook_url=body.get("webhook_url"),
                webhook_secret=body.get("webhook_secret"),
                email=body.get("email"),
                chat_url=body.get("chat_url"),
                chat_format_name=body.get("chat_format"),
                lang=body.get("lang"),
                kinds=body.get("kinds"),
            )
        except InvalidSubscription as err:
            raise invalid_request({err.field: [err.message]}) from None
        for field in ("webhook_url", "chat_url"):
            if body.get(field):
                _check_hook(field, body[field])
        stored = subscriptions.save(app, game_id, seat, wanted)
        return view(game_id, seat, stored, show_secret=True)

    @blueprint.response(200, SubscriptionViewSchema)
    @blueprint.problems(401, 403, 404, 503)
    @blueprint.doc(security=SEAT_TOKEN)
    def get(self, game_id: uuid.UUID, seat: int) -> Any:
        """The seat's subscriptions (the webhook secret is not shown)."""
        _check_seat(game_id, seat)
        sub = subscriptions.current(games(), game_id).get(seat)
        return view(game_id, seat, sub, show_secret=False)

    @blueprint.response(204)
    @blueprint.problems(401, 403, 404, 503)
    @blueprint.doc(security=SEAT_TOKEN)
    def delete(self, game_id: uuid.UUID, seat: int) -> Any:
        """Switch every notice of the seat off."""
        _check_seat(game_id, seat)
        app = games()
        if subscriptions.current(app, game_id).get(seat):
            subscriptions.save(app, game_id, seat, subscriptions.build(None))
        return None


def register(api: ChronicleApi, services: Services | None = None, **_: object) -> None:
    """Wire the blueprint into the app factory: ``register(api, services)``."""
    api.register_blueprint(blueprint)
