"""Changing a home board: tiles, furnishings, stables, pastures, sowing, newborn dwarfs and
animals. Shared by the action spaces (``parts``), expedition loot (``expedition``) and rubies
(``anytime``); each function emits the events, the callers check legality first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .statetypes import Home

if TYPE_CHECKING:
    from .builder import Builder

from domain.common.housing import max_fitting

from . import board
from .builder import gain, pay, with_extras
from .costs import furnish_cost, payments
from .furnishings import DWELLINGS, FURNISHINGS
from .state import animals_fit, dwarf_count, farm_animals, housings, owns, room
from .tables import (
    BONUS_SPACES,
    FARM_ANIMALS,
    INNER,
    LAST_ROUND,
    MAX_DWARFS,
    SKIPPED_ROUND,
    SOW_YIELD,
)

_INNER = frozenset(INNER)
OFFICE_GOLD = 2


def place_tile(
    b: Builder,
    seat: int,
    spaces: list[int],
    kinds: list[str],
    reason: str,
    extra: dict | None = None,
    **data: Any,
) -> None:
    """Lay a tile; covering a printed bonus space gives its reward, an overhang with the Office
    room 2 gold (digest §2.3, §5.2, §5.3; pack §1.3)."""
    goods = dict(extra or {})
    home = b.home(seat)
    for s in spaces:
        for good, n in BONUS_SPACES.get(s, {}).items():
            if home["board"][s] is None:
                goods[good] = goods.get(good, 0) + n
    if any(s not in _INNER for s in spaces):
        goods["gold"] = goods.get("gold", 0) + OFFICE_GOLD
    b.emit(
        "TilePlaced",
        {
            "spaces": spaces,
            "kinds": kinds,
            "tile": reason,
            "gain": with_extras(home, goods),
            **data,
        },
        seat,
    )


def furnish_options(state: dict, seat: int, tiles: Any, base: dict | None = None) -> list[tuple]:
    """(tile, space, swap, paid) for every tile the seat can afford and place now."""
    home = state["homes"][seat]
    out = []
    for tile in tiles:
        cost = furnish_cost(home, tile, base)
        ways = payments(home, cost)
        if not ways:
            continue
        for at in board.furnish_spots(home, tile):
            for swap, paid in ways:
                out.append((tile, at, swap, paid))
    return out


def supply_tiles(state: dict, dwellings_only: bool = False) -> list[str]:
    tiles = state["tiles"]
    return [t for t in tiles if t in DWELLINGS] if dwellings_only else list(tiles)


def furnish(b: Builder, seat: int, tile: str, at: int, paid: dict, **data: Any) -> None:
    """Pay and build a furnishing tile, with what it gives at once (pack §1.3, §1.4)."""
    pay(b, seat, paid, "furnish", tile=tile)
    home = b.home(seat)
    info = FURNISHINGS[tile]
    goods = dict(info.get("on_build", {}))
    if "food_per" in info:
        animal, n = info["food_per"]
        goods["food"] = goods.get("food", 0) + n * home["animals"][animal]
    if tile == "state_parlor":
        near = [home["furn"].get(str(s)) for s in board.neighbours(at)]
        goods["food"] = 2 * sum(1 for t in near if t in DWELLINGS or t == "entry_dwelling")
    b.emit(
        "FurnishingBuilt",
        {
            "tile": tile,
            "space": at,
            "gain": with_extras(home, {g: n for g, n in goods.items() if n}),
            **data,
        },
        seat,
    )
    if "supplies" in info:
        good, rounds = info["supplies"]
        small = len(b.state["players"]) <= 2
        later = [
            r
            for r in range(b.state["round"] + 1, LAST_ROUND + 1)
            if not (small and r == SKIPPED_ROUND)
        ]
        b.emit(
            "DeliveriesScheduled", {"good": good, "rounds": [str(r) for r in later[:rounds]]}, seat
        )


def build_stable(b: Builder, seat: int, at: int, cost: dict, **data: Any) -> None:
    pay(b, seat, cost, "stable")
    b.emit("StableBuilt", {"space": at, **data}, seat)


def fence(b: Builder, seat: int, spaces: list[int], cost: dict, **data: Any) -> None:
    """A small pasture on a meadow, or a large pasture over two (digest §8.2)."""
    pay(b, seat, cost, "pasture")
    kinds = ["small_pasture"] if len(spaces) == 1 else ["large_pasture", "large_pasture"]
    b.emit("TilePlaced", {"spaces": spaces, "kinds": kinds, "tile": "pasture", **data}, seat)


def sow(b: Builder, seat: int, at: int, crop: str, **data: Any) -> None:
    """1 from the supply plus 2 grain or 1 vegetable from the general supply (digest §4.4)."""
    b.emit("FieldSown", {"space": at, "crop": crop, "count": SOW_YIELD[crop], **data}, seat)


def sow_moves(home: Home, sown: list[str]) -> list[dict]:
    """Sow moves within the limit of 2 fields per crop (digest §4.4, EX-9)."""
    out = []
    for crop in ("grain", "vegetable"):
        if home["supply"][crop] < 1 or sown.count(crop) >= 2:
            continue
        out += [{"type": "sow", "at": s, "crop": crop} for s in board.sow_spots(home)]
    return out


def growth_problem(home: Home) -> str | None:
    """Why the family cannot grow now, or None (digest §7.1, EX-10)."""
    n = dwarf_count(home)
    limit = MAX_DWARFS + (1 if owns(home, "additional_dwelling") else 0)
    if n >= limit:
        return f"the family already has {n} dwarfs"
    if n >= room(home):
        return f"the cave has room for {room(home)} dwarfs and {n} live there"
    return None


def grow(b: Builder, seat: int, space: str, **data: Any) -> None:
    b.emit("DwarfBorn", {"space": space, **data}, seat)


def newborn_choices(home: Home, kinds: Any) -> list[dict]:
    """The animals born: one of each listed type with at least 2, as many as fit (digest §8.4)."""
    born = {k: 1 for k in kinds if home["animals"][k] >= 2}
    if not born:
        return [{}]
    return max_fitting(housings(home), farm_animals(home), born) or [{}]


def breed(b: Builder, seat: int, born: dict, reason: str) -> None:
    """Newborn animals, with the Breeding cave's food and the Quarry's stone (pack §1.3)."""
    born = {k: n for k, n in born.items() if n}
    if not born:
        return
    home = b.home(seat)
    goods = dict(born)
    n = sum(born.values())
    if owns(home, "breeding_cave"):
        goods["food"] = {1: 1, 2: 2, 3: 3, 4: 5}[n]
    if owns(home, "quarry") and born.get("donkey"):
        goods["stone"] = born["donkey"]
    b.emit("AnimalsBorn", {"gain": with_extras(home, goods), "born": born, "reason": reason}, seat)


def fits_after(home: Home, extra: dict) -> bool:
    animals = farm_animals(home)
    for k, n in extra.items():
        if k in FARM_ANIMALS:
            animals[k] += n
    return animals_fit(home, animals)


def take_space(b: Builder, seat: int, sid: str, goods: dict) -> None:
    """Take everything on the space; the Seam and Dog school add from the supply."""
    b.emit("GoodsTaken", {"gain": goods, "from_space": sid, "space_gain": True}, seat)
    extra = with_extras(b.home(seat), goods)
    rest = {g: n - goods.get(g, 0) for g, n in extra.items() if n - goods.get(g, 0)}
    gain(b, seat, rest, "tiles")
