"""Bots (issue 25): random playout speed, greedy decision times, search budget use, strength.

* ``playout_<title>_4p_ms``: one in-memory random playout of a 4-player game (set-up included,
  the title's pure functions, no store), median and p90 over warm runs, with the issue's target.
* ``greedy_decide``: greedy decision times (p50, p99) in games of greedy against random.
* ``zombie_decide``: decision times (p50, p99) of the zombie that plays a dropped seat
  (``on_expiry: "drop"``) in 3-player games of a zombie against two random bots, how many of
  those games finished, and how many zombie moves were not listed (must be 0).
* ``search_budget``: seconds a search decision took over its budget (default 2 s), max and mean
  ratio; the target is "uses its budget, never more than 1.5 x".
* ``strength_<title>_<n>p``: arena tables (``chronicle bots arena``), seats alternated: greedy
  against random, and search (at a reduced budget, named in the row) against greedy.

Sizes come from the environment so a long run can ask for the issue's 200 games:
``CHRONICLE_BENCH_ARENA_GAMES`` (default 20), ``CHRONICLE_BENCH_SEARCH_GAMES`` (default 6),
``CHRONICLE_BENCH_SEARCH_BUDGET`` (seconds per search decision in the strength games, default
0.05) and ``CHRONICLE_BENCH_PROCESSES`` (default: one per core). No title is named in the
code: the cases are data.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from domain import registry
from domain.bots import BotSpec, bot_rng
from domain.bots.arena import new_state, random_playout_ms
from domain.bots.players import choose_search
from domain.bots.sim import random_playout
from domain.common.rng import Rng

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
        times = [random_playout_ms(title, variant, 4, seed)[0] for seed in range(1, runs + 1)]
        report[f"playout_{title}_{variant}_4p_ms"] = {
            "p50": statistics.median(times),
            "p90": _pct(times, 0.9),
            "runs": runs,
            "target_ms": target,
            "met": None if target is None else statistics.median(times) <= target,
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
            bots = [BotSpec("zombie", 1), BotSpec("random", 1), BotSpec("random", 1)]
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


def search_budget(report: dict, decisions: int = 3, budget: float = 2.0) -> None:
    """Time search decisions at positions reached by random play (a few moves in)."""
    ratios = []
    for title, variant in STRENGTH:
        rules = registry.current(title)
        for d in range(decisions):
            state = new_state(rules, variant, 2, 500 + d)
            state, _ = random_playout(rules, state, random.Random(d), Rng(d), max_moves=3 + 5 * d)
            st = rules.status(state)
            if st.finished or not st.to_act:
                continue
            seat = st.to_act[0]
            view = rules.view(state, seat)
            moves = rules.legal_moves(view, seat)
            if len(moves) < 2:
                continue
            t0 = time.perf_counter()
            choose_search(rules, view, seat, moves, bot_rng(d, 0, seat), 2, budget)
            ratios.append((time.perf_counter() - t0) / budget)
    report["search_budget"] = {
        "budget_s": budget,
        "decisions": len(ratios),
        "max_ratio": max(ratios),
        "mean_ratio": statistics.fmean(ratios),
        "target_max_ratio": 1.5,
    }


def strength(report: dict) -> None:
    from domain.bots.arena import head_to_head, summarize
    from service.bots_cli import run_arena

    games = int(_env("CHRONICLE_BENCH_ARENA_GAMES", 20))
    search_games = int(_env("CHRONICLE_BENCH_SEARCH_GAMES", 6))
    budget = _env("CHRONICLE_BENCH_SEARCH_BUDGET", 0.05)
    processes = int(_env("CHRONICLE_BENCH_PROCESSES", os.cpu_count() or 1))
    for title, variant in STRENGTH:
        for players in (2, 4):
            row: dict = {}
            results = run_arena(
                title,
                variant,
                players,
                games,
                [BotSpec("greedy", 2), BotSpec("random", 1)],
                processes,
                progress=False,
            )
            summary = summarize(results)
            row["greedy_vs_random"] = {
                "games": games,
                "greedy_beats_random": head_to_head(results, "greedy/2", "random/1"),
                "greedy_win_rate": summary["bots"]["greedy/2"]["win_rate"],
                "moves_per_second": summary["moves_per_second"],
                "target": 0.9 if players == 2 else None,
            }
            results = run_arena(
                title,
                variant,
                players,
                search_games,
                [BotSpec("search", 2), BotSpec("greedy", 2)],
                processes,
                budget=budget,
                progress=False,
            )
            summary = summarize(results)
            row["search_vs_greedy"] = {
                "games": search_games,
                "budget_s": budget,
                "search_beats_greedy": head_to_head(results, "search/2", "greedy/2"),
                "search_win_rate": summary["bots"]["search/2"]["win_rate"],
                "target": 0.65 if players == 2 else None,
            }
            report[f"strength_{title}_{variant}_{players}p"] = row


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
