"""Fences and pastures on a grid (agricola digest §5.8, D-29; used by Caverna with its own board).

Fences are a set of edge strs (see :mod:`.grid`). A *pasture* is a maximal set of spaces that are
enclosed (no path from outside the board without crossing a fence) and connected to each other
without crossing a fence. Board edges are not fences: a border side needs a fence too (§5.8 rule 3).

The fence action is drawn pasture by pasture, space by space: the player grows a *region* with
:func:`extendable_spaces`, then closes it, which adds :func:`new_fences_needed`. A region may be
closed when :func:`region_problem` is None; then the layout stays legal (:func:`layout_problems`
is empty), and every legal layout can be built this way. :func:`can_reach_closable` tells which
drawing steps can still be finished with the fences and wood at hand.

Engine choices the digest leaves open, made here:

* A fence is *dangling* unless it separates a pasture from something else (another pasture, a
  space outside every pasture, or the edge of the board). A fence with the same pasture on both
  sides is dangling too: it encloses nothing (§5.8 rule 4, [INFERRED]).
* Closing a region may enclose free spaces that the region surrounds (a ring round a space):
  those become a pasture of their own, built by the same fences. If such a space is blocked (a
  room or a field) the region is refused with ``pasture_on_blocked_space`` (§5.8 rule 6).
* A region must be orthogonally connected, and also connected without crossing an existing fence
  (the second only fails on a layout that already has dangling fences).

Everything is cached on (grid, frozenset) keys; results are fresh lists, safe to mutate.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from .grid import Geometry, Grid, flood, geometry, mask_spaces, space_mask

_CACHE = 4096


# -- fence sets and the pastures they make ------------------------------------------------------


@lru_cache(maxsize=_CACHE)
def _fence_mask(grid: Grid, fences: frozenset) -> int:
    index = geometry(grid).edge_index
    mask = 0
    for edge in fences:
        try:
            mask |= 1 << index[edge]
        except (KeyError, TypeError):
            raise ValueError(
                f"{edge!r} is not an edge of a {grid.rows}x{grid.cols} board"
            ) from None
    return mask


class _Layout(NamedTuple):
    adjacency: tuple[int, ...]  # per space: neighbours not separated by a fence
    open_border: int  # spaces with an unfenced border edge
    pastures: tuple[int, ...]  # pasture masks, sorted by lowest space
    pasture_of: tuple[int, ...]  # per space: index into pastures, or -1
    fenced: int  # union of the pastures


@lru_cache(maxsize=_CACHE)
def _layout(grid: Grid, fmask: int) -> _Layout:
    geo = geometry(grid)
    links = [0] * (grid.rows * grid.cols)
    for a, b, i in geo.links:
        if not fmask >> i & 1:
            links[a] |= 1 << b
            links[b] |= 1 << a
    adjacency = tuple(links)
    open_border = 0
    for s, border in enumerate(geo.border_edge_mask):
        if border & ~fmask:
            open_border |= 1 << s
    outside = flood(open_border, adjacency, geo.all_spaces)
    left = geo.all_spaces & ~outside
    pastures = []
    while left:
        component = flood(left & -left, adjacency, left)
        pastures.append(component)
        left &= ~component
    pasture_of = [-1] * (grid.rows * grid.cols)
    for k, p in enumerate(pastures):
        for s in mask_spaces(p):
            pasture_of[s] = k
    return _Layout(
        adjacency, open_border, tuple(pastures), tuple(pasture_of), geo.all_spaces & ~outside
    )


def _state(grid: Grid, fences: Iterable[str]) -> tuple[int, _Layout]:
    fmask = _fence_mask(grid, frozenset(fences))
    return fmask, _layout(grid, fmask)


def pastures(grid: Grid, fences: Iterable[str]) -> list[list[int]]:
    """Every pasture, each a sorted list of spaces; the list sorted by first space
    (agricola digest §5.8 rules 3 and 9)."""
    return [mask_spaces(p) for p in _state(grid, fences)[1].pastures]


def pasture_index(grid: Grid, fences: Iterable[str]) -> dict[int, int]:
    """Map each fenced space to the index of its pasture in :func:`pastures` (digest §5.8, §5.9)."""
    return {s: k for s, k in enumerate(_state(grid, fences)[1].pasture_of) if k >= 0}


def fenced_spaces(grid: Grid, fences: Iterable[str]) -> list[int]:
    """The spaces inside some pasture, sorted: they count as used (agricola digest §5.8 rule 10)."""
    return mask_spaces(_state(grid, fences)[1].fenced)


# -- regions ------------------------------------------------------------------------------------


def _boundary(geo: Geometry, rmask: int) -> int:
    # An edge shared by two region spaces appears twice and cancels; boundary edges appear once.
    bnd = 0
    m = rmask
    while m:
        low = m & -m
        bnd ^= geo.space_edge_mask[low.bit_length() - 1]
        m ^= low
    return bnd


def _edge_set(geo: Geometry, emask: int) -> frozenset[str]:
    return frozenset(geo.edges[i] for i in mask_spaces(emask))


@lru_cache(maxsize=_CACHE)
def _enclosing(grid: Grid, region: frozenset) -> frozenset:
    geo = geometry(grid)
    return _edge_set(geo, _boundary(geo, space_mask(grid, region)))


def enclosing_edges(grid: Grid, region: Iterable[int]) -> frozenset[str]:
    """All edges on the boundary of ``region``: between a region space and a non-region space, or
    on the board border (agricola digest §5.8 rules 2-3)."""
    return _enclosing(grid, frozenset(region))


def new_fences_needed(grid: Grid, region: Iterable[int], fences: Iterable[str]) -> frozenset[str]:
    """``enclosing_edges(region)`` minus existing fences: what building this pasture costs
    (agricola digest §5.8 rules 1 and 9)."""
    return enclosing_edges(grid, region) - frozenset(fences)


def _encloses_blocked(layout: _Layout, rmask: int, bmask: int) -> bool:
    # Closing the region fences every edge around it; a free space is then enclosed when it can no
    # longer reach an open border edge. Only blocked spaces outside the pastures matter.
    targets = bmask & ~layout.fenced & ~rmask
    if not targets & ~layout.open_border:
        return False
    reach = flood(layout.open_border & ~rmask, layout.adjacency, ~rmask)
    return bool(targets & ~reach)


def _problem(grid: Grid, layout: _Layout, rmask: int, bmask: int) -> str | None:
    if not rmask:
        return "pasture_empty"
    geo = geometry(grid)
    if flood(rmask & -rmask, geo.neighbour_mask, rmask) != rmask:
        return "pasture_not_connected"
    if rmask & bmask:
        return "pasture_on_blocked_space"
    inside = {layout.pasture_of[s] for s in mask_spaces(rmask)}
    if len(inside) > 1:
        return "pasture_overlaps"
    if flood(rmask & -rmask, layout.adjacency, rmask) != rmask:
        # Split by an existing fence: only possible on a layout that already has dangling fences.
        return "pasture_not_connected"
    (k,) = inside
    if k >= 0:
        return "pasture_already_exists" if layout.pastures[k] == rmask else None
    if layout.fenced:
        touching = 0
        for s in mask_spaces(rmask):
            touching |= geo.neighbour_mask[s]
        if not touching & layout.fenced:
            return "pasture_not_adjacent"
    if _encloses_blocked(layout, rmask, bmask):
        return "pasture_on_blocked_space"
    return None


def region_problem(
    grid: Grid, region: Iterable[int], fences: Iterable[str], blocked: Iterable[int]
) -> str | None:
    """Why ``region`` cannot be fenced as ONE new pasture now, as an error code, or None if it can
    (agricola digest §5.8 rules 3-6 and 9, D-29).

    Codes, checked in this order: "pasture_empty" (no spaces), "pasture_not_connected",
    "pasture_on_blocked_space" (a blocked space: room or field; stables are NOT blocked; also
    when closing would enclose a blocked space the region surrounds), "pasture_overlaps" (part
    inside an existing pasture and part outside, or inside several pastures),
    "pasture_already_exists" (exactly equal to an existing pasture), "pasture_not_adjacent"
    (entirely outside existing pastures while pastures exist, and sharing no edge with any of
    them, even when a space it surrounds would link them: fencing that space first gives the
    same fences). A region strictly inside one existing pasture is fine: fencing it SUBDIVIDES
    that pasture (§5.8 rule 9)."""
    _, layout = _state(grid, fences)
    return _problem(grid, layout, space_mask(grid, region), space_mask(grid, blocked))


def dangling_fences(grid: Grid, fences: Iterable[str]) -> list[str]:
    """The fences that enclose nothing, sorted: no pasture on either side, or the same pasture on
    both sides (agricola digest §5.8 rule 4, D-29)."""
    fence_set = frozenset(fences)
    _, layout = _state(grid, fence_set)
    return sorted(_dangling(grid, fence_set, layout))


def _dangling(grid: Grid, fence_set: frozenset, layout: _Layout) -> list[str]:
    geo = geometry(grid)
    out = []
    for edge in fence_set:
        sides = [layout.pasture_of[s] for s in geo.edge_spaces[geo.edge_index[edge]]]
        if max(sides) < 0 or (len(sides) == 2 and sides[0] == sides[1]):
            out.append(edge)
    return out


def layout_problems(grid: Grid, fences: Iterable[str], blocked: Iterable[int]) -> list[str]:
    """Every reason a whole fence layout is illegal, each code once, in this order (empty list if
    legal; agricola digest §5.8 rules 4-6, D-29): "fence_dangling" (see :func:`dangling_fences`),
    "pasture_on_blocked_space", "pastures_not_connected" (the union of all pasture spaces is not
    orthogonally connected)."""
    fence_set = frozenset(fences)
    _, layout = _state(grid, fence_set)
    bmask = space_mask(grid, blocked)
    problems = []
    if _dangling(grid, fence_set, layout):
        problems.append("fence_dangling")
    if layout.fenced & bmask:
        problems.append("pasture_on_blocked_space")
    fenced = layout.fenced
    if fenced and flood(fenced & -fenced, geometry(grid).neighbour_mask, fenced) != fenced:
        problems.append("pastures_not_connected")
    return problems


def extendable_spaces(
    grid: Grid, region: Iterable[int], fences: Iterable[str], blocked: Iterable[int]
) -> list[int]:
    """Spaces that may be added to a region being drawn, one at a time, sorted (agricola digest
    §5.8, D-29): orthogonally adjacent to the region without crossing a fence (or, for an empty
    region, ANY space), not blocked, not already in the region, and keeping the "all outside
    pastures, or all inside one single pasture" property. Empty if the region already breaks it."""
    _, layout = _state(grid, fences)
    rmask = space_mask(grid, region)
    free = geometry(grid).all_spaces & ~space_mask(grid, blocked) & ~rmask
    if not rmask:
        return mask_spaces(free)
    zone = _zone_of(layout, rmask)
    if zone is None:
        return []
    touching = 0
    for s in mask_spaces(rmask):
        touching |= layout.adjacency[s]
    return mask_spaces(touching & free & zone)


