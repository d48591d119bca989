"""Rules speed, title by title: listing legal moves and ``decide`` during random legal play.

For every registered title, variant and player count listed in ``CASES``, a few games are played
to the end by a seeded random client that only picks listed moves (no store, no HTTP: the pure
rules). Each call of ``legal_moves`` for a seat the game waits for and each ``decide`` is timed;
the report gives p50, p99 and max per case, and the same at the busiest point (the 10 % of calls
with the longest lists). Nothing here names a title's rules: the cases are data.
"""

from __future__ import annotations

import random
import statistics
import time

from domain.common.errors import DomainError
from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.platform import registry

#: (title, variant, players, games, options); titles not installed are skipped.
CASES = (
    ("agricola", "family", 2, 30, {}),
    ("agricola", "family", 5, 15, {}),
    ("agricola", "full", 5, 8, {}),
    # issue 23's targets: all three decks, 5 players (listing) and 4 players (a whole playout)
    ("agricola", "full", 5, 8, {"decks": "EIK"}),
    ("agricola", "full", 4, 8, {"decks": "EIK"}),
    ("caverna", "standard", 1, 15, {}),
    ("caverna", "standard", 4, 8, {}),
    ("caverna", "standard", 7, 8, {}),
    ("village", "solo", 1, 15, {}),
    ("village", "standard", 3, 10, {}),
    ("village", "standard", 5, 8, {}),
)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
MAX_MOVES = 5000
#: how many times each listing is made for its least CPU time (the first call alone is timed
#: by the wall clock, as before)
REPEAT = 3


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def play_one(rules, variant: str, n: int, seed: int, options: dict) -> dict:
    """One random game; per-call timings in milliseconds, with the list sizes."""
    rng, pick = Rng(seed), random.Random(seed)
    state: dict = {}
    for event in rules.setup(GameConfig(variant, NAMES[:n], dict(options)), rng):
        state = rules.evolve(state, event)
    listing, sizes, deciding, cpu, hooks, least = [], [], [], [], [], []
    repeated = 0.0  # seconds spent repeating listings, left out of the playout's time
    count_hooks = getattr(rules, "listing_hooks", None)
    for _ in range(MAX_MOVES):
        status = rules.status(state)
        if status.finished or not status.to_act:
            break
        seat = pick.choice(status.to_act)
        t0, c0 = time.perf_counter(), time.thread_time()
        moves = rules.legal_moves(state, seat)
        cpu_first = time.thread_time() - c0
        listing.append((time.perf_counter() - t0) * 1000)
        cpu.append(cpu_first * 1000)
        t0 = time.perf_counter()
        for _ in range(REPEAT - 1):  # the same listing again: the least CPU it takes
            c0 = time.thread_time()
            rules.legal_moves(state, seat)
            cpu_first = min(cpu_first, time.thread_time() - c0)
        least.append(cpu_first * 1000)
        repeated += time.perf_counter() - t0
        if count_hooks is not None:
            hooks.append(count_hooks(state))
        sizes.append(len(moves))
        move = pick.choice(moves)
        t0 = time.perf_counter()
        events = rules.decide(state, seat, move, rng)
        deciding.append((time.perf_counter() - t0) * 1000)
        for event in events:
            state = rules.evolve(state, event)
    return {
        "listing": listing,
        "sizes": sizes,
        "deciding": deciding,
        "cpu": cpu,
        "least": least,
        "hooks": hooks,
        "repeated_ms": repeated * 1000,
        "finished": rules.status(state).finished,
    }


def measure(title: str, variant: str, n: int, games: int, options: dict) -> dict:
    rules = registry.current(title)
    listing, sizes, deciding, finished, whole, cpu, hooks, least = [], [], [], 0, [], [], [], []
    play_one(rules, variant, n, games + 1, options)  # warm-up (caches, first imports)
    for seed in range(1, games + 1):
        t0 = time.perf_counter()
        one = play_one(rules, variant, n, seed, options)
        whole.append((time.perf_counter() - t0) * 1000 - one["repeated_ms"])
        listing += one["listing"]
        sizes += one["sizes"]
        deciding += one["deciding"]
        cpu += one["cpu"]
        least += one["least"]
        hooks += one["hooks"]
        finished += one["finished"]
    busiest_cut = _pct(sizes, 0.9)
    busy = [t for t, size in zip(listing, sizes) if size >= busiest_cut]
    out = {
        "games": games,
        "finished": finished,
        "calls": len(listing),
        "legal_moves_p50_ms": statistics.median(listing),
        "legal_moves_p99_ms": _pct(listing, 0.99),
        "legal_moves_max_ms": max(listing),
        "legal_moves_mean_ms": statistics.fmean(listing),
        "busiest_list_size": max(sizes),
        "busiest_p50_ms": statistics.median(busy),
        "busiest_p99_ms": _pct(busy, 0.99),
        "decide_p50_ms": statistics.median(deciding),
        "decide_p99_ms": _pct(deciding, 0.99),
        # one whole random game in memory (set-up, listing every turn, decide, evolve), warm
        "playout_p50_ms": statistics.median(whole),
        # the listing's CPU time (this thread's): what the rules cost, without the time the
        # process waited for a core on a loaded machine (the wall-clock p99 above includes it)
        "legal_moves_cpu_p50_ms": statistics.median(cpu),
        "legal_moves_cpu_p99_ms": _pct(cpu, 0.99),
        # each listing made REPEAT times, its least CPU time: steady on a loaded machine
        "legal_moves_least_cpu_p50_ms": statistics.median(least),
        "legal_moves_least_cpu_p99_ms": _pct(least, 0.99),
    }
    if hooks:  # card hooks run per listing, and bound in the game's card set (issue 35)
        out["listing_hooks_run_mean"] = statistics.fmean(h[0] for h in hooks)
        out["listing_hooks_run_max"] = max(h[0] for h in hooks)
        out["listing_hooks_bound"] = max(h[1] for h in hooks)
    return out


def case_name(title: str, variant: str, n: int, options: dict) -> str:
    extra = "".join(f"_{k}-{v}" for k, v in sorted(options.items()))
    return f"{title}_{variant}_{n}p{extra}"


def run(report: dict) -> None:
    installed = set(registry.names())
    for title, variant, n, games, options in CASES:
        if title not in installed:
            continue
        name = case_name(title, variant, n, options)
        try:
            report[name] = measure(title, variant, n, games, options)
        except DomainError as err:  # a variant that cannot seat n players (or deal) yet
            report[name] = {"skipped": err.message}


if __name__ == "__main__":
    out: dict = {}
    run(out)
    for key, value in out.items():
        print(key, {k: round(v, 3) if isinstance(v, float) else v for k, v in value.items()})
