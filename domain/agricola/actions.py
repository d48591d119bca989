"""The work phase: placing a person on an action space, and the steps of multi-part actions.

Every move has a ``check_*`` (raises a :class:`RuleViolation`, never changes anything) and an
``apply_*`` (emits events through a :class:`Builder`, which evolves its own copy of the state as
it goes). ``legal_moves`` lists exactly the candidates whose check passes, so a listed move is
always accepted and nothing accepted is unlisted.

Pending decisions (``state["pending"][seat]``), one per action in progress (digest §4.1):

=====================  ==========================================  ============================
kind                   steps offered                               must do before it may end
=====================  ==========================================  ============================
``rooms_stables``      build_room, build_stable (2 wood), done     a room or a stable (and/or)
``stable_bake``        build_stable (once, 1 wood), bake, done      a stable or a bake (and/or)
``plough``             plough                                       one field
``sow_bake``           sow, bake, done                              a sowing or a bake (and/or)
``plough_sow``         plough (once, first), sow, done             a field or a sowing (and/or)
``major``              build_major                                  one major improvement
``renovation_major``   build_major (once), done                     nothing more ("then", D-12)
``oven_bake``          bake, done                                   nothing (oven bakes once)
``fences``             fence_space, close_pasture, clear_region,    one pasture (Fences card);
                       done                                         nothing after a renovation
``room``               build_room                                   one room (5-player card)
``animals``            (release / convert while animals overflow)   the animals fit
=====================  ==========================================  ============================

An action ends by itself as soon as its mandatory part is done and nothing optional is left
(conversions do not keep it open); otherwise the player ends it with ``done``.
"""
from __future__ import annotations

import json

from domain.common.events import Event

from .errors import (ActionSpaceOccupied, AgricolaViolation, AnimalsProblem, IllegalFarmPlacement,
                     NotEnoughGoods, PastureNotAllowed, StepNotExpected)
from .evolve import evolve
from .farm import (affordable, can_build_pasture, can_build_room, can_build_stable, can_sow,
                   close_problem, close_region, fence_space_problem, field_space_problem,
                   growth_problem,
                   label, legal_field_spaces, renovation_cost, renovation_problem, room_cost,
                   room_space_problem, sow_problem, split_animals, stable_space_problem)
from .improvements import (bake_food, bake_problem, best_cooking, can_bake, can_build_any_major,
                           convertible_goods, major_problem, well_rounds, workshop_for)
from .state import (clone, has_unhoused, major_name, name, space_name, stables_left,
                    total_animals)
from .tables import (ACTION_SPACES, ANIMALS, BUILDING_RESOURCES, FENCE_REGION_CLEARS,
                     HOUSE_NAMES, LIVESTOCK_OPTIONS, MAJOR_IMPROVEMENTS, PLURAL,
                     RESOURCES_OR_GROWTH_FROM_ROUND, SOWING, STABLE_COST,
                     TWO_RESOURCES_MAY_REPEAT)


class Builder:
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(self, state: dict) -> None:
        self.state = clone(state)
        self.events: list[Event] = []

    def emit(self, kind: str, data: dict | None = None, seat: int | None = None) -> None:
        event = Event(kind, json.loads(json.dumps(data or {})), seat)
        self.events.append(event)
        self.state = evolve(self.state, event)


def _seat(state: dict, seat: int) -> dict:
    return {"seat_name": name(state, seat)}


def _goods_text(goods: dict) -> str:
    return ", ".join(f"{n} {PLURAL.get(g, g)}" for g, n in goods.items() if n) or "nothing"


# == placements (digest §3.2 phase 3, §4) ==========================================================

#: Option keys each kind of space accepts in the ``place`` move.
PLACE_OPTIONS = {
    "day_laborer": ("resource",),
    "building_resource": ("resource",),
    "building_resources": ("resource", "resource2"),
    "livestock": ("option",),
    "resources_or_growth": ("option", "resource", "resource2"),
    "room_or_traveling_players": ("option",),
}


def place_variants(state: dict, space_id: str) -> list[dict]:
    """Every well-formed ``place`` move for ``space_id`` (legal or not): the candidates."""
    kind = ACTION_SPACES[space_id]["kind"]
    base = {"type": "place", "space": space_id}
    if kind in ("day_laborer", "building_resource"):
        return [{**base, "resource": r} for r in BUILDING_RESOURCES]
    if kind == "building_resources":
        return [{**base, "resource": a, "resource2": b} for a, b in _resource_pairs()]
    if kind == "livestock":
        return [{**base, "option": o} for o in LIVESTOCK_OPTIONS]
    if kind == "resources_or_growth":
        return ([{**base, "option": "growth"}]
                + [{**base, "option": "resources", "resource": a, "resource2": b}
                   for a, b in _resource_pairs()])
    if kind == "room_or_traveling_players":
        return [{**base, "option": "food"}, {**base, "option": "room"}]
    return [base]


