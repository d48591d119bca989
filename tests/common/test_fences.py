"""Fences and pastures (agricola digest §5.8 rules 1-10, D-29; T-03, T-04).

Farmyard numbering (see tests/common/farm.py); rooms on 5 and 10:

     0  1  2  3  4
     5  6  7  8  9
    10 11 12 13 14
"""

from __future__ import annotations

import json

import pytest

from domain.common.fences import (
    can_reach_closable,
    cheapest_completion,
    cheapest_pasture,
    closable_regions,
    dangling_fences,
    enclosing_edges,
    extendable_spaces,
    fenced_spaces,
    layout_problems,
    new_fences_needed,
    pasture_index,
    pastures,
    region_problem,
)
from domain.common.grid import FARMYARD, Grid

from .farm import ROOMS, close, ring

G = FARMYARD


# -- pastures ------------------------------------------------------------------------------------


def test_no_fences_no_pastures():
    """§5.8 rule 3: a pasture is fully enclosed; an open farm has none."""
    assert pastures(G, []) == []
    assert fenced_spaces(G, []) == []
    assert layout_problems(G, [], ROOMS) == []


def test_one_space_pasture_needs_four_fences_even_in_a_corner():
    """§5.8 rule 3: board edges are not fences; a border side needs a fence too."""
    assert enclosing_edges(G, [0]) == {"h0,0", "v0,1", "h1,0", "v0,0"}
    assert pastures(G, ring(G, [0])) == [[0]]
    three_sides = ring(G, [0]) - {"h0,0"}
    assert pastures(G, three_sides) == []


def test_pastures_sorted_lists_sorted_by_first_space():
    """§5.8: each pasture a sorted list of spaces, the list sorted by first space."""
    fences = close(G, close(G, ring(G, [9, 4]), [3]), [2])
    assert pastures(G, fences) == [[2], [3], [4, 9]]
    assert pasture_index(G, fences) == {2: 0, 3: 1, 4: 2, 9: 2}
    assert fenced_spaces(G, fences) == [2, 3, 4, 9]


def test_pasture_is_connected_without_crossing_a_fence():
    """§5.8 rule 3: two enclosed areas separated by a fence are two pastures."""
    fences = ring(G, [0, 1]) | {"v0,1"}
    assert pastures(G, fences) == [[0], [1]]


def test_ring_encloses_the_space_it_surrounds():
    """§5.8 rule 3: a space cut off from the outside by fences is enclosed, hence a pasture."""
    ring_spaces = [1, 2, 3, 6, 8, 11, 12, 13]
    fences = ring(G, ring_spaces)
    assert pastures(G, fences) == [[1, 2, 3, 6, 8, 11, 12, 13], [7]]


def test_unknown_fence_raises():
    """§5.8 rule 2: fences stand only on edges of the board."""
    with pytest.raises(ValueError):
        pastures(G, ["h9,9"])
    with pytest.raises(ValueError):
        layout_problems(G, ["v0,6"], [])


def test_results_are_fresh_and_json_clean():
    """Architecture: state is JSON-clean; cached results are not shared with callers."""
    fences = ring(G, [0, 1])
    first = pastures(G, fences)
    first[0].append(99)
    first.append([5])
    assert pastures(G, fences) == [[0, 1]]
    payload = {
        "pastures": pastures(G, fences),
        "fences": sorted(fences),
        "cost": sorted(new_fences_needed(G, [2], fences)),
    }
    assert json.loads(json.dumps(payload)) == payload


def test_inputs_may_be_any_iterable():
    """Callers keep sorted lists in state; sets, tuples and generators work the same."""
    fences = sorted(ring(G, [3, 4]))
    assert pastures(G, iter(fences)) == pastures(G, tuple(fences)) == [[3, 4]]
    assert region_problem(G, (s for s in [2]), iter(fences), iter(ROOMS)) is None


# -- T-03 and T-04 --------------------------------------------------------------------------------


def test_t03_eleven_fences_three_pastures():
    """T-03 (§11, [000 L314]): a 2x2 block as two 1-space pastures above one 2-space pasture
    takes 11 fences: perimeter 8 + 1 vertical divider + 2 horizontal; 4 spaces used, 4 fences
    left."""
    fences: frozenset = frozenset()
    costs = []
    for region in ([3], [4], [8, 9]):
        assert region_problem(G, region, fences, ROOMS) is None
        costs.append(len(new_fences_needed(G, region, fences)))
        fences = close(G, fences, region)
    assert costs == [4, 3, 4]
    assert len(fences) == 11 and 15 - len(fences) == 4
    assert pastures(G, fences) == [[3], [4], [8, 9]]
    assert len(fenced_spaces(G, fences)) == 4
    assert layout_problems(G, fences, ROOMS) == []


