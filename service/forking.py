"""When a game may be forked without revealing what it still hides.

A fork hands out new tokens for every seat of a game whose history is the parent's first N
events. If those events hold hidden information (a seat's private holdings, a secret draw
order), whoever forks an active game could read all of it through the fork's tokens, and
by finishing the fork, the secrets too. So:

* a finished game, or a seeded one (its seed is public, so nothing in it is really hidden),
  may be forked at any move boundary;
* an active unseeded game may be forked only where its history holds nothing hidden.

(The Agricola family game keeps no hidden information, so its forks are always allowed.)
"""
from __future__ import annotations

import uuid

from domain.application import Games
from domain.common.errors import VersionNotFound
from domain.common.visibility import has_hidden

from .problems import Problem
from .views import is_finished


def check_fork(games: Games, game_id: uuid.UUID, version: int) -> None:
    """Raise unless ``game_id`` may be forked at ``version`` (404, then 422s)."""
    game = games.get_game(game_id)
    if not 1 <= version <= game.version:
        raise VersionNotFound(game=str(game_id), version=version, current=game.version)
    games.check_move_boundary(game_id, version)
    if game.seeded or is_finished(game):
        return
    if any(has_hidden(event.data) for event in games.stored_events(game_id, limit=version)):
        raise Problem(422, "fork_reveals_hidden",
                      f"Game {game_id} still hides information at version {version} (a "
                      "seat's private holdings or a secret draw order); it can be forked once "
                      "it is finished.", title="Fork not allowed",
                      params={"game": str(game_id), "version": version})
