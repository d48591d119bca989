"""Fitting a title's evaluation weights by self-play regression (issue 37 item 1,
``chronicle bots train``).

Games of greedy against itself are played in memory from seeds the caller names; at every
``every``-th move each seat's position gives a sample: the title's features (``features(view,
seat)``, from the seat's own view) and the points the seat went on to add by the end (its final
total minus its score-sheet total then). The weights are the ridge regression of those points on
the features (with an intercept, left out of the model), pulled towards the hand-set weights
(``ridge``), so a feature the games rarely exercise keeps its hand-set value. Pure: no I/O;
the command writes the result as ``models/<title>.json``, which
:func:`domain.bots.evals.load_weights` reads.
"""

from __future__ import annotations

import random
from typing import Any

from domain.common.rng import Rng

from .. import BotSpec, bot_move, bot_rng
from ..arena import new_state
from ..sim import totals

MAX_MOVES = 20000


def samples(
    rules: Any, module: Any, variant: str, players: int, seed: int, every: int = 3
) -> list[tuple[list[float], float]]:
    """(features, points added by the end) for every seat at every ``every``-th move of one
    greedy self-play game from ``seed``."""
    state = new_state(rules, variant, players, seed)
    game_rng, pick = Rng(seed), random.Random(seed)
    taken: list[tuple[int, list[float], float]] = []
    for n in range(MAX_MOVES):
        status = rules.status(state)
        if status.finished or not status.to_act:
            break
        if n % every == 0:
            now = totals(rules, state)
            for seat in range(players):
                feats = module.features(rules.view(state, seat), seat)
                taken.append((seat, [float(feats[k]) for k in module.FEATURES], now[seat]))
        seat = pick.choice(status.to_act)
        view = rules.view(state, seat)
        move = bot_move(rules, view, seat, BotSpec("greedy", 2), bot_rng(seed, n, seat))
        if move is None:
            break
        for event in rules.decide(state, seat, move, game_rng):
            state = rules.evolve(state, event)
    if not rules.status(state).finished:
        return []
    final = totals(rules, state)
    return [(feats, final[seat] - then) for seat, feats, then in taken]


def fit(
    rows: list[tuple[list[float], float]], prior: list[float], ridge: float = 50.0
) -> list[float]:
    """The weights minimising the squared error over ``rows`` plus ``ridge`` times the squared
    distance from ``prior`` (normal equations, solved by Gaussian elimination)."""
    k = len(prior)
    a = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
    b = [ridge * p for p in prior]
    for x, y in rows:
        for i in range(k):
            if x[i]:
                b[i] += x[i] * y
                for j in range(k):
                    a[i][j] += x[i] * x[j]
    return _solve(a, b)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def train(
    rules: Any, module: Any, variant: str, players: int, seeds: list[int], every: int = 3
) -> dict:
    """The fitted model of ``module``'s features over greedy self-play games of ``seeds``:
    ``{"title", "variant", "players", "seeds", "samples", "features", "weights"}``."""
    rows: list[tuple[list[float], float]] = []
    for seed in seeds:
        rows += samples(rules, module, variant, players, seed, every)
    prior = [float(module.WEIGHTS[k]) for k in module.FEATURES]
    # an intercept (what any position adds on average) is fitted and left out of the model:
    # the bots compare positions, which it would shift alike
    biased = [(x + [1.0], y) for x, y in rows]
    weights = fit(biased, prior + [0.0])[:-1] if rows else prior
    return {
        "title": rules.name,
        "variant": variant,
        "players": players,
        "seeds": [seeds[0], seeds[-1]] if seeds else [],
        "samples": len(rows),
        "features": list(module.FEATURES),
        "weights": {k: round(w, 4) for k, w in zip(module.FEATURES, weights, strict=True)},
    }
