"""Seat and series tokens: bearer secrets that name what they open (api.md "Seats and tokens").
Only their SHA-256 hashes are stored; a token names its game so the service can tell "a valid
token for another game" (403) from "no such token" (401) without a global index."""

from __future__ import annotations

import hashlib
import secrets
import uuid


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token(game_id: uuid.UUID) -> str:
    """A bearer token for one seat: the game's id, a dot, then 256 random bits.

    Clients treat it as opaque. Naming the game lets the service tell "a valid token for another
    game" (403) from "no such token" (401) without any global index of tokens.
    """
    return f"{game_id.hex}.{secrets.token_urlsafe(32)}"


def token_game(token: str) -> uuid.UUID | None:
    """The game a token claims to belong to (not yet verified), or None if malformed."""
    head, _, secret = token.partition(".")
    if len(head) != 32 or len(secret) < 43:
        return None
    try:
        return uuid.UUID(hex=head)
    except ValueError:
        return None
