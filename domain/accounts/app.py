"""``Accounts``: account decisions stored in the games' event store.

It shares the ``Games`` application's store (its recorder, its transactions and its after-save
hooks, so the read side is woken by an account's events as by a move). An account's state is
small and folded from its stream on each use; :meth:`Accounts.get` keeps a short-lived copy.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from eventsourcing.persistence import IntegrityError

from domain.common.errors import ConcurrentWrite
from domain.platform.application import Games

from .errors import conflict
from .model import (
    Account,
    AccountEvent,
    check_live,
    decide_claim,
    decide_delete,
    decide_open,
    decide_rename,
    fold,
    name_stream,
)
from .names import check_name

#: how long a process trusts an account it has folded (a deletion elsewhere shows within it)
ACCOUNT_TTL = 5.0
MAX_ATTEMPTS = 4


class Accounts:
    """Open, read, claim seats for and delete accounts."""

    def __init__(self, games: Games, cache_size: int = 1024) -> None:
        self.games = games
        self._cache: OrderedDict[uuid.UUID, tuple[float, Account]] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    # -- reading ---------------------------------------------------------------------------------
    def get(self, account_id: uuid.UUID, fresh: bool = False) -> Account | None:
        """The account (None if there is none), at most ``ACCOUNT_TTL`` seconds old unless
        ``fresh``."""
        now = time.monotonic()
        with self._lock:
            cached = self._cache.get(account_id)
        if cached is not None and not fresh and now - cached[0] < ACCOUNT_TTL:
            return cached[1]
        events = self.games.repo.guard(self.games.events.get, account_id)
        account = fold(account_id, list(events))
        if account is not None:
            with self._lock:
                self._cache[account_id] = (now, account)
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return account

    def live(self, account_id: uuid.UUID) -> Account:
        """The account, or an error if it does not exist or was deleted."""
        return check_live(self.get(account_id))

    def by_name(self, name: str) -> Account | None:
        """The account that claimed ``name`` (any spelling), or None."""
        try:
            stream = name_stream(check_name(name))
        except Exception:  # an invalid name names nobody
            return None
        found = list(self.games.repo.guard(self.games.events.get, stream, lte=1))
        if not found:
            return None
        return self.get(uuid.UUID(getattr(found[0], "data", {})["account"]))

    # -- deciding --------------------------------------------------------------------------------
    def open(self, name: str, account_id: uuid.UUID | None = None) -> Account:
        """A new account under ``name`` (``name_taken`` if any spelling of it is claimed)."""
        kept = check_name(name)
        account_id = account_id or uuid.uuid4()
        try:
            self._save(decide_open(account_id, kept))
        except IntegrityError:
            raise conflict("name_taken", name=kept) from None
        account = self.get(account_id, fresh=True)
        assert account is not None
        return account

    def claim_seat(self, account_id: uuid.UUID, game: str, seat: int, key: str) -> Account:
        """Hold a guest seat in the account (the caller checked the seat's link)."""
        return self._decide(account_id, lambda a: decide_claim(a, game, seat, key))

    def rename(self, account_id: uuid.UUID, name: str, now: datetime | None = None) -> Account:
        """Change the account's player name (``name_taken`` if another account claimed any
        spelling of it; ``rename_too_soon`` within 30 days of the last change)."""
        kept = check_name(name)
        for _ in range(MAX_ATTEMPTS):
            account = check_live(self.get(account_id, fresh=True))
            events = decide_rename(account, kept, now or datetime.now(UTC))
            try:
                self._save(events)
            except IntegrityError:
                holder = self.by_name(kept)
                if holder is not None and holder.id != account_id:
                    raise conflict("name_taken", name=kept) from None
                continue  # the account moved meanwhile: decide again
            found = self.get(account_id, fresh=True)
            assert found is not None
            return found
        raise ConcurrentWrite(current=0)

    def delete(self, account_id: uuid.UUID) -> Account:
        """Mark the account deleted (its personal data is removed by the caller)."""
        return self._decide(account_id, decide_delete)

    def _decide(
        self, account_id: uuid.UUID, decide: Callable[[Account], list[AccountEvent]]
    ) -> Account:
        for _ in range(MAX_ATTEMPTS):
            account = self.get(account_id, fresh=True)
            events = decide(check_live(account))
            if not events:
                return check_live(account)
            try:
                self._save(events)
            except IntegrityError:
                continue  # another process wrote first: decide again on the new state
            found = self.get(account_id, fresh=True)
            assert found is not None
            return found
        raise ConcurrentWrite(current=0)  # four lost races in a row

    def _save(self, events: Sequence[Any]) -> None:
        self.games.repo.store(events)
        with self._lock:
            for event in events:
                self._cache.pop(event.originator_id, None)
