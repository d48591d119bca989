"""Caverna: every number of the game as data.

Each table cites the rules digest (``shared/rules/caverna.md``, "digest §x") and, where the seed is
silent, the data pack read off photographs of the printed components (``shared/data/caverna.md``,
"pack §x"; the pack wins where it corrects the digest, pack §5). ``docs/rules/caverna.md`` lists
every source and every decision. Player-count differences are rows of these tables.
"""

from __future__ import annotations

from domain.common.grid import Grid

# -- goods (digest §1.1, §3.3) -------------------------------------------------------------------

#: Building materials, crops and the rest of the personal supply (digest §3.3).
MATERIALS = ("wood", "stone", "ore")
CROPS = ("grain", "vegetable")
GOODS = MATERIALS + ("ruby",) + CROPS + ("food", "gold")
#: Farm animals (dogs are not farm animals, digest §8.1).
FARM_ANIMALS = ("sheep", "donkey", "boar", "cattle")
ANIMALS = FARM_ANIMALS + ("dog",)
LEDGER = GOODS + ANIMALS

#: Limits (digest §1.2): dwarfs per family (6 with the Additional dwelling), stables, weapons.
MAX_DWARFS = 5
MAX_STABLES = 3
MAX_FORGE = 8
MAX_WEAPON = 14

#: Starting food by seat from the starting player; solo 2 (digest §2.2, EX-1).
START_FOOD = (1, 1, 2, 3, 3, 3, 3)
SOLO_START_FOOD = 2

# -- food and conversions (digest §8.5, EX-7) ------------------------------------------------------

#: Food for one item converted at any time (digest §8.5). A pair of donkeys gives 3.
#: A ruby is on the board's reference strip as 2 food (data pack: "wild boar, ruby, vegetable 2",
#: P2 photo; seed 001 L585 "1 рубин приносит 2 еды"): one move, as printed (issue 26).
FOOD_VALUE = {
    "sheep": 1,
    "donkey": 1,
    "boar": 2,
    "cattle": 3,
    "grain": 1,
    "vegetable": 2,
    "ruby": 2,
}
DONKEY_PAIR_FOOD = 3

#: What 1 ruby buys at any time (digest §7.6); cattle also costs 1 food. Dogs cannot be bought
#: with rubies (decision C-08 in docs/rules/caverna.md).
RUBY_BUYS = {
    "wood": {},
    "stone": {},
    "ore": {},
    "grain": {},
    "vegetable": {},
    "gold": {},
    "sheep": {},
    "donkey": {},
    "boar": {},
    "cattle": {"food": 1},
}
#: Single tiles bought with rubies, placed at once (digest §7.6): rubies per tile.
RUBY_TILES = {"meadow": 1, "field": 1, "tunnel": 1, "cavern": 2}

#: Weekly market prices in gold, at most one of each per action (digest §4.1, EX-21).
MARKET = {
    "wood": 1,
    "stone": 1,
    "ore": 1,
    "grain": 1,
    "sheep": 1,
    "donkey": 1,
    "vegetable": 2,
    "boar": 2,
    "dog": 2,
    "cattle": 3,
}

#: Ore trading: 2 ore -> 2 gold + 1 food, up to 3 times (digest §4.2, EX-20).
ORE_TRADE = {"pay": {"ore": 2}, "gain": {"gold": 2, "food": 1}, "times": 3}

#: Sowing: seed from the supply plus from the general supply; 2 fields of each crop per Sow
#: (digest §4.4, EX-8, EX-9).
SOW_YIELD = {"grain": 3, "vegetable": 2}
SOW_LIMIT = 2

#: Fences and stables (digest §8.2, §8.3).
SMALL_PASTURE_COST = {"wood": 2}
LARGE_PASTURE_COST = {"wood": 4}
STABLE_COST = {"stone": 1}

#: Begging markers: -3 points each (digest §9.1).
BEGGING_POINTS = -3

# -- the home board (pack §4.1; digest §2.3, X.3) ------------------------------------------------
#
# The board is drawn with a one-space ring around it for the Office room's overhang (pack §4.1):
# 6 rows x 8 columns, ``space = row * 8 + col``. The printed board is rows 1-4, columns 1-6:
# forest F1-F3 = columns 1-3, mountain M1-M3 = columns 4-6; R1 (top) to R4 = rows 1-4.

GRID = Grid(6, 8)
INNER = tuple(r * 8 + c for r in range(1, 5) for c in range(1, 7))
FOREST_COLS = (0, 1, 2, 3)
MOUNTAIN_COLS = (4, 5, 6, 7)


def space_at(label: str) -> int:
    """The space of a printed label such as ``"F3-R4"`` or ``"M1-R3"`` (pack §4.1)."""
    col = {"F1": 1, "F2": 2, "F3": 3, "M1": 4, "M2": 5, "M3": 6}[label[:2]]
    return int(label[-1]) * 8 + col


