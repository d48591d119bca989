"""Settings of the worker side, read from the environment once.

====================================  ===========================================================
variable                              meaning (default)
====================================  ===========================================================
``REDIS_URL``                         Redis for RQ (``redis://127.0.0.1:6379/0``; empty: none)
``CHRONICLE_QUEUE``                   the RQ queue name (``chronicle``)
``CHRONICLE_WAKEUPS``                 ``rq``: enqueue a catch-up job after each save; ``off``
                                      when a projector process follows the store (``rq``)
``CHRONICLE_POLL_INTERVAL``           seconds between the worker's database polls/sweeps (1.0)
``CHRONICLE_WEBHOOK_RETRY_SCHEDULE``  seconds before each attempt, comma-separated (Standard
                                      Webhooks: ``0,5,300,1800,7200,18000,36000,36000``)
``CHRONICLE_WEBHOOK_TIMEOUT``         seconds a whole webhook attempt may take, connecting,
                                      sending and reading the answer (10)
``CHRONICLE_DELIVERY_THREADS``        attempts a worker runs side by side (8)
``CHRONICLE_DELIVERY_LEASE``          seconds a delivery attempt holds its notice (120)
``CHRONICLE_NOTICE_MAX_AGE``          notices about older events are not sent (86400)
``CHRONICLE_PROJECTOR_BATCH``         notifications per projection transaction (500)
``CHRONICLE_PROJECTOR_CACHE``         games kept folded in memory per process (2048)
``CHRONICLE_PUBLIC_URL``              base URL for links in notices (none)
``CHRONICLE_SMTP_HOST`` / ``_PORT``   the SMTP server for email notices (none / 25)
``CHRONICLE_SMTP_FROM``               the sender address (``chronicle@localhost``)
``CHRONICLE_SMTP_USER`` / ``_PASSWORD``  SMTP login (none)
``CHRONICLE_SMTP_STARTTLS``           ``1`` to use STARTTLS (0); ``CHRONICLE_SMTP_SSL=1``: SMTPS
``CHRONICLE_SMTP_TIMEOUT``            seconds (10)
``CHRONICLE_VAPID_KEY_FILE``          the Web Push VAPID key (``$CHRONICLE_DATA_DIR/vapid-key.pem``,
                                      created on first use)
``CHRONICLE_VAPID_SUBJECT``           the VAPID contact (the https public URL, else
                                      ``mailto:`` the SMTP sender)
====================================  ===========================================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .netguard import Allowance, parse_allowance
from .push import key_path

#: Standard Webhooks' recommended schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
STANDARD_SCHEDULE = (0.0, 5.0, 300.0, 1800.0, 7200.0, 18000.0, 36000.0, 36000.0)
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def _flag(value: str | None, default: bool = False) -> bool:
    if value is None or not value.strip():
        return default
    return value.strip().lower() in ("1", "y", "yes", "true", "on")


def parse_schedule(text: str | None) -> tuple[float, ...]:
    if not text or not text.strip():
        return STANDARD_SCHEDULE
    values = tuple(float(x) for x in text.split(",") if x.strip())
    if not values or any(v < 0 for v in values):
        raise ValueError("CHRONICLE_WEBHOOK_RETRY_SCHEDULE must list seconds >= 0")
    return values


def vapid_subject(env: Mapping[str, str]) -> str:
    """``CHRONICLE_VAPID_SUBJECT``, else the public https URL, else the mail sender."""
    given = (env.get("CHRONICLE_VAPID_SUBJECT") or "").strip()
    if given:
        return given
    public = (env.get("CHRONICLE_PUBLIC_URL") or "").strip().rstrip("/")
    if public.startswith("https://"):
        return public
    return "mailto:" + ((env.get("CHRONICLE_SMTP_FROM") or "").strip() or "chronicle@localhost")


@dataclass(frozen=True)
class WorkerSettings:
    redis_url: str | None = DEFAULT_REDIS_URL
    queue_name: str = "chronicle"
    wakeups: bool = True
    poll_interval: float = 1.0
    retry_schedule: tuple[float, ...] = STANDARD_SCHEDULE
    webhook_timeout: float = 10.0
    #: attempts run side by side in one worker (CHRONICLE_DELIVERY_THREADS)
    delivery_threads: int = 8
    #: CHRONICLE_WEBHOOK_ALLOW: networks (and plain http) hooks may reach beyond public https
    webhook_allow: Allowance = Allowance()
    lease_seconds: float = 120.0
    notice_max_age: float = 86400.0
    projector_batch: int = 500
    projector_cache: int = 2048
    public_url: str | None = None
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str = "chronicle@localhost"
    smtp_user: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    smtp_starttls: bool = False
    smtp_ssl: bool = False
    smtp_timeout: float = 10.0
    user_agent: str = "Chronicle-Webhooks/1.0"
    #: the VAPID key (PEM) that signs Web Push requests; created there on first use
    vapid_key_file: str = "var/vapid-key.pem"
    #: the VAPID ``sub`` claim: how a push service reaches the operator
    vapid_subject: str = "mailto:chronicle@localhost"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> WorkerSettings:
        env = os.environ if environ is None else environ
        settings = cls(
            redis_url=(env.get("REDIS_URL", DEFAULT_REDIS_URL) or "").strip() or None,
            queue_name=(env.get("CHRONICLE_QUEUE") or "chronicle").strip(),
            wakeups=(env.get("CHRONICLE_WAKEUPS") or "rq").strip().lower() != "off",
            poll_interval=float(env.get("CHRONICLE_POLL_INTERVAL") or 1.0),
            retry_schedule=parse_schedule(env.get("CHRONICLE_WEBHOOK_RETRY_SCHEDULE")),
            webhook_timeout=float(env.get("CHRONICLE_WEBHOOK_TIMEOUT") or 10.0),
            delivery_threads=max(1, int(env.get("CHRONICLE_DELIVERY_THREADS") or 8)),
            webhook_allow=parse_allowance(env.get("CHRONICLE_WEBHOOK_ALLOW")),
            lease_seconds=float(env.get("CHRONICLE_DELIVERY_LEASE") or 120.0),
            notice_max_age=float(env.get("CHRONICLE_NOTICE_MAX_AGE") or 86400.0),
            projector_batch=int(env.get("CHRONICLE_PROJECTOR_BATCH") or 500),
            projector_cache=int(env.get("CHRONICLE_PROJECTOR_CACHE") or 2048),
            public_url=(env.get("CHRONICLE_PUBLIC_URL") or "").strip().rstrip("/") or None,
            smtp_host=(env.get("CHRONICLE_SMTP_HOST") or "").strip() or None,
            smtp_port=int(env.get("CHRONICLE_SMTP_PORT") or 25),
            smtp_from=(env.get("CHRONICLE_SMTP_FROM") or "chronicle@localhost").strip(),
            smtp_user=(env.get("CHRONICLE_SMTP_USER") or "").strip() or None,
            smtp_password=env.get("CHRONICLE_SMTP_PASSWORD") or None,
            smtp_starttls=_flag(env.get("CHRONICLE_SMTP_STARTTLS")),
            smtp_ssl=_flag(env.get("CHRONICLE_SMTP_SSL")),
            smtp_timeout=float(env.get("CHRONICLE_SMTP_TIMEOUT") or 10.0),
            vapid_key_file=key_path(
                env.get("CHRONICLE_DATA_DIR"), (env.get("CHRONICLE_VAPID_KEY_FILE") or "").strip()
            ),
            vapid_subject=vapid_subject(env),
        )
        if overrides:
            from dataclasses import replace

            settings = replace(settings, **overrides)
        return settings
