"""Issue 25's bot latency: a bot's move reaches the store within 1 s of the event that makes it
its turn (p95), with 100 bot games running at once.

Set-up, as in production: the embedded SQLite store (or PostgreSQL with
``CHRONICLE_BENCH_BOT_DB=postgres``, the local test database in a fresh schema), a redis-server
of the benchmark's own and ``CHRONICLE_BENCH_BOT_WORKERS`` real ``chronicle-worker`` processes
(default 2, one per core of this machine; ``make run`` starts one). The benchmark process is
the players: it holds 100 games (``CHRONICLE_BENCH_BOT_GAMES``), each a person against the
lobby's default bot (greedy, level 2), cycling through every title's two-player game. The
bots' turns are RQ jobs enqueued after each save (``workers.bots.BotScheduler``), exactly as
the web service enqueues them. Two loads, each reported:

* ``paced``: people at a live pace: each person moves a random listed move after thinking an
  exponentially distributed time (mean ``CHRONICLE_BENCH_BOT_THINK`` seconds, default 3) from
  the moment the game waits for them, for ``CHRONICLE_BENCH_BOT_SECONDS`` (default 60);
* ``burst``: the worst case: in each of ``CHRONICLE_BENCH_BOT_ROUNDS`` rounds (default 4) the
  benchmark moves in every game that waits for its person as fast as it can (100 bot turns
  asked for at the same instant), then waits until no game waits for a bot.

Measured from the store only: for every bot move, the recorded time of its first event minus
the recorded time of the event before it (the one after which the game waited for the bot:
the person's move, or the bot's own previous move when it moves twice in a row). Reported:
p50/p95/max over all bot moves, with the same split by title.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
import uuid
from itertools import pairwise

from domain.platform.application import Games
from domain.platform.storage import drop_postgres_schema, persistence_env, postgres_problem
from workers import bots as bot_workers
from workers.settings import WorkerSettings

from .projections import _games, _pg_url, _Redis, _spawn, _stop

GAMES = int(os.environ.get("CHRONICLE_BENCH_BOT_GAMES") or 100)
WORKERS = int(os.environ.get("CHRONICLE_BENCH_BOT_WORKERS") or 2)
ROUNDS = int(os.environ.get("CHRONICLE_BENCH_BOT_ROUNDS") or 4)
THINK = float(os.environ.get("CHRONICLE_BENCH_BOT_THINK") or 3.0)
SECONDS = float(os.environ.get("CHRONICLE_BENCH_BOT_SECONDS") or 60.0)
#: (title, variant) of the two-player games, a person against the default bot
TABLES = (("agricola", "family"), ("caverna", "standard"), ("village", "standard"))
BOT = {"bot": "greedy"}
QUIET_TIMEOUT = 120.0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def _summary(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "p50_ms": _pct(samples, 0.5) * 1e3,
        "p95_ms": _pct(samples, 0.95) * 1e3,
        "max_ms": max(samples, default=0.0) * 1e3,
        "mean_ms": (statistics.fmean(samples) if samples else 0.0) * 1e3,
    }


def _person_move(games: Games, game_id: uuid.UUID, rng: random.Random) -> str:
    """A random listed move by the game's person (seat 0) if the game waits for it:
    ``"moved"``, else ``"over"`` or ``"bot"`` (a bot has the turn). Read from the store: the
    workers' moves are not in this process's cache."""
    games.repo.forget(game_id)
    game = games.get_game(game_id)
    status = game.rules.status(game.state)
    if status.finished:
        return "over"
    if 0 not in status.to_act:
        return "bot"
    _, moves = games.legal_moves(game_id, 0)
    games.play(game_id, 0, rng.choice(moves))
    return "moved"


def _person_turns(games: Games, ids: list[uuid.UUID], rng: random.Random) -> int:
    """One random listed move in every game that waits for its person (seat 0)."""
    return sum(_person_move(games, game_id, rng) == "moved" for game_id in ids)


def _waiting_for_bots(games: Games, ids: list[uuid.UUID]) -> int:
    waiting = 0
    for game_id in ids:
        games.repo.forget(game_id)  # the workers moved: read the store, not the cache
        game = games.get_game(game_id)
        status = game.rules.status(game.state)
        if not status.finished and any(seat != 0 for seat in status.to_act):
            waiting += 1
    return waiting


def _latencies(games: Games, ids: list[uuid.UUID]) -> dict[str, list[float]]:
    """Per title: for every bot move (a batch whose command names a bot), the time from the
    event before it to its first event, both as the store recorded them."""
    out: dict[str, list[float]] = {}
    for game_id in ids:
        events = games.stored_events(game_id)
        title = events[0].data["title"]
        for before, event in pairwise(events):
            if event.command is not None and event.command.get("bot"):
                gap = event.timestamp.timestamp() - before.timestamp.timestamp()
                out.setdefault(title, []).append(gap)
    return out


def _new_games(games: Games, first_seed: int) -> list[uuid.UUID]:
    ids = []
    for i in range(GAMES):
        title, variant = TABLES[i % len(TABLES)]
        created = games.create_game(title, variant, ["Ann", BOT], {}, seed=first_seed + i)
        ids.append(created.game.id)
    return ids


def _burst(games: Games, ids: list[uuid.UUID], rng: random.Random) -> dict:
    bursts = []
    for _ in range(ROUNDS):
        _wait_quiet(games, ids)
        b0 = time.perf_counter()
        made = _person_turns(games, ids, rng)
        bursts.append((made, time.perf_counter() - b0))
    _wait_quiet(games, ids)
    return {
        "rounds": ROUNDS,
        "person_moves_per_burst": [n for n, _ in bursts],
        "burst_seconds": [round(b, 3) for _, b in bursts],
    }


def _paced(games: Games, ids: list[uuid.UUID], rng: random.Random) -> dict:
    due = {game_id: time.perf_counter() + rng.expovariate(1 / THINK) for game_id in ids}
    end = time.perf_counter() + SECONDS
    made = 0
    while time.perf_counter() < end:
        now = time.perf_counter()
        for game_id in [g for g, t in due.items() if t <= now]:
            outcome = _person_move(games, game_id, rng)
            if outcome == "over":
                due.pop(game_id)
            elif outcome == "bot":
                due[game_id] = now + 0.05  # the bot has the turn: look again soon
            else:
                made += 1
                due[game_id] = time.perf_counter() + rng.expovariate(1 / THINK)
        time.sleep(0.005)
    _wait_quiet(games, ids)
    return {"seconds": SECONDS, "think_mean_s": THINK, "person_moves": made}


def _play(games: Games, redis: _Redis, url: str, workdir: str) -> dict:
    queue = f"bots{uuid.uuid4().hex[:6]}"
    settings = WorkerSettings(redis_url=redis.url, queue_name=queue)
    bot_workers.install(games, settings)
    env = {"CHRONICLE_DATABASE_URL": url, "REDIS_URL": redis.url, "CHRONICLE_QUEUE": queue}
    workers = [
        _spawn("worker_main", env, os.path.join(workdir, f"bot-worker-{i}.log"))
        for i in range(WORKERS)
    ]
    out: dict = {"games": GAMES, "workers": WORKERS, "target": "p95 <= 1000 ms"}
    try:
        time.sleep(2.0)  # the workers connect
        for name, load, seed in (("paced", _paced, 1000), ("burst", _burst, 5000)):
            ids = _new_games(games, seed)
            t0 = time.perf_counter()
            row = load(games, ids, random.Random(seed))
            row["wall_s"] = time.perf_counter() - t0
            by_title = _latencies(games, ids)
            every = [x for xs in by_title.values() for x in xs]
            row["bot_move_latency"] = _summary(every)
            row["by_title"] = {title: _summary(xs) for title, xs in sorted(by_title.items())}
            out[name] = row
    finally:
        for worker in workers:
            _stop(worker)
    return out


def _wait_quiet(games: Games, ids: list[uuid.UUID]) -> None:
    deadline = time.perf_counter() + QUIET_TIMEOUT
    while _waiting_for_bots(games, ids):
        if time.perf_counter() > deadline:
            raise RuntimeError("the bots stopped answering (see the bot-worker logs)")
        time.sleep(0.05)


def run(section: dict) -> None:
    workdir = tempfile.mkdtemp(prefix="chronicle-bench-bots-")
    redis = _Redis()
    try:
        if os.environ.get("CHRONICLE_BENCH_BOT_DB") == "postgres":
            problem = postgres_problem(_pg_url("public"))
            if problem:
                section["skipped"] = f"PostgreSQL cannot be used: {problem}"
                return
            url = _pg_url(f"benchbots{uuid.uuid4().hex[:6]}")
            games = _games(url)
            try:
                section["postgres"] = _play(games, redis, url, workdir)
            finally:
                games.close()
                drop_postgres_schema(url)
            return
        url = f"sqlite:///{os.path.join(workdir, 'chronicle.db')}"
        games = Games(env=persistence_env(url, create_table=True))
        try:
            section["sqlite"] = _play(games, redis, url, workdir)
        finally:
            games.close()
    finally:
        redis.close()
