"""The orthogonal grid (agricola digest §1.3, D-36; fence positions §5.8 rule 2)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.common.grid import FARMYARD, Grid, is_connected

from .farm import GRIDS


def test_farmyard_is_three_rows_of_five_spaces():
    """§1.3 / D-36: the Agricola farmyard has 15 spaces in 3 rows and 5 columns."""
    assert (FARMYARD.rows, FARMYARD.cols) == (3, 5)
    assert list(FARMYARD.spaces()) == list(range(15))


def test_space_numbering_is_row_major_from_the_top():
    """§1.3: a space is row * cols + col, row 0 at the top."""
    assert FARMYARD.space(0, 0) == 0
    assert FARMYARD.space(1, 2) == 7
    assert FARMYARD.space(2, 4) == 14
    assert FARMYARD.rc(7) == (1, 2)
    assert FARMYARD.rc(14) == (2, 4)


@pytest.mark.parametrize("row, col", [(-1, 0), (3, 0), (0, 5), (0, -1)])
def test_space_off_the_board_is_refused(row, col):
    """§1.3: only the 15 farmyard spaces exist."""
    with pytest.raises(ValueError):
        FARMYARD.space(row, col)


@pytest.mark.parametrize("bad", [-1, 15, "3", 2.0, True, None])
def test_bad_space_numbers_raise(bad):
    """§1.3: spaces are ints on the board."""
    assert not FARMYARD.on_board(bad)
    with pytest.raises(ValueError):
        FARMYARD.rc(bad)
    with pytest.raises(ValueError):
        FARMYARD.neighbours(bad)


@pytest.mark.parametrize("rows, cols", [(0, 5), (3, 0), (-1, 2), (True, 3), (2.5, 3)])
def test_grid_needs_positive_dimensions(rows, cols):
    """§1.3: a board has at least one space."""
    with pytest.raises(ValueError):
        Grid(rows, cols)


def test_neighbours_are_orthogonal_and_sorted():
    """§5.8 rule 5: connection is orthogonal, never diagonal."""
    assert FARMYARD.neighbours(0) == (1, 5)
    assert FARMYARD.neighbours(4) == (3, 9)
    assert FARMYARD.neighbours(7) == (2, 6, 8, 12)
    assert FARMYARD.neighbours(10) == (5, 11)
    assert Grid(1, 1).neighbours(0) == ()


def test_edges_of_a_space_use_the_documented_names():
    """§5.8 rule 2: "h{r},{c}" is above row r, "v{r},{c}" is left of column c."""
    assert FARMYARD.edges(0) == {"n": "h0,0", "e": "v0,1", "s": "h1,0", "w": "v0,0"}
    assert FARMYARD.edges(14) == {"n": "h2,4", "e": "v2,5", "s": "h3,4", "w": "v2,4"}
    assert FARMYARD.edges(7) == {"n": "h1,2", "e": "v1,3", "s": "h2,2", "w": "v1,2"}


def test_edges_returns_a_fresh_dict():
    """Results are safe to change: the cached geometry is not."""
    FARMYARD.edges(0)["n"] = "spoiled"
    assert FARMYARD.edges(0)["n"] == "h0,0"


def test_border_edges_touch_one_space_inner_edges_two():
    """§5.8 rules 2-3: fences also stand on the board border; a border side needs a fence."""
    assert FARMYARD.spaces_of_edge("h0,2") == (2,)
    assert FARMYARD.spaces_of_edge("h3,2") == (12,)
    assert FARMYARD.spaces_of_edge("v1,0") == (5,)
    assert FARMYARD.spaces_of_edge("v1,5") == (9,)
    assert FARMYARD.spaces_of_edge("h1,2") == (2, 7)
    assert FARMYARD.spaces_of_edge("v1,3") == (7, 8)
    assert FARMYARD.is_border("h0,0") and FARMYARD.is_border("v2,5")
    assert not FARMYARD.is_border("h2,0") and not FARMYARD.is_border("v0,1")


def test_farmyard_has_38_fence_positions_of_which_16_on_the_border():
    """§5.8 rule 2: 4x5 horizontal + 3x6 vertical edges; 2x5 + 2x3 border edges."""
    edges = FARMYARD.all_edges()
    assert len(edges) == len(set(edges)) == 38
    assert sum(FARMYARD.is_border(e) for e in edges) == 16
    assert edges[0] == "h0,0" and edges[-1] == "v2,5"


@pytest.mark.parametrize(
    "bad",
    [
        "h4,0",
        "h0,5",
        "v0,6",
        "v3,0",
        "x1,1",
        "h1, 1",
        "h-1,0",
        "",
        "h1",
        "h01,1",
        None,
        7,
        ["h0,0"],
    ],
)
def test_malformed_or_off_board_edges_raise(bad):
    """§5.8 rule 2: only real edge positions exist."""
    assert not FARMYARD.is_edge(bad)
    with pytest.raises(ValueError):
        FARMYARD.spaces_of_edge(bad)
    with pytest.raises(ValueError):
        FARMYARD.is_border(bad)


def test_edge_between_adjacent_spaces():
    """§5.8 rule 2: a fence between two spaces is the edge they share."""
    assert FARMYARD.edge_between(7, 8) == "v1,3"
    assert FARMYARD.edge_between(8, 7) == "v1,3"
    assert FARMYARD.edge_between(2, 7) == "h1,2"
    assert FARMYARD.edge_between(7, 2) == "h1,2"


@pytest.mark.parametrize("a, b", [(7, 9), (0, 6), (4, 5), (3, 3), (0, 15), (-1, 0)])
def test_edge_between_non_adjacent_spaces_raises(a, b):
    """§5.8 rule 5: only orthogonally adjacent spaces share an edge (4 and 5 are on two rows)."""
    with pytest.raises(ValueError):
        FARMYARD.edge_between(a, b)


def test_labels_are_one_based_for_sentences():
    """§1.3: spaces are named for players, 1-based."""
    assert FARMYARD.label(0) == "row 1, column 1"
    assert FARMYARD.label(7) == "row 2, column 3"
    assert FARMYARD.label(14) == "row 3, column 5"


@pytest.mark.parametrize("grid", GRIDS, ids=str)
def test_geometry_is_consistent_on_every_board_size(grid):
    """§1.3 / §5.8: every space's four edges name it back; neighbours share exactly one edge."""
    all_edges = set(grid.all_edges())
    assert len(all_edges) == (grid.rows + 1) * grid.cols + grid.rows * (grid.cols + 1)
    seen = set()
    for s in grid.spaces():
        four = grid.edges(s)
        assert set(four) == {"n", "e", "s", "w"}
        for edge in four.values():
            assert edge in all_edges and s in grid.spaces_of_edge(edge)
            seen.add(edge)
        for n in grid.neighbours(s):
            edge = grid.edge_between(s, n)
            assert grid.spaces_of_edge(edge) == tuple(sorted((s, n)))
            assert not grid.is_border(edge)
            assert s in grid.neighbours(n)
        borders = sum(grid.is_border(e) for e in four.values())
        assert borders == 4 - len(grid.neighbours(s))
    assert seen == all_edges


