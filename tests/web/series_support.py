"""What the series page tests share: finishing a series game through the application."""

from __future__ import annotations

import random
import uuid


def finish_solo_game(web_app, game_id: str, seed: int) -> None:
    """Play the solo game to its end through the application (the game page's own buttons are
    tested elsewhere): occupations first, so the series has a card to make permanent."""
    from service.context import games

    r = random.Random(seed)
    with web_app.app_context():
        app = games()
        gid = uuid.UUID(game_id)
        while not app.get_game(gid).rules.status(app.get_game(gid).state).finished:
            _, moves = app.legal_moves(gid, 0)
            wanted = (
                [m for m in moves if m["type"] == "play_occupation"]
                or [m for m in moves if m.get("space") == "lessons"]
                or moves
            )
            app.play(gid, 0, r.choice(wanted))
