"""Caverna's action spaces: what each gives, in which order its parts may be done, and which
spaces are on the board for each player count (pack §2.1-§2.3; digest §4).

A space is data:

* ``acc``: what phase 2 adds, as ``(if empty, otherwise)`` goods (the "3 (1)" notation,
  digest §3.2, EX-2, EX-3); taken whole by the dwarf placed there;
* ``gain``: goods from the general supply each time (not on an imitated space's accumulation);
* ``bonus``: goods per mine owned (``("ore_mine", {"ore": 2})``) or, with ``at_least``, once
  when the seat owns that many mines;
* ``parts``: the optional actions, each done at most once (``sow`` and ``trade`` and ``market``
  take several moves); ``ordered`` for "and then/or" (a part may not follow a later one);
  ``requires`` for "and then" (part -> the part that must come first);
* ``options``: "either ... or" spaces: the option is chosen when the dwarf is placed, each
  option a small space of its own;
* ``take_last``: the accumulated animals are taken when the action ends (Sheep and Donkey
  farming: fences and stable first, digest §4.2);
* ``imitation``: the food an Imitation space costs (digest §7.8, pack §2.2).
"""

from __future__ import annotations

from typing import Any

from domain.common.i18n import pgettext

ORE_MINE_BONUS = ("ore_mine", {"ore": 2})
TWIN_FOREST = "forest_twin"
TWIN_CAVE = "cave_twin"
TWIN_CAVE_ANY = "cave_twin_any"

FARMING = {"parts": ("small_pasture", "large_pasture", "stable"), "take_last": True}

