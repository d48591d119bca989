"""I223 Harvest Helper (3+): "At the start of the feeding phase in each harvest, you can take
1 grain from 1 field belonging to another player. That player receives 2 food from the general
supply" (S1; seed 000 L798: not from the owner's own field).

While the owner is asked to feed its family (pending ``feed``), once per harvest:
``{"type": "harvest_help", "card": "I223", "from": 1, "space": 7}`` takes 1 grain from the
other seat's sown grain field on that farmyard space (decision I-22: farmyard fields only).
The card makes the owner's feeding a choice (``feeding_choices``), so it is always asked.
:func:`install` adds the move (its label is in ``cards/labels.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..statetypes import Farm
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I223"
MOVE = "harvest_help"
PAID = {"food": 2}


def asks(farm: Farm) -> bool:
    return CARD in farm.get("cards", ())


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    pending = state["pending"][seat]
    if (
        CARD not in farm.get("cards", ())
        or state["phase"] != "harvest_feeding"
        or not pending
        or pending.get("kind") != "feed"
        or farm["card_state"].get(CARD) == state["round"]
    ):
        return []
    return [
        {"type": MOVE, "card": CARD, "from": other, "space": f["space"]}
        for other, f_farm in enumerate(state["farms"])
        if other != seat
        for f in f_farm["fields"]
        if f["crop"] == "grain" and f["count"] > 0
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"take grain with {card_name(CARD)}",
            reason="once per harvest, at the owner's feeding, from another player's sown "
            "grain field",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    other = move["from"]
    b.emit("CardStateSet", {"card": CARD, "value": b.state["round"]}, seat)
    b.emit(
        "FieldsHarvested",
        {"spaces": [move["space"]], "grain": 1, "vegetable": 0, "card": CARD},
        other,
    )
    b.emit("CardToll", {"card": CARD, "space": None, "to": seat, "goods": {"grain": 1}}, other)
    b.emit("CardGoods", {"card": CARD, "goods": dict(PAID)}, other)


MODULE = CardModule(
    "harvest_helper",
    cards=frozenset({CARD}),
    binds=(Bind("feeding_choices", asks), Bind("anytime_candidates", moves)),
    moves={MOVE: Move(check, apply, {"card": str, "from": int, "space": int})},
)
