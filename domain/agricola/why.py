"""Why a seat has no move on an action space or a farmyard space now (issue 24, "Bad input":
a click on something with no legal move shows the rule's sentence; ``Title.why_not``).

A click on an action space means placing a person there (digest §3.2 phase 3); a click on a
space of one's own farmyard means the current step's move there (a room, a stable, a field,
sowing, a fence: digest §4.1, §5.8). Those moves are the title's own candidates for the
target, checked with :func:`.moves.check_move`; the first refusal's sentence is the answer.
"""

from __future__ import annotations

from domain.common.why import (
    board_thing,
    closed_refusal,
    first_refusal,
    move_target,
    nothing_now,
    step_words,
)

from .moves import candidates, check_move, check_turn
from .state import space_name
from .tables import GRID
from .walk import step_prompt

#: what each phase asks of a seat with no action in progress, in words
PHASE_WORDS = {
    "work": "it is time to place a person on an action space",
    "harvest_feeding": "it is the harvest: feed your family",
    "harvest_breeding": "it is the harvest: choose which newborn animals to keep",
}


def _step(state: dict, seat: int) -> str:
    return step_words(step_prompt(state, seat), state.get("phase"), PHASE_WORDS)


def why_not(state: dict, seat: int, target: str) -> str | None:
    """The rule's sentence saying why ``seat`` has no move on ``target`` (a board key,
    :func:`~domain.common.why.move_target`), or None when ``target`` names nothing on the
    board."""
    found = board_thing(state, target, GRID, "farmyard", state.get("space_order", ()), space_name)
    if found is None:
        return None
    key, thing = found
    closed = closed_refusal(check_turn, state, seat)
    if closed:
        return closed
    moves = [m for m in candidates(state, seat) if move_target(m) == f"space:{key}"]
    if not moves and isinstance(key, str) and state["pending"][seat] is None:
        moves = [{"type": "place", "space": key}]
    return first_refusal(check_move, state, seat, moves) or nothing_now(thing, _step(state, seat))