def _resource_pairs() -> list[tuple[str, str]]:
    out = []
    for i, a in enumerate(BUILDING_RESOURCES):
        for b in BUILDING_RESOURCES[i if TWO_RESOURCES_MAY_REPEAT else i + 1:]:
            out.append((a, b))
    return out


def check_place(state: dict, seat: int, move: dict) -> None:
    """Raise unless ``seat`` may place a person on ``move["space"]`` now (digest §3.2, §4.1)."""
    if state["phase"] != "work" or state["turn"] != seat or state["pending"][seat] is not None:
        raise StepNotExpected(what="place a person", reason="an action is still in progress",
                              **_seat(state, seat))
    space_id = move["space"]
    if space_id not in ACTION_SPACES:
        raise AgricolaViolation("unknown_action_space", space=space_id)
    if space_id not in state["spaces"]:
        raise AgricolaViolation("action_space_not_available", space_name=space_name(space_id),
                                round=state["round"], players=len(state["players"]))
    space = state["spaces"][space_id]
    if space["occupant"] is not None:
        raise ActionSpaceOccupied(space_name=space_name(space_id), space=space_id,
                                  occupant=space["occupant"],
                                  occupant_name=name(state, space["occupant"]))
    if state["farms"][seat]["home"] < 1:
        raise StepNotExpected(what="place a person", reason="nobody of the family is at home",
                              **_seat(state, seat))
    kind = ACTION_SPACES[space_id]["kind"]
    allowed = PLACE_OPTIONS.get(kind, ())
    extra = [k for k in move if k not in ("type", "space") and k not in allowed]
    if extra:
        raise AgricolaViolation("action_option_invalid", space_name=space_name(space_id),
                                reason=f"it takes no '{extra[0]}'", **_seat(state, seat))
    PLACE_CHECKS[kind](state, seat, space_id, move)


def _cannot(state, seat, space_id, reason):
    return AgricolaViolation("action_not_possible", space_name=space_name(space_id),
                             reason=reason, **_seat(state, seat))


def _bad_option(state, seat, space_id, reason):
    return AgricolaViolation("action_option_invalid", space_name=space_name(space_id),
                             reason=reason, **_seat(state, seat))


def _check_nonempty(state, seat, space_id, move):
    if not any(state["spaces"][space_id]["goods"].values()):
        raise AgricolaViolation("action_space_empty", space_name=space_name(space_id),
                                **_seat(state, seat))


def _check_nothing(state, seat, space_id, move):
    return None


def _check_resource(state, seat, space_id, move, key="resource"):
    if move.get(key) not in BUILDING_RESOURCES:
        raise _bad_option(state, seat, space_id,
                          f"'{key}' must be one of {', '.join(BUILDING_RESOURCES)}")


def _check_resource_pair(state, seat, space_id, move):
    _check_resource(state, seat, space_id, move, "resource")
    _check_resource(state, seat, space_id, move, "resource2")
    if (move["resource"], move["resource2"]) not in _resource_pairs():
        raise _bad_option(state, seat, space_id,
                          "name the two building resources in the order wood, clay, reed, "
                          "stone" + ("" if TWO_RESOURCES_MAY_REPEAT else ", two different ones"))


def _check_rooms_stables(state, seat, space_id, move):
    farm = state["farms"][seat]
    if not (can_build_room(farm) or can_build_stable(farm, STABLE_COST["rooms_stables"])):
        raise _cannot(state, seat, space_id, "they can build neither a room nor a stable")


def _check_stable_bake(state, seat, space_id, move):
    farm = state["farms"][seat]
    if not (can_build_stable(farm, STABLE_COST["stable_bake"]) or can_bake(farm, [])):
        raise _cannot(state, seat, space_id, "they can neither build a stable nor bake bread")


def _check_plough(state, seat, space_id, move):
    if not legal_field_spaces(state["farms"][seat]):
        raise _cannot(state, seat, space_id, "no farmyard space can be ploughed")


def _check_sow_bake(state, seat, space_id, move):
    farm = state["farms"][seat]
    if not (can_sow(farm) or can_bake(farm, [])):
        raise _cannot(state, seat, space_id, "they can neither sow nor bake bread")


def _check_plough_sow(state, seat, space_id, move):
    farm = state["farms"][seat]
    if not (legal_field_spaces(farm) or can_sow(farm)):
        raise _cannot(state, seat, space_id, "they can neither plough nor sow")


