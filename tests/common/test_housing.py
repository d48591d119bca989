"""Animal housing and breeding room (agricola digest §5.3, §5.9, §6.4, D-02, D-25; T-03 to T-08).

Farmyard numbering (see tests/common/farm.py); rooms on 5 and 10:

     0  1  2  3  4
     5  6  7  8  9
    10 11 12 13 14
"""

from __future__ import annotations

import json
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.common.fences import pastures
from domain.common.grid import FARMYARD, Grid
from domain.common.housing import (
    ANIMALS,
    Housing,
    assignment,
    can_house,
    farm_housing,
    max_fitting,
    newborns,
    pasture_capacity,
)

from .farm import close, ring

G = FARMYARD


# -- capacities ----------------------------------------------------------------------------------


def test_animal_types_are_sheep_boar_cattle():
    """§5.9: three kinds of animal."""
    assert ANIMALS == ("sheep", "boar", "cattle")


def test_t05_a_stable_doubles_a_two_space_pasture():
    """T-05 (§11, [000 L354]): a 2-space pasture holds 4, and 8 with one stable."""
    assert pasture_capacity(2, 0) == 4
    assert pasture_capacity(2, 1) == 8


@pytest.mark.parametrize(
    "size, stables, expected",
    [(1, 0, 2), (1, 1, 4), (2, 2, 16), (3, 2, 24), (3, 3, 48), (2, 0, 4), (3, 0, 6)],
)
def test_t06_several_stables_in_one_pasture(size, stables, expected):
    """T-06 (§11, [000 §П1.1 L468]) / D-02: capacity = 2 x spaces x 2^stables."""
    assert pasture_capacity(size, stables) == expected


def test_capacity_per_space_is_a_parameter():
    """Caverna and cards use other numbers: nothing Agricola-specific is hidden in the formula."""
    assert pasture_capacity(2, 1, per_space=3) == 12
    assert pasture_capacity(0, 0) == 0


@pytest.mark.parametrize("args", [(-1, 0), (1, -1), (1, 0, -2), (1.5, 0), (True, 0)])
def test_capacity_rejects_nonsense(args):
    """§5.9: sizes and stable counts are non-negative ints."""
    with pytest.raises(ValueError):
        pasture_capacity(*args)


def test_t06_stables_counted_per_pasture_on_the_board():
    """T-06 / D-02: farm_housing counts the stables in each pasture (3 spaces, 3 stables: 48)."""
    fences = ring(G, [2, 3, 4])
    assert farm_housing(G, fences, [2, 3, 4], pets=0) == Housing((48,), 0)
    assert farm_housing(G, fences, [3, 4], pets=0) == Housing((24,), 0)


def test_t03_capacities_two_two_four():
    """T-03 (§11, [000 L314]): the three pastures hold 2, 2 and 4; 2 sheep, 1+1 boar and 3+1
    cattle fit."""
    fences = close(G, close(G, close(G, frozenset(), [3]), [4]), [8, 9])
    housing = farm_housing(G, fences, [], pets=0)
    assert housing == Housing((2, 2, 4), 0) and housing.total() == 8
    assert can_house(housing, {"sheep": 2, "boar": 1, "cattle": 3})
    assert max_fitting(housing, {"sheep": 2, "boar": 1, "cattle": 3}, {"boar": 1, "cattle": 1}) == [
        {"boar": 1, "cattle": 1}
    ]
    assert not can_house(housing, {"sheep": 3, "boar": 2, "cattle": 4})


def test_t04_subdividing_a_pasture_with_a_stable():
    """T-04 (§11, [000 §П1.2 L498]): a 2-space pasture with 1 stable holds 8; split by one fence,
    the half with the stable holds 4 and the other 2 (total 8 -> 6, pastures 1 -> 2)."""
    stable = 3
    fences = ring(G, [3, 4])
    before = farm_housing(G, fences, [stable], pets=0)
    assert before.pastures == (8,)
    after_fences = close(G, fences, [4])
    assert len(after_fences) == len(fences) + 1
    after = farm_housing(G, after_fences, [stable], pets=0)
    assert pastures(G, after_fences) == [[3], [4]]
    assert after.pastures == (4, 2) and after.total() == 6


def test_t07_pet_only():
    """T-07.1 (§11, [000 L300, L167]): no pastures, no stables: taking 3 sheep keeps 1 as the pet;
    the other 2 go back (or are cooked)."""
    housing = farm_housing(G, [], [])
    assert housing == Housing((), 1)
    assert max_fitting(housing, {}, {"sheep": 3}) == [{"sheep": 1}]


