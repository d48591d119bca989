"""The worked examples of the Caverna digest, section 12 (EX-1 ... EX-28), as tests.

Space numbers: ``row * 8 + col`` on the board with its Office-room ring; F3-R4 (the entrance
space) is 35, the Entry-level dwelling M1-R4 is 36, the empty cavern M1-R3 is 28.
"""

from __future__ import annotations

import pytest

from domain.caverna.builder import Builder
from domain.caverna.flow import breeding_phase, feeding_need, replenish, start_round
from domain.caverna.scoring import score_sheet
from domain.caverna.state import animals_fit
from domain.caverna.tables import space_at
from domain.common.errors import RuleViolation
from domain.common.housing import pasture_capacity
from domain.common.rng import Rng

from .support import furnish, give, lay, moves_of, play, setup, types, work_turn

M2R3, M2R4, M3R3, M2R2 = space_at("M2-R3"), space_at("M2-R4"), space_at("M3-R3"), space_at("M2-R2")


def test_ex1_starting_food_by_seat_and_solo():
    state, _, _ = setup(5, 3, start_player=0)
    assert [h["supply"]["food"] for h in state["homes"]] == [1, 1, 2, 3, 3]
    state, _, _ = setup(5, 3, start_player=2)
    assert [h["supply"]["food"] for h in state["homes"]] == [3, 3, 1, 1, 2]
    solo, _, _ = setup(1, 3)
    assert solo["homes"][0]["supply"]["food"] == 2


def test_ex2_three_then_one_wood():
    state, _, _ = setup(2, 1)
    assert state["spaces"]["logging"]["goods"] == {"wood": 3}  # empty: 3
    b = Builder(state)
    replenish(b)
    assert b.state["spaces"]["logging"]["goods"] == {"wood": 4}  # not empty: +1


def test_ex3_sustenance_grain_then_vegetable():
    state, _, _ = setup(4, 1)
    assert state["spaces"]["sustenance_47"]["goods"] == {"grain": 1}
    b = Builder(state)
    replenish(b)
    assert b.state["spaces"]["sustenance_47"]["goods"] == {"grain": 1, "vegetable": 1}


def _round_with_marker(marker: str, reds_before: int) -> dict:
    state, _, _ = setup(3, 1)
    state["round"] = 6
    state["markers"] = [marker]
    state["reds"] = reds_before
    b = Builder(state)
    start_round(b, Rng(1), 7)
    return b.state


def test_ex4_second_red_marker_feeds_one_food_per_dwarf():
    state = _round_with_marker("red", 1)
    assert state["harvest"] == "one_food" and state["reds"] == 2
    b = Builder(state)
    b.emit("PhaseChanged", {"phase": "work", "turn": None})
    from domain.caverna.flow import advance

    advance(b, Rng(1))
    assert b.state["phase"] == "harvest_feeding"
    assert "CropsHarvested" not in types(b.events)
    assert [p["need"] for p in b.state["pending"]] == [2, 2, 2]


def test_ex5_first_red_marker_means_no_harvest():
    assert _round_with_marker("red", 0)["harvest"] == "none"
    assert _round_with_marker("green", 0)["harvest"] == "normal"
    assert _round_with_marker("red", 2)["harvest"] == "choice"


def test_ex6_breeding_with_parents_apart():
    state, _, _ = setup(2, 1)
    home = state["homes"][0]
    home["stables"].append(space_at("F1-R1"))  # a forest stable: 1 wild boar
    give(state, 0, boar=2)  # one there, one in the dwelling
    assert animals_fit(home)
    b = Builder(state)
    b.state["harvest"] = "normal"
    breeding_phase(b, Rng(1))
    assert b.state["homes"][0]["animals"]["boar"] == 3


def test_ex7_gold_to_food_costs_one_more():
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    give(state, 0, gold=4)
    counts = [m["count"] for m in moves_of(state, 0, "convert") if m["good"] == "gold"]
    assert counts == [1, 2, 3]
    after, _ = play(state, 0, {"type": "convert", "good": "gold", "count": 3})
    assert after["homes"][0]["supply"]["gold"] == 0
    assert after["homes"][0]["supply"]["food"] == state["homes"][0]["supply"]["food"] + 3


