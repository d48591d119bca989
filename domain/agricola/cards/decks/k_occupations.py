"""K occupations whose effects are implemented (issue 23 item 3; summaries in
``data/occupations.csv``, full texts in source S1). A card not registered here is not dealt.
Each entry cites the catalogue number; seed lines are in the catalogue's ``seed000_line``.
Decisions where the sources disagree: ``docs/rules/cards-k-occupations.md`` (K-OCC-n)."""

from __future__ import annotations

from ...statetypes import Farm
from .. import (
    animal_bag,
    answer_occupation,
    growth_cards,
    round_offers,
    round_start_play,
    stable_pasture,
    wood_carver,
    wood_fields,
    work_start,
)
from ..deck import Deck
from ..engine import every, remaining
from . import k_occupation_rules as ks

DECK = Deck("K occupations")

TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")

# K276 Constable (3+): "You receive wood immediately when you play this card: if played in round
# 12 or 13, take 1 wood; ... 9, 10, or 11 ... 2 wood; ... 6, 7, or 8 ... 3 wood; ... before round
# 6, take 4 wood. At the end of the game, any player who has no negative points receives 5
# bonus points" (S1); seed 000 L822: a player who lost points in any category gets nothing.
DECK.card(
    "K276",
    "Constable",
    goods_by_round=lambda now: {"wood": ks.wood_by_round(now)},
    global_bonus=ks.constable,
)
# K282 House Steward (3+): the same wood on play (seed 000 L794); "At the end of the game, the
# player(s) with the most rooms in their home receive 3 bonus points each" (S1).
DECK.card(
    "K282",
    "House Steward",
    goods_by_round=lambda now: {"wood": ks.wood_by_round(now)},
    global_bonus=ks.house_steward,
)
# K283 Wood Deliveryman (1+): "Place 1 wood on each remaining space for rounds 8 to 14. At the
# start of these rounds, you receive the wood" (S1); nothing for the current or earlier rounds
# (seed 000 L886).
DECK.card(
    "K283",
    "Wood Deliveryman",
    schedule=every({"wood": 1}, lambda now: remaining(now, range(8, 15))),
)
# K285 Tinsmith (3+): "You can convert clay into food at any time. You receive 1 food per clay.
# If any player has built a Well, you receive 3 food for each 2 clay instead" (S1); seed 000
# L848: any number of times, and 2 clay -> 3 food still after the Well went back to the board
# (the card remembers that a Well was built: K-OCC-1).
DECK.card(
    "K285",
    "Tinsmith",
    converts=[({"clay": 1}, {"food": 1}), ({"clay": 2}, {"food": 3})],
    option_if=ks.tinsmith_option,
    after_any=ks.tinsmith_well,
    round_check=True,
)
# K287 Storehouse Clerk (4+): "Whenever you have at least 5 stone at the start of a round, you
# receive 1 extra stone. If you have at least 6 reed, you receive 1 reed. If you have at least
# 7 clay, you receive 1 clay. If you have at least 8 wood, you receive 1 wood" (S1).
DECK.card("K287", "Storehouse Clerk", round_start=ks.storehouse_clerk)
# K288 Storehouse Keeper (4+): "Whenever you use a person's action to take reed and stone at
# the same time, you also receive your choice of 1 clay or 1 grain" (S1).
DECK.card("K288", "Storehouse Keeper", choice_after=ks.storehouse_keeper)
# K290 Clay Worker (1+): "Whenever you use an action of a person to take wood or clay, you also
# receive 1 additional clay" (S1): 1 clay per action, however many of the two it gave.
DECK.card(
    "K290",
    "Clay Worker",
    taken=lambda gained, space, farm: (
        {"clay": 1} if gained.get("wood") or gained.get("clay") else {}
    ),
)
# K296 Seed Seller (3+): "Whenever you use the 'Take 1 Grain' action space, you receive 1
# additional grain. When you play this card, you receive 1 grain" (S1).
DECK.card("K296", "Seed Seller", goods={"grain": 1}, space={"grain": {"grain": 1}})


