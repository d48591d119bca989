"""The 48 furnishing tiles of Caverna: cost, printed points, room, and which rule reads them
(pack §1.2-§1.4, read off photographs of the tiles; digest §6).

Effects are keyed by the tile's id in the rule modules that apply them (a newcomer finds each
by its id): housing (``state.housing``), discounts (``costs``), round start and feeding
(``flow``), any-time trades (``anytime``), on-build gains (``FurnishingBuilt`` in ``actions``),
and the bonus formulas (``scoring.BONUS``). ``intro`` marks the introductory set (pack §1.1).
"""

from __future__ import annotations

from typing import Any

from domain.common.i18n import pgettext


def _t(name: str, cost: Any, vp: Any, kind: str, intro: Any = False, **extra: Any) -> Any:
    return {"name": name, "cost": cost, "vp": vp, "kind": kind, "intro": intro, **extra}


#: tile id -> data. ``kind``: "dwelling" (orange), "ability" (green), "bonus" (yellow).
#: ``room``: dwarfs housed; ``animals``: animals of one type it holds.
FURNISHINGS: dict[str, dict] = {
    # dwellings (pack §1.2)
    "dwelling": _t(
        "Dwelling", {"wood": 4, "stone": 3}, 3, "dwelling", True, room=1, unlimited=True
    ),
    "simple_dwelling_a": _t(
        "Simple dwelling", {"wood": 4, "stone": 2}, 0, "dwelling", True, room=1
    ),
    "simple_dwelling_b": _t(
        "Simple dwelling", {"wood": 3, "stone": 3}, 0, "dwelling", True, room=1
    ),
    "mixed_dwelling": _t(
        "Mixed dwelling", {"wood": 5, "stone": 4}, 4, "dwelling", room=1, animals=2
    ),
    "couple_dwelling": _t("Couple dwelling", {"wood": 8, "stone": 6}, 5, "dwelling", room=2),
    "additional_dwelling": _t(
        "Additional dwelling", {"wood": 4, "stone": 3}, 5, "dwelling", room=0, sixth=True
    ),
    # ability tiles (pack §1.3)
    "cuddle_room": _t("Cuddle room", {"wood": 1}, 2, "ability", True),
    "breakfast_room": _t("Breakfast room", {"wood": 1}, 0, "ability", True),
    "stubble_room": _t("Stubble room", {"wood": 1, "ore": 1}, 1, "ability", True),
    "work_room": _t("Work room", {"stone": 1}, 2, "ability"),
    "guest_room": _t("Guest room", {"wood": 1, "stone": 1}, 0, "ability"),
    "office_room": _t("Office room", {"stone": 1}, 0, "ability"),
    "carpenter": _t("Carpenter", {"stone": 1}, 0, "ability", True),
    "stone_carver": _t("Stone carver", {"wood": 1}, 1, "ability", True, on_build={"stone": 2}),
    "blacksmith": _t(
        "Blacksmith", {"wood": 1, "stone": 2}, 3, "ability", True, on_build={"ore": 2}
    ),
    "miner": _t("Miner", {"wood": 1, "stone": 1}, 3, "ability"),
    "builder": _t("Builder", {"stone": 1}, 2, "ability"),
    "trader": _t("Trader", {"wood": 1}, 2, "ability", overbuilds="spare_part_storage"),
    "wood_supplier": _t("Wood supplier", {"stone": 1}, 2, "ability", True, supplies=("wood", 7)),
    "stone_supplier": _t("Stone supplier", {"wood": 1}, 1, "ability", True, supplies=("stone", 5)),
    "ruby_supplier": _t(
        "Ruby supplier", {"wood": 2, "stone": 2}, 2, "ability", True, supplies=("ruby", 4)
    ),
    "dog_school": _t("Dog school", {}, 0, "ability"),
    "quarry": _t("Quarry", {"wood": 1}, 2, "ability"),
    "seam": _t("Seam", {"wood": 2}, 1, "ability"),
    "slaughtering_cave": _t("Slaughtering cave", {"wood": 2, "stone": 2}, 2, "ability", True),
    "cooking_cave": _t("Cooking cave", {"stone": 2}, 2, "ability", True),
    "working_cave": _t("Working cave", {"wood": 1, "stone": 1}, 2, "ability", True),
    "mining_cave": _t("Mining cave", {"wood": 3, "stone": 2}, 2, "ability"),
    "breeding_cave": _t("Breeding cave", {"grain": 1, "stone": 1}, 2, "ability"),
    "peaceful_cave": _t("Peaceful cave", {"wood": 2, "stone": 2}, 2, "ability"),
    # bonus tiles (pack §1.4); vp 0 where the tile prints "*"
    "weaving_parlor": _t(
        "Weaving parlor", {"wood": 2, "stone": 1}, 0, "bonus", True, food_per=("sheep", 1)
    ),
    "milking_parlor": _t(
        "Milking parlor", {"wood": 2, "stone": 2}, 0, "bonus", True, food_per=("cattle", 1)
    ),
    "state_parlor": _t("State parlor", {"gold": 5, "stone": 3}, 0, "bonus"),
    "hunting_parlor": _t("Hunting parlor", {"wood": 2}, 1, "bonus", True),
    "beer_parlor": _t("Beer parlor", {"wood": 2}, 3, "bonus", True),
    "blacksmithing_parlor": _t("Blacksmithing parlor", {"ore": 3}, 2, "bonus"),
    "stone_storage": _t("Stone storage", {"wood": 3, "ore": 1}, 0, "bonus", True),
    "ore_storage": _t("Ore storage", {"wood": 1, "stone": 2}, 0, "bonus", True),
    "spare_part_storage": _t("Spare part storage", {"wood": 2}, 0, "bonus", overbuilds="trader"),
    "main_storage": _t("Main storage", {"wood": 2, "stone": 1}, 0, "bonus", True),
    "weapon_storage": _t("Weapon storage", {"wood": 3, "stone": 2}, 0, "bonus", True),
    "supplies_storage": _t("Supplies storage", {"food": 3, "wood": 1}, 0, "bonus"),
    "broom_chamber": _t("Broom chamber", {"wood": 1}, 0, "bonus"),
    "treasure_chamber": _t("Treasure chamber", {"wood": 1, "stone": 1}, 0, "bonus", True),
    "food_chamber": _t("Food chamber", {"wood": 2, "vegetable": 2}, 0, "bonus", True),
    "prayer_chamber": _t("Prayer chamber", {"wood": 2}, 0, "bonus"),
    "writing_chamber": _t("Writing chamber", {"stone": 2}, 0, "bonus", True),
    "fodder_chamber": _t("Fodder chamber", {"grain": 2, "stone": 1}, 0, "bonus", True),
}

