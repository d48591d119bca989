"""Occupations of the E deck whose effects are implemented (catalogue numbers 147-218, 341;
summaries in ``data/occupations.csv``). A card not registered here is not dealt. Each entry
cites the catalogue number."""

from __future__ import annotations

from .. import actions, animals, baking, free_builds, occupation_play, round_start, spaces
from ..deck import Deck
from ..engine import every, remaining
from . import e_occupation_rules as es

DECK = Deck("E occupations")

WOOD_SPACES = ("forest", "wood_1", "wood_2", "wood_4", "reed_stone_wood")


# E147 Land Agent (3+): 'Take 1 Vegetable' +1 grain; on play +1 vegetable.
DECK.card("E147", "Land Agent", goods={"vegetable": 1}, space={"vegetable": {"grain": 1}})
# E152 Berry Picker (3+): "Whenever you use a person's action to take wood, you receive an
# additional 1 food" (S1), also when Building Material (E16) brings wood (seed 000 L920). Sets
# 1-4 gave nothing for Building Material.
DECK.card("E152", "Berry Picker", taken=es.took_wood({"food": 1}), after=es.berry_picker)
DECK.card("E152", "Berry Picker", until=4, taken=es.took_wood({"food": 1}))
# E153 Mendicant (1+): up to 2 begging cards score no penalty.
DECK.card(
    "E153", "Mendicant", bonus=lambda state, seat: 3 * min(2, state["farms"][seat]["begging"])
)
# E158 Turner (3+): any time, 1 wood -> 1 food.
DECK.card("E158", "Turner", converts=[({"wood": 1}, {"food": 1})])
# E165 Yeoman Farmer (3+): no negative points except unused spaces and begging cards.
DECK.card("E165", "Yeoman Farmer", bonus=es.yeoman)
# E166 Undergardener (4+): Day Laborer +1 vegetable.
DECK.card("E166", "Undergardener", space={"day_laborer_full": {"vegetable": 1}})
# E167 Conjurer (4+): Traveling Players +1 grain.
DECK.card("E167", "Conjurer", space={"traveling_players": {"grain": 1}})
# E168 Greengrocer (3+): 'Take 1 Grain' +1 vegetable.
DECK.card("E168", "Greengrocer", space={"grain": {"vegetable": 1}})
# E171 Dock Worker (1+): any time 3 wood -> 1 clay, reed or stone; 2 of clay/reed/stone ->
# 1 other building resource.
DECK.card(
    "E171",
    "Dock Worker",
    converts=[({"wood": 3}, {g: 1}) for g in ("clay", "reed", "stone")]
    + [
        ({a: 2}, {b: 1})
        for a in ("clay", "reed", "stone")
        for b in ("wood", "clay", "reed", "stone")
        if a != b
    ],
)
# E172 Chief (1+): costs 2 food more; +1 bonus point per room of a stone house.
DECK.card("E172", "Chief", bonus=es.stone_rooms)
# E174 Tutor (1+): +1 bonus point per occupation played after it.
DECK.card("E174", "Tutor", bonus=es.later_occupations("E174"))
# E176 Woodcutter (1+): whenever you take wood with a person, +1 wood.
DECK.card("E176", "Woodcutter", taken=es.took_wood({"wood": 1}))
# E177 Wooden Hut Builder (3+): +1 bonus point per room of a wooden hut.
DECK.card(
    "E177",
    "Wooden Hut Builder",
    bonus=lambda state, seat: (
        len(state["farms"][seat]["rooms"]) if state["farms"][seat]["house"] == "wood" else 0
    ),
)
# E185 Clay Firer (4+): any time 2 clay -> 1 stone, or 3 clay -> 2 stone.
DECK.card("E185", "Clay Firer", converts=[({"clay": 2}, {"stone": 1}), ({"clay": 3}, {"stone": 2})])
# E187 Clay Deliveryman (1+): 1 clay on each remaining round space of rounds 6-14.
DECK.card(
    "E187",
    "Clay Deliveryman",
    schedule=every({"clay": 1}, lambda now: remaining(now, range(6, 15))),
)
# E188 Clay Mixer (1+): when a person's action gives only clay, +2 clay.
DECK.card("E188", "Clay Mixer", taken=es.only_clay)
# E189 Lord of the Manor (1+): +1 per category at its 4-point maximum (4 fenced stables).
DECK.card("E189", "Lord of the Manor", bonus=es.lord)
# E192 Patron (4+): "In future, whenever you play an occupation, you receive 2 food before you
# pay the costs of the occupation" (S1): an occupation played in answer to the Chief
# (``card_react``) too (see play.py). Sets 1-4 paid on occupation actions only.
DECK.card("E192", "Patron", patron=occupation_play.ANY_OCCUPATION)
DECK.card("E192", "Patron", until=4, patron=True)
# E205 Reed Collector (3+): 1 reed on each of the next 4 round spaces.
DECK.card(
    "E205",
    "Reed Collector",
    schedule=every({"reed": 1}, lambda now: list(range(now + 1, min(now + 5, 15)))),
)
# E209 Quarryman (3+): any time, 1 stone -> 2 food.
DECK.card("E209", "Quarryman", converts=[({"stone": 1}, {"food": 2})])
# E212 Dancer (4+): "Whenever you use the Traveling Players action on an action space, you
# receive at least 4 food, even if only 1 to 3 food are on the space" (S1); with the
# Storyteller E169, 1 vegetable, at least 4 food and 1 food left on the space (seed 000 L904,
# L956; ``leaving.top_up``). Sets 1-4 left 3 food in that case.
DECK.card(
    "E212",
    "Dancer",
    taken=es.dancer,
    at_least={"spaces": es.TRAVELING_PLAYERS, "goods": {"food": 4}},
)
DECK.card("E212", "Dancer", until=4, taken=es.dancer)
# E218 Carpenter (1+): a room costs 3 of the house material + 2 reed.
DECK.card("E218", "Carpenter", room_material=3)
# E199 Renovator (1+): renovating costs 2 clay (to clay) or 2 stone (to stone) less.
DECK.card("E199", "Renovator", renovation_less=2)


