"""Where tiles, stables and furnishings may go on a home board (digest §5, §6.2, §8.2, §8.3;
pack §4.1).

Every function lists the legal spots of one kind; moves are checked by membership in these
lists, so a listed move is always accepted. Spots are ints (``row * 8 + col``, see
``tables``); twin tiles name their two spaces in the order of their halves.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .furnishings import FURNISHINGS
from .state import is_mountain, owns
from .statetypes import Home
from .tables import BLOCKED, ENTRANCE, GRID, INNER, OUTDOOR

_INNER = frozenset(INNER)


@cache
def neighbours(space: int) -> tuple[int, ...]:
    """Orthogonal neighbours on the same half of the board (forest and mountain meet only at
    the cave entrance, which no rule uses for adjacency; pack §4.1)."""
    return tuple(n for n in GRID.neighbours(space) if is_mountain(n) == is_mountain(space))


def label(space: int) -> str:
    """The printed name of a space: ``F1-R1`` ... ``M3-R4``; ring spaces for the Office room
    are named by their row and column (pack §4.1)."""
    row, col = divmod(space, 8)
    if space in _INNER:
        return f"{'FFFMMM'[col - 1]}{(col - 1) % 3 + 1}-R{row}"
    return f"edge r{row} c{col}"


@cache
def _pair_spots(mountain: bool, ordered: bool) -> tuple[tuple[int, int, bool], ...]:
    """(a, b, on the ring) for every two adjacent spaces of one half with at most one of
    them on the ring, in board order: what :func:`_pairs` filters by the home."""
    out = []
    for a in GRID.spaces():
        if is_mountain(a) != mountain:
            continue
        for b in neighbours(a):
            if not ordered and b < a:
                continue
            outside = (a not in _INNER) + (b not in _INNER)
            if outside <= 1:
                out.append((a, b, bool(outside)))
    return tuple(out)


def _pairs(home: Home, mountain: bool, ordered: bool) -> list[tuple[int, int]]:
    """Two adjacent free spaces of one half; a ring space only with the Office room, and then
    only one half of the tile (pack §1.3 Office room)."""
    ring = owns(home, "office_room")
    board = home["board"]
    return [
        (a, b)
        for a, b, outside in _pair_spots(mountain, ordered)
        if (ring or not outside)
        and board[a] is None
        and a not in BLOCKED
        and board[b] is None
        and b not in BLOCKED
    ]


def _touches(home: Home, spaces: Any, kinds: Any) -> bool:
    return any(home["board"][n] in kinds for s in spaces for n in neighbours(s))


def has_outdoor(home: Home) -> bool:
    return any(k in OUTDOOR for k in home["board"])


def forest_twins(home: Home) -> list[tuple[int, int]]:
    """Meadow/field twin tiles: two free forest spaces; the first outdoor tile covers the space
    at the cave entrance, later ones touch a meadow, field or pasture; the field half never lies
    under a stable (digest §5.3)."""
    first = not has_outdoor(home)
    stables = set(home["stables"])
    out = []
    for meadow, field in _pairs(home, False, True):
        if field in stables:
            continue
        if first and ENTRANCE not in (meadow, field):
            continue
        if not first and not _touches(home, (meadow, field), OUTDOOR):
            continue
        out.append((meadow, field))
    return out


def cave_twins(home: Home, ordered: bool = True) -> list[tuple[int, int]]:
    """Cavern/tunnel (or cavern/cavern) twin tiles: two free mountain spaces next to the cave
    (digest §5.2)."""
    return [
        (a, b)
        for a, b in _pairs(home, True, ordered)
        if _touches(home, (a, b), ("cavern", "tunnel", "deep_tunnel", "ore_mine", "ruby_mine"))
    ]


def single_spots(home: Home, tile: str) -> list[int]:
    """Single tiles bought with rubies or taken as loot: a tunnel or cavern continues the cave,
    a meadow or field touches an outdoor tile or else covers the entrance space (digest §5.2,
    §5.3, §7.6)."""
    if tile in ("tunnel", "cavern"):
        return [
            s
            for s in INNER
            if is_mountain(s)
            and home["board"][s] is None
            and _touches(home, (s,), ("cavern", "tunnel", "deep_tunnel", "ore_mine", "ruby_mine"))
        ]
    stables = set(home["stables"])
    free = [
        s
        for s in INNER
        if not is_mountain(s)
        and home["board"][s] is None
        and not (tile == "field" and s in stables)
    ]
    if not has_outdoor(home):
        return [s for s in free if s == ENTRANCE]
    return [s for s in free if _touches(home, (s,), OUTDOOR)]


def ore_mine_spots(home: Home) -> list[tuple[int, int]]:
    """Two adjacent ordinary tunnels: the ore mine half, then the deep tunnel half
    (digest §5.2, EX-12)."""
    board, furn = home["board"], home["furn"]
    tunnels = [s for s, k in enumerate(board) if k == "tunnel" and str(s) not in furn]
    return [(a, b) for a in tunnels for b in neighbours(a) if b in tunnels]


def ruby_mine_spots(home: Home, deep: bool) -> list[int]:
    """An unfurnished ordinary tunnel, or a deep tunnel (digest §5.2, EX-11)."""
    kind = "deep_tunnel" if deep else "tunnel"
    return [s for s, k in enumerate(home["board"]) if k == kind and str(s) not in home["furn"]]


def stable_spots(home: Home) -> list[int]:
    """Forest, meadow or pasture spaces without a stable; never fields or the mountain
    (digest §8.3)."""
    stables = set(home["stables"])
    return [
        s
        for s in INNER
        if not is_mountain(s)
        and s not in stables
        and home["board"][s] in (None, "meadow", "small_pasture", "large_pasture")
    ]


def small_pasture_spots(home: Home) -> list[int]:
    """A meadow to fence (digest §8.2)."""
    return [s for s, k in enumerate(home["board"]) if k == "meadow"]


def large_pasture_spots(home: Home) -> list[tuple[int, int]]:
    """Two adjacent meadows, smaller space first (digest §8.2)."""
    meadows = small_pasture_spots(home)
    return [(a, b) for a in meadows for b in neighbours(a) if b > a and b in meadows]


def furnish_spots(home: Home, tile: str) -> list[int]:
    """Unfurnished caverns; with the Work room also tunnels and deep tunnels (not for the Work
    room itself); the Trader and the Spare part storage may cover each other (pack §1.3)."""
    kinds: tuple[str, ...] = ("cavern",)
    if owns(home, "work_room") and tile != "work_room":
        kinds = ("cavern", "tunnel", "deep_tunnel")
    out = [s for s, k in enumerate(home["board"]) if k in kinds and str(s) not in home["furn"]]
    other = FURNISHINGS.get(tile, {}).get("overbuilds")
    if other and owns(home, other):
        out += [int(s) for s, t in home["furn"].items() if t == other]
    return out


def sow_spots(home: Home) -> list[int]:
    """Fields with nothing on them (digest §4.4)."""
    return [s for s, k in enumerate(home["board"]) if k == "field" and str(s) not in home["crops"]]