#: Every action space and round card, keyed by id; ``name`` is the English edition's name.
SPACES: dict[str, dict] = {
    # small base board, always (pack §2.1, §2.2)
    "ruby_mining": {
        "name": "Ruby mining",
        "acc": ({"ruby": 1}, {"ruby": 1}),
        "bonus": ("ruby_mine", {"ruby": 1}, 1),
        "rule": "§4.1; pack §2.2",
    },
    "housework": {"name": "Housework", "parts": ("dog", "furnish"), "rule": "§4.1, §6.2"},
    "slash_and_burn": {
        "name": "Slash-and-burn",
        "parts": (TWIN_FOREST, "sow"),
        "ordered": True,
        "rule": "§4.1, §4.4, §5.3",
    },
    # double-sided base board, 1-3 side
    "drift_mining": {
        "name": "Drift mining",
        "acc": ({"stone": 1}, {"stone": 1}),
        "parts": (TWIN_CAVE,),
        "rule": "§4.1, §5.2; pack §2.2",
    },
    "logging": {
        "name": "Logging",
        "acc": ({"wood": 3}, {"wood": 1}),
        "parts": ("expedition1",),
        "rule": "§7.3; pack §2.2",
    },
    "wood_gathering": {
        "name": "Wood gathering",
        "acc": ({"wood": 1}, {"wood": 1}),
        "rule": "pack §2.2",
    },
    "excavation": {
        "name": "Excavation",
        "acc": ({"stone": 1}, {"stone": 1}),
        "parts": (TWIN_CAVE_ANY,),
        "rule": "§4.1, §5.2; pack §2.2",
    },
    "supplies": {
        "name": "Supplies",
        "gain": {"wood": 1, "stone": 1, "ore": 1, "food": 1, "gold": 2},
        "rule": "§4.1",
    },
    "clearing": {
        "name": "Clearing",
        "acc": ({"wood": 1}, {"wood": 1}),
        "parts": (TWIN_FOREST,),
        "rule": "§4.1, §5.3; pack §2.2",
    },
    "starting_player": {
        "name": "Starting player",
        "acc": ({"food": 1}, {"food": 1}),
        "gain": {"ore": 2},
        "start_player": True,
        "rule": "§7.7",
    },
    "ore_mining": {
        "name": "Ore mining",
        "acc": ({"ore": 2}, {"ore": 1}),
        "bonus": ORE_MINE_BONUS,
        "rule": "§4.1; pack §2.2",
    },
    "sustenance": {
        "name": "Sustenance",
        "acc": ({"food": 1}, {"food": 1}),
        "gain": {"grain": 1},
        "parts": (TWIN_FOREST,),
        "rule": "§4.1; pack §2.2",
    },
    # double-sided base board, 4-7 side (ids with a suffix where the side differs)
    "drift_mining_47": {
        "name": "Drift mining",
        "acc": ({"stone": 2}, {"stone": 2}),
        "parts": (TWIN_CAVE,),
        "rule": "§4.1; pack §2.2",
    },
    "imitation": {"name": "Imitation", "imitation": 2, "rule": "§7.8; pack §2.2"},
    "logging_47": {
        "name": "Logging",
        "acc": ({"wood": 3}, {"wood": 3}),
        "parts": ("expedition1",),
        "rule": "§7.3; pack §2.2",
    },
    "forest_exploration_47": {
        "name": "Forest exploration",
        "acc": ({"wood": 2}, {"wood": 1}),
        "gain": {"food": 2},
        "rule": "pack §2.2",
    },
    "excavation_47": {
        "name": "Excavation",
        "acc": ({"stone": 2}, {"stone": 1}),
        "parts": (TWIN_CAVE_ANY,),
        "rule": "§4.1; pack §2.2",
    },
    "growth": {
        "name": "Growth",
        "options": {
            "goods": {"gain": {"wood": 1, "stone": 1, "ore": 1, "food": 1, "gold": 2}},
            "growth": {"parts": ("growth",)},
        },
        "rule": "§4.1, §7.1; pack §2.2",
    },
    "clearing_47": {
        "name": "Clearing",
        "acc": ({"wood": 2}, {"wood": 2}),
        "parts": (TWIN_FOREST,),
        "rule": "§4.1; pack §2.2",
    },
    "starting_player_47": {
        "name": "Starting player",
        "acc": ({"food": 1}, {"food": 1}),
        "gain": {"ruby": 1},
        "start_player": True,
        "rule": "§7.7",
    },
    "ore_mining_47": {
        "name": "Ore mining",
        "acc": ({"ore": 3}, {"ore": 2}),
        "bonus": ORE_MINE_BONUS,
        "rule": "§4.1; pack §2.2",
    },
    "sustenance_47": {
        "name": "Sustenance",
        "acc": ({"grain": 1}, {"vegetable": 1}),
        "parts": (TWIN_FOREST,),
        "rule": "§3.2, EX-3; pack §2.2",
    },
    # small additional board, 3 side
    "strip_mining": {
        "name": "Strip mining",
        "acc": ({"ore": 1}, {"stone": 1}),
        "gain": {"wood": 2},
        "rule": "pack §2.2",
    },
    "imitation_3": {"name": "Imitation", "imitation": 4, "rule": "§7.8; pack §2.2"},
    "forest_exploration": {
        "name": "Forest exploration",
        "acc": ({"wood": 1}, {"wood": 1}),
        "gain": {"vegetable": 1},
        "rule": "pack §2.2",
    },
    # large additional board, 5 side and 6-7 side
    "depot": {
        "name": "Depot",
        "acc": ({"wood": 1, "ore": 1}, {"wood": 1, "ore": 1}),
        "rule": "pack §2.2",
    },
    "small_scale_drift_mining": {
        "name": "Small-scale drift mining",
        "gain": {"stone": 1},
        "parts": (TWIN_CAVE,),
        "rule": "§4.1; pack §2.2, §5 item 3",
    },
    "weekly_market": {
        "name": "Weekly market",
        "gain": {"gold": 4},
        "parts": ("market",),
        "rule": "§4.1, EX-21",
    },
    "imitation_5": {"name": "Imitation", "imitation": 4, "rule": "§7.8; pack §2.2"},
    "hardware_rental": {
        "name": "Hardware rental",
        "parts": ("expedition2", "sow"),
        "ordered": True,
        "rule": "pack §2.2",
    },
    "fence_building": {
        "name": "Fence building",
        "acc": ({"wood": 1}, {"wood": 1}),
        "parts": ("small_pasture", "large_pasture"),
        "rule": "§8.2; pack §2.2",
    },
    "drift_mining_67": {
        "name": "Drift mining",
        "acc": ({"stone": 1}, {"stone": 1}),
        "parts": (TWIN_CAVE,),
        "rule": "pack §2.2, §5 item 3",
    },
    "imitation_67": {"name": "Imitation", "imitation": 1, "rule": "§7.8; pack §2.2"},
    "hardware_rental_67": {
        "name": "Hardware rental",
        "gain": {"wood": 2},
        "parts": ("expedition2", "sow"),
        "ordered": True,
        "rule": "pack §2.2",
    },
    "fence_building_67": {
        "name": "Fence building",
        "acc": ({"wood": 2}, {"wood": 1}),
        "parts": ("small_pasture", "large_pasture"),
        "rule": "pack §2.2",
    },
    # small additional board, 7 side
    "large_depot": {
        "name": "Large depot",
        "acc": ({"wood": 2, "stone": 1, "ore": 1}, {"wood": 1, "stone": 1, "ore": 1}),
        "rule": "pack §2.2",
    },
    "imitation_7": {"name": "Imitation", "imitation": 0, "rule": "§7.8; pack §2.2"},
    "extension": {
        "name": "Extension",
        "options": {
            "forest": {"gain": {"wood": 1}, "parts": (TWIN_FOREST,)},
            "mountain": {"gain": {"stone": 1}, "parts": (TWIN_CAVE,)},
        },
        "guest_once": True,
        "rule": "§4.1; pack §2.2, §1.3 Guest room",
    },
    # round cards (pack §2.3)
    "blacksmithing": {
        "name": "Blacksmithing",
        "parts": ("forge", "expedition3"),
        "ordered": True,
        "rule": "§7.2, §7.3; pack §2.3",
    },
    "sheep_farming": {
        "name": "Sheep farming",
        "acc": ({"sheep": 1}, {"sheep": 1}),
        **FARMING,
        "rule": "§4.2, §8.2, §8.3",
    },
    "ore_mine_construction": {
        "name": "Ore mine construction",
        "parts": ("ore_mine", "expedition2"),
        "ordered": True,
        "rule": "§5.2, EX-12",
    },
    "wish_for_children": {
        "name": "Wish for children",
        "options": {"growth": {"parts": ("growth",)}, "dwelling": {"parts": ("dwelling",)}},
        "rule": "§7.1, §6.3; pack §2.3",
    },
    "urgent_wish_for_children": {
        "name": "Urgent wish for children",
        "options": {
            "dwelling": {"parts": ("dwelling", "growth"), "requires": {"growth": "dwelling"}},
            "gold": {"gain": {"gold": 3}},
        },
        "rule": "§7.1, §6.3; pack §2.3",
    },
    "donkey_farming": {
        "name": "Donkey farming",
        "acc": ({"donkey": 1}, {"donkey": 1}),
        **FARMING,
        "rule": "§4.2, §8.2, §8.3",
    },
    "ruby_mine_construction": {
        "name": "Ruby mine construction",
        "options": {
            "tunnel": {"parts": ("ruby_mine_tunnel",)},
            "deep": {"parts": ("ruby_mine_deep",)},
        },
        "rule": "§5.2, EX-11; pack §2.3",
    },
    "family_life": {"name": "Family life", "parts": ("growth", "sow"), "rule": "§7.1, §4.4"},
    "ore_delivery": {
        "name": "Ore delivery",
        "acc": ({"stone": 1, "ore": 1}, {"stone": 1, "ore": 1}),
        "bonus": ORE_MINE_BONUS,
        "rule": "§4.2; pack §2.3",
    },
    "exploration": {"name": "Exploration", "parts": ("expedition4",), "rule": "§7.3"},
    "adventure": {
        "name": "Adventure",
        "parts": ("forge", "expedition1", "expedition1b"),
        "ordered": True,
        "requires": {"expedition1b": "expedition1"},
        "rule": "§7.2, §7.3; pack §5 item 2",
    },
    "ore_trading": {"name": "Ore trading", "parts": ("trade",), "rule": "§4.2, EX-20"},
    "ruby_delivery": {
        "name": "Ruby delivery",
        "acc": ({"ruby": 2}, {"ruby": 1}),
        "bonus": ("ruby_mine", {"ruby": 1}, 2),
        "rule": "§4.2; pack §2.3",
    },
}

