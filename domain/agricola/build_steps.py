"""The work phase, part 2, the building steps of an action in progress (digest §4.1, §5): build
a room or a stable, plough, sow, bake and build a major improvement, each a ``check_*`` (raises
a :class:`RuleViolation`, never changes anything) and an ``apply_*`` (emits events through a
:class:`~.builder.Builder`). ``steps.py`` keeps the step table, the end of an action and of a
turn.
"""

from __future__ import annotations

from typing import Any

from .builder import Builder, seat_params
from .errors import AgricolaViolation, IllegalFarmPlacement, NotEnoughGoods, StepNotExpected
from .farm import (
    affordable,
    field_space_problem,
    label,
    major_costs,
    room_costs,
    room_space_problem,
    sow_problem,
    stable_costs,
    stable_space_problem,
)
from .improvements import bake_food, bake_problem, major_problem, well_rounds
from .state import major_name, space_name, stables_left
from .steps import current_step, settle
from .tables import (
    MAJOR_IMPROVEMENTS,
    PLURAL,
    SOWING,
    STABLE_COST,
)
from .text import goods_text


def _once(state: dict, seat: int, pending: dict, part: Any, what: Any) -> None:
    if part in pending.get("done", []):
        raise StepNotExpected(
            what=what,
            reason=f"{space_name(pending['space'])} allows it once",
            **seat_params(state, seat),
        )


def check_build_room(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "build_room")
    if pending["kind"] in ("room", "card_room"):
        _once(state, seat, pending, "room", "build a room")
    farm = state["farms"][seat]
    costs = room_costs(farm)
    pay = move.get("pay", 0)
    if not 0 <= pay < len(costs):
        raise StepNotExpected(
            what="pay for a room that way",
            reason=f"'pay' must be a number from 0 to {len(costs) - 1}",
            **seat_params(state, seat),
        )
    cost = {} if pending["kind"] == "card_room" else costs[pay]
    if not affordable(farm["supply"], cost):
        raise NotEnoughGoods(
            cost=goods_text(cost),
            what="a room",
            have=goods_text({g: farm["supply"][g] for g in cost}),
            **seat_params(state, seat),
        )
    problem = room_space_problem(farm, move["space"])
    if problem:
        raise IllegalFarmPlacement(
            "room_space_illegal",
            space_label=label(move["space"]),
            reason=problem,
            **seat_params(state, seat),
        )


