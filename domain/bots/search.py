"""The ``search`` bot: determinized Monte Carlo over greedy's best moves, with greedy
playouts (issue 25 item 5).

Each round of the search ("a sample") first draws what the seat cannot see
(``title.fork_view(view, seat, rng)``: other hands dealt anew; draws the rules make lazily come
from the bot's own rng, i.e. are sampled too; Cowling, Powley & Whitehouse 2012 call this
determinization), then plays every candidate move in that same sample, each followed by the
same playout of :data:`PLAYOUT_TURNS` turns in which every seat plays greedy's one-step move
(the listed move with the best score-sheet margin plus the title's ``evaluate``), and scores
the position reached by the searching seat's margin over the best other seat. The candidates
are greedy's best few moves at the root (a wider, ranked list as the budget allows:
progressive widening by greedy's ranking). Because every candidate meets the same samples and
the same playout draws (common random numbers), the comparison between them is paired, so a
few dozen samples tell apart moves whose worth differs by a point or two. The move with the
best mean margin wins if it beats greedy's choice clearly; otherwise greedy's choice stands.

What it improves over ``greedy``: greedy values a move by the position right after it (and one
more step of the same turn); a playout shows what the other seats then take, what the seat
does next with what it took, and how the next harvest goes. The playouts follow the base
policy itself, not a noisier one: this is a rollout of greedy (Tesauro & Galperin 1996;
Bertsekas, "rollout algorithms"), which plays at least as well as greedy when its estimates are
good; and a playout with no uniform draws about halves the spread of the paired differences
(in five two-player Caverna positions, 10-move playouts: a median standard deviation of 1.9
points, against 3.6 when one move in ten was uniform and the rest the best of 5 sampled), so
fewer samples tell the moves apart.

The budget is kept: the clock is read before every playout move, a sample cut short by the
deadline is dropped (so the comparison stays paired), and a decision ends within a playout
move of its deadline (never 1.5 x the budget). It ends sooner when the choice is settled
(:func:`_settled`), so a clear decision does not spend its whole budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from domain.common.errors import DomainError
from domain.common.rng import Rng

from . import evals, sim
from .players import choose_greedy, choose_random, greedy_values

#: search budgets in seconds by level (level 2 is the default the issue names); level 0 is
#: the "beginner" (:func:`choose_beginner`), which does not search
SEARCH_BUDGET = {1: 0.5, 2: 2.0, 3: 5.0}
BEGINNER_LEVEL = 0
#: the beginner plays a uniform draw this often, otherwise greedy's one-step choice without
#: the title's evaluation (greedy level 1), so it sits below greedy (issue 37 item 2)
BEGINNER_RANDOM = 0.35
#: the clock a budget is measured by: wall time by default; the arena may measure CPU time
#: (``time.process_time``) on a shared machine, so a busy neighbour does not shorten a search
CLOCK: Callable[[], float] = time.perf_counter
#: how many turns (of any seat, the rest of the searching seat's own the first) a playout
#: plays after the candidate before the position is scored, and at most how many moves (a level
#: buys more samples, not longer playouts). Counted in turns, not moves, because the titles
#: split a turn into steps differently (in two-player greedy games a turn is 1.5 moves in
#: Agricola, 2.2 in Village, 2.75 in Caverna). Issue 37: the position reached is judged by the
#: evaluation (``domain/bots/evals``: what it will score by the end), so the horizon is short,
#: 6 turns and at most 16 moves (a solo seat's moves are all one turn), which buys more samples
PLAYOUT_TURNS = 6
PLAYOUT_MOVES_MAX = 16
#: a playout reaching a harvest plays it through (feeding and breeding), up to this many more
#: moves, so the position is judged after the food was paid, not in the middle of paying it
#: (planning across a harvest, issue 37 item 2)
HARVEST_MOVES_MAX = 24
#: greedy's best this-many moves are the first candidates ...
ROOT_WIDTH = 3
#: ... and one more of greedy's ranking joins after every this-many samples, up to
#: ``ROOT_WIDTH_MAX`` (progressive widening)
WIDEN_EVERY = 8
ROOT_WIDTH_MAX = 6
#: a candidate is compared on at least this many samples
MIN_MET = 2
#: ... and must beat greedy's choice by this many points on average, and by this many
#: standard errors of the paired differences, to be played instead
MIN_GAIN = 0.25
GAIN_Z = 1.0
#: a decision ends before its deadline once the choice is settled (:func:`_settled`): after
#: this many samples of every candidate, by this many standard errors
STOP_AFTER = 6
STOP_Z = 2.5
#: a playout move is a uniform draw this often (never: the playouts follow greedy, see the
#: module docstring); otherwise the best of at most ``POLICY_WIDTH`` listed moves (a sample
#: of a longer list) by the one-step evaluation
EPSILON = 0.0
POLICY_WIDTH = 12


class _Clock:
    """The deadline, read before every playout move."""

    def __init__(self, budget: float, clock: Callable[[], float]) -> None:
        self.read = clock
        self.deadline = clock() + budget

    def out(self) -> bool:
        return self.read() >= self.deadline


class _Cut(Exception):
    """The deadline passed in the middle of a sample."""


def values(rules: Any, state: dict) -> list[float]:
    """Every seat's expected final total: the score-sheet total plus what the title's
    evaluation (``domain/bots/evals``) expects its position to add by the end."""
    return evals.values(rules, state)


def _policy(
    rules: Any,
    state: dict,
    mover: int,
    moves: list[dict],
    pick: Any,
    rng: Rng,
    own: bool = True,
) -> dict:
    """A playout move: the best one-step margin of ``mover`` among at most
    :data:`POLICY_WIDTH` listed moves, or a uniform draw. The searching seat (``own``) judges
    by the evaluation (``values``); the other seats are modelled by the platform's greedy bot
    (the score-sheet margin plus the title's ``evaluate``), the opponent the search was built
    against (issue 37: with the other seats judged by the evaluation too, search level 1 won
    2 of 6 two-player Agricola games against greedy, bench/STRENGTH.md)."""
    if len(moves) == 1:
        return moves[0]
    if pick.random() < EPSILON:
        return moves[int(pick.random() * len(moves))]
    if len(moves) > POLICY_WIDTH:
        moves = pick.sample(moves, POLICY_WIDTH)
    best, best_value = moves[0], -math.inf
    for move in moves:
        after = sim.after(rules, state, mover, move, rng)
        if after is None:
            continue
        value = (
            sim.margin(values(rules, after), mover) if own else sim.evaluate(rules, after, mover)
        )
        if value > best_value:
            best, best_value = move, value
    return best


def guided_playout(
    rules: Any,
    state: dict,
    pick: Any,
    rng: Rng,
    turns: int,
    clock: _Clock | None = None,
    seat: int | None = None,
) -> dict:
    """``state`` (left as it was) after ``turns`` turns of greedy moves (the rest of the turn
    under way counts as the first; a turn is a run of moves by one seat, however many steps
    the title splits it into), at most :data:`PLAYOUT_MOVES_MAX` moves, or until the game
    ends; raises :class:`_Cut` when ``clock`` runs out first."""
    started, last = 0, None
    for made in range(PLAYOUT_MOVES_MAX + HARVEST_MOVES_MAX):
        st = rules.status(state)
        if st.finished or not st.to_act:
            break
        if clock is not None and clock.out():
            raise _Cut
        to_act = st.to_act
        mover = to_act[0] if len(to_act) == 1 else pick.choice(to_act)
        in_harvest = str(state.get("phase") or "").startswith("harvest")
        if made >= PLAYOUT_MOVES_MAX and not in_harvest:
            break
        if mover != last:
            started, last = started + 1, mover
            if started > turns and not in_harvest:
                break
        moves = rules.legal_moves(state, mover)
        if not moves:
            break
        own = seat is None or mover == seat
        move = _policy(rules, state, mover, moves, pick, rng, own)
        state = sim.apply(rules, state, mover, move, rng)
    return state


def choose_search(
    rules: Any,
    view: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    level: int,
    budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> dict:
    """Determinized, paired Monte Carlo over greedy's best moves for ``budget`` seconds (by
    level when None); see the module docstring. One listed move is played at once. Anytime:
    a decision cut short by its budget plays the best move found so far (greedy's choice when
    no sample finished)."""
    if len(moves) == 1:
        return moves[0]
    if level == BEGINNER_LEVEL:
        return choose_beginner(rules, view, seat, moves, rng, level, budget)
    budget = SEARCH_BUDGET.get(level, 2.0) if budget is None else budget
    timer = _Clock(budget, clock or CLOCK)
    prior_rng = Rng(rng.below("bot/search/prior", 1 << 128))
    sample = rules.fork_view(view, seat, prior_rng) or view
    ranked = [
        m
        for _, m in sorted(
            greedy_values(
                rules,
                sample,
                seat,
                moves,
                prior_rng,
                value_fn=lambda after: sim.margin(values(rules, after), seat),
            ),
            key=_first,
        )
    ]
    if not ranked:
        return choose_random(rules, view, seat, moves, rng, level)
    rows: list[list[float]] = []  # per finished sample: the margin after each candidate
    final_width = min(len(ranked), ROOT_WIDTH_MAX)
    attempt = 0
    while not timer.out() and len(ranked) > 1:
        width = min(len(ranked), ROOT_WIDTH + len(rows) // WIDEN_EVERY, ROOT_WIDTH_MAX)
        attempt += 1
        try:
            margins = _sample(rules, view, seat, ranked[:width], rng, attempt, timer)
        except _Cut:
            break
        if margins is not None:
            rows.append(margins)
            if width == final_width and _settled(rows, width):
                break
    return ranked[_best(rows)]


def choose_beginner(
    rules: Any,
    view: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    level: int,
    budget: float | None = None,
) -> dict:
    """Level 0, the "beginner": greedy's one-step choice by the score sheet alone (greedy
    level 1), except that one move in :data:`BEGINNER_RANDOM` is a uniform draw."""
    if rng.below("bot/beginner/slip", 1000) < BEGINNER_RANDOM * 1000:
        return choose_random(rules, view, seat, moves, rng, level)
    return choose_greedy(rules, view, seat, moves, rng, 1)


def _first(vm: tuple[float, dict]) -> float:
    return -vm[0]


def _best(rows: list[list[float]]) -> int:
    """The candidate whose margin beats greedy's choice (candidate 0) by the most on average
    over the samples both met (paired); 0 when none does clearly (by :data:`MIN_GAIN` points
    and :data:`GAIN_Z` standard errors) or nothing was sampled. A candidate that joined late
    needs :data:`MIN_MET` samples to count."""
    best, best_gain = 0, 0.0
    for i in range(1, max((len(r) for r in rows), default=0)):
        gains = [r[i] - r[0] for r in rows if len(r) > i]
        if len(gains) < MIN_MET:
            continue
        mean, se = _mean_se(gains)
        if mean > max(best_gain, MIN_GAIN, GAIN_Z * se) + 1e-9:
            best, best_gain = i, mean
    return best


def _settled(rows: list[list[float]], width: int) -> bool:
    """True when more samples would not change the choice: every candidate was met
    :data:`STOP_AFTER` times, and by :data:`STOP_Z` standard errors of the paired differences
    the move :func:`_best` picks beats greedy's choice (when it is another) and no other
    candidate beats it by :data:`MIN_GAIN` (what one must gain to replace greedy's choice)."""
    if len(rows) < STOP_AFTER or sum(len(r) == width for r in rows) < STOP_AFTER:
        return False
    pick = _best(rows)
    for i in range(width):
        if i == pick:
            continue
        floor = 0.0 if i == 0 else -MIN_GAIN
        mean, se = _mean_se([r[pick] - r[i] for r in rows if len(r) > max(i, pick)])
        if mean - STOP_Z * se <= floor:
            return False
    return True


def _mean_se(diffs: list[float]) -> tuple[float, float]:
    """The mean of at least two paired differences and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def _sample(
    rules: Any,
    view: dict,
    seat: int,
    candidates: list[dict],
    rng: Rng,
    n: int,
    timer: _Clock,
) -> list[float] | None:
    """The margin ``seat`` reaches after each candidate in one determinization (the same
    playout draws for all), or None when the rules cannot continue this sample."""
    seed = rng.below(f"bot/search/sample/{n}", 1 << 128)
    sample_rng = Rng(seed)
    base = rules.fork_view(view, seat, sample_rng) or view
    out = []
    for move in candidates:
        play_rng = Rng(seed ^ 0x5EED)
        pick = random.Random(seed)
        try:
            state = sim.apply(rules, base, seat, move, play_rng)
            state = guided_playout(rules, state, pick, play_rng, PLAYOUT_TURNS, timer, seat)
        except DomainError:
            return None
        out.append(sim.margin(values(rules, state), seat))
    return out