# K297 Sheep Farmer (3+): "Whenever you take sheep with one of your people, you receive an
# additional sheep from the general supply. You can exchange 3 sheep for 1 cattle and 1 wild
# boar at any time (except during the breeding phase)" (S1); seed 000 L860: only on the
# "1 Sheep" space or the 5-player livestock space, never for sheep from cards.
# Card set 8 (issue 38, K-OCC-28): the exchange is not offered, and refused with the card's
# sentence, in the breeding phase (``not_in_phases``, ``when``; ``card_moves.convert_moves``).
def _sheep_farmer_took(gained: dict, space: str, farm: Farm) -> dict:
    return {"sheep": 1} if gained.get("sheep") and space in ("sheep", "livestock") else {}


DECK.card(
    "K297",
    "Sheep Farmer",
    taken=_sheep_farmer_took,
    converts=[({"sheep": 3}, {"cattle": 1, "boar": 1})],
    not_in_phases=("harvest_breeding",),
    when="at any time except during the breeding phase",
)
DECK.card(
    "K297",
    "Sheep Farmer",
    until=7,
    taken=_sheep_farmer_took,
    converts=[({"sheep": 3}, {"cattle": 1, "boar": 1})],
)
# K298 Shepherd Boy (4+): "Once you live in a stone house, place 1 sheep on each remaining round
# space. At the start of these rounds, you receive the sheep" (S1); seed 000 L874: not for the
# current round.
DECK.card("K298", "Shepherd Boy", after_any=ks.shepherd_boy, round_check=True)
# K300 Schnaps Distiller (1+): "In the feeding phase of each harvest, you can convert up to 1
# vegetable to 5 food" (S1); no cooking improvement needed (seed 000 L916).
DECK.card("K300", "Schnaps Distiller", converts=[({"vegetable": 1}, {"food": 5})], harvest=True)
# K302 Pig Whisperer (4+): "Add 4, 7 and 10 to the number of the current round and place 1 wild
# boar on each corresponding round space. At the start of these rounds, you receive the wild
# boar" (S1).
DECK.card(
    "K302",
    "Pig Whisperer",
    schedule=lambda now: {r: {"boar": 1} for r in (now + 4, now + 7, now + 10) if r <= 14},
)
# K309 Weaver (4+): "Whenever you have at least 2 sheep at the start of the work phase of a
# round, you receive 1 food" (S1); seed 000 L958: sheep taken at the round's start (from a round
# space) count.
DECK.card("K309", "Weaver", round_start=ks.weaver)
# K311 Magician (4+): "Whenever you use your last person to choose the 'Traveling Players'
# action on an action space, you receive an additional 1 grain and 1 food" (S1).
DECK.card(
    "K311",
    "Magician",
    taken=lambda gained, space, farm: (
        {"grain": 1, "food": 1} if space in TRAVELING_PLAYERS and farm["home"] == 0 else {}
    ),
)
# K291 Lover (3+, 4 food more): "When you play this card, immediately carry out a 'Family
# growth even without room' action ... Playing this card costs you an additional 4 food" (S1);
# seed 000 L850: 4 food in all on top of the occupation's cost.
DECK.card("K291", "Lover", play_if=ks.lover_problem, after_any=ks.lover, round_check=True)
# K295 Cattle Breeder (4+): "Your cattle breed at the end of round 12, if there is space for the
# calf. When you play this card, you receive 1 cattle" (S1): checked before round 13 starts
# (nothing happens between the end of round 12, which has no harvest, and that moment).
DECK.card(
    "K295",
    "Cattle Breeder",
    animals={"cattle": 1},
    round_start=ks.cattle_breeder,
)

# -- cards with a mechanism module of their own ----------------------------------------------------

