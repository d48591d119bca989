"""I occupations whose effects are implemented (issue 23 item 3; summaries in
``data/occupations.csv``, full texts in source S1). A card not registered here is not dealt.
Each entry cites the catalogue number and quotes S1; seed lines are in the catalogue's
``seed000_line``; where sources disagree the decision is in docs/rules/cards-i-occupations.md.
"""

from __future__ import annotations

from typing import Any

from ...action_spaces import ACTION_SPACES
from ...scoring import farm_counts
from ...statetypes import Farm
from .. import (
    board_cards,
    businessman,
    buyers,
    chamberlain,
    extra_takes,
    family_fields,
    fence_builder,
    fence_delivery,
    groom,
    house_costs,
    puppeteer,
    taster,
    timed,
    watching,
)
from ..deck import Deck
from ..engine import every

DECK = Deck("I occupations")


def _wood_by_round(now: int) -> int:
    """I221, I227: 4 wood before round 6, 3 in rounds 6-8, 2 in 9-11, 1 in 12-13."""
    return 4 if now <= 5 else 3 if now <= 8 else 2 if now <= 11 else 1 if now <= 13 else 0


def _newest_round_card(space_id: str) -> Any:
    return lambda state: (
        {"grain": 1} if state.get("round_cards") and state["round_cards"][-1] == space_id else {}
    )


def _milking_food(farm: Farm) -> int:
    cattle = farm["animals"]["cattle"]
    return 3 if cattle >= 5 else 2 if cattle >= 3 else 1 if cattle >= 1 else 0


def _hide_farmer(state: dict, seat: int) -> int:
    farm = state["farms"][seat]
    return min(farm["supply"]["food"], farm_counts(farm)["unused_spaces"])


# -- cards the engine's effect kinds express ---------------------------------------------------

