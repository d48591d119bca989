"""I minor improvements whose effects are implemented (issue 23 item 3; summaries in
``data/minor-improvements.csv``, full texts in source S1). A card not registered here is not dealt.
Each entry cites the catalogue number; seed lines are in the catalogue's ``seed000_line``; where
the sources leave something open the decision is in ``docs/rules/cards-i-minors.md`` (IM-nn)."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from domain.common.housing import can_house

from ...farm import legal_room_spaces
from ...scoring import farm_counts, score_farm
from ...state import field_spaces, housing
from ...statetypes import Farm
from ...tables import GRID
from .. import card_spaces as _card_spaces
from .. import guest as _guest
from .. import harrow as _harrow
from .. import lasso as _lasso
from .. import manure as _manure
from ..catalogue import CARDS
from ..common import receive_animals
from ..deck import Deck
from ..engine import every
from ..herds import table_animals
from ..slaughter import slaughterhouse as _slaughterhouse

if TYPE_CHECKING:
    from ...builder import Builder

DECK = Deck("I minor improvements")


def _next_rounds(count: int) -> Any:
    """A ``schedule`` rounds function: the next ``count`` round spaces (digest §10.2 item 1)."""
    return lambda now: list(range(now + 1, min(now + 1 + count, 15)))


# -- goods at once, and goods on future round spaces --------------------------------------------

# I64 Alms (passing): "When you play this card, you receive 1 food for each completed round of
# the game" (S1); the current round is not completed (seed 000 L688); only with no occupation
# played (the catalogue prerequisite).
DECK.card("I64", "Alms", goods_by_round=lambda now: {"food": now - 1})
# I66 Village Well: "Place 1 food each on the next 3 remaining round spaces" (S1); paid by
# returning the Well, whose food already on round spaces stays (seed 000 L604).
DECK.card("I66", "Village Well", schedule=every({"food": 1}, _next_rounds(3)))
# I69 Strawberry Patch: "Place 1 food on each of the next 3 round spaces" (S1); needs 2
# vegetable fields (``prerequisites.py``).
DECK.card("I69", "Strawberry Patch", schedule=every({"food": 1}, _next_rounds(3)))
# I72 Goose Pond: "Place 1 food each on the next 4 remaining round spaces" (S1).
DECK.card("I72", "Goose Pond", schedule=every({"food": 1}, _next_rounds(4)))
# I84 Chicken Coop: "Place 1 food each on the next 8 remaining round spaces" (S1); 2 wood or
# 2 clay, and 1 reed (seed 000 L644).
DECK.card("I84", "Chicken Coop", schedule=every({"food": 1}, _next_rounds(8)))
# I96 Reed Exchange (passing): "When you play this card, you receive 2 reeds" (S1); it is no
# exchange of wood or clay for reed (seed 000 L738).
DECK.card("I96", "Reed Exchange", goods={"reed": 2})
# I104 Weekly Market (passing): "When you play this card, you receive 2 vegetables" (S1); the
# 3 grain must be in the supply before (seed 000 L712).
DECK.card("I104", "Weekly Market", goods={"vegetable": 2})

# -- action spaces and "whenever you take" ------------------------------------------------------

#: Accumulating spaces that bring wood (the wood of '1 Reed, plus 1 Stone and 1 Wood' is not on
#: the space: seed 000 L728).
_WOOD_ON_SPACE = ("forest", "wood_1", "wood_2", "wood_4", "forester_wood_2")


def _wood_cart(gained: dict, space: str, farm: Farm) -> dict:
    return {"wood": 2} if gained.get("wood") and space in _WOOD_ON_SPACE else {}


def _fish_trap(gained: dict, space: str, farm: Farm) -> dict:
    """Reed from an action space, not from a card (seed 000 L596)."""
    return {"food": 1} if gained.get("reed") else {}


# I74 Grain Cart: "Whenever you use the 'Take 1 Grain' action space, you receive 2 additional
# grain" (S1).
DECK.card("I74", "Grain Cart", space={"grain": {"grain": 2}})
# I79 Wood Cart: "Whenever you use a person to take wood that is on an action space, you
# receive 2 additional wood" (S1); not on '1 Reed, plus 1 Stone and 1 Wood' (seed 000 L728).
DECK.card("I79", "Wood Cart", taken=_wood_cart)
# I95 Fish Trap: "Whenever you use the 'Fishing' action space or receive reed on an action
# space, you receive 1 additional food" (S1); reed from cards does not count (seed 000 L596).
DECK.card("I95", "Fish Trap", space={"fishing": {"food": 1}}, taken=_fish_trap)

#: The "1 Stone" round cards of rounds 5-7 and 10-11 (not the reed-and-stone spaces, L610).
_STONE_SPACES = ("stone_stage_2", "stone_stage_4")


def _crane_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """I82: the 2nd additional stone for 1 food, if the seat wants it (``card_choice``)."""
    if space_id not in _STONE_SPACES or b.state["farms"][seat]["supply"]["food"] < 1:
        return None
    return {"card": card_id, "options": [{}, {"stone": 1, "food": -1}]}


# I82 Wooden Crane: "Whenever you use one of the '1 Stone' action spaces that are placed in
# rounds 5-7 and 10-11, you receive 1 additional stone. If you pay 1 food, you can take 2
# additional stone instead of 1" (S1); not the reed-stone spaces (seed 000 L610).
DECK.card(
    "I82",
    "Wooden Crane",
    space={s: {"stone": 1} for s in _STONE_SPACES},
    choice_after=_crane_choice,
)

# -- harvest trades -----------------------------------------------------------------------------

# I75 Hand Mill: "During the feeding phase of the harvest, you can use the Hand Mill to turn
# either 1 grain into 2 food or 2 grain into 4 food" (S1): once per harvest, not baking (seed
# 000 L710).
DECK.card(
    "I75",
    "Hand Mill",
    converts=[({"grain": 1}, {"food": 2}), ({"grain": 2}, {"food": 4})],
    harvest=True,
)


def _vegetables(state: dict, seat: int) -> int:
    return farm_counts(state["farms"][seat])["vegetables"]


# I98 Schnaps Distillery: "During the feeding phase of the harvest, you can use the Schnaps
# Distillery to convert at most 1 vegetable into 4 food. At the end of the game, you receive 1
# bonus point each for your 5th and 6th vegetables" (S1).
DECK.card(
    "I98",
    "Schnaps Distillery",
    converts=[({"vegetable": 1}, {"food": 4})],
    harvest=True,
    bonus=lambda state, seat: min(2, max(0, _vegetables(state, seat) - 4)),
)

# -- cooking and baking improvements (digest §7; ``Extension.improvements``) --------------------

# I65 Baker's Kitchen: "Whenever you use a bread baking action, you can use the Baker's Kitchen
# to convert up to 2 grain into 5 food each. When you play this card, you can also bake bread
# immediately" (S1); paid by returning an oven; it is not an oven itself (seed 000 L676).
DECK.card("I65", "Baker's Kitchen", improvement={"bake": (5, 2), "bake_on_build": True})
# I85 Cooking Corner: "At any time, you may convert goods to food as follows: vegetables -> 4
# food; sheep -> 2 food; wild boar -> 3 food; cattle -> 4 food. Whenever you use a bread baking
# action, you may convert: grain -> 3 food" (S1); paid by returning a Cooking Hearth (L646).
DECK.card(
    "I85",
    "Cooking Corner",
    improvement={"cook": {"vegetable": 4, "sheep": 2, "boar": 3, "cattle": 4}, "bake": (3, None)},
)

# -- building ------------------------------------------------------------------------------------


def _wooden_hut_room(state: dict, seat: int) -> str | None:
    farm = state["farms"][seat]
    if farm["house"] != "wood":
        return "it extends a wooden hut only"
    return None if legal_room_spaces(farm) else "no space next to the house is free"


# I81 Wooden Hut Extension (passing): "When you play this card, immediately extend your wooden
# hut by 1 room" (S1): a room at no further cost; it counts as extending the home and room-cost
# cards do not change its price (seed 000 L702).
DECK.card("I81", "Wooden Hut Extension", step="card_room", play_if=_wooden_hut_room)


def _by_round_13(state: dict, seat: int) -> str | None:
    return None if state["round"] <= 13 else "it may be played by the end of round 13 only"


def _holiday(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """I71: no person of the seat's goes out in round 14 (phase 1 still counts, L614)."""
    home = b.state["farms"][seat]["home"]
    if round_no == 14 and home:
        b.emit("PeopleHeldBack", {"count": home, "card": card_id, "by": seat, "all": True}, seat)


