"""Score sheets stored as changes: a sheet is cut into *cells*, and only changed cells are kept.

A title's ``score_sheet(state)`` is ``{"seats": [{"seat", "name", "total", "categories":
[{"key", "label", "count", "points", ...}, ...], ...}, ...], "winners": [...], ...}``. It is
flattened into cells, each ``(value, ord)``:

* ``c:<seat>:<key>``  one category of one seat (the whole category dict; ``ord`` = its position);
* ``f:<seat>:<field>`` any other field of one seat (``name``, ``total``, ...);
* ``k:<seat>``         the seat has a ``categories`` list (so an empty list comes back too);
* ``n``                the number of seats;
* ``g:<field>``        any other top-level field (``winners``, ``final``, ...). A sheet whose
  ``seats`` is not a list of dicts is kept whole as ``g:seats``.

After each event the projector stores the cells that differ from the previous sheet (a removed
cell is stored with value NULL as a tombstone), with the numeric change of ``count`` and
``points`` for categories ("this fence: +1 pasture, +2 used spaces"). The sheet at version N is
the latest value of every cell at or before N (:func:`rebuild`), which is exactly the title's
sheet at N: the round trip is tested against ``score_sheet`` on every version.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

Cell = tuple[Any, int]  # (value, ord)


class _Removed:
    """The value of a cell that no longer exists (stored as SQL NULL; JSON ``null`` is a
    value like any other)."""

    def __repr__(self) -> str:
        return "REMOVED"


REMOVED: Any = _Removed()

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode


def canonical(value: Any) -> str:
    """A stable JSON text of ``value`` (used to compare and store cells)."""
    return _dumps(value)


def flatten(sheet: dict) -> dict[str, Cell]:
    """The cells of ``sheet`` (see the module docstring)."""
    cells: dict[str, Cell] = {}
    seats = sheet.get("seats")
    regular = isinstance(seats, list) and all(isinstance(s, dict) for s in seats)
    for key, value in sheet.items():
        if key == "seats" and regular:
            continue
        cells[f"g:{key}"] = (value, 0)
    if regular:
        assert isinstance(seats, list)
        cells["n"] = (len(seats), 0)
        for i, seat in enumerate(seats):
            for key, value in seat.items():
                if key == "categories" and isinstance(value, list) and _valid_categories(value):
                    cells[f"k:{i}"] = (True, 0)
                    for j, cat in enumerate(value):
                        cells[f"c:{i}:{cat['key']}"] = (cat, j)
                else:
                    cells[f"f:{i}:{key}"] = (value, 0)
    return cells


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def _delta(old: Any, new: Any, field: str) -> float | None:
    """The change of a category's numeric ``field`` (a new category counts from 0)."""
    before = _number(old.get(field)) if isinstance(old, dict) else 0
    after = _number(new.get(field)) if isinstance(new, dict) else 0
    if before is None or after is None:
        return None
    if isinstance(old, dict) and field not in old and isinstance(new, dict) and field not in new:
        return None
    return after - before


def diff(
    old: dict[str, Cell], new: dict[str, Cell]
) -> list[tuple[str, int, Any, float | None, float | None]]:
    """The changed cells from ``old`` to ``new``: ``(cell, ord, value, d_count, d_points)``.

    ``value`` is :data:`REMOVED` for a removed cell. ``d_count``/``d_points`` are set for
    categories.
    """
    out = []
    for cell, (value, order) in new.items():
        before = old.get(cell)
        if (
            before is not None
            and before[1] == order
            and before[0] == value
            and type(before[0]) is type(value)
        ):
            continue
        if cell.startswith("c:"):
            prev = before[0] if before is not None else None
            out.append(
                (cell, order, value, _delta(prev, value, "count"), _delta(prev, value, "points"))
            )
        else:
            out.append((cell, order, value, None, None))
    for cell, (value, _order) in old.items():
        if cell not in new:
            if cell.startswith("c:"):
                out.append(
                    (cell, 0, REMOVED, _delta(value, None, "count"), _delta(value, None, "points"))
                )
            else:
                out.append((cell, 0, REMOVED, None, None))
    return out


def _valid_categories(cats: Any) -> bool:
    """A category list :func:`flatten` cuts into cells (dicts with distinct string keys)."""
    if cats is None:
        return True
    if not isinstance(cats, list):
        return False
    keys = set()
    for cat in cats:
        if not isinstance(cat, dict):
            return False
        key = cat.get("key")
        if not isinstance(key, str) or key in keys:
            return False
        keys.add(key)
    return True


class _Irregular(Exception):
    """A changed part of a sheet that :func:`flatten` would not cut into cells."""


def diff_sheets(
    old: dict | None, new: dict
) -> list[tuple[str, int, Any, float | None, float | None]]:
    """``diff(flatten(old), flatten(new))``, computed without flattening unchanged parts.

    Most events leave most of the sheet alone: whole seats, and whole category lists, are
    compared at C speed first, and only what differs is cut into cells.
    """
    if old is None:
        return diff({}, flatten(new))
    if old == new:
        return []
    old_seats, new_seats = old.get("seats"), new.get("seats")
    if not (
        isinstance(old_seats, list)
        and isinstance(new_seats, list)
        and all(isinstance(s, dict) for s in old_seats)
        and all(isinstance(s, dict) for s in new_seats)
    ):
        return diff(flatten(old), flatten(new))
    try:
        return _diff_regular(old, new, old_seats, new_seats)
    except _Irregular:
        return diff(flatten(old), flatten(new))


