"""The step a player is in during a multi-part action, in words, for a page that walks them
through it on the board (``Title.step_prompt``; digest §4.1 "and/or" and "then" spaces, §5.8
fences, §5.9 animals).

``step_prompt(state, seat)`` names the action (``step``), says what is done and what is left
(``left``) and gives the heading its own moves are listed under (``group``, the same as
:func:`.labels.move_group`), so the page can put that step's moves without a place on the
board (Done, Close the pasture, bake, a major) next to the sentence. It only reads the state
and the tables the rules read.
"""

from __future__ import annotations

from domain.common import fences as fence_rules

from .farm import GRID, fence_credit, fence_wood
from .state import fences_left, has_unhoused, space_name
from .text import goods_text

STEP_GROUP = "Your action in progress"

#: what each pending kind asks, and where on the board (digest §4.1)
ASKS = {
    "rooms_stables": "click a space of your farmyard to build a room or a stable (2 wood)",
    "stable_bake": "click a space to build one stable (1 wood), and/or bake bread below",
    "plough": "click the space of your farmyard to plough",
    "sow_bake": "click a field to sow it, and/or bake bread below",
    "plough_sow": "click a space to plough first, then click fields to sow",
    "major": "choose the major improvement below",
    "renovation_major": "you may build a major improvement below",
    "oven_bake": "you may bake bread with the new oven below",
    "room": "click the space of your farmyard for the room",
}

#: the goods a step may spend, shown with the prompt
BUILDING_GOODS = ("wood", "clay", "reed", "stone", "grain", "vegetable")

#: the parts done so far, in words (``pending["done"]``)
DONE_WORDS = {
    "room": "a room built",
    "stable": "a stable built",
    "bake": "bread baked",
    "plough": "a field ploughed",
    "sow": "sown",
    "major": "an improvement built",
    "pasture": "a pasture closed",
    "renovate": "renovated",
}


def _fences(state: dict, seat: int, pending: dict) -> str:
    farm = state["farms"][seat]
    region = pending.get("region") or []
    wood = farm["supply"]["wood"]
    if not region:
        closed = "pasture" in pending.get("done", [])
        head = "one pasture closed; " if closed else ""
        return (
            f"{head}{fences_left(farm)} fences and {wood} wood left; click the spaces to "
            "fence"
            + (", then Close the pasture, or Done" if closed else ", then Close the pasture")
        )
    needed = len(fence_rules.new_fences_needed(GRID, region, farm["fences"]))
    cost = fence_wood(needed, fence_credit(farm, pending))
    one = len(region) == 1
    marked = f"{len(region)} space{'' if one else 's'} marked"
    return (
        f"{marked}: closing {'it' if one else 'them'} takes {needed} fences, {cost} of your "
        f"{wood} wood; "
        "click more spaces to fence, then Close the pasture (or clear the fences being drawn)"
    )


def step_prompt(state: dict, seat: int) -> dict | None:
    """``{"step", "left", "group"}`` for the action ``seat`` is carrying out, or None."""
    pending = (state.get("pending") or [None] * (seat + 1))[seat]
    if state.get("phase") != "work" or pending is None or "space" not in pending:
        return None
    farm = state["farms"][seat]
    name = space_name(pending["space"])
    if has_unhoused(farm):
        return {
            "step": name,
            "left": "your animals do not all fit: release or cook some below",
            "group": "Any time: cook, convert, release",
        }
    kind = pending["kind"]
    if kind == "fences":
        return {
            "step": name if "fence" in name.lower() else f"{name}: build fences",
            "left": _fences(state, seat, pending),
            "group": STEP_GROUP,
        }
    done = [DONE_WORDS.get(part, part) for part in pending.get("done", [])]
    baked = pending.get("baked") or []
    if baked and "bread baked" not in done:
        done.append("bread baked")
    ask = ASKS.get(kind, "choose the next step below or on the board")
    left = (f"{', '.join(done)}; " if done else "") + ask
    if kind not in ("plough", "major", "room"):
        left += "; Done ends the action"
    have = {g: farm["supply"].get(g, 0) for g in BUILDING_GOODS}
    return {"step": name, "left": f"{left} (you have {goods_text(have)})", "group": STEP_GROUP}