# K286 Smallholder (1+): "Your pastures that can hold 2 animals can hold 3 animals. While you
# have at most 2 fields, add 1 extra grain or vegetable from the general supply to each field you
# sow" (S1); seed 000 L928: the pastures always, not unfenced stables; card fields for grain or
# vegetables count as fields and get the extra crop (``home_and_pastures.py``).
DECK.card("K286", "Smallholder", small_pasture=3, after=ks.smallholder)
# K306 Animal Tamer (1+): "You can keep 1 animal in each room of your home. You may keep more
# than 1 type of animal in your home" (S1); seed 000 L804: not with the House Goat (K120).
DECK.card("K306", "Animal Tamer", home_per_room=1)
# K292 Market Woman (1+): "Whenever you receive vegetables through a person's action or through
# a minor improvement, you receive an additional 2 grain" (S1); seed 000 L968: not for
# vegetables from an occupation; after a minor's trade (grain given first), the 2 grain come
# after (K-OCC-8).
DECK.card(
    "K292",
    "Market Woman",
    taken=lambda gained, space, farm: {"grain": 2} if gained.get("vegetable") else {},
    after=ks.market_woman,
)
# K268 Pieceworker (1+): "Whenever you receive wood, clay, reed, stone or grain on an action
# space, you can buy one more of the same good for 1 food. Whenever you receive vegetable(s) on
# an action space, you can buy one more for 2 food" (S1); seed 000 L924: in the work phase, from
# an action space only.
DECK.card("K268", "Pieceworker", choice_after=ks.pieceworker)
# K280 Tanner (3+): "When you convert wild boar or cattle to food, place them on this card. At
# the end of the game ... wild boar: 6 or more 3 points; 4 or 5, 2 points; 2 or 3, 1 point.
# ... cattle: 4 or more 3 points; 3 cattle 2 points; 2 cattle 1 point" (S1); seed 000 L814: a
# boar on the Tanner is not also the Basin Maker's or the Brush Maker's (K-OCC-6).
DECK.card("K280", "Tanner", after=ks.tanner, bonus=ks.tanner_points)
# K273 Basin Maker (4+): "For each wild boar that you convert into food, you can place up to 2
# wood from your personal supply on this card. At the end of the game, you receive 1 bonus point
# for each wood on this card except the 1st, 4th, 7th and 10th" (S1); seed 000 L888: 0, 1 or 2
# wood per boar (K-OCC-7).
DECK.card(
    "K273",
    "Basin Maker",
    after=ks.basin_maker_boar,
    converts_dynamic=ks.basin_maker_wood,
    bonus=ks.basin_maker_points,
)
# K274 Organic Farmer (1+): "At the end of the game, you receive 1 bonus point for each of your
# pastures that contains at least 1 animal, but could contain at least 3 more animals than it
# does" (S1).
DECK.card("K274", "Organic Farmer", bonus=ks.organic_farmer)
# K272 Frame Builder (1+): "In each renovation, you may replace exactly 1 clay or 1 stone with 1
# wood. In each extension, you may replace exactly 2 clay or 2 stone with 1 wood" (S1); seed 000
# L972: with several rooms at once, for all or some of them (``roof_and_frame.py``).
DECK.card("K272", "Frame Builder", frame={"room": 2, "renovation": 1})
# K294 Brushwood Collector (3+): "You may replace the required reed with a total of 1 wood for
# any renovation or for each new room" (S1); seed 000 L918 as the Frame Builder's.
DECK.card("K294", "Brushwood Collector", brushwood=True)
# K303 Stone Breaker (4+): "At any time, you can renovate your clay hut to a stone house without
# using a 'Renovation' action space" (S1); seed 000 L812: still paid; not with the Conservator
# (``any_time_renovation.py``).
DECK.card("K303", "Stone Breaker", renovate_stone_any_time=True)
# K293 Plowman (1+): "Add 4, 7 and 10 to the number of the current round and place 1 field on
# each corresponding round space. At the start of these rounds, you can plow that field by
# paying 1 food" (S1); seed 000 L866: a field not bought goes back (``round_offers.py``; offered
# at the seat's first turn of the round, K-11).
DECK.card(
    "K293",
    "Plowman",
    offer_plough=(4, 7, 10),
    round_start=round_offers.round_start,
    after_any=round_offers.played,
    round_check=True,
)
# K305 Animal Handler (4+): "Place 1 sheep on the space for round 7, 1 wild boar on round 10 and
# 1 cattle on round 14. At the start of these rounds, you can buy the animal for 1 food" (S1);
# seed 000 L930: nothing for the current or earlier rounds.
DECK.card(
    "K305",
    "Animal Handler",
    offer_animals={7: "sheep", 10: "boar", 14: "cattle"},
    round_start=round_offers.round_start,
    after_any=round_offers.played,
    round_check=True,
)
# K299 Slaughterman (3+): "Whenever another player converts 1 or more animals into food, you
# receive 1 food from the general supply. In the feeding phase of the harvest, you are the last
# player to feed your family (so you can benefit if other players slaughter)" (S1): the feeding
# phase asks every seat at once and each feeds when it chooses, so the Slaughterman may wait for
# the others (K-OCC-10). Card set 8 (issue 38, K-OCC-26): the owner is always asked and feeds
# after every other seat asked, as I97 Slaughterhouse; sets 7 and older fed it at once when it
# had nothing to convert.
DECK.card("K299", "Slaughterman", after_any=ks.slaughterman, feeds_last=True)
DECK.card("K299", "Slaughterman", until=7, after_any=ks.slaughterman)
# K307 Animal Breeder (4+): "Whenever you fence unused spaces to create at least one new
# pasture, you can buy a pair of animals: 2 sheep for 1 food, 2 wild boar for 2 food, or 2
# cattle for 3 food" (S1); seed 000 L800: a space of the new pasture must be empty; not after
# the Fence Overseer. The pair is bought before the seat's action ends, once.
# Card set 8 (issue 38, K-OCC-30): the purchase is a step of the fencing action itself
# (``offer_step``): the action stays open while the pair can be bought, declined with "done".
_BREEDER_PAIRS = [
    ({"food": 1}, {"sheep": 2}),
    ({"food": 2}, {"boar": 2}),
    ({"food": 3}, {"cattle": 2}),
]
DECK.card(
    "K307",
    "Animal Breeder",
    converts=_BREEDER_PAIRS,
    converts_if=ks.animal_breeder_open,
    after_any=ks.animal_breeder,
    offer_step=ks.animal_breeder_close,
)
DECK.card(
    "K307",
    "Animal Breeder",
    until=7,
    converts=_BREEDER_PAIRS,
    converts_if=ks.animal_breeder_open,
    after_any=ks.animal_breeder,
)
# K310 Resource Seller (1+): "Pile (from bottom to top) 1 stone, clay, stone, clay, reed, clay,
# wood on this card. You receive the top marker when you receive that type of building
# resource" (S1); seed 000 L964: at a round's start too; several types at once take several.
DECK.card(
    "K310",
    "Resource Seller",
    after=ks.resource_seller,
    round_start=ks.resource_seller_round,
)
# K270 Wet Nurse (1+): "Whenever you build room(s), you may grow your family by up to the number
# of rooms that you build, if you have the room to house the new family members. This costs 1
# food per person" (S1); seed 000 L826: only with a free room; the newborn stands with the person
# on the rooms space and acts from the next round (``growth_cards.py``, K-OCC-13).
# Card set 8 (issue 38, K-OCC-29): the growth is a step of the rooms action (``offer_step``),
# so it is offered also when the seat's last person built the room.
DECK.card(
    "K270", "Wet Nurse", growth_per_room=1, after_any=growth_cards.after_rooms, offer_step=True
)
DECK.card("K270", "Wet Nurse", until=7, growth_per_room=1, after_any=growth_cards.after_rooms)
# K342 Animal Trainer (4+): "Whenever you take food from a 'Traveling players' space, you may
# immediately use it to buy animals: Pay 2 food for each sheep or wild boar and 3 food for each
# cattle" (S1); seed 000 L796: only the food that lay on the space (not the Dancer's or a
# Juggler's extra); purchases that fit the farm (K-OCC-14).
DECK.card("K342", "Animal Trainer", choice_after=ks.animal_trainer)
# K312 Fence Overseer (1+): "Once each round, for a cost of 1 food, you can immediately fence a
# pasture of 1 farmyard space around a stable that you have just built. You do not need to pay
# wood for the fences" (S1); seed 000 L952: once a round; stables from cards too; the Stablehand
# and the Farmer act after it, not the Animal Breeder (``stable_pasture.py``).
# Card set 8 (issue 38, K-OCC-31): the fencing is a step of the action that built the stable
# (``offer_step``), offered also when the seat's last person built it.
DECK.card(
    "K312",
    "Fence Overseer",
    fence_stable=1,
    after_any=stable_pasture.after_stable,
    offer_step=True,
)
DECK.card("K312", "Fence Overseer", until=7, fence_stable=1, after_any=stable_pasture.after_stable)
# K271 Educator (4+): "Whenever another player plays an occupation card, you can pay 3 food to
# play one yourself. From your 4th occupation, this only costs 2 food" (S1); seed 000 L894: two
# occupations in one action, two answers (``answer_occupation.py``, before the holder's next
# placement as decision K-11 has it).
DECK.card(
    "K271",
    "Educator",
    answer_occupation=(3, 2),
    after_any=answer_occupation.after_occupation,
)
# K277 Manufacturer (3+): "Once you have a clay hut or a stone house, the Joinery, Pottery and
# Basketmaker's Workshop are minor improvements for you and their cost is reduced by 2 building
# resources of your choice" (S1) (``workshops_as_minors.py``, K-OCC-15).
DECK.card("K277", "Manufacturer", workshops_as_minor=True, major_paid=True)
# K281 Traveling Salesman (1+): "Whenever you select a 'minor improvement' action on an action
# space, you can play a major instead of a minor improvement. If you select a 'major or minor
# improvement' action on an action space, you can play 2 minor improvements" (S1)
# (``improvement_actions.py``; seed 000 L828 on the Merchant and Businessman, which the K deck
# does not hold).
DECK.card("K281", "Traveling Salesman", improvement_actions=True)
# K284 Wood Distributor (1+): "At the start of the work phase of each round, you can distribute
# the wood from the '3 Wood' action space as evenly as possible onto the neighbouring '1 Clay',
# '1 Reed' and 'Fishing' spaces. When you play this card, you receive 2 wood" (S1); seed 000
# L898: what does not divide stays (``work_start.py``, K-OCC-16).
DECK.card(
    "K284",
    "Wood Distributor",
    goods={"wood": 2},
    spread_wood=("forest", ("clay_pit", "reed_bank", "fishing")),
    round_start=work_start.offered,
    after_any=work_start.lapses,
)
# K308 Foreman (4+): "At the start of the work phase of each round, you can place 1 food from the
# general supply on an action space of your choice" (S1); seed 000 L792: decided before the work
# phase (``work_start.py``, K-OCC-16).
DECK.card(
    "K308",
    "Foreman",
    food_on_space=True,
    round_start=work_start.offered,
    after_any=work_start.lapses,
)
# K304 Veterinarian (4+): "When you play this card, place 4 sheep cubes, 3 wild boar cubes and 2
# cattle cubes in a container. At the start of each round, draw two animals. If they are the
# same, keep one. Return the 1 or 2 animals to the container" (S1); seed 000 L774: the animal
# may be cooked at once (``animal_bag.py``).
DECK.card(
    "K304",
    "Veterinarian",
    animal_bag={"sheep": 4, "boar": 3, "cattle": 2},
    after_any=animal_bag.filled,
    round_check=True,
)
# K279 Scholar (1+): "Once you have a stone house, at the start of a round you can always either
# pay 1 food to play an occupation card or play an improvement card by paying its costs" (S1);
# seed 000 L978: one card a round; food received at the round's start pays; the Patron acts
# (``round_start_play.py``, K-11, K-OCC-17).
DECK.card(
    "K279",
    "Scholar",
    round_start_play=1,
    round_start=round_start_play.offered,
    after_any=work_start.lapses,
)
# K278 Forester (1+): "Whenever you use a sowing action, you can plant wood on this card. There
# can be up to 3 stacks of wood on this card, as shown. The wood is treated the same as sown
# grain and is harvested during the Field phase" (S1); seed 000 L840: 1 wood from the supply and
# 2 from the general supply per plot, not all plots at once; cards that add to sowing act on it,
# not the Smallholder (``wood_fields.py``).
DECK.card("K278", "Forester", wood_plots=(3, 3), after_any=wood_fields.added, round_check=True)
# K275 Perpetual Student (4+): "Whenever you can play an occupation card, you can ask another
# player to randomly draw one of your occupation cards instead of choosing one yourself. If you
# do this, you receive 3 food before you pay the costs of the card, but you must play the card
# that the other player draws" (S1) (``random_occupation.py``, K-OCC-19).
DECK.card("K275", "Perpetual Student", random_occupation=3)
# K269 Acrobat (4+): "Whenever you use the 'Traveling players' action on an action space, after
# all of the players have finished their turns you may move that person to one of the 'Take 1
# Grain', 'Plow 1 Field' and 'Plow Field and Sow' action spaces, if it's free, and take the
# action" (S1); seed 000 L770: claim markers when Traveling Players is taken; the moves clockwise
# from the seat after the last to place; no person moved twice. The claim, the move and the
# answer to the window ``work_end`` are installed by ``claim_moves.py`` (K-OCC-20).
DECK.card("K269", "Acrobat")
# K289 Countryman (4+): "After all players have placed their people, you may move one of your
# people from a 'Take 1 Grain' or 'Take 1 Vegetable' action space to a free action space with a
# 'sow' action" (S1); seed 000 L926: to "Sow and/or Bake Bread" or "Plough 1 Field and/or Sow",
# as the Acrobat's moves (``claim_moves.py``, K-OCC-20, K-OCC-21).
DECK.card("K289", "Countryman")
# K301 Wood Carver (1+): "In each round, you pay 1 wood less for one of the following: an
# improvement, a room of a wooden hut, a stable or a fence" (S1); seed 000 L908: at most once a
# round. The lower price is one more way to pay, the seat's choice; its prices are installed by
# ``wood_carver.py`` (K-OCC-23).
DECK.card("K301", "Wood Carver", after_any=wood_carver.watch, round_start=wood_carver.new_round)
# K267 Adoptive Parents (1+): "When you take a family growth action, you can pay 1 food to
# immediately place the offspring in your home. This allows you to take an action with it this
# round. If you do this, the offspring does not count as 'newborn'" (S1); seed 000 L892: it eats
# 2 food in the feeding phase, even right before the harvest. The step after the growth is
# installed by ``adoption.py`` (K-OCC-24).
DECK.card("K267", "Adoptive Parents")
# K266 Serf (4+): "Whenever you use the 'Sow and Bake Bread' action space, you receive 1 grain
# before taking the action(s). Alternatively, you can exchange 1 grain for 1 vegetable" (S1;
# catalogue conflict C10: K, 4+). The grain, the placement check that counts it and the
# exchange are installed by ``serf.py`` (K-OCC-25).
DECK.card("K266", "Serf")
