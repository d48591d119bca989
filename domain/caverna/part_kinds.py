"""The kinds of part an action space is carried out by (digest §3.3 connectors, §4-§8): which
parts each move type can belong to, and the words a refusal uses for each move type. Data read
by ``parts`` (carrying the parts out) and ``diagnose`` (saying why a move is not open)."""

from __future__ import annotations

from domain.common.i18n import NP_

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
    "twin": NP_("error part", "place a twin tile"),
    "sow": NP_("error part", "sow"),
    "furnish": NP_("error part", "furnish a cavern"),
    "grow": NP_("error part", "grow the family"),
    "take_dog": NP_("error part", "take a dog"),
    "forge": NP_("error part", "forge a weapon"),
    "ore_mine": NP_("error part", "build an ore mine"),
    "ruby_mine": NP_("error part", "build a ruby mine"),
    "pasture": NP_("error part", "fence a pasture"),
    "stable": NP_("error part", "build a stable"),
    "trade": NP_("error part", "trade ore"),
    "buy": NP_("error part", "buy at the market"),
    "loot": NP_("error part", "take loot"),
    "done": NP_("error part", "end the action"),
}
