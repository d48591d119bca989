"""Command line: rebuild the read models from scratch (with a progress bar), or show their state.

``chronicle-rebuild`` (:func:`rebuild_main`) and ``chronicle-projections status|rebuild``
(:func:`main`). Both read ``CHRONICLE_DATABASE_URL`` / ``CHRONICLE_DATA_DIR`` like the server.

A rebuild is safe while the service runs: it empties the read models and sets their position to
0 in one transaction, then replays the log; other projectors (workers, the projector process)
that run meanwhile simply help, and the outbox keeps its delivery state (no notice is sent
twice; notices older than ``CHRONICLE_NOTICE_MAX_AGE`` that appear for the first time are stored
as ``expired``).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, TextIO

import click

from domain.platform.application import Games
from domain.platform.storage import persistence_env_from_environ

from . import rebuild as parallel
from .projector import DEFAULT_NOTICE_MAX_AGE
from .queries import ReadModels
from .store import open_store


def games_from_environ(create_tables: bool = False) -> Games:
    return Games(env=persistence_env_from_environ(create_tables=create_tables))


def notice_max_age() -> float:
    return float(os.environ.get("CHRONICLE_NOTICE_MAX_AGE") or DEFAULT_NOTICE_MAX_AGE)


def rebuild(
    games: Games,
    *,
    batch_size: int = 2000,
    show_progress: bool = True,
    out: TextIO | None = None,
    workers: int | None = None,
) -> dict:
    """Rebuild every read model of ``games``'s store, partitioned by game over ``workers``
    processes (default: one per core; see :mod:`.rebuild`); returns figures for the operator."""
    options: dict[str, Any] = {
        "notice_max_age": notice_max_age(),
        "cache_size": int(os.environ.get("CHRONICLE_PROJECTOR_CACHE") or 4096),
    }
    t0 = time.perf_counter()
    if show_progress:
        head = games.recorder.max_notification_id() or 0
        with click.progressbar(
            length=max(head, 1),
            label="Rebuilding read models",
            show_pos=True,
            show_eta=True,
            file=out or sys.stderr,
        ) as bar:
            seen = [0]

            def advance(done: int, _head: int) -> None:
                bar.update(max(0, done - seen[0]))
                seen[0] = max(seen[0], done)

            figures = parallel.rebuild(
                games, workers=workers, batch_size=batch_size, progress=advance, **options
            )
    else:
        figures = parallel.rebuild(games, workers=workers, batch_size=batch_size, **options)
    from .accounts import projections_for

    for projection in projections_for(games, open_store(games)):
        projection.rebuild()  # the accounts' read models (tables, seats, ratings)
    seconds = time.perf_counter() - t0
    notifications = figures["head"] + figures["after_head"]
    return {
        "notifications": notifications,
        "position": figures["position"],
        "workers": figures["workers"],
        "seconds": round(seconds, 3),
        "per_second": round(notifications / seconds, 1) if seconds > 0 else None,
    }


@click.group()
def main() -> None:
    """Chronicle read models: rebuild them, or show how far they are."""


@main.command("rebuild")
@click.option(
    "--batch-size", default=2000, show_default=True, help="Notifications per transaction."
)
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes, each rebuilding a share of the games (default: one per core).",
)
def rebuild_command(batch_size: int, no_progress: bool, workers: int | None) -> None:
    """Empty the read models and replay the whole event log into them."""
    games = games_from_environ()
    try:
        figures = rebuild(
            games, batch_size=batch_size, show_progress=not no_progress, workers=workers
        )
    finally:
        games.close()
    click.echo(
        f"rebuilt {figures['notifications']} notifications in {figures['seconds']} s "
        f"({figures['per_second']}/s, {figures['workers']} processes); "
        f"position {figures['position']}"
    )


@main.command("status")
def status_command() -> None:
    """Position, head and lag of the read models, and the outbox by state (JSON)."""
    games = games_from_environ()
    try:
        store = open_store(games)
        models = ReadModels(store, games.name)
        head = games.recorder.max_notification_id() or 0
        position = models.position()
        outbox = {
            r["state"]: r["n"]
            for r in store.query("SELECT state, COUNT(*) AS n FROM {p}rm_outbox GROUP BY state")
        }
        click.echo(
            json.dumps(
                {
                    "position": position,
                    "head": head,
                    "lag": head - position,
                    "tables": models.table_counts(),
                    "outbox": outbox,
                },
                indent=2,
            )
        )
    finally:
        games.close()


def rebuild_main(argv: list[str] | None = None) -> None:
    """``chronicle-rebuild``: the rebuild command on its own."""
    rebuild_command.main(args=argv, prog_name="chronicle-rebuild")
