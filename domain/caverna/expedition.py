"""Expeditions: loot chosen one item at a time, each at most once, by the strength the dwarf
had when it set out; then the weapon grows by 1 (2 with the "+1 to all weapons" item), up to
14 (digest §7.3, EX-14, EX-15, EX-19; pack §3 loot table).

A loot move names the item and, where the item builds something, where and how:
``{"type": "loot", "item": "tunnel", "at": 29}``; ``{"item": "furnish", "tile": ..., "at": ...}``;
``{"item": "large_pasture", "at": a, "at2": b}``; ``{"item": "breed", "animals": "sheep,boar"}``.
Sowing as loot opens sow moves beside the remaining loot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .statetypes import Home

if TYPE_CHECKING:
    from .builder import Builder

from itertools import combinations

from . import board, building
from .builder import gain, has
from .costs import furnish_cost, pasture_cost, payments
from .furnishings import ORDINARY_DWELLING
from .tables import FARM_ANIMALS, LOOT, LOOT_COSTS, MAX_STABLES, MAX_WEAPON


def level(part: str) -> int:
    """expedition1 / expedition1b / expedition2 ... -> the level (digest §7.3)."""
    return int(part[len("expedition")])


def _weapon(state: dict, seat: int, pending: dict) -> int:
    weapon = pending.get("dwarf_weapon")
    if weapon is None:
        weapon = state["homes"][seat]["dwarfs"][pending["dwarf"]]["weapon"]
    return weapon


def loot_moves(state: dict, seat: int, pending: dict, part: str) -> list[dict]:
    """Every loot move the expedition allows now."""
    weapon = _weapon(state, seat, pending)
    taken = pending.get("loot", []) if pending.get("active") == part else []
    home = state["homes"][seat]
    sowing = []
    if "sow" in taken:
        sowing = [
            dict(m, type="sow")
            for m in building.sow_moves(
                home, [crop for via, crop in pending["sown"] if via == "loot"]
            )
        ]
    if weapon <= 0 or len(taken) >= level(part):
        return sowing
    out = []
    for item, (minimum, goods) in LOOT.items():
        if minimum > weapon or item in taken:
            continue
        if goods is not None or item == "weapons":
            out.append({"type": "loot", "item": item})
        else:
            out += _builds(state, seat, home, item)
    return out + sowing


def _builds(state: dict, seat: int, home: Home, item: str) -> list[dict]:
    def one(**fields: Any) -> Any:
        return {"type": "loot", "item": item, **fields}

    if item == "furnish":
        return [
            one(tile=t, at=at, **({"swap": s} if s else {}))
            for t, at, s, _ in building.furnish_options(state, seat, state["tiles"])
        ]
    if item == "dwelling":
        if ORDINARY_DWELLING not in state["tiles"]:
            return []
        return [
            one(at=at, **({"swap": s} if s else {}))
            for _, at, s, _ in building.furnish_options(
                state, seat, [ORDINARY_DWELLING], LOOT_COSTS["dwelling"]
            )
        ]
    if item == "stable":
        if len(home["stables"]) >= MAX_STABLES:
            return []
        return [one(at=s) for s in board.stable_spots(home)]
    if item in ("tunnel", "cavern", "meadow", "field"):
        return [one(at=s) for s in board.single_spots(home, item)]
    if item == "small_pasture":
        if not has(home, pasture_cost(home, False, LOOT_COSTS[item])):
            return []
        return [one(at=s) for s in board.small_pasture_spots(home)]
    if item == "large_pasture":
        if not has(home, pasture_cost(home, True, LOOT_COSTS[item])):
            return []
        return [one(at=a, at2=b) for a, b in board.large_pasture_spots(home)]
    if item == "sow":
        return [one()] if building.sow_moves(home, []) else []
    if item == "breed":
        return [one(animals=",".join(kinds)) for kinds in breed_choices(home)]
    return []


def breed_choices(home: Home) -> list[tuple[str, ...]]:
    """One or two types with at least 2 animals whose newborns all fit (pack §3, row 14)."""
    ready = [a for a in FARM_ANIMALS if home["animals"][a] >= 2]
    out = []
    for size in (1, 2):
        for kinds in combinations(ready, size):
            if building.fits_after(home, dict.fromkeys(kinds, 1)):
                out.append(kinds)
    return out


def take(b: Builder, seat: int, move: dict, part: str) -> None:
    """Take one loot item (or sow a field the Sow loot allows)."""
    if move["type"] == "sow":
        building.sow(b, seat, move["at"], move["crop"], via="loot")
        return
    item = move["item"]
    b.emit("LootTaken", {"item": item, "part": part}, seat)
    home = b.home(seat)
    goods = LOOT[item][1]
    if goods is not None:
        gain(b, seat, dict(goods), "loot", item=item)
    elif item in ("tunnel", "cavern", "meadow", "field"):
        building.place_tile(b, seat, [move["at"]], [item], f"single_{item}")
    elif item == "stable":
        building.build_stable(b, seat, move["at"], {})
    elif item in ("small_pasture", "large_pasture"):
        spaces = [move["at"]] + ([move["at2"]] if "at2" in move else [])
        cost = pasture_cost(home, len(spaces) == 2, LOOT_COSTS[item])
        building.fence(b, seat, spaces, cost)
    elif item in ("furnish", "dwelling"):
        tile = move.get("tile", ORDINARY_DWELLING)
        base = LOOT_COSTS.get("dwelling") if item == "dwelling" else None
        paid = dict(payments(home, furnish_cost(home, tile, base)))[move.get("swap")]
        building.furnish(b, seat, tile, move["at"], paid)
    elif item == "breed":
        building.breed(b, seat, dict.fromkeys(move["animals"].split(","), 1), "loot")
    pending = b.state["pending"][seat]
    if len(pending["loot"]) >= level(part) and not sow_left(b.state, seat, pending):
        end(b, seat)


def sow_left(state: dict, seat: int, pending: dict) -> bool:
    if "sow" not in pending["loot"]:
        return False
    sown = [crop for via, crop in pending["sown"] if via == "loot"]
    return bool(building.sow_moves(state["homes"][seat], sown))


def end(b: Builder, seat: int) -> None:
    """The weapon grows by 1 after the expedition; with the "+1 to all weapons" item every
    armed dwarf of the seat grows by 1 more (digest §7.3; capped at 14, EX-19)."""
    pending = b.state["pending"][seat]
    dwarfs = b.home(seat)["dwarfs"]
    new = {pending["dwarf"]: dwarfs[pending["dwarf"]]["weapon"] + 1}
    if "weapons" in pending["loot"]:
        for i, d in enumerate(dwarfs):
            if d["weapon"] > 0:
                new[i] = new.get(i, d["weapon"]) + 1
    b.emit(
        "ExpeditionEnded",
        {
            "weapons": {str(i): min(MAX_WEAPON, w) for i, w in new.items()},
            "loot": list(pending["loot"]),
        },
        seat,
    )