def _family_life(state, seat=0):
    work_turn(state, seat, "family_life")
    state, _ = play(state, seat, {"type": "place", "space": "family_life"})
    return state


def test_ex8_and_ex9_sowing_amounts_and_limit():
    state, _, _ = setup(2, 1)
    fields = [space_at(x) for x in ("F1-R1", "F2-R1", "F1-R2", "F2-R2", "F3-R2")]
    lay(state, 0, field=fields)
    give(state, 0, grain=5, vegetable=5)
    state = _family_life(state)
    state, _ = play(state, 0, {"type": "sow", "at": fields[0], "crop": "grain"})
    state, _ = play(state, 0, {"type": "sow", "at": fields[1], "crop": "vegetable"})
    home = state["homes"][0]
    assert home["crops"][str(fields[0])] == ["grain", 3]
    assert home["crops"][str(fields[1])] == ["vegetable", 2]
    state, _ = play(state, 0, {"type": "sow", "at": fields[2], "crop": "grain"})
    state, _ = play(state, 0, {"type": "sow", "at": fields[3], "crop": "vegetable"})
    assert not list(moves_of(state, 0, "sow")), "at most 2 + 2 fields per Sow"
    with pytest.raises(RuleViolation):
        play(state, 0, {"type": "sow", "at": fields[4], "crop": "grain"})


def test_ex10_growth_needs_room_and_the_newborn_eats_one():
    state, _, _ = setup(2, 1)
    furnish(state, 0, "dwelling", space_at("M1-R3"))
    furnish(state, 0, "dwelling", M2R3)
    state["homes"][0]["dwarfs"].append({"weapon": 0, "at": None})
    state = _family_life(state)
    assert {"type": "grow"} in moves_of(state, 0)
    state, _ = play(state, 0, {"type": "grow"})
    home = state["homes"][0]
    assert len(home["dwarfs"]) == 4 and home["dwarfs"][-1]["at"] == "family_life"
    assert feeding_need(state, 0, one_food=False) == 3 * 2 + 1
    work_turn(state, 0, "family_life")
    assert {"type": "place", "space": "family_life"} not in moves_of(state, 0)  # no room
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "family_life"})
    assert err.value.code == "caverna_nothing_to_do"


def _ruby_mine_construction(state, option):
    work_turn(state, 0, "ruby_mine_construction")
    state, _ = play(
        state, 0, {"type": "place", "space": "ruby_mine_construction", "option": option}
    )
    return state


def test_ex11_ruby_mine_ruby_only_on_a_deep_tunnel():
    state, _, _ = setup(2, 1)
    lay(state, 0, tunnel=[M2R3], deep_tunnel=[M2R4])
    tunnel = _ruby_mine_construction(state, "tunnel")
    after, _ = play(tunnel, 0, {"type": "ruby_mine", "at": M2R3})
    assert (
        after["homes"][0]["supply"]["ruby"] == 0 and after["homes"][0]["board"][M2R3] == "ruby_mine"
    )
    deep = _ruby_mine_construction(state, "deep")
    after, _ = play(deep, 0, {"type": "ruby_mine", "at": M2R4})
    assert after["homes"][0]["supply"]["ruby"] == 1


def test_ex12_ore_mine_gives_three_ore_then_an_expedition():
    state, _, _ = setup(2, 1)
    lay(state, 0, tunnel=[M2R3, M3R3])
    for dwarf in state["homes"][0]["dwarfs"]:
        dwarf["weapon"] = 3
    work_turn(state, 0, "ore_mine_construction")
    state, _ = play(state, 0, {"type": "place", "space": "ore_mine_construction"})
    state, _ = play(state, 0, {"type": "ore_mine", "at": M2R3, "at2": M3R3})
    home = state["homes"][0]
    assert home["board"][M2R3] == "ore_mine" and home["board"][M3R3] == "deep_tunnel"
    assert home["supply"]["ore"] == 3
    items = {m["item"] for m in moves_of(state, 0, "loot")}
    assert items == {"weapons", "wood", "dog", "grain", "sheep", "stone", "donkey"}
    state, _ = play(state, 0, {"type": "loot", "item": "stone"})
    state, events = play(state, 0, {"type": "loot", "item": "wood"})
    assert "ExpeditionEnded" in types(events)  # level 2: two items, then the weapon grows
    assert state["homes"][0]["dwarfs"][0]["weapon"] == 4


