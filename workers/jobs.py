"""The RQ jobs: wake-ups that tell a worker to look at the database, never payloads.

``catch_up()``: project every notification after the tracked position, then enqueue the
deliveries of the notices that pass created. ``deliver(notice_id)``: one attempt of one outbox
row if it is due. ``bot_turn(game, version)``: a bot's move (``workers.bots``). ``sweep()``:
the periodic safety net (``rq cron`` or the worker's own poll loop): catch up, and enqueue
every due delivery (retries, lost wake-ups, dead workers' leases).
Each is idempotent: running one twice, or after a crash, changes nothing that was done.
"""

from __future__ import annotations

from . import context, delivery


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


def bot_turn(game_id: str, version: int) -> bool:
    """One bot move in ``game_id`` if it is still at ``version`` (else nothing: stale)."""
    import uuid

    return context.get().games.play_bot(uuid.UUID(game_id), int(version)) is not None