def apply_build_room(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    free = b.state["pending"][seat]["kind"] == "card_room"
    b.emit(
        "RoomBuilt",
        {
            "space": move["space"],
            "material": farm["house"],
            "cost": {} if free else room_costs(farm)[move.get("pay", 0)],
        },
        seat,
    )
    settle(b, seat)


def check_build_stable(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "build_stable")
    if pending["kind"] == "stable_bake":
        _once(state, seat, pending, "stable", "build a stable")
    farm = state["farms"][seat]
    if stables_left(farm) < 1:
        raise AgricolaViolation("stable_limit_reached", **seat_params(state, seat))
    costs = stable_costs(farm, STABLE_COST[pending["kind"]])
    pay = move.get("pay", 0)
    if not 0 <= pay < len(costs):
        raise StepNotExpected(
            what="pay for a stable that way",
            reason=f"'pay' must be a number from 0 to {len(costs) - 1}",
            **seat_params(state, seat),
        )
    cost = costs[pay][1]
    if not affordable(farm["supply"], cost):
        raise NotEnoughGoods(
            cost=goods_text(cost),
            what="a stable",
            have=f"{farm['supply']['wood']} wood",
            **seat_params(state, seat),
        )
    problem = stable_space_problem(farm, move["space"])
    if problem:
        raise IllegalFarmPlacement(
            "stable_space_illegal",
            space_label=label(move["space"]),
            reason=problem,
            **seat_params(state, seat),
        )


def apply_build_stable(b: Builder, seat: int, move: dict) -> None:
    kind = b.state["pending"][seat]["kind"]
    card, cost = stable_costs(b.state["farms"][seat], STABLE_COST[kind])[move.get("pay", 0)]
    data = {"space": move["space"], "cost": cost}
    if card:  # a price only a card offers (window ``stable_choices``)
        data["card"] = card
    b.emit("StableBuilt", data, seat)
    settle(b, seat)


def check_plough(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "plough")
    _once(state, seat, pending, "plough", "plough a field")
    if "sow" in pending.get("done", []):
        raise StepNotExpected(
            what="plough a field",
            reason="the field must be ploughed before sowing",
            **seat_params(state, seat),
        )
    problem = field_space_problem(state["farms"][seat], move["space"])
    if problem:
        raise IllegalFarmPlacement(
            "field_space_illegal",
            space_label=label(move["space"]),
            reason=problem,
            **seat_params(state, seat),
        )


def apply_plough(b: Builder, seat: int, move: dict) -> None:
    b.emit("FieldPloughed", {"space": move["space"]}, seat)
    settle(b, seat)


def check_sow(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "sow")
    if pending.get("crops") and move["crop"] not in pending["crops"]:
        raise AgricolaViolation(
            "field_not_sowable",
            crop=PLURAL.get(move["crop"], move["crop"]),
            space_label=label(move["space"]),
            reason="this sowing takes only " + " or ".join(PLURAL[c] for c in pending["crops"]),
            **seat_params(state, seat),
        )
    if pending["kind"] == "sow_one" and "sow" in pending.get("done", []):
        raise StepNotExpected(
            what="sow", reason="this card sows one field only", **seat_params(state, seat)
        )
    problem = sow_problem(state["farms"][seat], move["space"], move["crop"])
    if problem:
        raise AgricolaViolation(
            "field_not_sowable",
            crop=PLURAL.get(move["crop"], move["crop"]),
            space_label=label(move["space"]),
            reason=problem,
            **seat_params(state, seat),
        )


def apply_sow(b: Builder, seat: int, move: dict) -> None:
    b.emit(
        "FieldSown",
        {"space": move["space"], "crop": move["crop"], "count": SOWING[move["crop"]]},
        seat,
    )
    settle(b, seat)


def check_bake(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "bake")
    farm = state["farms"][seat]
    problem = bake_problem(farm, pending.get("baked", []), move["improvement"], move["grain"])
    if problem:
        raise AgricolaViolation(
            "bake_not_possible",
            grain=move["grain"],
            improvement_name=major_name(move["improvement"]),
            reason=problem,
            **seat_params(state, seat),
        )


def apply_bake(b: Builder, seat: int, move: dict) -> None:
    b.emit(
        "BreadBaked",
        {
            "improvement": move["improvement"],
            "grain": move["grain"],
            "food": bake_food(move["improvement"], move["grain"]),
        },
        seat,
    )
    settle(b, seat)


def check_build_major(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "build_major")
    _once(state, seat, pending, "major", "build a major improvement")
    if "return" in move and "pay" in move:
        raise AgricolaViolation(
            "major_payment_invalid",
            major_name=major_name(move["major"]),
            reason="it is paid either by returning an improvement or with goods, not both",
            **seat_params(state, seat),
        )
    problem = major_problem(state, seat, move["major"], move.get("return"), move.get("pay", 0))
    if problem:
        code, params = problem
        raise AgricolaViolation(code, **params, **seat_params(state, seat))


def apply_build_major(b: Builder, seat: int, move: dict) -> None:
    major = move["major"]
    info = MAJOR_IMPROVEMENTS[major]
    returned = move.get("return")
    pending = b.state["pending"][seat]
    data = {
        "major": major,
        "cost": {} if returned else major_costs(b.state["farms"][seat], major)[move.get("pay", 0)],
        "returned": returned,
        "well_rounds": well_rounds(b.state["round"], info["well"]) if "well" in info else [],
    }
    if info.get("bake_on_build"):
        data["pending"] = {
            "kind": "oven_bake",
            "space": pending["space"],
            "done": pending.get("done", []) + ["major"],
            "baked": [],
        }
    b.emit("MajorBuilt", data, seat)
    settle(b, seat)
