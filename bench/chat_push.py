"""Issue 34 benchmarks: a chat message reaching 1,000 open streams, and a push notice leaving
the worker, on this machine, 127.0.0.1.

**chat**: the production pair (gunicorn with the API, and the event-stream process) on a fresh
SQLite store; 50 two-player games; 1,000 streams opened on the stream process with ``?chat=0``
(20 per game: 10 with seat 0's stream ticket, 10 with seat 1's); while they are all open, 150
chat messages are posted through the API, each by one seat of a game in turn. Measured: from
the moment ``POST …/chat`` is answered (the message is stored) to the moment each of the
*other* seat's 10 streams has the ``chat`` message carrying it; p50/p95/p99 over every
(message, stream) pair. Target p95 <= 500 ms.

**push**: the API, one ``chronicle-worker`` (RQ on Redis: ``REDIS_URL``) and a local push
service in this process that decrypts every message (RFC 8291) as a browser would; 20 games,
each seat's browser subscribed to push. Moves are made through the API; a move that makes a
seat the one to act owes it "your turn". Measured: from the moment ``POST …/moves`` is answered
to the moment the push service has the decrypted notice for that seat and version; p50/p95/p99.
Target p95 <= 2 s. The machine's load average is reported beside both (it may be shared).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

from .http import BIN, ROOT, Server
from .streams import StreamProcess

GAMES = 50
STREAMS = 1000
MESSAGES = 150
PUSH_GAMES = 20
PUSH_MOVES = 120


def _pct(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _new_games(web: str, count: int) -> list[dict]:
    games = []
    for i in range(count):
        created = requests.post(
            f"{web}/api/v1/games",
            timeout=10,
            json={"title": "agricola", "variant": "family", "players": ["Ann", "Bob"], "seed": i},
        ).json()
        games.append({"id": created["id"], "tokens": [s["token"] for s in created["seats"]]})
    return games


# -- chat ---------------------------------------------------------------------------------------
async def _chat_reader(session, web, streams_url, game, seat, seen, counter, ready) -> None:
    async with session.post(
        f"{web}/api/v1/games/{game['id']}/stream/tickets",
        headers={"Authorization": f"Bearer {game['tokens'][seat]}"},
    ) as answer:
        ticket = (await answer.json())["ticket"]
    url = f"{streams_url}/api/v1/games/{game['id']}/stream?chat=0&ticket={ticket}"
    async with session.get(url) as response:
        if response.status != 200:
            counter[1] += 1
            return
        counter[0] += 1
        if counter[0] >= STREAMS:
            ready.set()
        event = None
        async for raw in response.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "chat":
                now = time.perf_counter()
                for message in json.loads(line[6:])["messages"]:
                    seen.setdefault((game["id"], message["id"], seat), []).append(now)
            elif not line:
                event = None


def _poster(web: str, games: list[dict], posted: list) -> None:
    http = requests.Session()
    for i in range(MESSAGES):
        game = games[i % len(games)]
        seat = (i // len(games)) % 2
        answer = http.post(
            f"{web}/api/v1/games/{game['id']}/chat",
            json={"room": "seats", "text": f"message {i}: your move?"},
            timeout=10,
            headers={"Authorization": f"Bearer {game['tokens'][seat]}"},
        )
        done = time.perf_counter()
        if answer.status_code == 201:
            posted.append((game["id"], answer.json()["id"], 1 - seat, done))
        time.sleep(0.1)


async def _chat_run(web: str, streams: StreamProcess, games: list[dict]) -> dict:
    import aiohttp

    seen: dict = {}
    counter = [0, 0]
    ready = asyncio.Event()
    posted: list = []
    connector = aiohttp.TCPConnector(limit=0, limit_per_host=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        opened_at = time.perf_counter()
        readers = [
            asyncio.create_task(
                _chat_reader(
                    session,
                    web,
                    streams.url,
                    games[i % GAMES],
                    (i // GAMES) % 2,
                    seen,
                    counter,
                    ready,
                )
            )
            for i in range(STREAMS)
        ]
        await asyncio.wait_for(ready.wait(), 180)
        open_seconds = time.perf_counter() - opened_at
        load_before = os.getloadavg()[0]
        await asyncio.get_running_loop().run_in_executor(None, _poster, web, games, posted)
        load_after = os.getloadavg()[0]
        await asyncio.sleep(2.0)
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    delays, missing = [], 0
    per_seat = STREAMS // GAMES // 2
    for gid, message, seat, done in posted:
        arrivals = seen.get((gid, message, seat), [])
        missing += per_seat - len(arrivals)
        delays.extend(max(0.0, t - done) for t in arrivals)
    return {
        "streams_open": counter[0],
        "streams_refused": counter[1],
        "open_all_seconds": open_seconds,
        "messages": len(posted),
        "deliveries": len(delays),
        "deliveries_missing": missing,
        "delivery_p50_ms": _pct(delays, 0.5),
        "delivery_p95_ms": _pct(delays, 0.95),
        "delivery_p99_ms": _pct(delays, 0.99),
        "load_average_1min": [round(load_before, 2), round(load_after, 2)],
        "target": "a chat message reaches the other seat's streams p95 <= 500 ms",
    }


def run_chat(report: dict) -> None:
    data_dir = tempfile.mkdtemp(prefix="chronicle-bench-chat-")
    os.environ.setdefault("CHRONICLE_SECRET_KEY", "bench-streams")
    web = Server(data_dir)
    streams = StreamProcess(web.env, max_streams=STREAMS + 10)
    try:
        games = _new_games(web.url, GAMES)
        report.update(asyncio.run(_chat_run(web.url, streams, games)))
        report["games"] = GAMES
    finally:
        streams.stop()
        web.stop()


# -- push ---------------------------------------------------------------------------------------
class PushService:
    """A local push service: keeps every message with the time it arrived (answers 201)."""

    def __init__(self) -> None:
        self.arrived: list[tuple[str, bytes, float]] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                service.arrived.append((self.path, body, time.perf_counter()))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def run_push(report: dict) -> None:
    from tests.support.push_browser import PushBrowser

    data_dir = tempfile.mkdtemp(prefix="chronicle-bench-push-")
    os.environ.setdefault("CHRONICLE_SECRET_KEY", "bench-streams")
    os.environ["CHRONICLE_WEBHOOK_ALLOW"] = "127.0.0.0/8,http"
    receiver = PushService()
    web = Server(data_dir)
    worker = subprocess.Popen(
        [os.path.join(BIN, "chronicle-worker")],
        cwd=ROOT,
        env={**web.env, "CHRONICLE_LOG_LEVEL": "warning"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        http = requests.Session()
        games = _new_games(web.url, PUSH_GAMES)
        browsers = {}
        for game in games:
            for seat in (0, 1):
                browser = PushBrowser(f"{receiver.url}/push/{game['id']}/{seat}")
                browsers[(game["id"], seat)] = browser
                answer = http.post(
                    f"{web.url}/api/v1/games/{game['id']}/seats/{seat}/push",
                    json=browser.subscription(),
                    headers={"Authorization": f"Bearer {game['tokens'][seat]}"},
                    timeout=10,
                )
                answer.raise_for_status()
        time.sleep(3.0)  # the subscriptions reach the read model; their first turns go out
        skip = len(receiver.arrived)
        moved = []
        load_before = os.getloadavg()[0]
        for i in range(PUSH_MOVES):
            game = games[i % len(games)]
            gid = game["id"]
            summary = http.get(f"{web.url}/api/v1/games/{gid}", timeout=10).json()
            seat = summary["to_act"][0]
            auth = {"Authorization": f"Bearer {game['tokens'][seat]}"}
            moves = http.get(f"{web.url}/api/v1/games/{gid}/moves", headers=auth, timeout=10)
            answer = http.post(
                f"{web.url}/api/v1/games/{gid}/moves",
                json=moves.json()["moves"][0],
                headers=auth,
                timeout=10,
            )
            if answer.status_code == 201:
                moved.append((gid, answer.json()["version"], time.perf_counter()))
            time.sleep(0.1)
        load_after = os.getloadavg()[0]
        time.sleep(5.0)
        arrived = {}
        for path, body, at in receiver.arrived[skip:]:
            _, _, gid, seat = path.split("/")
            notice = browsers[(gid, int(seat))].decrypt(body)
            version = int(notice["tag"].split("_")[2])
            arrived.setdefault((gid, version), at)
        delays = [arrived[(g, v)] - t for g, v, t in moved if (g, v) in arrived]
        report.update(
            {
                "games": PUSH_GAMES,
                "moves": len(moved),
                "notices_received": len(delays),
                "moves_without_a_turn_notice": len(moved) - len(delays),
                "latency_p50_ms": _pct(delays, 0.5),
                "latency_p95_ms": _pct(delays, 0.95),
                "latency_p99_ms": _pct(delays, 0.99),
                "load_average_1min": [round(load_before, 2), round(load_after, 2)],
                "target": "a push notice leaves the worker p95 <= 2000 ms after its move",
            }
        )
    finally:
        worker.terminate()
        try:
            worker.wait(10)
        except subprocess.TimeoutExpired:
            worker.kill()
        web.stop()
        receiver.close()


def _redis_reason() -> str | None:
    import redis

    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as err:
        return f"skipped: the worker needs Redis at {url} ({err})"
    return None


def run(report: dict) -> None:
    report["chat"] = {}
    run_chat(report["chat"])
    report["push"] = {}
    reason = _redis_reason()
    if reason:
        report["push"]["result"] = reason
    else:
        run_push(report["push"])


if __name__ == "__main__":
    out: dict = {}
    run(out)
    print(json.dumps(out, indent=2))
