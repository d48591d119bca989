"""Occupations of the E deck whose effects are implemented (catalogue numbers 147-218, 341;
summaries in ``data/occupations.csv``). A card not registered here is not dealt. Each entry
cites the catalogue number."""
from __future__ import annotations

from .engine import card, every, remaining

WOOD_SPACES = ("forest", "wood_1", "wood_2", "wood_4", "reed_stone_wood")


def _stone_rooms(state: dict, seat: int) -> int:
    farm = state["farms"][seat]
    return len(farm["rooms"]) if farm["house"] == "stone" else 0


def _later_occupations(card_id: str):
    def bonus(state: dict, seat: int) -> int:
        occupations = state["farms"][seat].get("occupations", [])
        return len(occupations) - occupations.index(card_id) - 1
    return bonus


def _tier_points(state: dict, seat: int) -> list[int]:
    from ..scoring import score_farm
    return [c["points"] for c in score_farm(state["farms"][seat])[1]][:7]


def _yeoman(state: dict, seat: int) -> int:
    return sum(1 for p in _tier_points(state, seat) if p < 0)


def _lord(state: dict, seat: int) -> int:
    from ..state import fenced_spaces
    farm = state["farms"][seat]
    fenced = fenced_spaces(farm)
    stables = sum(1 for s in farm["stables"] if s in fenced)
    return sum(1 for p in _tier_points(state, seat) if p == 4) + (1 if stables >= 4 else 0)


def _took_wood(extra: dict):
    return lambda gained, space, farm: dict(extra) if gained.get("wood") else {}


def _only_clay(gained: dict, space: str, farm: dict) -> dict:
    kinds = [g for g, n in gained.items() if n]
    return {"clay": 2} if kinds == ["clay"] else {}


def _dancer(gained: dict, space: str, farm: dict) -> dict:
    if space not in ("traveling_players", "room_or_traveling_players"):
        return {}
    return {"food": max(0, 4 - gained.get("food", 0))} if "food" in gained else {}


# E147 Land Agent (3+): 'Take 1 Vegetable' +1 grain; on play +1 vegetable.
card("E147", goods={"vegetable": 1}, space={"vegetable": {"grain": 1}})
# E152 Berry Picker (3+): whenever you take wood with a person, +1 food.
card("E152", taken=_took_wood({"food": 1}))
# E153 Mendicant (1+): up to 2 begging cards score no penalty.
card("E153", bonus=lambda state, seat: 3 * min(2, state["farms"][seat]["begging"]))
# E158 Turner (3+): any time, 1 wood -> 1 food.
card("E158", converts=[({"wood": 1}, {"food": 1})])
# E165 Yeoman Farmer (3+): no negative points except unused spaces and begging cards.
card("E165", bonus=_yeoman)
# E166 Undergardener (4+): Day Laborer +1 vegetable.
card("E166", space={"day_laborer_full": {"vegetable": 1}})
# E167 Conjurer (4+): Traveling Players +1 grain.
card("E167", space={"traveling_players": {"grain": 1}})
# E168 Greengrocer (3+): 'Take 1 Grain' +1 vegetable.
card("E168", space={"grain": {"vegetable": 1}})
# E171 Dock Worker (1+): any time 3 wood -> 1 clay, reed or stone; 2 of clay/reed/stone ->
# 1 other building resource.
card("E171", converts=[({"wood": 3}, {g: 1}) for g in ("clay", "reed", "stone")] +
     [({a: 2}, {b: 1}) for a in ("clay", "reed", "stone")
      for b in ("wood", "clay", "reed", "stone") if a != b])
# E172 Chief (1+): costs 2 food more; +1 bonus point per room of a stone house.
card("E172", bonus=_stone_rooms)
# E174 Tutor (1+): +1 bonus point per occupation played after it.
card("E174", bonus=_later_occupations("E174"))
# E176 Woodcutter (1+): whenever you take wood with a person, +1 wood.
card("E176", taken=_took_wood({"wood": 1}))
# E177 Wooden Hut Builder (3+): +1 bonus point per room of a wooden hut.
card("E177", bonus=lambda state, seat: len(state["farms"][seat]["rooms"])
     if state["farms"][seat]["house"] == "wood" else 0)
