"""Test helpers for the farmyard mechanics: board names, a naive reference pasture finder, and
hypothesis strategies for blocked spaces and pasture layouts (agricola digest §1.3, §5.8)."""

from __future__ import annotations

from collections import deque

from hypothesis import strategies as st

from domain.common.fences import enclosing_edges, new_fences_needed
from domain.common.grid import FARMYARD, Grid

#: Agricola farmyard, 3 x 5 (digest §1.3, D-36):
#:    0  1  2  3  4
#:    5  6  7  8  9
#:   10 11 12 13 14
#: The starting rooms are on the left column, middle and bottom rows (§1.3 NOTE).
ROOMS = (5, 10)

GRIDS = (FARMYARD, Grid(3, 3), Grid(2, 3), Grid(4, 3), Grid(1, 4), Grid(2, 2))


def close(grid: Grid, fences, region) -> frozenset:
    """The fences after closing ``region`` (what a fence action does, §5.8)."""
    return frozenset(fences) | new_fences_needed(grid, region, fences)


def ring(grid: Grid, region) -> frozenset:
    """The fences of a lone pasture ``region``."""
    return enclosing_edges(grid, region)


def naive_pastures(grid: Grid, fences) -> list[list[int]]:
    """Reference: flood from a virtual 'outside' node over unfenced edges, by edge strings only."""
    fences = set(fences)
    outside = "out"
    graph: dict = {s: set() for s in grid.spaces()}
    graph[outside] = set()
    for edge in grid.all_edges():
        if edge in fences:
            continue
        sides = grid.spaces_of_edge(edge)
        a, b = (sides[0], outside) if len(sides) == 1 else sides
        graph[a].add(b)
        graph[b].add(a)

    def component(start):
        seen, todo = {start}, deque([start])
        while todo:
            for n in graph[todo.popleft()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    reached = component(outside)
    out, done = [], set(reached)
    for s in grid.spaces():
        if s not in done:
            comp = component(s)
            done |= comp
            out.append(sorted(comp))
    return sorted(out)


@st.composite
def blocked_spaces(draw, grid: Grid, max_size: int = 4) -> frozenset:
    """A random set of blocked spaces (rooms and fields)."""
    spaces = list(grid.spaces())
    return frozenset(
        draw(
            st.lists(st.sampled_from(spaces), max_size=min(max_size, len(spaces) - 1), unique=True)
        )
    )


@st.composite
def pasture_layouts(draw, grid: Grid, blocked: frozenset) -> list[list[int]]:
    """A random layout of pastures: connected, disjoint, unblocked regions whose union is
    orthogonally connected (it may still surround free spaces; callers check that)."""
    free = [s for s in grid.spaces() if s not in blocked]
    if not free:
        return []
    union = {draw(st.sampled_from(free))}
    target = draw(st.integers(1, len(free)))
    while len(union) < target:
        frontier = sorted(
            {n for s in union for n in grid.neighbours(s) if n not in union and n not in blocked}
        )
        if not frontier:
            break
        union.add(draw(st.sampled_from(frontier)))
    # Split the union into connected pieces by growing a few seeds in random order.
    members = sorted(union)
    seeds = draw(st.lists(st.sampled_from(members), min_size=1, max_size=len(members), unique=True))
    owner = {s: k for k, s in enumerate(seeds)}
    while len(owner) < len(union):
        frontier = sorted(
            (n, owner[s])
            for s in owner
            for n in grid.neighbours(s)
            if n in union and n not in owner
        )
        n, k = draw(st.sampled_from(frontier))
        owner.setdefault(n, k)
    pieces: dict[int, list[int]] = {}
    for s, k in owner.items():
        pieces.setdefault(k, []).append(s)
    return sorted(sorted(p) for p in pieces.values())
