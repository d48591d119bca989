"""K267 Adoptive Parents (1+): "When you take a family growth action, you can pay 1 food to
immediately place the offspring in your home. This allows you to take an action with it this
round. If you do this, the offspring does not count as 'newborn'" (S1); seed 000 L892: in the
feeding phase the adopted person eats 2 food, as an adult, even if it came just before the
harvest. Decision K-OCC-24 in docs/rules/cards-k-occupations.md.

A family growth taken with a person on an action space (the space shows the newborn) is
followed at once, before the seat's turn can pass, by a step of the card (``card_adopt``,
window ``after_place``): ``{"type": "card_adopt", "card": "K267", "adopt": 1}`` pays 1 food
and the newborn goes home as an adult (``NewbornAdopted``, the food paid with it: it may
be placed this round and eats as an adult); ``"adopt": 0`` declines. Conversions are open
during the step (the food may be cooked first). The action's own next step, if any (the minor
improvement of "Family Growth and Minor Improvement"), follows. The step is offered only when
the seat holds some food or something that turns into food.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..evolve_cards import _signed
from ..improvements import convertible_goods
from ..statetypes import Farm
from ..steps import settle

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "K267"
MOVE = "card_adopt"
KIND = "card_adopt"
PRICE = 1


def _can_pay_later(farm: Farm) -> bool:
    return farm["supply"]["food"] >= PRICE or bool(convertible_goods(farm, "work"))


def offer(b: Builder, seat: int, move: dict, before: dict) -> None:
    """``after_place``: the seat's person took a family growth (the newborn stands on the
    space): the card's step comes first, the action's own step (if any) after it."""
    state = b.state
    farm = state["farms"][seat]
    space = state["spaces"].get(move.get("space"), {})
    if (
        CARD not in farm.get("cards", ())
        or not space.get("newborn")
        or farm["newborns"] < 1
        or not _can_pay_later(farm)
    ):
        return
    step = {
        "kind": KIND,
        "space": move["space"],
        "done": [],
        "card": CARD,
        "next": state["pending"][seat],
    }
    b.emit("CardStep", {"card": CARD, "pending": step}, seat)


def _open(state: dict, seat: int) -> dict | None:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    return pending if pending and pending["kind"] == KIND and not pending["done"] else None


def moves(state: dict, seat: int) -> list[dict]:
    if _open(state, seat) is None:
        return []
    out = [{"type": MOVE, "card": CARD, "adopt": 0}]
    if state["farms"][seat]["supply"]["food"] >= PRICE:
        out.insert(0, {"type": MOVE, "card": CARD, "adopt": 1})
    return out


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="use the Adoptive Parents",
            reason="right after a family growth on an action space, the newborn comes home as "
            "an adult for 1 food (adopt 1) or stays a newborn (adopt 0)",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    """Pay and adopt (or decline); then the action's own next step, or its end."""
    pending = b.state["pending"][seat]
    if move["adopt"]:
        data = {"card": CARD, "space": pending["space"], "food": PRICE}
        b.emit("NewbornAdopted", data, seat)
    nxt = pending.get("next")
    b.emit("CardStep", {"card": CARD, "pending": nxt or {**pending, "done": ["adopt"]}}, seat)
    settle(b, seat)


def label(state: dict, move: dict) -> str:
    """The step's two answers in words (``cards/labels.py``)."""
    if move.get("adopt"):
        return "Adoptive Parents (K267): pay 1 food, the newborn comes home and acts this round"
    return "Adoptive Parents (K267): keep the newborn a newborn"


def newborn_adopted(state: dict, d: dict, seat: Any) -> dict:
    """A newborn comes home as an adult and may act this round (Adoptive Parents K267)."""
    farm = state["farms"][seat]
    _signed(state, seat, {"food": -d["food"]})
    farm["newborns"] -= 1
    farm["home"] += 1
    state["spaces"][d["space"]]["newborn"] = False
    return state


def _adoption_left(state: dict, seat: int) -> bool:
    return not state["pending"][seat]["done"]


#: The card's step after a family growth (its label is in ``cards/labels.py``).
MODULE = CardModule(
    "adoption",
    cards=frozenset({CARD}),
    binds=(
        Bind("after_place", offer),
        Bind("anytime_candidates", moves),
        Bind("optional_left", _adoption_left, key=KIND),
    ),
    moves={MOVE: Move(check, apply, {"card": str, "adopt": int})},
    events={"NewbornAdopted": newborn_adopted},
    steps={KIND: (("adopt",), "it must first say whether the Adoptive Parents adopt the newborn")},
)
