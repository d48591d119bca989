"""I254 Groom (4+): "Once you have a stone house, you can build 1 stable at the beginning of
each round at a cost of 1 wood. You do not need to place a family member on an action space to
do this" (S1; seed 000 L820: wood the round's start brings, from a round space or a card, may
pay for it).

As the Plow Driver's field (E194, decision K-11): the engine asks a seat only on its turn, so
the stable is built before the seat places its first person of the round, with
``{"type": "groom_stable", "card": "I254", "space": 3}``; the offer lapses with that placement.

:func:`install` adds the move to a full game's extension (``cards/extension.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import legal_stable_spaces
from ..state import stables_left
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I254"
MOVE = "groom_stable"
COST = {"wood": 1}


def round_start(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if b.state["farms"][seat]["house"] == "stone":
        b.emit("CardStateSet", {"card": card_id, "value": round_no}, seat)


def lapses(b: Builder, owner: int, event: Any, card_id: str) -> None:
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.seat == owner
        and b.state["farms"][owner]["card_state"].get(card_id) == b.state["round"]
    ):
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def _open(state: dict, seat: int) -> bool:
    farm = state["farms"][seat]
    return (
        CARD in farm.get("cards", ())
        and state["phase"] == "work"
        and farm["card_state"].get(CARD) == state["round"]
        and state.get("turn") == seat
        and state["pending"][seat] is None
        and farm["supply"]["wood"] >= COST["wood"]
        and farm["house"] == "stone"
        and stables_left(farm) > 0
    )


def moves(state: dict, seat: int) -> list[dict]:
    if not _open(state, seat):
        return []
    return [
        {"type": MOVE, "card": CARD, "space": s} for s in legal_stable_spaces(state["farms"][seat])
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "build a stable with {card}"),
            card=card_name(CARD),
            reason=NP_(
                "error part",
                "it builds 1 stable for 1 wood at the start of a round, before the seat's "
                "first placement, with a stone house, on a space a stable may go",
            ),
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    b.emit("CardStateSet", {"card": CARD, "value": None}, seat)
    b.emit("StableBuilt", {"space": move["space"], "cost": dict(COST), "card": CARD}, seat)


MODULE = CardModule(
    "groom",
    cards=frozenset({CARD}),
    binds=(Bind("anytime_candidates", moves), Bind("farm_space_moves", (MOVE,))),
    moves={MOVE: Move(check, apply, {"card": str, "space": int})},
)
