"""Command-line entry points of the worker side.

``chronicle-worker`` (:func:`worker_main`)
    An RQ worker on the ``chronicle`` queue plus a poll thread. The worker class is RQ's
    ``SimpleWorker`` (jobs run in the worker process, no fork): our jobs are short wake-ups
    whose cost is dominated by fork (about 15 ms a job against 4 ms), and, more important, the
    projector keeps every game it follows folded in an in-memory LRU; a forked work-horse would
    throw that away after every job and re-fold each game from the store. The poll thread is
    the database poll and the periodic sweep in one: every ``CHRONICLE_POLL_INTERVAL`` seconds
    it catches the read models up from the database (no Redis needed) and enqueues every
    delivery that is due (retries by the Standard Webhooks schedule, wake-ups that were lost,
    attempts whose worker died). No RQ scheduler process is forked (retries are due times in the
    outbox, found by the sweep), so no database connection is ever shared across a fork.
    ``rq worker --with-scheduler chronicle`` plus ``rq cron workers.cron_config`` (a sweep job
    every 5 s) is the equivalent with RQ's own tools.

``chronicle-projector`` (:func:`projector_main`)
    Follows the store and keeps the read models current (the games' and the accounts': open
    tables, accounts' seats, ratings): with PostgreSQL under the library's
    ``ProjectionRunner`` (LISTEN/NOTIFY, no polling), with SQLite by polling the log's head. It
    enqueues the deliveries of the notices it creates. Run one per deployment and set
    ``CHRONICLE_WAKEUPS=off`` on the API processes (or leave wake-ups on: extra passes are cheap
    and safe).

``chronicle-notices`` (:func:`notices_main`)
    The outbox for operators: ``stats``, ``list``, ``dead`` (the dead-letter list) and
    ``replay`` (make dead notices pending again and enqueue them).
"""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rq import SimpleWorker

from . import context, delivery, outbox, queueing
from .settings import WorkerSettings

log = logging.getLogger("workers")


def _logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def worker_class() -> type[SimpleWorker]:
    """RQ's ``SimpleWorker`` that retries a lost Redis every 2 s at most (not up to 60 s), so
    notices go out soon after Redis is back."""
    from rq import SimpleWorker

    class ChronicleWorker(SimpleWorker):
        max_connection_wait_time = 2.0

    return ChronicleWorker


def poll_loop(settings: WorkerSettings, stop: threading.Event) -> None:
    """The worker's database poll and sweep (see the module docstring)."""
    while not stop.is_set():
        try:
            context.get().sweep()
        except Exception:
            log.exception("sweep failed; retrying in %.2f s", settings.poll_interval)
        stop.wait(settings.poll_interval)


def worker_main(argv: list[str] | None = None) -> int:
    """``chronicle-worker [--burst] [--no-poll] [--queue NAME]``."""
    parser = argparse.ArgumentParser(prog="chronicle-worker", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--burst", action="store_true", help="sweep once, run the queued jobs, then exit"
    )
    parser.add_argument(
        "--no-poll", action="store_true", help="no database poll/sweep thread (RQ jobs only)"
    )
    parser.add_argument("--queue", default=None, help="the RQ queue (CHRONICLE_QUEUE)")
    parser.add_argument("--name", default=None, help="the worker's name in RQ")
    parser.add_argument("--logging-level", default="INFO")
    args = parser.parse_args(argv)
    _logging(args.logging_level)
    settings = WorkerSettings.from_env()
    if args.queue:
        settings = WorkerSettings.from_env(queue_name=args.queue)
    if not settings.redis_url:
        log.error("REDIS_URL is empty: a worker needs Redis")
        return 2
    import redis

    worker_cls = worker_class()
    stop = threading.Event()
    poller = None
    if args.burst:
        try:
            context.get().sweep(grace=0.0)
        except Exception:
            log.exception("initial sweep failed")
    elif not args.no_poll:
        poller = threading.Thread(
            target=poll_loop, args=(settings, stop), name="chronicle-poll", daemon=True
        )
        poller.start()
    connection = queueing.worker_redis(settings.redis_url)
    backoff = 0.5
    try:
        while True:
            worker = None
            try:
                worker = worker_cls([settings.queue_name], connection=connection, name=args.name)
                worker.work(
                    burst=args.burst, logging_level=args.logging_level.upper(), with_scheduler=False
                )
                if (
                    args.burst
                    or worker._stop_requested
                    or getattr(worker, "_shutdown_requested_date", None) is not None
                ):
                    break  # SIGTERM/SIGINT: a warm shutdown was asked for
                log.warning("the RQ worker stopped (Redis trouble?); restarting in %.1f s", backoff)
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as err:
                log.warning(
                    "Redis is unreachable (%s); retrying in %.1f s (the poll thread "
                    "keeps the read models current meanwhile)",
                    err,
                    backoff,
                )
            time.sleep(backoff)
            backoff = min(backoff * 2, 2.0)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        if poller is not None:
            poller.join(timeout=5)
        delivery.drain()  # attempts under way finish (each within its deadline)
    return 0


