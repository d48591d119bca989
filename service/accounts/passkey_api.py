"""The passkey ceremonies the pages' script runs, as documented JSON routes of the ``players``
blueprint (:mod:`.api`): WebAuthn options (bytes as base64url; the challenge kept in the
session, used once) and the browser's answers. A refusal is ``passkey_refused``."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Response, url_for

from ..problems import Problem
from ..web import security
from . import api_schemas as s
from . import passkeys, sessions
from .api import SESSION_ONLY, blp
from .credentials import in_session
from .sessions import side

WEBAUTHN_BODY = {
    "required": True,
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "description": "The browser's PublicKeyCredential, bytes as base64url.",
            }
        }
    },
}
WEBAUTHN_OPTIONS = {
    "200": {
        "description": "WebAuthn options (bytes as base64url); the challenge is kept in the "
        "session and used once.",
        "content": {"application/json": {"schema": {"type": "object"}}},
    }
}


@blp.route("/signin/passkey/options", methods=["GET"])
@blp.doc(responses=WEBAUTHN_OPTIONS)
def passkey_signin_options() -> Any:
    """Options to sign in with a passkey."""
    return Response(passkeys.authentication_options(), mimetype="application/json")


def _passkey_refused(err: Exception, status: int) -> Problem:
    return Problem(status, "passkey_refused", str(err))


@blp.route("/signin/passkey", methods=["POST"])
@blp.doc(requestBody=WEBAUTHN_BODY)
@blp.response(200, s.OkSchema)
@blp.problems(400, 403)
def passkey_signin() -> Any:
    """Sign in with a passkey: another site's passkey, an unknown one, a replayed counter or
    no started ceremony is refused (403 ``passkey_refused``)."""
    security.check_csrf()
    found = side()
    try:
        body = passkeys.parse_body()
        stored = found.people.passkey(passkeys.credential_id(body))
        if stored is None:
            raise passkeys.PasskeyError("This passkey is not known here.")
        count = passkeys.verify_authentication(body, stored)
        if not found.people.count_passkey(
            stored["credential_id"], int(stored["sign_count"]), count
        ):
            raise passkeys.PasskeyError("This passkey was just used; try again.")
        account = found.accounts.get(uuid.UUID(stored["account_id"]))
        if account is None or account.deleted:
            raise passkeys.PasskeyError("This passkey's account was deleted.")
    except passkeys.PasskeyError as err:
        raise _passkey_refused(err, 403) from None
    sessions.sign_in(account)
    return {"ok": True, "redirect": url_for("accounts.my_games")}


@blp.route("/account/passkeys/options", methods=["GET"])
@blp.doc(responses=WEBAUTHN_OPTIONS, security=SESSION_ONLY)
@blp.problems(401, 403)
def passkey_options() -> Any:
    """Options to register a passkey on this device (signed in)."""
    account = in_session()
    existing = [p["credential_id"] for p in side().people.passkeys(str(account.id))]
    return Response(passkeys.registration_options(account, existing), mimetype="application/json")


@blp.route("/account/passkeys", methods=["POST"])
@blp.doc(requestBody=WEBAUTHN_BODY, security=SESSION_ONLY)
@blp.response(200, s.OkSchema)
@blp.problems(401, 403, 422)
def passkey_add() -> Any:
    """Register a passkey (422 ``passkey_refused`` when it cannot be)."""
    account = in_session()
    try:
        body = passkeys.parse_body()
        credential, public_key, count = passkeys.verify_registration(body)
    except passkeys.PasskeyError as err:
        raise _passkey_refused(err, 422) from None
    side().people.add_passkey(
        str(account.id), credential, public_key, count, sessions.device_label()
    )
    return {"ok": True}