# I71 Holiday House: "In round 14, you cannot place any people. Play this card at the latest
# during round 13" (S1); the seat keeps what phase 1 brings (seed 000 L614).
DECK.card("I71", "Holiday House", play_if=_by_round_13, round_start=_holiday)

# -- scoring -------------------------------------------------------------------------------------

#: Cards that raise the Rake's threshold: the Harrow, the Punner, the Yoke (K124) and any plow
#: (a card with "Plow" in its name, digest §10.2 item 5).
_RAKE_TOOLS = ("I68", "I70", "K124")


def _rake(state: dict, seat: int) -> int:
    """I76: only cards still built count (seed 000 L602: discarded ones do not)."""

    farm = state["farms"][seat]
    tools = any(c in _RAKE_TOOLS or "Plow" in CARDS[c]["name"] for c in farm.get("minors", []))
    return 2 if len(field_spaces(farm)) >= (6 if tools else 5) else 0


# I76 Rake: "At the end of the game, you receive 2 bonus points if you have at least 5 fields.
# If you have played the Harrow, Punner, Yoke or a plow, you need to have at least 6 fields"
# (S1).
DECK.card("I76", "Rake", bonus=_rake)

#: The streets, the most valuable first (catalogue I83, I89, I94).
STREETS = ("I94", "I89", "I83")


