"""I-deck occupations that buy from another player what an action just gave them (issue 23
item 3; catalogue I234 Wood Buyer, I251 Reed Buyer, I255 Stone Buyer; seed 000 L844, L940,
L938; decisions in docs/rules/cards-i-occupations.md, I-25).

* Wood Buyer (3+): whenever another player receives wood from an action space (not from a
  card, L844), the owner may buy 1 of it for 1 food, without the other's agreement.
* Reed Buyer, Stone Buyer (4+): the first time in a round that reed (stone) is taken from an
  action space, by anyone, the owner may give the taker 1 food for 1 of it, and the taker gets
  1 food more from the general supply (L940, L938: not the second or third time).

The owner answers at once, while the other player's action waits: a ``card_buy`` step is the
owner's (``{"type": "card_buy", "card": "I234", "buy": 1}``; ``"buy": 0`` declines), several
offers queue. An offer made by the last placement of a round lapses with the round's end (the
rules do not wait then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected

if TYPE_CHECKING:
    from ..builder import Builder

KIND = "card_buy"
MOVE = "card_buy"
#: card -> (good, first of the round only, food the seller gets from the general supply)
BUYERS = {"I234": ("wood", False, 0), "I251": ("reed", True, 1), "I255": ("stone", True, 1)}


def watch(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """``after_any``: an offer when another seat's action gives the card's good."""
    if event is None or event.type not in ("GoodsTaken", "GoodsReceived"):
        return
    if not event.data.get("space") or event.data.get("card"):
        return
    good, first_only, _ = BUYERS[card_id]
    if event.data.get("goods", {}).get(good, 0) <= 0:
        return
    state = b.state
    if first_only:
        if state["farms"][owner]["card_state"].get(card_id) == state["round"]:
            return
        b.emit("CardStateSet", {"card": card_id, "value": state["round"]}, owner)
    seller = event.seat
    if (
        seller == owner
        or state["farms"][owner]["supply"]["food"] < 1
        or state["farms"][seller]["supply"][good] < 1
    ):
        return
    offer = {"card": card_id, "from": seller, "good": good}
    pending = state["pending"][owner]
    if pending and pending.get("kind") == KIND:
        pending = dict(pending, queue=pending.get("queue", []) + [offer])
    else:
        pending = {"kind": KIND, "space": None, "done": [], **offer, "queue": []}
    b.emit("CardStep", {"card": card_id, "pending": pending}, owner)


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if not pending or pending.get("kind") != KIND:
        return []
    farms = state["farms"]
    valid = (
        farms[seat]["supply"]["food"] >= 1
        and farms[pending["from"]]["supply"][pending["good"]] >= 1
    )  # the taker may have used the good in its action meanwhile
    return [{"type": MOVE, "card": pending["card"], "buy": n} for n in ((0, 1) if valid else (0,))]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "buy with a card"),
            reason=NP_("error part", "no card of theirs offers a purchase now"),
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    card_id, seller, good = pending["card"], pending["from"], pending["good"]
    if move["buy"]:
        extra = BUYERS[card_id][2]
        b.emit("CardGoods", {"card": card_id, "goods": {good: 1, "food": -1}, "from": seller}, seat)
        b.emit("CardGoods", {"card": card_id, "goods": {good: -1, "food": 1 + extra}}, seller)
    queue = [
        o
        for o in pending.get("queue", [])
        if b.state["farms"][seat]["supply"]["food"] >= 1
        and b.state["farms"][o["from"]]["supply"][o["good"]] >= 1
    ]
    following = (
        {"kind": KIND, "space": None, "done": [], **queue[0], "queue": queue[1:]} if queue else None
    )
    b.emit("CardStep", {"card": card_id, "pending": following}, seat)


MODULE = CardModule(
    "buyers",
    cards=frozenset(BUYERS),
    binds=(Bind("anytime_candidates", moves),),
    moves={MOVE: Move(check, apply, {"card": str, "buy": int})},
    steps={KIND: (("buy",), "it must answer the card's offer")},
)