#: The round card's space id: Wish for children turns into Urgent wish (digest §2.6).
URGENT = {"wish_for_children": "urgent_wish_for_children"}


def current_id(state: dict, space_id: str | None) -> Any:
    """The id a space has now: once Family life turns Wish for children into Urgent wish, the
    space is ``urgent_wish_for_children`` (issue 26); the old id, in games recorded before,
    still names it."""
    if state.get("urgent") and space_id in URGENT:
        return URGENT[space_id]
    return space_id


def renamed(state: dict) -> None:
    """Give the turned round card its own id in the state (the order and the spaces keep their
    places)."""
    for old, new in URGENT.items():
        if old in state["spaces"]:
            state["spaces"] = {new if k == old else k: v for k, v in state["spaces"].items()}
            state["order"] = [new if k == old else k for k in state["order"]]


_SMALL_BASE = ("ruby_mining", "housework", "slash_and_burn")
_SIDE_13 = (
    "drift_mining",
    "logging",
    "wood_gathering",
    "excavation",
    "supplies",
    "clearing",
    "starting_player",
    "ore_mining",
    "sustenance",
)
_SIDE_47 = (
    "drift_mining_47",
    "imitation",
    "logging_47",
    "forest_exploration_47",
    "excavation_47",
    "growth",
    "clearing_47",
    "starting_player_47",
    "ore_mining_47",
    "sustenance_47",
)
_SIDE_3 = ("strip_mining", "imitation_3", "forest_exploration")
_SIDE_5 = (
    "depot",
    "small_scale_drift_mining",
    "weekly_market",
    "imitation_5",
    "hardware_rental",
    "fence_building",
)
_SIDE_67 = (
    "depot",
    "drift_mining_67",
    "weekly_market",
    "imitation_67",
    "hardware_rental_67",
    "fence_building_67",
)
_SIDE_7 = ("large_depot", "imitation_7", "extension")
#: Solo: four spaces of the 1-3 side are covered (pack §2.4).
_SOLO_COVERED = ("drift_mining", "supplies", "clearing", "starting_player")

