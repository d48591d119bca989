"""Simulating a title from a seat's view: copies, one-step results, random playouts.

Everything here goes through the title protocol (``legal_moves``, ``play``, ``decide``,
``evolve``, ``status``, ``score_sheet``) and never names a title. The states handed in are
*views* (``title.view(state, seat)``) or determinizations of them (``title.fork_view``), never
the stored state.
"""

from __future__ import annotations

from typing import Any

from domain.common.errors import DomainError
from domain.common.rng import Rng

#: A playout stops after this many moves (a title whose listed moves could loop forever
#: would otherwise hang a bot); the position is then scored as it stands.
MAX_PLAYOUT_MOVES = 5000


def apply(rules: Any, state: dict, seat: int, move: dict, rng: Rng) -> dict:
    """The state after ``seat`` makes ``move`` (``Title.play``: ``state`` is left as it was,
    and the result may share its unchanged parts, so neither is evolved in place)."""
    return rules.play(state, seat, move, rng)[1]


def after(rules: Any, state: dict, seat: int, move: dict, rng: Rng) -> dict | None:
    """The state after ``move`` (as :func:`apply`), or None when the rules refuse it."""
    try:
        return rules.play(state, seat, move, rng)[1]
    except DomainError:
        return None


def totals(rules: Any, state: dict) -> list[float]:
    """Each seat's total on the title's score sheet, as if the game ended now."""
    sheet = rules.score_sheet(state)
    return [float(row.get("total") or 0) for row in sheet.get("seats", [])]


def margin(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best other seat (its own total when alone)."""
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - (max(others) if others else 0.0)


def evaluate(rules: Any, state: dict, seat: int) -> float:
    """The score-sheet margin of ``seat`` plus the title's own evaluation, if it has one
    (``Title.evaluate(state, seat) -> float``, an optional hook)."""
    value = margin(totals(rules, state), seat)
    extra = getattr(rules, "evaluate", None)
    if callable(extra):
        value += float(extra(state, seat) or 0.0)
    return value


def random_playout(
    rules: Any,
    state: dict,
    pick: Any,
    rng: Rng,
    max_moves: int = MAX_PLAYOUT_MOVES,
    stop: Any = None,
) -> tuple[dict, int]:
    """Play uniformly random listed moves from ``state`` (consumed) until the game ends, nobody
    can move, ``max_moves`` were made or ``stop(state)`` says so; returns (state, moves).
    ``pick`` is a ``random.Random``; ``rng`` draws for the rules."""
    made = 0
    status, legal, decide, evolve = rules.status, rules.legal_moves, rules.decide, rules.evolve
    while made < max_moves:
        st = status(state)
        if st.finished or not st.to_act:
            break
        if stop is not None and stop(state):
            break
        to_act = st.to_act
        seat = to_act[0] if len(to_act) == 1 else pick.choice(to_act)
        moves = legal(state, seat)
        if not moves:
            break
        move = moves[0] if len(moves) == 1 else moves[int(pick.random() * len(moves))]
        for event in decide(state, seat, move, rng):
            state = evolve(state, event)
        made += 1
    return state, made