def test_t03_same_fences_when_the_block_is_fenced_first_and_then_subdivided():
    """T-03 / §5.8 rule 9: fencing the 2x2 block (8), then subdividing it (2, then 1) uses 11."""
    fences = close(G, frozenset(), [3, 4, 8, 9])
    assert len(fences) == 8
    assert region_problem(G, [8, 9], fences, ROOMS) is None
    fences = close(G, fences, [8, 9])
    assert len(fences) == 10 and pastures(G, fences) == [[3, 4], [8, 9]]
    assert len(new_fences_needed(G, [3], fences)) == 1
    fences = close(G, fences, [3])
    assert len(fences) == 11 and pastures(G, fences) == [[3], [4], [8, 9]]


def test_t04_subdividing_a_two_space_pasture_costs_one_fence():
    """T-04 (§11, [000 §П1.2 L498]) / §5.8 rule 9: one fence splits a 2-space pasture in two
    (capacities are checked in test_housing.py)."""
    fences = ring(G, [3, 4])
    assert region_problem(G, [4], fences, ROOMS) is None
    assert new_fences_needed(G, [4], fences) == {"v0,4"}
    assert pastures(G, close(G, fences, [4])) == [[3], [4]]


def test_subdividing_a_row_in_the_middle_makes_three_pastures():
    """§5.8 rule 9: fencing the middle of a 1x3 pasture leaves both ends enclosed."""
    fences = ring(G, [2, 3, 4])
    assert region_problem(G, [3], fences, ROOMS) is None
    after = close(G, fences, [3])
    assert pastures(G, after) == [[2], [3], [4]]
    assert layout_problems(G, after, ROOMS) == []


# -- region_problem -------------------------------------------------------------------------------


def test_region_problem_codes():
    """§5.8 rules 3-6 and 9: each reason a region cannot be fenced as one new pasture."""
    fences = ring(G, [3, 4])
    assert region_problem(G, [], fences, ROOMS) == "pasture_empty"
    assert region_problem(G, [0, 2], fences, ROOMS) == "pasture_not_connected"
    assert region_problem(G, [0, 6], fences, ROOMS) == "pasture_not_connected"  # diagonal
    assert region_problem(G, [5, 6], fences, ROOMS) == "pasture_on_blocked_space"  # a room
    assert region_problem(G, [2, 3], fences, ROOMS) == "pasture_overlaps"
    assert region_problem(G, [3, 4], fences, ROOMS) == "pasture_already_exists"
    assert region_problem(G, [0, 1], fences, ROOMS) == "pasture_not_adjacent"
    assert region_problem(G, [2], fences, ROOMS) is None
    assert region_problem(G, [8, 9], fences, ROOMS) is None
    assert region_problem(G, [3], fences, ROOMS) is None  # subdivides


def test_region_inside_several_pastures_overlaps():
    """§5.8 rule 9: a new pasture may subdivide one pasture, never join two."""
    fences = close(G, ring(G, [3]), [4])
    assert region_problem(G, [3, 4], fences, ROOMS) == "pasture_overlaps"


def test_first_pasture_may_go_anywhere_free():
    """§5.8 rule 5: the adjacency rule binds only once a pasture exists."""
    for s in G.spaces():
        expected = "pasture_on_blocked_space" if s in ROOMS else None
        assert region_problem(G, [s], [], ROOMS) == expected


def test_pasture_on_a_field_is_refused():
    """§5.8 rule 6 / D-18: fields (blocked) may not be fenced in."""
    field = 7
    assert region_problem(G, [6, 7, 8], [], ROOMS + (field,)) == "pasture_on_blocked_space"
    assert layout_problems(G, ring(G, [7, 8]), [field]) == ["pasture_on_blocked_space"]


def test_pasture_on_a_room_is_refused():
    """§5.8 rule 6: rooms (blocked) may not be fenced in."""
    assert region_problem(G, [10, 11], [], ROOMS) == "pasture_on_blocked_space"
    assert layout_problems(G, ring(G, [5]), ROOMS) == ["pasture_on_blocked_space"]


def test_a_stable_does_not_block_a_pasture():
    """§5.3 / §5.8 rule 6: stables may stand in a pasture, and an unfenced stable may be fenced
    in later; only rooms and fields are blocked."""
    stable = 8
    assert region_problem(G, [stable], [], ROOMS) is None
    fences = ring(G, [stable, 9])
    assert layout_problems(G, fences, ROOMS) == []
    assert pastures(G, fences) == [[8, 9]]


