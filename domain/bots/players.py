"""The ``random`` and ``greedy`` bots (issue 25 item 5); ``search`` is in ``search.py``.

A bot's only input is the game as its seat may see it (``title.view(state, seat)``), the seat,
its level and an :class:`~domain.common.rng.Rng` the caller derives from the game's seed by a
one-way hash (so a bot game replays exactly, and the bot's draws say nothing about the game's
real draws). Bots call the title protocol only; no title is named here.

* ``random``: a uniform choice among the listed moves.
* ``greedy``: one move ahead: the move after which the seat's score-sheet margin over the best
  other seat (plus the title's ``evaluate(state, seat)``, when it has one) is largest; ties are
  broken by a draw.
* ``search`` (``search.py``): determinized Monte Carlo over greedy's best moves, with
  greedy playouts, within a time budget.
"""

from __future__ import annotations

import json
import math
from typing import Any

from domain.common.rng import Rng

from . import sim

#: greedy level 2 also looks one step further into its own turn, at this many of the moves
#: that step lists (a sample drawn from the bot's rng when it lists more)
GREEDY_FOLLOW_UP = 12
#: ... and at most about this many follow-up moves in all (a long list of first moves gets a
#: smaller sample each, at least 2), so a decision stays within tens of milliseconds
GREEDY_FOLLOW_UP_TOTAL = 120
#: greedy values at most this many first moves: a longer list (a furnishing tile on each of
#: many spaces) is sampled from the bot's rng, so no decision takes much over 100 ms
GREEDY_WIDTH = 48


def move_key(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def choose_random(
    rules: Any,
    view: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    level: int,
    budget: float | None = None,
) -> dict:
    return rng.choice("bot/random", moves)


def choose_greedy(
    rules: Any,
    view: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    level: int,
    budget: float | None = None,
) -> dict:
    if len(moves) == 1:
        return moves[0]
    sim_rng = Rng(rng.below("bot/greedy/sim", 1 << 128))
    view = rules.fork_view(view, seat, sim_rng) or view  # others' hidden parts, sampled
    valued = greedy_values(rules, view, seat, moves, sim_rng, level >= 2)
    best, best_value = [], -math.inf
    for value, move in valued:
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return rng.choice("bot/greedy/tie", best or moves)


def greedy_values(
    rules: Any,
    state: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    use_eval: bool = True,
    value_fn: Any = None,
) -> list[tuple[float, dict]]:
    """(value, move) for every move the rules accept from ``state`` (a sample of
    :data:`GREEDY_WIDTH` of a longer list), in list order: the seat's score-sheet margin after
    it, plus the title's evaluation and the best value of one more step of the same turn when
    ``use_eval``. ``value_fn(after) -> float`` replaces the margin and evaluation (the search
    ranks its candidates by ``domain/bots/evals``)."""

    def value_of(after: dict) -> float:
        if value_fn is not None:
            return float(value_fn(after))
        return (
            sim.evaluate(rules, after, seat)
            if use_eval
            else sim.margin(sim.totals(rules, after), seat)
        )

    if len(moves) > GREEDY_WIDTH:
        moves = rng.shuffle("bot/greedy/wide", moves)[:GREEDY_WIDTH]
    width = max(2, min(GREEDY_FOLLOW_UP, GREEDY_FOLLOW_UP_TOTAL // len(moves)))
    out = []
    for move in moves:
        after = sim.after(rules, state, seat, move, rng)
        if after is None:
            continue
        value = value_of(after)
        if use_eval:
            value = max(value, _follow_up(rules, after, seat, rng, value_of, width))
        out.append((value, move))
    return out


def _follow_up(
    rules: Any, state: dict, seat: int, rng: Rng, value_of: Any, width: int = GREEDY_FOLLOW_UP
) -> float:
    """The best value one more step of the same seat's turn reaches (a placement is worth
    what its actions give), or -inf when the turn has passed. A long list is sampled: the best
    of a few spots for a room or a tile still says what the placement is worth."""
    status = rules.status(state)
    if status.finished or tuple(status.to_act) != (seat,):
        return -math.inf
    moves = rules.legal_moves(state, seat)
    if not moves:
        return -math.inf
    if len(moves) > width:
        moves = rng.shuffle("bot/greedy/follow", moves)[:width]
    best = -math.inf
    for move in moves:
        after = sim.after(rules, state, seat, move, rng)
        if after is not None:
            best = max(best, value_of(after))
    return best
