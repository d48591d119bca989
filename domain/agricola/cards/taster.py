"""I260 Taster (4+): "Whenever another player is the starting player, you can pay them 1 food
at the start of the round and be the first to place a family member. After that, play starts
with the starting player as usual" (S1; catalogue C6: 1 food; seed 000 L784: decided before
the work phase, not taken back).

At the start of a round whose starting player is another seat, a Taster owner with food is
asked first (the turn is its own): ``{"type": "taster_first", "card": "I260"}`` pays the
starting player 1 food, then the owner places a person (with what it holds after paying); once
that action ends the turn goes to the starting player, and play goes on clockwise from there.
``{"type": "taster_pass", "card": "I260"}`` declines, handing the turn to the starting player.
:func:`install` adds the move and the placement check (its label is in ``cards/labels.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..state import name

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I260"
MOVE = "taster_pass"
FIRST = "taster_first"
PRICE = {"food": 1}
ASKED, PAID, PLACED = "asked", "paid", "placed"


def _status(state: dict, seat: int) -> str | None:
    value = state["farms"][seat]["card_state"].get(CARD) or {}
    return value.get("status") if value.get("round") == state["round"] else None


def _set(b: Builder, seat: int, status: str | None) -> None:
    value = {"round": b.state["round"], "status": status} if status else None
    b.emit("CardStateSet", {"card": CARD, "value": value}, seat)


def round_start(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    state = b.state
    first = state["start_player"]
    if first == seat or state["farms"][seat]["supply"]["food"] < PRICE["food"]:
        return
    _set(b, seat, ASKED)
    b.emit("TurnPassed", {"to": seat, "card": card_id})


def after(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """After the owner paid, its first placement; that action's end hands the turn to the
    starting player."""
    state = b.state
    status = _status(state, owner)
    if event.type == "PersonPlaced" and status == PAID:
        _set(b, owner, PLACED)
    elif event.type == "TurnPassed" and status == PLACED:
        _set(b, owner, None)
        b.emit("TurnPassed", {"to": state["start_player"], "card": card_id})


def place_problem(state: dict, seat: int, space_id: str, move: dict) -> str | None:
    """``place_problems``: asked by the Taster, the owner first pays or declines."""
    if _status(state, seat) == ASKED:
        return (
            f"{name(state, seat)} first pays {name(state, state['start_player'])} 1 food to "
            "place first, or lets them begin (Taster I260)"
        )
    return None


def moves(state: dict, seat: int) -> list[dict]:
    if (
        state["phase"] == "work"
        and state.get("turn") == seat
        and state["pending"][seat] is None
        and _status(state, seat) == ASKED
    ):
        pay = state["farms"][seat]["supply"]["food"] >= PRICE["food"]
        return [{"type": FIRST, "card": CARD}] * pay + [{"type": MOVE, "card": CARD}]
    return []


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "answer {card}"),
            card=CARD,
            reason=NP_(
                "error part",
                "only the Taster's owner, asked at the start of the round, before placing",
            ),
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    if move["type"] == FIRST:
        to = b.state["start_player"]
        b.emit("CardToll", {"card": CARD, "space": None, "to": to, "goods": dict(PRICE)}, seat)
        _set(b, seat, PAID)
        return
    _set(b, seat, None)
    b.emit("TurnPassed", {"to": b.state["start_player"], "card": CARD}, seat)


MODULE = CardModule(
    "taster",
    cards=frozenset({CARD}),
    binds=(Bind("place_problems", place_problem), Bind("anytime_candidates", moves)),
    moves={kind: Move(check, apply, {"card": str}) for kind in (MOVE, FIRST)},
)
