"""I265 Fence Deliveryman (1+): "Add 6 and 10 to the number of the current round. Place 4 of
your fences on each corresponding round space. At the start of these rounds, you can pay 2 food
to build all 4 fences immediately" (S1; seed 000 L962: the fences on the round spaces cannot be
built otherwise; 1 to 3 of them still cost 2 food, the rest go back to the seat's supply).

* On play the card keeps 4 fences per round space off the farm (the rules' window
  ``fences_reserved``); at the start of such a round they come back to the seat's supply, and
  the seat may, before its first placement of the round (as the Plow Driver, K-11), pay 2 food
  with ``{"type": "fence_delivery", "card": "I265"}``: a fencing step whose fences cost no wood,
  4 at most (``fence_credit``), ended with ``done``; then the seat places as usual.

:func:`install` adds the move and windows to a full game's extension (its label is in
``cards/labels.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import NO_CREDIT, can_build_pasture, fence_credit
from ..statetypes import Farm
from ..steps import settle

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I265"
MOVE = "fence_delivery"
FENCES = 4
PRICE = {"food": 2}
OFFSETS = (6, 10)


def _value(farm: Farm) -> dict:
    return farm["card_state"].get(CARD) or {}


def _set(b: Builder, seat: int, **value: Any) -> None:
    b.emit("CardStateSet", {"card": CARD, "value": value}, seat)


def reserved(farm: Farm) -> int:
    """``fences_reserved``: the fences still lying on round spaces."""
    if CARD not in farm.get("cards", ()):
        return 0
    return sum(_value(farm).get("rounds", {}).values())


def on_play(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """``after_any`` with ``round_check``: on play (``event`` None) the fences go on the round
    spaces; the owner's first placement of a round closes that round's offer; the end of the
    delivery's step gives the owner its turn back."""
    state = b.state
    value = _value(state["farms"][owner])
    if event is None:
        now = state["round"]
        rounds = {str(now + k): FENCES for k in OFFSETS if now + k <= 14}
        _set(b, owner, rounds=rounds)
        return
    if event.seat != owner:
        return
    if event.type == "PersonPlaced" and value.get("offer") == state["round"]:
        _set(b, owner, rounds=value.get("rounds", {}))
    elif event.type == "TurnPassed" and value.get("delivering") == state["round"]:
        _set(b, owner, rounds=value.get("rounds", {}))
        b.emit("TurnPassed", {"to": owner, "card": card_id})


def round_start(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    rounds = dict(_value(b.state["farms"][seat]).get("rounds", {}))
    if rounds.pop(str(round_no), None):
        _set(b, seat, rounds=rounds, offer=round_no)


def _open(state: dict, seat: int) -> bool:
    farm = state["farms"][seat]
    return (
        CARD in farm.get("cards", ())
        and state["phase"] == "work"
        and _value(farm).get("offer") == state["round"]
        and state.get("turn") == seat
        and state["pending"][seat] is None
        and farm["supply"]["food"] >= PRICE["food"]
    )


def moves(state: dict, seat: int) -> list[dict]:
    return [{"type": MOVE, "card": CARD}] if _open(state, seat) else []


def check(state: dict, seat: int, move: dict) -> None:
    if not _open(state, seat):
        raise StepNotExpected(
            what="take the fences of the Fence Deliveryman",
            reason="they come at the start of their round, before the seat's first "
            "placement, for 2 food",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    rounds = _value(b.state["farms"][seat]).get("rounds", {})
    b.emit("CardGoods", {"card": CARD, "goods": {g: -n for g, n in PRICE.items()}}, seat)
    _set(b, seat, rounds=rounds, delivering=b.state["round"])
    pending: dict = {
        "kind": "fences",
        "space": None,
        "done": [],
        "mandatory": False,
        "region": [],
        "clears": 0,
        "free_only": True,
        "delivery": FENCES,
    }
    b.emit("CardStep", {"card": CARD, "pending": pending}, seat)
    farm = b.state["farms"][seat]
    if not can_build_pasture(farm, fence_credit(farm, pending)):
        settle(b, seat)


def credit(farm: Farm, pending: dict | None) -> tuple[int, bool | None]:
    """``fence_credit``: in the delivery's step, up to 4 fences without wood, and no other."""
    if not pending or not pending.get("delivery"):
        return NO_CREDIT
    return max(0, pending["delivery"] - pending.get("free_fences", 0)), None


MODULE = CardModule(
    "fence_delivery",
    cards=frozenset({CARD}),
    binds=(
        Bind("fences_reserved", reserved),
        Bind("fence_credit", credit, first=True),
        Bind("anytime_candidates", moves),
    ),
    moves={MOVE: Move(check, apply, {"card": str})},
)
