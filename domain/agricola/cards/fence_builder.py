"""I263 Fence Builder (1+): "When you play this card, place one of your fences on an action
space of your choice. If you use an action on this action space, you can also build fences as
an additional action" (S1; seed 000 L950: the seat has 14 fences left to build; the fences come
after the space's own action; cards that answer fence building answer them too).

* Right after the card is played the seat marks an action space on the board with
  ``{"type": "fence_mark", "card": "I263", "target": "forest"}`` (a step of its own); the marker
  fence is kept off the farm for the rest of the game (``fences_reserved``).
* When the seat's person uses the marked space, once the space's own action has nothing it must
  still do, ``{"type": "fence_build", "card": "I263"}`` opens an ordinary fencing step (wood
  paid as usual, not mandatory); where the space's action ends at once, the fencing step is
  offered right away.

:func:`install` adds the moves and windows (their labels are in ``cards/labels.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import can_build_pasture, fence_credit
from ..state import fences_left
from ..statetypes import Farm
from ..steps import mandatory_done, settle

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I263"
MARK = "fence_mark"
BUILD = "fence_build"
KIND = "card_fence_mark"


def _marked(farm: Farm) -> str | None:
    value = farm["card_state"].get(CARD)
    return value if isinstance(value, str) else None


def reserved(farm: Farm) -> int:
    """``fences_reserved``: the fence lying on the marked action space."""
    return 1 if CARD in farm.get("cards", ()) else 0


def play_problem(state: dict, seat: int) -> str | None:
    """``play_if``: the card needs one of the seat's fences to mark a space with."""

    return None if fences_left(state["farms"][seat]) >= 1 else "it needs a fence left to place"


def _fencing(space_id: str) -> dict:
    return {
        "kind": "fences",
        "space": space_id,
        "done": [],
        "mandatory": False,
        "region": [],
        "clears": 0,
        "card_fences": CARD,
    }


def offer(b: Builder, seat: int, move: dict, before: dict) -> None:
    """``after_place``: on the marked space whose action has ended at once, the fencing step."""
    farm = b.state["farms"][seat]
    if (
        CARD in farm.get("cards", ())
        and move["space"] == _marked(farm)
        and b.state["pending"][seat] is None
        and can_build_pasture(farm, fence_credit(farm, None))
    ):
        b.emit("CardStep", {"card": CARD, "pending": _fencing(move["space"])}, seat)


def _build_open(state: dict, seat: int) -> bool:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    farm = state["farms"][seat]
    return bool(
        pending
        and CARD in farm.get("cards", ())
        and pending.get("space") == _marked(farm)
        and pending["kind"] not in ("fences", "card_choice", "card_order")
        and mandatory_done(state, pending)
        and can_build_pasture(farm, fence_credit(farm, None))
    )


def _mark_open(state: dict, seat: int) -> bool:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    return bool(pending and pending["kind"] == KIND)


def moves(state: dict, seat: int) -> list[dict]:
    if _mark_open(state, seat):
        return [{"type": MARK, "card": CARD, "target": s} for s in state["space_order"]]
    if _build_open(state, seat):
        return [{"type": BUILD, "card": CARD}]
    return []


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"use {CARD}",
            reason="it marks an action space on the board right after it is played, and "
            "builds fences after the marked space's action",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    if move["type"] == MARK:
        b.emit("CardStateSet", {"card": CARD, "value": move["target"]}, seat)
        marked = dict(b.state["pending"][seat], done=["mark"])
        b.emit("CardStep", {"card": CARD, "pending": marked}, seat)
        settle(b, seat)
        return
    space = b.state["pending"][seat]["space"]
    b.emit("CardStep", {"card": CARD, "pending": _fencing(space)}, seat)


MODULE = CardModule(
    "fence_builder",
    cards=frozenset({CARD}),
    binds=(
        Bind("fences_reserved", reserved),
        Bind("after_place", offer),
        Bind("anytime_candidates", moves),
        Bind("extra_steps", _build_open),
        Bind("work_kinds", (KIND,)),
    ),
    moves={
        MARK: Move(check, apply, {"card": str, "target": str}),
        BUILD: Move(check, apply, {"card": str}),
    },
    steps={
        KIND: (("mark",), "it must mark an action space with the Fence Builder's fence"),
    },
)
