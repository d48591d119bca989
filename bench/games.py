"""Making real games to measure: random legal play through the ``Games`` application."""

from __future__ import annotations

import random
import uuid

from domain.platform.application import Games
from domain.platform.game import MoveResult


def random_move(games: Games, game_id: uuid.UUID, rng: random.Random) -> MoveResult | None:
    """One random legal move by a random seat the game waits for (None once it is over), as
    a client choosing from the lists would."""
    game = games.get_game(game_id)
    status = game.rules.status(game.state)
    if status.finished:
        return None
    seat = rng.choice(list(status.to_act))
    _, moves = games.legal_moves(game_id, seat)
    return games.play(game_id, seat, rng.choice(moves))


def play_random(
    games: Games, game_id: uuid.UUID, rng: random.Random, max_version: int | None = None
) -> int:
    """Play random legal moves until the game ends or reaches ``max_version``; returns the
    final version."""
    while max_version is None or games.get_game(game_id).version < max_version:
        if random_move(games, game_id, rng) is None:
            break
    return games.get_game(game_id).version


def finished_game(
    games: Games, players: int, seed: int, title: str = "agricola", variant: str = "family"
) -> uuid.UUID:
    """A complete game of ``players`` seats (an Agricola family game unless told otherwise),
    played at random."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"][:players]
    created = games.create_game(title, variant, names, {}, seed=seed)
    play_random(games, created.game.id, random.Random(seed))
    return created.game.id
