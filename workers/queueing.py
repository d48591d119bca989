"""Redis connections and the jobs Chronicle enqueues (wake-ups, deliveries), deduplicated by id.

Jobs are wake-ups, never payloads: ``catch_up`` means "project from your tracked position",
``deliver(notice_id)`` means "try the outbox row ``notice_id`` if it is due". Losing one only adds
latency (the periodic sweep and the database poll find the work anyway); running one twice does
nothing (the position and the outbox claim are compare-and-set in the database).

Job ids deduplicate with RQ's ``unique=True`` (an id that exists is refused):

* catch-up: ``<queue>-catchup``; while that job is *running* a wake-up uses
  ``<queue>-catchup-next`` so that events saved during a pass are not left to the sweep; a
  finished or failed job of that id is deleted and the wake-up enqueued again.
  ``result_ttl=0`` removes a finished job at once.
* delivery: ``<queue>-deliver-<notice id>`` (notice ids hold letters, digits and ``-`` only).

(RQ job ids are global to a Redis database, hence the queue name in them.)

The request path's client (:func:`request_redis`) has 0.5 s socket timeouts and no retries; a
failed enqueue there is logged and ignored.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

log = logging.getLogger(__name__)

CATCH_UP = "workers.jobs.catch_up"
DELIVER = "workers.jobs.deliver"
SWEEP = "workers.jobs.sweep"
CATCH_UP_IDS = ("catchup", "catchup-next")


def job_id(queue_name: str, name: str) -> str:
    """A job id for ``name`` on ``queue_name`` (letters, digits, ``_`` and ``-`` only)."""
    prefix = "".join(ch if ch.isalnum() or ch in "_-" else "_" for ch in queue_name)
    return f"{prefix}-{name}"


WAITING = {"queued", "scheduled", "deferred", "created", "ready_to_enqueue"}
DONE = {"finished", "failed", "stopped", "canceled"}


def request_redis(url: str, timeout: float = 0.5) -> Redis:
    """A client for the request path: short socket timeouts and no retries."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        retry=Retry(NoBackoff(), 0),
        retry_on_timeout=False,
        health_check_interval=0,
    )


def worker_redis(url: str) -> Redis:
    """A client for RQ workers: blocking reads wait as long as RQ asks (no socket timeout)."""
    import redis

    return redis.Redis.from_url(
        url, socket_connect_timeout=2.0, socket_keepalive=True, health_check_interval=30
    )


def _queue(connection: Any, name: str) -> Queue:
    from rq import Queue

    return Queue(name, connection=connection)


def _enqueue_unique(
    connection: Any, queue_name: str, func: str, args: tuple, jid: str, **options: Any
) -> str:
    """Enqueue ``func(*args)`` as job ``jid`` unless that id is taken.

    Returns ``"enqueued"``, ``"waiting"`` (a job of that id is queued: nothing to do) or
    ``"running"`` (a job of that id is running, or left behind by a dead worker until RQ
    cleans it up). A finished or failed job of that id is deleted and the enqueue retried.
    """
    from rq.exceptions import DuplicateJobError, NoSuchJobError
    from rq.job import Job

    queue = _queue(connection, queue_name)
    for _ in range(3):
        try:
            queue.enqueue(func, *args, job_id=jid, unique=True, result_ttl=0, **options)
            return "enqueued"
        except DuplicateJobError:
            try:
                job = Job.fetch(jid, connection=connection)
            except NoSuchJobError:
                continue  # gone meanwhile: try again
            status = job.get_status(refresh=False)
            status = getattr(status, "value", status)
            if status in WAITING:
                return "waiting"
            if status in DONE:
                try:
                    job.delete()
                except NoSuchJobError:
                    pass
                continue
            return "running"
    return "running"


def enqueue_catch_up(connection: Any, queue_name: str) -> str | None:
    """Enqueue a catch-up wake-up unless one is already waiting; returns the job id used."""
    for name in CATCH_UP_IDS:
        jid = job_id(queue_name, name)
        outcome = _enqueue_unique(
            connection,
            queue_name,
            CATCH_UP,
            (),
            jid,
            failure_ttl=600,
            job_timeout=300,
            ttl=3600,
            description="catch up the read models",
        )
        if outcome == "enqueued":
            return jid
        if outcome == "waiting":
            return None
        # running: a pass is under way and may have read the log already; use the next id
    return None


def enqueue_delivery(connection: Any, queue_name: str, notice_id: str) -> bool:
    """Enqueue the delivery of one notice (False if a job for it is already there)."""
    outcome = _enqueue_unique(
        connection,
        queue_name,
        DELIVER,
        (notice_id,),
        job_id(queue_name, f"deliver-{notice_id}"),
        failure_ttl=60,
        job_timeout=120,
        ttl=24 * 3600,
        description=f"deliver {notice_id}",
    )
    return outcome == "enqueued"


def enqueue_deliveries(connection: Any, queue_name: str, notice_ids: list[str]) -> int:
    """Enqueue several deliveries (best effort: Redis errors propagate to the caller)."""
    count = 0
    for notice_id in notice_ids:
        if enqueue_delivery(connection, queue_name, notice_id):
            count += 1
    return count


class Dispatcher:
    """Enqueue the deliveries of new notices, best effort: while Redis is unreachable they
    stay pending in the outbox and the workers' sweep enqueues them later."""

    def __init__(
        self, redis_url: str | None, queue_name: str = "chronicle", connection: Any = None
    ) -> None:
        self.redis_url = redis_url
        self.queue_name = queue_name
        self._connection = connection
        self._down_until = 0.0

    @property
    def connection(self) -> Any:
        if self._connection is None and self.redis_url:
            self._connection = request_redis(self.redis_url)
        return self._connection

    def __call__(self, notice_ids: list[str]) -> int:
        if not notice_ids or self.connection is None:
            return 0
        if time.monotonic() < self._down_until:
            return 0
        try:
            return enqueue_deliveries(self.connection, self.queue_name, notice_ids)
        except Exception as err:  # any Redis failure: the sweep will get them
            log.warning(
                "could not enqueue %d deliveries (Redis: %s); the sweep will", len(notice_ids), err
            )
            self._down_until = time.monotonic() + 1.0
            return 0

    def close(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:
                pass