# E162 Meat Seller (1+): with an oven, animals -> food any time: sheep 2, boar 3, cattle 4.
DECK.card(
    "E162",
    "Meat Seller",
    converts=[
        ({"sheep": 1}, {"food": 2}),
        ({"boar": 1}, {"food": 3}),
        ({"cattle": 1}, {"food": 4}),
    ],
    converts_if=es.own_oven,
)
# E190 Maid (1+): once the seat lives in a clay hut (or stone house), 1 food on each remaining
# round space (see hooks.round_start).
DECK.card("E190", "Maid", maid=True)
# E208 Stablemaster (1+): one unfenced stable holds up to 3 animals of one type.
DECK.card("E208", "Stablemaster", housing={"stablemaster": 3})
# E210 Stone Carrier (1+): "Whenever you take stone with an action of a person, you can also
# take 1 additional stone. If you also receive other building resources, this costs you 1
# food" (S1): free, it comes by itself; for 1 food it is the seat's choice. Sets 1-4 took the
# paid stone by itself whenever the seat had the food.
DECK.card(
    "E210", "Stone Carrier", taken=es.stone_carrier_free, choice_after=es.stone_carrier_choice
)
DECK.card("E210", "Stone Carrier", until=4, taken=es.stone_carrier)


# E154 Master Brewer (1+): feeding phase, once per harvest, 1 grain -> 3 food.
DECK.card("E154", "Master Brewer", converts=[({"grain": 1}, {"food": 3})], harvest=True)
# E170 Estate Manager (3+): no opponent with more animals of any type -> 2/3/4 bonus points
# with 3/4/5 players.
DECK.card("E170", "Estate Manager", bonus=es.estate_manager)
# E181 Cook (4+): at feeding only 2 people eat 2 food; the others 1.
DECK.card("E181", "Cook", feeding=es.cook)
# E183 Basketmaker (4+): each harvest, up to 1 reed -> 3 food.
DECK.card("E183", "Basketmaker", converts=[({"reed": 1}, {"food": 3})], harvest=True)
# E201 Cattle Whisperer (4+): 1 cattle on the round spaces current+5 and current+9.
DECK.card(
    "E201",
    "Cattle Whisperer",
    schedule=lambda now: {r: {"cattle": 1} for r in (now + 5, now + 9) if r <= 14},
)
# E204 Master Shepherd (4+): 1 sheep on each of the next 3 round spaces.
DECK.card(
    "E204",
    "Master Shepherd",
    schedule=every({"sheep": 1}, lambda now: list(range(now + 1, min(now + 4, 15)))),
)
# E206 Swineherd (4+): '1 Wild Boar' +1 boar.
DECK.card("E206", "Swineherd", space={"boar": {"boar": 1}})
# E214 Potter (3+): each harvest, up to 1 clay -> 2 food.
DECK.card("E214", "Potter", converts=[({"clay": 1}, {"food": 2})], harvest=True)