def test_ring_round_a_field_is_refused():
    """§5.8 rule 6: a ring of pasture round a field would fence the field in."""
    ring_spaces = [1, 2, 3, 6, 8, 11, 12, 13]
    assert region_problem(G, ring_spaces, [], ROOMS + (7,)) == "pasture_on_blocked_space"
    assert region_problem(G, ring_spaces, [], ROOMS) is None
    after = close(G, frozenset(), ring_spaces)
    assert pastures(G, after) == [[1, 2, 3, 6, 8, 11, 12, 13], [7]]
    assert layout_problems(G, after, ROOMS) == []


def test_closing_next_to_a_pasture_round_a_field_is_refused():
    """§5.8 rule 6: a new pasture that, with an existing one, cuts a field off is refused."""
    fences = ring(G, [1, 2, 3, 8])  # the field at 7 is then open to the west and south
    blocked = ROOMS + (7,)
    assert region_problem(G, [6, 11, 12], fences, blocked) == "pasture_on_blocked_space"
    assert region_problem(G, [6, 11], fences, blocked) is None
    assert region_problem(G, [12, 13], fences, blocked) is None


def test_rooms_are_not_fences():
    """§5.8 rule 3: a field next to a room is reached from outside through the room's space."""
    fences = ring(G, [0, 1, 2, 7, 12, 11])  # around the field at 6, except via the room at 5
    assert pastures(G, fences) == [[0, 1, 2, 7, 11, 12]]
    assert layout_problems(G, fences, ROOMS + (6,)) == []


def test_off_board_region_raises():
    """§1.3: regions are spaces of the board."""
    with pytest.raises(ValueError):
        region_problem(G, [15], [], [])
    with pytest.raises(ValueError):
        enclosing_edges(G, [-1])


# -- layout_problems ----------------------------------------------------------------------------


def test_dangling_fence_is_illegal():
    """§5.8 rule 4 / D-29: every fence must border an enclosed pasture at the end of the action."""
    fences = ring(G, [3]) | {"h3,0"}
    assert dangling_fences(G, fences) == ["h3,0"]
    assert layout_problems(G, fences, ROOMS) == ["fence_dangling"]
    assert layout_problems(G, ["v1,2", "h1,2"], ROOMS) == ["fence_dangling"]


def test_fence_inside_one_pasture_is_dangling():
    """§5.8 rule 4: a fence with the same pasture on both sides encloses nothing."""
    fences = ring(G, [2, 3, 7, 8]) | {"v0,3"}
    assert pastures(G, fences) == [[2, 3, 7, 8]]
    assert dangling_fences(G, fences) == ["v0,3"]
    assert layout_problems(G, fences, ROOMS) == ["fence_dangling"]


def test_shared_fence_between_two_pastures_is_not_dangling():
    """§5.8 rule 2: a fence may separate two adjacent pastures."""
    fences = close(G, ring(G, [3]), [4])
    assert "v0,4" in fences and dangling_fences(G, fences) == []


def test_disconnected_pastures_are_illegal():
    """§5.8 rule 5: all pastures must be orthogonally connected."""
    fences = ring(G, [0]) | ring(G, [4])
    assert layout_problems(G, fences, ROOMS) == ["pastures_not_connected"]
    diagonal = ring(G, [3]) | ring(G, [9])
    assert layout_problems(G, diagonal, ROOMS) == ["pastures_not_connected"]


def test_every_problem_is_reported_once():
    """D-29: the whole layout is validated; each code appears once, in a fixed order."""
    fences = ring(G, [0]) | ring(G, [4]) | ring(G, [10]) | ring(G, [14]) | {"h2,2", "v1,2"}
    assert layout_problems(G, fences, ROOMS) == [
        "fence_dangling",
        "pasture_on_blocked_space",
        "pastures_not_connected",
    ]


# -- extendable_spaces ----------------------------------------------------------------------------


def test_extendable_from_nothing_is_every_unblocked_space():
    """§5.8: drawing starts anywhere not blocked (inside a pasture it will subdivide)."""
    fences = ring(G, [3, 4])
    assert extendable_spaces(G, [], fences, ROOMS) == [s for s in G.spaces() if s not in ROOMS]


