"""The work phase, part 2: the steps of a multi-part action and the end of a turn (digest
§4.1, §3.2). The fence steps are in ``fencing.py``; releasing and cooking animals and other
conversions, allowed at any time, in ``conversions.py``.

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

from .builder import Builder, seat_params
from .errors import AgricolaViolation, AnimalsProblem, StepNotExpected
from .extension import of
from .farm import (
    can_build_pasture,
    can_build_room,
    can_build_stable,
    can_sow,
    fence_credit,
    legal_field_spaces,
)
from .improvements import can_bake, can_build_any_major
from .place_effects import apply_place
from .placement import has_legal_placement
from .state import has_unhoused, space_name, total_animals
from .tables import STABLE_COST
from .text import goods_text
from .work_end import work_end_turn

# == steps of an action in progress ===============================================================

WORK_KINDS: tuple[str, ...] = (
    "rooms_stables",
    "stable_bake",
    "plough",
    "sow_bake",
    "plough_sow",
    "major",
    "renovation_major",
    "oven_bake",
    "fences",
    "room",
    "animals",
)


#: The parts of an action of which at least one must be done before it may end (digest §4.1:
#: "and/or" spaces need one part, "then" spaces their first). Kinds not listed need nothing
#: more once placed; the Fences card needs a pasture only when its fences are mandatory.
MANDATORY_PARTS = {
    "rooms_stables": ("room", "stable"),
    "stable_bake": ("stable", "bake"),
    "plough": ("plough",),
    "sow_bake": ("sow", "bake"),
    "plough_sow": ("plough", "sow"),
    "major": ("major",),
    "fences": ("pasture",),
    "room": ("room",),
}


def mandatory_done(state: dict, pending: dict) -> bool:
    """Whether the part of the action that must be carried out is done (digest §4.1)."""
    parts = MANDATORY_PARTS.get(pending["kind"]) or of(state).mandatory_parts.get(pending["kind"])
    if parts is None or (pending["kind"] == "fences" and not pending.get("mandatory")):
        return True
    done = pending.get("done", [])
    return any(part in done for part in parts)


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
    "done": (
        "rooms_stables",
        "stable_bake",
        "sow_bake",
        "plough_sow",
        "renovation_major",
        "oven_bake",
        "fences",
    ),
}


def step_kinds(state: dict, move_type: str) -> frozenset[str]:
    """The pending kinds in which a step ``move_type`` may be taken (the action window: the
    extension may add kinds of its own)."""
    ext = of(state)
    merged = _MERGED.get((ext.name, move_type))
    if merged is None:
        merged = _MERGED[(ext.name, move_type)] = frozenset(
            STEP_KINDS[move_type] + ext.step_kinds.get(move_type, ())
        )
    return merged


#: Step kinds merged with an extension's, by (extension name, move type): a memo of a pure function
#: (extensions live as long as the process, see ``extension._BUILT``).
_MERGED: dict = {}


def work_kind(state: dict, kind: str) -> bool:
    """Whether no conversion or release may come before the mandatory part of ``kind``."""
    return kind in WORK_KINDS or kind in of(state).work_kinds


STEP_WHAT = {
    "build_room": "build a room",
    "build_stable": "build a stable",
    "plough": "plough a field",
    "sow": "sow",
    "bake": "bake bread",
    "build_major": "build a major improvement",
    "fence_space": "mark a space for a pasture",
    "close_pasture": "close a pasture",
    "clear_region": "clear the marked spaces",
    "done": "end the action",
}


def current_step(state: dict, seat: int, move_type: str) -> dict:
    """The pending action this step belongs to, or raise ``step_not_expected``."""
    pending = state["pending"][seat] if state["phase"] == "work" else None
    what = STEP_WHAT[move_type]
    if pending is None or pending["kind"] not in step_kinds(state, move_type):
        current = space_name(pending["space"]) if pending and "space" in pending else "no action"
        raise StepNotExpected(
            what=what, reason=f"the action in progress is {current}", **seat_params(state, seat)
        )
    if has_unhoused(state["farms"][seat]):
        raise AnimalsProblem(
            animals=goods_text(state["farms"][seat]["unhoused"]), **seat_params(state, seat)
        )
    return pending


def check_done(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "done")
    if not mandatory_done(state, pending):
        text = MANDATORY_TEXT.get(pending["kind"])
        raise AgricolaViolation(
            "action_incomplete",
            space_name=space_name(pending["space"]),
            reason=of(state).mandatory_text[pending["kind"]] if text is None else text,
            **seat_params(state, seat),
        )


MANDATORY_TEXT = {
    "rooms_stables": "it must build at least one room or stable",
    "stable_bake": "it must build the stable or bake bread",
    "sow_bake": "it must sow or bake bread",
    "plough_sow": "it must plough or sow",
    "plough": "it must plough the field",
    "fences": "it must enclose at least one pasture",
    "renovation_major": "",
    "oven_bake": "",
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
    ext = of(state)
    if any(extra(state, seat) for extra in ext.extra_steps):
        return True
    if kind == "rooms_stables":
        return can_build_room(farm) or can_build_stable(farm, STABLE_COST["rooms_stables"])
    if kind == "stable_bake":
        return (
            "stable" not in done and can_build_stable(farm, STABLE_COST["stable_bake"])
        ) or can_bake(farm, baked)
    if kind == "plough":
        return "plough" not in done
    if kind == "sow_bake":
        return can_sow(farm) or can_bake(farm, baked)
    if kind == "plough_sow":
        return (
            "plough" not in done and "sow" not in done and bool(legal_field_spaces(farm))
        ) or can_sow(farm)
    if kind == "major":
        return "major" not in done
    if kind == "renovation_major":
        return "major" not in done and can_build_any_major(state, seat)
    if kind == "oven_bake":
        return can_bake(farm, baked)
    if kind == "fences":
        return bool(pending["region"]) or can_build_pasture(farm, fence_credit(farm, pending))
    if kind == "room":
        return "room" not in done
    if kind in ext.optional_left:
        return ext.optional_left[kind](state, seat)
    return False


# The action window of the extension: ``optional_left`` (pending kinds of its own and whether
# a step is left), ``extra_steps`` (card steps that keep any action open while they may be
# taken) and ``after_place`` (hooks after a person is placed).


def settle(b: Builder, seat: int) -> None:
    """End the action of ``seat`` if nothing is left to decide in it (see the module docstring)."""
    state = b.state
    if state["phase"] != "work":
        return
    if has_unhoused(state["farms"][seat]):
        return
    pending = state["pending"][seat]
    if pending is None or (mandatory_done(state, pending) and not optional_left(state, seat)):
        end_action(b, seat)


def end_action(b: Builder, seat: int) -> None:
    """Pass the turn clockwise to the next seat with people at home (digest §3.2 phase 3), or,
    when everyone is placed, open the end of the work phase to the seats a card lets move people
    (``work_end_turn``) and then end it (phase 4 follows in ``flow``)."""
    nxt = next_turn(b, seat)
    if nxt is not None:
        b.emit("TurnPassed", {"to": nxt}, seat)
    elif not work_end_turn(b, seat):
        b.emit("PeopleReturned", {"round": b.state["round"]})


def next_turn(b: Builder, seat: int, include_self_first: bool = False) -> int | None:
    """The next seat clockwise after ``seat`` with people at home and a legal placement. A seat
    whose people can go nowhere keeps them at home for the round (``PeopleIdle``; see
    docs/rules/agricola.md)."""
    n = len(b.state["players"])
    for k in range(n) if include_self_first else range(1, n + 1):
        candidate = (seat + k) % n
        farm = b.state["farms"][candidate]
        if farm["home"] < 1:
            continue
        if has_legal_placement(b.state, candidate):
            return candidate
        b.emit("PeopleIdle", {"count": farm["home"]}, candidate)
    return None


def place_and_settle(b: Builder, seat: int, move: dict) -> None:
    """A ``place`` move: the placement (``placement.py``), then the end of the action at once
    when nothing is left to decide in it."""
    farm = b.state["farms"][seat]
    before = {**farm["supply"], **total_animals(farm)}
    apply_place(b, seat, move)
    for hook in of(b.state).after_place:
        hook(b, seat, move, before)
    settle(b, seat)