# E148 Academic (3+): counts as 2 occupations for prerequisites and Reeve/Tutor scoring.
DECK.card("E148", "Academic", counts_as=2)
# E155 Bread Seller (3+): whenever any player bakes, +1 food per grain baked.
DECK.card("E155", "Bread Seller", after_any=es.bread_seller)
# E157 Thatcher (3+): 1 reed less per room, per renovation and for Half-timbered House (E21).
DECK.card("E157", "Thatcher", reed_less=1)
# E160 Farmer (4+): "The next time you build fences, you receive 1 wild boar. Each time you
# build at least 1 fence after that, you receive 1 cattle" (S1); also when the fences come from
# Mini Pasture (seed 000 L980). Sets 1-4 ignored fences a card built.
DECK.card("E160", "Farmer", after=es.farmer)
DECK.card("E160", "Farmer", until=4, after=es.farmer_v1)
# E182 Charcoal Burner (3+): whenever anyone builds a baking improvement, +1 food, +1 wood.
DECK.card("E182", "Charcoal Burner", after_any=es.charcoal_burner)
# E184 Grocer (1+): a stack of goods on the card, the top one for 1 food at any time (the
# stack's order from the top: reed, grain, stone, vegetable, wood, clay, reed, vegetable).
DECK.card("E184", "Grocer", converts_dynamic=es.grocer)
# E193 Pastor (4+): the last player with only 2 rooms gets 3 wood, 2 clay, 1 reed, 1 stone.
DECK.card("E193", "Pastor", after_any=es.pastor, round_check=True)
# E197 Braggart (3+): 5/6/7/8/9+ improvements -> 1/3/5/7/9 bonus points.
DECK.card("E197", "Braggart", bonus=es.braggart)
# E213 Stockman (4+): your 2nd stable brings 1 cattle, the 3rd 1 boar, the 4th 1 sheep.
DECK.card("E213", "Stockman", after=es.stockman)
# E217 Reeve (3+): wood by round on play; every player with the most occupations +3.
DECK.card(
    "E217",
    "Reeve",
    goods_by_round=lambda now: {"wood": es.reeve_wood(now)},
    global_bonus=es.reeve_bonus,
)
# E341 Guildmaster (3+): +4 wood / 4 clay / 3 reed when the seat gets the Joinery, Pottery
# or Potter, Basketmaker's Workshop or Basketmaker; +2 of each it already has.
DECK.card("E341", "Guildmaster", after=es.guildmaster, on_play_goods=es.guildmaster_now)


FIELD_WARDEN = ("vegetable", "plough", "plough_sow")
HEAD_OF_FAMILY = (
    "rooms_stables",
    "room_or_traveling_players",
    "family_growth",
    "family_growth_minor",
    "urgent_family_growth",
)

