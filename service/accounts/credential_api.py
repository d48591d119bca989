"""``POST /api/v1/account/credentials``: an account credential for an API client, a route of
the ``players`` blueprint (:mod:`.api`); what it opens is in :mod:`.credentials`."""

from __future__ import annotations

from typing import Any

from . import api_schemas as s
from . import credentials
from .api import SESSION_ONLY, blp


@blp.route("/api/v1/account/credentials", methods=["POST"])
@blp.arguments(s.CredentialRequestSchema, example={"label": "my bot"})
@blp.response(201, s.CredentialSchema)
@blp.problems(401, 403, 422)
@blp.doc(security=SESSION_ONLY)
def make_credential(body: dict[str, Any]) -> Any:
    """A new account credential, shown this once: send it as ``Authorization: Bearer <token>``
    to play the account's seats through the game API (``X-Chronicle-Seat`` names the seat when
    it holds several of one game) and to use its own routes. It is listed with the sessions
    and ended like one. Made from a signed-in session only (403 ``session_required``)."""
    return credentials.new_credential(credentials.in_session(), body["label"])