DWELLINGS = tuple(t for t, d in FURNISHINGS.items() if d["kind"] == "dwelling")
BONUS_TILES = tuple(t for t, d in FURNISHINGS.items() if d["kind"] == "bonus")
INTRO_TILES = tuple(t for t, d in FURNISHINGS.items() if d["intro"])
#: The loot item "Dwelling for 2 wood + 2 stone" builds only the ordinary Dwelling (pack §1.2).
ORDINARY_DWELLING = "dwelling"
#: The Entry-level dwelling is printed on the board, not a tile (pack §1.1).
ENTRY = "entry_dwelling"

#: Trades allowed any time before scoring (pack §1.3, §1.4): tile -> [(pay, gain)].
TRADES = {
    "trader": [({"gold": 2}, {"wood": 1, "stone": 1, "ore": 1})],
    "hunting_parlor": [({"boar": 2}, {"gold": 2, "food": 2})],
    "beer_parlor": [({"grain": 2}, {"gold": 3}), ({"grain": 2}, {"food": 4})],
    "blacksmithing_parlor": [({"ruby": 1, "ore": 1}, {"gold": 2, "food": 1})],
    "spare_part_storage": [({"wood": 1, "stone": 1, "ore": 1}, {"gold": 2})],
    "cooking_cave": [({"grain": 1, "vegetable": 1}, {"food": 5})],
}


def tile_name(tile: str) -> str:
    if tile == ENTRY:
        return pgettext("caverna furnishings", "Entry-level dwelling")
    info = FURNISHINGS.get(tile)
    return pgettext("caverna furnishings", info["name"]) if info else str(tile)