def test_geometry_results_are_json_clean():
    """Architecture: everything that goes into state is JSON-clean (strs, ints, lists)."""
    payload = {
        "edges": list(FARMYARD.all_edges()),
        "four": FARMYARD.edges(3),
        "sides": list(FARMYARD.spaces_of_edge("v1,3")),
    }
    assert json.loads(json.dumps(payload)) == payload


def test_grid_is_hashable_and_equal_by_size():
    """Grids are cache keys."""
    assert Grid(3, 5) == FARMYARD and hash(Grid(3, 5)) == hash(FARMYARD)
    assert Grid(5, 3) != FARMYARD


def test_is_connected():
    """§5.8 rule 5: orthogonal connectivity; an empty set is not connected."""
    assert not is_connected(FARMYARD, [])
    assert is_connected(FARMYARD, [7])
    assert is_connected(FARMYARD, [0, 1, 2])
    assert is_connected(FARMYARD, iter([3, 8, 13, 12]))
    assert not is_connected(FARMYARD, [0, 2])
    assert not is_connected(FARMYARD, [0, 6])  # diagonal only
    assert not is_connected(FARMYARD, [4, 5])  # end of one row, start of the next
    with pytest.raises(ValueError):
        is_connected(FARMYARD, [0, 15])


@given(st.sets(st.integers(0, 14)))
def test_is_connected_matches_a_breadth_first_search(spaces):
    """§5.8 rule 5: reference check against a plain search over neighbours()."""
    expected = False
    if spaces:
        start = min(spaces)
        seen, todo = {start}, [start]
        while todo:
            for n in FARMYARD.neighbours(todo.pop()):
                if n in spaces and n not in seen:
                    seen.add(n)
                    todo.append(n)
        expected = seen == spaces
    assert is_connected(FARMYARD, spaces) == expected
