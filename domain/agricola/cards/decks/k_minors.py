"""K minor improvements whose effects are implemented (issue 23 item 3; summaries in
``data/minor-improvements.csv``, full texts in source S1). A card not registered here is not dealt.
Each entry cites the catalogue number; seed lines are in the catalogue's ``seed000_line``.
Decisions where the sources leave room: ``docs/rules/cards-k-minors.md`` (KM-nn)."""

from __future__ import annotations

from .. import cooked_animals, feeding_cards, round_purchases
from ..deck import Deck
from ..engine import every, remaining
from . import k_minor_rules as km

DECK = Deck("K minor improvements")


# -- goods when played (passing cards) ------------------------------------------------------------

# K107 Lumber (passing): "When you play this card, you receive 3 wood." (S1)
DECK.card("K107", "Lumber", goods={"wood": 3})
# K129 Corn Sheaf (passing): "When you play this card, you receive 1 grain." (S1)
DECK.card("K129", "Corn Sheaf", goods={"grain": 1})
# K141 Boar Breeding (passing): "When you play this card, you receive 1 wild boar." (S1); it
# may be cooked at once (seed 000 L682: any conversion the seat has is open after the play).
DECK.card("K141", "Boar Breeding", animals={"boar": 1})
# K143 Stone Exchange (passing): "When you play this card, you receive 2 stone." (S1); paid
# with 2 wood or 2 clay, never 1 of each (seed 000 L626).
DECK.card("K143", "Stone Exchange", goods={"stone": 2})

# -- goods on future round spaces (digest §10.2 item 1: nothing for the current round) ----------

# K108 Beehive: "Place 2 food on each remaining even-numbered round space." (S1)
DECK.card(
    "K108", "Beehive", schedule=every({"food": 2}, lambda now: remaining(now, range(2, 15, 2)))
)
# K114 Duck Pond: "Place 1 food on each of the next 3 round spaces." (S1)
DECK.card("K114", "Duck Pond", schedule=every({"food": 1}, km.next_rounds(3)))
# K116 Granary: "Place 1 grain on each remaining space for rounds 8, 10 and 12." (S1); paid all
# in wood or all in clay (seed 000 L580: the printed alternative prices).
DECK.card("K116", "Granary", schedule=every({"grain": 1}, lambda now: remaining(now, (8, 10, 12))))
# K130 Herb Garden: "Place 1 food on each of the next 5 round spaces." (S1)
DECK.card("K130", "Herb Garden", schedule=every({"food": 1}, km.next_rounds(5)))
# K140 Swan Lake: "Place 1 food each on the next 5 remaining round spaces." (S1)
DECK.card("K140", "Swan Lake", schedule=every({"food": 1}, km.next_rounds(5)))
# K142 Stone Cart: "Place 1 stone on each remaining even-numbered round spaces." (S1)
DECK.card(
    "K142", "Stone Cart", schedule=every({"stone": 1}, lambda now: remaining(now, range(2, 15, 2)))
)

# -- action spaces and goods taken -----------------------------------------------------------------

# K131 Clay Pit: "Whenever you use the 'Day Laborer' action space, you receive 3 additional
# clay." (S1)
DECK.card("K131", "Clay Pit", space={"day_laborer_full": {"clay": 3}})


# K126 Landing Net: "Whenever you receive reed on an action space, you receive an additional 2
# food. This is reduced to 1 food if you receive other building resources as well as reed." (S1)
DECK.card("K126", "Landing Net", taken=km.landing_net)

# -- the field phase and scoring ---------------------------------------------------------------


# K133 Milking Stool: "Whenever you have cattle during the field phase of a harvest, you receive
# food: 1 food if you have 1 or 2 cattle; 2 food if you have 3 or 4 cattle; 3 food if you have 5
# or more cattle. At the end of the game, you receive 1 bonus point for every 2 cattle." (S1)
DECK.card(
    "K133",
    "Milking Stool",
    field=lambda farm: km.tiers(farm["animals"]["cattle"], (1, 3, 5)),
    bonus=lambda state, seat: state["farms"][seat]["animals"]["cattle"] // 2,
)
# K146 Loom: "Whenever you have sheep during the field phase of a harvest, you receive food: 1
# food if you have 1 to 3 sheep; 2 food for 4 to 6 sheep; or 3 food for 7 or more sheep. At the
# end of the game, you receive 1 bonus point for every 3 sheep." (S1)
DECK.card(
    "K146",
    "Loom",
    field=lambda farm: km.tiers(farm["animals"]["sheep"], (1, 4, 7)),
    bonus=lambda state, seat: state["farms"][seat]["animals"]["sheep"] // 3,
)


