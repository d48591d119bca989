"""Every furnishing tile's effect (data pack §1.2-§1.4), one test per tile or per small family of
tiles, each naming the tile it checks."""

from __future__ import annotations

from domain.caverna.builder import Builder
from domain.caverna.costs import furnish_cost, payments
from domain.caverna.flow import feeding_need, start_round
from domain.caverna.furnishings import FURNISHINGS, INTRO_TILES
from domain.caverna.scoring import score_sheet
from domain.caverna.state import animals_fit, room
from domain.caverna.tables import space_at
from domain.common.rng import Rng

from .support import furnish, give, lay, moves_of, play, setup, work_turn

M2R3, M3R3, M2R2, M2R4 = (space_at(x) for x in ("M2-R3", "M3-R3", "M2-R2", "M2-R4"))


def fresh(n=2):
    state, _, _ = setup(n, 1)
    return state


def bonus(state, tile, seat=0):
    cats = score_sheet(state)["seats"][seat]["categories"]
    return next(c["points"] for c in cats if c["key"] == f"bonus_{tile}")


def housework(state, seat=0):
    work_turn(state, seat, "housework")
    state, _ = play(state, seat, {"type": "place", "space": "housework"})
    return state


def test_the_data_pack_counts_48_kinds_and_27_introductory_tiles():
    assert len(FURNISHINGS) == 48 and len(INTRO_TILES) == 27
    kinds = [t["kind"] for t in FURNISHINGS.values()]
    assert kinds.count("dwelling") == 6 and kinds.count("ability") == 24
    assert kinds.count("bonus") == 18


def test_dwellings_room():
    state = fresh()
    home = state["homes"][0]
    assert room(home) == 2
    furnish(state, 0, "couple_dwelling", M2R3)
    assert room(home) == 4
    furnish(state, 0, "additional_dwelling", M3R3)
    assert room(home) == 4  # only a 6th dwarf's room
    furnish(state, 0, "dwelling", M2R2)
    assert room(home) == 6
    home["animals"]["sheep"] = 2
    home["animals"]["boar"] = 2
    assert not animals_fit(home)
    furnish(state, 0, "mixed_dwelling", M2R4)  # 1 dwarf + 2 animals of one type
    assert animals_fit(home)


def test_cuddle_breakfast_and_stubble_rooms():
    state = fresh()
    home = state["homes"][0]
    furnish(state, 0, "cuddle_room", M2R3)
    home["animals"]["sheep"] = 2 + 2  # dwelling 2 + one per dwarf (2)
    assert animals_fit(home)
    home["animals"]["sheep"] = 5
    assert not animals_fit(home)
    home["animals"]["sheep"] = 0
    furnish(state, 0, "breakfast_room", M3R3)
    home["animals"]["cattle"] = 5
    assert animals_fit(home)
    home["animals"]["cattle"] = 6
    assert not animals_fit(home)
    home["animals"]["cattle"] = 5
    furnish(state, 0, "stubble_room", M2R2)
    lay(state, 0, field=[space_at("F3-R4")])
    home["animals"]["donkey"] = 1
    assert animals_fit(home)
    home["crops"][str(space_at("F3-R4"))] = ["grain", 3]
    assert not animals_fit(home)


def test_work_room_furnishes_tunnels():
    state = fresh()
    give(state, 0, wood=2)
    furnish(state, 0, "work_room", M2R2)
    lay(state, 0, tunnel=[M2R3])
    state = housework(state)
    assert {"type": "furnish", "tile": "cuddle_room", "at": M2R3} in moves_of(state, 0)


def test_guest_room_turns_either_or_into_and_or():
    state = fresh()
    furnish(state, 0, "guest_room", M2R2)
    give(state, 0, wood=4, stone=3)
    work_turn(state, 0, "wish_for_children")
    state["homes"][0]["dwarfs"][1]["at"] = None
    assert {"type": "place", "space": "wish_for_children", "option": "both"} in moves_of(state, 0)
    state, _ = play(state, 0, {"type": "place", "space": "wish_for_children", "option": "both"})
    state, _ = play(state, 0, {"type": "furnish", "tile": "dwelling", "at": space_at("M1-R3")})
    assert {"type": "grow"} in moves_of(state, 0)