def test_t07_unfenced_stable_holds_one_animal_of_any_type():
    """T-07.2 (§5.3, §5.9): an unfenced stable holds 1 animal; with the pet, any mix of 2."""
    housing = farm_housing(G, [], [7])
    assert housing == Housing((), 2)
    for a, b in product(ANIMALS, repeat=2):
        animals = {a: 2} if a == b else {a: 1, b: 1}
        assert can_house(housing, animals)
    assert not can_house(housing, {"sheep": 1, "boar": 1, "cattle": 1})


def test_t07_fencing_the_stable_makes_a_pasture_of_four():
    """T-07.3 (§5.3, [000 L318, L468]): the stable's space fenced as a 1-space pasture holds 4."""
    housing = farm_housing(G, ring(G, [7]), [7])
    assert housing == Housing((4,), 1)


def test_unfenced_stable_capacity_and_pets_are_parameters():
    """Caverna and cards use other numbers (e.g. a card with room for more animals)."""
    assert farm_housing(G, [], [7, 8], pets=2, unfenced_stable_capacity=3) == Housing((), 8)
    assert farm_housing(G, ring(G, [7]), [7], per_space=1) == Housing((2,), 1)


def test_farm_housing_uses_the_pasture_order():
    """§5.9: capacities follow pastures() order (sorted by first space)."""
    fences = close(G, ring(G, [3, 4, 8, 9]), [9])
    assert pastures(G, fences) == [[3, 4, 8], [9]]
    assert farm_housing(G, fences, [9], pets=0).pastures == (6, 4)


@pytest.mark.parametrize("stables", [[7, 7], [15], [-1]])
def test_farm_housing_rejects_impossible_stables(stables):
    """§5.3: at most one stable per space, on the board."""
    with pytest.raises(ValueError):
        farm_housing(G, [], stables)


def test_housing_validates_its_numbers():
    """§5.9: capacities are non-negative ints."""
    with pytest.raises(ValueError):
        Housing((2, -1))
    with pytest.raises(ValueError):
        Housing((2,), -1)
    assert Housing([2, 4], 1).pastures == (2, 4)  # a list is frozen into a tuple


# -- fitting animals -----------------------------------------------------------------------------


def test_one_type_per_pasture():
    """§5.9: each pasture holds one type; 1 sheep + 1 boar do not share a 2-space pasture."""
    housing = Housing((4,), 0)
    assert can_house(housing, {"sheep": 4})
    assert not can_house(housing, {"sheep": 1, "boar": 1})
    assert can_house(Housing((4,), 1), {"sheep": 3, "boar": 1})


def test_flexible_slots_take_what_the_pastures_do_not():
    """§5.9: unfenced stables and the pet take 1 animal of any type each."""
    housing = Housing((2, 2), 2)
    assert can_house(housing, {"sheep": 3, "boar": 3})
    assert can_house(housing, {"sheep": 2, "boar": 2, "cattle": 2})
    assert not can_house(housing, {"sheep": 2, "boar": 2, "cattle": 3})


def test_nothing_fits_in_nothing_but_no_animals_always_fit():
    """§5.9: zero animals are always housed."""
    assert can_house(Housing(()), {})
    assert can_house(Housing(()), {"sheep": 0})
    assert not can_house(Housing(()), {"sheep": 1})


def test_types_are_open_for_other_titles():
    """Caverna has donkeys: animal types are plain strs."""
    assert can_house(Housing((2, 2), 0), {"donkey": 2, "sheep": 2})
    assert not can_house(Housing((2, 2), 0), {"donkey": 1, "sheep": 1, "boar": 1})


def test_negative_counts_are_refused():
    """§5.9: animal counts are non-negative ints."""
    with pytest.raises(ValueError):
        can_house(Housing((2,)), {"sheep": -1})


def test_assignment_shape_for_display():
    """§5.9: one placement: pastures in order (capacity, type, count), then flexible slots."""
    placed = assignment(Housing((2, 4), 2), {"sheep": 1, "boar": 4, "cattle": 2})
    assert placed == {
        "pastures": [
            {"capacity": 2, "animal": "cattle", "count": 2},
            {"capacity": 4, "animal": "boar", "count": 4},
        ],
        "flexible": {"sheep": 1},
    }
    assert json.loads(json.dumps(placed)) == placed
    assert assignment(Housing((2,), 0), {"sheep": 1, "boar": 1}) is None
    assert assignment(Housing((2,), 1), {}) == {
        "pastures": [{"capacity": 2, "animal": None, "count": 0}],
        "flexible": {},
    }


