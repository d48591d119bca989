"""The RQ jobs: wake-ups that tell a worker to look at the database, never payloads.

``catch_up()``: project every notification after the tracked position, then enqueue the
deliveries of the notices that pass created. ``deliver(notice_id)``: one attempt of one outbox
row if it is due. ``bot_turn(game, version)``: a bot's moves (``workers.bots``). ``sweep()``:
the periodic safety net (``rq cron`` or the worker's own poll loop): catch up, and enqueue
every due delivery (retries, lost wake-ups, dead workers' leases).
Each is idempotent: running one twice, or after a crash, changes nothing that was done.
"""

from __future__ import annotations

import time
import uuid

from . import context, delivery, mail


def catch_up() -> dict:
    result = context.get().catch_up()
    return {
        "processed": result.processed,
        "position": result.position,
        "notices": len(result.notices),
        "conflicts": result.conflicts,
    }


def deliver(notice_id: str) -> str:
    """Hand the attempt to the worker's delivery threads (one slow receiver holds one thread,
    for at most its deadline) and return at once."""
    ctx = context.get()
    return delivery.dispatcher(ctx.settings.delivery_threads).submit(ctx, notice_id)


def sweep() -> dict:
    return context.get().sweep()


#: a bot turn job plays on while the game waits for a bot, up to this many moves or seconds:
#: a bot's multi-step turn (place, then each step) reaches the store at once instead of each
#: step queueing behind every other game's jobs; the bounds keep one game from holding a
#: worker (after them, the after-save hook's job for the newer version goes on)
BOT_MOVES_PER_JOB = 12
BOT_SECONDS_PER_JOB = 1.0

#: the clock of that bound (a module attribute, so a test can give the job its own clock)
job_clock = time.monotonic


def bot_turn(game_id: str, version: int) -> bool:
    """The bot moves of ``game_id`` from ``version`` on, while the game waits for a bot (see
    the bounds above); nothing if it has left ``version`` (stale). True if a bot moved."""
    games, gid = context.get().games, uuid.UUID(game_id)
    end = job_clock() + BOT_SECONDS_PER_JOB
    moved = 0
    while moved < BOT_MOVES_PER_JOB and job_clock() < end:
        result = games.play_bot(gid, int(version))
        if result is None:
            break
        moved += 1
        version = result.version
    return moved > 0


def deliver_mail(mail_id: str) -> str:
    """One attempt of the mail ``mail_id`` (``mail.py``) in this worker's context."""
    ctx = context.get()
    return mail.deliver(ctx.store, ctx.settings, mail_id)
