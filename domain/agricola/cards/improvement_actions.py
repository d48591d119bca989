"""More from an improvement action (issue 23 item 3; catalogue K281 Traveling Salesman, effect
``improvement_actions``; seed 000 L828).

* An action that offers a minor improvement only (``minor``: Starting Player, Family Growth
  with a minor) may build a major improvement instead, as a major action would (its printed
  price, another way the seat's cards offer, or giving back a Fireplace for a Cooking Hearth):
  ``{"type": "card_improvement", "card": "K281", "major": "well", "pay": 0}`` (or
  ``"return": "fireplace_2"``).
* An action that offers a major or a minor improvement (``major_minor``,
  ``renovation_major_minor``) may play 2 minor improvements: after the first minor the action
  offers a second ``play_minor`` (not after a major).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import major_costs
from ..improvements import major_problem, upgrade_sources, well_rounds
from ..statetypes import Farm
from ..tables import MAJOR_IMPROVEMENTS
from . import engine, play

if TYPE_CHECKING:
    from ..builder import Builder

TWO_MINORS = ("major_minor", "renovation_major_minor")


def _holder(farm: Farm) -> str | None:
    return next(
        (c for c in farm.get("cards", []) if engine.effect(c, farm).get("improvement_actions")),
        None,
    )


def _second_minor(state: dict, seat: int) -> bool:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if pending is None or pending["kind"] not in TWO_MINORS:
        return False
    done = pending.get("done", [])
    return (
        _holder(state["farms"][seat]) is not None
        and done.count("minor") == 1
        and "major" not in done
    )


def _without_first_minor(state: dict, seat: int) -> dict:
    pending = dict(state["pending"][seat])
    done = list(pending["done"])
    done.remove("minor")
    pending["done"] = done
    rest = list(state["pending"])
    rest[seat] = pending
    return {**state, "pending": rest}


def second_minor_open(state: dict, seat: int) -> bool:
    """``extra_steps``: the second minor keeps the action open while one can be played."""
    if not _second_minor(state, seat):
        return False
    probe = _without_first_minor(state, seat)
    return any(m["type"] == "play_minor" for m in play.minor_moves(probe, seat))


def check_minor(other: Any) -> Any:
    def check(state: dict, seat: int, move: dict) -> None:
        if _second_minor(state, seat):
            return other(_without_first_minor(state, seat), seat, move)
        return other(state, seat, move)

    return check


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    farm = state["farms"][seat]
    holder = _holder(farm)
    if holder is None or pending is None or pending["kind"] != "minor":
        return []
    if {"minor", "major"} & set(pending.get("done", [])):
        return []
    out = []
    for major, info in MAJOR_IMPROVEMENTS.items():
        if state["majors"].get(major, "gone") is not None:
            continue
        for i in range(len(major_costs(farm, major))):
            if major_problem(state, seat, major, None, i) is None:
                out.append({"type": "card_improvement", "card": holder, "major": major, "pay": i})
        for old in upgrade_sources(farm, info):
            if major_problem(state, seat, major, old) is None:
                out.append(
                    {"type": "card_improvement", "card": holder, "major": major, "return": old}
                )
    return out


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="build a major improvement instead of the minor one",
            reason="the action must offer a minor improvement not yet taken, the major be on the "
            "board and paid",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    major, farm = move["major"], b.state["farms"][seat]
    info = MAJOR_IMPROVEMENTS[major]
    returned = move.get("return")
    data = {
        "major": major,
        "cost": {} if returned else major_costs(farm, major)[move.get("pay", 0)],
        "returned": returned,
        "well_rounds": well_rounds(b.state["round"], info["well"]) if "well" in info else [],
        "card": move["card"],
        "part": "minor",
    }
    play.built_as_minor(b, seat, data, bool(info.get("bake_on_build")))


HANDLERS = {"card_improvement": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {
    "card_improvement": ({"card": str, "major": str}, {"pay": int, "return": str})
}
