"""The work phase, part 1: placing a person on an action space (digest §3.2 phase 3, §4).

Every move has a ``check_*`` (raises a :class:`RuleViolation`, never changes anything) and an
``apply_*`` (emits events through a :class:`~.builder.Builder`, which evolves its own copy of
the state as it goes). ``legal_moves`` lists exactly the candidates whose check passes, so a
listed move is always accepted and nothing accepted is unlisted. A placement that starts a
multi-part action leaves a pending decision for its steps (``steps.py``).
"""

from __future__ import annotations

from typing import Any

from .action_spaces import (
    LIVESTOCK_OPTIONS,
    RESOURCES_OR_GROWTH_FROM_ROUND,
    TWO_RESOURCES_MAY_REPEAT,
)
from .builder import seat_params
from .errors import ActionSpaceOccupied, AgricolaViolation, NotEnoughGoods, StepNotExpected
from .extension import find_space_row, of, space_row
from .farm import (
    affordable,
    can_build_pasture,
    can_build_room,
    can_build_stable,
    can_sow,
    fence_credit,
    growth_problem,
    legal_field_spaces,
    renovation_problem,
)
from .improvements import can_bake, can_build_any_major
from .state import name, space_name
from .tables import BUILDING_RESOURCES, HOUSE_NAMES, STABLE_COST
from .text import goods_text

# == placements (digest §3.2 phase 3, §4) ==========================================================

#: Option keys each kind of space accepts in the ``place`` move.
PLACE_OPTIONS = {
    "day_laborer": ("resource",),
    "building_resource": ("resource",),
    "building_resources": ("resource", "resource2"),
    "livestock": ("option",),
    "resources_or_growth": ("option", "resource", "resource2"),
    "room_or_traveling_players": ("option",),
    "renovation_major": ("pay",),
    "renovation_fences": ("pay",),
}
#: Space kinds that renovate at once; ``pay`` picks one of ``farm.renovations`` (0: printed).
RENOVATING = ("renovation_major", "renovation_fences")


def renovating(state: dict, kind: str) -> bool:
    """Whether a space of ``kind`` renovates at once (the extension may add kinds)."""
    return kind in RENOVATING or kind in of(state).renovating


def place_variants(state: dict, space_id: str) -> list[dict]:
    """Every well-formed ``place`` move for ``space_id`` (legal or not): the candidates."""
    kind = space_row(space_id)["kind"]
    base = {"type": "place", "space": space_id}
    if kind in ("day_laborer", "building_resource"):
        return [{**base, "resource": r} for r in BUILDING_RESOURCES]
    if kind == "building_resources":
        return [{**base, "resource": a, "resource2": b} for a, b in _resource_pairs()]
    if kind == "livestock":
        return [{**base, "option": o} for o in LIVESTOCK_OPTIONS]
    if kind == "resources_or_growth":
        return [{**base, "option": "growth"}] + [
            {**base, "option": "resources", "resource": a, "resource2": b}
            for a, b in _resource_pairs()
        ]
    if kind == "room_or_traveling_players":
        return [{**base, "option": "food"}, {**base, "option": "room"}]
    variants = of(state).place_variants.get(kind)
    if variants:
        return [{**base, "option": o} for o in variants]
    return [base]


def _resource_pairs() -> list[tuple[str, str]]:
    out = []
    for i, a in enumerate(BUILDING_RESOURCES):
        for b in BUILDING_RESOURCES[i if TWO_RESOURCES_MAY_REPEAT else i + 1 :]:
            out.append((a, b))
    return out


