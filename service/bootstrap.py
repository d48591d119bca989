"""The composition root: every long-lived object of a process is built here, from settings.

The HTTP app, the CLI and the tests all call :func:`bootstrap`; tests pass their own
:class:`~service.config.Settings` (a temporary SQLite file, a fresh PostgreSQL schema) and get
the same objects production uses.

The ``Games`` application is built lazily, on first use, by :class:`GamesProvider`: a server
whose store is down at start-up still starts, answers ``503 store_unavailable`` (with
``Retry-After``) and recovers by itself when the store comes back.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from eventsourcing.persistence import PersistenceError

from domain.common.errors import StoreUnavailable
from domain.platform import registry, storage
from domain.platform.application import Games
from projections.queries import ReadSide
from projections.store import ReadModelStore, open_store
from workers.queueing import request_redis
from workers.settings import WorkerSettings
from workers.wakeup import install as install_wakeups

from .config import Settings
from .keys import SIGNING_KEY_FILE
from .signing import RecordSigner

if TYPE_CHECKING:
    from redis import Redis

log = logging.getLogger(__name__)


def build_games(settings: Settings, create_tables: bool | None = None) -> Games:
    """A ``Games`` application on the event store ``settings`` select, which wakes the
    workers after every save (``workers.wakeup``: 0.5 s Redis timeouts, no retries, and an
    in-process catch-up while Redis is down).

    Store trouble while connecting becomes :class:`StoreUnavailable`.
    """
    try:
        games = Games(env=settings.persistence_env(create_tables), cache_size=settings.cache_size)
    except PersistenceError as err:
        log.warning("event store %s unavailable: %s", settings.display_database_url, err)
        raise StoreUnavailable(retry_after=settings.retry_after) from err
    install_wakeups(games, WorkerSettings.from_env(redis_url=settings.redis_url))
    # (read by domain/platform/archive.py with getattr: the domain never needs a signer)
    games.signer = record_signer(settings)
    return games


def record_signer(settings: Settings) -> RecordSigner:
    """The deployment's record signer (its key file is created on first use)."""
    path = settings.signing_key_file or os.path.join(settings.data_dir, SIGNING_KEY_FILE)
    return RecordSigner.from_file(path, settings.trusted_keys)


def init_db(settings: Settings) -> Games:
    """Create the event store's and the read models' tables (and the PostgreSQL schema) if
    missing; idempotent."""
    if settings.is_postgres:
        try:
            storage.ensure_postgres_schema(settings.database_url)
        except Exception as err:  # psycopg's own errors: connection refused, auth, ...
            raise StoreUnavailable(retry_after=settings.retry_after) from err
    games = build_games(settings, create_tables=True)
    store = open_store(games, create=True)
    create_account_tables(games, store)
    return games


def create_account_tables(games: Games, store: ReadModelStore) -> None:
    """The accounts' tables (issue 33): their read models, personal data and mail outbox."""
    from projections.accounts import projections_for

    from .accounts.people import People

    for projection in projections_for(games, store):
        projection.ensure_tables()
    People(store)


class GamesProvider:
    """Builds the ``Games`` application on first use and keeps it (thread-safe).

    While the store cannot be reached every call raises :class:`StoreUnavailable`; after a
    failure, calls within ``retry_after`` seconds fail at once instead of each waiting for a
    connection timeout (so a dead store never piles up waiting requests).
    """

    def __init__(
        self, settings: Settings, factory: Callable[[Settings], Games] = build_games
    ) -> None:
        self._settings = settings
        self._factory = factory
        self._games: Games | None = None
        self._lock = threading.Lock()
        self._failed_at: float | None = None

    def __call__(self) -> Games:
        games = self._games
        if games is not None:
            return games
        with self._lock:
            if self._games is None:
                retry_after = self._settings.retry_after
                if self._failed_at is not None and time.monotonic() - self._failed_at < retry_after:
                    raise StoreUnavailable(retry_after=retry_after)
                try:
                    self._games = self._factory(self._settings)
                except StoreUnavailable:
                    self._failed_at = time.monotonic()
                    raise
                self._failed_at = None
            return self._games

    @property
    def built(self) -> bool:
        return self._games is not None

    def close(self) -> None:
        with self._lock:
            if self._games is not None:
                self._games.close()
                self._games = None


@dataclass
class Services:
    """What a process runs on: settings, the games application and the optional Redis."""

    settings: Settings
    games: GamesProvider
    redis: Redis | None = None
    _read_side: ReadSide | None = None

    def read_side(self) -> ReadSide:
        """The read models of this process's ``Games`` (built on first use)."""
        games = self.games()
        side = self._read_side
        if side is None or side.games is not games:
            side = self._read_side = ReadSide(
                games, open_store(games, create=self.settings.create_tables)
            )
        return side

    def close(self) -> None:
        self.games.close()
        if self.redis is not None:
            try:
                self.redis.close()
            except Exception:  # closing is best effort
                log.debug("closing the Redis client failed", exc_info=True)


def preflight() -> None:
    """Every title's start-up checks (a bad Village data pack stops the start with a sentence
    naming the value, never the first move)."""
    for title in registry.all_current():
        title.preflight()


def bootstrap(
    settings: Settings | None = None, *, games_factory: Callable[[Settings], Games] = build_games
) -> Services:
    """Build the services of one process from ``settings`` (default: the environment)."""
    settings = settings or Settings.from_env()
    preflight()
    return Services(
        settings=settings,
        games=GamesProvider(settings, games_factory),
        redis=request_redis(settings.redis_url) if settings.redis_url else None,
    )
