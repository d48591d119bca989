"""Push notices and notice settings (issue 34): the API, the account's settings page, the web app
manifest and the service worker.

API:

* ``GET /api/v1/push/key``: the VAPID public key browsers subscribe with;
* ``POST``/``DELETE /api/v1/games/{id}/seats/{seat}/push`` (that seat's token): subscribe a
  browser to push for this game (a guest seat), or unsubscribe it;
* ``GET``/``PUT /api/v1/account/notices`` and ``POST /api/v1/account/push`` (signed in): the
  account's notices, which notice goes by push, email or webhook, for every seat it holds
  (a game where the seat has notices of its own overrides them).

A push endpoint must be https and reach a public address (the webhooks' SSRF guard,
``workers/netguard.py``; ``CHRONICLE_WEBHOOK_ALLOW`` allows others, as for webhooks). The VAPID
key is created in the data directory when the app starts, like the deployment's other keys.
"""

from __future__ import annotations

import os
import uuid
from typing import Any

from flask import Blueprint, jsonify, render_template, request, send_from_directory
from flask.typing import ResponseReturnValue
from flask.views import MethodView
from marshmallow import fields, validate

from domain.common.i18n import gettext
from projections import subscriptions
from projections.subscriptions import KINDS, InvalidSubscription
from workers import netguard, push

from . import keys
from .auth import require_seat
from .blueprints.base import SEAT_TOKEN, ApiBlueprint
from .context import games, services
from .problems import Problem, invalid_request
from .schemas.common import RequestSchema, ResponseSchema

api = ApiBlueprint(
    "push",
    __name__,
    url_prefix="/api/v1",
    description="Push notices (Web Push) and an account's notice settings.",
)
pages = Blueprint("push_web", __name__)
STATIC = os.path.join(os.path.dirname(__file__), "web", "static")
#: the channels an account chooses among (chat hooks are per game)
ACCOUNT_CHANNELS = ("push", "email", "webhook")


class KeysSchema(RequestSchema):
    p256dh = fields.String(required=True, validate=validate.Length(1, 200))
    auth = fields.String(required=True, validate=validate.Length(1, 100))


class PushSubscriptionSchema(RequestSchema):
    endpoint = fields.String(required=True, validate=validate.Length(1, 2048))
    keys = fields.Nested(KeysSchema, required=True)
    expirationTime = fields.Raw(allow_none=True)


class EndpointSchema(RequestSchema):
    endpoint = fields.String(required=True, validate=validate.Length(1, 2048))


class KindsField(fields.Dict):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            keys=fields.String(),
            values=fields.List(fields.String(validate=validate.OneOf(list(KINDS)))),
            metadata={
                "description": "channel -> notices: turn, reminder, undo, chat, over",
                "example": {"push": ["turn", "undo", "chat"], "email": ["over"]},
            },
            **kwargs,
        )


class AccountNoticesSchema(RequestSchema):
    kinds = KindsField(allow_none=True)
    webhook_url = fields.String(allow_none=True, validate=validate.Length(1, 2048))
    email = fields.Boolean(load_default=False)


class AccountNoticesViewSchema(ResponseSchema):
    kinds = fields.Dict()
    webhook_url = fields.String(allow_none=True)
    email = fields.Boolean()
    browsers = fields.Integer()
    version = fields.Integer()


class KeyViewSchema(ResponseSchema):
    public_key = fields.String(metadata={"description": "applicationServerKey (base64url)"})


class SubscribedSchema(ResponseSchema):
    browsers = fields.Integer(metadata={"description": "browsers subscribed now"})


def public_key() -> str:
    settings = services().settings
    return push.public_key(keys.vapid_key(settings.data_dir, _given_file()))


def _given_file() -> str | None:
    return (os.environ.get("CHRONICLE_VAPID_KEY_FILE") or "").strip() or None


def checked(body: dict) -> dict:
    """A browser's push subscription, refused (422) if its endpoint is unsafe."""
    try:
        found = subscriptions.check_push(body)
    except InvalidSubscription as err:
        raise invalid_request({err.field: [err.message]}) from None
    try:
        netguard.check_hook(found["endpoint"], services().settings.webhook_allow)
    except netguard.UnsafeUrl as err:
        raise Problem(422, err.code, err.message, params={"field": "endpoint"}) from None
    return found


