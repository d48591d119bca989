"""The accounts' part of ``make bench-scale`` (issue 33): open tables, "my games" of an
account with 200 games, and how long a rating takes to reach its read model.

* :func:`seed` adds, to a filled store: ``TABLES_PER_1000`` open tables per thousand games (by
  twenty accounts, over every title and variant, some rated, some with a rating range), and an
  account holding ``ACCOUNT_GAMES`` seats (most of them claimed guest seats of the store's
  games, the rest games started from its own tables with a bot); it returns a signed session
  cookie for that account, made with the server's secret key;
* :func:`queries` times, through HTTP, the open tables page (``/tables``) and its JSON, and the
  account's "my games" (``/api/v1/account/games`` and the page ``/my-games``);
* :func:`rounds` measures two stores (1,000 games and ``BENCH_SCALE_GAMES``) in rounds that
  alternate between them (``BENCH_SCALE_ROUNDS``, default 2), each round on a fresh server:
  the figures of a store are the medians over its rounds, so load that other processes put on
  a shared machine falls on both stores alike instead of on whichever was measured second;
* :func:`rating_latency` plays rated two-account Agricola games to their end through a
  ``Games`` that wakes a real ``chronicle-worker`` (Redis, RQ) and times, for each, from the
  save of the move that ends the game until its rating change is in ``rm_rating_changes``.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import time
import uuid

import requests

from domain.accounts.app import Accounts
from domain.platform.application import Games
from domain.platform.storage import drop_postgres_schema, persistence_env, postgres_connect
from domain.tables.app import Tables
from projections.accounts import projections_for
from projections.store import open_store

from .games import random_move
from .http import ROOT

TABLES_PER_1000 = 20
ACCOUNT_GAMES = 200
CREATORS = 20
SECRET = "bench-scale"
LATENCY_GAMES = int(os.environ.get("BENCH_SCALE_RATING_GAMES") or 20)
ROUNDS = int(os.environ.get("BENCH_SCALE_ROUNDS") or 2)
VARIANTS = [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]


def _accounts(accounts: Accounts, prefix: str, n: int) -> list:
    return [accounts.open(f"{prefix}{i}") for i in range(n)]


def _spec(creator, title: str, variant: str, i: int) -> dict:
    access = "rating" if i % 3 == 1 else "anyone"
    return {
        "title": title,
        "variant": variant,
        "options": {},
        "seats": [{"kind": "creator"}, {"kind": "open"}],
        "access": access,
        "range": [1300, 1700] if access == "rating" else None,
        "rated": i % 2 == 0,
        "fill": None,
        "creator": str(creator.id),
        "creator_name": creator.name,
        "rematch_of": None,
    }


def seed(url: str, kept: list, games_in_store: int, stage: str) -> dict:
    """Open tables and the 200-game account; returns figures and the session cookie."""
    games = Games(env=persistence_env(url))
    try:
        accounts, tables = Accounts(games), Tables(games)
        creators = _accounts(accounts, f"Creator{stage}x", CREATORS)
        want = max(1, games_in_store * TABLES_PER_1000 // 1000)
        started = time.perf_counter()
        for i in range(want):
            title, variant = VARIANTS[i % len(VARIANTS)]
            tables.open(_spec(creators[i % CREATORS], title, variant, i))
        tables_seconds = time.perf_counter() - started
        player = accounts.open(f"Player{stage}x200")
        claims = list(kept[: ACCOUNT_GAMES - 20])
        for game_id, _finished, _tokens in claims:
            key = games.seat_keys(uuid.UUID(game_id))[0]
            accounts.claim_seat(player.id, game_id, 0, key)
        for _ in range(ACCOUNT_GAMES - len(claims)):
            spec = _spec(player, "agricola", "family", 1)
            spec["seats"] = [{"kind": "creator"}, {"kind": "bot", "bot": "greedy", "level": 2}]
            tables.open(spec)
        store = open_store(games)
        for projection in projections_for(games, store):
            projection.catch_up()
        cookie = _session_cookie(store, player)
        return {
            "open_tables": want,
            "tables_seconds": tables_seconds,
            "account_games": ACCOUNT_GAMES,
            "cookie": cookie,
        }
    finally:
        games.close()


def _session_cookie(store, account) -> str:
    """A signed Flask session cookie for a new session of ``account`` (as sign-in makes)."""
    from flask import Flask

    from service.accounts.people import People

    token = secrets.token_urlsafe(32)
    People(store).add_session(token, str(account.id), "bench")
    app = Flask("bench")
    app.secret_key = SECRET
    return app.session_interface.get_signing_serializer(app).dumps({"account": token})


def queries(base: str, cookie: str) -> dict:
    from .scale import QUERY_REPEAT as repeat
    from .scale import _pct, _timed

    session = requests.Session()
    session.cookies.set("session", cookie)
    found = session.get(base + "/api/v1/account/games", timeout=30).json()
    assert len(found["games"]) == ACCOUNT_GAMES, len(found["games"])
    cases = {
        "open_tables_page": base + "/tables",
        "open_tables_json": base + "/api/v1/tables",
        "my_games_200_json": base + "/api/v1/account/games",
        "my_games_200_page": base + "/my-games",
    }
    out = {}
    for name, url in cases.items():
        for _ in range(20):
            _timed(session, "GET", url)
        out[name] = _pct([_timed(session, "GET", url) for _ in range(repeat)])
    return out


def rating_latency(url: str, redis_url: str) -> dict:
    """From the save that ends a rated game to its rating change in the read model, with a
    real worker woken through Redis (``LATENCY_GAMES`` games)."""
    from service.bootstrap import build_games
    from service.config import Settings

    queue = f"bench-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "CHRONICLE_DATABASE_URL": url,
        "REDIS_URL": redis_url,
        "CHRONICLE_QUEUE": queue,
        "CHRONICLE_SECRET_KEY": SECRET,
        "PYTHONPATH": ROOT,
    }
    from .scale import spawn

    worker = spawn("chronicle-worker", env)
    os.environ["CHRONICLE_QUEUE"] = queue
    settings = Settings.from_env(
        {"CHRONICLE_DATABASE_URL": url, "REDIS_URL": redis_url, "CHRONICLE_SECRET_KEY": SECRET}
    )
    games = build_games(settings)
    samples: list[float] = []
    try:
        accounts, tables = Accounts(games), Tables(games)
        ann, bob = _accounts(accounts, f"Rated{uuid.uuid4().hex[:6]}x", 2)
        store = open_store(games)
        rng = random.Random(7)
        time.sleep(2.0)  # the worker's first sweep
        for i in range(LATENCY_GAMES):
            spec = _spec(ann, "agricola", "family", 0)
            spec["access"], spec["range"] = "anyone", None
            table = tables.open(spec)
            table = tables.join(table.id, str(bob.id), bob.name, lambda t, v: 1500)
            game_id = uuid.UUID(str(table.game))
            while not games.is_over(games.get_game(game_id)):
                random_move(games, game_id, rng)
            ended = time.perf_counter()
            deadline = ended + 30
            while time.perf_counter() < deadline:
                rows = store.query(
                    "SELECT 1 FROM {p}rm_rating_changes WHERE game_id = ?", [str(game_id)]
                )
                if rows:
                    samples.append(time.perf_counter() - ended)
                    break
                time.sleep(0.005)
            else:
                samples.append(float("inf"))
            print(f"rated game {i + 1}: {1000 * samples[-1]:.0f} ms", flush=True)
    finally:
        games.close()
        os.environ.pop("CHRONICLE_QUEUE", None)
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=30)
    ordered = sorted(samples)
    return {
        "games": len(samples),
        "p50_ms": 1000 * ordered[len(ordered) // 2],
        "p95_ms": 1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max_ms": 1000 * ordered[-1],
    }


def latency(url: str) -> dict:
    """:func:`rating_latency` on the Redis of ``CHRONICLE_BENCH_REDIS_URL`` (default db 14)."""
    redis_url = os.environ.get("CHRONICLE_BENCH_REDIS_URL") or "redis://127.0.0.1:6379/14"
    try:
        return rating_latency(url, redis_url)
    except Exception as err:  # Redis missing: say so in the report
        return {"skipped": f"{type(err).__name__}: {err}"}


def ratios(report: dict, small_store: int, n_games: int) -> None:
    """Issue 33's targets: the accounts' pages, and the flatness of the lobby and a move
    (the figure at ``n_games`` over the figure at ``small_store`` games)."""
    small, big = report["at_small_store"], report
    latency = report.get("rating_latency", {})
    report["targets_issue33"] = {
        "open_tables_page_p99_ms": (big["accounts"]["open_tables_page"]["p99_ms"], "<= 50"),
        "my_games_200_p99_ms": (big["accounts"]["my_games_200_json"]["p99_ms"], "<= 50"),
        "my_games_200_page_p99_ms": (big["accounts"]["my_games_200_page"]["p99_ms"], "reported"),
        "lobby_first_page_p99_ratio": (
            big["queries"]["lobby_first_page"]["p99_ms"]
            / small["queries"]["lobby_first_page"]["p99_ms"],
            "<= 1.2",
        ),
        "lobby_filtered_page_p99_ratio": (
            big["queries"]["lobby_filtered_page"]["p99_ms"]
            / small["queries"]["lobby_filtered_page"]["p99_ms"],
            "<= 1.2",
        ),
        "move_p50_ratio": (
            big["load"]["move"]["p50_ms"] / small["load"]["move"]["p50_ms"],
            "<= 1.2",
        ),
        "move_p99_ratio": (
            big["load"]["move"]["p99_ms"] / small["load"]["move"]["p99_ms"],
            "<= 1.2",
        ),
        "rating_update_p95_ms": (latency.get("p95_ms"), "<= 1000"),
        "stores": (small_store, n_games),
    }


def prepare(
    report: dict, url: str, schema: str, games: int, stage: str, templates: list[dict]
) -> tuple[list, str]:
    """A store of ``games`` games in ``schema``, ready to measure: filled, its read models
    rebuilt, the tables and the 200-game account added, vacuumed. Each step's figures go to
    ``report`` and to the schema's ``bench_meta`` table, so a store made by an earlier run
    (``BENCH_SCALE_STORE``) is measured again without being made again. Returns the kept
    games (id, finished, seat tokens) and the account's session cookie."""
    from . import scale

    meta = _read_meta(url, schema)
    if "fill" not in meta:
        drop_postgres_schema(url)  # a fill cut short is started again
        scale.ensure(url)
        meta["fill"], meta["kept"] = scale.fill(
            url, scale.templates_once(templates, report), (0, games)
        )
        print("fill", games, meta["fill"], flush=True)
        _write_meta(url, schema, meta)
    if "rebuild" not in meta:
        meta["rebuild"] = _rebuild(url)
        print("rebuild", games, meta["rebuild"], flush=True)
        _write_meta(url, schema, meta)
    if "accounts_seed" not in meta:
        seeded = seed(url, meta["kept"], games, stage)
        meta["cookie"] = seeded.pop("cookie")
        meta["accounts_seed"] = seeded
        meta["vacuum_analyze_seconds"] = scale.vacuum(url, schema)
        _write_meta(url, schema, meta)
    else:
        report["store_kept_from"] = meta.get("made_at")
    for key in ("fill", "rebuild", "accounts_seed", "vacuum_analyze_seconds"):
        report[key] = meta[key]
    return [tuple(k) for k in meta["kept"]], meta["cookie"]