def _zone_of(layout: _Layout, rmask: int) -> int | None:
    inside = {layout.pasture_of[s] for s in mask_spaces(rmask)}
    if len(inside) != 1:
        return None
    (k,) = inside
    return ~layout.fenced if k < 0 else layout.pastures[k]


# -- exhaustive search over closable regions ----------------------------------------------------


@lru_cache(maxsize=256)
def _closable(grid: Grid, fmask: int, bmask: int) -> tuple[tuple[int, int], ...]:
    """Every region with no problem, as (new fences needed, region mask), cheapest first."""
    geo = geometry(grid)
    layout = _layout(grid, fmask)
    adjacency, edge_masks = layout.adjacency, geo.space_edge_mask
    free = geo.all_spaces & ~bmask
    found: list[tuple[int, int]] = []
    zones = [(free & ~layout.fenced, -1)]
    zones += [(p & free, k) for k, p in enumerate(layout.pastures)]
    for zone, k in zones:
        if not zone:
            continue
        subsets: list[tuple[int, int, int]] = []

        def grow(sub: int, bnd: int, near: int, cand: int, forbidden: int) -> None:
            subsets.append((sub, bnd, near))  # noqa: B023 (called in this iteration only)
            while cand:
                low = cand & -cand
                cand ^= low
                i = low.bit_length() - 1
                grow(
                    sub | low,
                    bnd ^ edge_masks[i],
                    near | geo.neighbour_mask[i],
                    cand | (adjacency[i] & zone & ~forbidden & ~sub & ~low),  # noqa: B023
                    forbidden,
                )
                forbidden |= low

        m = zone
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            grow(
                low,
                edge_masks[i],
                geo.neighbour_mask[i],
                adjacency[i] & zone & ~(2 * low - 1),
                2 * low - 1,
            )
        if k >= 0:
            whole = layout.pastures[k]
            found += [((bnd & ~fmask).bit_count(), sub) for sub, bnd, _ in subsets if sub != whole]
        else:
            fenced = layout.fenced
            for sub, bnd, near in subsets:
                if fenced and not near & fenced:
                    continue
                if _encloses_blocked(layout, sub, bmask):
                    continue
                found.append(((bnd & ~fmask).bit_count(), sub))
    found.sort()
    return tuple(found)


