"""Agricola (2007), family game: every number of the game as data.

Each table cites the rules digest (``/work/shared/rules/agricola.md``, "the digest"). Where the
seeds leave a value open the digest gives a NOTE (common knowledge of the 2007 edition); the value
used here is that published value, cross-checked against two independent public implementations
of the original edition's family side (see ``docs/rules/agricola.md``, "Sources of NOTE values").
Player-count differences are rows of these tables, never ``if`` chains in the rules.
"""

from __future__ import annotations

from domain.common.grid import FARMYARD

#: The farmyard: 3 rows x 5 columns; spaces are ``row * 5 + col`` (digest §1.3, D-36).
GRID = FARMYARD

#: The two starting wooden-hut rooms: left column, middle and bottom rows (digest §1.3 NOTE, D-36).
START_ROOMS = (5, 10)

#: Per-player limits (digest §1.2): family members, stables, fences.
MAX_FAMILY = 5
MAX_STABLES = 4
MAX_FENCES = 15

#: Goods in the order sentences and supplies list them (digest §0.3 glossary).
BUILDING_RESOURCES = ("wood", "clay", "reed", "stone")
CROPS = ("grain", "vegetable")
GOODS = BUILDING_RESOURCES + CROPS + ("food",)
ANIMALS = ("sheep", "boar", "cattle")
LEDGER_GOODS = GOODS + ANIMALS

#: Pieces in the box (digest §1.1). Goods are unlimited (§1.2): the ledger may go below zero,
#: which stands for substitute tokens; it exists so that goods can be shown to be conserved.
COMPONENTS = {
    "wood": 33,
    "clay": 27,
    "reed": 15,
    "stone": 18,
    "grain": 27,
    "vegetable": 18,
    "food": 36,
    "sheep": 21,
    "boar": 18,
    "cattle": 15,
}

#: Starting food (digest §2.1 item 10, §2.2): the start player 2, every other player 3; a
#: 1-player game starts with 0 (solo rule, digest §9.2, D-09).
START_FOOD = {"start_player": 2, "other": 3, "solo": 0}

#: Food per person at the feeding phase (digest §6.2): adults 2 (solo 3, §9.2 item 4), a person
#: born this round 1.
FEEDING = {"adult": 2, "solo_adult": 3, "newborn": 1}

#: Begging cards: -3 points each (digest §6.3, §8.2).
BEGGING_POINTS = -3

#: The 14 rounds in 6 stages; a harvest ends each stage (digest §3.1).
STAGES = {1: (1, 2, 3, 4), 2: (5, 6, 7), 3: (8, 9), 4: (10, 11), 5: (12, 13), 6: (14,)}
STAGE_OF_ROUND = {r: stage for stage, rounds in STAGES.items() for r in rounds}
HARVEST_ROUNDS = (4, 7, 9, 11, 13, 14)
LAST_ROUND = 14

# -- building -----------------------------------------------------------------------------------

#: Rooms: 5 of the house material + 2 reed each (digest §5.1).
ROOM_COST = {"material": 5, "reed": 2}
#: House material and what it renovates to, one step per renovation (digest §5.2).
HOUSE_MATERIAL = {"wood": "wood", "clay": "clay", "stone": "stone"}
RENOVATION = {"wood": "clay", "clay": "stone"}
#: Renovation: 1 of the new material per room + 1 reed, whole house (digest §5.2).
RENOVATION_COST = {"per_room": 1, "reed": 1}
#: Stables: 2 wood (digest §5.3); 1 wood on the family board's "Build 1 Stable" (digest §4.3 NOTE).
STABLE_COST = {"rooms_stables": {"wood": 2}, "stable_bake": {"wood": 1}, "card_stable": {}}
#: Fences: 1 wood each (digest §5.8 rule 1).
FENCE_COST_WOOD = 1
#: Sowing: 1 from the supply, the general supply adds 2 grain / 1 vegetable (digest §5.6).
SOWING = {"grain": 3, "vegetable": 2}
#: How often the spaces being drawn for one pasture may be cleared in one fence action. The
#: limit keeps every move sequence finite; it never blocks a layout (see docs/rules/agricola.md).
FENCE_REGION_CLEARS = 3

# -- major improvements (digest §7; D-03, D-04, D-05, D-16, D-30, D-32, D-33, D-44) ---------------

