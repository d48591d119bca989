"""The ``zombie``: the platform player of a dropped seat (issue 25 item 3, ``dropping.py``).

As in Board Game Arena's zombie mode (https://en.doc.boardgamearena.com/Zombie_Mode), a seat
whose player was dropped keeps being asked, and the zombie answers with a move of least impact,
so the others can finish the game. It is never chosen by a creator (``LEVELS`` does not list
it). Like the other bots its only input is the seat's view, and its draws come from the bot rng
the caller derives from the game's seed, so a zombie's moves replay exactly (and an audit
re-derives them, ``dropping.check_move``).

Which move: the title's own preference when it has one (``Title.zombie_move(view, seat,
moves)``, an optional hook returning one of ``moves`` or None); otherwise a generic rule
through the title protocol alone.

* Level 1 (issue 25): the listed move after which the seat's own score-sheet total is lowest
  (it gains least), preferring among those a move that hands the turn on (a pass, the end of
  its turn), ties broken by the list's order.
* Level 2 (issue 37 item 4): keep the seat's farm or cave alive without
  helping anyone. First the move after which the seat's family is best fed through the
  harvests ahead (the title's evaluation, ``evals.alive``: no begging if it can be helped);
  among those, the one that raises no other seat's expected final total (``evals.values``)
  the most (it helps nobody); then the one that gains the seat least; then one that hands
  the turn on; ties by the list's order.
* Level 3 (issue 37 item 4, what new drops get): level 2 among the moves the title's own
  zombie allows (``zombie_titles.py``: e.g. no family growth, which a seat nobody plays for
  cannot feed, and no Starting Player, which changes every seat's turn order).

Long lists are sampled from the rng, as greedy does, so a decision stays cheap.
"""

from __future__ import annotations

import math
from typing import Any

from domain.common.rng import Rng

from . import evals, sim, zombie_titles

#: the zombie values at most this many moves of a longer list (a sample from its rng)
ZOMBIE_WIDTH = 48
#: the zombie's versions. Audits re-derive every zombie move by the level it was recorded with
#: (``dropping.check_move``), so a level's choice never changes: a better zombie is a new level
#: (and ``dropping.ZOMBIE`` names the one new drops get), never an edit of level 1.
ZOMBIE_LEVELS = (1, 2, 3)
#: the evaluation version (``evals.EVAL_VERSION``) each level reads: pinned, like the level
ZOMBIE_EVAL = {2: 1, 3: 2}
#: ``alive`` values closer than this count as equally fed (the evaluation's rounding)
ALIVE_EPS = 0.05


def choose_zombie(
    rules: Any,
    view: dict,
    seat: int,
    moves: list[dict],
    rng: Rng,
    level: int,
    budget: float | None = None,
) -> dict:
    """The least-impact move for dropped ``seat`` (see the module docstring)."""
    if len(moves) == 1:
        return moves[0]
    hook = getattr(rules, "zombie_move", None)
    if callable(hook):
        chosen = hook(view, seat, moves)
        if chosen is not None and chosen in moves:
            return chosen
    sim_rng = Rng(rng.below("bot/zombie/sim", 1 << 128))
    state = rules.fork_view(view, seat, sim_rng) or view
    if level >= 3:
        moves = zombie_titles.candidates(rules, moves)
        if len(moves) == 1:
            return moves[0]
    if len(moves) > ZOMBIE_WIDTH:
        picked = set(rng.shuffle("bot/zombie/wide", list(range(len(moves))))[:ZOMBIE_WIDTH])
        candidates = [m for i, m in enumerate(moves) if i in picked]
    else:
        candidates = moves
    if level >= 2:
        return _keep_alive(rules, state, seat, moves, candidates, sim_rng, ZOMBIE_EVAL[level])
    best, best_key = moves[0], (math.inf, 1)
    for move in candidates:
        after = sim.after(rules, state, seat, move, sim_rng)
        if after is None:
            continue
        own = sim.totals(rules, after)
        gain = own[seat] if seat < len(own) else 0.0
        status = rules.status(after)
        keeps_turn = 0 if status.finished or seat not in status.to_act else 1
        key = (gain, keeps_turn)
        if key < best_key:
            best, best_key = move, key
    return best


def _keep_alive(
    rules: Any,
    state: dict,
    seat: int,
    moves: list[dict],
    candidates: list[dict],
    rng: Rng,
    version: int,
) -> dict:
    """Level 2 (see the module docstring): fed first, then helping nobody, then gaining least,
    then handing the turn on, by evaluation ``version``."""
    before = evals.values(rules, state, version)
    rows = []
    for move in candidates:
        after = sim.after(rules, state, seat, move, rng)
        if after is None:
            continue
        values = evals.values(rules, after, version)
        helps = max(
            (max(0.0, values[s] - before[s]) for s in range(len(values)) if s != seat),
            default=0.0,
        )
        own = sim.totals(rules, after)
        status = rules.status(after)
        keeps_turn = 0 if status.finished or seat not in status.to_act else 1
        rows.append((evals.alive(rules, after, seat, version), helps, own[seat], keeps_turn, move))
    if not rows:
        return moves[0]
    fed = max(r[0] for r in rows)
    safe = [r for r in rows if r[0] >= fed - ALIVE_EPS]
    return min(safe, key=lambda r: (round(r[1], 6), r[2], r[3]))[4]