DECK.card("K123", "Wooden Strongbox", bonus=km.strongbox)
# K144 Mansion: "At the end of the game, you receive 2 bonus points for each room in your stone
# house." (S1); it adds to the Reeve's points (seed 000 L698). Printed VP: KM-01.
DECK.card("K144", "Mansion", bonus=km.stone_rooms(2))


# K135 Horse: "You receive 2 bonus points for any one type of animal missing from your farm at
# the end of the game." (S1); the horse needs no place and is not livestock (seed 000 L656).
DECK.card("K135", "Horse", bonus=km.horse)


# K110 Brewery: "During the feeding phase of the harvest, you can use the Brewery to convert at
# most 1 grain to 3 food. At the end of the game, you receive 1 bonus point for your ninth
# grain." (S1); not baking (seed 000 L680).
DECK.card(
    "K110",
    "Brewery",
    converts=[({"grain": 1}, {"food": 3})],
    harvest=True,
    bonus=km.brewery_points,
)

# -- improvements that bake --------------------------------------------------------------------

# K106 Bakehouse: "Whenever you use a bread baking action, you can use the Bakehouse to convert
# up to 2 grain into 5 food each. When you play this card, you can also bake bread
# immediately." (S1); paid by returning an oven; it is not an oven itself (seed 000 L678).
DECK.card("K106", "Bakehouse", improvement={"bake": (5, 2), "bake_on_build": True})

# -- rooms -------------------------------------------------------------------------------------


# K132 Clay Hut Extension (passing): "When you play this card, immediately extend your clay hut
# by 1 room." (S1); an extension of the home, at no further cost: room-cost cards do not
# apply (seed 000 L704).
DECK.card("K132", "Clay Hut Extension", step="card_room", play_if=km.clay_hut_room)


# -- cooking, harvest conversions -------------------------------------------------------------

# K128 Cooking Hearth: "At any time, you can convert goods to food as follows: vegetables → 3
# food; sheep → 2 food; wild boar → 3 food; cattle → 4 food. Whenever you use a bread baking
# action, you may convert: grain → 3 food." (S1); paid by returning a Fireplace or a Simple
# Fireplace (E20) (seed 000 L684). It is a Cooking Hearth for the cards that name one (KM-05).
DECK.card(
    "K128",
    "Cooking Hearth",
    improvement={
        "cook": {"vegetable": 3, "sheep": 2, "boar": 3, "cattle": 4},
        "bake": (3, None),
        "counts_as": "cooking_hearth",
    },
)


# K122 Sawmill: "Each harvest, you may convert up to 1 wood to 3 food. At the end of the game,
# you receive 1/2/3 bonus points for 2/4/5 wood." (S1); paid by returning the Joinery (catalogue
# C14); the conversion is offered in the feeding phase, once per harvest (K-04).
DECK.card(
    "K122",
    "Sawmill",
    converts=[({"wood": 1}, {"food": 3})],
    harvest=True,
    bonus=km.sawmill_points,
)

# K109 Spit Roast: "Whenever you convert at least 1 animal to food during the feeding phase of
# the harvest, you receive 1 additional food." (S1)
# Card set 8 (issue 38, KM-10): a seat holding it with an animal it could cook is asked in the
# feeding phase even with food enough (``feeding_cards.py``).
DECK.card(
    "K109", "Spit Roast", after=cooked_animals.spit_roast, feeding_use=feeding_cards.cooks_animal
)
DECK.card("K109", "Spit Roast", until=7, after=cooked_animals.spit_roast)

