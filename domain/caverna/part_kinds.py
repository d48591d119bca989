"""The kinds of part an action space is carried out by (digest §3.3 connectors, §4-§8): which
parts each move type can belong to, and the words a refusal uses for each move type. Data read
by ``parts`` (carrying the parts out) and ``diagnose`` (saying why a move is not open)."""

from __future__ import annotations

EXPEDITIONS = ("expedition1", "expedition1b", "expedition2", "expedition3", "expedition4")
#: move type -> the parts it can belong to
MOVE_PARTS = {
    "twin": ("forest_twin", "cave_twin", "cave_twin_any"),
    "sow": ("sow",) + EXPEDITIONS,
    "furnish": ("furnish", "dwelling"),
    "grow": ("growth",),
    "take_dog": ("dog",),
    "forge": ("forge",),
    "ore_mine": ("ore_mine",),
    "ruby_mine": ("ruby_mine_tunnel", "ruby_mine_deep"),
    "pasture": ("small_pasture", "large_pasture"),
    "stable": ("stable",),
    "trade": ("trade",),
    "buy": ("market",),
    "loot": EXPEDITIONS,
}

#: move type -> what the seat tried, in a refusal's words
WHAT = {
    "twin": "place a twin tile",
    "sow": "sow",
    "furnish": "furnish a cavern",
    "grow": "grow the family",
    "take_dog": "take a dog",
    "forge": "forge a weapon",
    "ore_mine": "build an ore mine",
    "ruby_mine": "build a ruby mine",
    "pasture": "fence a pasture",
    "stable": "build a stable",
    "trade": "trade ore",
    "buy": "buy at the market",
    "loot": "take loot",
    "done": "end the action",
}