def projector_main(argv: list[str] | None = None) -> int:
    """``chronicle-projector [--poll] [--interval S]``."""
    parser = argparse.ArgumentParser(
        prog="chronicle-projector", description="Keep the read models current."
    )
    parser.add_argument(
        "--poll", action="store_true", help="poll even on PostgreSQL (instead of LISTEN/NOTIFY)"
    )
    parser.add_argument(
        "--interval",
        type=float,
        default=None,
        help="poll interval in seconds (SQLite; default 0.1)",
    )
    parser.add_argument("--logging-level", default="INFO")
    args = parser.parse_args(argv)
    _logging(args.logging_level)
    settings = WorkerSettings.from_env()
    stop = threading.Event()
    runner_box: list[Any] = []

    def on_signal(signum: int, _frame: Any) -> None:
        log.info("signal %s: stopping", signum)
        stop.set()
        for runner in runner_box:
            runner.stop()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    from domain.platform.storage import POSTGRES_MODULE, persistence_env_from_environ
    from projections.runner import make_runner, poll_forever

    env = persistence_env_from_environ()
    dispatcher = queueing.Dispatcher(settings.redis_url, settings.queue_name)
    if env.get("PERSISTENCE_MODULE") == POSTGRES_MODULE and not args.poll:
        while not stop.is_set():
            try:
                with make_runner(
                    env,
                    on_result=lambda r: dispatcher(r.notices),
                    notice_max_age=settings.notice_max_age,
                ) as runner:
                    runner_box[:] = [runner]
                    log.info("following the store with LISTEN/NOTIFY")
                    runner.run_forever()
            except Exception:
                if stop.is_set():
                    break
                log.exception("the projection runner failed; restarting in 1 s")
                stop.wait(1.0)
            runner_box.clear()
        return 0
    ctx = context.get()
    interval = args.interval if args.interval is not None else 0.1
    log.info("following the store by polling every %.2f s", interval)
    poll_forever(
        ctx.projector,
        interval=interval,
        stop=stop,
        on_result=lambda r: dispatcher(r.notices),
        extra=ctx.extra,
    )
    return 0


def _print_rows(rows: list[dict], columns: list[str]) -> None:
    if not rows:
        print("(none)")
        return
    widths = {c: max(len(c), *(len(str(r.get(c))) for r in rows)) for c in columns}
    print("  ".join(c.ljust(min(widths[c], 60)) for c in columns))
    for row in rows:
        print("  ".join(str(row.get(c))[:60].ljust(min(widths[c], 60)) for c in columns))


def notices_main(argv: list[str] | None = None) -> int:
    """``chronicle-notices stats|list|dead|replay``."""
    parser = argparse.ArgumentParser(
        prog="chronicle-notices", description="Inspect and replay the notification outbox."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("stats", help="notices by delivery state")
    listing = sub.add_parser("list", help="list notices")
    listing.add_argument("--state", default=None)
    listing.add_argument("--game", default=None)
    listing.add_argument("--limit", type=int, default=50)
    dead = sub.add_parser("dead", help="the dead-letter list")
    dead.add_argument("--limit", type=int, default=100)
    dead.add_argument("--json", action="store_true")
    replay = sub.add_parser("replay", help="make dead notices pending again and enqueue them")
    replay.add_argument("notice_ids", nargs="*")
    replay.add_argument("--all-dead", action="store_true")
    args = parser.parse_args(argv)
    ctx = context.get()
    columns = ["notice_id", "state", "attempts", "last_status", "hint", "last_error"]
    if args.command == "stats":
        print(json.dumps(outbox.counts(ctx.store), indent=2))
    elif args.command == "list":
        from projections.queries import ReadModels

        _print_rows(
            ReadModels(ctx.store).notices(args.game, state=args.state, limit=args.limit), columns
        )
    elif args.command == "dead":
        rows = outbox.dead_letters(ctx.store, args.limit)
        if args.json:
            print(json.dumps(rows, indent=2, default=str))
        else:
            _print_rows(rows, columns)
    elif args.command == "replay":
        if not args.notice_ids and not args.all_dead:
            parser.error("name notice ids, or --all-dead")
        ids = outbox.replay(
            ctx.store, time.time(), None if args.all_dead else list(args.notice_ids)
        )
        queued = ctx.dispatch(ids)
        print(
            f"{len(ids)} notice(s) pending again, {queued} enqueued now "
            f"(the rest go with the next sweep)"
        )
    return 0


def main() -> None:  # pragma: no cover - console script shim
    sys.exit(worker_main())
