"""Why a seat has no move on a place of the board now (issue 24, "Bad input": a click on
something with no legal move shows the rule's sentence; ``Title.why_not``).

A click on an action space means taking a cube there (digest §4, L248-250), or choosing that
action when the step asks for a space; on a stall of the market, serving its customer
(§4.4.1); on a city, travelling there (§4.5); on a craft building, working there (§4.3). That
move is diagnosed by :func:`.diagnose.refuse`, the sentence the rules give a refused move;
when the step does ask for such a move and only its details are wrong, the answer is what
the step asks (``step_prompt``).
"""

from __future__ import annotations

from domain.common.errors import DomainError
from domain.common.i18n import gettext
from domain.common.why import GAME_OVER, nothing_now, prompt_words, split_target

from .diagnose import refuse
from .moves import to_act
from .pack import COLOURS
from .state import data
from .text import _building, _space
from .walk import step_prompt

#: the refusals that answer a click by themselves (the move is not what the step asks, or
#: the place has nothing to take); any other means the click fits the step but not its details
TELLING = ("not_your_turn", "village_not_now", "village_no_cube", "village_well_closed")


def _move(state: dict, field: str, key: str | int) -> tuple[dict, str] | None:
    """The move a click on ``field:key`` means, and the place in words; None if no such
    place."""
    if field == "space" and key in state.get("spaces", {}):
        if (state.get("step") or {}).get("kind") == "space":
            return {"type": "action", "space": key}, _space(str(key))
        cubes = sorted(set(state["spaces"][key])) or [COLOURS[0]]
        return {"type": "take", "space": key, "colour": cubes[0]}, _space(str(key))
    if field == "slot" and isinstance(key, int):
        if 0 <= key < len(state.get("market", {}).get("stalls", ())):
            return {"type": "serve", "slot": key, "coins": 0}, gettext(
                "stall {number} of the market"
            ).format(number=key + 1)
    if field == "to" and key in data(state)["travel"]["cities"]:
        return {"type": "travel", "from": "farm", "gen": 1, "to": key, "coins": 0}, gettext(
            "city {city}"
        ).format(city=key)
    if field == "building" and key in data(state)["crafts"]:
        return {"type": "craft", "building": key}, gettext("the {building}").format(
            building=_building(str(key))
        )
    return None


def why_not(state: dict, seat: int, target: str) -> str | None:
    """The rule's sentence saying why ``seat`` has no move on ``target`` (a board key), or
    None when ``target`` names nothing on the board."""
    parts = split_target(target)
    if parts is None or not state:
        return None
    found = _move(state, *parts)
    if found is None:
        return None
    move, thing = found
    if state.get("phase") == "finished":
        return gettext(GAME_OVER)
    error: DomainError = refuse(state, seat, move)  # type: ignore[assignment]
    if seat not in to_act(state) or getattr(error, "code", None) in TELLING:
        return error.message
    step = prompt_words(step_prompt(state, seat)) or gettext("choose among the listed moves")
    return nothing_now(thing, step)
