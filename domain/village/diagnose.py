"""Why a move is refused: the shape check, and a sentence in Village's nouns for any move that
is not among the listed ones (the listed moves are exactly the accepted moves)."""

from __future__ import annotations

from domain.common.errors import InvalidMove, NotYourTurn
from domain.common.i18n import NP_

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
    "take": NP_("error part", "take a cube"),
    "well": NP_("error part", "use the Well"),
    "action": NP_("error part", "choose an action"),
    "skip": NP_("error part", "leave the action out"),
    "harvest": NP_("error part", "harvest grain"),
    "birth": NP_("error part", "have a child"),
    "recall": NP_("error part", "call a member home"),
    "craft": NP_("error part", "work in a craft building"),
    "mill": NP_("error part", "grind at the Mill"),
    "travel": NP_("error part", "travel"),
    "council_enter": NP_("error part", "enter the council"),
    "council_advance": NP_("error part", "advance in the council"),
    "council_privilege": NP_("error part", "take a council privilege"),
    "privilege": NP_("error part", "take a privilege"),
    "church": NP_("error part", "send a member to church"),
    "serve": NP_("error part", "serve a customer"),
    "pass": NP_("error part", "pass on the market day"),
    "cubes": NP_("error part", "take cubes of their choice"),
    "clara_cube": NP_("error part", "choose Clara's cube"),
    "die": NP_("error part", "choose who dies"),
    "buy": NP_("error part", "buy a member out of the black bag"),
    "advance": NP_("error part", "move up the church steps"),
    "done": NP_("error part", "finish this part of the mass"),
}


def check_shape(move: object) -> None:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise InvalidMove(
            reason=NP_("error part", "a move must be a JSON object with a 'type' string")
        )
    kind = move["type"]
    if kind not in SHAPES:
        raise InvalidMove("unknown_move", move_type=kind, title="Village")
    for key, value in move.items():
        if key == "type":
            continue
        if key not in SHAPES[kind]:
            raise InvalidMove(
                reason=NP_("error part", "a '{kind}' move has no field '{key}'"), kind=kind, key=key
            )
        types = SHAPES[kind][key]
        if (bool not in types and isinstance(value, bool)) or not isinstance(value, types):
            raise InvalidMove(
                reason=NP_("error part", "'{key}' of a '{kind}' move must be a {type_word}"),
                kind=kind,
                key=key,
                type_word=TYPE_WORDS.get(types[0].__name__, types[0].__name__),
            )


#: the kinds of a move's field, as a refusal names them
TYPE_WORDS = {
    "str": NP_("error part", "string"),
    "int": NP_("error part", "int"),
    "bool": NP_("error part", "bool"),
    "list": NP_("error part", "list"),
}


def refuse(state: dict, seat: int, move: dict) -> Exception:
    """The error for a well-formed move that is not listed for ``seat`` now. A move that
    lacks a field the diagnosis reads is refused for that (never a crash)."""
    try:
        return _refuse(state, seat, move)
    except (KeyError, TypeError, ValueError) as err:
        return InvalidMove(
            reason=NP_(
                "error part",
                "this '{kind}' move is not one of the listed moves (it lacks or misstates {err})",
            ),
            kind=move["type"],
            err=str(err),
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
            return VillageViolation(
                "village_well_closed", reason=NP_("error part", "no cube is left on the board")
            )
        return VillageViolation(
            "village_cannot_pay",
            what=NP_("error part", "the Well"),
            reason=NP_(
                "error part", "the Well takes 3 {colour} cubes (coins may stand in for some)"
            ),
            colour=move["colour"],
            **params,
        )
    if "gen" in move and _fits(kind, expected):
        where = _where(move)
        if first_at(state["seats"][seat], where, move["gen"]) is None:
            return VillageViolation("village_no_member", gen=move["gen"], **_words(where), **params)
    return (
        VillageViolation(
            "village_not_now", what=WHAT[kind], expected=expected, **_facts(state), **params
        )
        if not _fits(kind, expected)
        else VillageViolation(
            "village_action_invalid",
            what=WHAT[kind],
            reason=NP_(
                "error part",
                "that choice is not open to them (the rules or their goods do not allow "
                "it; the listed moves are the ones that are)",
            ),
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


def _words(where: str) -> dict:
    """Where a member must stand, as the refusal's ``where`` and the place it names."""
    kind, _, arg = where.partition(":")
    if kind in ("farm", "bag"):
        return {"where": PLACE_WORDS[kind]}
    return {"where": PLACE_WORDS.get(kind, PLACE_WORDS["at"]), "place": arg if arg else where}


#: where a member stands, as a refusal names it (``place``: the yard, step or city)
PLACE_WORDS = {
    "farm": NP_("error part", "on the farmyard"),
    "bag": NP_("error part", "in the black bag"),
    "yard": NP_("error part", "in the {place} yard"),
    "council": NP_("error part", "on council step {place}"),
    "church": NP_("error part", "on church step {place}"),
    "city": NP_("error part", "in city {place}"),
    "at": NP_("error part", "at {place}"),
}


def _expected(state: dict) -> str:
    if state["dying"] is not None:
        return NP_("error part", "the choice of who dies")
    if state["phase"] == "mass_buy":
        return NP_("error part", "members bought out of the black bag, or done")
    if state["phase"] == "mass_advance":
        return NP_("error part", "moves up the church steps, or done")
    step = state["step"]
    if step is not None:
        return {
            "act": NP_("error part", "the action of {space_name} or a skip"),
            "space": NP_("error part", "the choice of an action space"),
            "privilege": NP_("error part", "a privilege or a skip"),
            "cubes": NP_("error part", "a choice of cubes"),
            "clara": NP_("error part", "the colour of Clara's cube"),
        }[step["kind"]]
    if state["market_day"] is not None:
        return NP_("error part", "a customer served or a pass")
    return NP_("error part", "a cube or the Well")


def _facts(state: dict) -> dict:
    """The facts ``_expected``'s sentence names (the space whose action is awaited)."""
    step = state["step"]
    quiet = state["dying"] is not None or state["phase"] in ("mass_buy", "mass_advance")
    if not quiet and step is not None and step["kind"] == "act":
        return {"space_name": step.get("space", "").capitalize()}
    return {}


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
