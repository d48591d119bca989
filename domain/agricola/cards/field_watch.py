"""I225 Field Watchman (1+): "Whenever you use the action space 'Take 1 Grain', you can also
plow up to 1 field" (S1; seed 000 L884: no plow or Harrow adds to this field).

After the seat's person takes the grain, the action stays open while the seat may plough:
``{"type": "watch_plough", "card": "I225", "space": 7}`` ploughs one field at no cost, once per
use of the space; ``done`` declines it. Other cards that ask a choice on the same placement
(Market Crier I245) come first: the plough stays offered after them (``extra_steps``).

:func:`install` adds the move and its windows to a full game's extension (``cards/extension.py``;
its label is in ``cards/labels.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.i18n import NP_

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import legal_field_spaces
from ..steps import settle
from .common import card_name
from .plows import check_field_space

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I225"
SPACE = "grain"
KIND = "card_watch"
MOVE = "watch_plough"


def is_open(state: dict, seat: int) -> bool:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    farm = state["farms"][seat]
    return bool(
        pending
        and pending.get("space") == SPACE
        and CARD in farm.get("cards", ())
        and CARD not in pending.get("card_ploughs", ())
        and legal_field_spaces(farm)
    )


def offer(b: Builder, seat: int, move: dict, before: dict) -> None:
    """After a placement on Take 1 Grain: keep the action open for the plough."""
    farm = b.state["farms"][seat]
    if (
        move["space"] != SPACE
        or CARD not in farm.get("cards", ())
        or b.state["pending"][seat] is not None
        or not legal_field_spaces(farm)
    ):
        return
    b.emit("CardStep", {"card": CARD, "pending": {"kind": KIND, "space": SPACE, "done": []}}, seat)


def moves(state: dict, seat: int) -> list[dict]:
    if not is_open(state, seat):
        return []
    return [
        {"type": MOVE, "card": CARD, "space": s} for s in legal_field_spaces(state["farms"][seat])
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move.get("card") != CARD or not is_open(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "plough with {card}"),
            card=card_name(CARD),
            reason=NP_(
                "error part", "it ploughs 1 field right after its owner takes Take 1 Grain, once"
            ),
            **seat_params(state, seat),
        )
    check_field_space(state, seat, move["space"])


def apply(b: Builder, seat: int, move: dict) -> None:
    b.emit("FieldPloughed", {"space": move["space"], "card": CARD, "food": 0}, seat)
    settle(b, seat)


MODULE = CardModule(
    "field_watch",
    cards=frozenset({CARD}),
    binds=(
        Bind("after_place", offer),
        Bind("anytime_candidates", moves),
        Bind("extra_steps", is_open),
        Bind("farm_space_moves", (MOVE,)),
        Bind("work_kinds", (KIND,)),
        Bind("step_kinds", (KIND,), key="done"),
        Bind("optional_left", is_open, key=KIND),
    ),
    moves={MOVE: Move(check, apply, {"card": str, "space": int})},
)