def _seat(game_id: uuid.UUID, seat: int) -> None:
    acting = require_seat(game_id)
    if acting != seat:
        raise Problem(
            403,
            "forbidden",
            gettext("This token acts for seat {acting}, not seat {seat}.").format(
                acting=acting, seat=seat
            ),
            params={},
        )


def account_id() -> str | None:
    try:
        from .accounts.sessions import current_account

        account = current_account()
    except Exception:  # no accounts here
        return None
    return str(account.id) if account is not None and not account.deleted else None


def _require_account() -> str:
    found = account_id()
    if found is None:
        raise Problem(
            401, "sign_in_required", gettext("Sign in to an account to choose its notices.")
        )
    return found


@api.route("/push/key")
class PushKey(MethodView):
    @api.response(200, KeyViewSchema)
    def get(self) -> Any:
        """The VAPID public key to subscribe a browser with (``applicationServerKey``)."""
        return {"public_key": public_key()}


@api.route("/games/<game:game_id>/seats/<int:seat>/push")
class SeatPush(MethodView):
    @api.arguments(PushSubscriptionSchema)
    @api.response(201, SubscribedSchema)
    @api.problems(401, 403, 404, 422, 503)
    @api.doc(security=SEAT_TOKEN)
    def post(self, body: dict, game_id: uuid.UUID, seat: int) -> Any:
        """Send this game's notices of the seat to a browser by push."""
        _seat(game_id, seat)
        stored = subscriptions.add_push(games(), game_id, seat, checked(body))
        return {"browsers": len(stored.get("push") or [])}

    @api.arguments(EndpointSchema)
    @api.response(204)
    @api.problems(401, 403, 404, 503)
    @api.doc(security=SEAT_TOKEN)
    def delete(self, body: dict, game_id: uuid.UUID, seat: int) -> Any:
        """Stop pushing to a browser."""
        _seat(game_id, seat)
        subscriptions.drop_push(games(), game_id, seat, [body["endpoint"]], "unsubscribed")
        return None


def account_view(settings: dict) -> dict:
    return {
        "kinds": settings["kinds"]
        or {c: list(subscriptions.DEFAULT_KINDS) for c in ACCOUNT_CHANNELS},
        "webhook_url": (settings["webhook"] or {}).get("url"),
        "email": settings["email"],
        "browsers": len(settings["push"] or []),
        "version": settings["version"],
    }


def save_account_settings(account: str, body: dict) -> dict:
    app = games()
    settings = subscriptions.account_settings(app, account)
    url = body.get("webhook_url")
    webhook = None
    if url:
        try:
            netguard.check_hook(url, services().settings.webhook_allow)
        except netguard.UnsafeUrl as err:
            raise Problem(422, err.code, err.message, params={"field": "webhook_url"}) from None
        old = settings["webhook"] or {}
        secret = old.get("secret") if old.get("url") == url else subscriptions.new_secret()
        webhook = {"url": url, "secret": secret}
    try:
        kinds = subscriptions.check_kinds(body.get("kinds"))
    except InvalidSubscription as err:
        raise invalid_request({err.field: [err.message]}) from None
    if kinds and any(c not in ACCOUNT_CHANNELS for c in kinds):
        raise invalid_request({"kinds": ["an account chooses among push, email and webhook"]})
    wanted = {**settings, "kinds": kinds, "webhook": webhook, "email": bool(body.get("email"))}
    return subscriptions.save_account(app, account, wanted)


@api.route("/account/notices")
class AccountNotices(MethodView):
    @api.response(200, AccountNoticesViewSchema)
    @api.problems(401, 503)
    def get(self) -> Any:
        """The signed-in account's notice settings."""
        return account_view(subscriptions.account_settings(games(), _require_account()))

    @api.arguments(AccountNoticesSchema)
    @api.response(200, AccountNoticesViewSchema)
    @api.problems(401, 422, 503)
    def put(self, body: dict) -> Any:
        """Choose which notices go by push, email (the account's address) or webhook."""
        return account_view(save_account_settings(_require_account(), body))


