"""Issue 5 benchmarks: projection lag, notice latency, and a full rebuild of the read models.

(a) **Projection lag**: from ``Games.play()`` returning (the move is saved) to the move's score
    sheet being visible in the read model, p50/p95 over Agricola family moves:
    * with a real RQ worker (``chronicle-worker``: the after-save wake-up, a ``SimpleWorker``),
      on SQLite and on PostgreSQL;
    * with the PostgreSQL projector (``chronicle-projector``: the library's ``ProjectionRunner``
      on LISTEN/NOTIFY; wake-ups off).
(b) **Notice latency**: from just before ``play()`` to a local webhook receiver getting the
    signed "your turn" notice (RQ worker, SQLite).
(c) **Rebuild**: 1,000 games (Agricola family, a few dozen events each, ``BENCH_GAMES`` /
    ``BENCH_GAME_EVENTS``): a full rebuild of every read model in events/s, against the raw
    replay rate of the same events (read the notification log, decode, fold each game with the
    title's rules; no read model), i.e. the floor of any projection. Target ratio >= 0.5 for
    what ``chronicle-rebuild`` runs (games partitioned over one process per core,
    :mod:`projections.rebuild`); the one-process rebuild is reported beside it.

Servers: a redis-server of the benchmark's own on a spare port; PostgreSQL from
``CHRONICLE_BENCH_PG_URL`` (default the local test database) in a fresh schema, dropped after.
A part whose server is missing is reported as skipped, with the reason.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from domain.platform.application import GAME_CREATED_TOPIC, Games
from domain.platform.game import fold
from domain.platform.storage import drop_postgres_schema, postgres_problem
from projections import subscriptions
from projections.projector import Projector
from projections.store import open_store
from workers.settings import WorkerSettings
from workers.wakeup import install

from .games import play_random, random_move

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PG_URL = os.environ.get("CHRONICLE_BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/test")
N_GAMES = int(os.environ.get("BENCH_GAMES") or 1000)
GAME_EVENTS = int(os.environ.get("BENCH_GAME_EVENTS") or 60)
LAG_MOVES = int(os.environ.get("BENCH_LAG_MOVES") or 150)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _percentiles(samples: list[float]) -> dict:
    ordered = sorted(samples)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))] * 1e3

    return {
        "n": len(ordered),
        "p50_ms": pct(0.5),
        "p95_ms": pct(0.95),
        "max_ms": pct(1.0),
        "mean_ms": statistics.mean(ordered) * 1e3,
    }


class _Redis:
    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if not binary:
            raise RuntimeError("redis-server is not installed")
        self.port = _free_port()
        self.dir = tempfile.mkdtemp(prefix="bench-redis-")
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.dir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


class _Receiver:
    """Records when each webhook arrives (by its ``webhook-id``)."""

    def __init__(self) -> None:
        arrivals = self.arrivals = {}

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                arrivals.setdefault(self.headers.get("webhook-id"), time.time())
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()


def _pg_url(schema: str) -> str:
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}schema={schema}"


def _games(url: str) -> Games:
    from domain.platform.storage import ensure_postgres_schema, persistence_env

    ensure_postgres_schema(url)
    return Games(env=persistence_env(url, create_table=True))


def _spawn(entry: str, env: dict, log: str) -> subprocess.Popen:
    code = f"import sys; from workers.cli import {entry}; sys.exit({entry}())"
    full = dict(os.environ)
    full["PYTHONPATH"] = ROOT + os.pathsep + full.get("PYTHONPATH", "")
    full.update(env)
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=full,
        stdout=open(log, "ab"),
        stderr=subprocess.STDOUT,
    )


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def _new_games(games: Games, n: int, seed: int, hook_url: str | None = None) -> list[uuid.UUID]:
    """``n`` new games; with ``hook_url`` every seat subscribes a webhook there."""
    made = [
        games.create_game("agricola", "family", ["Ann", "Bob", "Cid"], {}, seed=seed + i).game.id
        for i in range(n)
    ]
    if hook_url:
        for game_id in made:
            for seat in range(3):
                subscriptions.save(
                    games,
                    game_id,
                    seat,
                    subscriptions.build(None, webhook_url=f"{hook_url}/{game_id}/{seat}"),
                )
    return made


def _wait_caught_up(store, games: Games, timeout: float = 60.0) -> None:
    deadline = time.time() + timeout
    head = games.recorder.max_notification_id()
    while store.position(games.name) < head:
        if time.time() > deadline:
            raise RuntimeError("the read models did not catch up")
        time.sleep(0.01)


def _lag(
    games: Games,
    store,
    moves: int,
    seed: int,
    pause: float = 0.02,
    t_before: dict | None = None,
    hook_url: str | None = None,
) -> list[float]:
    """Seconds from play() returning to the move's sheet being in the read model."""
    rng = random.Random(seed)
    ids = _new_games(games, 4, seed, hook_url)
    _wait_caught_up(store, games)
    lags = []
    sql = store.sql("SELECT version FROM {p}rm_score_heads WHERE game_id = ?")
    for i in range(moves):
        game_id = ids[i % len(ids)]
        before = time.time()
        result = random_move(games, game_id, rng)
        if result is None:
            ids[i % len(ids)] = _new_games(games, 1, seed + 1000 + i, hook_url)[0]
            continue
        t0 = time.perf_counter()
        if t_before is not None:
            t_before[(game_id.hex, result.version)] = before
        key = str(game_id)
        while True:
            with store.reading() as cur:
                cur.execute(sql, [key])
                row = cur.fetchone()
            if row is not None and row["version"] >= result.version:
                break
            if time.perf_counter() - t0 > 10:
                raise RuntimeError("a move never became visible")
            time.sleep(0.0005)
        lags.append(time.perf_counter() - t0)
        time.sleep(pause)
    return lags


