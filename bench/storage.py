"""Issue 3, benchmark (a) to (c): saves, full replays and past versions, against raw floors."""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
import uuid

from domain.platform import registry
from domain.platform.application import Games
from domain.platform.game import GameEvent
from domain.platform.storage import persistence_env

from .floors import fetch_and_decode_seconds, raw_insert_rate
from .games import finished_game, random_move


def _games(workdir: str) -> Games:
    return Games(env=persistence_env(None, workdir, create_table=True))


def single_move_saves(games: Games, workdir: str, n: int = 2000) -> dict:
    """(a) events/s saving one event per transaction through the application's store path
    (encode with the library's mapper, insert, commit), against raw sqlite3 inserts of the same
    rows (same table shape, WAL, synchronous=FULL)."""
    created = games.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=1)
    gid = created.game.id
    data = {"seat": 0, "space": "forest", "goods": {"wood": 3}}
    start_version = games.get_game(gid).version
    t0 = time.perf_counter()
    for i in range(1, n + 1):
        event = GameEvent(
            originator_id=gid,
            originator_version=start_version + i,
            timestamp=GameEvent.create_timestamp(),
            type="BenchEvent",
            seat=0,
            data=data,
            command={"seat": 0, "move": {"type": "place"}, "count": 1},
        )
        games.repo.store([event])
    app_rate = n / (time.perf_counter() - t0)
    payload = games.mapper.to_stored_event(event).state
    floor = raw_insert_rate(os.path.join(workdir, "floor.db"), n, payload)
    # the whole move path for context: load, decide (real rules), save, fold
    rng = random.Random(3)
    play_id = games.create_game("agricola", "family", ["Ann", "Bob", "Cid"], {}, seed=3).game.id
    before = games.get_game(play_id).version
    t0 = time.perf_counter()
    moves = 0
    while moves < 300 and random_move(games, play_id, rng) is not None:
        moves += 1
    elapsed = time.perf_counter() - t0
    events = games.get_game(play_id).version - before
    return {
        "app_events_per_s": app_rate,
        "raw_floor_per_s": floor,
        "ratio": app_rate / floor,
        "target": ">= 0.5",
        "full_move_path": {
            "moves": moves,
            "events": events,
            "moves_per_s": moves / elapsed,
            "events_per_s": events / elapsed,
            "note": "legal-move listing + decide + save + fold, Agricola",
        },
    }


def full_replay(games: Games, workdir: str, game_id: uuid.UUID, repeat: int = 7) -> dict:
    """(b) rebuilding a finished 4-player game from all its events, no snapshot, no cache,
    against fetching the same rows and json-decoding each one."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        game = games.rebuild(game_id)
        best = min(best, time.perf_counter() - t0)
    floor = fetch_and_decode_seconds(
        os.path.join(workdir, "chronicle.db"), "stored_events", game_id.hex, repeat
    )
    return {
        "events": game.version,
        "rebuild_s": best,
        "floor_s": floor,
        "events_per_s": game.version / best,
        "ratio": best / floor,
        "target": "<= 2.5",
    }


def past_versions(games: Games, game_id: uuid.UUID, samples: int = 200) -> dict:
    """(c) the state (as a client sees it) at a random past version against the current one,
    both rebuilt from the nearest snapshot, uncached."""
    current = games.get_game(game_id).version
    rng = random.Random(5)

    def state_at(version):
        game = games.rebuild(game_id, version, use_snapshots=True)
        return game.rules.view(game.state, None)

    def timed(version):
        t0 = time.perf_counter()
        state_at(version)
        return time.perf_counter() - t0

    past = [timed(rng.randint(1, current - 1)) for _ in range(samples)]
    now = [timed(None) for _ in range(samples)]
    p, c = statistics.mean(past), statistics.mean(now)
    return {"past_mean_ms": p * 1e3, "current_mean_ms": c * 1e3, "ratio": p / c, "target": "<= 2"}


def run(report: dict) -> None:
    workdir = tempfile.mkdtemp(prefix="chronicle-bench-")
    games = _games(workdir)
    try:
        report["a_single_move_saves"] = single_move_saves(games, workdir)
        game_id = finished_game(games, 4, seed=2024)
        report["b_full_replay_4p"] = full_replay(games, workdir, game_id)
        report["c_state_at_past_version"] = past_versions(games, game_id)
        full = finished_game(games, 5, seed=2026, title="agricola", variant="full")
        report["b_full_replay_agricola_full_5p"] = full_replay(games, workdir, full)
        if "caverna" in registry.names():
            cav = finished_game(games, 7, seed=2025, title="caverna", variant="standard")
            report["b_full_replay_caverna_7p"] = full_replay(games, workdir, cav)
        if "village" in registry.names():
            vil = finished_game(games, 5, seed=2027, title="village", variant="standard")
            report["b_full_replay_village_5p"] = full_replay(games, workdir, vil)
    finally:
        games.close()
