"""When a game may be forked: the rules live in ``Games.fork`` (domain); this module only keeps
the HTTP-side check order (404 for an unknown version before any 422)."""
from __future__ import annotations

import uuid

from domain.application import Games
from domain.common.errors import VersionNotFound


def check_fork(games: Games, game_id: uuid.UUID, version: int) -> None:
    """Raise ``VersionNotFound`` for a version the game never had (``Games.fork`` checks the
    rest: move boundaries and hidden information)."""
    game = games.get_game(game_id)
    if not 1 <= version <= game.version:
        raise VersionNotFound(game=str(game_id), version=version, current=game.version)