# K339 Pelts: "For each animal that you convert to food and return to the general supply, you
# may place 1 food from your personal supply in 1 of your rooms. You may have a maximum of 1 food
# in each room. You cannot use these food any more, but each is worth 1 bonus point at the end
# of the game." (S1); seed 000 L756: it works beside the Tanner or the Potter. A placed food is
# paid back to the general supply and counted on the card (``card_state``), 1 point each.
DECK.card(
    "K339",
    "Pelts",
    after=cooked_animals.pelts_owed,
    converts_dynamic=cooked_animals.pelts_options,
    bonus=lambda state, seat: state["farms"][seat]["card_state"].get("K339", 0),
)

# -- sowing and fields ---------------------------------------------------------------------------


# K118 Liquid Manure: "Whenever you sow, place 1 additional grain or vegetable from the general
# supply on each new stack you sow." (S1); seed 000 L662: fields sown before it was played gain
# nothing until sown again; card fields too; it adds to the other sowing cards.
DECK.card("K118", "Liquid Manure", after=km.liquid_manure)


# K139 Sleeping Corner: "You can use any 'Family Growth' action space, even if another player
# has already placed a person there." (S1); seed 000 L722: with any family growth action.
DECK.card(
    "K139",
    "Sleeping Corner",
    occupied_ok=km.GROWTH,
    occupied_options={"occupation_or_growth": ("growth",)},
)


# K127 Clapper: "Whenever you use one of the family growth action spaces (or if you already have
# used one of these spaces in this round when you play the Clapper), place 1 additional grain on
# all of your fields that already contains at least 1 grain." (S1); seed 000 L686: it is not
# sowing.
DECK.card("K127", "Clapper", after_any=km.clapper, round_check=True)

# -- where animals live (``homes.py``) ---------------------------------------------------------


# K120 House Goat: "In each feeding phase, you receive 1 food. Apart from the goat, you cannot
# hold any other animal in your home." (S1); seed 000 L630: the goat cannot be released to make
# room, and it is no livestock. The food comes with the harvest's field phase, just before the
# feeding (KM-08).
DECK.card("K120", "House Goat", field=lambda farm: 1, home={"pet": 0}, play_if=km.goat_fits)
# K145 Forest Pasture: "This card can hold an unlimited number of wild boar." (S1); seed 000
# L648: the boar on it count for the boar's points (it is not a pasture).
DECK.card("K145", "Forest Pasture", home={"reserved": ("boar", 99)})

# -- plows (``plows.py``: up to 2 more fields on the action's one, one plow per ploughing) ---------

# K115 Swing Plow: "Twice during the game, when you use the 'Plow 1 Field' action space, you can
# plow 3 fields instead of 1." (S1); seed 000 L584: 2 instead of 3 is allowed; one plow (or the
# Harrow) per ploughing. Not on 'Plough 1 field and/or sow'.
DECK.card("K115", "Swing Plow", plow=2, plow_spaces=("plough",))
# K119 Crooked Plow: "Once during the game, when you use the 'Plow 1 Field' action space, you can
# plow 3 fields instead of 1." (S1); seed 000 L638: the same, once.
DECK.card("K119", "Crooked Plow", plow=1, plow_spaces=("plough",))

# K112 Bookshelf: "Whenever you play 1 occupation, you receive 3 food before you pay the costs of
# the occupation." (S1); seed 000 L628: with the Writing Desk (E49) for each occupation, and the
# Patron (E192) adds its 2 (see ``occupation_food.py``).
DECK.card("K112", "Bookshelf", occupation_food=3)

# K136 Brushwood Roof: "Whenever you extend or renovate your home, you can replace 1 or 2 reed
# with the same amount of wood." (S1); seed 000 L608: e.g. 1 wood and 1 reed instead of 2 reed
# (see ``wood_roofs.py``: other ways to pay, ``pay`` on the room or the renovation).
DECK.card("K136", "Brushwood Roof", reed_as=("wood", 2))

# -- ploughing several fields when played (``card_ploughing.py``) -------------------------------


# K124 Yoke: "When you play this card, you can immediately plow 1 field for each plow or Harrow
# that has been played by any player." (S1; prerequisite 1 cattle). KM-13.
DECK.card(
    "K124",
    "Yoke",
    round_check=True,
    after_any=km.on_play_plough(km.plows_in_play),
    after=km.field_after,
)