# -- breeding (T-08) ------------------------------------------------------------------------------


def test_newborns_one_per_type_with_two_or_more():
    """§6.4: exactly 1 newborn per type with at least 2 animals, even with 3 or more."""
    assert newborns({"sheep": 2, "boar": 1, "cattle": 5}) == {"sheep": 1, "cattle": 1}
    assert newborns({}) == {}
    assert newborns({"donkey": 2, "sheep": 2}, kinds=("donkey",)) == {"donkey": 1}


def test_t08_three_cattle_get_one_calf():
    """T-08.1 (§11, [000 L205]): 3 cattle in a 2-space pasture (capacity 4): 1 calf, not 2 -> 4."""
    housing = farm_housing(G, ring(G, [3, 4]), [], pets=0)
    animals = {"cattle": 3}
    assert newborns(animals) == {"cattle": 1}
    assert max_fitting(housing, animals, newborns(animals)) == [{"cattle": 1}]


def test_t08_calf_goes_into_an_unfenced_stable():
    """T-08.2 ([000 L221]): the pasture is full; the calf goes into the empty unfenced stable."""
    housing = farm_housing(G, ring(G, [3, 4]), [12], pets=0)
    animals = {"cattle": 4}
    assert max_fitting(housing, animals, newborns(animals)) == [{"cattle": 1}]
    placed = assignment(housing, {"cattle": 5})
    assert placed["flexible"] == {"cattle": 1}


def test_t08_no_room_no_lamb():
    """T-08.3 ([000 L205]): 2 sheep in a full 1-space pasture, no free stable or pasture: no
    lamb."""
    housing = farm_housing(G, ring(G, [3]), [], pets=0)
    assert max_fitting(housing, {"sheep": 2}, {"sheep": 1}) == [{}]


def test_t08_the_pet_slot_takes_a_lamb():
    """T-08.3 / D-25 ([INFERRED], common practice): the empty house slot takes the newborn."""
    housing = farm_housing(G, ring(G, [3]), [], pets=1)
    assert max_fitting(housing, {"sheep": 2}, {"sheep": 1}) == [{"sheep": 1}]


def test_t08_parents_may_be_anywhere():
    """T-08.4 ([000 L205]): 1 sheep in the house + 1 in an unfenced stable + a free 1-space
    pasture: a lamb is born."""
    housing = farm_housing(G, ring(G, [3]), [12], pets=1)
    assert housing == Housing((2,), 2)
    animals = {"sheep": 2}
    assert max_fitting(housing, animals, newborns(animals)) == [{"sheep": 1}]


def test_breeding_with_room_for_only_one_newborn_offers_a_choice():
    """§6.4 / §5.9: two types breed, one free slot: either newborn, never both."""
    housing = Housing((2, 2), 1)
    animals = {"sheep": 2, "boar": 2}
    assert max_fitting(housing, animals, newborns(animals)) == [{"boar": 1}, {"sheep": 1}]


def test_max_fitting_when_the_animals_already_overflow():
    """§5.9: if the farm cannot hold what it has, nothing fits (the caller must release first)."""
    assert max_fitting(Housing((2,), 0), {"sheep": 3}, {"sheep": 1}) == []


def test_max_fitting_taking_animals_keeps_as_many_as_fit():
    """§5.9 overflow ([000 L167]): taking 5 sheep into a 2-space pasture + pet keeps 5 of them;
    with boar already there, fewer (1 boar: the boar is the pet; 2 or more: the pasture is theirs).
    Releasing animals already there is the player's separate choice (§5.9)."""
    assert max_fitting(Housing((4,), 1), {}, {"sheep": 5}) == [{"sheep": 5}]
    assert max_fitting(Housing((4,), 1), {"boar": 1}, {"sheep": 5}) == [{"sheep": 4}]
    assert max_fitting(Housing((4,), 1), {"boar": 2}, {"sheep": 5}) == [{"sheep": 1}]
    assert max_fitting(Housing((4,), 1), {"boar": 4}, {"sheep": 5}) == [{"sheep": 1}]
    assert max_fitting(Housing((4,), 1), {"boar": 5}, {"sheep": 5}) == [{}]


# -- properties ----------------------------------------------------------------------------------