def test_ex13_ore_mine_over_a_tunnel_bought_with_a_ruby():
    state, _, _ = setup(2, 1)
    lay(state, 0, tunnel=[M2R3])
    give(state, 0, ruby=1)
    work_turn(state, 0, "ore_mine_construction")
    state, _ = play(state, 0, {"type": "ruby_tile", "tile": "tunnel", "at": M3R3})
    state, _ = play(state, 0, {"type": "place", "space": "ore_mine_construction"})
    state, _ = play(state, 0, {"type": "ore_mine", "at": M3R3, "at2": M2R3})
    assert state["homes"][0]["supply"]["ore"] == 3
    assert state["homes"][0]["supply"]["ruby"] == 0


def _expedition(state, space, weapons):
    for dwarf, weapon in zip(state["homes"][0]["dwarfs"], weapons):
        dwarf["weapon"] = weapon
    work_turn(state, 0, space)
    state, _ = play(state, 0, {"type": "place", "space": space})
    return state


def test_ex14_a_weak_dwarf_takes_strength_one_loot():
    state, _, _ = setup(2, 1)
    state = _expedition(state, "blacksmithing", [1, 1])
    items = {m["item"] for m in moves_of(state, 0, "loot")}
    assert items == {"weapons", "wood", "dog"}
    for item in ("weapons", "dog", "wood"):
        state, events = play(state, 0, {"type": "loot", "item": item})
    assert "ExpeditionEnded" in types(events)
    assert state["homes"][0]["dwarfs"][0]["weapon"] == 3  # 1 + 1 (loot) + 1
    assert state["homes"][0]["dwarfs"][1]["weapon"] == 2  # the other armed dwarf +1


def test_ex15_forge_seven_then_three_loot():
    state, _, _ = setup(2, 1)
    give(state, 0, ore=10)
    furnish(state, 0, "dwelling", M2R3)
    lay(state, 0, cavern=[M2R2])
    state = _expedition(state, "blacksmithing", [0, 0])
    state, _ = play(state, 0, {"type": "forge", "strength": 7})
    assert state["homes"][0]["supply"]["ore"] == 3
    state, _ = play(state, 0, {"type": "loot", "item": "dog"})
    state, _ = play(state, 0, {"type": "loot", "item": "gold"})
    give(state, 0, wood=1)
    state, events = play(
        state, 0, {"type": "loot", "item": "furnish", "tile": "cuddle_room", "at": M2R2}
    )
    home = state["homes"][0]
    assert home["dwarfs"][0]["weapon"] == 8
    assert home["animals"]["dog"] == 1 and home["supply"]["gold"] == 2
    assert home["furn"][str(M2R2)] == "cuddle_room"


def test_ex16_and_ex17_dwarf_order_and_the_ruby():
    state, _, _ = setup(2, 1)
    home = state["homes"][0]
    home["dwarfs"] = [{"weapon": 14, "at": None}, {"weapon": 3, "at": None}]
    work_turn(state, 0, "exploration")
    assert {"type": "place", "space": "exploration", "dwarf": 0} not in moves_of(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "exploration", "dwarf": 0})
    assert err.value.code == "caverna_dwarf_order"
    give(state, 0, ruby=1)
    assert {"type": "place", "space": "exploration", "dwarf": 0} in moves_of(state, 0)
    after, _ = play(state, 0, {"type": "place", "space": "exploration", "dwarf": 0})
    assert after["homes"][0]["supply"]["ruby"] == 0
    assert after["homes"][0]["dwarfs"][0]["at"] == "exploration"
    # EX-17: four unarmed dwarfs and one of strength 14
    home["dwarfs"] = [{"weapon": 0, "at": None}] * 4 + [{"weapon": 14, "at": None}]
    home["dwarfs"] = [dict(d) for d in home["dwarfs"]]
    placements = [m for m in moves_of(state, 0, "place") if m["space"] == "exploration"]
    assert placements == [{"type": "place", "space": "exploration", "dwarf": 4}]


