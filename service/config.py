"""Settings of one Chronicle process, read from the environment once, with defaults.

===============================  ==========================================================
variable                         meaning (default)
===============================  ==========================================================
``CHRONICLE_DATA_DIR``           where local data lives (``./var``)
``CHRONICLE_DATABASE_URL``       the event store: ``sqlite:///…`` or ``postgresql://…``
                                 (the SQLite file ``chronicle.db`` in the data directory)
``PORT``                         the port the server listens on, on 127.0.0.1 (8000)
``REDIS_URL``                    Redis (``redis://127.0.0.1:6379/0``; empty: not configured)
``CHRONICLE_SECRET_KEY``         Flask's secret key (default: ``secret-key`` in the data
                                 directory, created on first start)
``CHRONICLE_SIGNING_KEY_FILE``   the Ed25519 key that signs records (``signing-key.pem`` in
                                 the data directory, created on first start)
``CHRONICLE_TRUSTED_KEYS``       other services' public keys whose records count as trusted
``CHRONICLE_PROXIES``            proxies in front whose X-Forwarded-* headers count (0)
``CHRONICLE_RATE_LIMITS``        rate limits (see ``service/limits.py``; empty: off)
``CHRONICLE_HEALTH_STUCK_SECONDS`` /healthz is degraded when an event waits this long (30)
``CHRONICLE_HEALTH_MAX_LAG``     ... or the read models lag this many events (1000)
``CHRONICLE_MAX_BODY_BYTES``     largest request body (65536)
``CHRONICLE_MAX_IMPORT_BYTES``   largest game record ``POST /games/import`` accepts (8 MiB)
``CHRONICLE_CACHE_SIZE``         games kept in memory per process (256)
``CHRONICLE_WEB_CONCURRENCY``    server processes (1 with SQLite, 2 x CPUs with PostgreSQL)
``CHRONICLE_THREADS``            threads per server process (8)
``CHRONICLE_TIMEOUT``            seconds a request may take to be read or written (60)
``CHRONICLE_STORE_LOCK_TIMEOUT`` seconds a store call may take before 503 (2)
``CHRONICLE_RETRY_AFTER``        the ``Retry-After`` seconds of a 503 (1)
===============================  ==========================================================

Durations are seconds and may have fractions (``0.5``).

Server processes never create tables (``create_tables`` is off); ``init-db`` does, once.
"""

from __future__ import annotations

import logging
import math
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlparse, urlunparse

from domain.platform import storage
from workers.netguard import Allowance, parse_allowance

from . import keys
from .limits import parse_limits
from .signing import parse_trusted

log = logging.getLogger(__name__)

DEFAULT_PORT = 8000
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_MAX_BODY_BYTES = 64 * 1024
DEFAULT_MAX_IMPORT_BYTES = 8 * 1024 * 1024
#: per client address and per seat; far above a person's or a bot's pace (service/limits.py)
DEFAULT_RATE_LIMITS = (
    "create=30/minute;600/day, fork=30/minute;600/day, import=10/minute;200/day, move=600/minute, "
    "chat=20/minute;600/day"
)


class ConfigError(ValueError):
    """An environment variable holds a value Chronicle cannot use."""