def _diff_regular(old: dict, new: dict, old_seats: list, new_seats: list) -> list:
    out: list = []
    for key in new.keys() | old.keys():
        if key == "seats":
            continue
        if key not in new:
            out.append((f"g:{key}", 0, REMOVED, None, None))
        elif key not in old or old[key] != new[key]:
            out.append((f"g:{key}", 0, new[key], None, None))
    if len(old_seats) != len(new_seats):
        out.append(("n", 0, len(new_seats), None, None))
    for i in range(max(len(old_seats), len(new_seats))):
        before = old_seats[i] if i < len(old_seats) else {}
        after = new_seats[i] if i < len(new_seats) else {}
        if before == after:
            continue
        cats_before = before.get("categories")
        cats_after = after.get("categories")
        if not (_valid_categories(cats_before) and _valid_categories(cats_after)):
            raise _Irregular
        for key in after.keys() | before.keys():
            if key == "categories":
                continue
            if key not in after:
                out.append((f"f:{i}:{key}", 0, REMOVED, None, None))
            elif key not in before or before[key] != after[key]:
                out.append((f"f:{i}:{key}", 0, after[key], None, None))
        if (cats_before is None) != (cats_after is None):
            out.append((f"k:{i}", 0, True if cats_after is not None else REMOVED, None, None))
        if cats_before == cats_after:
            continue
        cats_before = cats_before or []
        cats_after = cats_after or []
        if len(cats_before) == len(cats_after) and all(
            a["key"] == b["key"] for a, b in zip(cats_before, cats_after)
        ):
            for j, (a, b) in enumerate(zip(cats_before, cats_after)):
                if a != b:
                    out.append(
                        (f"c:{i}:{b['key']}", j, b, _delta(a, b, "count"), _delta(a, b, "points"))
                    )
            continue
        old_cells = {c["key"]: (c, j) for j, c in enumerate(cats_before)}
        for j, cat in enumerate(cats_after):
            prev = old_cells.pop(cat["key"], None)
            if prev is None or prev[1] != j or prev[0] != cat:
                out.append(
                    (
                        f"c:{i}:{cat['key']}",
                        j,
                        cat,
                        _delta(prev[0] if prev else None, cat, "count"),
                        _delta(prev[0] if prev else None, cat, "points"),
                    )
                )
        for key, (cat, _j) in old_cells.items():
            out.append(
                (
                    f"c:{i}:{key}",
                    0,
                    REMOVED,
                    _delta(cat, None, "count"),
                    _delta(cat, None, "points"),
                )
            )
    return out


def stored(value: Any) -> str | None:
    """A cell value as the ``value`` column keeps it (NULL for :data:`REMOVED`)."""
    return None if value is REMOVED else _plain_dumps(value)


def loaded(text: str | None) -> Any:
    """The inverse of :func:`stored`."""
    return REMOVED if text is None else json.loads(text)


_plain_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def rebuild(cells: dict[str, Cell]) -> dict:
    """The sheet the ``cells`` describe (the inverse of :func:`flatten`)."""
    sheet: dict = {}
    seats: list[dict] | None = None
    count = cells.get("n")
    if count is not None:
        seats = [{} for _ in range(count[0])]
    categories: dict[int, list[tuple[int, dict]]] = {}
    for cell, (value, order) in cells.items():
        if cell.startswith("g:"):
            sheet[cell[2:]] = value
        elif seats is None or cell == "n":
            continue
        elif cell.startswith("f:"):
            _, number, field = cell.split(":", 2)
            if int(number) < len(seats):
                seats[int(number)][field] = value
        elif cell.startswith("k:"):
            categories.setdefault(int(cell[2:]), [])
        elif cell.startswith("c:"):
            categories.setdefault(int(cell.split(":", 2)[1]), []).append((order, value))
    if seats is not None:
        for index, items in categories.items():
            if index < len(seats):
                seats[index]["categories"] = [v for _, v in sorted(items, key=lambda x: x[0])]
        sheet["seats"] = seats
    return sheet


def fold_rows(rows: Iterable[tuple[str, int, Any]]) -> dict[str, Cell]:
    """Fold ``(cell, ord, value)`` rows, oldest first, into the cells they leave."""
    cells: dict[str, Cell] = {}
    for cell, order, value in rows:
        if value is REMOVED:
            cells.pop(cell, None)
        else:
            cells[cell] = (value, order)
    return cells


def category_changes(
    rows: Iterable[tuple[str, int, Any, float | None, float | None]],
) -> list[dict]:
    """Readable per-category changes of one version, from its stored rows."""
    out = []
    for cell, _order, value, d_count, d_points in rows:
        if not cell.startswith("c:"):
            continue
        _, seat, key = cell.split(":", 2)
        item = value if isinstance(value, dict) else {}
        out.append(
            {
                "seat": int(seat),
                "key": key,
                "label": item.get("label", key),
                "count": item.get("count"),
                "points": item.get("points"),
                "d_count": _plain(d_count),
                "d_points": _plain(d_points),
                "removed": value is REMOVED,
            }
        )
    return out


def _plain(number: float | None) -> float | int | None:
    """A stored change as the title wrote it: whole numbers come back as ints."""
    if isinstance(number, float) and number.is_integer():
        return int(number)
    return number