def _check_major(state, seat, space_id, move):
    if not can_build_any_major(state, seat):
        raise _cannot(state, seat, space_id, "they cannot afford any major improvement left")


def _check_fences(state, seat, space_id, move):
    if not can_build_pasture(state["farms"][seat]):
        raise _cannot(state, seat, space_id,
                      "no pasture can be enclosed with their fences and wood")


def _check_renovation(state, seat, space_id, move):
    farm = state["farms"][seat]
    problem = renovation_problem(farm)
    if problem:
        raise AgricolaViolation("renovation_not_possible", house=HOUSE_NAMES[farm["house"]],
                                reason=problem, **_seat(state, seat))


def _check_growth(state, seat, space_id, move):
    problem = growth_problem(state["farms"][seat], needs_room=True)
    if problem:
        raise AgricolaViolation("family_growth_not_possible", reason=problem,
                                **_seat(state, seat))


def _check_urgent_growth(state, seat, space_id, move):
    problem = growth_problem(state["farms"][seat], needs_room=False)
    if problem:
        raise AgricolaViolation("family_growth_not_possible", reason=problem,
                                **_seat(state, seat))


def _check_livestock(state, seat, space_id, move):
    option = move.get("option")
    if option not in LIVESTOCK_OPTIONS:
        raise _bad_option(state, seat, space_id, "'option' must be sheep, boar or cattle")
    pay = LIVESTOCK_OPTIONS[option]["pay"]
    if not affordable(state["farms"][seat]["supply"], pay):
        raise NotEnoughGoods(cost=_goods_text(pay), what="a cattle",
                             have=f"{state['farms'][seat]['supply']['food']} food",
                             **_seat(state, seat))


def _check_resources_or_growth(state, seat, space_id, move):
    option = move.get("option")
    if option == "growth":
        if "resource" in move or "resource2" in move:
            raise _bad_option(state, seat, space_id, "family growth takes no resources")
        if state["round"] < RESOURCES_OR_GROWTH_FROM_ROUND:
            raise _bad_option(state, seat, space_id,
                              f"family growth is offered only from round "
                              f"{RESOURCES_OR_GROWTH_FROM_ROUND}")
        _check_growth(state, seat, space_id, move)
        return
    if option != "resources":
        raise _bad_option(state, seat, space_id, "'option' must be resources or growth")
    _check_resource_pair(state, seat, space_id, move)


def _check_room_or_players(state, seat, space_id, move):
    option = move.get("option")
    if option == "food":
        _check_nonempty(state, seat, space_id, move)
    elif option == "room":
        if not can_build_room(state["farms"][seat]):
            raise _cannot(state, seat, space_id, "they cannot build a room")
    else:
        raise _bad_option(state, seat, space_id, "'option' must be food or room")


PLACE_CHECKS = {
    "take": _check_nonempty,
    "animals": _check_nonempty,
    "receive": _check_nothing,
    "starting_player": _check_nothing,
    "day_laborer": _check_resource,
    "building_resource": _check_resource,
    "building_resources": _check_resource_pair,
    "reed_stone_wood": _check_nothing,
    "rooms_stables": _check_rooms_stables,
    "stable_bake": _check_stable_bake,
    "plough": _check_plough,
    "sow_bake": _check_sow_bake,
    "plough_sow": _check_plough_sow,
    "major": _check_major,
    "fences": _check_fences,
    "renovation_major": _check_renovation,
    "renovation_fences": _check_renovation,
    "family_growth": _check_growth,
    "urgent_family_growth": _check_urgent_growth,
    "livestock": _check_livestock,
    "resources_or_growth": _check_resources_or_growth,
    "room_or_traveling_players": _check_room_or_players,
}


def has_legal_placement(state: dict, seat: int) -> bool:
    """Whether ``seat`` could place a person anywhere now (digest §3.2 phase 3, §4.1)."""
    probe = state
    if state["turn"] != seat or state["pending"][seat] is not None:
        probe = {**state, "turn": seat, "pending": [None] * len(state["players"])}
    for space_id in state["space_order"]:
        for move in place_variants(state, space_id):
            try:
                check_place(probe, seat, move)
                return True
            except AgricolaViolation:
                continue
    return False


def _pending(kind: str, space_id: str, **extra) -> dict:
    return {"kind": kind, "space": space_id, "done": [], **extra}


def apply_place(b: Builder, seat: int, move: dict) -> None:
    space_id = move["space"]
    kind = ACTION_SPACES[space_id]["kind"]
    PLACE_APPLY[kind](b, seat, space_id, move)
    settle(b, seat)


def _placed(b, seat, space_id, pending=None, option=None):
    data = {"space": space_id, "pending": pending}
    if option is not None:
        data["option"] = option
    b.emit("PersonPlaced", data, seat)