def test_office_room_overhang_pays_two_gold():
    state = fresh()
    lay(state, 0, tunnel=[space_at("M1-R2"), space_at("M1-R1")])
    work_turn(state, 0, "excavation", stone=1)
    placed, _ = play(state, 0, {"type": "place", "space": "excavation"})
    inner = set(range(8, 40))
    assert all(m["at"] in inner and m["at2"] in inner for m in moves_of(placed, 0, "twin"))
    furnish(state, 0, "office_room", space_at("M2-R3"))
    placed, _ = play(state, 0, {"type": "place", "space": "excavation"})
    edge = [m for m in moves_of(placed, 0, "twin") if m["at"] < 8 or m["at2"] < 8]
    assert edge and all(not (m["at"] < 8 and m["at2"] < 8) for m in edge)
    gold = placed["homes"][0]["supply"]["gold"]
    after, _ = play(placed, 0, edge[0])
    assert after["homes"][0]["supply"]["gold"] == gold + 2


def test_carpenter_stone_carver_and_builder_discounts():
    state = fresh()
    home = state["homes"][0]
    furnish(state, 0, "carpenter", M2R3)
    assert furnish_cost(home, "dwelling") == {"wood": 3, "stone": 3}
    furnish(state, 0, "stone_carver", M3R3)
    assert furnish_cost(home, "dwelling") == {"wood": 3, "stone": 2}
    furnish(state, 0, "builder", M2R2)
    give(state, 0, wood=2, stone=2, ore=2)
    ways = dict(payments(home, furnish_cost(home, "dwelling")))
    assert ways["both"] == {"wood": 2, "stone": 1, "ore": 2}


def test_stone_carver_and_blacksmith_give_goods_when_built():
    state = fresh()
    give(state, 0, wood=2, stone=2)
    state = housework(state)
    state, _ = play(state, 0, {"type": "furnish", "tile": "blacksmith", "at": space_at("M1-R3")})
    assert state["homes"][0]["supply"]["ore"] == 2
    work_turn(state, 0, "blacksmithing")
    state, _ = play(state, 0, {"type": "place", "space": "blacksmithing"})
    assert max(m["strength"] for m in moves_of(state, 0, "forge")) == 4  # 2 ore + 2 free


def test_miner_and_suppliers_deliver_at_round_start():
    state = fresh()
    home = state["homes"][0]
    furnish(state, 0, "miner", M2R2)
    lay(state, 0, ore_mine=[M2R3], deep_tunnel=[M3R3])
    give(state, 0, donkey=1)
    home["deliveries"] = {"2": {"wood": 1}}
    b = Builder(state)
    start_round(b, Rng(1), 2)
    assert b.state["homes"][0]["supply"]["ore"] == 1
    assert b.state["homes"][0]["supply"]["wood"] == 1


def test_wood_supplier_schedules_seven_rounds():
    state = fresh()
    give(state, 0, stone=1)
    state = housework(state)
    state, _ = play(state, 0, {"type": "furnish", "tile": "wood_supplier", "at": space_at("M1-R3")})
    assert sorted(int(r) for r in state["homes"][0]["deliveries"]) == [2, 3, 4, 5, 6, 7, 8]


def test_trader_and_spare_part_storage_overbuild_each_other():
    state = fresh()
    give(state, 0, wood=3, gold=2)
    furnish(state, 0, "trader", M2R3)
    work_turn(state, 0)
    state, _ = play(state, 0, {"type": "use", "tile": "trader"})
    assert {k: state["homes"][0]["supply"][k] for k in ("wood", "stone", "ore", "gold")} == {
        "wood": 4,
        "stone": 1,
        "ore": 1,
        "gold": 0,
    }
    state = housework(state)
    assert {"type": "furnish", "tile": "spare_part_storage", "at": M2R3} in moves_of(state, 0)
    state, _ = play(state, 0, {"type": "furnish", "tile": "spare_part_storage", "at": M2R3})
    assert state["homes"][0]["covered"] == ["trader"]
    assert not moves_of(state, 0, "use") or all(
        m["tile"] != "trader" for m in moves_of(state, 0, "use")
    )


