"""The action a dwarf is carrying out, in words, for a page that walks a player through its
parts on the board (``Title.step_prompt``; digest §3.3 connectors, §4).

``step_prompt(state, seat)`` names the space (``step``), says which parts are done and which
are still open (``left``, from :func:`.parts.open_parts`, the list the rules offer moves
from) and gives the heading the action's moves are listed under (``group``, as
:func:`.labels.move_group`).
"""

from __future__ import annotations

from typing import Any

from domain.common.i18n import N_, gettext

from .parts import open_parts
from .spaces import space_name

#: each part of an action space, in words, and where on the board it is done
PART_WORDS = {
    "forest_twin": N_("place a meadow/field tile on your forest"),
    "cave_twin": N_("place a cavern/tunnel tile in your mountain"),
    "cave_twin_any": N_("place a cavern/cavern or cavern/tunnel tile in your mountain"),
    "sow": N_("sow on your fields"),
    "furnish": N_("furnish a cavern"),
    "dwelling": N_("furnish a dwelling"),
    "growth": N_("grow your family"),
    "dog": N_("take a dog"),
    "forge": N_("forge a weapon"),
    "ore_mine": N_("build an ore mine in your mountain"),
    "ruby_mine_tunnel": N_("build a ruby mine on a tunnel"),
    "ruby_mine_deep": N_("build a ruby mine on a deep tunnel"),
    "small_pasture": N_("fence a small pasture on a meadow"),
    "large_pasture": N_("fence a large pasture on two meadows"),
    "stable": N_("build a stable"),
    "trade": N_("trade ore"),
    "market": N_("buy at the market"),
    "expedition1": N_("take loot"),
    "expedition1b": N_("take loot"),
    "expedition2": N_("take loot"),
    "expedition3": N_("take loot"),
    "expedition4": N_("take loot"),
}


def _words(parts: Any) -> str:
    seen: list[str] = []
    for part in parts:
        text = gettext(PART_WORDS[part]) if part in PART_WORDS else part.replace("_", " ")
        if text not in seen:
            seen.append(text)
    return ", ".join(seen)


def step_prompt(state: dict, seat: int) -> dict | None:
    """``{"step", "left", "group"}`` for the action ``seat``'s dwarf is carrying out, or None."""
    pending = (state.get("pending") or [None] * (seat + 1))[seat]
    if state.get("phase") != "work" or not pending or pending.get("kind") != "action":
        return None
    name = space_name(pending["target"] or pending["space"])
    done = list(pending.get("done", []))
    left = open_parts(state, seat)
    sentence = []
    if done:
        sentence.append(gettext("done: {parts}").format(parts=_words(done)))
    if left:
        sentence.append(
            gettext(
                "still open: {parts} (click a highlighted space of your home board, or choose "
                "below)"
            ).format(parts=_words(left))
        )
    sentence.append(gettext("Done ends the action"))
    return {"step": name, "left": "; ".join(sentence), "group": name}