def test_extendable_stays_outside_pastures():
    """§5.8 rule 9: a new pasture is all outside the pastures or all inside one."""
    fences = ring(G, [3, 4])
    assert extendable_spaces(G, [2], fences, ROOMS) == [1, 7]
    assert extendable_spaces(G, [0], fences, ROOMS) == [1]  # 5 is a room
    assert extendable_spaces(G, [1, 2], fences, ROOMS) == [0, 6, 7]


def test_extendable_stays_inside_one_pasture():
    """§5.8 rule 9: when subdividing, the region stays in its pasture."""
    fences = close(G, ring(G, [2, 3, 4, 8]), [7])
    assert pastures(G, fences) == [[2, 3, 4, 8], [7]]
    assert extendable_spaces(G, [3], fences, ROOMS) == [2, 4, 8]
    assert extendable_spaces(G, [2, 3, 4, 8], fences, ROOMS) == []


def test_extendable_is_empty_for_a_region_across_pastures():
    """§5.8 rule 9: a region already mixing inside and outside cannot be repaired by growing."""
    fences = ring(G, [3, 4])
    assert extendable_spaces(G, [2, 3], fences, ROOMS) == []


def test_extendable_never_offers_blocked_spaces():
    """§5.8 rule 6: rooms and fields are never part of a pasture."""
    assert extendable_spaces(G, [11], [], ROOMS + (12,)) == [6]


# -- cheapest_pasture / can_reach_closable ------------------------------------------------------


def test_cheapest_first_pasture_is_four_fences():
    """§5.8 rules 1, 3: a lone 1-space pasture is the cheapest start."""
    assert cheapest_pasture(G, [], ROOMS) == 4


def test_cheapest_next_pasture_reuses_a_shared_fence():
    """§5.8 rule 2: a neighbour pasture reuses the shared fence; a subdivision costs 1."""
    fences = ring(G, [0])
    assert cheapest_pasture(G, fences, ROOMS) == 3
    fences = ring(G, [3, 4])
    assert cheapest_pasture(G, fences, ROOMS) == 1  # subdivide
    assert cheapest_completion(G, [2], fences, ROOMS) == 3
    assert cheapest_completion(G, [1, 2], fences, ROOMS) == 5


def test_cheapest_pasture_none_when_nothing_can_be_fenced():
    """§5.8 rule 6: a farm covered with rooms and fields has no room for a pasture."""
    assert cheapest_pasture(G, [], G.spaces()) is None
    grid = Grid(1, 2)
    assert cheapest_pasture(grid, ring(grid, [0]), [1]) is None  # pasture, field next door


def test_can_reach_closable_respects_fences_left_and_wood():
    """§5.8 rules 1 and 7: each fence costs 1 wood and there are at most 15 fences."""
    fences = ring(G, [3, 4])  # 6 fences built, 9 left
    assert can_reach_closable(G, [2], fences, ROOMS, fences_left=9, wood=3)
    assert not can_reach_closable(G, [2], fences, ROOMS, fences_left=9, wood=2)
    assert not can_reach_closable(G, [2], fences, ROOMS, fences_left=2, wood=9)
    assert can_reach_closable(G, [], fences, ROOMS, fences_left=1, wood=1)  # subdivide
    assert not can_reach_closable(G, [], fences, ROOMS, fences_left=0, wood=5)


def test_can_reach_closable_far_region_needs_a_bridge():
    """§5.8 rule 5: a region not touching the pastures must grow until it does."""
    fences = ring(G, [3, 4])
    # [0] must grow to [0, 1, 2] (8 fences) at least.
    assert cheapest_completion(G, [0], fences, ROOMS) == 7
    assert can_reach_closable(G, [0], fences, ROOMS, 7, 7)
    assert not can_reach_closable(G, [0], fences, ROOMS, 6, 10)


def test_can_reach_closable_false_for_hopeless_regions():
    """§5.8 rules 6 and 9: blocked or mixed regions can never be closed."""
    fences = ring(G, [3, 4])
    assert not can_reach_closable(G, [5], fences, ROOMS, 15, 15)
    assert not can_reach_closable(G, [2, 3], fences, ROOMS, 15, 15)
    assert not can_reach_closable(G, [3, 4], fences, ROOMS, 15, 15)  # already a pasture


def test_closable_regions_are_cheapest_first_and_all_legal():
    """D-29: the search behind cheapest_pasture lists only regions region_problem accepts."""
    fences = ring(G, [3, 4])
    found = closable_regions(G, fences, ROOMS)
    assert [c for c, _ in found] == sorted(c for c, _ in found)
    for cost, region in found:
        assert region_problem(G, region, fences, ROOMS) is None
        assert cost == len(new_fences_needed(G, region, fences))