@lru_cache(maxsize=_CACHE)
def _completion(grid: Grid, fmask: int, bmask: int, rmask: int) -> int | None:
    for cost, sub in _closable(grid, fmask, bmask):
        if sub & rmask == rmask:
            return cost
    return None


def cheapest_completion(
    grid: Grid, region: Iterable[int], fences: Iterable[str], blocked: Iterable[int]
) -> int | None:
    """The fewest new fences of any closable region (``region_problem`` None) that contains
    ``region`` (possibly empty), or None if there is none (agricola digest §5.8, D-29). Every
    such region can be reached from ``region`` by adding spaces one by one with
    :func:`extendable_spaces`. Exact: searches every connected region; cached."""
    fmask, _ = _state(grid, fences)
    return _completion(grid, fmask, space_mask(grid, blocked), space_mask(grid, region))


def cheapest_pasture(grid: Grid, fences: Iterable[str], blocked: Iterable[int]) -> int | None:
    """The fewest new fences any legal new pasture (``region_problem`` None) needs, or None if no
    region is legal at all (agricola digest §5.8, D-29). Exact and cached."""
    return cheapest_completion(grid, (), fences, blocked)


def can_reach_closable(
    grid: Grid,
    region: Iterable[int],
    fences: Iterable[str],
    blocked: Iterable[int],
    fences_left: int,
    wood: int,
) -> bool:
    """True if ``region`` (possibly empty) can be extended (adding spaces one by one via
    :func:`extendable_spaces`) into some region with ``region_problem`` None whose
    ``new_fences_needed`` has at most ``min(fences_left, wood)`` edges (agricola digest §5.8
    rules 1 and 7, D-29). Exact; cached. Used to offer only drawing steps that can be finished."""
    cost = cheapest_completion(grid, region, fences, blocked)
    return cost is not None and cost <= min(fences_left, wood)


def closable_regions(
    grid: Grid, fences: Iterable[str], blocked: Iterable[int]
) -> list[tuple[int, list[int]]]:
    """Every region that may be closed now, as (new fences needed, sorted spaces), cheapest first
    (agricola digest §5.8, D-29). Mostly for tests and tools; the search behind
    :func:`cheapest_completion`."""
    fmask, _ = _state(grid, fences)
    found = _closable(grid, fmask, space_mask(grid, blocked))
    return [(cost, mask_spaces(sub)) for cost, sub in found]