def test_ex18_forge_caps():
    state, _, _ = setup(2, 1)
    give(state, 0, ore=12)
    state = _expedition(state, "blacksmithing", [0, 0])
    assert sorted(m["strength"] for m in moves_of(state, 0, "forge")) == list(range(1, 9))
    state, _, _ = setup(2, 1)
    give(state, 0, ore=1)
    state = _expedition(state, "blacksmithing", [0, 0])
    assert [m["strength"] for m in moves_of(state, 0, "forge")] == [1]


def test_ex19_weapon_stays_at_fourteen():
    state, _, _ = setup(2, 1)
    state = _expedition(state, "blacksmithing", [14, 14])
    state, _ = play(state, 0, {"type": "loot", "item": "weapons"})
    state, _ = play(state, 0, {"type": "loot", "item": "wood"})
    state, _ = play(state, 0, {"type": "loot", "item": "dog"})
    assert [d["weapon"] for d in state["homes"][0]["dwarfs"]] == [14, 14]


def test_ex20_ore_trading_three_times():
    state, _, _ = setup(2, 1)
    give(state, 0, ore=7)
    work_turn(state, 0, "ore_trading")
    state, _ = play(state, 0, {"type": "place", "space": "ore_trading"})
    for _ in range(3):
        state, _ = play(state, 0, {"type": "trade"})
    assert {"type": "trade"} not in moves_of(state, 0)
    supply = state["homes"][0]["supply"]
    assert (supply["ore"], supply["gold"], supply["food"]) == (1, 6, 1 + 3)


def test_ex21_weekly_market_one_of_each():
    state, _, _ = setup(5, 1)
    work_turn(state, 0, "weekly_market")
    state["homes"][0]["stables"] = [space_at("F1-R1")]
    state, _ = play(state, 0, {"type": "place", "space": "weekly_market"})
    assert state["homes"][0]["supply"]["gold"] == 4
    for good in ("sheep", "boar", "grain"):
        state, _ = play(state, 0, {"type": "buy", "good": good})
    assert state["homes"][0]["supply"]["gold"] == 0
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "buy", "good": "sheep"})
    assert err.value.code == "caverna_market_invalid"


def test_ex22_dogs_guard_sheep_on_a_meadow():
    state, _, _ = setup(2, 1)
    home = state["homes"][0]
    lay(state, 0, meadow=[space_at("F3-R4")])
    give(state, 0, dog=3)
    home["animals"]["sheep"] = 4 + 2  # 4 on the meadow, 2 in the dwelling
    assert animals_fit(home)
    home["animals"]["sheep"] = 7
    assert not animals_fit(home)
    # Decision C-05: dogs never make a pasture worse; a pasture with a stable keeps 4 sheep.
    lay(state, 0, small_pasture=[space_at("F3-R4")])
    home["stables"] = [space_at("F3-R4")]
    home["animals"].update(dog=1, sheep=4 + 2)
    assert animals_fit(home)


def test_ex23_pasture_capacities():
    assert pasture_capacity(1, 0) == 2 and pasture_capacity(2, 0) == 4
    assert pasture_capacity(1, 1) == 4 and pasture_capacity(2, 1) == 8
    assert pasture_capacity(2, 2) == 16
    state, _, _ = setup(2, 1)
    home = state["homes"][0]
    a, b = space_at("F2-R4"), space_at("F3-R4")
    lay(state, 0, large_pasture=[a, b])
    home["large"] = [[a, b]]
    home["stables"] = [a, b]
    home["animals"]["cattle"] = 16 + 2
    assert animals_fit(home)
    home["animals"]["cattle"] = 19
    assert not animals_fit(home)


def test_ex24_goods_have_no_box_limit():
    state, _, _ = setup(2, 1)
    give(state, 0, wood=200, stone=99)
    assert state["homes"][0]["supply"]["wood"] == 200
    assert sum(state["bank"].values()) < 0  # the general supply runs "below zero"