# E185 Clay Firer (4+): any time 2 clay -> 1 stone, or 3 clay -> 2 stone.
card("E185", converts=[({"clay": 2}, {"stone": 1}), ({"clay": 3}, {"stone": 2})])
# E187 Clay Deliveryman (1+): 1 clay on each remaining round space of rounds 6-14.
card("E187", schedule=every({"clay": 1}, lambda now: remaining(now, range(6, 15))))
# E188 Clay Mixer (1+): when a person's action gives only clay, +2 clay.
card("E188", taken=_only_clay)
# E189 Lord of the Manor (1+): +1 per category at its 4-point maximum (4 fenced stables).
card("E189", bonus=_lord)
# E192 Patron (4+): +2 food before paying for each later occupation (see play.py).
card("E192", patron=True)
# E205 Reed Collector (3+): 1 reed on each of the next 4 round spaces.
card("E205", schedule=every({"reed": 1}, lambda now: list(range(now + 1, min(now + 5, 15)))))
# E209 Quarryman (3+): any time, 1 stone -> 2 food.
card("E209", converts=[({"stone": 1}, {"food": 2})])
# E212 Dancer (4+): Traveling Players gives at least 4 food.
card("E212", taken=_dancer)
# E218 Carpenter (1+): a room costs 3 of the house material + 2 reed.
card("E218", room_material=3)
# E199 Renovator (1+): renovating costs 2 clay (to clay) or 2 stone (to stone) less.
card("E199", renovation_less=2)


def _stone_carrier(gained: dict, space: str, farm: dict) -> dict:
    if not gained.get("stone"):
        return {}
    if not any(gained.get(g) for g in ("wood", "clay", "reed")):
        return {"stone": 1}
    return {"stone": 1, "food": -1} if farm["supply"]["food"] >= 1 else {}


def _own_oven(farm: dict) -> bool:
    return any("oven" in m for m in farm["majors"])


# E162 Meat Seller (1+): with an oven, animals -> food any time: sheep 2, boar 3, cattle 4.
card("E162", converts=[({"sheep": 1}, {"food": 2}), ({"boar": 1}, {"food": 3}),
                       ({"cattle": 1}, {"food": 4})], converts_if=_own_oven)
# E190 Maid (1+): once the seat lives in a clay hut (or stone house), 1 food on each remaining
# round space (see hooks.round_start).
card("E190", maid=True)
# E208 Stablemaster (1+): one unfenced stable holds up to 3 animals of one type.
card("E208", housing={"stablemaster": 3})
# E210 Stone Carrier (1+): taking stone with a person +1 stone; 1 food for it if other building
# resources came with it.
card("E210", taken=_stone_carrier)


def _cook(state: dict, farm: dict, need: int) -> int:
    """Only 2 people eat 2 food; the others 1 (newborns already eat 1)."""
    adults = farm["family"] - farm["newborns"]
    per = state["feeding"]["adult"]
    return need - max(0, adults - 2) * (per - 1)


def _estate_manager(state: dict, seat: int) -> int:
    n = len(state["players"])
    mine = state["farms"][seat]["animals"]
    for s, farm in enumerate(state["farms"]):
        if s != seat and any(farm["animals"][a] > mine[a] for a in mine):
            return 0
    return {3: 2, 4: 3, 5: 4}.get(n, 0)


# E154 Master Brewer (1+): feeding phase, once per harvest, 1 grain -> 3 food.
card("E154", converts=[({"grain": 1}, {"food": 3})], harvest=True)
# E170 Estate Manager (3+): no opponent with more animals of any type -> 2/3/4 bonus points
# with 3/4/5 players.
card("E170", bonus=_estate_manager)
# E181 Cook (4+): at feeding only 2 people eat 2 food; the others 1.
card("E181", feeding=_cook)
# E183 Basketmaker (4+): each harvest, up to 1 reed -> 3 food.
card("E183", converts=[({"reed": 1}, {"food": 3})], harvest=True)
# E201 Cattle Whisperer (4+): 1 cattle on the round spaces current+5 and current+9.
card("E201", schedule=lambda now: {r: {"cattle": 1} for r in (now + 5, now + 9) if r <= 14})
# E204 Master Shepherd (4+): 1 sheep on each of the next 3 round spaces.
card("E204", schedule=every({"sheep": 1}, lambda now: list(range(now + 1, min(now + 4, 15)))))
# E206 Swineherd (4+): '1 Wild Boar' +1 boar.
card("E206", space={"boar": {"boar": 1}})
# E214 Potter (3+): each harvest, up to 1 clay -> 2 food.
card("E214", converts=[({"clay": 1}, {"food": 2})], harvest=True)