def _int(env: Mapping[str, str], name: str, default: int, minimum: int = 0) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be an integer, not {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, not {value}")
    return value


def _allowance(env: Mapping[str, str]) -> Allowance:
    try:
        return parse_allowance(env.get("CHRONICLE_WEBHOOK_ALLOW"))
    except ValueError as err:
        raise ConfigError(str(err)) from None


def _float(env: Mapping[str, str], name: str, default: float, minimum: float = 0.0) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, not {value}")
    return value


def redact_url(url: str | None) -> str | None:
    """``url`` with any password replaced by ``***`` (for logs and CLI output)."""
    if not url:
        return url
    parsed = urlparse(url)
    if parsed.password is None:
        return url
    netloc = parsed.netloc.replace(f":{parsed.password}@", ":***@", 1)
    return urlunparse(parsed._replace(netloc=netloc))


@dataclass(frozen=True)
class Settings:
    """Everything configurable about one process. Build with :meth:`from_env`."""

    data_dir: str
    database_url: str
    port: int = DEFAULT_PORT
    redis_url: str | None = DEFAULT_REDIS_URL
    secret_key: str = field(default_factory=lambda: secrets.token_hex(32), repr=False)
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    max_import_bytes: int = DEFAULT_MAX_IMPORT_BYTES
    cache_size: int = 256
    web_concurrency: int = 1
    threads: int = 8
    timeout: float = 60.0
    store_lock_timeout: float = 2.0
    retry_after: int = 1
    #: CHRONICLE_WEBHOOK_ALLOW (see workers/netguard.py); checked when a seat subscribes
    webhook_allow: Allowance = field(default_factory=Allowance)
    #: the Ed25519 key that signs exported records (created on first use if missing)
    signing_key_file: str | None = None
    #: base64url public keys of other services whose records count as trusted
    trusted_keys: tuple[str, ...] = ()
    #: proxies in front of the server whose X-Forwarded-For/-Proto/-Host count (0: none)
    proxies: int = 0
    #: CHRONICLE_RATE_LIMITS (``service/limits.py``); empty: no limits
    rate_limits: str = ""
    #: /healthz: read models are "stuck" when an event waits this long (seconds) ...
    health_stuck_seconds: float = 30.0
    #: ... or "lagging" beyond this many notifications
    health_max_lag: int = 1000
    #: only ``init-db`` (and tests) create tables; servers never do
    create_tables: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Read the settings from ``environ`` (default: ``os.environ``)."""
        env = os.environ if environ is None else environ
        data_dir = os.path.abspath(
            env.get("CHRONICLE_DATA_DIR") or os.path.join(os.getcwd(), "var")
        )
        database_url = (env.get("CHRONICLE_DATABASE_URL") or "").strip() or sqlite_url(
            os.path.join(data_dir, storage.DEFAULT_DB_FILE)
        )
        scheme = urlparse(database_url).scheme
        if not (storage.is_postgres(database_url) or scheme == "sqlite"):
            raise ConfigError(
                "CHRONICLE_DATABASE_URL must start with sqlite:/// or "
                f"postgresql://, not {scheme + '://' if scheme else database_url!r}"
            )
        redis_url = env.get("REDIS_URL", DEFAULT_REDIS_URL).strip() or None
        if redis_url and urlparse(redis_url).scheme not in ("redis", "rediss", "unix"):
            raise ConfigError(f"REDIS_URL must be a redis:// URL, not {redact_url(redis_url)!r}")
        secret_key = keys.secret_key(data_dir, env.get("CHRONICLE_SECRET_KEY", "").strip())
        try:
            trusted = parse_trusted(env.get("CHRONICLE_TRUSTED_KEYS"))
        except ValueError as err:
            raise ConfigError(str(err)) from None
        default_workers = (2 * (os.cpu_count() or 1)) if storage.is_postgres(database_url) else 1
        settings = cls(
            data_dir=data_dir,
            database_url=database_url,
            port=_int(env, "PORT", DEFAULT_PORT, minimum=1),
            redis_url=redis_url,
            secret_key=secret_key,
            max_body_bytes=_int(env, "CHRONICLE_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1024),
            max_import_bytes=_int(
                env, "CHRONICLE_MAX_IMPORT_BYTES", DEFAULT_MAX_IMPORT_BYTES, 1024
            ),
            cache_size=_int(env, "CHRONICLE_CACHE_SIZE", 256, minimum=1),
            web_concurrency=_int(env, "CHRONICLE_WEB_CONCURRENCY", default_workers, minimum=1),
            threads=_int(env, "CHRONICLE_THREADS", 8, minimum=1),
            timeout=_float(env, "CHRONICLE_TIMEOUT", 60.0, minimum=1.0),
            store_lock_timeout=_float(env, "CHRONICLE_STORE_LOCK_TIMEOUT", 2.0, minimum=0.1),
            retry_after=math.ceil(_float(env, "CHRONICLE_RETRY_AFTER", 1.0, minimum=0.001)),
            webhook_allow=_allowance(env),
            signing_key_file=(env.get("CHRONICLE_SIGNING_KEY_FILE") or "").strip()
            or os.path.join(data_dir, keys.SIGNING_KEY_FILE),
            trusted_keys=trusted,
            proxies=_int(env, "CHRONICLE_PROXIES", 0, minimum=0),
            rate_limits=env.get("CHRONICLE_RATE_LIMITS", DEFAULT_RATE_LIMITS).strip(),
            health_stuck_seconds=_float(env, "CHRONICLE_HEALTH_STUCK_SECONDS", 30.0),
            health_max_lag=_int(env, "CHRONICLE_HEALTH_MAX_LAG", 1000, minimum=1),
        )
        try:
            parse_limits(settings.rate_limits)
        except ValueError as err:
            raise ConfigError(str(err)) from None
        if settings.port > 65535:
            raise ConfigError(f"PORT must be at most 65535, not {settings.port}")
        if (
            not settings.is_postgres
            and settings.web_concurrency > 1
            and env.get("CHRONICLE_WEB_CONCURRENCY")
        ):
            log.warning(
                "CHRONICLE_WEB_CONCURRENCY=%s with SQLite: the processes will take "
                "turns on one file; PostgreSQL is the store for several processes",
                settings.web_concurrency,
            )
        return replace(settings, **overrides) if overrides else settings

    def replace(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    @property
    def is_postgres(self) -> bool:
        return storage.is_postgres(self.database_url)

    def persistence_env(self, create_tables: bool | None = None) -> dict[str, str]:
        """The ``eventsourcing`` environment of the event store these settings select."""
        return storage.persistence_env(
            self.database_url,
            self.data_dir,
            create_table=self.create_tables if create_tables is None else create_tables,
            lock_timeout=self.store_lock_timeout,
        )

    @property
    def display_database_url(self) -> str:
        return redact_url(self.database_url) or ""


def sqlite_url(path: str) -> str:
    """The ``sqlite:///`` URL of a file (four slashes before an absolute path)."""
    return "sqlite:///" + os.path.abspath(path)
