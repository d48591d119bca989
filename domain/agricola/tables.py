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

# -- action spaces ---------------------------------------------------------------------------
#
# ``kind`` names the handler (placement.py, steps.py); ``replenish`` is what phase 2 adds each
# round (digest §3.3); ``fixed`` is what the space gives from the general supply each time
# (digest §3.2 phase 2 item 4); ``name`` is the space's text for sentences.

#: Every action space of the family game: the family side of the left board, the family sides of
#: the green cards, and the 14 round cards (digest §4.2-§4.5, §9.1).
ACTION_SPACES: dict[str, dict] = {
    # Left board, family side (digest §4.2, §4.3 NOTE, D-34):
    "rooms_stables": {
        "name": "Build Room(s) and/or Stable(s)",
        "kind": "rooms_stables",
        "rule": "§4.2 P1, §5.1, §5.3",
    },
    "starting_player": {
        "name": "Starting Player and Storehouse",
        "kind": "starting_player",
        "replenish": {"food": 1},
        "rule": "§4.3",
    },
    "grain": {"name": "Take 1 Grain", "kind": "receive", "fixed": {"grain": 1}, "rule": "§4.2 P3"},
    "plough": {"name": "Plough 1 Field", "kind": "plough", "rule": "§4.2 P4, §5.5"},
    "stable_bake": {
        "name": "Build 1 Stable and/or Bake Bread",
        "kind": "stable_bake",
        "rule": "§4.3 NOTE, §5.3, §5.7",
    },
    "day_laborer": {
        "name": "Day Laborer",
        "kind": "day_laborer",
        "fixed": {"food": 1},
        "rule": "§4.3, D-07",
    },
    "forest": {
        "name": "Forest (3 Wood)",
        "kind": "take",
        "replenish": {"wood": 3},
        "solo_replenish": {"wood": 2},
        "rule": "§4.2 P7, §3.3",
    },
    "clay_pit": {
        "name": "Clay Pit (1 Clay)",
        "kind": "take",
        "replenish": {"clay": 1},
        "rule": "§4.2 P8, §3.3 NOTE",
    },
    "reed_bank": {
        "name": "Reed Bank (1 Reed)",
        "kind": "take",
        "replenish": {"reed": 1},
        "rule": "§4.2 P9, §3.3 NOTE",
    },
    "fishing": {
        "name": "Fishing",
        "kind": "take",
        "replenish": {"food": 1},
        "rule": "§4.2 P10, §3.3",
    },
    # Green action cards, family sides (digest §4.4, D-06, D-21, D-35):
    "building_resource": {
        "name": "Take 1 Building Resource",
        "kind": "building_resource",
        "rule": "§4.4 (3 players) NOTE",
    },
    "building_resources": {
        "name": "Take 2 Building Resources",
        "kind": "building_resources",
        "rule": "§4.4 family side NOTE, D-21",
    },
    "wood_2": {"name": "2 Wood", "kind": "take", "replenish": {"wood": 2}, "rule": "§4.4, §3.3"},
    "clay_1": {"name": "1 Clay", "kind": "take", "replenish": {"clay": 1}, "rule": "§4.4, §3.3"},
    "wood_1": {
        "name": "1 Wood",
        "kind": "take",
        "replenish": {"wood": 1},
        "rule": "§4.4 NOTE, §3.3",
    },
    "clay_2": {
        "name": "2 Clay",
        "kind": "take",
        "replenish": {"clay": 2},
        "rule": "§4.4 NOTE, §3.3",
    },
    "traveling_players": {
        "name": "Traveling Players",
        "kind": "take",
        "replenish": {"food": 1},
        "rule": "§4.4, §3.3",
    },
    "reed_stone_food": {
        "name": "1 Reed, 1 Stone and 1 Food",
        "kind": "receive",
        "fixed": {"reed": 1, "stone": 1, "food": 1},
        "rule": "§4.4",
    },
    "wood_4": {
        "name": "4 Wood",
        "kind": "take",
        "replenish": {"wood": 4},
        "rule": "§4.4 NOTE, §3.3",
    },
    "clay_3": {
        "name": "3 Clay",
        "kind": "take",
        "replenish": {"clay": 3},
        "rule": "§4.4 NOTE, §3.3",
    },
    "reed_stone_wood": {
        "name": "1 Reed, plus 1 Stone and 1 Wood",
        "kind": "reed_stone_wood",
        "replenish": {"reed": 1},
        "fixed": {"stone": 1, "wood": 1},
        "rule": "§4.4",
    },
    "livestock": {"name": "Livestock", "kind": "livestock", "rule": "§4.4, D-20"},
    "resources_or_growth": {
        "name": "2 Building Resources or (from round 5) Family Growth",
        "kind": "resources_or_growth",
        "rule": "§4.4, D-21, D-24",
    },
    "room_or_traveling_players": {
        "name": "1 Room or Traveling Players",
        "kind": "room_or_traveling_players",
        "replenish": {"food": 1},
        "rule": "§4.4",
    },
    # Round cards (digest §4.5):
    "sow_bake": {"name": "Sow and/or Bake Bread", "kind": "sow_bake", "rule": "§4.5, §5.6, §5.7"},
    "major_improvement": {
        "name": "Major Improvement",
        "kind": "major",
        "rule": "§4.5, §9.1 item 4, §7",
    },
    "sheep": {
        "name": "1 Sheep",
        "kind": "animals",
        "replenish": {"sheep": 1},
        "rule": "§4.5, §5.9",
    },
    "fences": {"name": "Fences", "kind": "fences", "rule": "§4.5, §5.8"},
    "stone_stage_2": {
        "name": "1 Stone (stage II)",
        "kind": "take",
        "replenish": {"stone": 1},
        "rule": "§4.5, §3.3",
    },
    "renovation_improvement": {
        "name": "Renovation, then Major Improvement",
        "kind": "renovation_major",
        "rule": "§4.5, §5.2, D-12",
    },
    "family_growth": {
        "name": "Family Growth",
        "kind": "family_growth",
        "rule": "§4.5, §5.4, §9.1 item 5",
    },
    "vegetable": {
        "name": "Take 1 Vegetable",
        "kind": "receive",
        "fixed": {"vegetable": 1},
        "rule": "§4.5",
    },
    "boar": {
        "name": "1 Wild Boar",
        "kind": "animals",
        "replenish": {"boar": 1},
        "rule": "§4.5, §5.9",
    },
    "stone_stage_4": {
        "name": "1 Stone (stage IV)",
        "kind": "take",
        "replenish": {"stone": 1},
        "rule": "§4.5, §3.3",
    },
    "cattle": {
        "name": "1 Cattle",
        "kind": "animals",
        "replenish": {"cattle": 1},
        "rule": "§4.5, §5.9",
    },
    "plough_sow": {
        "name": "Plough 1 Field and/or Sow",
        "kind": "plough_sow",
        "rule": "§4.5, §5.5, §5.6",
    },
    "urgent_family_growth": {
        "name": "Family Growth even without Room",
        "kind": "urgent_family_growth",
        "rule": "§4.5, §5.4",
    },
    "renovation_fences": {
        "name": "Renovation, then Fences",
        "kind": "renovation_fences",
        "rule": "§4.5, §5.2, §5.8",
    },
    # The full game: the normal side of the left board and of the green cards, and the round
    # cards' minor-improvement parts (digest §4.2, §4.4, §4.5, §10.1):
    "starting_player_minor": {
        "name": "Starting Player and/or 1 Minor Improvement",
        "kind": "starting_player_minor",
        "rule": "§4.2 P2, §10.1",
    },
    "lessons": {"name": "1 Occupation", "kind": "lessons", "rule": "§4.2 P5, §10.1, T-11"},
    "day_laborer_full": {
        "name": "Day Laborer",
        "kind": "receive",
        "fixed": {"food": 2},
        "rule": "§4.2 P6",
    },
    "lessons_3": {
        "name": "1 Occupation (3 players)",
        "kind": "lessons",
        "rule": "§4.4, §10.1, T-11",
    },
    "lessons_4": {
        "name": "1 Occupation (4 players)",
        "kind": "lessons",
        "rule": "§4.4, §10.1, T-11",
    },
    "occupation_or_growth": {
        "name": "1 Occupation or (from round 5) Family Growth",
        "kind": "occupation_or_growth",
        "rule": "§4.4, §10.1, T-11",
    },
    "major_minor": {
        "name": "1 Major or Minor Improvement",
        "kind": "major_minor",
        "rule": "§4.5, §7, §10.1",
    },
    "family_growth_minor": {
        "name": "Family Growth, then 1 Minor Improvement",
        "kind": "family_growth_minor",
        "rule": "§4.5, §5.4, §10.1",
    },
    "renovation_improvement_full": {
        "name": "Renovation, then 1 Major or Minor Improvement",
        "kind": "renovation_major_minor",
        "rule": "§4.5, §5.2, §10.1",
    },
}