def _apply_take(b, seat, space_id, move):
    _placed(b, seat, space_id)
    b.emit("GoodsTaken", {"space": space_id,
                          "goods": dict(b.state["spaces"][space_id]["goods"])}, seat)


def _take_animals(b, seat, space_id, animals, from_space):
    farm = b.state["farms"][seat]
    total = total_animals(farm)
    for a, n in animals.items():
        total[a] += n
    housed, unhoused = split_animals(farm, total)
    b.emit("AnimalsTaken" if from_space else "AnimalsReceived",
           {"space": space_id, "animals": animals, "housed": housed, "unhoused": unhoused}, seat)


def _apply_animals(b, seat, space_id, move):
    _placed(b, seat, space_id, _pending("animals", space_id))
    goods = b.state["spaces"][space_id]["goods"]
    _take_animals(b, seat, space_id, {a: n for a, n in goods.items() if n}, True)


def _apply_receive(b, seat, space_id, move):
    _placed(b, seat, space_id)
    b.emit("GoodsReceived", {"space": space_id, "goods": ACTION_SPACES[space_id]["fixed"]}, seat)


def _apply_starting_player(b, seat, space_id, move):
    _placed(b, seat, space_id)
    b.emit("StartingPlayerTaken", {"space": space_id}, seat)
    goods = dict(b.state["spaces"][space_id]["goods"])
    if any(goods.values()):
        b.emit("GoodsTaken", {"space": space_id, "goods": goods}, seat)


def _combine(*parts: dict) -> dict:
    out: dict = {}
    for part in parts:
        for g, n in part.items():
            out[g] = out.get(g, 0) + n
    return out


def _apply_day_laborer(b, seat, space_id, move):
    _placed(b, seat, space_id)
    goods = _combine(ACTION_SPACES[space_id]["fixed"], {move["resource"]: 1})
    b.emit("GoodsReceived", {"space": space_id, "goods": goods}, seat)


def _apply_building_resource(b, seat, space_id, move):
    _placed(b, seat, space_id)
    b.emit("GoodsReceived", {"space": space_id, "goods": {move["resource"]: 1}}, seat)


def _apply_building_resources(b, seat, space_id, move):
    _placed(b, seat, space_id)
    goods = _combine({move["resource"]: 1}, {move["resource2"]: 1})
    b.emit("GoodsReceived", {"space": space_id, "goods": goods}, seat)


def _apply_reed_stone_wood(b, seat, space_id, move):
    _placed(b, seat, space_id)
    goods = dict(b.state["spaces"][space_id]["goods"])
    if any(goods.values()):
        b.emit("GoodsTaken", {"space": space_id, "goods": goods}, seat)
    b.emit("GoodsReceived", {"space": space_id, "goods": ACTION_SPACES[space_id]["fixed"]}, seat)


def _apply_pending(kind):
    def apply(b, seat, space_id, move):
        _placed(b, seat, space_id, _pending(kind, space_id))
    return apply


def _apply_fences(b, seat, space_id, move):
    _placed(b, seat, space_id, _pending("fences", space_id, mandatory=True, region=[], clears=0))


def _renovate(b, seat):
    farm = b.state["farms"][seat]
    cost = renovation_cost(farm)
    target = next(g for g in cost if g != "reed")
    b.emit("Renovated", {"from": farm["house"], "to": target, "cost": cost}, seat)


def _apply_renovation_major(b, seat, space_id, move):
    _placed(b, seat, space_id, _pending("renovation_major", space_id))
    _renovate(b, seat)


def _apply_renovation_fences(b, seat, space_id, move):
    _placed(b, seat, space_id, _pending("fences", space_id, mandatory=False, region=[], clears=0))
    _renovate(b, seat)


def _apply_growth(b, seat, space_id, move, without_room=False):
    _placed(b, seat, space_id)
    b.emit("FamilyGrew", {"space": space_id, "without_room": without_room,
                          "family": b.state["farms"][seat]["family"] + 1}, seat)


def _apply_urgent_growth(b, seat, space_id, move):
    _apply_growth(b, seat, space_id, move, without_room=True)


def _apply_livestock(b, seat, space_id, move):
    option = LIVESTOCK_OPTIONS[move["option"]]
    _placed(b, seat, space_id, _pending("animals", space_id), option=move["option"])
    if option["pay"]:
        b.emit("GoodsPaid", {"space": space_id, "goods": option["pay"]}, seat)
    if option["receive"]:
        b.emit("GoodsReceived", {"space": space_id, "goods": option["receive"]}, seat)
    _take_animals(b, seat, space_id, option["animals"], False)