def check_place(state: dict, seat: int, move: dict) -> None:
    """Raise unless ``seat`` may place a person on ``move["space"]`` now (digest §3.2, §4.1)."""
    if state["phase"] != "work" or state["turn"] != seat or state["pending"][seat] is not None:
        raise StepNotExpected(
            what="place a person",
            reason="an action is still in progress",
            **seat_params(state, seat),
        )
    space_id = move["space"]
    if find_space_row(space_id) is None:
        raise AgricolaViolation("unknown_action_space", space=space_id)
    if space_id not in state["spaces"]:
        raise AgricolaViolation(
            "action_space_not_available",
            space_name=space_name(space_id),
            round=state["round"],
            players=len(state["players"]),
        )
    space = state["spaces"][space_id]
    if space["occupant"] is not None and not (
        space["occupant"] != seat
        and any(allow(state, seat, space_id, move) for allow in of(state).occupied_ok)
    ):
        raise ActionSpaceOccupied(
            space_name=space_name(space_id),
            space=space_id,
            occupant=space["occupant"],
            occupant_name=name(state, space["occupant"]),
        )
    if state["farms"][seat]["home"] < 1:
        raise StepNotExpected(
            what="place a person",
            reason="nobody of the family is at home",
            **seat_params(state, seat),
        )
    for limit in of(state).place_limits:
        reason = limit(state, seat, space_id)
        if reason:
            raise _cannot(state, seat, space_id, reason)
    kind = space_row(space_id)["kind"]
    allowed = PLACE_OPTIONS.get(kind)
    if allowed is None:
        allowed = of(state).place_options.get(kind, ())
    extra = [k for k in move if k not in ("type", "space") and k not in allowed]
    if extra:
        raise AgricolaViolation(
            "action_option_invalid",
            space_name=space_name(space_id),
            reason=f"it takes no '{extra[0]}'",
            **seat_params(state, seat),
        )
    checked = _with_gains(state, seat, space_id)
    (PLACE_CHECKS.get(kind) or of(state).place_checks[kind])(checked, seat, space_id, move)
    for problem in of(state).place_problems:  # conditions the extension sets on a space
        reason = problem(state, seat, space_id, move)
        if reason:
            raise _cannot(state, seat, space_id, reason)


def _with_gains(state: dict, seat: int, space_id: str) -> dict:
    """``state`` as the space's action will find it: with the goods the seat's cards give it
    before the action (window ``place_gains``; the card gives them in ``after_place``)."""
    hooks = of(state).place_gains
    gains = [g for hook in hooks for g in [hook(state, seat, space_id)] if g]
    if not gains:
        return state
    farm = state["farms"][seat]
    supply = dict(farm["supply"])
    for goods in gains:
        for good, n in goods.items():
            supply[good] = supply.get(good, 0) + n
    farms = list(state["farms"])
    farms[seat] = {**farm, "supply": supply}
    return {**state, "farms": farms}


def _cannot(state: dict, seat: int, space_id: str, reason: Any) -> Any:
    return AgricolaViolation(
        "action_not_possible",
        space_name=space_name(space_id),
        reason=reason,
        **seat_params(state, seat),
    )


def _bad_option(state: dict, seat: int, space_id: str, reason: Any) -> Any:
    return AgricolaViolation(
        "action_option_invalid",
        space_name=space_name(space_id),
        reason=reason,
        **seat_params(state, seat),
    )


def _check_nonempty(state: dict, seat: int, space_id: str, move: dict) -> None:
    if not any(state["spaces"][space_id]["goods"].values()):
        raise AgricolaViolation(
            "action_space_empty", space_name=space_name(space_id), **seat_params(state, seat)
        )


def _check_nothing(state: dict, seat: int, space_id: str, move: dict) -> Any:
    return None


def _check_resource(
    state: dict, seat: int, space_id: str, move: dict, key: Any = "resource"
) -> None:
    if move.get(key) not in BUILDING_RESOURCES:
        raise _bad_option(
            state, seat, space_id, f"'{key}' must be one of {', '.join(BUILDING_RESOURCES)}"
        )


def _check_resource_pair(state: dict, seat: int, space_id: str, move: dict) -> None:
    _check_resource(state, seat, space_id, move, "resource")
    _check_resource(state, seat, space_id, move, "resource2")
    if (move["resource"], move["resource2"]) not in _resource_pairs():
        raise _bad_option(
            state,
            seat,
            space_id,
            "name the two building resources in the order wood, clay, reed, "
            "stone" + ("" if TWO_RESOURCES_MAY_REPEAT else ", two different ones"),
        )


