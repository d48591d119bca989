"""The orthogonal grid of a farmyard (agricola digest §1.3, D-36; Caverna uses other sizes).

A board has ``rows`` x ``cols`` spaces. A *space* is the int ``row * cols + col`` (row 0 is the
top). An *edge* is where a fence can stand, written as a str so that it can go into JSON state:

* ``"h{r},{c}"``: the horizontal edge ABOVE row ``r`` at column ``c`` (``r`` in ``0..rows``;
  ``"h0,c"`` is the top border, ``"h{rows},c"`` the bottom border);
* ``"v{r},{c}"``: the vertical edge LEFT of column ``c`` in row ``r`` (``c`` in ``0..cols``;
  ``"v{r},0"`` is the left border, ``"v{r},{cols}"`` the right border).

Nothing here knows a title's numbers: the board size is a parameter (:data:`FARMYARD` is the
Agricola farmyard). Bad spaces or edge strings are programming errors and raise ``ValueError``.
The geometry of each board is computed once and cached (:func:`geometry`), including bitmask
tables that :mod:`.fences` uses on its hot paths.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .i18n import gettext

_SIDES = ("n", "e", "s", "w")


@dataclass(frozen=True)
class Grid:
    """A rectangular board of ``rows`` x ``cols`` spaces (agricola digest §1.3)."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        for name in ("rows", "cols"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"a grid needs a positive int {name}, not {value!r}")

    # -- spaces -------------------------------------------------------------------------------

    def spaces(self) -> range:
        """Every space of the board, in reading order (agricola digest §1.3)."""
        return range(self.rows * self.cols)

    def on_board(self, space: int) -> bool:
        """True if ``space`` is an int naming a space of this board (agricola digest §1.3)."""
        return (
            isinstance(space, int)
            and not isinstance(space, bool)
            and 0 <= space < self.rows * self.cols
        )

    def rc(self, space: int) -> tuple[int, int]:
        """The (row, column) of ``space``, both 0-based (agricola digest §1.3)."""
        self._check_space(space)
        return divmod(space, self.cols)

    def space(self, row: int, col: int) -> int:
        """The space at (row, column), both 0-based; ValueError off the board (digest §1.3)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"({row}, {col}) is not on a {self.rows}x{self.cols} board")
        return row * self.cols + col

    def neighbours(self, space: int) -> tuple[int, ...]:
        """The orthogonal neighbours of ``space``, sorted (agricola digest §5.8 rule 5)."""
        self._check_space(space)
        return geometry(self).neighbours[space]

    def label(self, space: int) -> str:
        """``space`` for a sentence, 1-based: "row 2, column 3" (agricola digest §1.3)."""
        row, col = self.rc(space)
        return gettext("row {row}, column {column}").format(row=row + 1, column=col + 1)

    # -- edges --------------------------------------------------------------------------------

    def edges(self, space: int) -> dict[str, str]:
        """The four edges around ``space``: {"n", "e", "s", "w"} -> edge (agricola digest §5.8)."""
        self._check_space(space)
        return dict(zip(_SIDES, geometry(self).space_edges[space]))

    def edge_between(self, a: int, b: int) -> str:
        """The edge between two orthogonally adjacent spaces; ValueError otherwise (digest §5.8)."""
        if b not in self.neighbours(a):
            self._check_space(b)
            raise ValueError(f"spaces {a} and {b} are not orthogonally adjacent")
        return geometry(self).between[(min(a, b), max(a, b))]

    def is_edge(self, edge: str) -> bool:
        """True if ``edge`` is a well-formed edge of this board (agricola digest §5.8 rule 2)."""
        try:
            return edge in geometry(self).edge_index
        except TypeError:  # unhashable
            return False

    def spaces_of_edge(self, edge: str) -> tuple[int, ...]:
        """The spaces on either side of ``edge``, sorted: 1 on the border, else 2 (digest §5.8)."""
        return geometry(self).edge_spaces[self._edge_index(edge)]

    def is_border(self, edge: str) -> bool:
        """True if ``edge`` lies on the border of the board (agricola digest §5.8 rules 2-3)."""
        return len(self.spaces_of_edge(edge)) == 1

    def all_edges(self) -> tuple[str, ...]:
        """Every edge of the board: horizontal ones row by row, then vertical ones (digest §5.8)."""
        return geometry(self).edges

    # -- helpers ------------------------------------------------------------------------------

    def _check_space(self, space: int) -> None:
        if not self.on_board(space):
            raise ValueError(f"{space!r} is not a space of a {self.rows}x{self.cols} board")

    def _edge_index(self, edge: str) -> int:
        try:
            return geometry(self).edge_index[edge]
        except (KeyError, TypeError):
            raise ValueError(
                f"{edge!r} is not an edge of a {self.rows}x{self.cols} board"
            ) from None


#: The Agricola farmyard: 3 rows x 5 columns (agricola digest §1.3, D-36).
FARMYARD = Grid(3, 5)


class Geometry(NamedTuple):
    """Precomputed tables of one board. Bitmasks: bit ``s`` = space ``s``; bit ``i`` = edge ``i``
    of :attr:`edges`. Internal to ``domain.common``; read-only."""

    edges: tuple[str, ...]
    edge_index: dict[str, int]
    edge_spaces: tuple[tuple[int, ...], ...]
    space_edges: tuple[tuple[str, str, str, str], ...]  # n, e, s, w
    space_edge_mask: tuple[int, ...]  # the 4 edges of each space
    border_edge_mask: tuple[int, ...]  # the border edges of each space
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]
    links: tuple[tuple[int, int, int], ...]  # (a, b, edge index), a < b
    between: dict[tuple[int, int], str]
    all_spaces: int  # mask of every space


@cache
def geometry(grid: Grid) -> Geometry:
    """The cached tables of ``grid`` (agricola digest §1.3, §5.8)."""
    rows, cols = grid.rows, grid.cols
    edges = tuple(
        [f"h{r},{c}" for r in range(rows + 1) for c in range(cols)]
        + [f"v{r},{c}" for r in range(rows) for c in range(cols + 1)]
    )
    edge_index = {e: i for i, e in enumerate(edges)}
    edge_spaces = []
    for e in edges:
        r, c = (int(x) for x in e[1:].split(","))
        if e[0] == "h":
            sides = [(r - 1, c), (r, c)]
            on = [0 <= rr < rows for rr, _ in sides]
        else:
            sides = [(r, c - 1), (r, c)]
            on = [0 <= cc < cols for _, cc in sides]
        edge_spaces.append(tuple(rr * cols + cc for (rr, cc), ok in zip(sides, on) if ok))
    space_edges, space_edge_mask, border_edge_mask, neighbours, neighbour_mask = [], [], [], [], []
    for s in range(rows * cols):
        r, c = divmod(s, cols)
        four = (f"h{r},{c}", f"v{r},{c + 1}", f"h{r + 1},{c}", f"v{r},{c}")
        space_edges.append(four)
        space_edge_mask.append(sum(1 << edge_index[e] for e in four))
        border_edge_mask.append(
            sum(1 << edge_index[e] for e in four if len(edge_spaces[edge_index[e]]) == 1)
        )
        around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        ns = tuple(sorted(rr * cols + cc for rr, cc in around if 0 <= rr < rows and 0 <= cc < cols))
        neighbours.append(ns)
        neighbour_mask.append(sum(1 << n for n in ns))
    links = tuple((sp[0], sp[1], i) for i, sp in enumerate(edge_spaces) if len(sp) == 2)
    between = {(a, b): edges[i] for a, b, i in links}
    return Geometry(
        edges,
        edge_index,
        tuple(edge_spaces),
        tuple(space_edges),
        tuple(space_edge_mask),
        tuple(border_edge_mask),
        tuple(neighbours),
        tuple(neighbour_mask),
        links,
        between,
        (1 << (rows * cols)) - 1,
    )


def space_mask(grid: Grid, spaces: Iterable[int]) -> int:
    """The bitmask of ``spaces``; ValueError for a space off the board (agricola digest §1.3)."""
    mask = 0
    for s in spaces:
        grid._check_space(s)
        mask |= 1 << s
    return mask


def mask_spaces(mask: int) -> list[int]:
    """The sorted spaces of a bitmask, inverse of :func:`space_mask` (agricola digest §1.3)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def flood(start: int, adjacency: tuple[int, ...], within: int) -> int:
    """The mask reachable from mask ``start`` through ``adjacency`` (per-space neighbour masks),
    staying inside mask ``within`` (agricola digest §5.8 rule 5)."""
    reach = frontier = start & within
    while frontier:
        grow = 0
        while frontier:
            low = frontier & -frontier
            grow |= adjacency[low.bit_length() - 1]
            frontier ^= low
        frontier = grow & within & ~reach
        reach |= frontier
    return reach


def is_connected(grid: Grid, spaces: Iterable[int]) -> bool:
    """True if ``spaces`` are orthogonally connected; False when empty (digest §5.8 rule 5)."""
    mask = space_mask(grid, spaces)
    if not mask:
        return False
    return flood(mask & -mask, geometry(grid).neighbour_mask, mask) == mask
