"""The list of games (``GET /api/v1/games``), served from the lobby read model.

``ReadSide.fresh()`` first catches the read models up in this process when they are behind the
store (a worker has not reached the last save yet, or Redis is down), so a client always finds
the game it just created.
"""

from __future__ import annotations

from projections.queries import ReadSide


def list_games(
    side: ReadSide,
    *,
    title: str | None = None,
    status: str | None = None,
    page: int = 1,
    page_size: int = 20,
) -> dict:
    """Game summaries, newest first, filtered by ``title`` and ``status``, one page of them:
    ``{"games": [...], "page", "page_size", "total"}``."""
    return side.fresh().list_games(title=title, status=status, page=page, page_size=page_size)
