"""Running the projector: under the library's ``ProjectionRunner`` (PostgreSQL), or by polling.

With PostgreSQL, :func:`make_runner` builds an ``eventsourcing`` ``ProjectionRunner``: its
subscription LISTENs on the events table's channel, and each notification it yields calls
:meth:`ReadModelProjection.process_event`. That method does not apply the one event: it runs a
:meth:`~.projector.Projector.catch_up` pass (reading from the tracked position, in batches, one
transaction per batch), so a burst of notifications is projected in a few transactions and the
later calls for notifications already covered return at once. The runner's view is a
:class:`~.store.PostgresReadModels` (tracking table ``rm_tracking``), so ``runner.wait(id)`` and
``max_tracking_id`` work as the library documents.

SQLite has no subscriptions: :func:`poll_forever` checks the notification log's head every
``interval`` seconds and catches up when it moved (wake-ups through RQ make it faster).

Both paths also run the accounts' read models (open tables, accounts' seats, ratings:
:func:`.accounts.projections_for`) after each pass, as the workers' pass does: each follows the
log from its own tracked position, so a rated game's end reaches the ratings without a worker.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, cast

from eventsourcing.persistence import Tracking
from eventsourcing.projection import Projection, ProjectionRunner

from domain.platform.application import Games
from domain.platform.repository import GameRepository

from .accounts import projections_for
from .projector import CatchUp, Projector
from .store import PostgresReadModels
from .tracked import TrackedProjection

log = logging.getLogger(__name__)

PROJECTION_NAME = "rm"


class ReadModelProjection(Projection[PostgresReadModels]):
    """The read models as a library ``Projection`` (bound to its ``Games`` by :func:`bind`)."""

    name = PROJECTION_NAME
    topics: tuple[str, ...] = ()
    #: builds the projector for a view (set on the subclass :func:`bind` makes)
    make_projector: Callable[[PostgresReadModels], Projector] | None = None
    #: called with each pass's result (e.g. to enqueue the deliveries of new notices)
    on_result: Callable[[CatchUp], object] | None = None

    def __init__(self, view: PostgresReadModels) -> None:
        super().__init__(view)
        factory = type(self).make_projector
        if factory is None:
            raise TypeError("use projections.runner.bind() to make a runnable projection class")
        self.projector = factory(view)
        self.extra = projections_for(self.projector.games, view)
        self._covered = 0

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        if tracking.notification_id <= self._covered:
            return
        result = self.projector.catch_up()
        self._covered = max(self._covered, result.position)
        catch_up_extra(self.extra)
        callback = type(self).on_result
        if callback is not None and (result.processed or result.notices):
            try:
                callback(result)
            except Exception:  # delivery hand-off is best effort; the sweep catches up
                log.exception("after-projection callback failed")


def bind(
    games_factory: Callable[[], Games],
    *,
    on_result: Callable[[CatchUp], object] | None = None,
    **projector_options: Any,
) -> type[ReadModelProjection]:
    """A :class:`ReadModelProjection` subclass whose projector reads through ``games_factory()``."""

    def make(view: PostgresReadModels) -> Projector:
        view.create_read_model_tables()  # idempotent; servers run with CREATE_TABLE=n
        return Projector(games_factory(), view, **projector_options)

    return type(
        "BoundReadModelProjection",
        (ReadModelProjection,),
        {
            "name": PROJECTION_NAME,
            "make_projector": staticmethod(make),
            "on_result": staticmethod(on_result) if on_result else None,
        },
    )


def make_runner(
    env: dict[str, str],
    *,
    on_result: Callable[[CatchUp], object] | None = None,
    **projector_options: Any,
) -> ProjectionRunner:
    """A started ``ProjectionRunner`` following the PostgreSQL store ``env`` describes.

    Use it as a context manager and call ``run_forever()``; it raises if the projection fails.
    """
    projection_class = bind(lambda: Games(env=env), on_result=on_result, **projector_options)
    return ProjectionRunner(
        # the library subscribes through an ``Application``: the games' repository (the store
        # and its transcoder, under the application name ``chronicle``)
        application_class=GameRepository,
        projection_class=cast(Any, projection_class),  # the library's generic is invariant
        view_class=PostgresReadModels,
        env=env,
    )


def catch_up_extra(extra: list[TrackedProjection]) -> None:
    """Catch the accounts' read models up (one failing must not stop the others: it is
    retried with the next pass, from its tracked position)."""
    for projection in extra:
        try:
            projection.catch_up()
        except Exception:
            log.exception("%s: catch-up failed", projection.name)


def poll_forever(
    projector: Projector,
    *,
    interval: float = 0.25,
    stop: threading.Event | None = None,
    on_result: Callable[[CatchUp], object] | None = None,
    extra: list[TrackedProjection] | None = None,
) -> None:
    """Catch up whenever the notification log's head moves, until ``stop`` is set; ``extra``
    (the accounts' read models) after each pass.

    Store errors are logged and retried after ``interval`` (the position never moves past
    anything that was not written).
    """
    stop = stop or threading.Event()
    last_head = -1
    while not stop.is_set():
        try:
            head = projector.head()
            if head != last_head:
                result = projector.catch_up()
                catch_up_extra(extra or [])
                last_head = head if result.position >= head else -1
                if on_result is not None and (result.processed or result.notices):
                    on_result(result)
        except Exception:
            log.exception("projection pass failed; retrying in %.2f s", interval)
            last_head = -1
        stop.wait(interval)
