"""Seat and series tokens: bearer secrets that name what they open (api.md "Seats and tokens").
Only their SHA-256 hashes are stored; a token names its game so the service can tell "a valid
token for another game" (403) from "no such token" (401) without a global index."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass

from eventsourcing.domain import DomainEvent

from .transcoder import stored_as

SEAT_KEYS_NAMESPACE = uuid.UUID("6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10")


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


@stored_as("domain.application:SeatKeysIssued")
@dataclass(frozen=True)  # as GameEvent (game.py)
class SeatKeysIssued(DomainEvent):
    """SHA-256 hashes of a game's seat tokens, one per seat (a stream of its own)."""

    hashes: list


def keys_id(game_id: uuid.UUID | str) -> uuid.UUID:
    """The id of the stream of a game's seat keys."""
    return uuid.uuid5(SEAT_KEYS_NAMESPACE, str(game_id))


def issue_keys(game_id: uuid.UUID, seats: int) -> tuple[SeatKeysIssued, list[str]]:
    """The first ``SeatKeysIssued`` of a new game and the tokens it hashes, one per seat."""
    tokens = [new_token(game_id) for _ in range(seats)]
    event = SeatKeysIssued(
        originator_id=keys_id(game_id),
        originator_version=1,
        timestamp=SeatKeysIssued.create_timestamp(),
        hashes=[token_hash(t) for t in tokens],
    )
    return event, tokens
