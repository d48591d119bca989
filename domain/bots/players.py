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
  plays a short random playout and scores the position on the score sheet plus the title's
  evaluation. At the root it considers only greedy's best few moves, with greedy's values as
  a bias that fades with visits.
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
from .zombie import choose_zombie

#: search budgets in seconds by level (level 2 is the default the issue names)
SEARCH_BUDGET = {1: 0.5, 2: 2.0, 3: 5.0}
#: how many random moves a search playout makes before scoring the position (by the score
#: sheet and the title's evaluation)
PLAYOUT_MOVES = {1: 8, 2: 12, 3: 16}
#: a margin of this many points maps to a reward of about 0.88 (tanh 1)
REWARD_SCALE = 6.0
UCB_C = 0.7
#: search considers only the first moves greedy ranks best (greedy's values as a prior)
SEARCH_ROOT_WIDTH = 4
#: ... and starts from greedy's values: a bonus (this much for greedy's best move, less for
#: the others; a playout's reward is 0 to 1) that fades as a move is visited (progressive
#: bias), so a short search plays like greedy and a long one by what its playouts found
PRIOR_WEIGHT = 2.0
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
    rules: Any, state: dict, seat: int, moves: list[dict], rng: Rng, use_eval: bool = True
) -> list[tuple[float, dict]]:
    """(value, move) for every move the rules accept from ``state`` (a sample of
    :data:`GREEDY_WIDTH` of a longer list), in list order: the seat's score-sheet margin after
    it, plus the title's evaluation and the best value of one more step of the same turn when
    ``use_eval``."""

    def value_of(after: dict) -> float:
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


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "seat", "move", "prior")

    def __init__(self, seat: int | None, move: dict | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.seat = seat  # who made the move leading here
        self.move = move
        self.prior = 0.0  # greedy's opinion of a first move, fading with visits


def _rewards(rules: Any, state: dict) -> list[float]:
    values = sim.totals(rules, state)
    extra = getattr(rules, "evaluate", None)
    if callable(extra):  # every seat's prospects in this sample, by the title's evaluation
        values = [v + float(extra(state, s) or 0.0) for s, v in enumerate(values)]
    return [0.5 + 0.5 * math.tanh(sim.margin(values, s) / REWARD_SCALE) for s in range(len(values))]


def _ucb(child: _Node) -> float:
    return (
        child.reward / child.visits
        + UCB_C * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
        + child.prior / (1 + child.visits)
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
    deadline = clock() + budget
    pick = random.Random(rng.below("bot/search/pick", 1 << 64))
    root = _Node(None, None)
    prior_rng = Rng(rng.below("bot/search/prior", 1 << 128))
    sample = rules.fork_view(view, seat, prior_rng) or view
    ranked = sorted(
        greedy_values(rules, sample, seat, moves, prior_rng),
        key=lambda vm: -vm[0],
    )[:SEARCH_ROOT_WIDTH]  # sorted() keeps list order among equal values
    root_keys = {move_key(m): m for _, m in ranked} or {move_key(m): m for m in moves}
    top = ranked[0][0] if ranked else 0.0
    priors = {
        move_key(m): PRIOR_WEIGHT * (1 + math.tanh((v - top) / REWARD_SCALE)) for v, m in ranked
    }
    iteration = 0
    while True:
        iteration += 1
        if clock() >= deadline and iteration > 1:
            break
        sample_rng = Rng(rng.below(f"bot/search/sample/{iteration}", 1 << 128))
        try:
            state = rules.fork_view(view, seat, sample_rng) or sim.copy_state(view)
            _iterate(rules, root, state, seat, root_keys, pick, sample_rng, depth)
            for k, child in root.children.items():
                child.prior = priors.get(k, 0.0)
        except DomainError:  # a sample the rules cannot continue: draw another
            continue
    if not root.children:
        return ranked[0][1] if ranked else choose_random(rules, view, seat, moves, rng, level)
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


#: every bot by name; ``zombie`` (a dropped seat's, ``zombie.py``) is never a creator's choice
CHOOSERS = {
    "random": choose_random,
    "greedy": choose_greedy,
    "search": choose_search,
    "zombie": choose_zombie,
}