def lag_with_worker(
    workdir: str, redis: _Redis, url: str, label: str, notices: bool = False
) -> dict:
    games = _games(url)
    store = open_store(games)
    queue = f"bench{uuid.uuid4().hex[:6]}"
    settings = WorkerSettings(redis_url=redis.url, queue_name=queue)
    install(games, settings, fallback=False)
    receiver = _Receiver() if notices else None
    worker = _spawn(
        "worker_main",
        {"CHRONICLE_DATABASE_URL": url, "REDIS_URL": redis.url, "CHRONICLE_QUEUE": queue},
        os.path.join(workdir, f"worker-{label}.log"),
    )
    try:
        t_before: dict = {}
        lags = _lag(
            games,
            store,
            LAG_MOVES,
            seed=11,
            t_before=t_before,
            hook_url=receiver.url if receiver is not None else None,
        )
        out = {"projection_lag": _percentiles(lags)}
        if receiver is not None:
            time.sleep(2.0)
            latencies = []
            for message_id, arrived in receiver.arrivals.items():
                _, hexid, version, _seat, _kind = message_id.split("_")
                sent = t_before.get((hexid, int(version)))
                if sent is not None:
                    latencies.append(arrived - sent)
            out["notice_latency_webhook"] = _percentiles(latencies) if latencies else {"n": 0}
        return out
    finally:
        _stop(worker)
        if receiver is not None:
            receiver.close()
        games.close()


def lag_with_projector(workdir: str, redis: _Redis, url: str) -> dict:
    games = _games(url)
    store = open_store(games)
    projector = _spawn(
        "projector_main",
        {"CHRONICLE_DATABASE_URL": url, "REDIS_URL": redis.url},
        os.path.join(workdir, "projector.log"),
    )
    try:
        time.sleep(1.0)
        return {"projection_lag": _percentiles(_lag(games, store, LAG_MOVES, seed=21))}
    finally:
        _stop(projector)
        games.close()


def _fill(games: Games) -> float:
    rng = random.Random(5)
    t0 = time.perf_counter()
    for i in range(N_GAMES):
        game_id = games.create_game(
            "agricola", "family", ["Ann", "Bob", "Cid"][: 2 + i % 2], {}, seed=i
        ).game.id
        play_random(games, game_id, rng, max_version=GAME_EVENTS)
    games.repo.forget()
    return time.perf_counter() - t0


def _scan_replay(games: Games) -> tuple[int, float]:
    """Floor 1: one ordered scan of the notification log, decode, fold each game."""
    start = time.perf_counter()
    folded: dict = {}
    events = 0
    position = 0
    to_event = games.mapper.to_domain_event
    while True:
        notes = games.recorder.select_notifications(position, 2000, inclusive_of_start=False)
        if not notes:
            break
        for note in notes:
            if note.topic in (GAME_CREATED_TOPIC, "domain.game:GameEvent"):
                event = to_event(note)
                gid = event.originator_id
                folded[gid] = fold(folded.get(gid), [event], None)
                events += 1
        position = notes[-1].id
    return events, time.perf_counter() - start


