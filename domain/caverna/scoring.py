"""The Caverna score pad: one line per category, one line per bonus tile, the Writing chamber's
offset inside the negative lines (digest §10; pack §1.4 formulas; EX-28 = 80 points)."""

from __future__ import annotations

from math import ceil

from domain.common.events import EventLike

from . import board
from .furnishings import BONUS_TILES, DWELLINGS, ENTRY, FURNISHINGS
from .state import armed, crop_total, dwarf_count, owns, tiles_owned, unused_spaces
from .statetypes import Home
from .tables import BEGGING_POINTS, FARM_ANIMALS, LARGE_PASTURE_POINTS, TILE_POINTS

WRITING_CAP = 7


def _state_parlor(home: Home) -> int:
    spaces = [int(s) for s, t in home["furn"].items() if t == "state_parlor"]
    if not spaces:
        return 0
    near = [home["furn"].get(str(n)) for n in board.neighbours(spaces[0])]
    return 4 * sum(1 for t in near if t in DWELLINGS or t == ENTRY)


#: Bonus formulas by tile (pack §1.4). Tiles that only trade score no bonus line.
BONUS = {
    "weaving_parlor": lambda h: h["animals"]["sheep"] // 2,
    "milking_parlor": lambda h: h["animals"]["cattle"],
    "state_parlor": _state_parlor,
    "stone_storage": lambda h: h["supply"]["stone"],
    "ore_storage": lambda h: h["supply"]["ore"] // 2,
    "main_storage": lambda h: 2 * sum(1 for t in tiles_owned(h) if t in BONUS_TILES),
    "weapon_storage": lambda h: 3 * armed(h),
    "supplies_storage": lambda h: 8 if armed(h) == dwarf_count(h) else 0,
    "broom_chamber": lambda h: {5: 5, 6: 10}.get(dwarf_count(h), 0),
    "treasure_chamber": lambda h: h["supply"]["ruby"],
    "food_chamber": lambda h: 2 * min(crop_total(h, "grain"), crop_total(h, "vegetable")),
    "prayer_chamber": lambda h: 8 if armed(h) == 0 else 0,
    "fodder_chamber": lambda h: sum(h["animals"][a] for a in FARM_ANIMALS) // 3,
}


def seat_categories(home: Home) -> list[dict]:
    """The score pad of one home, in the pad's order (digest §10.1)."""
    animals = home["animals"]
    missing = -2 * sum(1 for a in FARM_ANIMALS if animals[a] == 0)
    unused = -unused_spaces(home)
    begging = BEGGING_POINTS * home["begging"]
    offset = 0
    if owns(home, "writing_chamber"):
        offset = min(WRITING_CAP, -(missing + unused + begging))
    left, lines = offset, {}
    for key, value in (("missing", missing), ("unused", unused), ("begging", begging)):
        used = min(left, -value)
        lines[key] = value + used
        left -= used
    furnishing = sum(FURNISHINGS[t]["vp"] for t in tiles_owned(home) if t != ENTRY)
    tiles = sum(TILE_POINTS.get(k, 0) for k in home["board"] if k) + LARGE_PASTURE_POINTS * len(
        home["large"]
    )
    cats = [
        ("animals", "Farm animals and dogs", sum(animals.values())),
        ("missing_animals", "Missing farm animal types", lines["missing"]),
        ("grain", "Grain (half, rounded up)", ceil(crop_total(home, "grain") / 2)),
        ("vegetables", "Vegetables", crop_total(home, "vegetable")),
        ("rubies", "Rubies", home["supply"]["ruby"]),
        ("dwarfs", "Dwarfs", dwarf_count(home)),
        ("unused_spaces", "Unused spaces", lines["unused"]),
        ("furnishings", "Furnishing tiles, pastures and mines", furnishing + tiles),
    ]
    for tile in tiles_owned(home):
        if tile in BONUS:
            cats.append((f"bonus_{tile}", f"Bonus: {FURNISHINGS[tile]['name']}", BONUS[tile](home)))
    cats += [
        ("gold", "Gold", home["supply"]["gold"]),
        ("begging", "Begging markers", lines["begging"]),
    ]
    out = [{"key": key, "label": text, "points": pts} for key, text, pts in cats]
    if offset:
        out.append(
            {
                "key": "writing_chamber_offset",
                "label": "Writing chamber (already inside the negative lines)",
                "points": 0,
                "offset": offset,
            }
        )
    return out


def score_sheet(state: dict) -> dict:
    """``{"seats": [...], "winners": [...], "final": bool}`` (see the title protocol)."""
    if not state or "homes" not in state:
        return {"seats": [], "winners": [], "final": False}
    seats = []
    for seat, home in enumerate(state["homes"]):
        cats = seat_categories(home)
        seats.append(
            {
                "seat": seat,
                "name": state["players"][seat],
                "total": sum(c["points"] for c in cats),
                "categories": cats,
            }
        )
    best = max(s["total"] for s in seats)
    return {
        "seats": seats,
        "winners": [s["seat"] for s in seats if s["total"] == best],
        "final": state["phase"] == "finished",
    }


def final_scores(state: dict) -> tuple[list[int], list[int]]:
    """Totals and winners; ties share the win (digest §10)."""
    sheet = score_sheet(state)
    return [s["total"] for s in sheet["seats"]], sheet["winners"]


#: Events that change nothing the score pad counts (turns, phases, questions, goods on action
#: spaces, where dwarfs stand, which loot is being chosen).
SCORE_NEUTRAL_EVENTS = frozenset(
    {
        "Asked",
        "PhaseChanged",
        "SpacesReplenished",
        "SpaceCleared",
        "RoundStarted",
        "HomeReturned",
        "DwarfsRested",
        "LootTaken",
        "HarvestSkipChosen",
        "ExtensionBothUsed",
        "DeliveriesScheduled",
    }
)


def rescore(state: dict, previous: dict | None, event: EventLike) -> dict:
    """``score_sheet(state)`` from the sheet before ``event``: unchanged after a neutral event,
    one row recomputed after an event of one seat (every other event touches only that seat's
    home), in full otherwise."""
    if previous is None or len(previous.get("seats", ())) != len(state.get("homes", ())):
        return score_sheet(state)
    if event.type in SCORE_NEUTRAL_EVENTS:
        return previous
    seat = event.seat
    if event.type == "GameEnded" or not isinstance(seat, int):
        return score_sheet(state)
    seats = list(previous["seats"])
    cats = seat_categories(state["homes"][seat])
    seats[seat] = {
        "seat": seat,
        "name": state["players"][seat],
        "total": sum(c["points"] for c in cats),
        "categories": cats,
    }
    best = max(s["total"] for s in seats)
    return {
        "seats": seats,
        "winners": [s["seat"] for s in seats if s["total"] == best],
        "final": previous["final"],
    }