def _rebuild(url: str, attempts: int = 3) -> dict:
    """``chronicle-rebuild``'s rebuild, started again if a connection is lost (it leaves the
    position at 0 then, and starts from the beginning)."""
    from . import scale

    for attempt in range(attempts):
        try:
            return scale.rebuild(url)
        except Exception as err:
            if attempt == attempts - 1:
                raise
            print("rebuild failed, again:", err, flush=True)
    raise AssertionError("unreachable")


def _read_meta(url: str, schema: str) -> dict:
    with postgres_connect(url) as conn:
        found = conn.execute(
            "SELECT 1 FROM information_schema.tables WHERE table_schema = %s "
            "AND table_name = 'bench_meta'",
            (schema,),
        ).fetchone()
        if not found:
            return {}
        row = conn.execute(f'SELECT body FROM "{schema}".bench_meta WHERE id = 1').fetchone()
    return json.loads(row[0]) if row else {}


def _write_meta(url: str, schema: str, meta: dict) -> None:
    meta["made_at"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    with postgres_connect(url) as conn:
        conn.execute(
            f'CREATE TABLE IF NOT EXISTS "{schema}".bench_meta (id INT PRIMARY KEY, body TEXT)'
        )
        conn.execute(
            f'INSERT INTO "{schema}".bench_meta (id, body) VALUES (1, %s) '
            "ON CONFLICT (id) DO UPDATE SET body = excluded.body",
            (json.dumps(meta),),
        )


def rounds(stores: list[tuple], claims: int) -> None:
    """:data:`ROUNDS` rounds alternating between the prepared stores (A, B, A, B…), each on a
    fresh server; each store's report gets ``queries``, ``accounts`` and ``load`` as medians
    over its rounds, and ``rounds`` (each with the load average when it started)."""
    from . import scale

    for r in range(ROUNDS):
        for report, url, _schema, kept, games, cookie in stores:
            server = scale.PgServer(url)
            try:
                figures: dict = {"load_average": os.getloadavg()}
                figures["queries"] = scale.queries(server.url, kept, games)
                figures["accounts"] = queries(server.url, cookie)
                figures["load"] = scale.load(server.url, kept[claims:])
                figures["load"]["server_rss_mb"] = server.worker_rss_mb()
            finally:
                server.close()
            report.setdefault("rounds", []).append(figures)
            print(f"round {r + 1}, {games} games:", _brief(figures), flush=True)
    for report, *_ in stores:
        _fold(report)


def _brief(figures: dict) -> dict:
    out = {"load_average": round(figures["load_average"][0], 1)}
    out.update({k: round(v["p99_ms"], 1) for k, v in figures["queries"].items()})
    out.update({k: round(v["p99_ms"], 1) for k, v in figures["accounts"].items()})
    out["move_p50"] = round(figures["load"]["move"]["p50_ms"], 1)
    out["move_p99"] = round(figures["load"]["move"]["p99_ms"], 1)
    return out


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _fold(report: dict) -> None:
    """The medians over a store's rounds, in the shape one round has."""
    done = report["rounds"]
    for part in ("queries", "accounts"):
        report[part] = {
            name: {
                "n": sum(r[part][name]["n"] for r in done),
                "p50_ms": _median([r[part][name]["p50_ms"] for r in done]),
                "p99_ms": _median([r[part][name]["p99_ms"] for r in done]),
            }
            for name in done[0][part]
        }
    load = dict(done[-1]["load"])
    for key in ("move", "healthz_beside_load"):
        load[key] = {
            "n": sum(r["load"][key]["n"] for r in done),
            "p50_ms": _median([r["load"][key]["p50_ms"] for r in done]),
            "p99_ms": _median([r["load"][key]["p99_ms"] for r in done]),
        }
    load["moves_per_s"] = _median([r["load"]["moves_per_s"] for r in done])
    load["errors"] = sum(r["load"]["errors"] for r in done)
    report["load"] = load
