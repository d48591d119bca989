"""Issue 24 benchmark: 1,000 open event streams over 50 games, on this machine, 127.0.0.1.

Starts the production pair ``make run`` starts (gunicorn with the pages and the API, and the
event-stream process ``chronicle-stream``) on a fresh SQLite store with one shared secret key,
creates 50 two-player Agricola games through the API, then opens 1,000 streams on the stream
process (20 per game, spread evenly; one aiohttp client session in this process, bounded by a
deadline) and, while they are all open, makes moves through the API in turn on the games.

Measured:

* **delivery**: from the moment ``POST …/moves`` is answered (the move is stored) to the moment
  each of that game's 20 streams has received the ``version`` message carrying the new version;
  p50/p95/p99 over every (move, stream) pair. Target p95 <= 500 ms, p99 <= 1 s.
* **/healthz** of the web server, polled every 50 ms during the moves by a process of its own
  (one keep-alive connection): p50/p99. Target p99 <= 50 ms.
* **stream process RSS** with every stream open (``/proc``, via psutil), peak over the run.
  Target <= 200 MB.
* **CPU** of the stream process and of the web server while the moves are made (share of one
  core), and the machine's load average then: the machine may be shared.
* **refusals**: a burst of connection attempts beyond ``CHRONICLE_STREAM_MAX`` answered 503 with
  ``Retry-After`` (how many were refused, and that /healthz still answered).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import tempfile
import time

import psutil
import requests

from .http import BIN, ROOT, Server, free_port

GAMES = 50
STREAMS = 1000
MOVES = 150
DEADLINE = 240.0


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class StreamProcess:
    def __init__(self, env: dict, max_streams: int) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [os.path.join(BIN, "chronicle-stream")],
            cwd=ROOT,
            env={
                **env,
                "CHRONICLE_STREAM_PORT": str(self.port),
                "CHRONICLE_STREAM_MAX": str(max_streams),
                "CHRONICLE_LOG_LEVEL": "warning",
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=1).ok:
                    return
            except requests.RequestException:
                time.sleep(0.2)
        raise RuntimeError("the stream process did not start")

    def rss(self) -> int:
        return psutil.Process(self.proc.pid).memory_info().rss

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def _reader(
    session, url: str, game: str, seen: dict, ready: asyncio.Event, counter: list
) -> None:
    """One stream: record when each version arrives."""
    async with session.get(url) as response:
        if response.status != 200:
            counter[1] += 1
            return
        counter[0] += 1
        if counter[0] >= STREAMS:
            ready.set()
        async for raw in response.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("id: "):
                version = int(line[4:])
                seen.setdefault((game, version), []).append(time.perf_counter())


def _healthz_poll(url: str, stop, out) -> None:
    """Poll ``/healthz`` every 50 ms over one keep-alive connection until ``stop`` is set;
    put the response times on ``out``. Runs in a process of its own: timed from the event loop
    that also reads the 1,000 streams (and beside the thread making the moves), the clock
    would measure this client's own waits as the server's."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    samples = []
    while not stop.is_set():
        started = time.perf_counter()
        conn.request("GET", "/healthz")
        conn.getresponse().read()
        samples.append(time.perf_counter() - started)
        time.sleep(0.05)
    out.put(samples)


class HealthzProber:
    """:func:`_healthz_poll` in a separate process (spawned: no state shared with this one)."""

    def __init__(self, url: str) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.stop_event, self.out = ctx.Event(), ctx.Queue()
        self.proc = ctx.Process(target=_healthz_poll, args=(url, self.stop_event, self.out))
        self.proc.start()

    def stop(self) -> list[float]:
        self.stop_event.set()
        samples = self.out.get(timeout=30)
        self.proc.join(10)
        return samples


