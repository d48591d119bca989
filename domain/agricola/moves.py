"""Moves: their JSON shape, who is asked, the legal-move lists and the dispatch of ``decide``.

A move is ``{"type": ..., <small fields>}``. ``MOVE_SHAPES`` says which fields each type needs
and may have; anything else is an :class:`InvalidMove`. ``legal_moves`` builds every candidate
of the current decision and keeps those whose ``check`` passes: the same predicates serve
``decide``, so every listed move is accepted and every accepted move is listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from domain.common.errors import InvalidMove, NotYourTurn, RuleViolation
from domain.common.fences import new_fences_needed
from domain.common.moveshape import check_fields, move_type

from . import build_steps, conversions, fencing, placement, steps, work_end
from .errors import AgricolaViolation, AnimalsProblem, StepNotExpected
from .extension import NONE, of, space_row
from .farm import fence_credit, fence_prices, major_costs, renovations, room_costs, stable_costs
from .flow import feed, full_animals, keep_newborns
from .improvements import bake_options, upgrade_sources
from .state import has_unhoused, name, total_animals
from .tables import ANIMALS, GRID, LEDGER_GOODS, MAJOR_IMPROVEMENTS, STABLE_COST
from .text import goods_text

if TYPE_CHECKING:
    from .builder import Builder

#: type -> (required fields with their types, optional fields with their types).
MOVE_SHAPES: dict[str, tuple[dict, dict]] = {
    "place": ({"space": str}, {"resource": str, "resource2": str, "option": str, "pay": int}),
    "build_room": ({"space": int}, {"pay": int}),
    "build_stable": ({"space": int}, {"pay": int}),
    "plough": ({"space": int}, {}),
    "sow": ({"space": int, "crop": str}, {}),
    "bake": ({"improvement": str, "grain": int}, {}),
    "build_major": ({"major": str}, {"return": str, "pay": int}),
    "fence_space": ({"space": int}, {}),
    "close_pasture": ({}, {"pay": int}),
    "clear_region": ({}, {}),
    "done": ({}, {}),
    "convert": ({"good": str}, {"count": int}),
    "release": ({"animal": str}, {"count": int}),
    "feed": ({}, {}),
    "keep_newborns": ({"sheep": int, "boar": int, "cattle": int}, {}),
    "work_end_pass": ({}, {}),
}

#: Moves whose "space" is a farmyard space (0-14).
FARM_SPACE_MOVES: tuple[str, ...] = ("build_room", "build_stable", "plough", "sow", "fence_space")


def check_shape(move: object, state: dict | None = None) -> None:
    """Raise :class:`InvalidMove` unless ``move`` is a well-formed move object of the game
    whose state is ``state`` (the extension's moves count too)."""
    kind = move_type(move)
    assert isinstance(move, dict)
    shape = MOVE_SHAPES.get(kind)
    ext = NONE if shape is not None or not state else of(state)
    shape = shape or ext.move_shapes.get(kind)
    if shape is None:
        raise InvalidMove("unknown_move", move_type=kind, title="Agricola")
    check_fields(kind, move, shape)
    if (kind in FARM_SPACE_MOVES or kind in ext.farm_space_moves) and not GRID.on_board(
        move["space"]
    ):
        raise InvalidMove(
            reason=f"'space' must be a farmyard space from 0 to "
            f"{len(GRID.spaces()) - 1} (row * 5 + column)"
        )


# -- who is asked ---------------------------------------------------------------------------------


def to_act(state: dict) -> tuple[int, ...]:
    """The seats the game waits for (digest §3.2 phase 3; §6.2 and §6.4 ask several at once)."""
    if not state or state.get("phase") in (None, "finished", "setup"):
        return ()
    pending = [s for s, p in enumerate(state["pending"]) if p is not None]
    if state["phase"] == "work":
        if pending:
            return tuple(pending)
        return () if state["turn"] is None else (state["turn"],)
    if state["phase"] == "harvest_feeding":  # a seat that feeds last waits for the others
        waits = of(state).feed_waits
        return tuple(s for s in pending if not any(wait(state, s) for wait in waits))
    if state["phase"] in ("harvest_breeding", "deal"):
        return tuple(pending)
    return ()


def check_turn(state: dict, seat: object) -> None:
    asked = to_act(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in asked:
        valid = isinstance(seat, int) and 0 <= seat < len(state.get("players", []))
        seat_name = name(state, cast(int, seat)) if valid else f"seat {seat}"
        waiting = " and ".join(name(state, s) for s in asked) or "nobody"
        raise NotYourTurn(seat_name=seat_name, waiting=waiting)


# -- feeding and breeding steps (digest §6.2-§6.4) ------------------------------------------------


def check_feed(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat]
    if state["phase"] != "harvest_feeding" or pending is None or pending["kind"] != "feed":
        raise StepNotExpected(
            what="feed the family",
            reason="it is not the feeding phase",
            seat_name=name(state, seat),
        )
    for wait in of(state).feed_waits:
        reason = wait(state, seat)
        if reason:
            raise StepNotExpected(
                what="feed the family", reason=reason, seat_name=name(state, seat)
            )


def apply_feed(b: Builder, seat: int, move: dict) -> None:
    feed(b, seat, b.state["pending"][seat]["need"])


def check_keep_newborns(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat]
    if state["phase"] != "harvest_breeding" or pending is None or pending["kind"] != "breed":
        raise StepNotExpected(
            what="choose newborns",
            reason="it is not the breeding phase",
            seat_name=name(state, seat),
        )
    choice = {a: move[a] for a in ANIMALS}
    if choice not in pending["options"]:
        raise AgricolaViolation(
            "newborns_choice_invalid",
            choice=_animals_text(choice),
            options=" or ".join(_animals_text(o) for o in pending["options"]),
            seat_name=name(state, seat),
        )


def apply_keep_newborns(b: Builder, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    keep_newborns(b, seat, pending["newborns"], {a: move[a] for a in ANIMALS})


def _animals_text(animals: dict) -> str:
    return goods_text(animals) if any(animals.values()) else "no newborn"


#: type -> (check, apply).
HANDLERS = {
    "place": (placement.check_place, steps.place_and_settle),
    "build_room": (build_steps.check_build_room, build_steps.apply_build_room),
    "build_stable": (build_steps.check_build_stable, build_steps.apply_build_stable),
    "plough": (build_steps.check_plough, build_steps.apply_plough),
    "sow": (build_steps.check_sow, build_steps.apply_sow),
    "bake": (build_steps.check_bake, build_steps.apply_bake),
    "build_major": (build_steps.check_build_major, build_steps.apply_build_major),
    "fence_space": (fencing.check_fence_space, fencing.apply_fence_space),
    "close_pasture": (fencing.check_close_pasture, fencing.apply_close_pasture),
    "clear_region": (fencing.check_clear_region, fencing.apply_clear_region),
    "done": (steps.check_done, steps.apply_done),
    "convert": (conversions.check_convert, conversions.apply_convert),
    "release": (conversions.check_release, conversions.apply_release),
    "feed": (check_feed, apply_feed),
    "keep_newborns": (check_keep_newborns, apply_keep_newborns),
    "work_end_pass": (work_end.check_work_end_pass, work_end.apply_work_end_pass),
}


def handler(state: dict, kind: str) -> tuple:
    """(check, apply) of a move type: the family game's, else the extension's."""
    return HANDLERS.get(kind) or of(state).handlers[kind]


def check_move(state: dict, seat: int, move: dict) -> None:
    """Raise unless ``seat`` may make ``move`` now (shape, turn and every rule)."""
    check_shape(move, state)
    check_turn(state, seat)
    kind = move["type"]
    farm = state["farms"][seat]
    if has_unhoused(farm) and kind not in ("release", "convert"):
        raise AnimalsProblem(animals=goods_text(farm["unhoused"]), seat_name=name(state, seat))
    handler(state, kind)[0](state, seat, move)


# -- legal moves ----------------------------------------------------------------------------------


def candidates(state: dict, seat: int) -> list[dict]:
    """A superset of the legal moves of ``seat`` now, all well formed (filtered by check)."""
    farm = state["farms"][seat]
    held = {**farm["supply"], **total_animals(farm)}
    converts: list[dict] = [
        {"type": "convert", "good": g} for g in LEDGER_GOODS if g != "food" and held.get(g, 0) > 0
    ]
    several = [(a, k) for a in ANIMALS for k in range(2, held[a] + 1)]
    converts += [{"type": "convert", "good": a, "count": k} for a, k in several]
    releases = [{"type": "release", "animal": a, "count": k} for a, k in several]
    releases = releases + (
        []
        if has_unhoused(farm)
        else [{"type": "release", "animal": a} for a in ANIMALS if held[a] > 0]
    )
    cards = [
        m for hook in of(state).running("anytime_candidates", state) for m in hook(state, seat)
    ]
    return _step_candidates(state, seat) + converts + cards + releases


def _step_candidates(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    out: list[dict] = []
    if has_unhoused(farm):
        return out + [{"type": "release", "animal": a} for a in ANIMALS]
    pending = state["pending"][seat]
    phase = state["phase"]
    if phase == "harvest_feeding":
        if any(wait(state, seat) for wait in of(state).feed_waits):
            return out
        return out + [{"type": "feed"}]
    if phase == "harvest_breeding":
        if pending is None:
            return out
        return out + [{"type": "keep_newborns", **full_animals(o)} for o in pending["options"]]
    if pending is None:
        if work_end.work_end_open(state, seat):  # after the last placement: nobody is at home
            return out + [{"type": "work_end_pass"}]
        for space_id in state["space_order"]:
            out.extend(placement.place_variants(state, space_id))
            if placement.renovating(state, space_row(space_id)["kind"]):
                out += [
                    {"type": "place", "space": space_id, "pay": i}
                    for i in range(1, len(renovations(farm)))
                ]
        return out
    kind = pending["kind"]
    spaces = list(GRID.spaces())
    if kind in steps.step_kinds(state, "build_room"):
        out += [{"type": "build_room", "space": s} for s in spaces]
        out += [
            {"type": "build_room", "space": s, "pay": i}
            for s in spaces
            for i in range(1, len(room_costs(farm)))
        ]
    choices = of(state)
    if kind in steps.step_kinds(state, "build_stable"):
        out += [{"type": "build_stable", "space": s} for s in spaces]
        if choices.stable_choices:  # the prices a card lets the seat choose
            paid = range(1, len(stable_costs(farm, STABLE_COST.get(kind, {}))))
            out += [{"type": "build_stable", "space": s, "pay": i} for s in spaces for i in paid]
    if kind in steps.step_kinds(state, "plough"):
        out += [{"type": "plough", "space": s} for s in spaces]
    if kind in steps.step_kinds(state, "sow"):
        out += [
            {"type": "sow", "space": f["space"], "crop": c}
            for f in farm["fields"]
            for c in ("grain", "vegetable")
        ]
    if kind in steps.step_kinds(state, "bake"):
        out += [
            {"type": "bake", "improvement": m, "grain": g}
            for m, g in bake_options(farm, pending.get("baked", []))
        ]
    if kind in steps.step_kinds(state, "build_major"):
        for major, info in MAJOR_IMPROVEMENTS.items():
            out.append({"type": "build_major", "major": major})
            out += [
                {"type": "build_major", "major": major, "pay": i}
                for i in range(1, len(major_costs(farm, major)))
            ]
            out += [
                {"type": "build_major", "major": major, "return": old}
                for old in upgrade_sources(farm, info)
            ]
    if kind == "fences":
        out += [{"type": "fence_space", "space": s} for s in spaces]
        out += [{"type": "close_pasture"}, {"type": "clear_region"}]
        if choices.fence_choices and pending.get("region"):
            out += [
                {"type": "close_pasture", "pay": i} for i in range(1, _fence_prices(state, seat))
            ]
    for hook in of(state).step_candidates:
        out += hook(state, seat, kind)
    out.append({"type": "done"})
    return out


def _fence_prices(state: dict, seat: int) -> int:
    """How many prices the seat may choose from for the pasture being drawn."""
    farm, pending = state["farms"][seat], state["pending"][seat]
    needed = len(new_fences_needed(GRID, pending["region"], farm["fences"]))
    return len(fence_prices(farm, needed, fence_credit(farm, pending)))


def legal_moves(state: dict, seat: int) -> list[dict]:
    """Every move ``seat`` may make now; empty when it is not asked (see the module docstring)."""
    if seat not in to_act(state):
        return []
    # check_move without the parts every candidate passes (its shape and the turn, checked
    # once above): the same filter, a third faster on a full game's busiest lists
    only_animals = has_unhoused(state["farms"][seat])
    # a placement on an occupied space fails check_place unless a card allows it: skip those
    # without raising (the same list, a good part of a 4-player round's candidates)
    occupied = () if of(state).occupied_ok else _occupied(state)
    # and no conversion passes check_convert while conversions are closed to the seat
    closed = conversions.conversions_open(state, seat) is not None
    out = []
    for move in candidates(state, seat):
        kind = move["type"]
        if only_animals and kind not in ("release", "convert"):
            continue
        if kind == "place" and move["space"] in occupied:
            continue
        if kind == "convert" and closed:
            continue
        try:
            handler(state, kind)[0](state, seat, move)
        except RuleViolation:
            continue
        out.append(move)
    return out


def _occupied(state: dict) -> set[str]:
    return {sid for sid, space in state["spaces"].items() if space["occupant"] is not None}


def apply_move(b: Builder, seat: int, move: dict) -> None:
    """Apply a checked move, then the extension's ``after_move`` window (hooks that read the
    events the move caused)."""
    first = len(b.events)
    handler(b.state, move["type"])[1](b, seat, move)
    for hook in of(b.state).after_move:
        hook(b, seat, b.events[first:])


__all__ = ["check_move", "apply_move", "legal_moves", "to_act", "check_shape"]