#: The printed spaces of the normal side of the left board (digest §4.2).
FULL_BOARD = (
    "rooms_stables",
    "starting_player_minor",
    "grain",
    "plough",
    "lessons",
    "day_laborer_full",
    "forest",
    "clay_pit",
    "reed_bank",
    "fishing",
)
#: Green cards, normal sides (digest §4.4): the occupation cards replace their family sides.
FULL_GREEN_CARDS = {
    1: (),
    2: (),
    3: ("building_resource", "lessons_3", "wood_2", "clay_1"),
    4: ("lessons_4", "reed_stone_food", "wood_2", "wood_1", "clay_2", "traveling_players"),
    5: (
        "livestock",
        "occupation_or_growth",
        "room_or_traveling_players",
        "reed_stone_wood",
        "wood_4",
        "clay_3",
    ),
}
#: Round cards whose normal side offers a minor improvement too (digest §4.5).
FULL_ROUND_CARDS = {
    "major_improvement": "major_minor",
    "family_growth": "family_growth_minor",
    "renovation_improvement": "renovation_improvement_full",
}

#: The printed spaces of the left board's family side, in board order (digest §4.2, §4.3, §9.1).
FAMILY_BOARD = (
    "rooms_stables",
    "starting_player",
    "grain",
    "plough",
    "stable_bake",
    "day_laborer",
    "forest",
    "clay_pit",
    "reed_bank",
    "fishing",
)