@api.route("/account/push")
class AccountPush(MethodView):
    @api.arguments(PushSubscriptionSchema)
    @api.response(201, SubscribedSchema)
    @api.problems(401, 422, 503)
    def post(self, body: dict) -> Any:
        """Subscribe this browser to the account's push notices."""
        stored = subscriptions.add_account_push(games(), _require_account(), checked(body))
        return {"browsers": len(stored["push"] or [])}


# -- pages -------------------------------------------------------------------------------------
@pages.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    response = send_from_directory(STATIC, "manifest.webmanifest")
    response.mimetype = "application/manifest+json"
    return response


@pages.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The service worker, served from the root so that it may show every page's notices."""
    response = send_from_directory(STATIC, "sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@pages.post("/games/<game:game_id>/push")
def page_seat_push(game_id: uuid.UUID) -> ResponseReturnValue:
    """This browser's seat (a guest's) subscribes the browser to push for the game."""
    from .web import security
    from .web.pages import viewer

    security.check_csrf()
    seat = viewer(game_id)
    if seat is None:
        raise Problem(
            403, "forbidden", gettext("Only a player of this game can ask for its notices.")
        )
    stored = subscriptions.add_push(games(), game_id, seat, checked(request.get_json(True) or {}))
    return jsonify({"browsers": len(stored.get("push") or [])}), 201


@pages.post("/account/push")
def page_account_push() -> ResponseReturnValue:
    from .web import security

    security.check_csrf()
    account = _require_account()
    found = checked(request.get_json(True) or {})
    stored = subscriptions.add_account_push(games(), account, found)
    return jsonify({"browsers": len(stored["push"] or [])}), 201


@pages.route("/account/notices", methods=["GET", "POST"])
def account_notices_page() -> ResponseReturnValue:
    """The account's notices: a grid of notices by channel, a webhook, push on this browser."""
    from .web import security

    account = account_id()
    if account is None:
        text = "Sign in to choose your notices; a guest chooses them on each game's page."
        return render_template("message.html", heading="Notices", text=text), 401
    error, saved, status = None, False, 200
    if request.method == "POST":
        security.check_csrf()
        kinds = {c: [k for k in KINDS if request.form.get(f"{c}:{k}")] for c in ACCOUNT_CHANNELS}
        body = {
            "kinds": kinds,
            "webhook_url": request.form.get("webhook_url", "").strip() or None,
            "email": bool(request.form.get("email")),
        }
        try:
            save_account_settings(account, body)
            saved = True
        except Problem as problem:
            error, status = problem.detail, problem.status
    view = account_view(subscriptions.account_settings(games(), account))
    return render_template(
        "account_notices.html",
        view=view,
        kinds=KINDS_WORDS,
        channels=ACCOUNT_CHANNELS,
        error=error,
        saved=saved,
    ), status


KINDS_WORDS = {
    "turn": "Your turn",
    "reminder": "A reminder (your time runs out)",
    "undo": "An undo request",
    "chat": "A chat message",
    "over": "The game's end",
}


def notice_kinds() -> dict:
    """The grid of notices by channel the settings pages draw (a template global)."""
    return {
        "kinds": KINDS_WORDS,
        "channels": {"push": "Push", "email": "Email", "webhook": "Webhook"},
        "defaults": {c: list(subscriptions.DEFAULT_KINDS) for c in ACCOUNT_CHANNELS},
    }


def register(api_: Any, services_: Any = None, **_: object) -> None:
    """Wire push into the app factory; the VAPID key is created now if there is none."""
    api_.register_blueprint(api)
    app = api_._app
    app.register_blueprint(pages)
    app.jinja_env.globals["notice_kinds"] = notice_kinds
    settings = getattr(services_, "settings", None)
    if settings is not None:
        try:
            keys.vapid_key(settings.data_dir, _given_file())
        except OSError as err:  # read-only data directory: created by the worker, or set
            app.logger.warning("no VAPID key: %s", err)
