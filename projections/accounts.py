"""The accounts' read models (open tables, accounts' seats, ratings), as a list the workers and
the rebuild command run beside the games' projector: each follows the log on its own
(:mod:`.tracked`)."""

from __future__ import annotations

from typing import Any

from .ratings import RatingsProjection
from .tables import TablesProjection
from .tracked import TrackedProjection


def projections_for(games: Any, store: Any) -> list[TrackedProjection]:
    """The accounts' projections on ``games``'s store."""
    return [TablesProjection(games, store), RatingsProjection(games, store)]