def test_dog_school_quarry_and_seam():
    state = fresh()
    furnish(state, 0, "dog_school", M2R3)
    state = housework(state)
    state, _ = play(state, 0, {"type": "take_dog"})
    assert state["homes"][0]["supply"]["wood"] == 1
    furnish(state, 0, "seam", M3R3)
    work_turn(state, 0, "drift_mining", stone=2)
    state, _ = play(state, 0, {"type": "place", "space": "drift_mining"})
    assert state["homes"][0]["supply"]["ore"] == 2
    from domain.caverna.building import breed

    furnish(state, 0, "quarry", M2R2)
    state["homes"][0]["animals"]["donkey"] = 0
    give(state, 0, donkey=2)
    lay(state, 0, ore_mine=[space_at("M1-R2")])
    b = Builder(state)
    stone = state["homes"][0]["supply"]["stone"]
    breed(b, 0, {"donkey": 1}, "breeding")
    assert b.state["homes"][0]["supply"]["stone"] == stone + 1
    assert b.state["homes"][0]["supply"]["ore"] == 2 + 1  # the Seam adds to that stone


def test_slaughtering_and_cooking_caves():
    state = fresh()
    furnish(state, 0, "slaughtering_cave", M2R3)
    give(state, 0, boar=1, grain=1, vegetable=1)
    work_turn(state, 0)
    food = state["homes"][0]["supply"]["food"]
    state, _ = play(state, 0, {"type": "convert", "good": "boar"})
    assert state["homes"][0]["supply"]["food"] == food + 3
    furnish(state, 0, "cooking_cave", M3R3)
    state, _ = play(state, 0, {"type": "use", "tile": "cooking_cave"})
    assert state["homes"][0]["supply"]["food"] == food + 3 + 5


def test_working_and_mining_caves_at_feeding():
    state = fresh()
    furnish(state, 0, "mining_cave", M2R3)
    lay(state, 0, ruby_mine=[M3R3])
    give(state, 0, donkey=1, wood=1)
    assert feeding_need(state, 0, one_food=False) == 4 - 1
    furnish(state, 0, "working_cave", M2R2)
    state["phase"] = "harvest_feeding"
    state["pending"] = [{"kind": "feed", "need": 3, "one_food": False}, None]
    assert {"type": "feed", "with": "wood"} in moves_of(state, 0)
    state["homes"][0]["supply"]["food"] = 1
    after, _ = play(state, 0, {"type": "feed", "with": "wood"})
    assert after["homes"][0]["supply"]["wood"] == 0 and after["homes"][0]["begging"] == 0


def test_breeding_cave_food_per_newborn():
    state = fresh()
    furnish(state, 0, "breeding_cave", M2R3)
    from domain.caverna.building import breed

    b = Builder(state)
    lay(b.state, 0, small_pasture=[space_at("F3-R4")])
    food = b.state["homes"][0]["supply"]["food"]
    breed(b, 0, {"sheep": 1, "boar": 1}, "breeding")
    assert b.state["homes"][0]["supply"]["food"] == food + 2


def test_peaceful_cave_trades_a_weapon_for_food():
    state = fresh()
    furnish(state, 0, "peaceful_cave", M2R3)
    state["homes"][0]["dwarfs"][1]["weapon"] = 6
    work_turn(state, 0)
    food = state["homes"][0]["supply"]["food"]
    state, _ = play(state, 0, {"type": "peace", "dwarf": 1})
    assert state["homes"][0]["supply"]["food"] == food + 6
    assert state["homes"][0]["dwarfs"][1]["weapon"] == 0


def test_parlors_food_when_built_and_their_bonus():
    state = fresh()
    give(state, 0, sheep=2, wood=4, stone=3)
    state = housework(state)
    food = state["homes"][0]["supply"]["food"]
    state, _ = play(
        state, 0, {"type": "furnish", "tile": "weaving_parlor", "at": space_at("M1-R3")}
    )
    assert state["homes"][0]["supply"]["food"] == food + 2
    assert bonus(state, "weaving_parlor") == 1
    furnish(state, 0, "milking_parlor", M2R3)
    state["homes"][0]["animals"]["cattle"] = 3
    assert bonus(state, "milking_parlor") == 3