# I235 Wood Collector (1+): "Place 1 wood on each of the next 5 round spaces. At the start of
# these rounds, you receive the wood."
DECK.card(
    "I235",
    "Wood Collector",
    schedule=every({"wood": 1}, lambda now: list(range(now + 1, min(now + 6, 15)))),
)
# I250 Sheep Whisperer (4+): "Add 4, 7, 9 and 11 to the number of the current round and place 1
# sheep on each corresponding round space. At the start of these rounds, you receive the sheep."
DECK.card(
    "I250",
    "Sheep Whisperer",
    schedule=lambda now: {
        r: {"sheep": 1} for r in (now + 4, now + 7, now + 9, now + 11) if r <= 14
    },
)
# I240 Cowherd (3+): "Whenever you use the '1 Cattle' action space, you receive 1 additional
# cattle from the general supply" (seed 000 L934: not on the 5-player Livestock space).
DECK.card("I240", "Cowherd", space={"cattle": {"cattle": 1}})
# I247 Butcher (1+): "You can convert your animals into food at any time. You receive 1 food for
# each sheep, 2 for each wild boar and 3 for each cattle."
DECK.card(
    "I247",
    "Butcher",
    converts=[
        ({"sheep": 1}, {"food": 1}),
        ({"boar": 1}, {"food": 2}),
        ({"cattle": 1}, {"food": 3}),
    ],
)
# I256 Stone Carver (1+): "In each harvest, the Stone Carver can convert up to 1 stone to 3
# food."
DECK.card("I256", "Stone Carver", converts=[({"stone": 1}, {"food": 3})], harvest=True)
# I258 Cabinetmaker (3+): "In each harvest, the Cabinetmaker can convert up to 1 wood to 2
# food."
DECK.card("I258", "Cabinetmaker", converts=[({"wood": 1}, {"food": 2})], harvest=True)
# I246 Milking Hand (4+): "In the field phase of the harvest, you receive food if you have
# cattle, without having to give up the cattle: for 5 or more cattle, 3 food; for 3 or 4
# cattle, 2 food; for 1 cattle, 1 food. At the end of the game, you receive 1 bonus point for
# every 2 cattle" (2 cattle give 1 food, decision I-01).
DECK.card(
    "I246",
    "Milking Hand",
    field=_milking_food,
    bonus=lambda state, seat: state["farms"][seat]["animals"]["cattle"] // 2,
)
# I221 Village Elder (3+): "You receive wood immediately when you play this card: if played in
# round 12 or 13, take 1 wood; if played in round 9, 10, or 11, take 2 wood; if played in round
# 6, 7, or 8, take 3 wood; if played before round 6, take 4 wood. At the end of the game, all
# players with the most improvements in front of them receive 3 bonus points each" (seed 000
# L790; deck I, catalogue C1).
DECK.card(
    "I221",
    "Village Elder",
    goods_by_round=lambda now: {"wood": _wood_by_round(now)},
    global_bonus=watching.village_elder_bonus,
)
# I227 Church Warden (1+): the same wood on play; "At the end of the game, any player who
# performed actions with at least 5 people in round 14 receives 3 bonus points" (seed 000
# L982).
DECK.card(
    "I227",
    "Church Warden",
    goods_by_round=lambda now: {"wood": _wood_by_round(now)},
    after_any=watching.church_warden_count,
    round_check=True,
    global_bonus=watching.church_warden_bonus,
)
# I236 Hide Farmer (3+): "At the end of the game, you can pay 1 food each for any number of
# unused farmyard spaces. These do not lose you points in the scoring" (the food left at the
# end buys back as many as it can, decision I-02).
DECK.card("I236", "Hide Farmer", bonus=_hide_farmer)
# I261 Outrider (4+): "Whenever you use the most recent round card with one of your people, you
# receive 1 additional grain."
DECK.card("I261", "Outrider", space={s: _newest_round_card(s) for s in ACTION_SPACES})
# I231 Manservant (1+): "When you build a stone house, place 3 food on each remaining round
# space. At the start of these rounds, you receive the food" (at once with a stone house).
DECK.card("I231", "Manservant", round_start=timed.manservant)
# I242 Clay Hut Builder (1+): "Once you live in a clay hut, place 2 clay on each of the next 5
# round spaces. At the start of these rounds, you receive the clay."
DECK.card("I242", "Clay Hut Builder", round_start=timed.clay_hut_builder)
# I340 Rancher (4+): "Whenever, at the start of a round, you are using more farmyard spaces
# than every other player, you receive 1 wood" (4+, catalogue C11).
DECK.card("I340", "Rancher", round_start=timed.rancher)
# I252 Pig Breeder (4+): "Your wild boar breed at the end of round 12, if there is room for the
# piglet. When you play this card, you receive 1 wild boar."
DECK.card("I252", "Pig Breeder", animals={"boar": 1}, round_start=timed.pig_breeder)

# -- cards that watch the other players ---------------------------------------------------------

# I257 Street Musician (4+): "You receive 1 grain whenever another player takes the 'Traveling
# Players' action on an action space."
DECK.card("I257", "Street Musician", after_any=watching.street_musician)
# I229 Sycophant (4+): "Any other player that uses the 'Take 1 Grain' action space must first
# pay you 1 food. In addition, you receive 1 food from the general supply. You receive that
# food even when you take the grain yourself" (seed 000 L878).
DECK.card("I229", "Sycophant", after_any=watching.sycophant)
# I224 Field Worker (3+): "Whenever another player sows one or more fields, you receive 1 grain
# in a 3-player game or 1 food in a 4 or 5 player game" (seed 000 L882).
DECK.card("I224", "Field Worker", after_any=watching.field_worker)
# I232 Midwife (4+): "Whenever another player has offspring and then has a larger family than
# you, you receive 1 food. If they have at least 2 more family members than you, you receive 2
# food" (seed 000 L876).
DECK.card("I232", "Midwife", after_any=watching.midwife)
# I222 Social Climber (4+): "Whenever you are the first player to renovate to a clay hut or a
# stone house, you receive 3 stone. If you are the second, you receive 2 stone; the third, you
# receive 1 stone" (seed 000 L778: the stone may pay for the improvement of the same action).
DECK.card("I222", "Social Climber", after=watching.social_climber)
# I262 Water Carrier (1+): "Once any player has built the Well, place 1 food on the remaining
# round spaces. At the start of these Rounds, you receive the food" (seed 000 L776).
DECK.card("I262", "Water Carrier", after_any=watching.water_carrier, round_check=True)
# I264 Fencer (4+): "Whenever another player builds 1 to 4 fences, you receive 1 wood from the
# general supply. Whenever another player builds 5 or more fences, you receive 2 wood."
DECK.card("I264", "Fencer", after_any=watching.fencer)

