"""Labels for Village's moves (what a move list and the walk show), and the group each move
is listed under, in the reader's language (``domain.common.i18n``: whole messages, the
glossary's terms); the events' sentences are in :mod:`.text`."""

from __future__ import annotations

from typing import Any

from domain.common.i18n import N_, gettext, join_list, ngettext

from .state import data
from .text import _a_cube, _at, _building, _count, _goods, _place, _space
from .travel import roads

#: the group of a player's turn and of the decisions between turns (also the walk's)
YOUR_TURN = N_("Your turn")
DECISIONS = N_("Decisions")


def _coins(move: dict) -> str:
    k = move.get("coins", 0)
    if not k:
        return ""
    return ngettext(", {n} coin instead of cubes", ", {n} coins instead of cubes", k).format(n=k)


def _one(move: dict) -> str:
    """'a "2"' (a family member of generation 2), with where it stands."""
    where = move.get("from") or move.get("at")
    if where:
        return gettext('a "{gen}" from {place}').format(gen=move["gen"], place=_place(where))
    return gettext('a "{gen}"').format(gen=move["gen"])


def _pay(move: dict) -> str:
    return _count(1, "scroll") if move["pay"] == "scroll" else _count(2, "green")


def _church_price(move: dict) -> str:
    pay = move["pay"]
    return {"time": _count(3, "time"), "brown": _count(1, "brown"), "coin": _count(1, "coins")}[pay]


def _colours(colours: list[str]) -> str:
    return join_list([_a_cube(c) for c in colours])


LABELS: dict[str, Any] = {
    "take": lambda m: gettext("Take {cube} from {space}").format(
        cube=_a_cube(m["colour"]), space=_space(m["space"])
    ),
    "well": lambda m: gettext("Use the Well: {cubes}{coins}").format(
        cubes=_count(3, m["colour"]), coins=_coins(m)
    ),
    "action": lambda m: gettext("Do {space}").format(space=_space(m["space"])),
    "skip": lambda m: gettext("Do nothing more"),
    "harvest": lambda m: gettext("Harvest grain"),
    "birth": lambda m: gettext("A child is born"),
    "recall": lambda m: gettext("Call {member} home").format(member=_one(m)),
    "mill": lambda m: gettext("Grind at the Mill: 2 time and 2 grain for 2 coins"),
    "council_enter": lambda m: gettext(
        'Seat a "{gen}" on the council, paying {price}{coins}'
    ).format(gen=m["gen"], price=_pay(m), coins=_coins(m)),
    "council_advance": lambda m: gettext(
        'Move a "{gen}" up from council step {step}, paying {price}{coins}'
    ).format(gen=m["gen"], step=m["step"], price=_pay(m), coins=_coins(m)),
    "church": lambda m: gettext('Send a "{gen}" to church, paying {price}').format(
        gen=m["gen"], price=_church_price(m)
    ),
    "pass": lambda m: gettext("Pass (out of this market day)"),
    "cubes": lambda m: gettext("Take {cubes}").format(cubes=_colours(m["colours"])),
    "clara_cube": lambda m: gettext("Give Clara {cube}").format(cube=_a_cube(m["colour"])),
    "die": lambda m: gettext('The "{gen}" {place} dies').format(gen=m["gen"], place=_at(m["at"])),
    "buy": lambda m: gettext('Buy a "{gen}" out of the black bag for 1 coin').format(gen=m["gen"]),
    "advance": lambda m: gettext('Move a "{gen}" up from church step {step}').format(
        gen=m["gen"], step=m["step"]
    ),
    "done": lambda m: gettext("Done"),
}


#: the council's privileges by step (digest §4.6)
PRIVILEGES = {
    1: N_("Take the ring token (step 1 privilege)"),
    2: N_("Take {cubes} (step 2 privilege)"),
    3: N_("Take {good} (step 3 privilege)"),
    4: N_("Pay 1 coin for 3 PP (step 4 privilege)"),
}


def _privilege(m: dict) -> str:
    return gettext(PRIVILEGES[m["step"]]).format(
        cubes=_colours(m.get("colours", [])), good=_count(1, str(m.get("good")))
    )


#: what a craft building makes when the move names no good
MAKES = {"wainwright": "wagon", "chancellery": "scroll", "smithy": "plough"}


def _craft(move: dict) -> str:
    b = move["building"]
    what = _count(1, move.get("good") or MAKES.get(b, "good"))
    params = {"building": _building(b), "good": what, "coins": _coins(move)}
    if move["pay"] == "time" and "train" in move:
        message = (
            N_('Train a "{gen}" at the {building} and make {good}')
            if move["produce"]
            else N_('Train a "{gen}" at the {building}')
        )
        return gettext(message).format(gen=move["train"], **params)
    message = {
        "time": N_("Make {good} at the {building} with time{coins}"),
        "grain": N_("Make {good} at the {building} for 3 grain{coins}"),
    }.get(move["pay"], N_("Make {good} at the {building} with cubes{coins}"))
    return gettext(message).format(**params)


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind in ("privilege", "council_privilege"):
        return _privilege(move)
    if kind == "travel":
        return _travel_label(state, move)
    if kind == "serve":
        return _serve_label(state, move)
    if kind == "craft":
        return _craft(move)
    return str(LABELS[kind](move))


def _travel_label(state: dict, move: dict) -> str:
    """'Send a "1" to city N: 2 time, 1 wagon and 2 brown' (the road's price, coins standing in
    for cubes)."""
    start = move.get("from", "farm")
    origin = start[5:] if start.startswith("city:") else "village"
    road = data(state)["travel"]["road"]
    cubes = dict(roads(state).get((origin, move["to"]), {}))
    k = move.get("coins", 0)
    for colour in sorted(cubes):
        paid = min(k, cubes[colour])
        cubes[colour] -= paid
        k -= paid
    price = {"time": road["time"], "wagon": road["wagon"], **{c: n for c, n in cubes.items() if n}}
    if move.get("coins"):
        price["coins"] = move["coins"]
    words = ", ".join(_count(n, g) for g, n in price.items())
    return gettext("Send {member} to city {city}: {price}").format(
        member=_one(move), city=move["to"], price=words
    )


def _serve_label(state: dict, move: dict) -> str:
    cid = state["market"]["stalls"][move["slot"]]
    tile = data(state)["customers"][cid]
    params = {"stall": move["slot"] + 1, "goods": _goods(tile["needs"]), "pp": tile["pp"]}
    if "coins" not in move:
        return gettext("Serve the customer at stall {stall}: {goods} for {pp} PP (free)").format(
            **params
        )
    return gettext(
        "Serve the customer at stall {stall}: {goods} for {pp} PP, paying 1 green and 1 time{coins}"
    ).format(coins=_coins(move), **params)


def move_group(state: dict, move: dict) -> str:
    step = state.get("step") or {}
    if step.get("kind") == "act":
        return _space(step["space"])
    if move["type"] in ("take", "well"):
        return gettext(YOUR_TURN)
    return gettext(DECISIONS)
