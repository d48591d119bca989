"""What building costs a seat, after its tiles' discounts (pack §1.3: Carpenter, Stone carver,
Builder; digest §6.2, §8.2, §8.3)."""

from __future__ import annotations

from .builder import has
from .furnishings import FURNISHINGS
from .state import owns
from .statetypes import Home
from .tables import LARGE_PASTURE_COST, SMALL_PASTURE_COST, STABLE_COST

#: Builder: which goods ore may replace, as the ``swap`` field of a move names them.
SWAPS = {"wood": ("wood",), "stone": ("stone",), "both": ("wood", "stone")}


def _less(cost: dict, good: str) -> dict:
    out = dict(cost)
    if out.get(good):
        out[good] -= 1
    return {g: n for g, n in out.items() if n}


def furnish_cost(home: Home, tile: str, base: dict | None = None) -> dict:
    """A furnishing tile's cost: Carpenter 1 wood less, Stone carver 1 stone less."""
    cost = dict(FURNISHINGS[tile]["cost"] if base is None else base)
    if owns(home, "carpenter"):
        cost = _less(cost, "wood")
    if owns(home, "stone_carver"):
        cost = _less(cost, "stone")
    return cost


def payments(home: Home, cost: dict) -> list[tuple[str | None, dict]]:
    """The ways to pay ``cost`` the seat can afford: as printed, or with the Builder 1 ore for
    1 wood and/or 1 ore for 1 stone (pack §1.3)."""
    options: list[tuple[str | None, dict]] = [(None, cost)]
    if owns(home, "builder"):
        for swap, goods in SWAPS.items():
            if all(cost.get(g) for g in goods):
                paid = dict(cost)
                for g in goods:
                    paid[g] -= 1
                paid["ore"] = paid.get("ore", 0) + len(goods)
                options.append((swap, {g: n for g, n in paid.items() if n}))
    return [(swap, paid) for swap, paid in options if has(home, paid)]


def pasture_cost(home: Home, large: bool, base: dict | None = None) -> dict:
    """2 wood for a small pasture, 4 for a large one; the Carpenter saves 1 wood."""
    cost = dict(base if base is not None else (LARGE_PASTURE_COST if large else SMALL_PASTURE_COST))
    return _less(cost, "wood") if owns(home, "carpenter") else cost


def stable_cost(home: Home) -> dict:
    """1 stone; the Stone carver saves it."""
    return _less(STABLE_COST, "stone") if owns(home, "stone_carver") else dict(STABLE_COST)
