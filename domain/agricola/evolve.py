"""``evolve``: apply one recorded event to the state (in place), never validating.

Every event carries what it changes (goods paid and received, the pastures after fencing, the
animals housed after a change), so nothing here re-runs a rule. Goods move between the farms, the
action spaces, the round spaces and the general-supply ledger ``state["bank"]``, so that every
good is conserved (digest §1.2). One small function per event type, dispatched from a table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .evolve_base import (
    _add,
    _bank_to_farm,
    _copy,
    _farm_to_bank,
    _note,
    _set_animals,
    _take_from_space,
)
from .evolve_cards import CARD_EVENTS, _give_back
from .extension import of
from .state import new_farm, new_space
from .tables import ANIMALS, LAST_ROUND

# -- set-up and rounds ----------------------------------------------------------------------------


def game_set_up(state: dict, d: dict, seat: Any) -> dict:
    players = list(d["players"])
    state = {
        "title": "agricola",
        "variant": d["variant"],
        "players": players,
        "solo": d["solo"],
        "round": 0,
        "stage": 0,
        "phase": "setup",
        "start_player": d["start_player"],
        "turn": None,
        "space_order": list(d["spaces"]),
        "spaces": {s: new_space(s) for s in d["spaces"]},
        "round_cards": [],
        "round_food": [[0] * len(players) for _ in range(LAST_ROUND + 1)],
        "majors": dict.fromkeys(d["majors"]),
        "farms": [new_farm(food) for food in d["food"]],
        "pending": [None] * len(players),
        "feeding": dict(d["feeding"]),
        "bank": dict(d["bank"]),
        "final": None,
        "before_breeding_window": d.get("before_breeding_window", False),
    }
    if d.get("round_order"):  # the solo player's fixed order (digest §9.2 item 7)
        state["round_order"] = list(d["round_order"])
    if d.get("series"):  # a game of a solo series (digest §9.3)
        state["series"] = dict(d["series"])
    if d["variant"] == "full":
        state["cards"] = dict(d["cards"])
        state["hands"] = {"_private": {}}
        for farm in state["farms"]:
            farm.update(
                occupations=[],
                minors=[],
                cards=[],
                schedule={},
                card_state={},
                card_set=state["cards"].get("card_set", 1),
            )
    return state


def round_started(state: dict, d: dict, seat: Any) -> dict:
    card = d["card"]
    state["round"] = d["round"]
    state["stage"] = d["stage"]
    state["round_cards"].append(card)
    state["spaces"][card] = new_space(card)
    state["space_order"].append(card)
    state["phase"] = "work"
    state["start_player"] = d["start_player"]
    state["turn"] = d["start_player"]
    for farm in state["farms"]:
        farm["home"] = farm["family"]
        farm["newborns"] = 0
    state["pending"] = [None] * len(state["players"])
    return state


def well_food_collected(state: dict, d: dict, seat: Any) -> dict:
    state["round_food"][d["round"]][seat] -= d["food"]
    state["farms"][seat]["supply"]["food"] += d["food"]
    return state


def spaces_replenished(state: dict, d: dict, seat: Any) -> dict:
    for space_id, goods in d["goods"].items():
        _add(state["spaces"][space_id]["goods"], goods)
        _add(state["bank"], goods, -1)
    return state


# -- the work phase -----------------------------------------------------------------------------


def person_placed(state: dict, d: dict, seat: Any) -> dict:
    space = state["spaces"][d["space"]]
    space["occupant"] = seat
    state["farms"][seat]["home"] -= 1
    state["pending"][seat] = _copy(d["pending"])
    for seats in state.get("reactions", {}).values():  # windows close (cards/reactions.py)
        if seat in seats:
            seats.remove(seat)
    return state


def goods_taken(state: dict, d: dict, seat: Any) -> dict:
    _take_from_space(state, d["space"], d["goods"])
    _add(state["farms"][seat]["supply"], d["goods"])
    return state


def goods_received(state: dict, d: dict, seat: Any) -> dict:
    _bank_to_farm(state, seat, d["goods"])
    return state


def goods_paid(state: dict, d: dict, seat: Any) -> dict:
    _farm_to_bank(state, seat, d["goods"])
    return state


def starting_player_taken(state: dict, d: dict, seat: Any) -> dict:
    state["start_player"] = seat
    return state


def animals_taken(state: dict, d: dict, seat: Any) -> dict:
    _take_from_space(state, d["space"], d["animals"])
    _set_animals(state["farms"][seat], d)
    return state


def animals_received(state: dict, d: dict, seat: Any) -> dict:
    _add(state["bank"], d["animals"], -1)
    _set_animals(state["farms"][seat], d)
    return state


def animal_released(state: dict, d: dict, seat: Any) -> dict:
    state["bank"][d["animal"]] += d.get("count", 1)
    _set_animals(state["farms"][seat], d)
    return state


def goods_converted(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    good = d["good"]
    count = d.get("count", 1)  # several animals at once (issue 23 item 7)
    if good in ANIMALS:
        _set_animals(farm, d)
    else:
        farm["supply"][good] -= count
    state["bank"][good] += count
    farm["supply"]["food"] += d["food"]
    state["bank"]["food"] -= d["food"]
    if d.get("via") and d.get("workshop"):
        farm["workshops_used"].append(d["via"])
    return state


def room_built(state: dict, d: dict, seat: Any) -> dict:
    state["farms"][seat]["rooms"].append(d["space"])
    _farm_to_bank(state, seat, d["cost"])
    _note(state, seat, "room")
    return state


def stable_built(state: dict, d: dict, seat: Any) -> dict:
    state["farms"][seat]["stables"].append(d["space"])
    _farm_to_bank(state, seat, d["cost"])
    _note(state, seat, "stable")
    return state


def renovated(state: dict, d: dict, seat: Any) -> dict:
    state["farms"][seat]["house"] = d["to"]
    _farm_to_bank(state, seat, d["cost"])
    _note(state, seat, "renovate")
    return state


def family_grew(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    farm["family"] += 1
    farm["newborns"] += 1
    state["spaces"][d["space"]]["newborn"] = True
    _note(state, seat, "growth")
    return state


def field_ploughed(state: dict, d: dict, seat: Any) -> dict:
    state["farms"][seat]["fields"].append({"space": d["space"], "crop": None, "count": 0})
    if d.get("card"):
        _farm_to_bank(state, seat, {"food": d.get("food", 0)})
        if state["pending"][seat] is not None:
            state["pending"][seat].setdefault("card_ploughs", []).append(d["card"])
        return state
    _note(state, seat, "plough")
    return state


def field_sown(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    crop = d["crop"]
    for field in farm["fields"]:
        if field["space"] == d["space"]:
            field["crop"] = crop
            field["count"] = d["count"]
    farm["supply"][crop] -= 1
    state["bank"][crop] -= d["count"] - 1
    _note(state, seat, "sow")
    return state


def bread_baked(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    farm["supply"]["grain"] -= d["grain"]
    farm["supply"]["food"] += d["food"]
    state["bank"]["grain"] += d["grain"]
    state["bank"]["food"] -= d["food"]
    pending = state["pending"][seat]
    if pending is not None:
        pending.setdefault("baked", []).append(d["improvement"])
    _note(state, seat, "bake")
    return state


def major_built(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    state["majors"][d["major"]] = seat
    farm["majors"].append(d["major"])
    _farm_to_bank(state, seat, d["cost"])
    if d.get("returned"):
        _give_back(state, seat, d["returned"])
    for r in d.get("well_rounds", []):
        state["round_food"][r][seat] += 1
        state["bank"]["food"] -= 1
    if "pending" in d:
        state["pending"][seat] = _copy(d["pending"])
    else:
        _note(state, seat, d.get("part", "major"))
    return state


def fence_space_marked(state: dict, d: dict, seat: Any) -> dict:
    state["pending"][seat]["region"] = list(d["region"])
    return state


def fence_region_cleared(state: dict, d: dict, seat: Any) -> dict:
    pending = state["pending"][seat]
    pending["region"] = []
    pending["clears"] = pending.get("clears", 0) + 1
    return state


def pasture_fenced(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    farm["fences"] = sorted(set(farm["fences"]) | set(d["fences"]))
    farm["pastures"] = [list(p) for p in d["pastures"]]
    _farm_to_bank(state, seat, {"wood": d["wood"]})
    _set_animals(farm, d)
    pending = state["pending"][seat]
    if pending is not None:
        pending["region"] = []
        if d.get("free_fences"):
            pending["free_fences"] = pending.get("free_fences", 0) + d["free_fences"]
    _note(state, seat, "pasture")
    return state


def action_finished(state: dict, d: dict, seat: Any) -> dict:
    state["pending"][seat] = None
    return state


def turn_passed(state: dict, d: dict, seat: Any) -> dict:
    if seat is not None:
        state["pending"][seat] = None
    state["turn"] = d["to"]
    return state


def work_end_turn(state: dict, d: dict, seat: Any) -> dict:
    """The end of the work phase: ``to`` may move people with its cards (``steps.py``)."""
    if seat is not None:
        state["pending"][seat] = None
    before = state.get("work_end") or {}
    state["work_end"] = {"after": d["after"], "at": d["at"], "moved": list(before.get("moved", []))}
    state["turn"] = d["to"]
    return state


def work_end_passed(state: dict, d: dict, seat: Any) -> dict:
    state["work_end"]["at"] += 1
    return state


def person_moved(state: dict, d: dict, seat: Any) -> dict:
    """A person leaves ``from`` to use ``to`` (the ``PersonPlaced`` that follows takes it from
    home again); no person moves twice (seed 000 L770)."""
    state["spaces"][d["from"]]["occupant"] = None
    state["farms"][seat]["home"] += 1
    state["work_end"]["moved"].append(d["to"])
    return state


def people_idle(state: dict, d: dict, seat: Any) -> dict:
    state["farms"][seat]["home"] -= d["count"]
    return state


def people_returned(state: dict, d: dict, seat: Any) -> dict:
    for space in state["spaces"].values():
        space["occupant"] = None
        space["newborn"] = False
    for farm in state["farms"]:
        farm["home"] = farm["family"]
    state["pending"] = [None] * len(state["players"])
    state["turn"] = None
    state["phase"] = "return"
    state.pop("work_end", None)
    return state


# -- harvest ------------------------------------------------------------------------------------


def harvest_started(state: dict, d: dict, seat: Any) -> dict:
    state["phase"] = "harvest_field"
    return state


def fields_harvested(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    taken = set(d["spaces"])
    kept = set(d.get("kept", ()))  # harvested from the general supply, the field untouched
    for field in farm["fields"]:
        if field["space"] in kept:
            state["bank"][field["crop"]] -= 1
        elif field["space"] in taken:
            field["count"] -= 1
            if not field["count"]:
                field["crop"] = None
    farm["supply"]["grain"] += d["grain"]
    farm["supply"]["vegetable"] += d["vegetable"]
    return state


def feeding_started(state: dict, d: dict, seat: Any) -> dict:
    state["phase"] = "harvest_feeding"
    for farm in state["farms"]:
        farm["workshops_used"] = []
    for s in d["asked"]:
        state["pending"][s] = {"kind": "feed", "need": d["needs"][s]}
    return state


def family_fed(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    _farm_to_bank(state, seat, {"food": d["food"]})
    farm["begging"] += d["begging"]
    state["pending"][seat] = None
    return state


def breeding_started(state: dict, d: dict, seat: Any) -> dict:
    state["phase"] = "harvest_breeding"
    for farm in state["farms"]:
        farm.pop("harvest_fresh", None)
    for choice in d["choices"]:
        state["pending"][choice["seat"]] = {
            "kind": "breed",
            "newborns": dict(choice["newborns"]),
            "options": _copy(choice["options"]),
        }
    return state


def animals_bred(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    _add(state["bank"], d["kept"], -1)
    farm["animals"] = dict(d["housed"])
    state["pending"][seat] = None
    return state


def game_ended(state: dict, d: dict, seat: Any) -> dict:
    state["phase"] = "finished"
    state["turn"] = None
    state["pending"] = [None] * len(state["players"])
    state["final"] = {"scores": list(d["scores"]), "winners": list(d["winners"])}
    return state


#: Event type -> handler(state, data, seat) -> state.
EVOLVERS: dict[str, Callable[[dict, dict, int | None], dict]] = {
    "GameSetUp": game_set_up,
    "RoundStarted": round_started,
    "WellFoodCollected": well_food_collected,
    "SpacesReplenished": spaces_replenished,
    "PersonPlaced": person_placed,
    "GoodsTaken": goods_taken,
    "GoodsReceived": goods_received,
    "GoodsPaid": goods_paid,
    "StartingPlayerTaken": starting_player_taken,
    "AnimalsTaken": animals_taken,
    "AnimalsReceived": animals_received,
    **CARD_EVENTS,
    "AnimalReleased": animal_released,
    "GoodsConverted": goods_converted,
    "RoomBuilt": room_built,
    "StableBuilt": stable_built,
    "Renovated": renovated,
    "FamilyGrew": family_grew,
    "FieldPloughed": field_ploughed,
    "FieldSown": field_sown,
    "BreadBaked": bread_baked,
    "MajorBuilt": major_built,
    "FenceSpaceMarked": fence_space_marked,
    "FenceRegionCleared": fence_region_cleared,
    "PastureFenced": pasture_fenced,
    "ActionFinished": action_finished,
    "TurnPassed": turn_passed,
    "PeopleIdle": people_idle,
    "WorkEndTurn": work_end_turn,
    "WorkEndPassed": work_end_passed,
    "PersonMoved": person_moved,
    "PeopleReturned": people_returned,
    "HarvestStarted": harvest_started,
    "FieldsHarvested": fields_harvested,
    "FeedingStarted": feeding_started,
    "FamilyFed": family_fed,
    "BreedingStarted": breeding_started,
    "AnimalsBred": animals_bred,
    "GameEnded": game_ended,
}


def evolve(state: dict, event: Any) -> dict:
    """Apply ``event`` to ``state`` (in place when possible); unknown types change nothing."""
    handler = EVOLVERS.get(event.type)
    if handler is None:  # an event only a card module emits (``abilities.CardModule.events``)
        handler = of(state).events.get(event.type) if state.get("cards") else None
        if handler is None:
            return state
    return handler(state, event.data, event.seat)
