"""The three bots: ``random``, ``greedy`` and ``search`` (issue 25 item 5).

A bot's only input is the game as its seat may see it (``title.view(state, seat)``), the seat,
its level and an :class:`~domain.common.rng.Rng` the caller derives from the game's seed by a
one-way hash (so a bot game replays exactly, and the bot's draws say nothing about the game's
real draws). Bots call the title protocol only; no title is named here.

* ``random``: a uniform choice among the listed moves.
* ``greedy``: one move ahead: the move after which the seat's score-sheet margin over the best
  other seat (plus the title's ``evaluate(state, seat)``, when it has one) is largest; ties are
  broken by a draw.
* ``search``: determinized Monte Carlo tree search (single-observer information-set MCTS,
  Cowling, Powley & Whitehouse 2012) within a time budget: every iteration first samples what
  the seat cannot see (``title.fork_view(view, seat, rng)``: other hands dealt anew; draws the
  rules make lazily come from the bot's own rng, i.e. are sampled too), then descends a tree
  shared by all samples with UCB1 over the moves available in that sample, expands one move,
  plays a short random playout and scores the position on the score sheet.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from typing import Any, cast

from domain.common.errors import DomainError
from domain.common.rng import Rng

from . import sim

#: search budgets in seconds by level (level 2 is the default the issue names)
SEARCH_BUDGET = {1: 0.5, 2: 2.0, 3: 5.0}
#: how many random moves a search playout makes before scoring the position
PLAYOUT_MOVES = {1: 20, 2: 30, 3: 40}
#: a margin of this many points maps to a reward of about 0.88 (tanh 1)
REWARD_SCALE = 6.0
UCB_C = 0.7
#: greedy level 2 also looks one step further into its own turn, at this many of the moves
#: that step lists (a sample drawn from the bot's rng when it lists more)
GREEDY_FOLLOW_UP = 12
#: ... and at most about this many follow-up moves in all (a long list of first moves gets a
#: smaller sample each, at least 2), so a decision stays within tens of milliseconds
GREEDY_FOLLOW_UP_TOTAL = 120


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
    use_eval = level >= 2
    view = rules.fork_view(view, seat, sim_rng) or view  # others' hidden parts, sampled

    def value_of(state: dict) -> float:
        return (
            sim.evaluate(rules, state, seat)
            if use_eval
            else sim.margin(sim.totals(rules, state), seat)
        )

    width = max(2, min(GREEDY_FOLLOW_UP, GREEDY_FOLLOW_UP_TOTAL // len(moves)))
    best, best_value = [], -math.inf
    for move in moves:
        state = sim.after(rules, view, seat, move, sim_rng)
        if state is None:
            continue
        value = value_of(state)
        if use_eval:
            value = max(value, _follow_up(rules, state, seat, sim_rng, value_of, width))
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return rng.choice("bot/greedy/tie", best or moves)


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


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "seat", "move")

    def __init__(self, seat: int | None, move: dict | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.seat = seat  # who made the move leading here
        self.move = move


def _rewards(rules: Any, state: dict) -> list[float]:
    values = sim.totals(rules, state)
    return [0.5 + 0.5 * math.tanh(sim.margin(values, s) / REWARD_SCALE) for s in range(len(values))]


def _ucb(child: _Node) -> float:
    return child.reward / child.visits + UCB_C * math.sqrt(
        math.log(max(child.avail, 1)) / child.visits
    )


def choose_search(
    rules: Any,
    view: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    level: int,
    budget: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> dict:
    """Determinized MCTS for ``budget`` seconds (default by level); see the module docstring.
    Stops early when only one move is listed; never runs past the budget by more than one
    iteration."""
    if len(moves) == 1:
        return moves[0]
    budget = SEARCH_BUDGET.get(level, 2.0) if budget is None else budget
    depth = PLAYOUT_MOVES.get(level, 30)
    pick = random.Random(rng.below("bot/search/pick", 1 << 64))
    root = _Node(None, None)
    root_keys = {move_key(m): m for m in moves}
    deadline = clock() + budget
    iteration = 0
    while True:
        iteration += 1
        if clock() >= deadline and iteration > 1:
            break
        sample_rng = Rng(rng.below(f"bot/search/sample/{iteration}", 1 << 128))
        try:
            state = rules.fork_view(view, seat, sample_rng) or sim.copy_state(view)
            _iterate(rules, root, state, seat, root_keys, pick, sample_rng, depth)
        except DomainError:  # a sample the rules cannot continue: draw another
            continue
    if not root.children:
        return choose_random(rules, view, seat, moves, rng, level)
    best = max(root.children.values(), key=lambda c: (c.visits, c.reward))
    return cast(dict, best.move)


def _iterate(
    rules: Any,
    root: _Node,
    state: dict,
    seat: int,
    root_keys: dict,
    pick: Any,
    rng: Rng,
    depth: int,
) -> None:
    path, node, at_root = [root], root, True
    while True:
        st = rules.status(state)
        if st.finished or not st.to_act:
            break
        mover = (
            seat if at_root else (st.to_act[0] if len(st.to_act) == 1 else pick.choice(st.to_act))
        )
        listed = rules.legal_moves(state, mover)
        if not listed:
            break
        keys = {move_key(m): m for m in listed}
        if at_root:
            keys = {k: m for k, m in keys.items() if k in root_keys} or keys
        untried = [k for k in keys if k not in node.children]
        for k in keys:
            child = node.children.get(k)
            if child is not None:
                child.avail += 1
        if untried:
            k = untried[int(pick.random() * len(untried))]
            child = node.children[k] = _Node(mover, keys[k])
        else:
            k = max(keys, key=lambda key: _ucb(node.children[key]))
            child = node.children[k]
        try:
            state = sim.apply(rules, state, mover, keys[k], rng)
        except DomainError:  # a sample the rules cannot continue: score what we have
            if child.visits == 0:
                node.children.pop(k, None)
            break
        path.append(child)
        node, at_root = child, False
        if untried:
            break
    state, _ = sim.random_playout(rules, state, pick, rng, max_moves=depth)
    rewards = _rewards(rules, state)
    for n in path:
        n.visits += 1
        if n.seat is not None and n.seat < len(rewards):
            n.reward += rewards[n.seat]


CHOOSERS = {"random": choose_random, "greedy": choose_greedy, "search": choose_search}
