"""A full rebuild of the read models, partitioned by game over several processes.

Every read-model row belongs to one game, and a game's rows depend only on that game's events
(and its seats' subscriptions), so the games can be split by id over ``workers`` processes that
each read the notification log up to the head and apply only their own games' events. Scoring
and folding, the costly part, then run on every core.

The coordinator (:func:`rebuild`):

1. reads the head, then empties the read models and sets their position to that head in one
   transaction, so projectors running meanwhile (workers, the projector process) only handle
   what is appended after it; drops the secondary indexes of those tables (built again at the
   end: cheaper than maintaining them row by row; the lobby reads slower meanwhile);
2. starts the partitions (``fork``: no re-import) and shows their progress;
3. catches up from the head like any projector.

Rows are upserted only forwards (a row never goes back to an older version; see
:mod:`.store`), so a partition and a live projector touching the same game cannot undo each
other. If a partition fails, the position is set back to 0 so that the next projector replays
everything; nothing is left looking complete that is not.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue as queue_module
import traceback
from collections.abc import Callable
from typing import Any

from domain.platform.application import Games

from .projector import Projector
from .store import open_store


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def _partition(env: dict, index: int, count: int, head: int, options: dict, queue: Any) -> None:
    """One partition, in its own process: a fresh application and connections. The cyclic
    garbage collector runs rarely here (what the fork inherited is frozen, and the young
    generation waits for 50,000 new objects): the partition builds plain dicts and lists with
    hardly any cycles, and the default passes over its growing cache of games cost about 7 %
    of the rebuild (``make bench``, projections)."""
    gc.freeze()
    gc.set_threshold(50_000, 50, 1000)
    try:
        games = Games(env=env)
        try:
            projector = Projector(
                games, open_store(games, create=False), partition=(index, count), **options
            )
            projector.replay_to(
                head,
                batch_size=options.get("batch_size", 2000),
                progress=lambda n, position: queue.put(("progress", index, position)),
            )
        finally:
            games.close()
        queue.put(("done", index, None))
    except BaseException:  # reported to the coordinator, which undoes the rebuild
        queue.put(("failed", index, traceback.format_exc()))


def rebuild(
    games: Games,
    *,
    workers: int | None = None,
    batch_size: int = 2000,
    progress: Callable[[int, int], None] | None = None,
    **projector_options: Any,
) -> dict:
    """Rebuild every read model of ``games``'s store over ``workers`` processes.

    ``progress(done, head)`` is called as the partitions advance (``done`` counts the
    notifications every partition has read past). Returns figures for the operator.
    """
    store = open_store(games)
    projector = Projector(games, store, batch_size=batch_size, **projector_options)
    count = workers or default_workers()
    head = projector.head()
    store.reset(games.name, position=head)
    store.drop_rebuild_indexes()
    options = {**projector_options, "batch_size": batch_size}
    try:
        if count == 1:
            projector.replay_to(
                head,
                batch_size=batch_size,
                progress=None
                if progress is None
                else lambda _n, position: progress(position, head),
            )
            projector.forget()
        else:
            _run_partitions({**games.env, "CREATE_TABLE": "n"}, count, head, options, progress)
    except BaseException:
        store.reset(games.name, position=0)
        raise
    finally:
        store.create_rebuild_indexes()
    after = projector.catch_up(batch_size=batch_size)
    return {
        "head": head,
        "workers": count,
        "position": after.position or head,
        "after_head": after.processed,
    }


def _run_partitions(
    env: dict, count: int, head: int, options: dict, progress: Callable[[int, int], None] | None
) -> None:
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    processes = [
        context.Process(target=_partition, args=(env, i, count, head, options, queue), daemon=True)
        for i in range(count)
    ]
    for process in processes:
        process.start()
    positions = [0] * count
    running = set(range(count))
    try:
        while running:
            try:
                kind, index, detail = queue.get(timeout=1.0)
            except queue_module.Empty:
                dead = [i for i in running if processes[i].exitcode is not None]
                if dead:
                    raise RuntimeError(
                        f"rebuild partition {dead[0]} ended without finishing "
                        f"(exit code {processes[dead[0]].exitcode})"
                    ) from None
                continue
            if kind == "progress":
                positions[index] = detail
            elif kind == "done":
                running.discard(index)
                positions[index] = head
            else:
                raise RuntimeError(f"rebuild partition {index} failed:\n{detail}")
            if progress is not None:
                progress(min(positions), head)
    finally:
        for process in processes:
            if process.is_alive() and running:
                process.terminate()
            process.join()
