"""Fences and pastures, drawn pasture by pasture (digest §5.8, D-02, D-29; T-03 to T-06)."""

from __future__ import annotations

import pytest

from domain.agricola.scoring import farm_counts
from domain.agricola.state import housing
from domain.agricola.tables import GRID
from domain.common import fences as fence_rules
from domain.common.errors import RuleViolation
from domain.common.housing import can_house

from .support import build_farm, give, give_animals, moves_of, play, reveal, setup, turn, types


def fence_action(wood=15, n=2, seat=0, state=None):
    if state is None:
        state, _, _ = setup(n, seed=1, start_player=0)
    turn(state, seat)
    reveal(state, "fences")
    give(state, seat, wood=wood)
    state, _ = play(state, seat, {"type": "place", "space": "fences"})
    assert state["pending"][seat]["kind"] == "fences"
    return state


def draw(state, seat, region):
    for space in region:
        assert {"type": "fence_space", "space": space} in moves_of(state, seat), space
        state, _ = play(state, seat, {"type": "fence_space", "space": space})
    assert {"type": "close_pasture"} in moves_of(state, seat)
    return play(state, seat, {"type": "close_pasture"})


def test_t03_eleven_fences_three_pastures():
    """T-03 ([000] L314): a 2x2 block as two 1-space pastures over one 2-space pasture takes 11
    fences; capacities 2/2/4; 3 pastures score 3; 4 spaces used; 4 fences left."""
    state = fence_action(wood=11)
    state, events = draw(state, 0, [3])
    assert events[0].type == "PastureFenced" and len(events[0].data["fences"]) == 4
    state, events = draw(state, 0, [4])
    assert len(events[0].data["fences"]) == 3
    state, events = draw(state, 0, [8, 9])
    assert len(events[0].data["fences"]) == 4
    assert "TurnPassed" in types(events)  # no wood left: the action ends by itself
    farm = state["farms"][0]
    assert len(farm["fences"]) == 11 and 15 - len(farm["fences"]) == 4
    assert farm["pastures"] == [[3], [4], [8, 9]]
    home = housing(farm)
    assert home.pastures == (2, 2, 4)
    assert can_house(home, {"sheep": 2, "boar": 1, "cattle": 3})
    counts = farm_counts(farm)
    assert counts["pastures"] == 3 and counts["unused_spaces"] == 15 - 2 - 4
    assert farm["supply"]["wood"] == 0


def test_t04_subdividing_a_pasture_with_a_stable():
    """T-04 ([000] L498): a 2-space pasture with 1 stable (8 animals) divided by 1 fence into a
    pasture of 4 (with the stable) and one of 2; 1 pasture becomes 2."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[[3, 4]], stables=[3])
    assert housing(state["farms"][0]).pastures == (8,)
    state = fence_action(wood=1, state=state)
    assert {m["space"] for m in moves_of(state, 0, "fence_space")} == {3, 4}
    state, events = draw(state, 0, [4])
    assert events[0].data["fences"] == ["v0,4"] and events[0].data["subdivides"] is True
    assert "divides a pasture" in __import__("domain.agricola", fromlist=["x"]).AGRICOLA.describe(
        events[0], ["Ann", "Bob"]
    )
    farm = state["farms"][0]
    assert farm["pastures"] == [[3], [4]]
    assert housing(farm).pastures == (4, 2)


def test_t04_subdividing_may_leave_animals_without_room():
    """§5.8 rule 9 with §5.9: after a subdivision the animals that no longer fit must be released
    or cooked before the action goes on."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[[3, 4]], stables=[3])
    give_animals(state, 0, sheep=9)  # 8 in the pasture + 1 pet
    state = fence_action(wood=1, state=state)
    state, events = draw(state, 0, [4])
    farm = state["farms"][0]
    assert sum(farm["animals"].values()) + sum(farm["unhoused"].values()) == 9
    assert farm["unhoused"]["sheep"] == 9 - (4 + 2 + 1)  # two pastures and the pet
    legal = moves_of(state, 0)
    assert {m["type"] for m in legal} == {"release"}
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "done"})
    assert err.value.code == "animals_must_be_housed" and "2 sheep" in err.value.message
    state, events = play(state, 0, {"type": "release", "animal": "sheep"})
    assert "TurnPassed" not in types(events)
    state, events = play(state, 0, {"type": "release", "animal": "sheep"})
    assert "TurnPassed" in types(events)
    assert state["farms"][0]["animals"]["sheep"] == 7


