"""Issue 3, benchmark (d) and (e): one move through HTTP, and the server's peak memory.

(d) starts the production server (``chronicle-serve``, as ``make run`` does) on a fresh SQLite
store, plays an Agricola family game through the API up to about 500 events, then times
``POST …/moves`` (choosing from ``GET …/moves``, which is not timed) against ``GET /healthz`` on
the same server and the same keep-alive client.

(e) fills a store with 1,000 games (each a few dozen moves in), starts the server, reads every
game through the API (summary, state, moves, scores) and reports the server's peak resident
memory (``VmHWM`` of every server process).
"""

from __future__ import annotations

import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``chronicle-serve`` (as ``make run`` starts it) on a data directory."""

    def __init__(self, data_dir: str) -> None:
        self.port = free_port()
        self.env = {
            **os.environ,
            "CHRONICLE_DATA_DIR": data_dir,
            "PORT": str(self.port),
            "CHRONICLE_DATABASE_URL": "",
            "PYTHONPATH": ROOT,
            "CHRONICLE_RATE_LIMITS": "",
        }
        self.env.pop("CHRONICLE_DATABASE_URL")
        subprocess.run(
            [os.path.join(BIN, "flask"), "--app", "service.app:create_app", "init-db"],
            cwd=ROOT,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        self.proc = subprocess.Popen(
            [os.path.join(BIN, "chronicle-serve")],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=1).status_code in (200, 503):
                    return
            except requests.RequestException:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def pids(self) -> list[int]:
        out = subprocess.run(
            ["pgrep", "-g", str(os.getpgid(self.proc.pid))],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.split()
        return [int(p) for p in out]

    def peak_rss_mb(self) -> float:
        total = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/status") as fh:
                    for line in fh:
                        if line.startswith("VmHWM:"):
                            total += int(line.split()[1])
            except FileNotFoundError:
                pass
        return total / 1024

    def stop(self) -> None:
        try:
            os.killpg(os.getpgid(self.proc.pid), signal.SIGTERM)
            self.proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(os.getpgid(self.proc.pid), signal.SIGKILL)


def _percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def _new_game(http: requests.Session, url: str, seed: int) -> tuple[str, list[str]]:
    r = http.post(
        url + "/api/v1/games",
        json={
            "title": "agricola",
            "variant": "family",
            "players": ["Ann", "Bob", "Cid", "Dee", "Eve"],
            "seed": seed,
        },
    )
    r.raise_for_status()
    body = r.json()
    return body["id"], [s["token"] for s in body["seats"]]


def _step(http, url, game_id, tokens, rng, timings=None) -> dict | None:
    """One random legal move; returns the new summary, or None when the game is over."""
    summary = http.get(f"{url}/api/v1/games/{game_id}").json()
    if summary["status"] == "finished" or not summary["to_act"]:
        return None
    seat = rng.choice(summary["to_act"])
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    moves = http.get(f"{url}/api/v1/games/{game_id}/moves", headers=auth).json()["moves"]
    move = rng.choice(moves)
    t0 = time.perf_counter()
    r = http.post(f"{url}/api/v1/games/{game_id}/moves", json=move, headers=auth)
    elapsed = time.perf_counter() - t0
    if r.status_code != 201:
        raise RuntimeError(f"move refused: {r.status_code} {r.text[:300]}")
    if timings is not None:
        timings.append(elapsed)
    return r.json()


def move_latency(samples: int = 300, warm_version: int = 450) -> dict:
    data_dir = tempfile.mkdtemp(prefix="chronicle-bench-http-")
    server = Server(data_dir)
    http = requests.Session()
    rng = random.Random(11)
    moves, health, sizes = [], [], []
    try:
        seed = 100
        while len(moves) < samples:
            game_id, tokens = _new_game(http, server.url, seed)
            seed += 1
            version = 1
            while True:
                timed = version >= warm_version
                result = _step(http, server.url, game_id, tokens, rng, moves if timed else None)
                if result is None:
                    break
                version = result["version"]
                if timed:
                    sizes.append(version)
                    t0 = time.perf_counter()
                    http.get(server.url + "/healthz")
                    health.append(time.perf_counter() - t0)
                if len(moves) >= samples:
                    break
        p50m, p99m = _percentile(moves, 50), _percentile(moves, 99)
        p50h, p99h = _percentile(health, 50), _percentile(health, 99)
        return {
            "samples": len(moves),
            "game_versions": f"{min(sizes)}-{max(sizes)}",
            "move_p50_ms": p50m * 1e3,
            "move_p99_ms": p99m * 1e3,
            "healthz_p50_ms": p50h * 1e3,
            "healthz_p99_ms": p99h * 1e3,
            "p50_ratio": p50m / p50h,
            "p99_ratio": p99m / p99h,
            "target": "p50 <= 4, p99 <= 10",
            "mean_move_ms": statistics.mean(moves) * 1e3,
        }
    finally:
        server.stop()


def fill_store(data_dir: str, games: int, moves_each: int) -> list[tuple[str, list[str]]]:
    """Create ``games`` games directly through the application (fast), each a few moves in."""
    from bench.games import play_random
    from domain.platform.application import Games
    from domain.platform.storage import persistence_env

    app = Games(env=persistence_env(None, data_dir, create_table=True))
    made = []
    rng = random.Random(7)
    try:
        for i in range(games):
            players = ["Ann", "Bob", "Cid", "Dee", "Eve"][: rng.randint(1, 5)]
            created = app.create_game("agricola", "family", players, {}, seed=10_000 + i)
            play_random(app, created.game.id, rng, max_version=moves_each)
            made.append((str(created.game.id), created.tokens))
    finally:
        app.close()
    return made


def peak_memory(games: int = 1000, moves_each: int = 40) -> dict:
    data_dir = tempfile.mkdtemp(prefix="chronicle-bench-mem-")
    t0 = time.perf_counter()
    made = fill_store(data_dir, games, moves_each)
    fill_s = time.perf_counter() - t0
    server = Server(data_dir)
    http = requests.Session()
    try:
        idle = server.peak_rss_mb()
        for game_id, tokens in made:
            auth = {"Authorization": f"Bearer {tokens[0]}"}
            for path in ("", "/state", "/moves", "/scores"):
                r = http.get(f"{server.url}/api/v1/games/{game_id}{path}", headers=auth)
                r.raise_for_status()
        listing = http.get(f"{server.url}/api/v1/games", params={"page_size": 100})
        listing.raise_for_status()
        peak = server.peak_rss_mb()
        return {
            "games": games,
            "moves_each_up_to_version": moves_each,
            "fill_seconds": fill_s,
            "server_processes": len(server.pids()),
            "idle_peak_rss_mb": idle,
            "peak_rss_mb": peak,
            "target": "<= 250 MB",
        }
    finally:
        server.stop()


def run(report: dict) -> None:
    report["d_move_through_http"] = move_latency()
    report["e_server_memory_1000_games"] = peak_memory()