def _mover(web: str, games: list[dict], moved: list, stop_at: float) -> None:
    """Make MOVES moves, one game after another, through the API (a thread of its own)."""
    http = requests.Session()
    for i in range(MOVES):
        if time.perf_counter() > stop_at:
            break
        game = games[i % len(games)]
        gid = game["id"]
        summary = http.get(f"{web}/api/v1/games/{gid}", timeout=10).json()
        seat = summary["to_act"][0]
        token = game["tokens"][seat]
        moves = http.get(
            f"{web}/api/v1/games/{gid}/moves",
            timeout=10,
            headers={"Authorization": f"Bearer {token}"},
        ).json()["moves"]
        answer = http.post(
            f"{web}/api/v1/games/{gid}/moves",
            json=moves[0],
            timeout=10,
            headers={"Authorization": f"Bearer {token}"},
        )
        done = time.perf_counter()
        if answer.status_code == 201:
            moved.append((gid, answer.json()["version"], done))
        time.sleep(0.15)


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes so far."""
    total = 0.0
    for pid in pids:
        try:
            times = psutil.Process(pid).cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


async def _run(
    web: str, streams: StreamProcess, games: list[dict], web_pids: list[int] | None = None
) -> dict:
    import aiohttp

    seen: dict = {}
    ready = asyncio.Event()
    counter = [0, 0]
    health: list[float] = []
    moved: list = []
    peak_rss = 0
    connector = aiohttp.TCPConnector(limit=0, limit_per_host=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        opened_at = time.perf_counter()
        readers = [
            asyncio.create_task(
                _reader(
                    session,
                    f"{streams.url}/api/v1/games/{games[i % GAMES]['id']}/stream",
                    games[i % GAMES]["id"],
                    seen,
                    ready,
                    counter,
                )
            )
            for i in range(STREAMS)
        ]
        await asyncio.wait_for(ready.wait(), 120)
        open_seconds = time.perf_counter() - opened_at
        async with aiohttp.ClientSession() as probe:
            pinger = HealthzProber(web)
            moves_started = time.perf_counter()
            cpu_before = (_cpu_seconds([streams.proc.pid]), _cpu_seconds(web_pids or []))
            load_before = os.getloadavg()[0]
            loop = asyncio.get_running_loop()
            mover = loop.run_in_executor(
                None, _mover, web, games, moved, time.perf_counter() + DEADLINE
            )
            while not mover.done():
                peak_rss = max(peak_rss, streams.rss())
                await asyncio.sleep(0.5)
            await mover
            wall = time.perf_counter() - moves_started
            cpu_after = (_cpu_seconds([streams.proc.pid]), _cpu_seconds(web_pids or []))
            load_after = os.getloadavg()[0]
            await asyncio.sleep(2.0)  # the last move's deliveries
            burst = await _burst(probe, streams.url, games[0]["id"])
            health = pinger.stop()
        peak_rss = max(peak_rss, streams.rss())
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    delays, missing = [], 0
    per_game = STREAMS // GAMES
    for gid, version, done in moved:
        arrivals = seen.get((gid, version), [])
        missing += per_game - len(arrivals)
        delays.extend(max(0.0, t - done) for t in arrivals)
    return {
        "streams_open": counter[0],
        "streams_refused_at_open": counter[1],
        "open_all_seconds": open_seconds,
        "moves": len(moved),
        "deliveries": len(delays),
        "deliveries_missing": missing,
        "delivery_p50_ms": _pct(delays, 0.5),
        "delivery_p95_ms": _pct(delays, 0.95),
        "delivery_p99_ms": _pct(delays, 0.99),
        "delivery_max_ms": 1000 * max(delays),
        "healthz_n": len(health),
        "healthz_p50_ms": _pct(health, 0.5),
        "healthz_p99_ms": _pct(health, 0.99),
        "stream_process_peak_rss_mb": peak_rss / 2**20,
        # while the moves were made: each process's share of one core, and the machine's
        # 1-minute load average (other sessions share it: read the figures beside it)
        "stream_process_cpu_percent": 100 * (cpu_after[0] - cpu_before[0]) / wall,
        "web_server_cpu_percent": 100 * (cpu_after[1] - cpu_before[1]) / wall,
        "load_average_1min": [round(load_before, 2), round(load_after, 2)],
        "burst": burst,
        "target": "delivery p95 <= 500 ms, p99 <= 1000 ms; /healthz p99 <= 50 ms; "
        "stream process <= 200 MB",
    }


async def _burst(session, url: str, game_id: str, attempts: int = 2000) -> dict:
    """Connection attempts beyond the limit: each is answered (503 + Retry-After), none hangs."""
    import aiohttp

    statuses: dict[int, int] = {}
    retry_after = 0
    sem = asyncio.Semaphore(200)

    async def one():
        nonlocal retry_after
        async with sem:
            try:
                async with session.get(
                    f"{url}/api/v1/games/{game_id}/stream", timeout=aiohttp.ClientTimeout(total=10)
                ) as response:
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                    if response.status == 503 and response.headers.get("Retry-After"):
                        retry_after += 1
            except Exception:
                statuses[0] = statuses.get(0, 0) + 1

    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(attempts)))
    return {
        "attempts": attempts,
        "statuses": {str(k): v for k, v in statuses.items()},
        "with_retry_after": retry_after,
        "seconds": time.perf_counter() - started,
    }


def run(report: dict) -> None:
    data_dir = tempfile.mkdtemp(prefix="chronicle-bench-streams-")
    os.environ.setdefault("CHRONICLE_SECRET_KEY", "bench-streams")
    web = Server(data_dir)
    streams = StreamProcess(web.env, max_streams=STREAMS)
    try:
        games = []
        for i in range(GAMES):
            created = requests.post(
                f"{web.url}/api/v1/games",
                timeout=10,
                json={
                    "title": "agricola",
                    "variant": "family",
                    "players": ["Ann", "Bob"],
                    "seed": i,
                },
            ).json()
            games.append({"id": created["id"], "tokens": [s["token"] for s in created["seats"]]})
        report.update(asyncio.run(_run(web.url, streams, games, web.pids())))
        report["games"] = GAMES
    finally:
        streams.stop()
        web.stop()


if __name__ == "__main__":
    import json

    out: dict = {}
    run(out)
    print(json.dumps(out, indent=2))