def _check_rooms_stables(state: dict, seat: int, space_id: str, move: dict) -> None:
    farm = state["farms"][seat]
    if not (can_build_room(farm) or can_build_stable(farm, STABLE_COST["rooms_stables"])):
        raise _cannot(state, seat, space_id, "they can build neither a room nor a stable")


def _check_stable_bake(state: dict, seat: int, space_id: str, move: dict) -> None:
    farm = state["farms"][seat]
    if not (can_build_stable(farm, STABLE_COST["stable_bake"]) or can_bake(farm, [])):
        raise _cannot(state, seat, space_id, "they can neither build a stable nor bake bread")


def _check_plough(state: dict, seat: int, space_id: str, move: dict) -> None:
    if not legal_field_spaces(state["farms"][seat]):
        raise _cannot(state, seat, space_id, "no farmyard space can be ploughed")


def _check_sow_bake(state: dict, seat: int, space_id: str, move: dict) -> None:
    farm = state["farms"][seat]
    if not (can_sow(farm) or can_bake(farm, [])):
        raise _cannot(state, seat, space_id, "they can neither sow nor bake bread")


def _check_plough_sow(state: dict, seat: int, space_id: str, move: dict) -> None:
    farm = state["farms"][seat]
    if not (legal_field_spaces(farm) or can_sow(farm)):
        raise _cannot(state, seat, space_id, "they can neither plough nor sow")


def _check_major(state: dict, seat: int, space_id: str, move: dict) -> None:
    if not can_build_any_major(state, seat):
        raise _cannot(state, seat, space_id, "they cannot afford any major improvement left")


def _check_fences(state: dict, seat: int, space_id: str, move: dict) -> None:
    farm = state["farms"][seat]
    if not can_build_pasture(farm, fence_credit(farm, None)):
        raise _cannot(
            state, seat, space_id, "no pasture can be enclosed with their fences and wood"
        )


def _check_renovation(state: dict, seat: int, space_id: str, move: dict) -> None:
    farm = state["farms"][seat]
    problem = renovation_problem(farm, move.get("pay", 0))
    if problem:
        raise AgricolaViolation(
            "renovation_not_possible",
            house=HOUSE_NAMES[farm["house"]],
            reason=problem,
            **seat_params(state, seat),
        )


def _check_growth(state: dict, seat: int, space_id: str, move: dict) -> None:
    problem = growth_problem(state["farms"][seat], needs_room=True)
    if problem:
        raise AgricolaViolation(
            "family_growth_not_possible", reason=problem, **seat_params(state, seat)
        )


def _check_urgent_growth(state: dict, seat: int, space_id: str, move: dict) -> None:
    problem = growth_problem(state["farms"][seat], needs_room=False)
    if problem:
        raise AgricolaViolation(
            "family_growth_not_possible", reason=problem, **seat_params(state, seat)
        )


def _check_livestock(state: dict, seat: int, space_id: str, move: dict) -> None:
    option = move.get("option")
    if option not in LIVESTOCK_OPTIONS:
        raise _bad_option(state, seat, space_id, "'option' must be sheep, boar or cattle")
    pay = LIVESTOCK_OPTIONS[option]["pay"]
    if not affordable(state["farms"][seat]["supply"], pay):
        raise NotEnoughGoods(
            cost=goods_text(pay),
            what="a cattle",
            have=f"{state['farms'][seat]['supply']['food']} food",
            **seat_params(state, seat),
        )


def _check_resources_or_growth(state: dict, seat: int, space_id: str, move: dict) -> None:
    option = move.get("option")
    if option == "growth":
        if "resource" in move or "resource2" in move:
            raise _bad_option(state, seat, space_id, "family growth takes no resources")
        if state["round"] < RESOURCES_OR_GROWTH_FROM_ROUND:
            raise _bad_option(
                state,
                seat,
                space_id,
                f"family growth is offered only from round {RESOURCES_OR_GROWTH_FROM_ROUND}",
            )
        _check_growth(state, seat, space_id, move)
        return
    if option != "resources":
        raise _bad_option(state, seat, space_id, "'option' must be resources or growth")
    _check_resource_pair(state, seat, space_id, move)


def _check_room_or_players(state: dict, seat: int, space_id: str, move: dict) -> None:
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