#: The 10 major improvements. ``cost`` in goods; ``upgrade_from`` = majors that may be returned
#: instead of paying (the Cooking Hearth's slash price, D-33); ``points`` printed VP (§8.2);
#: ``cook`` food per good at any time (D-05 NOTE); ``bake`` = (food per grain, grain limit per
#: bake action or None) (§5.7, D-16); ``workshop`` = (resource, food) once per harvest (D-03
#: NOTE); ``bonus`` = (resource, thresholds for 1/2/3 bonus points) (D-04 NOTE); ``well`` =
#: food on each of the next N rounds (D-32); ``bake_on_build``: ovens bake once at once (§5.7).
MAJOR_IMPROVEMENTS: dict[str, dict] = {
    "fireplace_2": {
        "name": "Fireplace (2 clay)",
        "cost": {"clay": 2},
        "points": 1,
        "cook": {"vegetable": 2, "sheep": 2, "boar": 2, "cattle": 3},
        "bake": (2, None),
    },
    "fireplace_3": {
        "name": "Fireplace (3 clay)",
        "cost": {"clay": 3},
        "points": 1,
        "cook": {"vegetable": 2, "sheep": 2, "boar": 2, "cattle": 3},
        "bake": (2, None),
    },
    "cooking_hearth_4": {
        "name": "Cooking Hearth (4 clay)",
        "cost": {"clay": 4},
        "points": 1,
        "upgrade_from": ("fireplace_2", "fireplace_3"),
        "cook": {"vegetable": 3, "sheep": 2, "boar": 3, "cattle": 4},
        "bake": (3, None),
    },
    "cooking_hearth_5": {
        "name": "Cooking Hearth (5 clay)",
        "cost": {"clay": 5},
        "points": 1,
        "upgrade_from": ("fireplace_2", "fireplace_3"),
        "cook": {"vegetable": 3, "sheep": 2, "boar": 3, "cattle": 4},
        "bake": (3, None),
    },
    "clay_oven": {
        "name": "Clay Oven",
        "cost": {"clay": 3, "stone": 1},
        "points": 2,
        "bake": (5, 1),
        "bake_on_build": True,
    },
    "stone_oven": {
        "name": "Stone Oven",
        "cost": {"clay": 1, "stone": 3},
        "points": 3,
        "bake": (4, 2),
        "bake_on_build": True,
    },
    "joinery": {
        "name": "Joinery",
        "cost": {"wood": 2, "stone": 2},
        "points": 2,
        "workshop": ("wood", 2),
        "bonus": ("wood", (3, 5, 7)),
    },
    "pottery": {
        "name": "Pottery",
        "cost": {"clay": 2, "stone": 2},
        "points": 2,
        "workshop": ("clay", 2),
        "bonus": ("clay", (3, 5, 7)),
    },
    "basketmakers_workshop": {
        "name": "Basketmaker's Workshop",
        "cost": {"reed": 2, "stone": 2},
        "points": 2,
        "workshop": ("reed", 3),
        "bonus": ("reed", (2, 4, 5)),
    },
    "well": {"name": "Well", "cost": {"wood": 1, "stone": 3}, "points": 4, "well": 5},
}

#: Raw conversions at any time: grain and vegetables 1 food each (digest §5.10).
RAW_FOOD = {"grain": 1, "vegetable": 1}

# -- scoring (digest §8) ------------------------------------------------------------------------

#: Tiered categories (digest §8.1): (key, label, thresholds for 1/2/3/4 points); below the first
#: threshold -1. Fields 0-1 -> -1, 2 -> 1, 3 -> 2, 4 -> 3, 5+ -> 4, and so on.
SCORING_TIERS = (
    ("fields", "Fields", (2, 3, 4, 5)),
    ("pastures", "Pastures", (1, 2, 3, 4)),
    ("grain", "Grain", (1, 4, 6, 8)),
    ("vegetables", "Vegetables", (1, 2, 3, 4)),
    ("sheep", "Sheep", (1, 4, 6, 8)),
    ("wild_boar", "Wild boar", (1, 3, 5, 7)),
    ("cattle", "Cattle", (1, 2, 4, 6)),
)

#: Additive categories (digest §8.2): (key, label, points per unit).
SCORING_PER_UNIT = (
    ("unused_spaces", "Unused farmyard spaces", -1),
    ("fenced_stables", "Fenced stables", 1),
    ("clay_hut_rooms", "Clay hut rooms", 1),
    ("stone_house_rooms", "Stone house rooms", 2),
    ("family_members", "Family members", 3),
    ("card_points", "Card points", 1),
    ("begging_cards", "Begging cards", BEGGING_POINTS),
    ("bonus_points", "Bonus points", 1),
)

#: Every category of the score pad, in its order (digest §8).
SCORE_PAD = tuple(k for k, _, _ in SCORING_TIERS) + tuple(k for k, _, _ in SCORING_PER_UNIT)

# -- names for sentences (digest §0.3 glossary) ---------------------------------------------------

SINGULAR = {
    "wood": "wood",
    "clay": "clay",
    "reed": "reed",
    "stone": "stone",
    "grain": "grain",
    "vegetable": "vegetable",
    "food": "food",
    "sheep": "sheep",
    "boar": "wild boar",
    "cattle": "cattle",
}
PLURAL = {
    "wood": "wood",
    "clay": "clay",
    "reed": "reed",
    "stone": "stone",
    "grain": "grain",
    "vegetable": "vegetables",
    "food": "food",
    "sheep": "sheep",
    "boar": "wild boar",
    "cattle": "cattle",
}
HOUSE_NAMES = {"wood": "wooden hut", "clay": "clay hut", "stone": "stone house"}