def _app_replay(games: Games) -> tuple[int, float]:
    """Floor 2: the application's own replay of every game (``Games.rebuild``, no snapshot)."""
    ids = list(games.game_ids())
    start = time.perf_counter()
    events = sum(games.rebuild(game_id).version for game_id in ids)
    return events, time.perf_counter() - start


def _best_rebuild(games: Games, store, repeat: int = 2) -> tuple[int, float]:
    """One process: the projector's own ``rebuild`` (the live path's code, no partitions)."""
    best = None
    for _ in range(repeat):
        projector = Projector(games, store, cache_size=N_GAMES + 16)
        start = time.perf_counter()
        result = projector.rebuild(batch_size=2000)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return result.processed, best


def _best_parallel_rebuild(games: Games, repeat: int = 3) -> tuple[int, float]:
    """What ``chronicle-rebuild`` runs: the games partitioned over one process per core."""
    from projections import rebuild as parallel

    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        figures = parallel.rebuild(games, cache_size=N_GAMES + 16)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return figures["workers"], best


def rebuild_rate(workdir: str) -> dict:
    """(c): fill a SQLite store with N_GAMES games, then time the floors and a full rebuild."""
    from domain.platform.storage import persistence_env

    games = Games(env=persistence_env(None, os.path.join(workdir, "rebuild"), create_table=True))
    try:
        fill = _fill(games)
        scan_events, scan_s = min((_scan_replay(games) for _ in range(2)), key=lambda r: r[1])
        app_events, app_s = min((_app_replay(games) for _ in range(2)), key=lambda r: r[1])
        floor = max(scan_events / scan_s, app_events / app_s)
        store = open_store(games)
        notifications, one_s = _best_rebuild(games, store)
        workers, seconds = _best_parallel_rebuild(games)
        rate = scan_events / seconds
        out = {
            "games": N_GAMES,
            "events": scan_events,
            "notifications": notifications,
            "fill_seconds": round(fill, 1),
            "raw_scan_replay_events_per_s": scan_events / scan_s,
            "raw_app_replay_events_per_s": app_events / app_s,
            "one_process_rebuild_events_per_s": scan_events / one_s,
            "one_process_ratio": scan_events / one_s / floor,
            "rebuild_workers": workers,
            "cpus": os.cpu_count(),
            "rebuild_events_per_s": rate,
            "rebuild_seconds": seconds,
            "ratio": rate / floor,
            "target": ">= 0.5 (chronicle-rebuild against the faster floor)",
        }
        return out
    finally:
        games.close()


def run(report: dict) -> None:
    workdir = tempfile.mkdtemp(prefix="chronicle-bench-projections-")
    report["setup"] = {
        "title": "agricola family (3 seats)",
        "lag_moves": LAG_MOVES,
        "worker": "chronicle-worker (RQ SimpleWorker + poll thread)",
        "projector": "chronicle-projector (ProjectionRunner, LISTEN/NOTIFY)",
    }
    try:
        redis = _Redis()
    except Exception as err:
        redis = None
        report["redis"] = f"skipped: {err}"
    pg_reason = postgres_problem(PG_URL)
    try:
        if redis is not None:
            sqlite_url = "sqlite:///" + os.path.join(workdir, "lag", "chronicle.db")
            os.makedirs(os.path.join(workdir, "lag"), exist_ok=True)
            report["rq_worker_sqlite"] = lag_with_worker(
                workdir, redis, sqlite_url, "sqlite", notices=True
            )
            if pg_reason is None:
                schema = f"bench_{uuid.uuid4().hex[:10]}"
                url = _pg_url(schema)
                try:
                    report["rq_worker_postgres"] = lag_with_worker(workdir, redis, url, "pg")
                finally:
                    drop_postgres_schema(url)
                schema = f"bench_{uuid.uuid4().hex[:10]}"
                url = _pg_url(schema)
                try:
                    report["projector_postgres"] = lag_with_projector(workdir, redis, url)
                finally:
                    drop_postgres_schema(url)
            else:
                report["postgres"] = f"skipped: {pg_reason}"
        report["rebuild"] = rebuild_rate(workdir)
        report["targets"] = {
            "lag_p95_ms": "< 50",
            "notice_p95_ms": "< 1000",
            "rebuild_ratio": ">= 0.5",
        }
    finally:
        if redis is not None:
            redis.close()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    out: dict = {}
    run(out)
    print(json.dumps(out, indent=2))
