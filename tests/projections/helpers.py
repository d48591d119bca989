"""Playing toy games and comparing read models."""

from __future__ import annotations

import json
import random
import uuid

from domain.platform.application import Games

#: columns that record when/how a notice was delivered (not derived from events)
DELIVERY_COLUMNS = (
    "state",
    "attempts",
    "next_attempt_at",
    "lease_until",
    "last_status",
    "last_error",
    "delivered_at",
)


def new_game(games: Games, players=("Ann", "Bob"), goal: int = 8, seed: int = 7):
    return games.create_game("toy", "race", list(players), {"goal": goal}, seed=seed)


def play(games: Games, game_id: uuid.UUID, moves: int, rng: random.Random | None = None) -> int:
    """Play up to ``moves`` legal moves (random choices); returns the final version."""
    rng = rng or random.Random(1)
    for _ in range(moves):
        game = games.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished or game.pending_undo:
            break
        seat = rng.choice(list(status.to_act))
        _, legal = games.legal_moves(game_id, seat)
        games.play(game_id, seat, rng.choice(legal))
    return games.get_game(game_id).version


def play_out(games: Games, game_id: uuid.UUID, rng: random.Random | None = None) -> int:
    return play(games, game_id, 10_000, rng)


def assert_exact(games: Games, store, game_ids) -> None:
    """Every game's events applied exactly once, and the live read models equal a rebuild."""
    from projections.projector import Projector

    for game_id in game_ids:
        row = store.game_row(str(game_id))
        assert row["applied"] == row["version"] == games.get_game(game_id).version, game_id
    live = dump(store)
    Projector(games, store).rebuild()
    assert dump(store) == live


def dump(store, include_outbox_state: bool = False) -> dict:
    """Every read-model table as sorted rows (JSON columns decoded)."""
    out = {}
    keys = {
        "rm_games": "game_id",
        "rm_seats": "game_id, seat",
        "rm_score_heads": "game_id",
        "rm_score_cells": "game_id, version, cell",
        "rm_subscriptions": "game_id, seat, channel",
        "rm_outbox": "notice_id",
    }
    for table, order in keys.items():
        rows = store.query(f"SELECT * FROM {{p}}{table} ORDER BY {order}")
        clean = []
        for row in rows:
            row = dict(row)
            if table == "rm_outbox" and not include_outbox_state:
                for col in DELIVERY_COLUMNS:
                    row.pop(col, None)
            for col in ("summary", "sheet", "value", "to_act", "notice_to_act", "data"):
                if isinstance(row.get(col), str):
                    row[col] = json.loads(row[col])
            clean.append(row)
        out[table] = clean
    out["position"] = store.query(
        "SELECT notification_id FROM {p}rm_tracking WHERE application_name = ?", ["chronicle"]
    )
    return out


def store_event_count(games: Games) -> int:
    """Game events in the store (GameCreated and GameEvent notifications)."""
    count = 0
    start = 0
    while True:
        batch = games.recorder.select_notifications(start, 1000, inclusive_of_start=False)
        if not batch:
            return count
        count += sum(
            1
            for n in batch
            if n.topic in ("domain.game:GameEvent", "domain.application:GameCreated")
        )
        start = batch[-1].id