def _apply_resources_or_growth(b, seat, space_id, move):
    if move["option"] == "growth":
        _placed(b, seat, space_id, option="growth")
        b.emit("FamilyGrew", {"space": space_id, "without_room": False,
                              "family": b.state["farms"][seat]["family"] + 1}, seat)
        return
    _placed(b, seat, space_id, option="resources")
    goods = _combine({move["resource"]: 1}, {move["resource2"]: 1})
    b.emit("GoodsReceived", {"space": space_id, "goods": goods}, seat)


def _apply_room_or_players(b, seat, space_id, move):
    if move["option"] == "food":
        _placed(b, seat, space_id, option="food")
        b.emit("GoodsTaken", {"space": space_id,
                              "goods": dict(b.state["spaces"][space_id]["goods"])}, seat)
        return
    _placed(b, seat, space_id, _pending("room", space_id), option="room")


PLACE_APPLY = {
    "take": _apply_take,
    "animals": _apply_animals,
    "receive": _apply_receive,
    "starting_player": _apply_starting_player,
    "day_laborer": _apply_day_laborer,
    "building_resource": _apply_building_resource,
    "building_resources": _apply_building_resources,
    "reed_stone_wood": _apply_reed_stone_wood,
    "rooms_stables": _apply_pending("rooms_stables"),
    "stable_bake": _apply_pending("stable_bake"),
    "plough": _apply_pending("plough"),
    "sow_bake": _apply_pending("sow_bake"),
    "plough_sow": _apply_pending("plough_sow"),
    "major": _apply_pending("major"),
    "fences": _apply_fences,
    "renovation_major": _apply_renovation_major,
    "renovation_fences": _apply_renovation_fences,
    "family_growth": _apply_growth,
    "urgent_family_growth": _apply_urgent_growth,
    "livestock": _apply_livestock,
    "resources_or_growth": _apply_resources_or_growth,
    "room_or_traveling_players": _apply_room_or_players,
}

# == steps of an action in progress ===============================================================

WORK_KINDS = ("rooms_stables", "stable_bake", "plough", "sow_bake", "plough_sow", "major",
              "renovation_major", "oven_bake", "fences", "room", "animals")


def mandatory_done(pending: dict) -> bool:
    """Whether the part of the action that must be carried out is done (digest §4.1)."""
    done = pending.get("done", [])
    kind = pending["kind"]
    if kind == "rooms_stables":
        return "room" in done or "stable" in done
    if kind == "stable_bake":
        return "stable" in done or "bake" in done
    if kind == "plough":
        return "plough" in done
    if kind == "sow_bake":
        return "sow" in done or "bake" in done
    if kind == "plough_sow":
        return "plough" in done or "sow" in done
    if kind == "major":
        return "major" in done
    if kind == "fences":
        return not pending.get("mandatory") or "pasture" in done
    if kind == "room":
        return "room" in done
    return True


STEP_KINDS = {
    "build_room": ("rooms_stables", "room"),
    "build_stable": ("rooms_stables", "stable_bake"),
    "plough": ("plough", "plough_sow"),
    "sow": ("sow_bake", "plough_sow"),
    "bake": ("sow_bake", "stable_bake", "oven_bake"),
    "build_major": ("major", "renovation_major"),
    "fence_space": ("fences",),
    "close_pasture": ("fences",),
    "clear_region": ("fences",),
    "done": ("rooms_stables", "stable_bake", "sow_bake", "plough_sow", "renovation_major",
             "oven_bake", "fences"),
}

STEP_WHAT = {
    "build_room": "build a room", "build_stable": "build a stable", "plough": "plough a field",
    "sow": "sow", "bake": "bake bread", "build_major": "build a major improvement",
    "fence_space": "mark a space for a pasture", "close_pasture": "close a pasture",
    "clear_region": "clear the marked spaces", "done": "end the action",
}


def _current_step(state: dict, seat: int, move_type: str) -> dict:
    """The pending action this step belongs to, or raise ``step_not_expected``."""
    pending = state["pending"][seat] if state["phase"] == "work" else None
    what = STEP_WHAT[move_type]
    if pending is None or pending["kind"] not in STEP_KINDS[move_type]:
        current = (space_name(pending["space"]) if pending and "space" in pending
                   else "no action")
        raise StepNotExpected(what=what, reason=f"the action in progress is {current}",
                              **_seat(state, seat))
    if has_unhoused(state["farms"][seat]):
        raise AnimalsProblem(animals=_goods_text(state["farms"][seat]["unhoused"]),
                             **_seat(state, seat))
    return pending


def _once(state, seat, pending, part, what):
    if part in pending.get("done", []):
        raise StepNotExpected(what=what, reason=f"{space_name(pending['space'])} allows it once",
                              **_seat(state, seat))


