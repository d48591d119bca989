"""Seat tokens: ``Authorization: Bearer <token>``.

A token acts for one seat of one game; only its SHA-256 hash is stored
(``Games.seat_for_token``). The order of checks is: the game must exist (404), then a token must
be present when required (401), then it must be this game's (403 if it is valid for another
game, 401 if it is valid nowhere). All of this happens before a request body is read.

Views use :func:`seat_token_required` (they get ``seat``) or :func:`seat_token_optional` (they
get ``viewer``: a seat, or None for the public view).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import request

from .context import games
from .problems import forbidden, unauthorized

#: longer headers cannot hold a token this service issued
MAX_TOKEN_LENGTH = 200

T = TypeVar("T")


def bearer_token() -> str | None:
    """The request's bearer token, or None when it sends no ``Authorization`` header."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise unauthorized("Send the seat token as 'Authorization: Bearer <token>'.")
    if len(token) > MAX_TOKEN_LENGTH:
        raise unauthorized("The seat token is not valid.")
    return token


def viewer_seat(game_id: uuid.UUID, *, required: bool) -> int | None:
    """The seat the request acts for in ``game_id``; None for a public reader.

    With ``required`` a token must be sent (401 otherwise).
    """
    app = games()
    app.get_game(game_id)  # 404 for an unknown game comes first
    token = bearer_token()
    if token is None:
        if required:
            raise unauthorized(
                "This request acts for a seat: send its token as 'Authorization: Bearer <token>'."
            )
        return None
    seat = app.seat_for_token(game_id, token)
    if seat is not None:
        return seat
    if app.locate_token(token) is not None:
        raise forbidden("This seat token belongs to another game.", game=str(game_id))
    raise unauthorized("The seat token is not valid.")


def require_seat(game_id: uuid.UUID) -> int:
    seat = viewer_seat(game_id, required=True)
    assert seat is not None
    return seat


def seat_token_required(view: Callable[..., T]) -> Callable[..., T]:
    """Decorate a view of ``<game:game_id>``: it gets ``seat`` (a token is required).

    Put it above the argument decorators, so an unknown game (404) or a missing or wrong
    token (401/403) is answered before the body is read.
    """

    @wraps(view)
    def wrapper(*args: Any, game_id: uuid.UUID, **kwargs: Any) -> T:
        return view(*args, game_id=game_id, seat=require_seat(game_id), **kwargs)

    return wrapper


def seat_token_optional(view: Callable[..., T]) -> Callable[..., T]:
    """Decorate a view of ``<game:game_id>``: it gets ``viewer`` (a seat, or None: public)."""

    @wraps(view)
    def wrapper(*args: Any, game_id: uuid.UUID, **kwargs: Any) -> T:
        return view(*args, game_id=game_id, viewer=viewer_seat(game_id, required=False), **kwargs)

    return wrapper