# -- cards that offer more right after the owner's placement -------------------------------------

# I237 Juggler (4+): "Whenever you use the 'Traveling Players' action on an action space, you
# can choose to receive twice as much food as is on the card. If you do this, you must give one
# food each to the owners of the Magician, Conjurer, Street Musician, Puppeteer, Acrobat,
# Dancer, Animal Trainer and Storyteller."
DECK.card("I237", "Juggler", choice_after=extra_takes.juggler_choice)
# I245 Market Crier (3+): "Whenever you use the 'Take 1 Grain' action space, you can take an
# additional 1 grain and 1 vegetable. If you do this, the other players each receive 1 grain
# from the general supply."
DECK.card(
    "I245",
    "Market Crier",
    choice_after=extra_takes.market_crier_choice,
    after=extra_takes.market_crier,
)
# I259 Animal Dealer (3+): "Whenever you use one of the '1 Sheep', '1 Wild Boar' or '1 Cattle'
# action spaces, you can pay 1 food to take 1 additional animal of that type" (seed 000 L966).
DECK.card(
    "I259",
    "Animal Dealer",
    choice_after=extra_takes.animal_dealer_choice,
    after=extra_takes.animal_dealer,
)
# I253 Pig Catcher (4+): "Whenever you use a person to take wood that is on an action space,
# you can leave 2 of that wood on the space and receive a wild boar instead."
DECK.card(
    "I253",
    "Pig Catcher",
    choice_after=extra_takes.pig_catcher_choice,
    after=extra_takes.pig_catcher,
)

# -- cards that change building costs -----------------------------------------------------------

# I243 Bricklayer (1+): "Pay 1 less clay for each improvement and renovation. Pay 2 less clay
# for each room."
DECK.card("I243", "Bricklayer", stone_less=house_costs.bricklayer_less)
# I241 Clay Plasterer (1+): "Renovating your wooden hut to a clay hut costs you only 1 clay and
# 1 reeds. Each room of your clay hut costs you 3 clay and 2 reeds" (seed 000 L986).
DECK.card("I241", "Clay Plasterer")
# I220 Well Builder (1+): "For you, the Well is now a minor improvement and costs only 1 stone
# and 1 wood to build" (seed 000 L818).
DECK.card("I220", "Well Builder", major_as_minor=("well",), major_paid=True)

# -- cards with a module of their own -----------------------------------------------------------

