"""Minor improvements of the E deck whose effects are implemented (catalogue numbers 11-62,
338; summaries in ``data/minor-improvements.csv``). A card not registered here is not dealt.
Each entry cites the catalogue number; seed lines are in the catalogue's ``seed000_line``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...farm import legal_field_spaces, legal_room_spaces, legal_stable_spaces
from ...improvements import is_a
from ...state import stables_left
from ...statetypes import Farm
from .. import baking
from ..deck import Deck
from ..engine import every, remaining
from ..fields import lettuce
from ..hooks import mini_pasture_spaces

if TYPE_CHECKING:
    from ...builder import Builder

DECK = Deck("E minor improvements")


def _fenced(farm: Farm) -> int:
    return sum(len(p) for p in farm["pastures"])


def _rooms_if(house: str, per_room: int = 1) -> Any:
    return lambda state, seat: (
        per_room * len(state["farms"][seat]["rooms"])
        if state["farms"][seat]["house"] == house
        else 0
    )


def _others_lacking_occupations(state: dict, seat: int) -> str | None:
    others = [f for s, f in enumerate(state["farms"]) if s != seat]
    if any(len(f.get("occupations", [])) < 2 for f in others):
        return None
    return "every other player already has 2 or more occupations"


# E12 Fishing Rod: Fishing +1 food, +2 from round 8 on.
DECK.card(
    "E12", "Fishing Rod", space={"fishing": lambda state: {"food": 2 if state["round"] >= 8 else 1}}
)
# E16 Building Material (passing): 1 wood or 1 clay.
DECK.card("E16", "Building Material", choices=[{"wood": 1}, {"clay": 1}])
# E17 Windmill: any time, 1 grain -> 2 food (not baking).
DECK.card("E17", "Windmill", converts=[({"grain": 1}, {"food": 2})])
# E21 Half-timbered House: +1 bonus point per room of a stone house.
DECK.card("E21", "Half-timbered House", bonus=_rooms_if("stone"))
# E23 Manger: pastures covering 6/7/8/9+ spaces -> 1/2/3/4 bonus points.
DECK.card(
    "E23", "Manger", bonus=lambda state, seat: max(0, min(4, _fenced(state["farms"][seat]) - 5))
)
# E24 Animal Pen: 2 food on every remaining round space.
DECK.card(
    "E24", "Animal Pen", schedule=every({"food": 2}, lambda now: remaining(now, range(1, 15)))
)
# E28 Clogs: +1 bonus point with a clay hut, +2 with a stone house.
DECK.card(
    "E28",
    "Clogs",
    bonus=lambda state, seat: {"clay": 1, "stone": 2}.get(state["farms"][seat]["house"], 0),
)
# E30 Canoe: Fishing +1 food and +1 reed.
DECK.card("E30", "Canoe", space={"fishing": {"food": 1, "reed": 1}})
# E31 Carp Pond: 1 food on each remaining odd-numbered round space.
DECK.card(
    "E31", "Carp Pond", schedule=every({"food": 1}, lambda now: remaining(now, range(1, 15, 2)))
)
# E35 Corn Scoop: 'Take 1 Grain' +1 grain.
DECK.card("E35", "Corn Scoop", space={"grain": {"grain": 1}})
# E39 Market Stall (passing): 1 vegetable.
DECK.card("E39", "Market Stall", goods={"vegetable": 1})
# E42 Helpful Neighbors (passing): 1 stone or 1 reed.
DECK.card("E42", "Helpful Neighbors", choices=[{"stone": 1}, {"reed": 1}])
# E43 Fruit Tree: 1 food on each remaining round space of rounds 8-14.
DECK.card(
    "E43", "Fruit Tree", schedule=every({"food": 1}, lambda now: remaining(now, range(8, 15)))
)
# E44 Outhouse: no effect; only while another player has fewer than 2 occupations.
DECK.card("E44", "Outhouse", play_if=_others_lacking_occupations)
# E45 Private Forest: 1 wood on each remaining even-numbered round space.
DECK.card(
    "E45",
    "Private Forest",
    schedule=every({"wood": 1}, lambda now: remaining(now, range(2, 15, 2))),
)
# E46 Sack Cart: 1 grain on each remaining space of rounds 5, 8, 11, 14.
DECK.card(
    "E46", "Sack Cart", schedule=every({"grain": 1}, lambda now: remaining(now, (5, 8, 11, 14)))
)
# E48 Reed Pond: 1 reed on each of the next 3 round spaces.
DECK.card(
    "E48",
    "Reed Pond",
    schedule=every({"reed": 1}, lambda now: list(range(now + 1, min(now + 4, 15)))),
)
# E51 Spindle: field phase, 3-4 sheep -> 1 food, 5+ -> 2.
DECK.card(
    "E51",
    "Spindle",
    field=lambda farm: (
        2 if farm["animals"]["sheep"] >= 5 else 1 if farm["animals"]["sheep"] >= 3 else 0
    ),
)
# E53 Butter Churn: field phase, 1 food per 3 sheep and per 2 cattle.
DECK.card(
    "E53",
    "Butter Churn",
    field=lambda farm: farm["animals"]["sheep"] // 3 + farm["animals"]["cattle"] // 2,
)
# E54 Quarry: Day Laborer +3 stone.
DECK.card("E54", "Quarry", space={"day_laborer_full": {"stone": 3}})
# E56 Stone Tongs: the '1 Stone' round cards +1 stone.
DECK.card(
    "E56", "Stone Tongs", space={"stone_stage_2": {"stone": 1}, "stone_stage_4": {"stone": 1}}
)
# E57 Dovecote: 1 food on each remaining round space of rounds 10-14.
DECK.card("E57", "Dovecote", schedule=every({"food": 1}, lambda now: remaining(now, range(10, 15))))
# E58 Animal Yard: holds 2 animals of any types.
DECK.card("E58", "Animal Yard", housing={"flexible": 2})
# E59 Drinking Trough: every pasture holds 2 more animals.
DECK.card("E59", "Drinking Trough", housing={"per_pasture": 2})
# E60 Cattle Market (passing): pay 1 sheep (the cost), take 1 cattle.
DECK.card("E60", "Cattle Market", animals={"cattle": 1})


def _field_space(state: dict, seat: int) -> str | None:
    return None if legal_field_spaces(state["farms"][seat]) else "no space can be ploughed"


def _stable_space(state: dict, seat: int) -> str | None:
    farm = state["farms"][seat]
    if stables_left(farm) < 1 or not legal_stable_spaces(farm):
        return "no stable can be built"
    return None


def _potato_dibber(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type == "FieldSown" and event.data["crop"] == "vegetable":
        b.emit("FieldTopped", {"card": card_id, "space": event.data["space"], "count": 1}, seat)
    if event.type == "CardFieldSown" and event.data["crop"] == "vegetable":  # seed 000 L588
        b.emit(
            "FieldTopped",
            {"card": card_id, "space": None, "count": 1, "field_card": event.data["card"]},
            seat,
        )


def _millstone_per_oven(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type == "BreadBaked" and event.data.get("grain", 0) >= 1:
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 2}}, seat)


def _millstone(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """E41 (seed 000 L620): 2 food per bake action, however many ovens bake in it: the first
    bake of one moment (``baking.moment``) pays, the others of that moment do not."""
    if event.type != "BreadBaked" or event.data.get("grain", 0) < 1:
        return
    key, now = f"{card_id}/bake", baking.moment(b.state)
    if b.state["farms"][seat]["card_state"].get(key) == now:
        return
    b.emit("CardStateSet", {"card": card_id, "key": key, "value": now}, seat)
    b.emit("CardGoods", {"card": card_id, "goods": {"food": 2}}, seat)


def _spices(b: Builder, seat: int, event: Any, card_id: str) -> None:
    via = str(event.data.get("via"))
    if (
        event.type == "GoodsConverted"
        and event.data.get("good") == "vegetable"
        and (is_a(via, "fireplace") or is_a(via, "cooking_hearth"))
    ):
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)


# E11 Field (passing): plough 1 field at once.
DECK.card("E11", "Field", step="plough", play_if=_field_space)
# E13 Axe: a wooden-hut room costs 2 wood + 2 reed.
DECK.card("E13", "Axe", room_material_wood=2)
# E25 Spices: cooking a vegetable with a Fireplace or Cooking Hearth gives 1 food more.
DECK.card("E25", "Spices", after=_spices)
# E32 Potato Dibber: each newly sown vegetable field gets 1 more vegetable.
DECK.card("E32", "Potato Dibber", after=_potato_dibber)
# E41 Millstone: "Whenever you bake 1 or more grain into bread, you receive 2 additional food"
# (S1): 2 food per bake action, not per oven (seed 000 L620). Sets 1-4 paid it per oven.
DECK.card("E41", "Millstone", after=_millstone)
DECK.card("E41", "Millstone", until=4, after=_millstone_per_oven)
# E52 Stable (passing): build 1 stable at no cost.
DECK.card("E52", "Stable", step="card_stable", play_if=_stable_space)


def _stone_house_room(state: dict, seat: int) -> str | None:
    farm = state["farms"][seat]
    if farm["house"] != "stone":
        return "it extends a stone house only"
    return None if legal_room_spaces(farm) else "no space next to the house is free"


def _mini_pasture(state: dict, seat: int) -> str | None:
    return (
        None
        if mini_pasture_spaces(state["farms"][seat])
        else "no single space (next to a pasture, once there is one) can be fenced"
    )


def _mini_pasture_v1(state: dict, seat: int) -> str | None:
    return (
        None
        if mini_pasture_spaces(state["farms"][seat])
        else "no single space next to a pasture can be fenced"
    )


def _wooden_hut(state: dict, seat: int) -> str | None:
    return None


# E40 Mini Pasture (passing): "When you play this card, immediately fence one space in your
# farmyard" (S1), without wood; it must adjoin an existing pasture (seed 000 L732), so with no
# pasture yet any space. Sets 1-4 asked for a pasture to adjoin even with none.
DECK.card("E40", "Mini Pasture", step="card_pasture", play_if=_mini_pasture, first_anywhere=True)
DECK.card("E40", "Mini Pasture", until=4, step="card_pasture", play_if=_mini_pasture_v1)
# E49 Writing Desk: on an occupation space, a 2nd occupation for 2 food (see play.py).
DECK.card("E49", "Writing Desk", second_occupation=2)
# E50 Builder's Trowel: renovate a wooden hut to clay at any time, paying as usual.
DECK.card("E50", "Builder's Trowel", renovate_any_time=True, play_if=_wooden_hut)
# E55 Stone House Extension (passing): 1 room for the stone house at no further cost.
DECK.card("E55", "Stone House Extension", step="card_room", play_if=_stone_house_room)

# E22 Raft: Fishing +1 food or +1 reed (the seat chooses after the placement).
DECK.card("E22", "Raft", choice_at={"fishing": (1, [{"food": 1}, {"reed": 1}])})


# -- improvements that cook or bake (digest §7; ``Extension.improvements``) ---------------------

# E14 Baker's Oven: paid by returning an oven; bakes up to 2 grain for 5 food each, and once
# at once when built.
DECK.card("E14", "Baker's Oven", improvement={"bake": (5, 2), "bake_on_build": True})
# E20 Simple Fireplace: cooks vegetable 2, sheep 1, boar 2, cattle 3; bakes grain for 2;
# counts as a fireplace, so a Cooking Hearth may be paid by returning it (seed 000 L706).
DECK.card(
    "E20",
    "Simple Fireplace",
    improvement={
        "cook": {"vegetable": 2, "sheep": 1, "boar": 2, "cattle": 3},
        "bake": (2, None),
        "counts_as": "fireplace",
    },
)
# E27 Wood-fired Oven: bakes any grain for 3 food each, once at once when built; counts as an
# oven (seed 000 L616).
DECK.card(
    "E27",
    "Wood-fired Oven",
    improvement={"bake": (3, None), "bake_on_build": True, "counts_as": "oven"},
)
# E38 Madonna Statue: no effect; paid by discarding 2 built improvements (see play.py).
DECK.card("E38", "Madonna Statue")

# E61 Riding Plow: twice per game, 'Plough 1 field' (and/or sow) ploughs up to 2 more fields
# (seed 000 L618; see plows.py).
DECK.card("E61", "Riding Plow", plow=2)
# E62 Turnwrest Plow: the same, once per game (seed 000 L666).
DECK.card("E62", "Turnwrest Plow", plow=1)

# E18 Bean Field: a card field for vegetables only (seed 000 L588; see fields.py).
DECK.card("E18", "Bean Field", card_field=["vegetable"])
# E47 Lettuce Patch: a card field for vegetables; a vegetable harvested from it may become 4
# food at once (seed 000 L718; see fields.py).
DECK.card(
    "E47",
    "Lettuce Patch",
    card_field=["vegetable"],
    converts_dynamic=lettuce,
    harvest=True,
    fresh=True,
)

# E34 Basket: taking wood from an accumulating space, leave 2 of it there for 3 food
# (see leaving.py).
DECK.card("E34", "Basket", leave={"good": "wood", "count": 2, "gain": {"food": 3}})
# E36 Clay Roof: a room or a renovation may be paid with 1 or 2 clay instead of as much reed
# (seed 000 L754; see payments.py).
DECK.card("E36", "Clay Roof")
# E37 Clay Supports: a clay-hut room may cost 2 clay, 1 wood, 1 reed (seed 000 L690).
DECK.card("E37", "Clay Supports")


def _keeps(farm: Farm, gain: dict) -> bool:
    return all(farm["animals"][a] + farm["unhoused"][a] > 0 for a in gain)


def _joinery_used(farm: Farm) -> bool:
    return "joinery" in farm["workshops_used"]


# E338 Feed Pellets: in the feeding phase, once per harvest, 1 vegetable for 1 animal of a
# type the seat already keeps.
DECK.card(
    "E338",
    "Feed Pellets",
    converts=[({"vegetable": 1}, {a: 1}) for a in ("sheep", "boar", "cattle")],
    option_if=_keeps,
    harvest=True,
    feeding_trade=True,
)
# E26 Plane: when the Joinery has turned wood into food in this harvest, +1 food, or a 2nd
# wood for exactly 2 food (the E deck's only such workshop is the Joinery).
DECK.card(
    "E26",
    "Plane",
    converts=[({}, {"food": 1}), ({"wood": 1}, {"food": 2})],
    converts_if=_joinery_used,
    harvest=True,
    feeding_trade=True,
)
# E33 Ceramics: needs an oven; +2 food; the Pottery is then a minor improvement for the seat
# and costs nothing (see play.majors_as_minors).
DECK.card("E33", "Ceramics", goods={"food": 2}, major_as_minor=("pottery",))
# E15 Baking Tray: the Clay and Stone Ovens are minor improvements for the seat, at their price;
# they and the Wood-fired Oven (E27) cost it 1 building resource less, of its choice (see
# payments.py).
DECK.card("E15", "Baking Tray", major_as_minor=("clay_oven", "stone_oven"), major_paid=True)

# Cards whose mechanism has a module of its own
# E29 Shepherd's Pipe (minor): more sheep in pastures and unfenced stables (``shepherds_pipe``).
DECK.card("E29", "Shepherd's Pipe")
# E19 Gypsy's Crock: +1 food per 2 goods cooked at once with a Fireplace or Cooking Hearth.
DECK.card("E19", "Gypsy's Crock", after=baking.crock)
