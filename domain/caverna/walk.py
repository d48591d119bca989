"""The action a dwarf is carrying out, in words, for a page that walks a player through its
parts on the board (``Title.step_prompt``; digest §3.3 connectors, §4).

``step_prompt(state, seat)`` names the space (``step``), says which parts are done and which
are still open (``left``, from :func:`.parts.open_parts`, the list the rules offer moves
from) and gives the heading the action's moves are listed under (``group``, as
:func:`.labels.move_group`).
"""

from __future__ import annotations

from .parts import open_parts
from .spaces import space_name

#: each part of an action space, in words, and where on the board it is done
PART_WORDS = {
    "forest_twin": "place a meadow/field tile on your forest",
    "cave_twin": "place a cavern/tunnel tile in your mountain",
    "cave_twin_any": "place a cavern/cavern or cavern/tunnel tile in your mountain",
    "sow": "sow on your fields",
    "furnish": "furnish a cavern",
    "dwelling": "furnish a dwelling",
    "growth": "grow your family",
    "dog": "take a dog",
    "forge": "forge a weapon",
    "ore_mine": "build an ore mine in your mountain",
    "ruby_mine_tunnel": "build a ruby mine on a tunnel",
    "ruby_mine_deep": "build a ruby mine on a deep tunnel",
    "small_pasture": "fence a small pasture on a meadow",
    "large_pasture": "fence a large pasture on two meadows",
    "stable": "build a stable",
    "trade": "trade ore",
    "market": "buy at the market",
    "expedition1": "take loot",
    "expedition1b": "take loot",
    "expedition2": "take loot",
    "expedition3": "take loot",
    "expedition4": "take loot",
}


def _words(parts) -> str:
    seen: list[str] = []
    for part in parts:
        text = PART_WORDS.get(part, part.replace("_", " "))
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
        sentence.append(f"done: {_words(done)}")
    if left:
        sentence.append(
            f"still open: {_words(left)} (click a highlighted space of your home board, "
            "or choose below)"
        )
    sentence.append("Done ends the action")
    return {"step": name, "left": "; ".join(sentence), "group": name}
