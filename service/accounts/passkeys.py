"""Passkeys (WebAuthn, the ``webauthn`` package): registered once signed in, then a way to
sign in without a mail.

The relying party is this site: its id is the host of ``CHRONICLE_PUBLIC_URL`` (or of the
request) and the expected origin that URL's (or the request's). The library checks the
challenge (kept in the session, used once), the origin and the RP id hash (a passkey made for
another site is refused), the signature, and that the sign count grew (a replayed or cloned
authenticator is refused); the new count is stored by a compare-and-set, so one assertion
cannot sign in twice.
"""

from __future__ import annotations

import base64
import os
from urllib.parse import urlsplit

from flask import request, session
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from domain.accounts.model import Account

from ..parsing import strict_json

RP_NAME = "Chronicle"


class PasskeyError(Exception):
    """A passkey that cannot be used; the message says why."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def origin() -> str:
    public = os.environ.get("CHRONICLE_PUBLIC_URL", "")
    parts = urlsplit(public) if public else None
    if parts and parts.scheme and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    return request.host_url.rstrip("/")


def rp_id() -> str:
    return urlsplit(origin()).hostname or "localhost"


def registration_options(account: Account, existing: list[str]) -> str:
    options = generate_registration_options(
        rp_id=rp_id(),
        rp_name=RP_NAME,
        user_id=account.id.bytes,
        user_name=account.name,
        user_display_name=account.name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=unb64(c)) for c in existing],
    )
    session["webauthn_register"] = b64(options.challenge)
    return options_to_json(options)


def verify_registration(body: dict) -> tuple[str, str, int]:
    """``(credential id, public key, sign count)`` of a new passkey, or :class:`PasskeyError`."""
    challenge = session.pop("webauthn_register", None)
    if not challenge:
        raise PasskeyError("No passkey registration was started here; try again.")
    try:
        found = verify_registration_response(
            credential=body,
            expected_challenge=unb64(challenge),
            expected_rp_id=rp_id(),
            expected_origin=origin(),
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as err:  # malformed too
        raise PasskeyError(f"This passkey could not be registered: {err}") from None
    return b64(found.credential_id), b64(found.credential_public_key), found.sign_count


def authentication_options() -> str:
    options = generate_authentication_options(
        rp_id=rp_id(), user_verification=UserVerificationRequirement.PREFERRED
    )
    session["webauthn_signin"] = b64(options.challenge)
    return options_to_json(options)


def credential_id(body: dict) -> str:
    raw = body.get("rawId") or body.get("id") or ""
    if not isinstance(raw, str):
        raise PasskeyError("This is not a passkey answer.")
    return raw


def verify_authentication(body: dict, stored: dict) -> int:
    """The new sign count of a passkey sign-in, or :class:`PasskeyError` (another site, a
    replayed counter, a bad signature, no challenge)."""
    challenge = session.pop("webauthn_signin", None)
    if not challenge:
        raise PasskeyError("No passkey sign-in was started here; try again.")
    try:
        found = verify_authentication_response(
            credential=body,
            expected_challenge=unb64(challenge),
            expected_rp_id=rp_id(),
            expected_origin=origin(),
            credential_public_key=unb64(stored["public_key"]),
            credential_current_sign_count=int(stored["sign_count"]),
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as err:  # malformed too
        raise PasskeyError(f"This passkey was refused: {err}") from None
    return found.new_sign_count


def parse_body() -> dict:
    try:
        body = strict_json(request.get_data() or b"{}")
    except ValueError:
        raise PasskeyError("This is not a passkey answer.") from None
    if not isinstance(body, dict):
        raise PasskeyError("This is not a passkey answer.")
    return body
