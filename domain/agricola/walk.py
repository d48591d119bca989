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
from domain.common.i18n import N_, gettext, ngettext

from .farm import GRID, fence_credit, fence_wood
from .state import fences_left, has_unhoused, space_name
from .text import count_text, goods_text

STEP_GROUP = N_("Your action in progress")

#: what each pending kind asks, and where on the board (digest §4.1)
ASKS = {
    "rooms_stables": N_("click a space of your farmyard to build a room or a stable (2 wood)"),
    "stable_bake": N_("click a space to build one stable (1 wood), and/or bake bread below"),
    "plough": N_("click the space of your farmyard to plough"),
    "sow_bake": N_("click a field to sow it, and/or bake bread below"),
    "plough_sow": N_("click a space to plough first, then click fields to sow"),
    "major": N_("choose the major improvement below"),
    "renovation_major": N_("you may build a major improvement below"),
    "oven_bake": N_("you may bake bread with the new oven below"),
    "room": N_("click the space of your farmyard for the room"),
}

#: what any other pending kind asks
OTHER_ASK = N_("choose the next step below or on the board")

#: the goods a step may spend, shown with the prompt
BUILDING_GOODS = ("wood", "clay", "reed", "stone", "grain", "vegetable")

#: the parts done so far, in words (``pending["done"]``)
DONE_WORDS = {
    "room": N_("a room built"),
    "stable": N_("a stable built"),
    "bake": N_("bread baked"),
    "plough": N_("a field ploughed"),
    "sow": N_("sown"),
    "major": N_("an improvement built"),
    "pasture": N_("a pasture closed"),
    "renovate": N_("renovated"),
}


def _fences(state: dict, seat: int, pending: dict) -> str:
    farm = state["farms"][seat]
    region = pending.get("region") or []
    wood = farm["supply"]["wood"]
    if not region:
        left = gettext("{fences} and {wood} left").format(
            fences=ngettext("{n} fence", "{n} fences", fences_left(farm)).format(
                n=fences_left(farm)
            ),
            wood=count_text(wood, "wood"),
        )
        if "pasture" in pending.get("done", []):
            return gettext(
                "one pasture closed; {left}; click the spaces to fence, then Close the "
                "pasture, or Done"
            ).format(left=left)
        return gettext("{left}; click the spaces to fence, then Close the pasture").format(
            left=left
        )
    needed = len(fence_rules.new_fences_needed(GRID, region, farm["fences"]))
    cost = fence_wood(needed, fence_credit(farm, pending))
    marked = ngettext(
        "{n} space marked: closing it takes {fences}, {cost} of your {wood}",
        "{n} spaces marked: closing them takes {fences}, {cost} of your {wood}",
        len(region),
    ).format(
        n=len(region),
        fences=ngettext("{n} fence", "{n} fences", needed).format(n=needed),
        cost=cost,
        wood=count_text(wood, "wood"),
    )
    return gettext(
        "{marked}; click more spaces to fence, then Close the pasture (or clear the fences "
        "being drawn)"
    ).format(marked=marked)


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
            "left": gettext("your animals do not all fit: release or cook some below"),
            "group": gettext("Any time: cook, convert, release"),
        }
    kind = pending["kind"]
    if kind == "fences":
        return {
            "step": name
            if "fence" in str(pending["space"]).lower()
            else gettext("{space}: build fences").format(space=name),
            "left": _fences(state, seat, pending),
            "group": gettext(STEP_GROUP),
        }
    parts = list(pending.get("done", []))
    if pending.get("baked") and "bake" not in parts:
        parts.append("bake")
    done = [gettext(DONE_WORDS[p]) if p in DONE_WORDS else p for p in dict.fromkeys(parts)]
    ask = gettext(ASKS.get(kind, OTHER_ASK))
    left = (f"{', '.join(done)}; " if done else "") + ask
    if kind not in ("plough", "major", "room"):
        left += gettext("; Done ends the action")
    have = {g: farm["supply"].get(g, 0) for g in BUILDING_GOODS}
    left = gettext("{left} (you have {goods})").format(left=left, goods=goods_text(have))
    return {"step": name, "left": left, "group": gettext(STEP_GROUP)}