#: Green action cards (family sides) by player count (digest §2.1 item 3, §4.4, D-06, D-35):
#: 1-2 players none, 3 players 4 cards, 4 and 5 players 6 cards each.
GREEN_CARDS = {
    1: (),
    2: (),
    3: ("building_resource", "building_resources", "wood_2", "clay_1"),
    4: ("building_resources", "reed_stone_food", "wood_2", "wood_1", "clay_2", "traveling_players"),
    5: (
        "livestock",
        "resources_or_growth",
        "room_or_traveling_players",
        "reed_stone_wood",
        "wood_4",
        "clay_3",
    ),
}

#: Round cards by stage; each stage is shuffled on its own, stages stay in order (digest §2.1
#: item 2, §4.5). Drawn lazily, one at the start of each round (digest §3.2 phase 1).
ROUND_CARDS = {
    1: ("sow_bake", "major_improvement", "sheep", "fences"),
    2: ("stone_stage_2", "renovation_improvement", "family_growth"),
    3: ("vegetable", "boar"),
    4: ("stone_stage_4", "cattle"),
    5: ("plough_sow", "urgent_family_growth"),
    6: ("renovation_fences",),
}

#: The livestock card's options (5 players, digest §4.4, D-20): sheep and 1 food; a boar; pay 1
#: food for a cattle.
LIVESTOCK_OPTIONS = {
    "sheep": {"animals": {"sheep": 1}, "receive": {"food": 1}, "pay": {}},
    "boar": {"animals": {"boar": 1}, "receive": {}, "pay": {}},
    "cattle": {"animals": {"cattle": 1}, "receive": {}, "pay": {"food": 1}},
}

#: "Or (from round 5) Family growth" on the 5-player card (digest §4.4): the first round.
RESOURCES_OR_GROWTH_FROM_ROUND = 5

#: Two building resources on the family-side cards may be the same resource (digest D-21: the
#: seed says "2 любых", any two; see docs/rules/agricola.md).
TWO_RESOURCES_MAY_REPEAT = True

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
