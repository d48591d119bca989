"""Score sheets cut into cells: only changes are stored, and any version can be rebuilt."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from projections import sheets


def sheet(counts, winners=None, final=False):
    return {
        "seats": [
            {
                "seat": i,
                "name": f"P{i}",
                "total": sum(c.values()),
                "categories": [
                    {"key": k, "label": k.title(), "count": v, "points": v} for k, v in c.items()
                ],
            }
            for i, c in enumerate(counts)
        ],
        "winners": winners or [0],
        "final": final,
    }


def test_flatten_then_rebuild_is_the_same_sheet():
    s = sheet([{"fields": 2, "pastures": 1}, {"fields": 0, "pastures": 3}], [1])
    assert sheets.rebuild(sheets.flatten(s)) == s


def test_a_fence_changes_only_its_categories_with_their_deltas():
    before = sheet([{"pastures": 0, "used_spaces": 3}, {"pastures": 0, "used_spaces": 2}])
    after = sheet([{"pastures": 1, "used_spaces": 5}, {"pastures": 0, "used_spaces": 2}])
    changed = sheets.diff(sheets.flatten(before), sheets.flatten(after))
    by_cell = {c[0]: c for c in changed}
    assert by_cell["c:0:pastures"][3:] == (1, 1)
    assert by_cell["c:0:used_spaces"][3:] == (2, 2)
    assert "c:1:pastures" not in by_cell and "c:1:used_spaces" not in by_cell
    assert set(by_cell) == {"c:0:pastures", "c:0:used_spaces", "f:0:total"}
    readable = sheets.category_changes(changed)
    assert {(c["key"], c["d_count"]) for c in readable} == {("pastures", 1), ("used_spaces", 2)}


def test_a_removed_category_is_a_tombstone_and_order_is_kept():
    a = sheet([{"x": 1, "y": 2, "z": 3}])
    b = sheet([{"z": 3, "x": 1}])
    rows = [(cell, order, value) for cell, order, value, _, _ in sheets.diff({}, sheets.flatten(a))]
    rows += [
        (cell, order, value)
        for cell, order, value, _, _ in sheets.diff(sheets.flatten(a), sheets.flatten(b))
    ]
    assert sheets.rebuild(sheets.fold_rows(rows)) == b


def test_an_irregular_sheet_is_kept_whole():
    odd = {"seats": "nobody", "note": [1, 2]}
    assert sheets.rebuild(sheets.flatten(odd)) == odd
    empty = {"seats": [{"seat": 0, "categories": []}]}
    assert sheets.rebuild(sheets.flatten(empty)) == empty


counts = st.lists(
    st.dictionaries(
        st.sampled_from(["a", "b", "c", "d"]), st.integers(-5, 20), min_size=0, max_size=4
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(counts, min_size=1, max_size=6))
def test_any_history_of_sheets_replays_from_its_changes(history):
    """Storing only changed cells loses nothing: every version comes back exactly."""
    rows = []
    previous: dict = {}
    for version, c in enumerate(history, start=1):
        s = sheet(c, winners=[version % 2], final=version == len(history))
        cells = sheets.flatten(s)
        rows.extend(
            (version, cell, order, value)
            for cell, order, value, _, _ in sheets.diff(previous, cells)
        )
        previous = cells
        at = sheets.fold_rows(
            (cell, order, value) for v, cell, order, value in rows if v <= version
        )
        assert sheets.rebuild(at) == s


categories = st.lists(
    st.fixed_dictionaries(
        {
            "key": st.sampled_from(["a", "b", "c", "d"]),
            "label": st.just("L"),
            "count": st.one_of(st.none(), st.integers(-3, 9)),
            "points": st.integers(-3, 9),
        }
    ),
    max_size=4,
    unique_by=lambda c: c["key"],
)
seat_dicts = st.fixed_dictionaries(
    {
        "seat": st.integers(0, 3),
        "name": st.sampled_from(["Ann", "Bob"]),
        "total": st.one_of(st.none(), st.integers(-5, 50)),
    },
    optional={"categories": categories, "note": st.none()},
)
any_sheet = st.one_of(
    st.fixed_dictionaries(
        {"seats": st.lists(seat_dicts, max_size=3)},
        optional={
            "winners": st.lists(st.integers(0, 3), max_size=2),
            "final": st.booleans(),
            "extra": st.none(),
        },
    ),
    st.fixed_dictionaries({"seats": st.one_of(st.none(), st.text(max_size=3))}),
)


@settings(max_examples=200, deadline=None)
@given(any_sheet, any_sheet)
def test_the_fast_diff_is_the_cell_diff(old, new):
    slow = sorted(sheets.diff(sheets.flatten(old), sheets.flatten(new)), key=lambda r: r[0])
    fast = sorted(sheets.diff_sheets(old, new), key=lambda r: r[0])
    assert [(c, o, sheets.stored(v), dc, dp) for c, o, v, dc, dp in fast] == [
        (c, o, sheets.stored(v), dc, dp) for c, o, v, dc, dp in slow
    ]
    rows = [
        (c, o, sheets.loaded(sheets.stored(v))) for c, o, v, _, _ in sheets.diff_sheets(None, old)
    ]
    rows += [(c, o, sheets.loaded(sheets.stored(v))) for c, o, v, _, _ in fast]
    assert sheets.rebuild(sheets.fold_rows(rows)) == new


def test_a_null_value_is_not_a_removal():
    a = {"seats": [{"seat": 0, "total": 3}], "winners": [0]}
    b = {"seats": [{"seat": 0, "total": None}], "winners": None}
    rows = [
        (c, o, sheets.loaded(sheets.stored(v)))
        for c, o, v, _, _ in sheets.diff_sheets(None, a) + sheets.diff_sheets(a, b)
    ]
    assert sheets.rebuild(sheets.fold_rows(rows)) == b