# E159 Head of the Family (4+): "You can use any room building or family growth action space,
# even if another player has already placed a person on it" (S1): the 5-player "1 Occupation or
# Family Growth" space too, for its family growth (decision K-19). Sets 1-4 left it out.
DECK.card(
    "E159",
    "Head of the Family",
    occupied_ok=HEAD_OF_FAMILY,
    occupied_options={"occupation_or_growth": ("growth",)},
)
DECK.card("E159", "Head of the Family", until=4, occupied_ok=HEAD_OF_FAMILY)
# E163 Field Warden (4+): 'Take 1 Vegetable' and the ploughing spaces even when occupied.
DECK.card("E163", "Field Warden", occupied_ok=FIELD_WARDEN)
# E186 Clay Seller (4+): any time 2 clay -> 1 sheep or 1 reed; 3 clay -> 1 boar or 1 stone;
# 4 clay -> 1 cattle.
DECK.card(
    "E186",
    "Clay Seller",
    converts=[
        ({"clay": 2}, {"sheep": 1}),
        ({"clay": 2}, {"reed": 1}),
        ({"clay": 3}, {"boar": 1}),
        ({"clay": 3}, {"stone": 1}),
        ({"clay": 4}, {"cattle": 1}),
    ],
)
# E202 Seasonal Worker (1+): Day Laborer +1 grain; from round 6 +1 vegetable instead if the
# seat likes (a choice asked after the placement).
DECK.card(
    "E202",
    "Seasonal Worker",
    space={"day_laborer_full": lambda state: {} if state["round"] >= 6 else {"grain": 1}},
    choice_at={"day_laborer_full": (6, [{"grain": 1}, {"vegetable": 1}])},
)
# E211 Stonecutter (3+): improvements, rooms and renovations cost 1 stone less.
DECK.card("E211", "Stonecutter", stone_less=es.stone_less)

# E195 Plow Maker (1+): on a ploughing action, 1 more field for 1 food, with or without a plow
# (seed 000 L832; see plows.py).
DECK.card("E195", "Plow Maker")
# E196 Mushroom Collector (1+): taking wood from an accumulating space, leave 1 of it there
# for 2 food (see leaving.py).
DECK.card("E196", "Mushroom Collector", leave={"good": "wood", "count": 1, "gain": {"food": 2}})
# E169 Storyteller (4+): on Traveling Players, leave 1 food there for 1 vegetable.
DECK.card(
    "E169",
    "Storyteller",
    leave={
        "good": "food",
        "count": 1,
        "gain": {"vegetable": 1},
        "only": ("traveling_players", "room_or_traveling_players"),
    },
)
# E151 Master Builder (1+): once per game, with 5 rooms, 1 room for free (seed 000 L868; see
# free_builds.py).
DECK.card("E151", "Master Builder", free_room=(None, 5))
# E191 Mason (1+): once per game, with a stone house of 4 rooms, 1 room for free (seed 000
# L808).
DECK.card("E191", "Mason", free_room=("stone", 4))
# E207 Stablehand (1+): "Whenever you build at least 1 fence, you also receive 1 stable which
# you must build immediately" (S1): at most once per round, also after Mini Pasture (seed 000
# L824). Sets 1-4 gave it after a fence-building action only.
DECK.card("E207", "Stablehand", stable_after_fences=free_builds.AFTER_ANY_FENCES)
DECK.card("E207", "Stablehand", until=4, stable_after_fences=True)
# E175 Hedge Keeper (1+): in a fence-building action, once 1 fence is built, up to 3 more
# without wood (seed 000 L942; see free_builds.py).
DECK.card("E175", "Hedge Keeper", free_fences=3)
# E200 Conservator (1+): "You can renovate your wooden hut to a stone house without first
# needing to renovate it to a clay hut" (S1), at the usual price (seed 000 L906) less the
# Stonecutter's, Thatcher's and Renovator's discounts (see payments.py). Sets 1-4: no discount.
DECK.card("E200", "Conservator", discounted=True)
DECK.card("E200", "Conservator", until=4)
# E173 Chief's Daughter (1+): +3 bonus points with a stone house, +1 with a clay hut; free to
# play when another player plays the Chief (E172; see reactions.py).
DECK.card(
    "E173",
    "Chief's Daughter",
    reacts_to="E172",
    bonus=lambda state, seat: {"clay": 1, "stone": 3}.get(state["farms"][seat]["house"], 0),
)
# E180 Hobby Farmer (4+): +1 vegetable on play, which may be sown at once on an empty field.
DECK.card(
    "E180",
    "Hobby Farmer",
    goods={"vegetable": 1},
    step="sow_one",
    step_data={"crops": ["vegetable"]},
)

