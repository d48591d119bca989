"""Why a move is refused: the shape check, and a sentence in Village's nouns for any move that
is not among the listed ones (the listed moves are exactly the accepted moves)."""

from __future__ import annotations

from domain.common.errors import InvalidMove, NotYourTurn

from .errors import VillageViolation
from .moves import to_act
from .state import cubes_on_board, first_at, name

SHAPES: dict[str, dict[str, tuple]] = {
    "take": {"space": (str,), "colour": (str,)},
    "well": {"colour": (str,), "coins": (int,)},
    "action": {"space": (str,)},
    "skip": {},
    "harvest": {},
    "birth": {},
    "recall": {"from": (str,), "gen": (int,)},
    "craft": {
        "building": (str,),
        "pay": (str,),
        "coins": (int,),
        "good": (str,),
        "train": (int,),
        "produce": (bool,),
    },
    "mill": {},
    "travel": {"from": (str,), "gen": (int,), "to": (str,), "coins": (int,)},
    "council_enter": {"gen": (int,), "pay": (str,), "coins": (int,)},
    "council_advance": {"step": (int,), "gen": (int,), "pay": (str,), "coins": (int,)},
    "council_privilege": {"step": (int,), "colours": (list,), "good": (str,)},
    "privilege": {"step": (int,), "colours": (list,), "good": (str,)},
    "church": {"gen": (int,), "pay": (str,)},
    "serve": {"slot": (int,), "coins": (int,)},
    "pass": {},
    "cubes": {"colours": (list,)},
    "clara_cube": {"colour": (str,)},
    "die": {"at": (str,), "gen": (int,)},
    "buy": {"gen": (int,)},
    "advance": {"step": (int,), "gen": (int,)},
    "done": {},
}
WHAT = {
    "take": "take a cube",
    "well": "use the Well",
    "action": "choose an action",
    "skip": "leave the action out",
    "harvest": "harvest grain",
    "birth": "have a child",
    "recall": "call a member home",
    "craft": "work in a craft building",
    "mill": "grind at the Mill",
    "travel": "travel",
    "council_enter": "enter the council",
    "council_advance": "advance in the council",
    "council_privilege": "take a council privilege",
    "privilege": "take a privilege",
    "church": "send a member to church",
    "serve": "serve a customer",
    "pass": "pass on the market day",
    "cubes": "take cubes of their choice",
    "clara_cube": "choose Clara's cube",
    "die": "choose who dies",
    "buy": "buy a member out of the black bag",
    "advance": "move up the church steps",
    "done": "finish this part of the mass",
}


def check_shape(move: object) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise InvalidMove(reason="a move must be a JSON object with a 'type' string")
    kind = move["type"]
    if kind not in SHAPES:
        raise InvalidMove("unknown_move", move_type=kind, title="Village")
    for key, value in move.items():
        if key == "type":
            continue
        if key not in SHAPES[kind]:
            raise InvalidMove(reason=f"a '{kind}' move has no field '{key}'")
        types = SHAPES[kind][key]
        if (bool not in types and isinstance(value, bool)) or not isinstance(value, types):
            raise InvalidMove(
                reason=f"'{key}' of a '{kind}' move must be a "
                f"{types[0].__name__.replace('str', 'string')}"
            )


def refuse(state: dict, seat: int, move: dict) -> Exception:
    """The error for a well-formed move that is not listed for ``seat`` now. A move that
    lacks a field the diagnosis reads is refused for that (never a crash)."""
    try:
        return _refuse(state, seat, move)
    except (KeyError, TypeError, ValueError) as err:
        return InvalidMove(
            reason=f"this '{move['type']}' move is not one of the listed moves "
            f"(it lacks or misstates {err})"
        )


def _refuse(state: dict, seat: int, move: dict) -> Exception:
    waiting = to_act(state)
    if seat not in waiting:
        return NotYourTurn(
            seat_name=name(state, seat) if 0 <= seat < len(state["players"]) else f"seat {seat}",
            waiting=", ".join(name(state, s) for s in waiting) or "nobody",
        )
    params = {"seat_name": name(state, seat)}
    kind = move["type"]
    expected = _expected(state)
    if kind == "take" and expected == "a cube or the Well":
        return VillageViolation(
            "village_no_cube", colour=move["colour"], space_name=str(move["space"]).capitalize()
        )
    if kind == "well" and expected == "a cube or the Well":
        if not cubes_on_board(state):
            return VillageViolation("village_well_closed", reason="no cube is left on the board")
        return VillageViolation(
            "village_cannot_pay",
            what="the Well",
            reason=f"the Well takes 3 {move['colour']} cubes (coins may stand in for some)",
            **params,
        )
    if "gen" in move and _fits(kind, expected):
        where = _where(move)
        if first_at(state["seats"][seat], where, move["gen"]) is None:
            return VillageViolation(
                "village_no_member", gen=move["gen"], where=_words(where), **params
            )
    return (
        VillageViolation("village_not_now", what=WHAT[kind], expected=expected, **params)
        if not _fits(kind, expected)
        else VillageViolation(
            "village_action_invalid",
            what=WHAT[kind],
            reason="that choice is not open to them (the rules or their goods do not allow "
            "it; the listed moves are the ones that are)",
            **params,
        )
    )


def _where(move: dict) -> str:
    """Where the member a move names must stand."""
    kind = move["type"]
    if "from" in move or "at" in move:
        return str(move.get("from") or move.get("at"))
    return {
        "buy": "bag",
        "advance": f"church:{move.get('step')}",
        "council_advance": f"council:{move.get('step')}",
    }.get(kind, "farm")


def _words(where: str) -> str:
    kind, _, arg = where.partition(":")
    return {
        "farm": "on the farmyard",
        "bag": "in the black bag",
        "yard": f"in the {arg} yard",
        "council": f"on council step {arg}",
        "church": f"on church step {arg}",
        "city": f"in city {arg}",
    }.get(kind, f"at {where}")


def _expected(state: dict) -> str:
    if state["dying"] is not None:
        return "the choice of who dies"
    if state["phase"] == "mass_buy":
        return "members bought out of the black bag, or done"
    if state["phase"] == "mass_advance":
        return "moves up the church steps, or done"
    step = state["step"]
    if step is not None:
        return {
            "act": f"the action of {step.get('space', '').capitalize()} or a skip",
            "space": "the choice of an action space",
            "privilege": "a privilege or a skip",
            "cubes": "a choice of cubes",
            "clara": "the colour of Clara's cube",
        }[step["kind"]]
    if state["market_day"] is not None:
        return "a customer served or a pass"
    return "a cube or the Well"


FITS = {
    "the choice of who dies": ("die",),
    "a cube or the Well": ("take", "well"),
    "members bought out of the black bag, or done": ("buy", "done"),
    "moves up the church steps, or done": ("advance", "done"),
    "the choice of an action space": ("action",),
    "a privilege or a skip": ("privilege", "skip"),
    "a choice of cubes": ("cubes",),
    "the colour of Clara's cube": ("clara_cube",),
    "a customer served or a pass": ("serve", "pass"),
}


def _fits(kind: str, expected: str) -> bool:
    if expected in FITS:
        return kind in FITS[expected]
    return kind not in (
        "take",
        "well",
        "die",
        "buy",
        "done",
        "advance",
        "action",
        "cubes",
        "clara_cube",
        "serve",
        "pass",
        "privilege",
    )
