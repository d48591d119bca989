"""Clara, the solo rival (digest §7.1): after each cube you take she takes one by the colour rule,
puts it on the next division of her board, flips the fate token it passes (a quill kills her
oldest member), and reacts to cubes from the Market (a customer) and the Church (a member into
the black bag). She has no goods, coins or points. Her board's layout is pack data (``clara``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.rng import Rng

if TYPE_CHECKING:
    from .builder import Builder

from .death import CLARA_CATEGORY, bury
from .expansions import death_place
from .stalls import lay_out, tile_words
from .state import data

SETS = ("top", "bottom")


def new_clara(values: dict) -> dict:
    """Her 1s and 2s beside her board, her 3s and 4s standing at the church (L835)."""
    members = [
        {"gen": int(g), "at": "near" if g in ("1", "2") else "reserve"}
        for g, k in sorted(values["family"]["members"].items())
        for _ in range(k)
    ]
    return {
        "members": members,
        "track": [],
        "at": -1,
        "customers": [],
        "fate": {s: {"revealed": [], "quills": 0, "cycle": 0} for s in SETS},
    }


def _order_from(state: dict, space: str) -> list[str]:
    order = data(state)["clara"]["order"]
    i = order.index(space)
    return order[i:] + order[:i]


def target(state: dict) -> tuple[str, str | None]:
    """Where Clara takes from after your cube (L848-853): (space, colour), colour None when you
    choose it for her among that space's cubes."""
    took = state["took"]
    ring = _order_from(state, took["space"])
    for space in ring:
        if took["colour"] in state["spaces"][space]:
            return space, took["colour"]
    for space in ring:
        if state["spaces"][space]:
            cubes = sorted(set(state["spaces"][space]))
            return space, cubes[0] if len(cubes) == 1 else None
    return "", None


def choices(state: dict) -> list[dict]:
    space, _ = target(state)
    return [{"type": "clara_cube", "colour": c} for c in sorted(set(state["spaces"][space]))]


def take(b: Builder, rng: Rng, colour: str | None = None) -> bool:
    """Clara takes her cube; False when you must choose its colour first."""
    space, auto = target(b.state)
    if not space:
        return True
    colour = colour or auto
    if colour is None:
        b.flow(step={"kind": "clara", "seat": 0, "space": space})
        return False
    clara = b.state["clara"]
    division = (clara["at"] + 1) % data(b.state)["clara"]["divisions"]
    b.emit("ClaraCube", {"space": space, "colour": colour, "division": division})
    _flip(b, rng, division, space)
    if space == "market":
        clara_customer(b, rng)
    elif space == "church":
        _to_bag(b)
    return True


def _flip(b: Builder, rng: Rng, division: int, space: str) -> None:
    """The fate token just passed, drawn from its set only now (L873, L897)."""
    v = data(b.state)["clara"]
    n = v["divisions"]
    for set_name in SETS:
        if (division - 1) % n not in v["fate_cells"][set_name]:
            continue
        row = b.state["clara"]["fate"][set_name]
        cell = (division - 1) % n
        if cell in row["revealed"]:
            continue
        left = 3 - len(row["revealed"])
        quill = (
            rng.below(f"fate/{set_name}/{row['cycle']}/{len(row['revealed'])}", left)
            < 1 - row["quills"]
        )
        b.emit("Fate", {"set": set_name, "cell": cell, "quill": quill})
        if quill:
            clara_dies(b, space)
        if len(b.state["clara"]["fate"][set_name]["revealed"]) == 3:
            b.emit("Fate", {"set": set_name, "reshuffled": True})


def clara_dies(b: Builder, space: str) -> None:
    """Her oldest member dies (L895): beside the board, then the church reserve, then the
    church steps from the left; members in the black bag cannot die."""
    members = b.state["clara"]["members"]
    for where in ("near", "reserve") + tuple(f"church:{s}" for s in range(1, 5)):
        alive = [(m["gen"], i) for i, m in enumerate(members) if m["at"] == where]
        if alive:
            _, index = min(alive)
            category = CLARA_CATEGORY.get(space) or death_place(b.state, space)
            bury(
                b, None, f"c.{index}", where, None if category == "graves" else category, owed=False
            )
            return


def _to_bag(b: Builder) -> None:
    members = b.state["clara"]["members"]
    reserve = sorted((m["gen"], i) for i, m in enumerate(members) if m["at"] == "reserve")
    if reserve:
        b.emit("MemberMoved", {"figure": f"c.{reserve[0][1]}", "to": "bag", "reason": "church"})


def clara_customer(b: Builder, rng: Rng | None = None) -> None:
    """Clara takes the first customer at the stalls, once per turn of yours (L903-906)."""
    if b.state.get("clara_sold"):
        return
    stalls = b.state["market"]["stalls"]
    for slot, cid in enumerate(stalls):
        if cid is not None:
            b.emit("CustomerServed", {"slot": slot, "customer": cid, **tile_words(b.state, cid)})
            b.flow(clara_sold=True)
            day = b.state["market_day"]
            if day is not None:
                b.flow(market_day={**day, "sold": True})
            elif rng is not None:
                lay_out(b, rng)
            return


def walk(state: dict, figure: str) -> int | None:
    """The church step a drawn Clara member walks to: the first without another of hers
    (L921); None when all four hold one (G-35: back into the bag)."""
    for step in range(1, 5):
        if not any(f.startswith("c.") for f in state["church"][str(step)]):
            return step
    return None
