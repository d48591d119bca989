"""Bots (issue 25): random playout speed, greedy decision times, search budget use, strength.

* ``playout_<title>_4p_ms``: one in-memory random playout of a 4-player game (set-up included,
  the title's pure functions, no store), median and p90 over warm runs, with the issue's target.
* ``greedy_decide``: greedy decision times (p50, p99) in games of greedy against random.
* ``zombie_decide``: decision times (p50, p99) of the zombie that plays a dropped seat
  (``on_expiry: "drop"``) in 3-player games of a zombie against two random bots, how many of
  those games finished, and how many zombie moves were not listed (must be 0).
* ``search_budget``: seconds a search decision took over its budget (default 2 s), max and mean
  ratio, and how many decisions ended early because their choice was settled; the target is
  "uses its budget, never more than 1.5 x".
* ``solo_<title>_<variant>`` (issue 37): the solo mean score of greedy and of each search
  level (``CHRONICLE_BENCH_SEARCH_LEVELS``, default "0,1"; level 3 is the issue's target row)
  over ``CHRONICLE_BENCH_SOLO_GAMES`` seeds (default 3) from ``CHRONICLE_BENCH_SEED`` (7001),
  with a 95% interval, wall time and the load average.
* ``strength_<title>_<n>p``: arena tables (``chronicle bots arena``), seats alternated: greedy
  (level 2) against random (two players), and each search level against greedy (two players;
  four players: one search against three greedy): the search's head-to-head share (its best
  seat against the best greedy seat, ties half; at four players, first place) with its 95%
  Wilson interval, mean scores, wall time and processes. Search budgets are CPU seconds
  (``CHRONICLE_BENCH_CPU_TIME=0`` for wall seconds): the machine is shared.
* ``ratings_<title>_<variant>``: the rating per level those two-player games give, greedy
  level 2 = 1500 (``domain/bots/ratings.difference``); the published table is
  ``domain/bots/ratings.MEASURED``.

Sizes come from the environment so a long run can ask for the issue's 200 games:
``CHRONICLE_BENCH_ARENA_GAMES`` (greedy against random, default 20),
``CHRONICLE_BENCH_SEARCH_GAMES`` (search against greedy, default 4: a search game takes about
half a minute at 0.5 s a decision), ``CHRONICLE_BENCH_SEARCH_BUDGET`` (seconds per search
decision; default: each level's own), ``CHRONICLE_BENCH_PLAYERS`` (default "2,4") and
``CHRONICLE_BENCH_PROCESSES`` (default 2: the machine is shared). ``bench/STRENGTH.md`` records
the longer runs made so far. No title is named in the code: the cases are data.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time

from domain.bots import BotSpec, bot_rng
from domain.bots.arena import new_state, random_playout_ms
from domain.bots.search import choose_search
from domain.bots.sim import random_playout
from domain.common.rng import Rng
from domain.platform import registry
from domain.platform.dropping import ZOMBIE

#: (title, variant, target ms) for the 4-player random playout
PLAYOUTS = (
    ("agricola", "family", 50),
    ("agricola", "full", None),
    ("caverna", "standard", 80),
    ("village", "standard", 60),
)
STRENGTH = (("agricola", "family"), ("caverna", "standard"), ("village", "standard"))


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def _env(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


def playouts(report: dict, runs: int = 12) -> None:
    installed = set(registry.names())
    for title, variant, target in PLAYOUTS:
        if title not in installed:
            continue
        random_playout_ms(title, variant, 4, 10_000)  # warm-up
        times, cpu = [], []
        for seed in range(1, runs + 1):
            c0 = time.process_time()
            times.append(random_playout_ms(title, variant, 4, seed)[0])
            cpu.append((time.process_time() - c0) * 1000)
        report[f"playout_{title}_{variant}_4p_ms"] = {
            "p50": statistics.median(times),
            "p90": _pct(times, 0.9),
            "cpu_p50": statistics.median(cpu),  # CPU ms: what a loaded machine does not inflate
            "load": round(os.getloadavg()[0], 2),
            "runs": runs,
            "target_ms": target,
            "met": None if target is None else statistics.median(times) <= target,
            "met_cpu": None if target is None else statistics.median(cpu) <= target,
        }


def greedy_times(report: dict, games: int = 3) -> None:
    from domain.bots.arena import play_game

    times: list[float] = []
    for title, variant in STRENGTH:
        for seed in range(1, games + 1):
            result = play_game(
                title, variant, [BotSpec("greedy", 2), BotSpec("random", 1)], seed, timings=True
            )
            times += result.decide_ms.get("greedy", [])
    report["greedy_decide_ms"] = {
        "p50": statistics.median(times),
        "p99": _pct(times, 0.99),
        "decisions": len(times),
        "target_p50": 50,
        "target_p99": 300,
    }


def zombie_times(report: dict, games: int = 3) -> None:
    from domain.bots.arena import play_game

    times: list[float] = []
    finished = faults = played = 0
    for title, variant in STRENGTH:
        for seed in range(1, games + 1):
            bots = [BotSpec("zombie", ZOMBIE["level"]), BotSpec("random", 1), BotSpec("random", 1)]
            result = play_game(title, variant, bots, seed, timings=True)
            times += result.decide_ms.get("zombie", [])
            finished += bool(result.finished)
            faults += result.faults
            played += 1
    report["zombie_decide_ms"] = {
        "p50": statistics.median(times),
        "p99": _pct(times, 0.99),
        "decisions": len(times),
        "games": played,
        "finished": finished,
        "unlisted_moves": faults,
    }


def search_budget(report: dict, decisions: int = 3, budget: float | None = None) -> None:
    """Time search decisions at positions reached by random play (a few moves in), at each
    level's budget (``CHRONICLE_BENCH_BUDGET_LEVELS``, default "1,2"), in two and four
    players: the ratio of each decision's time to its budget, wall and CPU. The budget is
    kept by the clock the search reads: wall seconds here (``search.CLOCK``), so on a loaded
    machine the CPU ratio is what the search itself spent."""
    from domain.bots import search as search_module

    levels = [int(x) for x in (os.environ.get("CHRONICLE_BENCH_BUDGET_LEVELS") or "1,2").split(",")]
    out: dict = {}
    for level in levels:
        seconds = budget or search_module.SEARCH_BUDGET[level]
        wall, cpu = [], []
        for title, variant in STRENGTH:
            rules = registry.current(title)
            for players in (2, 4):
                for d in range(decisions):
                    state = new_state(rules, variant, players, 500 + d)
                    state, _ = random_playout(
                        rules, state, random.Random(d), Rng(d), max_moves=3 + 5 * d
                    )
                    st = rules.status(state)
                    if st.finished or not st.to_act:
                        continue
                    seat = st.to_act[0]
                    view = rules.view(state, seat)
                    moves = rules.legal_moves(view, seat)
                    if len(moves) < 2:
                        continue
                    t0, c0 = time.perf_counter(), time.process_time()
                    choose_search(rules, view, seat, moves, bot_rng(d, 0, seat), level, seconds)
                    wall.append((time.perf_counter() - t0) / seconds)
                    cpu.append((time.process_time() - c0) / seconds)
        out[f"level_{level}"] = {
            "budget_s": seconds,
            "decisions": len(wall),
            "max_ratio": round(max(wall), 3),
            "mean_ratio": round(statistics.fmean(wall), 3),
            "max_cpu_ratio": round(max(cpu), 3),
            "settled_early": sum(r < 0.9 for r in wall),  # ended by _settled, budget unspent
            "target_max_ratio": 1.2,
            "load": round(os.getloadavg()[0], 2),
        }
    report["search_budget"] = out


def wilson(share: float | None, n: int, z: float = 1.96) -> list[float] | None:
    """The 95% Wilson score interval of a win share over ``n`` games (ties counted half)."""
    if share is None or n <= 0:
        return None
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def duel(
    title: str,
    variant: str,
    players: int,
    games: int,
    pair: tuple[BotSpec, ...],
    processes: int,
    budget: float | None = None,
    cpu: bool = False,
) -> dict:
    """``games`` arena games of ``pair`` (seats alternated), as a report row: the first bot's
    head-to-head share with its 95% interval, mean scores, wall time and the run's settings."""
    from domain.bots.arena import head_to_head, summarize
    from service.bots_cli import run_arena

    t0 = time.perf_counter()
    results = run_arena(
        title,
        variant,
        players,
        games,
        list(pair),
        processes,
        budget=budget,
        progress=False,
        cpu_time=cpu,
    )
    wall = time.perf_counter() - t0
    a, b = (f"{x.bot}/{x.level}" for x in pair[:2])
    summary = summarize(results)
    share = head_to_head(results, a, b)
    return {
        "games": games,
        "finished": summary["finished"],
        "faults": summary["faults"],
        "budget_s": budget,
        "processes": processes,
        "wall_s": round(wall, 1),
        f"{pair[0].bot}_beats_{pair[1].bot}": share,
        "ci95": wilson(share, games),
        "clock": "cpu" if cpu else "wall",
        "mean_scores": {k: summary["bots"][k]["mean_score"] for k in (a, b)},
    }


