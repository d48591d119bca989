"""Seat tokens: the secrets that let a browser or a client act for one seat of a game.

A game's events never hold a token; the SHA-256 hashes of its seats' tokens live in a stream of
their own per game (``SeatKeysIssued``, ``tokens.py``), written with the game and again each
time a seat's token is replaced. :class:`SeatKeys` reads them, with a short cache so a
token replaced in another process stops working here within ``SEAT_KEYS_TTL`` seconds.
"""

from __future__ import annotations

import hmac
import threading
import time
import uuid
from collections import OrderedDict
from typing import TYPE_CHECKING, cast

from ..common.errors import DomainError, GameNotFound
from .tokens import SeatKeysIssued, keys_id, new_token, token_game, token_hash

if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .repository import GameRepository

#: how long a process trusts the seat-token hashes it has read (a replaced token stops
#: working in every process within this many seconds)
SEAT_KEYS_TTL = 5.0


class SeatKeys:
    """Which seat a token acts for, and replacing a seat's token."""

    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo
        self._cache: OrderedDict[uuid.UUID, tuple[float, list[str]]] = OrderedDict()
        self._cache_lock = threading.Lock()

    def seat_keys(self, game_id: uuid.UUID) -> list[str]:
        """The seats' current token hashes (what invite links and browser seats are bound to;
        they change when a seat's token is replaced)."""
        return list(self._seat_hashes(game_id))

    def seat_for_token(self, game_id: uuid.UUID, token: str) -> int | None:
        """The seat ``token`` acts for in this game, or None."""
        hashes = self._seat_hashes(game_id)
        digest = token_hash(token)
        for seat, h in enumerate(hashes):
            if hmac.compare_digest(h, digest):
                return seat
        return None

    def locate_token(self, token: str) -> tuple[uuid.UUID, int] | None:
        """The (game, seat) a token is valid for, or None if it is valid nowhere."""
        game_id = token_game(token)
        if game_id is None:
            return None
        try:
            seat = self.seat_for_token(game_id, token)
        except DomainError:
            return None
        return None if seat is None else (game_id, seat)

    def _seat_hashes(self, game_id: uuid.UUID) -> list[str]:
        """The seats' token hashes (the latest ``SeatKeysIssued``), cached for
        ``SEAT_KEYS_TTL`` seconds so that a token replaced in another process stops working
        here within that time."""
        now = time.monotonic()
        with self._cache_lock:
            cached = self._cache.get(game_id)
        if cached is not None and now - cached[0] < SEAT_KEYS_TTL:
            return cached[1]
        found = self._key_events(game_id)
        hashes = list(found[-1].hashes) if found else []
        with self._cache_lock:
            self._cache[game_id] = (now, hashes)
            while len(self._cache) > 4 * self.repo.cache_size:
                self._cache.popitem(last=False)
        return hashes

    def _key_events(self, game_id: uuid.UUID) -> list[SeatKeysIssued]:
        found = self.repo.guard(self.repo.events.get, keys_id(game_id))
        return cast("list[SeatKeysIssued]", list(found))

    def replace_seat_token(self, game_id: uuid.UUID, seat: int) -> str:
        """A new token for ``seat``, returned once; the old one, and every invite link that
        carries it, stops working (here at once, in other processes within
        ``SEAT_KEYS_TTL`` seconds)."""
        with self.repo.lock(game_id):
            players = self.repo.get_game(game_id).players
            if not 0 <= seat < len(players):
                raise GameNotFound(game=str(game_id))
            found = self._key_events(game_id)
            hashes = list(found[-1].hashes)
            token = new_token(game_id)
            hashes[seat] = token_hash(token)
            self.repo.store(
                [
                    SeatKeysIssued(
                        originator_id=keys_id(game_id),
                        originator_version=found[-1].originator_version + 1,
                        timestamp=SeatKeysIssued.create_timestamp(),
                        hashes=hashes,
                    )
                ]
            )
            with self._cache_lock:
                self._cache.pop(game_id, None)
            return token