# Cards whose mechanism has a module of its own
# E156 Brush Maker (3+): "Whenever you convert wild boar to food, you place the boar on this
# card" (S1), through a card too (Meat Seller E162; sets 1-4: cooked boar only); 2/3/4+ there
# -> 1/2/3 bonus points.
DECK.card("E156", "Brush Maker", after=animals.brush_maker, bonus=animals.brush_maker_points)
DECK.card(
    "E156", "Brush Maker", until=4, after=animals.brush_maker_v1, bonus=animals.brush_maker_points
)
# E203 Shepherd (4+): breeding with 4+ sheep gives 2 lambs.
DECK.card("E203", "Shepherd", newborns=animals.shepherd)
# E215 Tenant Farmer (4+): borrow 1 sheep, 1 wild boar, 1 cattle; give them back at the end or
# lose 1 point each (see ``animals.tenant_farmer``).
DECK.card(
    "E215",
    "Tenant Farmer",
    animals={"sheep": 1, "boar": 1, "cattle": 1},
    bonus=animals.tenant_farmer,
)
# E216 Animal Keeper (4+): pastures may hold mixed animal types (``hooks.housing``).
DECK.card("E216", "Animal Keeper", housing={"mixed": True})
# E178 Hut Builder (4+): "Play this card during round 1-4. At the start of round 11, you can
# extend your hut by 1 room at no cost, as long as you have not yet renovated to a stone house"
# (S1): offered before the holder's first placement of round 11 and only then (K-11), never
# for a stone house. Sets 1-4 kept the room owed for the rest of the game.
DECK.card(
    "E178",
    "Hut Builder",
    play_if=round_start.early,
    round_start=round_start.hut_builder,
    free_room=free_builds.GRANTED,
    not_stone=True,
    after_any=round_start.hut_builder_lapses,
)
DECK.card(
    "E178",
    "Hut Builder",
    until=4,
    play_if=round_start.early,
    round_start=round_start.hut_builder,
    free_room=free_builds.GRANTED,
)
# E194 Plow Driver (1+): with a stone house, 1 food for 1 field at each round's start.
DECK.card(
    "E194",
    "Plow Driver",
    round_start=round_start.plow_driver,
    after_any=round_start.plow_driver_lapses,
)
# E198 Ratcatcher (3+): by round 9; in rounds 10 and 12 each other player places 1 offspring
# fewer.
DECK.card("E198", "Ratcatcher", play_if=round_start.by_round_9, round_start=round_start.ratcatcher)
# E164 Master Forester (4+): adds the 3-player "2 Wood" space; others pay the owner 2 food.
DECK.card("E164", "Master Forester", adds_space=spaces.add_space)
# E161 Fisherman (3+): Fishing: may take the food twice, then pays the fishing cards' owners.
DECK.card("E161", "Fisherman", choice_after=actions.fisher_choice)
# E179 Merchant (1+): 1 food to use an improvement action a second time.
DECK.card("E179", "Merchant", again=True)
# E149 Master Baker (4+): own bake actions +1 food; may bake when another player bakes.
DECK.card(
    "E149",
    "Master Baker",
    after=baking.master_baker_own,
    after_any=baking.master_baker_any,
    card_bake=baking.OFFERED,
)
# E150 Baker (1+): may bake on play and in each harvest's feeding phase.
DECK.card("E150", "Baker", step="oven_bake", card_bake=baking.FEEDING)
