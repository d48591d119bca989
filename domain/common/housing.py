"""Animal housing: pasture capacities, flexible slots, fitting animals (agricola digest §5.9, §6.4,
D-02, D-25; Caverna passes its own numbers).

A farm's housing is a list of pasture capacities (each pasture holds one animal type) plus a
number of *flexible* slots that hold one animal of any type each (unfenced stables, the house
pet, cards that say "N animals of any type"). Whether animals fit is exact: pastures are given
types by a small search whose results are cached. Animal types are plain strs, so a title may
use its own (:data:`ANIMALS` are Agricola's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from .fences import pastures as _pastures
from .grid import Grid

#: The three animal types of Agricola (agricola digest §5.9).
ANIMALS = ("sheep", "boar", "cattle")


def pasture_capacity(size: int, stables: int, per_space: int = 2) -> int:
    """``per_space * size * 2 ** stables`` (agricola digest §5.9 engine formula, D-02; T-05,
    T-06)."""
    for name, value in (("size", size), ("stables", stables), ("per_space", per_space)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a non-negative int, not {value!r}")
    return per_space * size * 2**stables


@dataclass(frozen=True)
class Housing:
    """Where a farm can keep animals (agricola digest §5.9)."""

    pastures: tuple[int, ...]  # capacity of each pasture; one animal type per pasture
    flexible: int = 0  # 1 animal of any type each: unfenced stables + the house pet
    #: places that hold only one type, as ``((type, capacity), ...)`` (Caverna's mines hold a
    #: donkey, a forest stable a wild boar, caverna digest §8.1)
    reserved: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "pastures", tuple(self.pastures))
        object.__setattr__(
            self, "reserved", tuple(sorted((k, c) for k, c in dict(self.reserved).items() if c))
        )
        for value in self.pastures + (self.flexible,) + tuple(c for _, c in self.reserved):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"capacities must be non-negative ints, not {value!r}")

    def total(self) -> int:
        """Every animal the farm could hold if types did not matter (agricola digest §5.9)."""
        return sum(self.pastures) + self.flexible + sum(c for _, c in self.reserved)

    def beyond_reserved(self, animals: Mapping[str, int]) -> dict[str, int]:
        """The animals left once the places reserved for one type are filled (filling them
        first is never worse: nothing else can use them)."""
        left = dict(animals)
        for kind, cap in self.reserved:
            if left.get(kind):
                left[kind] = max(0, left[kind] - cap)
        return left


def farm_housing(
    grid: Grid,
    fences: Iterable[str],
    stables: Iterable[int],
    pets: int = 1,
    per_space: int = 2,
    unfenced_stable_capacity: int = 1,
) -> Housing:
    """Housing of a farm: each pasture (in :func:`.fences.pastures` order) with the stables inside
    it, unfenced stables (``unfenced_stable_capacity`` animals each) and the pet slot(s)
    (agricola digest §5.3, §5.9, D-02; T-03 to T-07)."""
    stable_list = list(stables)
    if len(set(stable_list)) != len(stable_list):
        raise ValueError("at most one stable per space (agricola digest §5.3)")
    for s in stable_list:
        grid.rc(s)  # ValueError off the board
    stable_set = set(stable_list)
    capacities = []
    fenced = set()
    for pasture in _pastures(grid, fences):
        inside = len(stable_set.intersection(pasture))
        capacities.append(pasture_capacity(len(pasture), inside, per_space))
        fenced.update(pasture)
    unfenced = len(stable_set - fenced)
    return Housing(tuple(capacities), pets + unfenced * unfenced_stable_capacity)


def _counts(animals: Mapping[str, int]) -> dict[str, int]:
    out = {}
    for kind, n in animals.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the number of {kind} must be a non-negative int, not {n!r}")
        if n:
            out[kind] = n
    return out


@lru_cache(maxsize=1 << 16)
def _min_overflow(caps: tuple[int, ...], needs: tuple[int, ...]) -> int:
    """The fewest animals left for the flexible slots when pastures ``caps`` (largest first) are
    given types; ``needs`` is the sorted count per type. Types are interchangeable here."""
    if not caps or not needs:
        return sum(needs)
    cap, rest = caps[0], caps[1:]
    if cap >= needs[-1]:
        # This pasture can take a whole type; giving it the largest is never worse.
        return _min_overflow(rest, needs[:-1])
    best = _min_overflow(rest, needs)
    for i, n in enumerate(needs):
        if i + 1 < len(needs) and needs[i + 1] == n:
            continue  # same count as the next type: same result
        left = tuple(sorted(needs[:i] + ((n - cap,) if n > cap else ()) + needs[i + 1 :]))
        best = min(best, _min_overflow(rest, left))
    return best


def _overflow(pastures: Iterable[int], needs: Iterable[int]) -> int:
    return _min_overflow(
        tuple(sorted((c for c in pastures if c), reverse=True)),
        tuple(sorted(n for n in needs if n)),
    )


def can_house(housing: Housing | Iterable[Housing], animals: Mapping[str, int]) -> bool:
    """True if the animals fit: each pasture gets at most one type, the flexible slots take the
    rest (agricola digest §5.9, §6.4). Exact (tries type assignments; cached). Given several
    housings (a farm whose dogs may stand in different places), true if any of them fits."""
    if not isinstance(housing, Housing):
        return any(can_house(h, animals) for h in housing)
    need = housing.beyond_reserved(_counts(animals)) if housing.reserved else _counts(animals)
    return _overflow(housing.pastures, need.values()) <= housing.flexible


def assignment(housing: Housing, animals: Mapping[str, int]) -> dict[str, Any] | None:
    """One concrete placement for display, or None if impossible (agricola digest §5.9):
    ``{"pastures": [{"capacity": c, "animal": type|None, "count": n}, ...],
    "flexible": {type: n}}``, plus ``"reserved": {type: n}`` when the housing has places for
    one type only (filled first).
    Pastures are listed in ``housing.pastures`` order; ``flexible`` lists only non-zero counts, by
    type name. Deterministic: each pasture in turn takes the type with the most animals still
    unplaced that keeps the rest housable."""
    need = _counts(animals)
    reserved = {}
    for kind, cap in housing.reserved:
        reserved[kind] = min(cap, need.get(kind, 0))
        if kind in need:
            need[kind] -= reserved[kind]
    if _overflow(housing.pastures, need.values()) > housing.flexible:
        return None
    rows: list[dict[str, Any]] = []
    caps = list(housing.pastures)
    for i, cap in enumerate(caps):
        rest = caps[i + 1 :]
        options = sorted((k for k, n in need.items() if n), key=lambda k: (-need[k], k))
        chosen = None
        if cap:
            for kind in options:
                trial = dict(need, **{kind: max(0, need[kind] - cap)})
                if _overflow(rest, trial.values()) <= housing.flexible:
                    chosen = kind
                    break
        if chosen is None:
            rows.append({"capacity": cap, "animal": None, "count": 0})
            continue
        count = min(cap, need[chosen])
        need[chosen] -= count
        rows.append({"capacity": cap, "animal": chosen, "count": count})
    out = {"pastures": rows, "flexible": {k: need[k] for k in sorted(need) if need[k]}}
    if housing.reserved:
        out["reserved"] = {k: n for k, n in sorted(reserved.items()) if n}
    return out


def housing_for(housing: Housing | Iterable[Housing], animals: Mapping[str, int]) -> Housing:
    """Of several possible housings (a card's choices), the first in which the animals fit, else
    the first: the one to show (agricola digest §5.9)."""
    if isinstance(housing, Housing):
        return housing
    housing = tuple(housing)
    return next((h for h in housing if can_house(h, animals)), housing[0])


def max_fitting(
    housing: Housing | Iterable[Housing], animals: Mapping[str, int], extra: Mapping[str, int]
) -> list[dict[str, int]]:
    """The maximal sub-multisets of ``extra`` (newborns {"sheep": 1, "boar": 1}, or animals just
    taken {"sheep": 3}) that can be added to ``animals`` and still be housed (agricola digest §5.9
    overflow, §6.4 breeding, D-25). Each result maps type -> count to add (zero counts omitted).
    Maximal = not dominated: no other fitting choice adds at least as many of every type and more
    of one. ``[{}]`` if nothing more fits; ``[]`` if ``animals`` alone do not fit. Sorted by most
    animals added, then by (type, count) pairs."""
    if not isinstance(housing, Housing):
        housing = tuple(housing)
    base = _counts(animals)
    more = _counts(extra)
    if not can_house(housing, base):
        return []
    kinds = sorted(more)
    fitting = []
    for choice in product(*(range(more[k] + 1) for k in kinds)):
        trial = dict(base)
        for k, n in zip(kinds, choice):
            trial[k] = trial.get(k, 0) + n
        if can_house(housing, trial):
            fitting.append(choice)
    maximal = [
        c for c in fitting if not any(o != c and all(x >= y for x, y in zip(o, c)) for o in fitting)
    ]
    out = [{k: n for k, n in zip(kinds, c) if n} for c in maximal]
    out.sort(key=lambda d: (-sum(d.values()), sorted(d.items())))
    return out


def newborns(animals: Mapping[str, int], kinds: Iterable[str] = ANIMALS) -> dict[str, int]:
    """Breeding: exactly 1 newborn of each type in ``kinds`` of which there are at least 2, even
    with 3 or more (agricola digest §6.4; T-08). Whether they fit is :func:`max_fitting`'s job."""
    counts = _counts(animals)
    return {k: 1 for k in kinds if counts.get(k, 0) >= 2}