# I225 Field Watchman (1+): "Whenever you use the action space 'Take 1 Grain', you can also plow
# up to 1 field" (seed 000 L884: no plow or Harrow with it; see field_watch.py).
DECK.card("I225", "Field Watchman")
# I254 Groom (4+): "Once you have a stone house, you can build 1 stable at the beginning of each
# round at a cost of 1 wood. You do not need to place a family member on an action space to do
# this" (seed 000 L820; see groom.py).
DECK.card("I254", "Groom", round_start=groom.round_start, after_any=groom.lapses)
# I228 Businessman (3+): "Whenever you use the 'Starting Player' action space, you can play an
# additional minor or major improvement after you play the minor improvement" (seed 000 L786;
# see businessman.py).
DECK.card("I228", "Businessman", after=businessman.after)
# I230 Clay Digger (4+): "Include the '1 Clay' action card from the 3-player game as an
# additional clay pit. Immediately place 3 clay on the card and add 1 clay at the start of each
# round. Any player who uses this action must pay you 3 food" (seed 000 L782: every other
# player; see board_cards.py).
DECK.card(
    "I230",
    "Clay Digger",
    adds_space=board_cards.clay_digger_adds,
    after_any=board_cards.clay_digger_toll,
)
# I248 Net Fisherman (1+): "If one of your people uses an action space that directly provides
# reeds, you can take all food from the 'Fishing' action space in the returning home phase
# (phase 4)" (seed 000 L912; see board_cards.py).
DECK.card("I248", "Net Fisherman", after_any=board_cards.net_fisherman)
# I249 Puppeteer (4+): "Whenever another player chooses the 'Traveling players' action on an
# action space, you can pay 1 food to play an occupation" (seed 000 L834; see puppeteer.py).
DECK.card("I249", "Puppeteer", after_any=puppeteer.watch)
# I233 Farm Steward (1+): "Once you live in a clay hut or stone house, play your next family
# growth action as a 'family growth even without room'" (seed 000 L976; see family_fields.py).
DECK.card("I233", "Farm Steward", after=family_fields.steward_spent)
# I219 Fieldsman (1+): "Whenever you sow 1 field, place 2 additional goods of the same type from
# the general supply on the stack. Whenever you sow 2 fields, place 1 extra good on each" (seed
# 000 L854; see family_fields.py).
DECK.card("I219", "Fieldsman", after_any=family_fields.fieldsman)
# I223 Harvest Helper (3+): "At the start of the feeding phase in each harvest, you can take 1
# grain from 1 field belonging to another player. That player receives 2 food from the general
# supply" (seed 000 L798; see harvest_helper.py).
DECK.card("I223", "Harvest Helper")
# I226 Gardener (1+): "Take vegetables from the general supply and not from your vegetable field
# whenever you harvest them --- you keep the vegetables on the fields" (seed 000 L914; see
# family_fields.py).
DECK.card("I226", "Gardener")
# I260 Taster (4+): "Whenever another player is the starting player, you can pay them 1 food
# at the start of the round and be the first to place a family member. After that, play starts
# with the starting player as usual" (seed 000 L784; 1 food, catalogue C6; see taster.py).
DECK.card("I260", "Taster", round_start=taster.round_start, after=taster.after)
# I234 Wood Buyer (3+): "Whenever another player receives wood from an action, you can buy 1
# wood from them for 1 food (even without their agreement)" (seed 000 L844; see buyers.py).
DECK.card("I234", "Wood Buyer", after_any=buyers.watch)
# I251 Reed Buyer (4+): "Whenever reed is taken for the first time in a round, you may give the
# player who takes it 1 food in exchange for 1 of the reed. The other player receives an
# additional 1 food from the general supply as compensation" (seed 000 L940).
DECK.card("I251", "Reed Buyer", after_any=buyers.watch)
# I255 Stone Buyer (4+): "Whenever stone is taken for the first time in a round, you may give
# the player who takes it 1 food in exchange for 1 of the stone. The other player receives an
# additional 1 food from the general supply" (seed 000 L938).
DECK.card("I255", "Stone Buyer", after_any=buyers.watch)
# I265 Fence Deliveryman (1+): "Add 6 and 10 to the number of the current round. Place 4 of
# your fences on each corresponding round space. At the start of these rounds, you can pay 2
# food to build all 4 fences immediately" (seed 000 L962; see fence_delivery.py).
DECK.card(
    "I265",
    "Fence Deliveryman",
    after_any=fence_delivery.on_play,
    round_check=True,
    round_start=fence_delivery.round_start,
)
# I263 Fence Builder (1+): "When you play this card, place one of your fences on an action space
# of your choice. If you use an action on this action space, you can also build fences as an
# additional action" (seed 000 L950; see fence_builder.py).
DECK.card("I263", "Fence Builder", step=fence_builder.KIND, play_if=fence_builder.play_problem)
# I244 Layabout (1+): "Once you have played this card, you may not take part in the next
# harvest" (seed 000 L846: no field phase, feeding or breeding; see timed.py).
DECK.card("I244", "Layabout", after_any=timed.layabout_played, round_check=True)
# I239 Corn Profiteer (4+): "You can convert 1 grain to 3 food at any time. Any other player can
# prevent this by buying the grain from you for 2 food. If more than one player wants to buy,
# you choose one of them" (see corn_profiteer.py).
DECK.card("I239", "Corn Profiteer")
# I238 Chamberlain (1+): "At the start of round 11 (or immediately, if you play this card after
# the start of Round 11), turn over the round cards for the remaining rounds. You (and only you)
# can use these actions immediately; the other players must wait until the appropriate round"
# (seed 000 L810; see chamberlain.py).
DECK.card(
    "I238",
    "Chamberlain",
    round_start=chamberlain.round_start,
    after_any=chamberlain.on_play,
    round_check=True,
)
