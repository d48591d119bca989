"""Why a seat has no move on an action space or a space of its home board now (issue 24, "Bad
input": a click on something with no legal move shows the rule's sentence;
``Title.why_not``).

A click on an action space means placing the next dwarf there (digest §3.3, §7.5); a click on
a space of one's own home board means the open part of the action in progress that acts on
one space (sowing, a stable, a pasture, a ruby mine: digest §4). Those moves are checked with
:func:`.moves.check_move`; the first refusal's sentence is the answer.
"""

from __future__ import annotations

from domain.common.why import board_thing, closed_refusal, first_refusal, nothing_now, step_words

from .moves import check_move, check_turn
from .parts import card_id, open_parts
from .spaces import space_name
from .tables import GRID
from .walk import step_prompt

#: an open part of an action -> the move it makes on one clicked space ``n`` (digest §4)
ONE_SPACE_PARTS = {
    "sow": lambda n: {"type": "sow", "at": n, "crop": "grain"},
    "stable": lambda n: {"type": "stable", "at": n},
    "small_pasture": lambda n: {"type": "pasture", "at": n},
    "large_pasture": lambda n: {"type": "pasture", "at": n},
    "ruby_mine_tunnel": lambda n: {"type": "ruby_mine", "at": n},
    "ruby_mine_deep": lambda n: {"type": "ruby_mine", "at": n},
}

#: what a phase asks of a seat with no action in progress, in words
PHASE_WORDS = {"work": "it is time to place a dwarf on an action space"}


def _step(state: dict, seat: int) -> str:
    return step_words(step_prompt(state, seat), state.get("phase"), PHASE_WORDS)


def why_not(state: dict, seat: int, target: str) -> str | None:
    """The rule's sentence saying why ``seat`` has no move on ``target`` (a board key), or
    None when ``target`` names nothing on the board."""
    found = board_thing(
        state,
        target,
        GRID,
        "home board",
        state.get("order", ()),
        lambda key: space_name(card_id(state, key)),
    )
    if found is None:
        return None
    key, thing = found
    closed = closed_refusal(check_turn, state, seat)
    if closed:
        return closed
    pending = state["pending"][seat]
    moves: list[dict] = []
    if isinstance(key, str) and pending is None and state.get("phase") == "work":
        moves = [{"type": "place", "space": key}]
    elif isinstance(key, int) and pending is not None and pending.get("kind") == "action":
        moves = [ONE_SPACE_PARTS[p](key) for p in open_parts(state, seat) if p in ONE_SPACE_PARTS]
    return first_refusal(check_move, state, seat, moves) or nothing_now(thing, _step(state, seat))
