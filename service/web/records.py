"""The audit and the records of a game, and a seat's notification settings, as pages.

The audit re-runs every recorded move under the game's rules (``Games.audit``) and shows each
ruling's sentence and rules section; the seed's hash is shown from the start and the seed once
the game is over; the hash-chained export is the API's download. Notification settings save
the same subscription, with the same checks, as ``PUT …/seats/{seat}/notifications``.
"""

from __future__ import annotations

import uuid

from flask import abort, render_template, request
from flask.typing import ResponseReturnValue

from domain.common.errors import DomainError
from domain.common.i18n import gettext as _
from projections import subscriptions
from projections.subscriptions import InvalidSubscription
from workers import netguard

from .. import views
from ..context import games, services
from . import security
from .pages import bp, viewer


@bp.get("/games/<game:game_id>/audit")
def audit(game_id: uuid.UUID) -> ResponseReturnValue:
    app = games()
    try:
        game = app.get_game(game_id)
        seat = viewer(game_id)
        report = views.audit_view(app.audit(game_id, detail=True, viewer=seat), game, seat, True)
    except DomainError as err:
        abort(404, description=err.message)
    return render_template(
        "audit.html",
        game_id=str(game_id),
        summary=app.summary(game),
        report=report,
        title_name=game.rules.display_name or game.rules.name,
    )


def _settings_page(
    game_id: uuid.UUID, seat: int, error: str | None = None, saved: bool = False, status: int = 200
) -> ResponseReturnValue:
    app = games()
    game = app.get_game(game_id)
    current = subscriptions.current(app, game_id).get(seat) or {}
    webhook = current.get("webhook") or {}
    return render_template(
        "notifications.html",
        game_id=str(game_id),
        seat=seat,
        player=game.players[seat],
        webhook_url=webhook.get("url", ""),
        email=current.get("email") or "",
        kinds=current.get("kinds"),
        error=error,
        saved=saved,
        title_name=game.rules.display_name or game.rules.name,
    ), status


def _kinds(previous: dict | None) -> dict | None:
    """The notices chosen per channel in the form (issue 34), else the seat's earlier choice."""
    if not request.form.get("kinds_shown"):
        return (previous or {}).get("kinds")
    channels = ("push", "email", "webhook")
    return {c: [k for k in subscriptions.KINDS if request.form.get(f"{c}:{k}")] for c in channels}


@bp.route("/games/<game:game_id>/notifications", methods=["GET", "POST"])
def notifications(game_id: uuid.UUID) -> ResponseReturnValue:
    seat = viewer(game_id)
    if seat is None:
        return render_template(
            "message.html",
            heading=_("Notifications"),
            text=_(
                "Only a player of this game can choose its notices: open your invite link first."
            ),
        ), 403
    if request.method == "GET":
        return _settings_page(game_id, seat)
    security.check_csrf()
    app = games()
    url = request.form.get("webhook_url", "").strip() or None
    email = request.form.get("email", "").strip() or None
    try:
        previous = subscriptions.current(app, game_id).get(seat)
        wanted = subscriptions.build(previous, webhook_url=url, email=email, kinds=_kinds(previous))
        if url:
            netguard.check_hook(url, services().settings.webhook_allow)
    except InvalidSubscription as err:
        return _settings_page(game_id, seat, err.message, status=422)
    except netguard.UnsafeUrl as err:
        return _settings_page(game_id, seat, err.message, status=422)
    subscriptions.save(app, game_id, seat, wanted)
    return _settings_page(game_id, seat, saved=True)