#: The initial action spaces by player count (pack §2.1; digest §2.4).
BOARDS = {
    1: tuple(s for s in _SIDE_13 if s not in _SOLO_COVERED) + _SMALL_BASE,
    2: _SIDE_13 + _SMALL_BASE,
    3: _SIDE_3 + _SIDE_13 + _SMALL_BASE,
    4: _SIDE_47 + _SMALL_BASE,
    5: _SIDE_5 + _SIDE_47 + _SMALL_BASE,
    6: _SIDE_67 + _SIDE_47 + _SMALL_BASE,
    7: _SIDE_7 + _SIDE_67 + _SIDE_47 + _SMALL_BASE,
}


def spec(space_id: str, option: str | None = None) -> dict:
    """The space's data, or one option's data merged over it (digest §3.3 connectors)."""
    base = SPACES[space_id]
    if option is None:
        return base
    if option == "both":
        merged: dict[str, Any] = {"gain": {}, "parts": (), "requires": {}}
        for opt in base["options"].values():
            for good, n in opt.get("gain", {}).items():
                merged["gain"][good] = merged["gain"].get(good, 0) + n
            merged["parts"] += opt.get("parts", ())
            merged["requires"].update(opt.get("requires", {}))
        return {**base, **merged}
    return {**base, **base["options"][option]}


def space_name(space_id: str) -> str:
    """The space's name in the reader's language (``domain.common.i18n``)."""
    info = SPACES.get(space_id)
    return pgettext("caverna spaces", info["name"]) if info else str(space_id)
