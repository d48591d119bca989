"""``chronicle verify --all``: every stored game re-run under the current rules, on every core.

Each game's audit is independent (its own events, the current rules), so the game ids are
dealt round-robin to ``workers`` processes (``fork``: no re-import), each with its own
application and connections; the parent shows one progress bar and collects what would change.
A time limit stops the check early and says how far it got (a sample of the throughput, or a
budget in CI).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import queue as queue_module
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from domain.common.errors import DomainError
from domain.platform.application import Games

if TYPE_CHECKING:
    from domain.platform.records import AuditReport


@dataclass
class Outcome:
    """What ``verify --all`` found."""

    total: int
    checked: int = 0
    changed: list[tuple[str, list[str]]] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0
    complete: bool = True


def report_lines(game_id: str, report: AuditReport) -> list[str]:
    """The lines that describe an audit report with mismatches."""
    lines = [
        (f"{game_id}: {len(report.mismatches)} mismatch(es) under rules {report.rules_version}")
    ]
    lines += [
        f"  version {m.version} (seat {m.seat}, move {json.dumps(m.move)}): {m.difference}"
        for m in report.mismatches
    ]
    return lines


def _share(env: dict, ids: list[str], queue: multiprocessing.Queue) -> None:
    games = Games(env=env)
    try:
        for gid in ids:
            try:
                report = games.audit(uuid.UUID(gid), current_rules=True)
            except DomainError as err:
                queue.put((gid, None, err.message))
                continue
            queue.put((gid, None if report.ok else report_lines(gid, report), None))
    finally:
        games.close()


def verify_all(
    env: dict,
    ids: list[uuid.UUID],
    *,
    workers: int | None = None,
    time_limit: float | None = None,
    advance: Callable[[int], None] | None = None,
) -> Outcome:
    """Audit every game of ``ids`` under the current rules over ``workers`` processes."""
    env = {**env, "CREATE_TABLE": "n"}
    count = max(1, min(workers or os.cpu_count() or 1, len(ids) or 1))
    outcome = Outcome(total=len(ids))
    names = [str(g) for g in ids]
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    procs = [
        context.Process(target=_share, args=(env, names[i::count], queue), daemon=True)
        for i in range(count)
    ]
    started = time.perf_counter()
    for proc in procs:
        proc.start()
    try:
        while outcome.checked < len(ids):
            if time_limit and time.perf_counter() - started > time_limit:
                outcome.complete = False
                break
            try:
                gid, lines, failure = queue.get(timeout=0.5)
            except queue_module.Empty:
                if all(p.exitcode is not None for p in procs) and queue.empty():
                    outcome.complete = False
                    break
                continue
            outcome.checked += 1
            if failure is not None:
                outcome.failed.append((gid, failure))
            elif lines:
                outcome.changed.append((gid, lines))
            if advance is not None:
                advance(1)
    finally:
        outcome.seconds = time.perf_counter() - started
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
            proc.join()
    return outcome