#: The pre-printed caverns: the Entry-level dwelling and the empty cavern above it (pack §4.1).
ENTRY_DWELLING = space_at("M1-R4")
START_CAVERN = space_at("M1-R3")
#: The forest space next to the cave entrance: the first outdoor tile must cover it (pack §4.1).
ENTRANCE = space_at("F3-R4")
#: The ring space under the Entry-level dwelling can never be used (pack §4.1, C2).
BLOCKED = (ENTRY_DWELLING + 8,)
#: Printed rewards for covering a space with a tile, not a stable (pack §4.1; digest §2.3).
BONUS_SPACES = {
    space_at("F3-R1"): {"boar": 1},
    space_at("F1-R3"): {"boar": 1},
    space_at("F2-R4"): {"food": 1},
    space_at("M2-R4"): {"food": 1},
    space_at("M3-R1"): {"food": 2},
}

#: Terrain kinds a space can hold (digest §5.1).
OUTDOOR = ("meadow", "field", "small_pasture", "large_pasture")
CAVE = ("cavern", "tunnel", "deep_tunnel", "ore_mine", "ruby_mine")
#: Printed points of pastures and mines (digest §10.1 item 8).
TILE_POINTS = {"small_pasture": 2, "ore_mine": 3, "ruby_mine": 4}
LARGE_PASTURE_POINTS = 4

#: Twin tiles: the two halves in the order a move names them (digest §5.1).
TWINS = {
    "meadow_field": ("meadow", "field"),
    "cavern_tunnel": ("cavern", "tunnel"),
    "cavern_cavern": ("cavern", "cavern"),
}

#: Animal places (digest §8.1, pack §1.3): capacity per place, one type per place.
PASTURE_PER_SPACE = 2
ENTRY_DWELLING_ANIMALS = 2
MINE_DONKEYS = 1

# -- harvests (digest §2.7, §9; pack §2.5) -------------------------------------------------------

#: Fixed harvests of rounds 1-5: none, none, normal, 1 food per dwarf, normal (digest §2.7).
FIXED_HARVEST = {1: "none", 2: "none", 3: "normal", 4: "one_food", 5: "normal"}
#: The 7 harvest markers: 4 green leaves and 3 red question marks (pack §2.5; 2 players drop a
#: green one, digest §2.7).
HARVEST_MARKERS = ("green",) * 4 + ("red",) * 3
#: The n-th red marker revealed: no harvest, 1 food per dwarf, skip field or breeding (§2.7).
RED_EFFECTS = ("none", "one_food", "choice")
FOOD_PER_DWARF = {"adult": 2, "newborn": 1}

# -- rounds and round cards (digest §2.6, §3.1; pack §2.3) ---------------------------------------

LAST_ROUND = 12
#: Round 9 is skipped with 1 or 2 players (digest §2.6, §11).
SKIPPED_ROUND = 9
#: Round cards by stage; round 4 is always Wish for children (pack §2.3).
STAGE_CARDS = {
    1: ("blacksmithing", "sheep_farming", "ore_mine_construction"),
    2: ("donkey_farming", "ruby_mine_construction"),
    3: ("family_life", "ore_delivery", "exploration"),
    4: ("adventure", "ore_trading", "ruby_delivery"),
}
STAGE_ROUNDS = {1: (1, 2, 3), 2: (5, 6), 3: (7, 8, 9), 4: (10, 11, 12)}
WISH_ROUND = 4
#: Solo: the cards lie face down on fixed rounds (digest §11.1, pack §2.3).
SOLO_CARDS = {
    1: "blacksmithing",
    2: "sheep_farming",
    3: "ore_mine_construction",
    5: "donkey_farming",
    6: "ruby_mine_construction",
    7: "ore_delivery",
    8: "family_life",
    10: "ore_trading",
    11: "adventure",
    12: "ruby_delivery",
}
#: Removed with 1-2 players (digest §2.6).
SMALL_GAME_REMOVED = ("exploration",)
#: Solo: an accumulating space holding this many goods is cleared before replenishing
#: (digest §11.1, pack §2.4).
SOLO_CLEAR_AT = 6

# -- expedition loot (pack §3, which corrects digest X.5) ----------------------------------------

#: item -> (minimum weapon strength, what it gives). ``goods`` items give goods; the others are
#: handled by name in ``expedition.py``.
LOOT = {
    "weapons": (1, None),
    "wood": (1, {"wood": 1}),
    "dog": (1, {"dog": 1}),
    "grain": (2, {"grain": 1}),
    "sheep": (2, {"sheep": 1}),
    "stone": (3, {"stone": 1}),
    "donkey": (3, {"donkey": 1}),
    "vegetable": (4, {"vegetable": 1}),
    "ore": (4, {"ore": 2}),
    "boar": (5, {"boar": 1}),
    "gold": (6, {"gold": 2}),
    "furnish": (7, None),
    "stable": (8, None),
    "tunnel": (9, None),
    "small_pasture": (9, None),
    "cattle": (10, {"cattle": 1}),
    "large_pasture": (10, None),
    "meadow": (11, None),
    "dwelling": (11, None),
    "field": (12, None),
    "sow": (12, None),
    "cavern": (14, None),
    "breed": (14, None),
}
#: Reduced costs of loot items (pack §3).
LOOT_COSTS = {
    "small_pasture": {"wood": 1},
    "large_pasture": {"wood": 2},
    "dwelling": {"wood": 2, "stone": 2},
}
