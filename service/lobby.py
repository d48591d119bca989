"""The list of games (``GET /api/v1/games``).

For now it walks the game ids of the notification log (``Games.game_ids``, newest first) and
builds each summary; a later issue replaces :func:`list_games` with a read model, and nothing
else needs to change.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from domain.application import Games
from domain.common.errors import DomainError, StoreUnavailable

log = logging.getLogger(__name__)


@dataclass
class GamePage:
    games: list[dict]
    page: int
    page_size: int
    total: int

    def as_dict(self) -> dict:
        return {"games": self.games, "page": self.page, "page_size": self.page_size,
                "total": self.total}


def list_games(games: Games, *, title: str | None = None, status: str | None = None,
               page: int = 1, page_size: int = 20) -> GamePage:
    """Game summaries, newest first, filtered by ``title`` and ``status``, one page of them."""
    ids = list(games.game_ids(newest_first=True))
    start = (page - 1) * page_size
    if title is None and status is None:
        chosen = [s for s in (_summary(games, i) for i in ids[start:start + page_size]) if s]
        return GamePage(chosen, page, page_size, len(ids))
    matching = []
    for game_id in ids:
        summary = _summary(games, game_id)
        if summary is None:
            continue
        if title is not None and summary["title"] != title:
            continue
        if status is not None and summary["status"] != status:
            continue
        matching.append(summary)
    return GamePage(matching[start:start + page_size], page, page_size, len(matching))


def _summary(games: Games, game_id) -> dict | None:
    try:
        return games.summary(games.get_game(game_id))
    except StoreUnavailable:
        raise
    except DomainError as err:  # e.g. a title whose rules are not installed here
        log.warning("game %s left out of the list: %s", game_id, err)
        return None