capacities = st.lists(st.sampled_from([2, 4, 6, 8, 12, 16]), max_size=5).map(tuple)
housings = st.builds(Housing, capacities, st.integers(0, 4))
herds = st.fixed_dictionaries({k: st.integers(0, 14) for k in ANIMALS})


def brute_can_house(housing: Housing, animals) -> bool:
    """Reference: try every type (or none) for every pasture."""
    kinds = [k for k in animals if animals[k]]
    for types in product([None] + kinds, repeat=len(housing.pastures)):
        room = dict.fromkeys(kinds, 0)
        for cap, kind in zip(housing.pastures, types):
            if kind:
                room[kind] += cap
        if sum(max(0, animals[k] - room[k]) for k in kinds) <= housing.flexible:
            return True
    return False


@settings(max_examples=300)
@given(housings, herds)
def test_can_house_matches_brute_force(housing, animals):
    """§5.9: can_house is exact (one type per pasture, flexible slots for the rest)."""
    assert can_house(housing, animals) == brute_can_house(housing, animals)


@settings(max_examples=300)
@given(housings, herds, st.sampled_from(ANIMALS))
def test_can_house_is_monotone(housing, animals, kind):
    """§5.9: animals may be released at any time; fewer animals still fit."""
    if can_house(housing, animals) and animals[kind]:
        fewer = dict(animals, **{kind: animals[kind] - 1})
        assert can_house(housing, fewer)


@settings(max_examples=300)
@given(housings, herds)
def test_assignment_agrees_with_can_house_and_respects_capacities(housing, animals):
    """§5.9: the displayed placement exists exactly when can_house says so, puts one type per
    pasture, never exceeds a capacity or the flexible slots, and places every animal."""
    placed = assignment(housing, animals)
    assert (placed is not None) == can_house(housing, animals)
    if placed is None:
        return
    assert json.loads(json.dumps(placed)) == placed
    assert [row["capacity"] for row in placed["pastures"]] == list(housing.pastures)
    total = dict.fromkeys(ANIMALS, 0)
    for row in placed["pastures"]:
        assert 0 <= row["count"] <= row["capacity"]
        assert (row["animal"] is None) == (row["count"] == 0)
        if row["animal"]:
            total[row["animal"]] += row["count"]
    assert all(n > 0 for n in placed["flexible"].values())
    assert sum(placed["flexible"].values()) <= housing.flexible
    for kind, n in placed["flexible"].items():
        total[kind] += n
    assert total == animals


@settings(max_examples=200)
@given(housings, herds, st.fixed_dictionaries({k: st.integers(0, 3) for k in ANIMALS}))
def test_max_fitting_is_exactly_the_undominated_fitting_choices(housing, animals, extra):
    """§6.4 / §5.9: every result fits, none is dominated, and every fitting choice is covered."""
    results = max_fitting(housing, animals, extra)
    if not can_house(housing, animals):
        assert results == []
        return
    order = sorted(results, key=lambda d: (-sum(d.values()), sorted(d.items())))
    assert results and results == order
    vectors = [tuple(r.get(k, 0) for k in ANIMALS) for r in results]
    assert len(set(vectors)) == len(vectors)
    for r in results:
        assert all(n > 0 and n <= extra[k] for k, n in r.items())
        assert can_house(housing, {k: animals[k] + r.get(k, 0) for k in ANIMALS})
    for choice in product(*(range(extra[k] + 1) for k in ANIMALS)):
        if can_house(housing, {k: animals[k] + n for k, n in zip(ANIMALS, choice)}):
            assert any(all(v >= c for v, c in zip(vec, choice)) for vec in vectors)
    for a in vectors:
        assert not any(b != a and all(x >= y for x, y in zip(b, a)) for b in vectors)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_farm_housing_total_counts_every_fenced_space_and_stable(data):
    """§5.9 / D-02: capacities follow 2 x spaces x 2^stables per pasture; unfenced stables and
    pets are flexible."""
    grid = data.draw(st.sampled_from([G, Grid(3, 3)]))
    fences = data.draw(st.sets(st.sampled_from(grid.all_edges())))
    stables = data.draw(st.sets(st.sampled_from(list(grid.spaces())), max_size=4))
    pets = data.draw(st.integers(0, 2))
    housing = farm_housing(grid, fences, stables, pets=pets)
    found = pastures(grid, fences)
    assert housing.pastures == tuple(2 * len(p) * 2 ** len(stables & set(p)) for p in found)
    fenced = {s for p in found for s in p}
    assert housing.flexible == pets + len(stables - fenced)
