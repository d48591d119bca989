"""Who a game request acts for: a seat token, or an account that holds the seat.

**Seat tokens** (``Authorization: Bearer <token>``): a token acts for one seat of one game; only
its SHA-256 hash is stored (``Games.seat_for_token``). The order of checks is: the game must
exist (404), then a token must be present when required (401), then it must be this game's
(403 if it is valid for another game, 401 if it is valid nowhere). All of this happens before a
request body is read.

**Holders** (:data:`HOLDERS`, issue 33): other ways a request may hold seats of a game, asked
when the bearer is not a seat token, and, without an ``Authorization`` header, for the session
cookie. The accounts add theirs: an account acts for exactly the seats it holds now (a table's
seat, a claimed guest seat), by its session cookie or by an account credential sent as the
bearer. A holder answers :class:`Held` (possibly no seat of this game: a signed-in spectator)
or None (not its kind of credential). Then:

* an account holding one seat of the game acts for it; holding several, it names one in
  ``X-Chronicle-Seat`` (400 ``seat_choice_required`` otherwise); a seat it does not hold is
  403 ``not_your_seat``, whatever it asks for;
* a change (anything but GET/HEAD/OPTIONS) authenticated by the cookie must carry the
  session's CSRF token in ``X-CSRF-Token`` (403 ``csrf_token_invalid``): a cookie is sent by
  the browser on its own, a header only by the site's own script;
* an account with no seat in the game reads it as the public does, and is refused (403
  ``no_seat_held``) where a seat is required.

Views use :func:`seat_token_required` (they get ``seat``) or :func:`seat_token_optional` (they
get ``viewer``: a seat, or None for the public view).
"""

from __future__ import annotations

import hmac
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from flask import request, session

from domain.common.i18n import gettext

from .context import games
from .problems import Problem, forbidden, unauthorized

#: longer headers cannot hold a token this service issued
MAX_TOKEN_LENGTH = 200
#: the header naming the seat an account acts for when it holds several of one game
SEAT_HEADER = "X-Chronicle-Seat"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

T = TypeVar("T")


@dataclass(frozen=True)
class Held:
    """The seats of one game a request holds other than by a seat token."""

    seats: frozenset[int]
    #: authenticated by the session cookie (its changes need the CSRF token)
    cookie: bool


#: ``(game_id, bearer token or None for the cookie) -> Held | None`` (see the module docstring)
HOLDERS: list[Callable[[uuid.UUID, str | None], Held | None]] = []


def bearer_token() -> str | None:
    """The request's bearer token, or None when it sends no ``Authorization`` header."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise unauthorized(gettext("Send the seat token as 'Authorization: Bearer <token>'."))
    if len(token) > MAX_TOKEN_LENGTH:
        raise unauthorized(gettext("The seat token is not valid."))
    return token


def viewer_seat(game_id: uuid.UUID, *, required: bool) -> int | None:
    """The seat the request acts for in ``game_id``; None for a public reader.

    With ``required`` a token (or a holder's seat) must be sent (401 otherwise).
    """
    app = games()
    app.get_game(game_id)  # 404 for an unknown game comes first
    token = bearer_token()
    if token is None:
        return _by_cookie(game_id, required)
    seat = app.seat_for_token(game_id, token)
    if seat is not None:
        wanted = asked_seat()
        if wanted is not None and wanted != seat:
            raise _not_yours(wanted)
        return seat
    if app.locate_token(token) is not None:
        raise forbidden(gettext("This seat token belongs to another game."), game=str(game_id))
    held = _held(game_id, token)
    if held is None:
        raise unauthorized(gettext("The seat token is not valid."))
    return _chosen(held, required)


def _by_cookie(game_id: uuid.UUID, required: bool) -> int | None:
    held = _held(game_id, None)
    if held is None or (not held.seats and not required):
        if required:
            raise unauthorized(
                gettext(
                    "This request acts for a seat: send its token as "
                    "'Authorization: Bearer <token>'."
                )
            )
        return None
    seat = _chosen(held, required)
    if seat is not None and request.method not in SAFE_METHODS:
        check_csrf()
    return seat


def _held(game_id: uuid.UUID, token: str | None) -> Held | None:
    for holder in HOLDERS:
        held = holder(game_id, token)
        if held is not None:
            return held
    return None


def asked_seat() -> int | None:
    """The seat named in ``X-Chronicle-Seat`` (None: none named; 400 if it is no seat)."""
    text = request.headers.get(SEAT_HEADER)
    if text is None:
        return None
    text = text.strip()
    if not text.isdigit() or len(text) > 3:
        raise Problem(
            400,
            "seat_header_invalid",
            gettext("{header} names a seat by its number (0 for the first seat).").format(
                header=SEAT_HEADER
            ),
        )
    return int(text)


def _chosen(held: Held, required: bool) -> int | None:
    wanted = asked_seat()
    if wanted is not None:
        if wanted in held.seats:
            return wanted
        raise _not_yours(wanted)
    if len(held.seats) == 1:
        return next(iter(held.seats))
    if not held.seats:
        if required:
            raise Problem(
                403,
                "no_seat_held",
                gettext(
                    "This account holds no seat in this game: it may only read it as the public "
                    "does (a seat's own token still acts for that seat)."
                ),
            )
        return None
    seats = sorted(held.seats)
    raise Problem(
        400,
        "seat_choice_required",
        gettext(
            "This account holds seats {seats} of this game: name the one to act for in {header}."
        ).format(seats=", ".join(map(str, seats)), header=SEAT_HEADER),
        params={"seats": seats},
    )


def _not_yours(seat: int) -> Problem:
    return Problem(
        403,
        "not_your_seat",
        gettext(
            "Seat {seat} of this game is not held by this credential; it acts only for its own "
            "seats."
        ).format(seat=seat),
        params={"seat": seat},
    )


def check_csrf() -> None:
    """A change authenticated by the session cookie must carry the session's CSRF token."""
    sent = request.headers.get("X-CSRF-Token") or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(sent, expected):
        raise Problem(
            403,
            "csrf_token_invalid",
            gettext(
                "Send this session's CSRF token (GET /api/v1/account gives it) in X-CSRF-Token."
            ),
        )


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