def test_state_parlor_counts_adjacent_dwellings():
    state = fresh()
    furnish(state, 0, "state_parlor", space_at("M1-R3"))
    furnish(state, 0, "dwelling", M2R3)
    furnish(state, 0, "simple_dwelling_a", space_at("M1-R2"))
    assert bonus(state, "state_parlor") == 4 * 3  # the Entry-level dwelling counts too


def test_before_scoring_trades():
    state = fresh()
    for tile, space in (
        ("hunting_parlor", M2R3),
        ("beer_parlor", M3R3),
        ("blacksmithing_parlor", M2R2),
    ):
        furnish(state, 0, tile, space)
    give(state, 0, boar=2, grain=4, ruby=1, ore=1)
    work_turn(state, 0)
    uses = moves_of(state, 0, "use")
    assert {"type": "use", "tile": "hunting_parlor"} in uses
    assert {"type": "use", "tile": "beer_parlor", "choice": 1} in uses
    state, _ = play(state, 0, {"type": "use", "tile": "beer_parlor", "choice": 0})
    assert state["homes"][0]["supply"]["gold"] == 3
    state, _ = play(state, 0, {"type": "use", "tile": "blacksmithing_parlor"})
    assert state["homes"][0]["supply"]["gold"] == 5


def test_storage_and_chamber_bonuses():
    state = fresh()
    home = state["homes"][0]
    spaces = [
        M2R3,
        M3R3,
        M2R2,
        M2R4,
        space_at("M3-R2"),
        space_at("M1-R2"),
        space_at("M3-R4"),
        space_at("M1-R3"),
    ]
    tiles = [
        "stone_storage",
        "ore_storage",
        "main_storage",
        "weapon_storage",
        "supplies_storage",
        "treasure_chamber",
        "food_chamber",
        "fodder_chamber",
    ]
    for tile, space in zip(tiles, spaces):
        furnish(state, 0, tile, space)
    give(state, 0, stone=5, ore=5, ruby=2, grain=3, vegetable=2, sheep=2, boar=4)
    home["dwarfs"][0]["weapon"] = 3
    assert bonus(state, "stone_storage") == 5 and bonus(state, "ore_storage") == 2
    assert bonus(state, "main_storage") == 2 * 8
    assert bonus(state, "weapon_storage") == 3 and bonus(state, "supplies_storage") == 0
    home["dwarfs"][1]["weapon"] = 1
    assert bonus(state, "supplies_storage") == 8
    assert bonus(state, "treasure_chamber") == 2 and bonus(state, "food_chamber") == 4
    assert bonus(state, "fodder_chamber") == 2


def test_broom_and_prayer_chambers():
    state = fresh()
    furnish(state, 0, "broom_chamber", M2R3)
    furnish(state, 0, "prayer_chamber", M3R3)
    home = state["homes"][0]
    assert bonus(state, "broom_chamber") == 0 and bonus(state, "prayer_chamber") == 8
    home["dwarfs"] += [{"weapon": 0, "at": None} for _ in range(3)]
    assert bonus(state, "broom_chamber") == 5
    home["dwarfs"].append({"weapon": 2, "at": None})
    assert bonus(state, "broom_chamber") == 10 and bonus(state, "prayer_chamber") == 0


def test_writing_chamber_cancels_up_to_seven_negative_points():
    state = fresh()
    before = score_sheet(state)["seats"][0]["total"]
    furnish(state, 0, "writing_chamber", M2R3)
    after = score_sheet(state)["seats"][0]
    # a fresh home: -8 for missing animals, -22 + 1 unused spaces (the new cavern is used)
    assert after["total"] == before + 1 + 7
    assert [c for c in after["categories"] if c["key"] == "writing_chamber_offset"][0][
        "offset"
    ] == 7
