"""Making real games to measure: random legal play through the ``Games`` application."""
from __future__ import annotations

import random
import uuid

from domain.application import Games


def play_random(games: Games, game_id: uuid.UUID, rng: random.Random,
                max_version: int | None = None) -> int:
    """Play random legal moves (as a client choosing from the lists would) until the game ends
    or reaches ``max_version``; returns the final version."""
    while True:
        game = games.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished or (max_version is not None and game.version >= max_version):
            return game.version
        seat = rng.choice(list(status.to_act))
        _, moves = games.legal_moves(game_id, seat)
        games.play(game_id, seat, rng.choice(moves))


def finished_game(games: Games, players: int, seed: int) -> uuid.UUID:
    """A complete Agricola family game of ``players`` seats, played at random."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]
    created = games.create_game("agricola", "family", names, {}, seed=seed)
    play_random(games, created.game.id, random.Random(seed))
    return created.game.id