#: issue 37 targets: solo mean at level 3 per (title, variant); Village's is Clara's (§7.1)
SOLO = (("agricola", "family", 45), ("caverna", "standard", 80), ("village", "solo", None))


def solo(title: str, variant: str, spec: BotSpec, games: int, first: int, cpu: bool) -> dict:
    """Solo games of ``spec`` on seeds ``first``.., as a report row: the mean score with its
    95% interval, wall time and load."""
    from domain.bots.arena import mean_interval, summarize
    from service.bots_cli import run_arena

    t0 = time.perf_counter()
    results = run_arena(
        title, variant, 1, games, [spec], 1, first_seed=first, progress=False, cpu_time=cpu
    )
    scores = [r.totals[0] for r in results]
    return {
        "games": games,
        "seeds": f"{first}-{first + games - 1}",
        "finished": summarize(results)["finished"],
        "mean": round(statistics.fmean(scores), 2),
        "ci95": mean_interval(scores),
        "wall_s": round(time.perf_counter() - t0, 1),
        "load": round(os.getloadavg()[0], 2),
    }


def strength(report: dict) -> None:
    """Per title: the solo mean score per level, head-to-head shares at 2 and 4 players with
    Wilson intervals (search against greedy; greedy against random), and the rating per level
    those games give (``domain/bots/ratings.difference``). Budgets are CPU seconds unless
    ``CHRONICLE_BENCH_CPU_TIME=0``; seeds start at ``CHRONICLE_BENCH_SEED`` (7001: seeds no
    tuning saw)."""
    from domain.bots.ratings import ANCHOR_RATING, difference

    games = int(_env("CHRONICLE_BENCH_ARENA_GAMES", 20))
    search_games = int(_env("CHRONICLE_BENCH_SEARCH_GAMES", 4))
    solo_games = int(_env("CHRONICLE_BENCH_SOLO_GAMES", 3))
    budget = os.environ.get("CHRONICLE_BENCH_SEARCH_BUDGET")
    processes = int(_env("CHRONICLE_BENCH_PROCESSES", min(2, os.cpu_count() or 1)))
    first = int(_env("CHRONICLE_BENCH_SEED", 7001))
    cpu = os.environ.get("CHRONICLE_BENCH_CPU_TIME", "1") != "0"
    counts = [int(n) for n in (os.environ.get("CHRONICLE_BENCH_PLAYERS") or "2,4").split(",")]
    levels = [int(x) for x in (os.environ.get("CHRONICLE_BENCH_SEARCH_LEVELS") or "0,1").split(",")]
    greedy, rand = BotSpec("greedy", 2), BotSpec("random", 1)
    for title, variant, target in SOLO:
        if solo_games:
            row = {"greedy/2": solo(title, variant, greedy, solo_games, first, cpu)}
            for level in levels:
                row[f"search/{level}"] = solo(
                    title, variant, BotSpec("search", level), solo_games, first, cpu
                )
            row["target_level3_mean"] = target
            report[f"solo_{title}_{variant}"] = row
    for title, variant in STRENGTH:
        ratings = {"greedy/2": ANCHOR_RATING}
        for players in counts:
            row: dict = {}
            if games and players == 2:
                row["greedy_vs_random"] = duel(
                    title, variant, players, games, (greedy, rand), processes
                )
                row["greedy_vs_random"]["target"] = 0.95
            for level in levels if search_games else ():
                spec = BotSpec("search", level)
                lineup = (spec, greedy) if players == 2 else (spec, greedy, greedy, greedy)
                key = f"search{level}_vs_greedy"
                row[key] = duel(
                    title,
                    variant,
                    players,
                    search_games,
                    lineup,
                    processes,
                    float(budget) if budget else None,
                    cpu,
                )
                row[key]["target"] = (0.85 if players == 2 else 0.55) if level == 2 else None
                share = row[key]["search_beats_greedy"]
                if players == 2 and share is not None:
                    d, se = difference(share, search_games)
                    ratings[f"search/{level}"] = round(ANCHOR_RATING + d)
            row["load"] = round(os.getloadavg()[0], 2)
            report[f"strength_{title}_{variant}_{players}p"] = row
        report[f"ratings_{title}_{variant}"] = ratings


def run(report: dict) -> None:
    for part in (playouts, greedy_times, zombie_times, search_budget, strength):
        before = set(report)
        part(report)
        for key in sorted(set(report) - before):  # progress: strength runs take minutes
            print(f"  {key}: {report[key]}", flush=True)


if __name__ == "__main__":
    import json
    import sys

    out: dict = {}
    parts = sys.argv[1:] or [
        "playouts",
        "greedy_times",
        "zombie_times",
        "search_budget",
        "strength",
    ]
    for part in parts:
        globals()[part](out)
    print(json.dumps(out, indent=2, default=str))