def test_ex25_starting_player_stays_when_nobody_takes_it():
    state, _, _ = setup(2, 1, start_player=1)
    b = Builder(state)
    start_round(b, Rng(1), 2)
    assert b.state["start_player"] == 1 and b.state["turn"] == 1


def test_ex26_imitation_gives_no_accumulated_goods():
    state, _, _ = setup(3, 1)
    work_turn(state, 1, "forest_exploration", wood=3)
    state, _ = play(state, 1, {"type": "place", "space": "forest_exploration"})
    assert state["homes"][1]["supply"]["vegetable"] == 1
    state["turn"] = 0
    give(state, 0, food=4)
    imitate = {"type": "place", "space": "imitation_3", "target": "forest_exploration"}
    assert imitate in moves_of(state, 0)
    food = state["homes"][0]["supply"]["food"]
    after, _ = play(state, 0, imitate)
    home = after["homes"][0]
    assert home["supply"]["food"] == food - 4 and home["supply"]["vegetable"] == 1
    assert home["supply"]["wood"] == 0
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "place", "space": "imitation_3", "target": "starting_player"})
    assert err.value.code == "caverna_imitation_invalid"


def test_ex27_round_four_feeding_with_a_newborn_and_begging():
    state, _, _ = setup(2, 1)
    home = state["homes"][0]
    state["round"] = 4
    home["dwarfs"].append({"weapon": 0, "at": None, "born": 4})
    home["supply"]["food"] = 2
    assert feeding_need(state, 0, one_food=True) == 3
    state["phase"] = "harvest_feeding"
    state["pending"] = [{"kind": "feed", "need": 3, "one_food": True}, None]
    after, events = play(state, 0, {"type": "feed"})
    assert after["homes"][0]["supply"]["food"] == 0 and after["homes"][0]["begging"] == 1


def test_ex28_the_eighty_point_score_sheet():
    state, _, _ = setup(2, 1)
    home = state["homes"][0]
    home["animals"].update(dog=2, sheep=4, donkey=2, boar=3, cattle=10)
    home["supply"].update(vegetable=5, ruby=3, gold=10, grain=9)
    forest = [space_at(f"F{c}-R{r}") for r in (1, 2, 3, 4) for c in (1, 2, 3)]
    lay(state, 0, meadow=forest[:9])
    lay(state, 0, small_pasture=[forest[9]], large_pasture=forest[10:12])
    home["large"] = [forest[10:12]]
    mountain = [space_at(f"M{c}-R{r}") for r in (1, 2) for c in (1, 2, 3)] + [
        space_at("M3-R3"),
        space_at("M3-R4"),
    ]
    lay(
        state,
        0,
        ruby_mine=mountain[:2],
        ore_mine=mountain[2:3],
        deep_tunnel=mountain[3:4],
        cavern=mountain[4:5],
    )
    for tile, space in (
        ("dwelling", mountain[5]),
        ("dwelling", M2R3),
        ("cuddle_room", space_at("M1-R3")),
        ("work_room", M2R4),
        ("quarry", mountain[4]),
        ("fodder_chamber", mountain[6]),
    ):
        furnish(state, 0, tile, space)
    home["dwarfs"] = [{"weapon": 0, "at": None} for _ in range(4)]
    # 3 unused spaces: M3-R4 is tiled as a cavern below; leave three forest spaces bare.
    lay(state, 0, cavern=[mountain[7]])
    for s in forest[:3]:
        home["board"][s] = None
    seat = score_sheet(state)["seats"][0]
    points = {c["key"]: c["points"] for c in seat["categories"]}
    assert points["animals"] == 21 and points["missing_animals"] == 0
    assert points["grain"] == 5 and points["unused_spaces"] == -3
    assert points["vegetables"] + points["rubies"] + points["gold"] == 18
    assert points["bonus_fodder_chamber"] == 6 and points["dwarfs"] == 4
    assert points["furnishings"] == 6 + 12 + 11  # pastures, furnishing tiles, mines
    assert seat["total"] == 80
