"""``make bench-scale``: the design with a hundred times the store, on PostgreSQL (issue 8).

Not part of ``make bench`` (it takes a while and a few GB). Steps, each timed:

1. **Templates**: a few complete Agricola family games (2 to 4 seats) played with random
   legal moves; their event logs are the recorded move lists.
2. **Fill**: ``BENCH_SCALE_GAMES`` games (default 100,000), each a recorded log with fresh seat
   tokens, made into events by the application (``Games._recorded_events``, its own mapper
   encoding them; no HTTP, no rules run) and stored by ``COPY``, 100 games a transaction under
   the event table's lock (``BENCH_SCALE_BULK=0``: through ``Games.store_recorded``, one
   transaction a game, three times slower): one in four complete, the rest cut at a random move
   boundary (active, waiting for a seat). One process per core.
3. **Read models**: ``chronicle-rebuild``'s partitioned rebuild over the whole store, then
   ``VACUUM (ANALYZE)`` as autovacuum would do after a bulk load.
4. **Server**: ``chronicle-serve`` with 4 processes (``CHRONICLE_WEB_CONCURRENCY=4``) on that
   schema;
   p50/p99 of the lobby's first page, a filtered page deep in the list, and "my games" for a
   player with 20 games; then 16 client threads, each playing its own active games (``GET
   …/moves`` untimed, ``POST …/moves`` timed) for ``BENCH_SCALE_LOAD_SECONDS``, with
   ``/healthz`` timed alone and beside the load; moves per second against the raw floor (16
   connections, one row inserted per transaction); each server process's resident memory after
   the load.
   Issue 33: these HTTP figures (and the open tables page and "my games" of an account with
   200 games) are measured on two stores, ``BENCH_SCALE_SMALL`` (1,000) games and
   ``BENCH_SCALE_GAMES``, in rounds alternating between them (``bench/scale_accounts.py``),
   and compared as ratios (``targets_issue33``); a rating's latency is measured with a real
   worker.
5. **verify --all**: ``chronicle verify --all`` over the store (or for
   ``BENCH_SCALE_VERIFY_SECONDS`` when set), games per second from its progress bar.

PostgreSQL is ``CHRONICLE_BENCH_PG_URL`` (default the local test database), in a fresh schema
dropped at the end (``BENCH_SCALE_KEEP=1`` keeps it and prints its URL).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import requests

from domain.platform.application import Games
from domain.platform.storage import (
    drop_postgres_schema,
    persistence_env,
    postgres_connect,
    postgres_problem,
)

from . import scale_accounts
from .games import play_random
from .http import BIN, ROOT, free_port

N_GAMES = int(os.environ.get("BENCH_SCALE_GAMES") or 100_000)
LOAD_SECONDS = float(os.environ.get("BENCH_SCALE_LOAD_SECONDS") or 30)
VERIFY_SECONDS = float(os.environ.get("BENCH_SCALE_VERIFY_SECONDS") or 0)
PG_BASE = os.environ.get("CHRONICLE_BENCH_PG_URL") or "postgresql://postgres@127.0.0.1:5432/test"
TEMPLATES = 12
SERVER_PROCESSES = 4
CLIENTS = 16
QUERY_REPEAT = int(os.environ.get("BENCH_SCALE_REPEAT") or 300)
NAMES = ["Ann", "Bob", "Cid", "Dee"]
#: issue 33: the lobby, a move and the accounts' pages are measured at this many games first
SMALL_STORE = int(os.environ.get("BENCH_SCALE_SMALL") or 1_000)
#: the kept games the 200-game account claims (the load plays the others)
ACCOUNT_CLAIMS = 180


def _url(schema: str) -> str:
    return f"{PG_BASE}?schema={schema}&pool_size=4&max_overflow=8&connect_timeout=5"


def _pct(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "p50_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
    }


# -- 1. templates ----------------------------------------------------------------------------
def record_templates() -> list[dict]:
    """Complete random games; each as its GameCreated data, log entries and move starts."""
    workdir = tempfile.mkdtemp(prefix="chronicle-scale-templates-")
    games = Games(env=persistence_env(None, workdir, create_table=True))
    out = []
    try:
        for i in range(TEMPLATES):
            created = games.create_game("agricola", "family", NAMES[: 2 + i % 3], {}, seed=900 + i)
            play_random(games, created.game.id, random.Random(i))
            events = list(games.stored_events(created.game.id))
            later = [
                {"type": e.type, "seat": e.seat, "data": e.data, "command": e.command}
                for e in events[1:]
            ]
            starts = [k for k, entry in enumerate(later) if entry["command"] is not None]
            out.append({"created": events[0].data, "later": later, "starts": starts[1:]})
    finally:
        games.close()
    return out


# -- 2. fill ---------------------------------------------------------------------------------
#: store the games by ``COPY`` in batches (``BENCH_SCALE_BULK=0``: one application transaction
#: a game, as before); see :func:`_copy_batch`
BULK = os.environ.get("BENCH_SCALE_BULK", "1") != "0"
#: games per ``COPY`` transaction
BULK_GAMES = 100


#: how often a batch is tried when its connection is lost (a shared server's tests terminate
#: backends that wait for a lock, as the fill's processes do for the event table's)
COPY_ATTEMPTS = 6


def _copy_batch(games: Games, events: list) -> None:
    """Store the events of many games in one transaction by ``COPY``: the events the
    application would save (its own mapper encodes them), under the library's own table lock
    (notification ids are given in commit order, as its inserts give them), one round trip
    for the whole batch instead of a function call per game. A batch whose connection is lost
    is tried again (its transaction was rolled back; one found stored already is done)."""
    from eventsourcing.persistence import IntegrityError, OperationalError

    stored = [games.mapper.to_stored_event(e) for e in events]
    for attempt in range(COPY_ATTEMPTS):
        try:
            _copy_stored(games, stored)
            return
        except IntegrityError:
            if attempt == 0:
                raise
            return  # the lost attempt had committed
        except OperationalError:
            if attempt == COPY_ATTEMPTS - 1:
                raise
            time.sleep(1 + attempt)


def _copy_stored(games: Games, stored: list) -> None:
    from psycopg.sql import SQL, Identifier

    recorder = games.recorder
    table = SQL("{0}.{1}").format(
        Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name)
    )
    with recorder.datastore.transaction(commit=True) as cur:
        # a batch holds the table lock for a second or two: the other fill processes wait for
        # it, and neither the wait nor the COPY may hit the service's short timeouts
        cur.execute("SET LOCAL lock_timeout = '300s'")
        cur.execute("SET LOCAL statement_timeout = '300s'")
        cur.execute(recorder.lock_table_statements[-1])  # LOCK TABLE ... IN EXCLUSIVE MODE
        copy_sql = SQL(
            "COPY {0} (originator_id, originator_version, topic, state) FROM STDIN"
        ).format(table)
        with cur.copy(copy_sql) as copy:
            for e in stored:
                copy.write_row((e.originator_id, e.originator_version, e.topic, e.state))


def _fill_part(
    url: str, templates: list[dict], part: int, parts: int, keep: int, queue, span: tuple
) -> None:
    games = Games(env=persistence_env(url))
    rng = random.Random(part + span[0])
    kept, events, batch, in_batch = [], 0, [], 0
    try:
        for i in range(span[0] + part, span[1], parts):
            template = templates[i % len(templates)]
            finished = i % 4 == 0
            later = (
                template["later"]
                if finished
                else template["later"][: rng.choice(template["starts"])]
            )
            game_id = uuid.uuid4()
            data = {
                **template["created"],
                "seeds": [{**s, "origin": str(game_id)} for s in template["created"]["seeds"]],
            }
            if BULK:
                made, tokens = games.repo.recorded_events(game_id, data, later)
                batch.extend(made)
                in_batch += 1
                if in_batch >= BULK_GAMES:
                    _copy_batch(games, batch)
                    batch, in_batch = [], 0
            else:
                tokens = games.store_recorded(game_id, data, later)
            events += 1 + len(later)
            if len(kept) < keep:
                kept.append((str(game_id), finished, tokens))
        if batch:
            _copy_batch(games, batch)
    except BaseException as err:  # the parent must not wait for a part that died
        queue.put(("failed", f"{type(err).__name__}: {err}"))
        raise
    finally:
        games.close()
    queue.put((kept, events))


def fill(url: str, templates: list[dict], span: tuple = (0, N_GAMES)) -> tuple[dict, list]:
    """Store the games numbered ``span`` (from, to) of the store."""
    parts = os.cpu_count() or 2
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    started = time.perf_counter()
    procs = [
        context.Process(target=_fill_part, args=(url, templates, p, parts, 400, queue, span))
        for p in range(parts)
    ]
    for proc in procs:
        proc.start()
    results = [queue.get() for _ in procs]
    failed = [r[1] for r in results if r[0] == "failed"]
    for proc in procs:
        proc.join()
    if failed:
        raise RuntimeError(f"a fill process failed: {failed[0]}")
    seconds = time.perf_counter() - started
    kept = [k for r in results for k in r[0]]
    events = sum(r[1] for r in results)
    count = span[1] - span[0]
    return (
        {
            "games": count,
            "events": events,
            "seconds": seconds,
            "games_per_s": count / seconds,
            "events_per_s": events / seconds,
            "processes": parts,
            "path": f"COPY, {BULK_GAMES} games a transaction" if BULK else "a transaction a game",
        },
        kept,
    )


# -- 3. read models --------------------------------------------------------------------------
def rebuild(url: str) -> dict:
    from projections import rebuild as parallel

    games = Games(env=persistence_env(url))
    try:
        started = time.perf_counter()
        figures = parallel.rebuild(games, cache_size=4096)
        seconds = time.perf_counter() - started
    finally:
        games.close()
    return {
        "notifications": figures["head"],
        "workers": figures["workers"],
        "seconds": seconds,
        "notifications_per_s": figures["head"] / seconds,
    }


def vacuum(url: str, schema: str) -> float:
    """``VACUUM (ANALYZE)`` every table, as autovacuum would after a bulk load: fresh
    statistics, and a visibility map that lets counts and pages be read from indexes alone."""
    started = time.perf_counter()
    with postgres_connect(url) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                (schema,),
            )
        ]
        for table in tables:
            conn.execute(f'VACUUM (ANALYZE) "{schema}"."{table}"')
    return time.perf_counter() - started


# -- 4. the server -----------------------------------------------------------------------------
def spawn(program: str, env: dict) -> subprocess.Popen:
    """One of the service's programs (``chronicle-serve``, ``chronicle-worker``) from this
    tree, quiet, in a process group of its own (stopped with ``os.killpg``)."""
    return subprocess.Popen(
        [os.path.join(BIN, program)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


class PgServer:
    """``chronicle-serve`` with ``SERVER_PROCESSES`` processes on the PostgreSQL schema."""

    def __init__(self, url: str) -> None:
        self.port = free_port()
        env = {
            **os.environ,
            "CHRONICLE_DATABASE_URL": url,
            "PORT": str(self.port),
            "CHRONICLE_WEB_CONCURRENCY": str(SERVER_PROCESSES),
            "REDIS_URL": "",
            "CHRONICLE_WAKEUPS": "off",
            "CHRONICLE_SECRET_KEY": "bench-scale",
            "CHRONICLE_RATE_LIMITS": "",
            "PYTHONPATH": ROOT,
        }
        self.proc = spawn("chronicle-serve", env)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.3)
        raise RuntimeError("the server did not start")

    def worker_rss_mb(self) -> list[float]:
        children = subprocess.run(
            ["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True, check=False
        ).stdout.split()
        out = []
        for pid in children:
            try:
                with open(f"/proc/{pid}/status") as fh:
                    rss = re.search(r"VmRSS:\s+(\d+) kB", fh.read())
                out.append(int(rss.group(1)) / 1024 if rss else 0.0)
            except OSError:
                continue
        return out

    def close(self) -> None:
        os.killpg(self.proc.pid, 15)
        self.proc.wait(timeout=30)


def _timed(session: requests.Session, method: str, url: str, **kwargs) -> float:
    started = time.perf_counter()
    response = session.request(method, url, timeout=30, **kwargs)
    elapsed = time.perf_counter() - started
    if response.status_code >= 400:
        raise RuntimeError(f"{method} {url}: {response.status_code} {response.text[:200]}")
    return elapsed


def queries(base: str, kept: list, games: int = N_GAMES) -> dict:
    """The lobby's first page, a filtered page a quarter of the way into a store of ``games``
    games, "my games" of 20 seat tokens and ``/healthz``, each ``QUERY_REPEAT`` times."""
    api = base + "/api/v1"
    session = requests.Session()
    player = [tokens[0] for _gid, _fin, tokens in kept[:20]]
    pages = games // 40
    cases = {
        "lobby_first_page": ("GET", api + "/games", {}),
        "lobby_filtered_page": (
            "GET",
            api + "/games",
            {"params": {"status": "active", "title": "agricola", "page": max(1, pages // 2)}},
        ),
        "my_games_20": ("POST", api + "/my-games", {"json": {"tokens": player}}),
        "healthz": ("GET", base + "/healthz", {}),
    }
    out = {}
    for name, (method, url, kwargs) in cases.items():
        for _ in range(20):
            _timed(session, method, url, **kwargs)
        out[name] = _pct([_timed(session, method, url, **kwargs) for _ in range(QUERY_REPEAT)])
    return out


def _client(base: str, games: list, stop: threading.Event, moves: list, errors: list) -> None:
    """Play the given games in turn, as a client choosing from the lists would; only the
    ``POST …/moves`` is timed. A refused request is recorded and that game left."""
    session = requests.Session()
    rng = random.Random()
    for game_id, _finished, tokens in games:
        url = f"{base}/api/v1/games/{game_id}"
        while not stop.is_set():
            summary = session.get(url, timeout=30)
            if summary.status_code != 200:
                errors.append(f"GET summary {summary.status_code} {summary.text[:200]}")
                break
            body = summary.json()
            if body["status"] == "finished" or not body["to_act"]:
                break
            seat = body["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            listed = session.get(url + "/moves", headers=auth, timeout=30)
            if listed.status_code != 200:
                errors.append(f"GET moves {listed.status_code} {listed.text[:200]}")
                break
            started = time.perf_counter()
            response = session.post(
                url + "/moves", json=rng.choice(listed.json()["moves"]), headers=auth, timeout=30
            )
            elapsed = time.perf_counter() - started
            if response.status_code != 201:
                errors.append(f"POST move {response.status_code} {response.text[:200]}")
                break
            moves.append(elapsed)
        if stop.is_set():
            return


def load(base: str, kept: list) -> dict:
    active = [k for k in kept if not k[1]]
    share = [active[i::CLIENTS] for i in range(CLIENTS)]
    stop, moves, errors, health = threading.Event(), [], [], []
    threads = [
        threading.Thread(target=_client, args=(base, share[i], stop, moves, errors))
        for i in range(CLIENTS)
    ]

    def ping() -> None:
        session = requests.Session()
        while not stop.is_set():
            health.append(_timed(session, "GET", base + "/healthz"))
            time.sleep(0.05)

    pinger = threading.Thread(target=ping)
    started = time.perf_counter()
    for thread in threads + [pinger]:
        thread.start()
    time.sleep(LOAD_SECONDS)
    stop.set()
    for thread in threads + [pinger]:
        thread.join()
    seconds = time.perf_counter() - started
    return {
        "clients": CLIENTS,
        "seconds": seconds,
        "move": _pct(moves),
        "healthz_beside_load": _pct(health),
        "moves_per_s": len(moves) / seconds,
        "requests_per_move": 3,
        "errors": len(errors),
        "first_errors": errors[:3],
    }


def raw_floor(url: str, seconds: float = 10.0) -> dict:
    """16 connections, each inserting one row per transaction, for ``seconds``."""
    table = f"bench_floor_{uuid.uuid4().hex[:8]}"
    with postgres_connect(url) as conn:
        conn.execute(f"CREATE TABLE public.{table} (id BIGSERIAL PRIMARY KEY, body BYTEA)")
    counts = [0] * CLIENTS
    stop = threading.Event()

    def insert(i: int) -> None:
        body = os.urandom(300)
        with postgres_connect(url) as conn:
            while not stop.is_set():
                conn.execute(f"INSERT INTO public.{table} (body) VALUES (%s)", (body,))
                counts[i] += 1

    threads = [threading.Thread(target=insert, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    with postgres_connect(url) as conn:
        conn.execute(f"DROP TABLE public.{table}")
    return {"connections": CLIENTS, "inserts_per_s": sum(counts) / seconds}


# -- 5. verify --all -------------------------------------------------------------------------
def verify_all(url: str) -> dict:
    """``chronicle verify --all`` (one process per core) over the whole store, or for
    ``BENCH_SCALE_VERIFY_SECONDS`` (``--time-limit``); games per second from its summary."""
    env = {
        **os.environ,
        "CHRONICLE_DATABASE_URL": url,
        "PYTHONPATH": ROOT,
        "CHRONICLE_SECRET_KEY": "bench-scale",
    }
    command = [os.path.join(BIN, "chronicle"), "verify", "--all"]
    if VERIFY_SECONDS:
        command += ["--time-limit", str(VERIFY_SECONDS)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    match = re.search(r"(\d+) game\(s\) checked in ([\d.]+) s \(([\d.]+)/s\)", done.stdout)
    return {
        "exit_code": done.returncode,
        "games": int(match.group(1)) if match else None,
        "seconds": float(match.group(2)) if match else None,
        "games_per_s": float(match.group(3)) if match else None,
        "time_limit": VERIFY_SECONDS or None,
        "progress_bar": "Replaying games under the current rules" in done.stderr,
        "summary": done.stdout.strip().splitlines()[-2:],
    }


#: issue 33: the name under which the two stores are kept between runs (``BENCH_SCALE_STORE``):
#: each is filled, rebuilt and seeded once, and every later run with the same name, sizes and
#: code only measures them (empty: fresh stores, dropped at the end unless ``BENCH_SCALE_KEEP``)
STORE = os.environ.get("BENCH_SCALE_STORE") or ""


def run(report: dict) -> None:
    reason = postgres_problem(PG_BASE)
    if reason:
        report["skipped"] = reason
        return
    tag = STORE or uuid.uuid4().hex[:8]
    schema, small_schema = f"bench_scale_{tag}_{N_GAMES}", f"bench_scale_{tag}_{SMALL_STORE}"
    url, small_url = _url(schema), _url(small_schema)
    report["load_average_at_start"] = os.getloadavg()
    try:
        templates: list[dict] = []
        # issue 33: the same measurements on a store of SMALL_STORE games and one of N_GAMES,
        # in rounds that alternate between the two (scale_accounts.rounds)
        small: dict = {}
        stores = []
        for part, store_url, store_schema, count, stage in (
            (small, small_url, small_schema, SMALL_STORE, "a"),
            (report, url, schema, N_GAMES, "b"),
        ):
            kept, cookie = scale_accounts.prepare(
                part, store_url, store_schema, count, stage, templates
            )
            stores.append((part, store_url, store_schema, kept, count, cookie))
        scale_accounts.rounds(stores, ACCOUNT_CLAIMS)
        report["at_small_store"] = small
        report["raw_floor"] = raw_floor(url)
        report["rating_latency"] = scale_accounts.latency(url)
        print("rating latency", report["rating_latency"], flush=True)
        report["verify_all"] = verify_all(url)
        report["load_average_at_end"] = os.getloadavg()
        _ratios(report)
        scale_accounts.ratios(report, SMALL_STORE, N_GAMES)
    finally:
        for each in (url, small_url):
            if STORE or os.environ.get("BENCH_SCALE_KEEP"):
                print(f"kept: {each}")
            else:
                drop_postgres_schema(each)


def templates_once(templates: list[dict], report: dict) -> list[dict]:
    """The recorded games the fill copies (recorded on first use; ``templates`` keeps them)."""
    if not templates:
        t0 = time.perf_counter()
        templates.extend(record_templates())
        report["templates"] = {
            "games": len(templates),
            "seconds": time.perf_counter() - t0,
            "events": [1 + len(t["later"]) for t in templates],
        }
        print("templates", report["templates"], flush=True)
    return templates


def ensure(url: str) -> None:
    from domain.platform.storage import ensure_postgres_schema
    from service.bootstrap import init_db
    from service.config import Settings

    ensure_postgres_schema(url)
    init_db(
        Settings.from_env(
            {"CHRONICLE_DATABASE_URL": url, "CHRONICLE_SECRET_KEY": "bench-scale", "REDIS_URL": ""}
        )
    ).close()


def _ratios(report: dict) -> None:
    load, queries = report["load"], report["queries"]
    report["targets"] = {
        "lobby_first_page_p99_ms": (queries["lobby_first_page"]["p99_ms"], "<= 50"),
        "lobby_filtered_page_p99_ms": (queries["lobby_filtered_page"]["p99_ms"], "<= 50"),
        "my_games_20_p99_ms": (queries["my_games_20"]["p99_ms"], "<= 50"),
        "move_p99_over_healthz_p99_beside_load": (
            load["move"]["p99_ms"] / load["healthz_beside_load"]["p99_ms"],
            "<= 10",
        ),
        "move_p99_over_healthz_p99_alone": (
            load["move"]["p99_ms"] / queries["healthz"]["p99_ms"],
            "<= 10 (stricter reading)",
        ),
        "moves_per_s_over_raw_floor": (
            load["moves_per_s"] / report["raw_floor"]["inserts_per_s"],
            ">= 0.3",
        ),
        "max_server_rss_mb": (max(load["server_rss_mb"] or [0]), "<= 250"),
        "verify_all_games_per_s": (report["verify_all"].get("games_per_s"), "reported"),
    }


if __name__ == "__main__":
    import json

    out: dict = {}
    run(out)
    print(json.dumps(out, indent=2, default=str))
    sys.exit(0)