# K134 Ox Team: "When you play this card, count how many complete rounds are left to be played.
# You can plow this many fields, up to a maximum of 3." (S1; prerequisite 2 cattle); seed 000
# L744: the current round does not count; fewer fields are allowed.
DECK.card(
    "K134",
    "Ox Team",
    round_check=True,
    after_any=km.on_play_plough(km.ox_team_fields),
    after=km.field_after,
)

# -- card fields (``fields.py``) -----------------------------------------------------------------

# K137 Turnip Field: "When you sow, you can plant vegetables on this card as you would on a field.
# When you play this card, you can also carry out a sowing action." (S1); seed 000 L696: the
# sowing cards act on it as on a field; sown, it is a vegetable field for prerequisites. The
# sowing is the sowing part of 'Plough 1 Field and/or Sow' with its ploughing spent (KM-14).
DECK.card(
    "K137",
    "Turnip Field",
    card_field=["vegetable"],
    step="plough_sow",
    step_data={"done": ["plough"]},
)

# -- goods bought at a round's start -------------------------------------------------------------

# K117 Greenhouse: "Add 4 and 7 to the number of the current round and place 1 vegetable on each
# corresponding round space. At the start of these rounds, you can pay 1 food to take the
# vegetable." (S1); seed 000 L730: a vegetable not bought goes back to the general supply. The
# purchase is offered at the seat's turn before its first placement of the round (K-11, KM-15).
DECK.card(
    "K117",
    "Greenhouse",
    round_check=True,
    after_any=round_purchases.greenhouse,
    round_start=round_purchases.greenhouse_round,
    after=round_purchases.greenhouse_closes,
    converts_dynamic=round_purchases.greenhouse_offer,
)


DECK.card("K125", "Broom", round_check=True, after_any=km.broom_ask, step="minor")


# K105 Acreage: "When you sow, you can plant grain on this card. There can be up to 2 stacks of
# grain on this card, as shown." (S1); seed 000 L664: two more places to sow grain, either or both
# sown, only when empty; the cards that add grain when sowing act on it. Two card fields, "K105"
# and "K105/2" (``card_plots``, KM-17).
DECK.card("K105", "Acreage", card_field=["grain"], card_plots=2)

# -- bakes in an action of the holder's own (``card_bakes.py``) ----------------------------------


# K111 Bread Paddle: "Whenever you play an occupation, you may also bake bread." (S1); seed 000
# L652: also for occupations played through other cards (KM-18).
DECK.card("K111", "Bread Paddle", card_bake=km.card_bake_open, after_any=km.card_bake_after)
# K113 Flail: "Whenever you use the 'Plow 1 Field' or 'Plow Field and Sow' action spaces, you can
# additionally bake bread." (S1; prerequisite 1 occupation) (KM-18).
DECK.card("K113", "Flail", card_bake=km.card_bake_open, after_any=km.card_bake_after)

# -- a person living on a card (``dwellers.py``) -------------------------------------------------


# K138 Reed Hut: "Place one family member token that you have not yet brought into the game onto
# this card, where it will live for the rest of the game. It can take actions and must be fed, but
# it is not worth any points while living in the Reed Hut." (S1); seed 000 L740: it does not count
# when the family plans a growth (it needs no room). Its 3 points as a family member are taken
# back as -3 bonus points (KM-19).
DECK.card(
    "K138",
    "Reed Hut",
    dwellers=1,
    play_if=km.reed_hut_play_if,
    round_check=True,
    after_any=km.reed_hut_moves_in,
    bonus=lambda state, seat: -3,
)

# -- fences and stables (``numbered_fences.py``) -------------------------------------------------


# K121 Sawhorse: "The next stable you place in your farmyard, as well as your 3rd, 6th, 9th, 12th
# and 15th fence, costs you nothing." (S1); seed 000 L632: a listed fence another card already
# makes free gives no other free fence in its place (KM-20).
DECK.card("K121", "Sawhorse", round_check=True, after_any=km.sawhorse_after)