def _street(card_id: str) -> Any:
    def bonus(state: dict, seat: int) -> int:
        built = [s for s in STREETS if any(s in f.get("minors", []) for f in state["farms"])]
        mine = card_id in state["farms"][seat].get("minors", [])
        return 2 if mine and built and built[0] == card_id else 0

    return bonus


# I83 Wooden Path, I89 Clay Path, I94 Paved Road: "The player with the most valuable street
# receives 2 bonus points when scoring" (S1); the streets by value: Paved Road, Clay Path,
# Wooden Path (IM-04).
DECK.card("I83", "Wooden Path", bonus=_street("I83"))
DECK.card("I89", "Clay Path", bonus=_street("I89"))
DECK.card("I94", "Paved Road", bonus=_street("I94"))


def _animal_feed(state: dict, seat: int) -> int:
    """I101: the points the extra animals bring (IM-05): +1 of each type the seat keeps, as
    far as they can be housed; old animals may be released to make room (seed 000 L634),
    searched up to 2 of a type."""

    farm = state["farms"][seat]
    kept = {a: n for a, n in farm["animals"].items() if n}
    if not kept:
        return 0
    homes = housing(farm)
    homes = homes if isinstance(homes, tuple) else (homes,)
    base = score_farm(farm)[0]
    best = base
    kinds = sorted(kept)
    for counts in product(*(range(max(0, kept[a] - 2), kept[a] + 2) for a in kinds)):
        animals = dict(farm["animals"], **dict(zip(kinds, counts, strict=True)))
        if not any(can_house(h, animals) for h in homes):
            continue
        fitted = farm.copy()
        fitted["animals"] = animals
        best = max(best, score_farm(fitted)[0])
    return best - base


# I101 Animal Feed: "Immediately before scoring, you receive 1 additional animal of each type
# that you already have" (S1); needs 4 sown fields of any crop, card fields included; the
# animals may not be cooked, old ones may be released (seed 000 L634). Scored as the bonus
# points the animals add (IM-05).
DECK.card("I101", "Animal Feed", bonus=_animal_feed)

# -- reacting to what happens ------------------------------------------------------------------