@pytest.mark.parametrize(
    "region,stables,capacity",
    [
        ([3, 4], [], 4),
        ([3, 4], [3], 8),
        ([3], [3], 4),
        ([3, 4], [3, 4], 16),
        ([2, 3, 4], [3, 4], 24),
        ([2, 3, 4], [2, 3, 4], 48),
    ],
)
def test_t05_t06_stables_double_a_pasture(region, stables, capacity):
    """T-05, T-06 (§5.9, D-02): 2 per space, doubled by each stable in the pasture."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[region], stables=stables)
    assert housing(state["farms"][0]).pastures == (capacity,)


def test_t05_a_stable_added_to_a_pasture_doubles_it():
    """T-05 ([000] L354): a 2-space pasture holds 4; after 1 stable, 8."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[[3, 4]])
    turn(state, 0)
    give(state, 0, wood=2)
    state, _ = play(state, 0, {"type": "place", "space": "rooms_stables"})
    state, _ = play(state, 0, {"type": "build_stable", "space": 4})
    assert housing(state["farms"][0]).pastures == (8,)
    assert farm_counts(state["farms"][0])["fenced_stables"] == 1


def test_fences_need_an_enclosed_pasture_and_wood():
    """§5.8 rules 1, 4: 1 wood per fence; a fence action must enclose a pasture; no wood, no
    placement."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    reveal(state, "fences")
    give(state, 0, wood=3)
    assert {"type": "place", "space": "fences"} not in moves_of(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "fences"})
    assert err.value.code == "action_not_possible" and "Fences" in err.value.message
    give(state, 0, wood=1)
    state, _ = play(state, 0, {"type": "place", "space": "fences"})
    # every 1-space pasture needs 4 fences, border sides included (§5.8 rule 3)
    assert {m["space"] for m in moves_of(state, 0, "fence_space")} == set(range(15)) - {5, 10}
    assert {"type": "done"} not in moves_of(state, 0)
    state, _ = play(state, 0, {"type": "fence_space", "space": 0})
    # a 2-space pasture would need 6 fences: only 4 wood, so no extension is offered
    assert moves_of(state, 0, "fence_space") == []


def test_d29_new_pastures_must_touch_existing_ones_and_avoid_rooms_and_fields():
    """§5.8 rules 5, 6 (D-29): all pastures orthogonally connected; no room or field inside."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[[3]], fields={12: (None, 0)})
    state = fence_action(wood=15, state=state)
    state, _ = play(state, 0, {"type": "fence_space", "space": 0})
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "close_pasture"})
    assert err.value.code == "pasture_not_adjacent" and "row 1, column 1" in err.value.message
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "fence_space", "space": 5})
    assert err.value.code == "fence_space_not_allowed" and "room" in err.value.message
    state, _ = play(state, 0, {"type": "fence_space", "space": 1})
    state, _ = play(state, 0, {"type": "fence_space", "space": 2})
    state, events = play(state, 0, {"type": "close_pasture"})
    assert state["farms"][0]["pastures"] == [[0, 1, 2], [3]]


def test_clear_marked_spaces_is_bounded():
    """The marked spaces can be cleared a few times per fence action (every move sequence is
    finite; see docs/rules/agricola.md)."""
    state = fence_action(wood=15)
    for _ in range(3):
        state, _ = play(state, 0, {"type": "fence_space", "space": 0})
        assert {"type": "clear_region"} in moves_of(state, 0)
        state, events = play(state, 0, {"type": "clear_region"})
        assert events[0].type == "FenceRegionCleared"
    state, _ = play(state, 0, {"type": "fence_space", "space": 0})
    assert {"type": "clear_region"} not in moves_of(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "clear_region"})
    assert err.value.code == "fence_region_clear_limit"


def test_renovation_then_fences_makes_fences_optional():
    """§4.5 stage VI: renovation is mandatory, the fences after it are optional."""
    state, _, _ = setup(2, seed=1, start_player=0)
    turn(state, 0)
    reveal(state, "renovation_fences")
    give(state, 0, clay=2, reed=1, wood=4)
    state, events = play(state, 0, {"type": "place", "space": "renovation_fences"})
    assert "Renovated" in types(events)
    assert {"type": "done"} in moves_of(state, 0)
    state, events = play(state, 0, {"type": "done"})
    assert types(events)[:2] == ["ActionFinished", "TurnPassed"]


def test_every_closable_pasture_is_reachable_step_by_step():
    """Issue item 6: any legal pasture (hence any legal layout, pasture after pasture) can be
    drawn space by space from the offered moves, and closing it is offered."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[[8]], fields={13: (None, 0)}, stables=[2])
    base = fence_action(wood=9, state=state)
    farm = base["farms"][0]
    regions = fence_rules.closable_regions(GRID, farm["fences"], [5, 10, 13])
    reachable = [r for cost, r in regions if cost <= 9]
    assert len(reachable) > 20
    for region in reachable:
        state = base
        order = [region[0]]
        while len(order) < len(region):
            order.append(
                next(
                    s
                    for s in region
                    if s not in order and any(n in order for n in GRID.neighbours(s))
                )
            )
        state, events = draw(state, 0, order)
        assert events[0].type == "PastureFenced"
        assert sorted(events[0].data["region"]) == sorted(region)
