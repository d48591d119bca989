"""Property tests of fences and pastures (agricola digest §5.8, D-29).

The fence action is drawn pasture by pasture: closing a region that ``region_problem`` accepts
must keep the layout legal, and every legal layout must be reachable that way. The exact searches
(``cheapest_pasture``, ``can_reach_closable``) are checked against brute force on small boards.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.common.fences import (
    can_reach_closable,
    cheapest_completion,
    cheapest_pasture,
    closable_regions,
    extendable_spaces,
    layout_problems,
    new_fences_needed,
    pastures,
    region_problem,
)
from domain.common.grid import FARMYARD, Grid

from .farm import GRIDS, ROOMS, blocked_spaces, close, naive_pastures, pasture_layouts, ring

SMALL = (Grid(3, 3), Grid(2, 3), Grid(2, 2), Grid(1, 4))


def all_regions(grid: Grid):
    spaces = list(grid.spaces())
    for k in range(len(spaces) + 1):
        yield from combinations(spaces, k)


@st.composite
def legal_states(draw, grid: Grid):
    """(blocked, fences) of a legal farm: a random pasture layout that layout_problems accepts."""
    blocked = draw(blocked_spaces(grid))
    layout = draw(st.one_of(st.just([]), pasture_layouts(grid, blocked)))
    fences = frozenset().union(*(ring(grid, p) for p in layout)) if layout else frozenset()
    assume(layout_problems(grid, fences, blocked) == [])
    return blocked, fences


# -- pastures against a naive reference -----------------------------------------------------------


@given(st.data())
def test_pastures_match_a_naive_flood_from_outside(data):
    """§5.8 rule 3: a pasture is what cannot be reached from outside without crossing a fence."""
    grid = data.draw(st.sampled_from(GRIDS))
    fences = data.draw(st.sets(st.sampled_from(grid.all_edges())))
    assert pastures(grid, fences) == naive_pastures(grid, fences)


# -- closing legal regions keeps the layout legal ------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_closing_legal_regions_keeps_the_layout_legal(data):
    """§5.8 rules 4-6 and 9, D-29: any sequence of closes that region_problem accepts leaves no
    dangling fence, no pasture on a room or field, and connected pastures; the closed region is a
    pasture afterwards and the fences added are exactly new_fences_needed."""
    grid = data.draw(st.sampled_from(GRIDS))
    blocked = data.draw(blocked_spaces(grid))
    fences: frozenset = frozenset()
    for _ in range(data.draw(st.integers(1, 8))):
        # Draw a region the way a player does: a start anywhere, then extendable spaces.
        options = extendable_spaces(grid, [], fences, blocked)
        if not options:
            break
        region = [data.draw(st.sampled_from(options))]
        for _ in range(data.draw(st.integers(0, len(options)))):
            options = extendable_spaces(grid, region, fences, blocked)
            if not options:
                break
            region.append(data.draw(st.sampled_from(options)))
        if region_problem(grid, region, fences, blocked) is not None:
            continue
        added = new_fences_needed(grid, region, fences)
        before = len(pastures(grid, fences))
        fences = fences | added
        assert added and len(fences) == len(set(fences))
        assert layout_problems(grid, fences, blocked) == []
        assert sorted(region) in pastures(grid, fences)
        assert len(pastures(grid, fences)) > before
        assert region_problem(grid, region, fences, blocked) == "pasture_already_exists"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_closing_any_listed_closable_region_keeps_the_layout_legal(data):
    """D-29: the same, choosing among every region the exhaustive search offers."""
    grid = data.draw(st.sampled_from(GRIDS))
    blocked = data.draw(blocked_spaces(grid))
    fences: frozenset = frozenset()
    for _ in range(data.draw(st.integers(1, 6))):
        found = closable_regions(grid, fences, blocked)
        if not found:
            break
        _, region = data.draw(st.sampled_from(found))
        fences = close(grid, fences, region)
        assert layout_problems(grid, fences, blocked) == []
        assert region in pastures(grid, fences)


# -- every legal layout is reachable --------------------------------------------------------------


def reach_layout(grid: Grid, blocked, target_fences) -> frozenset:
    """Close the target's pastures one by one, breadth-first by adjacency from the first that can
    be closed; a pasture enclosed on the way (a hole) counts as built."""
    target = pastures(grid, target_fences)
    fences: frozenset = frozenset()
    while sorted(pastures(grid, fences)) != sorted(target):
        current = pastures(grid, fences)
        built = {s for p in current for s in p}
        todo = [p for p in target if p not in current]
        # Breadth-first: pastures touching what is built first, then any other.
        todo.sort(key=lambda p: (not any(n in built for s in p for n in grid.neighbours(s)), p))
        for region in todo:
            if region_problem(grid, region, fences, blocked) is None:
                fences = close(grid, fences, region)
                assert layout_problems(grid, fences, blocked) == []
                break
        else:
            pytest.fail(f"stuck at {current}, target {target}")
    return fences


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_legal_layout_can_be_built_pasture_by_pasture(data):
    """§5.8 / D-29: every legal layout (connected, disjoint, unblocked pastures whose union is
    connected) is reached by closing its pastures one by one; the fences end up identical."""
    grid = data.draw(st.sampled_from(GRIDS))
    blocked = data.draw(blocked_spaces(grid))
    layout = data.draw(pasture_layouts(grid, blocked))
    assume(layout)
    target = frozenset().union(*(ring(grid, p) for p in layout))
    problems = layout_problems(grid, target, blocked)
    # A random layout may surround a room or field; then it is not legal.
    assume(problems == [])
    assert reach_layout(grid, blocked, target) == target


def test_region_bridged_only_by_its_hole_is_not_adjacent():
    """§5.8 rule 5: a new pasture must share an edge with an existing one, even if the space it
    surrounds would join them; fencing that space first is allowed and ends with the same fences."""
    grid = Grid(3, 3)
    fences = ring(grid, [1])
    u_shape = [3, 5, 6, 7, 8]
    assert region_problem(grid, u_shape, fences, ()) == "pasture_not_adjacent"
    via_hole = close(grid, close(grid, fences, [4]), u_shape)
    assert region_problem(grid, u_shape, close(grid, fences, [4]), ()) is None
    assert via_hole == fences | ring(grid, u_shape)
    assert pastures(grid, via_hole) == [[1], [3, 5, 6, 7, 8], [4]]


def test_layout_with_two_holes_is_reachable():
    """§5.8 rule 9: a pasture with two 1-space pastures in it: closing the outer one after one
    hole encloses the other hole too; the result is the same fences."""
    holes = [6, 8]
    outer = [s for s in FARMYARD.spaces() if s not in holes]
    target = ring(FARMYARD, outer)
    assert pastures(FARMYARD, target) == [outer, [6], [8]]
    assert reach_layout(FARMYARD, (), target) == target


# -- semantic oracle for region_problem -----------------------------------------------------------


def closes_cleanly(grid: Grid, region, fences, blocked) -> bool:
    """Oracle: closing the region makes it a new pasture and leaves a legal layout, and (rule 5,
    step by step) the region touches or lies in an existing pasture, if there is one. The last
    condition matters only for a region whose closing encloses a hole that bridges it to the
    pastures: the spec refuses it ("pasture_not_adjacent"); fencing the hole first gives the same
    fences."""
    region = sorted(set(region))
    if not region or region in pastures(grid, fences):
        return False
    fenced = {s for p in pastures(grid, fences) for s in p}
    if fenced and not any(s in fenced or set(grid.neighbours(s)) & fenced for s in region):
        return False
    after = close(grid, fences, region)
    return region in pastures(grid, after) and layout_problems(grid, after, blocked) == []


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_region_problem_is_none_exactly_when_closing_is_clean_small_boards(data):
    """§5.8 / D-29: on a legal farm, region_problem accepts a region exactly when closing it yields
    that region as a new pasture in a legal layout (every region of small boards)."""
    grid = data.draw(st.sampled_from(SMALL))
    blocked, fences = data.draw(legal_states(grid))
    for region in all_regions(grid):
        accepted = region_problem(grid, region, fences, blocked) is None
        assert accepted == closes_cleanly(grid, region, fences, blocked), region


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_region_problem_is_none_exactly_when_closing_is_clean_farmyard(data):
    """§5.8 / D-29: the same on the 3x5 farmyard, for sampled regions."""
    blocked, fences = data.draw(legal_states(FARMYARD))
    for _ in range(20):
        region = data.draw(st.sets(st.integers(0, 14), max_size=8))
        accepted = region_problem(FARMYARD, region, fences, blocked) is None
        assert accepted == closes_cleanly(FARMYARD, region, fences, blocked), region


# -- exact searches against brute force ----------------------------------------------------------


def brute_completion(grid: Grid, region, fences, blocked):
    region = set(region)
    costs = [
        len(new_fences_needed(grid, r, fences))
        for r in all_regions(grid)
        if region <= set(r) and region_problem(grid, r, fences, blocked) is None
    ]
    return min(costs, default=None)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_cheapest_pasture_matches_brute_force(data):
    """§5.8 rule 1, D-29: cheapest_pasture is the exact minimum over all regions (small boards)."""
    grid = data.draw(st.sampled_from(SMALL + (Grid(4, 3),)))
    blocked, fences = data.draw(legal_states(grid))
    assert cheapest_pasture(grid, fences, blocked) == brute_completion(grid, (), fences, blocked)
    listed = {tuple(r) for _, r in closable_regions(grid, fences, blocked)}
    brute = {r for r in all_regions(grid) if region_problem(grid, r, fences, blocked) is None}
    assert listed == brute


@pytest.mark.parametrize(
    "layout",
    [[], [[3, 4]], [[3], [4], [8, 9]], [[0, 1, 2, 3, 4]], [[1, 2, 3, 6, 8, 11, 12, 13], [7]]],
)
def test_cheapest_pasture_matches_brute_force_on_the_farmyard(layout):
    """§5.8 rule 1, D-29: exact on the 3x5 farmyard with the starting rooms (all 32768 regions)."""
    fences = frozenset().union(*(ring(FARMYARD, p) for p in layout)) if layout else frozenset()
    assert layout_problems(FARMYARD, fences, ROOMS) == []
    listed = {tuple(r): c for c, r in closable_regions(FARMYARD, fences, ROOMS)}
    brute = {
        r: len(new_fences_needed(FARMYARD, r, fences))
        for r in all_regions(FARMYARD)
        if region_problem(FARMYARD, r, fences, ROOMS) is None
    }
    assert listed == brute
    assert cheapest_pasture(FARMYARD, fences, ROOMS) == min(brute.values())


def reachable_by_drawing(grid: Grid, region, fences, blocked):
    """Every region reachable from ``region`` by adding extendable spaces one at a time."""
    start = frozenset(region)
    seen, todo = {start}, deque([start])
    while todo:
        current = todo.popleft()
        for s in extendable_spaces(grid, current, fences, blocked):
            grown = current | {s}
            if grown not in seen:
                seen.add(grown)
                todo.append(grown)
    return seen


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_can_reach_closable_matches_drawing_step_by_step(data):
    """§5.8 rules 1 and 7, D-29: can_reach_closable is True exactly when some region reachable by
    drawing (extendable_spaces) can be closed within min(fences_left, wood)."""
    grid = data.draw(st.sampled_from(SMALL))
    blocked, fences = data.draw(legal_states(grid))
    budget_fences = data.draw(st.integers(0, 12))
    wood = data.draw(st.integers(0, 12))
    starts = [r for r in all_regions(grid) if len(r) <= 2]
    start = data.draw(st.sampled_from(starts))
    reachable = reachable_by_drawing(grid, start, fences, blocked)
    costs = [
        len(new_fences_needed(grid, r, fences))
        for r in reachable
        if region_problem(grid, r, fences, blocked) is None
    ]
    expected = bool(costs) and min(costs) <= min(budget_fences, wood)
    assert can_reach_closable(grid, start, fences, blocked, budget_fences, wood) == expected
    brute = brute_completion(grid, start, fences, blocked)
    assert cheapest_completion(grid, start, fences, blocked) == brute


def test_can_reach_closable_guides_a_whole_fence_action():
    """D-29: offering only steps with can_reach_closable True, a player with 5 wood never gets
    stuck: every offered path can be closed within the budget."""
    fences = ring(FARMYARD, [3, 4])
    left, wood = 15 - len(fences), 5

    def walk(region):
        if (
            region
            and region_problem(FARMYARD, region, fences, ROOMS) is None
            and len(new_fences_needed(FARMYARD, region, fences)) <= min(left, wood)
        ):
            return True
        steps = [
            s
            for s in extendable_spaces(FARMYARD, region, fences, ROOMS)
            if can_reach_closable(FARMYARD, region + [s], fences, ROOMS, left, wood)
        ]
        return bool(steps) and all(walk(region + [s]) for s in steps[:2])

    assert can_reach_closable(FARMYARD, [], fences, ROOMS, left, wood)
    assert walk([])
