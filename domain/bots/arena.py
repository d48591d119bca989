"""Bot games in memory (the title's pure functions, no store): ``chronicle bots arena``, the
benchmarks and the smoke tests play through :func:`play_game`.

Each bot sees only ``title.view(state, seat)``; its move is checked against the seat's listed
moves like any client's (an unlisted move is counted as a fault and replaced by a random one).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.platform import registry

from . import BotSpec, bot_move, bot_rng, search
from .players import move_key
from .sim import random_playout, totals

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
MAX_MOVES = 20000


@dataclass
class GameResult:
    seed: int
    bots: list[dict]
    totals: list[float]
    winners: list[int]
    moves: int
    seconds: float
    finished: bool
    faults: int = 0
    decide_ms: dict = field(default_factory=dict)  # bot kind -> [ms per decision]


def new_state(
    rules: Any, variant: str, players: int, seed: int, options: dict | None = None
) -> Any:
    config = GameConfig(variant, NAMES[:players], dict(options or {}))
    # the options with their defaults filled in, as the application sets a game up
    config = GameConfig(variant, NAMES[:players], rules.check_config(config))
    state: dict = {}
    for event in rules.setup(config, Rng(seed)):
        state = rules.evolve(state, event)
    return state


def play_game(
    title: str,
    variant: str,
    bots: list[BotSpec],
    seed: int,
    options: dict | None = None,
    budget: float | None = None,
    timings: bool = False,
) -> GameResult:
    """One game of ``bots`` (one per seat) from ``seed``; ``budget`` overrides the search
    bot's time per decision."""
    rules = registry.current(title)
    state = new_state(rules, variant, len(bots), seed, options)
    game_rng = Rng(seed)
    pick = random.Random(seed)
    faults, moves, started = 0, 0, time.perf_counter()
    decide_ms: dict[str, list[float]] = {}
    while moves < MAX_MOVES:
        status = rules.status(state)
        if status.finished or not status.to_act:
            break
        seat = pick.choice(status.to_act)
        spec = bots[seat]
        view = rules.view(state, seat)
        t0 = time.perf_counter()
        move = bot_move(rules, view, seat, spec, bot_rng(seed, moves, seat), budget)
        if timings:
            decide_ms.setdefault(spec.bot, []).append((time.perf_counter() - t0) * 1000)
        listed = rules.legal_moves(state, seat)
        if move is None or move_key(move) not in {move_key(m) for m in listed}:
            faults += 1
            move = pick.choice(listed)
        for event in rules.decide(state, seat, move, game_rng):
            state = rules.evolve(state, event)
        moves += 1
    values = totals(rules, state)
    sheet = rules.score_sheet(state)
    return GameResult(
        seed,
        [b.as_dict() for b in bots],
        values,
        list(sheet.get("winners", [])),
        moves,
        time.perf_counter() - started,
        rules.status(state).finished,
        faults,
        decide_ms,
    )


def random_playout_ms(
    title: str, variant: str, players: int, seed: int, options: dict | None = None
) -> tuple[float, bool]:
    """Milliseconds of one in-memory random playout (set-up included, warm process)."""
    rules = registry.current(title)
    t0 = time.perf_counter()
    state = new_state(rules, variant, players, seed, options)
    state, _ = random_playout(rules, state, random.Random(seed), Rng(seed), MAX_MOVES)
    return (time.perf_counter() - t0) * 1000, rules.status(state).finished


def _run(args: tuple) -> GameResult:
    title, variant, bots, seed, options, budget, timings, *rest = args
    if rest and rest[0]:
        use_cpu_clock()
    return play_game(title, variant, [BotSpec(**b) for b in bots], seed, options, budget, timings)


def use_cpu_clock() -> None:
    """Search budgets in this process are CPU seconds (``time.process_time``), not wall time:
    on a shared machine a busy neighbour then does not shorten a search (issue 37 item 3)."""
    search.CLOCK = time.process_time


def schedule(kinds: list[BotSpec], players: int, games: int, first_seed: int = 1) -> list[tuple]:
    """(bots, seed) per game: the line-up is rotated game by game so every bot sits in every
    seat equally often (seats alternated)."""
    out = []
    for g in range(games):
        lineup = [kinds[(g + s) % len(kinds)] for s in range(players)]
        out.append(([b.as_dict() for b in lineup], first_seed + g))
    return out


def summarize(results: list[GameResult]) -> dict:
    """Wins (shared wins count as a fraction), average score and spread, per bot kind, and moves
    per second."""
    per: dict[str, dict] = {}
    moves = seconds = 0.0
    for r in results:
        moves += r.moves
        seconds += r.seconds
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for seat, bot in enumerate(r.bots):
            key = f"{bot['bot']}/{bot['level']}"
            row = per.setdefault(key, {"seats": 0, "wins": 0.0, "scores": []})
            row["seats"] += 1
            row["wins"] += share if seat in r.winners else 0.0
            row["scores"].append(r.totals[seat])
    table = {}
    for key, row in per.items():
        scores = row["scores"]
        mean = sum(scores) / len(scores)
        spread = (sum((s - mean) ** 2 for s in scores) / len(scores)) ** 0.5
        table[key] = {
            "seats": row["seats"],
            "wins": round(row["wins"], 2),
            "win_rate": round(row["wins"] / row["seats"], 3),
            "mean_score": round(mean, 2),
            "score_sd": round(spread, 2),
            "mean_ci95": mean_interval(scores),
        }
    return {
        "games": len(results),
        "finished": sum(r.finished for r in results),
        "faults": sum(r.faults for r in results),
        "bots": table,
        "moves_per_second": round(moves / seconds, 1) if seconds else None,
    }


def mean_interval(scores: list[float], z: float = 1.96) -> list[float] | None:
    """An approximate 95% interval of a mean score (normal, sample standard deviation);
    None under two games."""
    n = len(scores)
    if n < 2:
        return None
    mean = sum(scores) / n
    se = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1) / n)
    return [round(mean - z * se, 2), round(mean + z * se, 2)]


def wilson(share: float | None, n: int, z: float = 1.96) -> list[float] | None:
    """The 95% Wilson score interval of a win share over ``n`` games (ties counted half)."""
    if share is None or n <= 0:
        return None
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def head_to_head_row(results: list[GameResult], a: str, b: str) -> dict | None:
    """``a``'s head-to-head share against ``b`` (:func:`head_to_head`) with the number of
    games both played and its 95% Wilson interval; None when they never met."""
    share = head_to_head(results, a, b)
    if share is None:
        return None
    games = sum(1 for r in results if _has(r, a) and _has(r, b))
    return {"share": share, "games": games, "ci95": wilson(share, games)}


def _has(result: GameResult, key: str) -> bool:
    return any(f"{x['bot']}/{x['level']}" == key for x in result.bots)


def head_to_head(results: list[GameResult], a: str, b: str) -> float | None:
    """In games with both ``a`` and ``b`` (``kind/level`` keys), the share in which the best
    ``a`` seat scored more than the best ``b`` seat (ties count half)."""
    wins = played = 0.0
    for r in results:
        keys = [f"{x['bot']}/{x['level']}" for x in r.bots]
        sa = [t for k, t in zip(keys, r.totals) if k == a]
        sb = [t for k, t in zip(keys, r.totals) if k == b]
        if not sa or not sb:
            continue
        played += 1
        wins += 1.0 if max(sa) > max(sb) else 0.5 if max(sa) == max(sb) else 0.0
    return round(wins / played, 3) if played else None