def _crook(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """I77: a new pasture of 4+ spaces, not one made by dividing a larger one (L672)."""
    d = event.data
    if event.type == "PastureFenced" and len(d["region"]) >= 4 and not d.get("subdivides"):
        receive_animals(b, seat, card_id, {"sheep": 2})


# I77 Shepherd's Crook: "Whenever you fence a new pasture that covers at least 4 farmyard
# spaces, you receive 2 sheep and place them in the new pasture" (S1); not for a pasture made
# by subdividing (seed 000 L672).
DECK.card("I77", "Shepherd's Crook", after=_crook)


def _planter_box(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type != "FieldSown":
        return
    rooms = b.state["farms"][seat]["rooms"]
    if any(n in rooms for n in GRID.neighbours(event.data["space"])):
        count = 2 if event.data["crop"] == "grain" else 1
        b.emit("FieldTopped", {"card": card_id, "space": event.data["space"], "count": count}, seat)


# I90 Planter Box: "Whenever you sow, each of the fields you sow that is orthogonally adjacent
# to a room in your home gets additional goods from the general supply: 2 extra grain on grain
# fields, and 1 extra vegetable on vegetable fields" (S1).
DECK.card("I90", "Planter Box", after=_planter_box)


def _well_built(state: dict) -> bool:
    return any("well" in f["majors"] or "I66" in f.get("minors", []) for f in state["farms"])


def _flagon_pays(b: Builder, owner: int, card_id: str) -> None:
    for seat in range(len(b.state["farms"])):
        food = 4 if seat == owner else 1
        b.emit("CardGoods", {"card": card_id, "goods": {"food": food}}, seat)


def _flagon(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I87: on play (``event`` None) if the Well or Village Well stands (IM-06); then each time
    either is built."""
    if event is None:
        if _well_built(b.state):
            _flagon_pays(b, owner, card_id)
        return
    if (event.type == "MajorBuilt" and event.data.get("major") == "well") or (
        event.type == "MinorPlayed" and event.data.get("card") == "I66"
    ):
        _flagon_pays(b, owner, card_id)


# I87 Flagon: "Whenever the Well is built or upgraded to a Village Well, you receive 4 food, and
# the other players receive 1 food each. If the Well has already been built, everyone receives
# the food when the Flagon is played" (S1); by any player (seed 000 L640).
DECK.card("I87", "Flagon", after_any=_flagon, round_check=True)


def _spinney(b: Builder, owner: int, event: Any, card_id: str) -> None:
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.data.get("space") == "forest"
        and event.seat != owner
        and b.state["farms"][event.seat]["supply"]["wood"] >= 1
    ):
        b.emit(
            "CardToll",
            {"card": card_id, "space": "forest", "to": owner, "goods": {"wood": 1}},
            event.seat,
        )


# I80 Spinney: "Whenever another player uses the '3 Wood' action space, they must give you one
# of the wood" (S1); they know it before they place (seed 000 L624).
DECK.card("I80", "Spinney", after_any=_spinney)

# -- cards with a module of their own -----------------------------------------------------------

# I63 Moldboard Plow: "Twice during the game, when you use the 'Plow 1 Field' action space, you
# may plow 2 fields instead of 1" (S1): 1 more field, only on 'Plough 1 Field', not 'Plough 1
# Field and/or Sow'; one plow or the Harrow per ploughing (seed 000 L670; ``plows.py``).
DECK.card("I63", "Moldboard Plow", plow=2, plow_extra=1, plow_spaces=("plough",))
# I91 Ladder: "You need 1 less reed to extend or renovate your home or to build the Water Mill,
# Half-timbered House, Chicken Coop, Holiday House, Mansion, or Corn Storehouse" (S1); every
# room of several built at once (seed 000 L650; ``roofs.py``).
DECK.card("I91", "Ladder", reed_off=("I103", "E21", "I84", "I71", "K144", "I86"))
# I99 Straw-thatched Roof: "You no longer need reed when you extend or renovate your home"
# (S1); needs 3 grain fields (IM-01); not improvements (seed 000 L614; ``roofs.py``).
DECK.card("I99", "Straw-thatched Roof", reed_free_home=True)


def _milking(state: dict) -> int:
    return table_animals(state, "sheep") // 5 + table_animals(state, "cattle") // 3


# I93 Milking Shed: "In each harvest, at the beginning of the field phase, count the total
# number of sheep and cattle in all the players' farms. You receive 1 food for each fifth sheep
# and for each third cattle" (S1); animals in the house and on cards count (seed 000 L612;
# ``herds.py``).
DECK.card("I93", "Milking Shed", field_all=_milking)
# I102 Wildlife Reserve: "This card can hold up to 1 sheep, 1 wild boar and 1 cattle" (S1); no
# pasture in scoring (``reserves.py``).
DECK.card("I102", "Wildlife Reserve", reserve={"sheep": 1, "boar": 1, "cattle": 1})
# I67 Threshing Board: "Whenever you use the 'Plow 1 Field' or 'Plow Field and Sow' action
# spaces, you can additionally bake bread" (S1): a bake as in a Bake action, before or after
# the field (``threshing.py``; IM-15).
DECK.card("I67", "Threshing Board", card_bake="ploughing")
# I97 Slaughterhouse: "Whenever another player converts 1 or more animals to food, you receive
# 1 food from the supply. During the feeding phase of the harvest, you are the last player to
# take a turn" (S1; seed 000 harvest list step 7; ``slaughter.py``; IM-16).
DECK.card("I97", "Slaughterhouse", after_any=_slaughterhouse, feeds_last=True)
# I86 Corn Storehouse: "Whenever you have empty fields after the field phase of the harvest,
# you can sow grain in them immediately. Place 1 fewer grain from the supply on these fields"
# (S1): 2 grain on the field; 2 wood or 2 clay, and 2 reed (seed 000 L750; ``storehouse.py``;
# IM-17).
DECK.card("I86", "Corn Storehouse", resow={"crop": "grain", "count": 2})
# I103 Water Mill: "After the field phase of a harvest, each player can use the Water Mill to
# convert up to 1 grain to 3 food. Each player that uses the Water Mill must give you 1 of the
# food" (S1; seed 000 L750; ``mill.py``; IM-17).
DECK.card(
    "I103",
    "Water Mill",
    mill={"pay": {"grain": 1}, "gain": {"food": 3}, "toll": {"food": 1}},
)
# I92 Manure: "At the end of each round that does not end with a harvest, you can take 1 grain
# or vegetable from each of your fields and place it in your personal supply" (S1); all fields
# at once, a field phase without the harvest's food cards (seed 000 L660; ``manure.py``;
# IM-18); needs 2 animals (IM-01).
DECK.card("I92", "Manure", round_start=_manure.round_start, after_any=_manure.lapses)
# I68 Harrow: "Once during the game, when you use either the 'Plow 1 Field' or the 'Plow Field
# and Sow' action space, you can plow 2 fields instead of 1. Each other player can also do this
# once during the game, but must pay you 2 food to do it" (S1); each opponent once a game, on a
# ploughing action (seed 000 L590; ``harrow.py``, ``plows.py``; IM-19).
DECK.card("I68", "Harrow", plow=1, plow_extra=1, plow_shared=1, plow_toll={"food": 2})
# I70 Punner: "Whenever another player uses the Harrow or a plow, you can immediately plow 1
# field as well" (S1); not when the other ploughed only the action's field (seed 000 L736;
# ``harrow.py``; IM-19).
DECK.card("I70", "Punner", plough_offer=True, after_any=_harrow.punner_offer)
# I100 Tavern: "The Tavern is an additional action space. Whenever another player uses it,
# they receive 3 food. Whenever you use it, you can choose either to take 3 food or to score 2
# bonus points" (S1); the points are recorded at once (seed 000 L724; ``card_spaces.py``).
DECK.card(
    "I100",
    "Tavern",
    card_space={"space": "tavern", "goods": {"food": 3}, "owner_points": 2},
    adds_space=_card_spaces.add_space,
    bonus=_card_spaces.points("I100"),
)
# I337 Clay Deposit: "This card is an additional action space. A player who uses this action
# space must pay you 1 food and receives 5 clay. If you use the Clay Deposit yourself, you may
# choose to take 2 bonus points instead of the clay" (S1; seed 000 L622; ``card_spaces.py``).
DECK.card(
    "I337",
    "Clay Deposit",
    card_space={
        "space": "clay_deposit",
        "goods": {"clay": 5},
        "toll": {"food": 1},
        "owner_points": 2,
    },
    adds_space=_card_spaces.add_space,
    bonus=_card_spaces.points("I337"),
)
# I73 Guest (passing): "When you play this card, you receive a guest token, which you may place
# once in the next round as you would a person" (S1); a person for placement, even a 6th, never
# for room (seed 000 L600; ``guest.py``; IM-21). ``adds_space`` is the on-play hook.
DECK.card("I73", "Guest", guest=True, adds_space=_guest.invite)
# I78 Copse: "When you sow, you can plant wood on this card. There can be up to 2 stacks of wood
# on this card, as shown. The wood is treated the same as sown grain and is harvested during
# the field phase" (S1): two card fields ("I78" and "I78/2") sown with wood like grain, 1 from
# the seat and 2 from the supply, 1 wood from each in every field phase; not both at once; no
# field in scoring (seed 000 L708; ``fields.py``; IM-22).
DECK.card("I78", "Copse", card_field=["wood"], card_plots=2)
# I88 Lasso: "You can place exactly two people immediately after one another, if at least one
# of them uses the '1 Wild Boar', '1 Cattle' or '1 Sheep' action space" (S1); never more than 2
# at once, as often as the people allow (seed 000 L582; ``lasso.py``; IM-23).
DECK.card("I88", "Lasso", lasso=True, after_any=_lasso.after_any)