def check_build_room(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "build_room")
    if pending["kind"] == "room":
        _once(state, seat, pending, "room", "build a room")
    farm = state["farms"][seat]
    cost = room_cost(farm)
    if not affordable(farm["supply"], cost):
        raise NotEnoughGoods(cost=_goods_text(cost), what="a room",
                             have=_goods_text({g: farm["supply"][g] for g in cost}),
                             **_seat(state, seat))
    problem = room_space_problem(farm, move["space"])
    if problem:
        raise IllegalFarmPlacement("room_space_illegal", space_label=label(move["space"]),
                                   reason=problem, **_seat(state, seat))


def apply_build_room(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    b.emit("RoomBuilt", {"space": move["space"], "material": farm["house"],
                         "cost": room_cost(farm)}, seat)
    settle(b, seat)


def check_build_stable(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "build_stable")
    if pending["kind"] == "stable_bake":
        _once(state, seat, pending, "stable", "build a stable")
    farm = state["farms"][seat]
    if stables_left(farm) < 1:
        raise AgricolaViolation("stable_limit_reached", **_seat(state, seat))
    cost = STABLE_COST[pending["kind"]]
    if not affordable(farm["supply"], cost):
        raise NotEnoughGoods(cost=_goods_text(cost), what="a stable",
                             have=f"{farm['supply']['wood']} wood", **_seat(state, seat))
    problem = stable_space_problem(farm, move["space"])
    if problem:
        raise IllegalFarmPlacement("stable_space_illegal", space_label=label(move["space"]),
                                   reason=problem, **_seat(state, seat))


def apply_build_stable(b: Builder, seat: int, move: dict) -> None:
    kind = b.state["pending"][seat]["kind"]
    b.emit("StableBuilt", {"space": move["space"], "cost": STABLE_COST[kind]}, seat)
    settle(b, seat)


def check_plough(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "plough")
    _once(state, seat, pending, "plough", "plough a field")
    if "sow" in pending.get("done", []):
        raise StepNotExpected(what="plough a field",
                              reason="the field must be ploughed before sowing",
                              **_seat(state, seat))
    problem = field_space_problem(state["farms"][seat], move["space"])
    if problem:
        raise IllegalFarmPlacement("field_space_illegal", space_label=label(move["space"]),
                                   reason=problem, **_seat(state, seat))


def apply_plough(b: Builder, seat: int, move: dict) -> None:
    b.emit("FieldPloughed", {"space": move["space"]}, seat)
    settle(b, seat)


def check_sow(state: dict, seat: int, move: dict) -> None:
    _current_step(state, seat, "sow")
    problem = sow_problem(state["farms"][seat], move["space"], move["crop"])
    if problem:
        raise AgricolaViolation("field_not_sowable", crop=PLURAL.get(move["crop"], move["crop"]),
                                space_label=label(move["space"]), reason=problem,
                                **_seat(state, seat))


def apply_sow(b: Builder, seat: int, move: dict) -> None:
    b.emit("FieldSown", {"space": move["space"], "crop": move["crop"],
                         "count": SOWING[move["crop"]]}, seat)
    settle(b, seat)


def check_bake(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "bake")
    farm = state["farms"][seat]
    problem = bake_problem(farm, pending.get("baked", []), move["improvement"], move["grain"])
    if problem:
        raise AgricolaViolation("bake_not_possible", grain=move["grain"],
                                improvement_name=major_name(move["improvement"]),
                                reason=problem, **_seat(state, seat))


def apply_bake(b: Builder, seat: int, move: dict) -> None:
    b.emit("BreadBaked", {"improvement": move["improvement"], "grain": move["grain"],
                          "food": bake_food(move["improvement"], move["grain"])}, seat)
    settle(b, seat)


def check_build_major(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "build_major")
    _once(state, seat, pending, "major", "build a major improvement")
    problem = major_problem(state, seat, move["major"], move.get("return"))
    if problem:
        code, params = problem
        raise AgricolaViolation(code, **params, **_seat(state, seat))


def apply_build_major(b: Builder, seat: int, move: dict) -> None:
    major = move["major"]
    info = MAJOR_IMPROVEMENTS[major]
    returned = move.get("return")
    pending = b.state["pending"][seat]
    data = {"major": major, "cost": {} if returned else dict(info["cost"]),
            "returned": returned,
            "well_rounds": well_rounds(b.state["round"], info["well"]) if "well" in info else []}
    if info.get("bake_on_build"):
        data["pending"] = {"kind": "oven_bake", "space": pending["space"],
                           "done": pending.get("done", []) + ["major"], "baked": []}
    b.emit("MajorBuilt", data, seat)
    settle(b, seat)


def check_fence_space(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "fence_space")
    problem = fence_space_problem(state["farms"][seat], pending["region"], move["space"])
    if problem:
        raise PastureNotAllowed("fence_space_not_allowed", space_label=label(move["space"]),
                                reason=problem, **_seat(state, seat))


def apply_fence_space(b: Builder, seat: int, move: dict) -> None:
    region = sorted(b.state["pending"][seat]["region"] + [move["space"]])
    b.emit("FenceSpaceMarked", {"space": move["space"], "region": region}, seat)


def _spaces_text(spaces) -> str:
    return "; ".join(label(s) for s in spaces) or "none"


def check_close_pasture(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "close_pasture")
    region = pending["region"]
    problem = close_problem(state["farms"][seat], region)
    if problem:
        code, params = problem
        raise PastureNotAllowed(code, spaces=_spaces_text(region), **params,
                                **_seat(state, seat))


def apply_close_pasture(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    region = list(b.state["pending"][seat]["region"])
    built = close_region(farm, region)
    housed, unhoused = split_animals(farm, total_animals(farm), fences=built["all_fences"])
    b.emit("PastureFenced", {"region": region, "fences": built["fences"], "wood": built["wood"],
                             "pastures": built["pastures"], "subdivides": built["subdivides"],
                             "housed": housed, "unhoused": unhoused}, seat)
    settle(b, seat)


def check_clear_region(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "clear_region")
    if not pending["region"]:
        raise StepNotExpected(what="clear the marked spaces", reason="no space is marked",
                              **_seat(state, seat))
    if pending.get("clears", 0) >= FENCE_REGION_CLEARS:
        raise AgricolaViolation("fence_region_clear_limit", limit=FENCE_REGION_CLEARS,
                                **_seat(state, seat))


def apply_clear_region(b: Builder, seat: int, move: dict) -> None:
    b.emit("FenceRegionCleared", {"region": b.state["pending"][seat]["region"]}, seat)


def check_done(state: dict, seat: int, move: dict) -> None:
    pending = _current_step(state, seat, "done")
    if not mandatory_done(pending):
        raise AgricolaViolation("action_incomplete", space_name=space_name(pending["space"]),
                                reason=MANDATORY_TEXT[pending["kind"]], **_seat(state, seat))


MANDATORY_TEXT = {
    "rooms_stables": "it must build at least one room or stable",
    "stable_bake": "it must build the stable or bake bread",
    "sow_bake": "it must sow or bake bread",
    "plough_sow": "it must plough or sow",
    "fences": "it must enclose at least one pasture",
    "renovation_major": "", "oven_bake": "",
}


def apply_done(b: Builder, seat: int, move: dict) -> None:
    b.emit("ActionFinished", {"space": b.state["pending"][seat]["space"]}, seat)
    end_action(b, seat)


def optional_left(state: dict, seat: int) -> bool:
    """Whether the action in progress still offers a step besides ``done`` and conversions."""
    pending = state["pending"][seat]
    farm = state["farms"][seat]
    kind = pending["kind"]
    done = pending.get("done", [])
    baked = pending.get("baked", [])
    if kind == "rooms_stables":
        return can_build_room(farm) or can_build_stable(farm, STABLE_COST["rooms_stables"])
    if kind == "stable_bake":
        return (("stable" not in done and can_build_stable(farm, STABLE_COST["stable_bake"]))
                or can_bake(farm, baked))
    if kind == "plough":
        return "plough" not in done
    if kind == "sow_bake":
        return can_sow(farm) or can_bake(farm, baked)
    if kind == "plough_sow":
        return (("plough" not in done and "sow" not in done and bool(legal_field_spaces(farm)))
                or can_sow(farm))
    if kind == "major":
        return "major" not in done
    if kind == "renovation_major":
        return "major" not in done and can_build_any_major(state, seat)
    if kind == "oven_bake":
        return can_bake(farm, baked)
    if kind == "fences":
        return bool(pending["region"]) or can_build_pasture(farm)
    if kind == "room":
        return "room" not in done
    return False


def settle(b: Builder, seat: int) -> None:
    """End the action of ``seat`` if nothing is left to decide in it (see the module docstring)."""
    state = b.state
    if state["phase"] != "work":
        return
    if has_unhoused(state["farms"][seat]):
        return
    pending = state["pending"][seat]
    if pending is None or (mandatory_done(pending) and not optional_left(state, seat)):
        end_action(b, seat)


def end_action(b: Builder, seat: int) -> None:
    """Pass the turn clockwise to the next seat with people at home (digest §3.2 phase 3), or end
    the work phase when everyone is placed (phase 4 follows in ``flow``)."""
    nxt = next_turn(b, seat)
    if nxt is None:
        b.emit("PeopleReturned", {"round": b.state["round"]})
    else:
        b.emit("TurnPassed", {"to": nxt}, seat)


def next_turn(b: Builder, seat: int | None, include_self_first: bool = False) -> int | None:
    """The next seat clockwise after ``seat`` with people at home and a legal placement. A seat
    whose people can go nowhere keeps them at home for the round (``PeopleIdle``; see
    docs/rules/agricola.md)."""
    n = len(b.state["players"])
    for k in (range(0, n) if include_self_first else range(1, n + 1)):
        candidate = (seat + k) % n
        farm = b.state["farms"][candidate]
        if farm["home"] < 1:
            continue
        if has_legal_placement(b.state, candidate):
            return candidate
        b.emit("PeopleIdle", {"count": farm["home"]}, candidate)
    return None


# == animals, conversions (digest §3.2 item 6, §5.9, §5.10, §6.2) ================================

def check_release(state: dict, seat: int, move: dict) -> None:
    farm = state["farms"][seat]
    if not has_unhoused(farm):
        raise StepNotExpected(what="release animals", reason="all their animals fit on the farm",
                              **_seat(state, seat))
    animal = move["animal"]
    if animal not in ANIMALS or total_animals(farm)[animal] < 1:
        raise AnimalsProblem("no_animal_to_release", animal=PLURAL.get(animal, str(animal)),
                             **_seat(state, seat))


def apply_release(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    total = total_animals(farm)
    total[move["animal"]] -= 1
    housed, unhoused = split_animals(farm, total)
    b.emit("AnimalReleased", {"animal": move["animal"], "housed": housed,
                              "unhoused": unhoused}, seat)
    settle(b, seat)


def conversions_open(state: dict, seat: int) -> str | None:
    """Why ``seat`` may not convert now, or None. Conversions are offered whenever the seat is
    asked to act, except in the middle of an action whose mandatory part is not done yet (so a
    conversion can never make the action impossible to finish; see docs/rules/agricola.md)."""
    pending = state["pending"][seat]
    phase = state["phase"]
    if phase == "work":
        if pending is None:
            if state["turn"] != seat:
                return "it is not their turn"
            return None
        if pending["kind"] in WORK_KINDS and not mandatory_done(pending):
            return f"{space_name(pending['space'])} must be carried out first"
        return None
    if phase in ("harvest_feeding", "harvest_breeding") and pending is not None:
        return None
    return "they are not asked to act"


def check_convert(state: dict, seat: int, move: dict) -> None:
    good = move["good"]
    farm = state["farms"][seat]
    reason = conversions_open(state, seat)
    if reason:
        raise AgricolaViolation("conversion_not_now", good=PLURAL.get(good, str(good)),
                                reason=reason, **_seat(state, seat))
    if good in convertible_goods(farm, state["phase"]):
        return
    if good in ANIMALS and state["phase"] == "harvest_breeding":
        raise AgricolaViolation("conversion_not_now", good=PLURAL[good],
                                reason="animals may not be cooked during breeding (digest D-26)",
                                **_seat(state, seat))
    if good in ANIMALS and total_animals(farm)[good] > 0:
        raise AgricolaViolation("no_cooking_improvement", good=PLURAL[good], **_seat(state, seat))
    if good in BUILDING_RESOURCES and farm["supply"].get(good, 0) > 0:
        major = workshop_for(farm, good)
        if major and state["phase"] == "harvest_feeding":
            raise AgricolaViolation("workshop_already_used", major_name=major_name(major),
                                    good=good, **_seat(state, seat))
        raise AgricolaViolation("conversion_not_now", good=good,
                                reason="building resources become food only through a "
                                       "workshop in the feeding phase of a harvest (digest §7)",
                                **_seat(state, seat))
    raise AgricolaViolation("nothing_to_convert", good=PLURAL.get(good, str(good)),
                            **_seat(state, seat))


def apply_convert(b: Builder, seat: int, move: dict) -> None:
    good = move["good"]
    farm = b.state["farms"][seat]
    data: dict = {"good": good}
    if good in BUILDING_RESOURCES:
        major = workshop_for(farm, good)
        data.update(food=MAJOR_IMPROVEMENTS[major]["workshop"][1], via=major, workshop=True)
    else:
        via, food = best_cooking(farm, good)
        data.update(food=food, via=via)
        if good in ANIMALS:
            total = total_animals(farm)
            total[good] -= 1
            housed, unhoused = split_animals(farm, total)
            data.update(housed=housed, unhoused=unhoused)
    b.emit("GoodsConverted", data, seat)
    if b.state["phase"] == "work" and b.state["pending"][seat] is not None:
        settle(b, seat)
