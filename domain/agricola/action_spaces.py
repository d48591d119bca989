"""Agricola (2007): the action spaces and the boards they are printed on, as data.

Family and full game: the left board's two sides, the green action cards by player count and
the 14 round cards (digest §4.2-§4.5, §9.1); ``tables.py`` holds the game's other numbers. Each
table cites the rules digest (``/work/shared/rules/agricola.md``); NOTE values are explained in
``docs/rules/agricola.md``.
"""

from __future__ import annotations

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
