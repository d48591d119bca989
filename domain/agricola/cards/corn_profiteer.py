"""I239 Corn Profiteer (4+): "You can convert 1 grain to 3 food at any time. Any other player
can prevent this by buying the grain from you for 2 food. If more than one player wants to buy,
you choose one of them" (S1; decision I-29 in docs/rules/cards-i-occupations.md).

* ``{"type": "corn_sell", "card": "I239"}``: whenever the owner may convert goods, it offers 1
  grain. Every other player holding 2 food is asked at once (a ``corn_bid`` step of its own,
  whatever it was asked before coming back after it): ``{"type": "corn_bid", "card": "I239",
  "buy": 1}`` wants the grain and sets the 2 food aside at once, ``"buy": 0`` lets it go.
* Once all have answered: nobody wants it, the owner turns it into 3 food; one does, that player
  pays the owner 2 food for it; several do, the owner chooses with ``{"type": "corn_choose",
  "card": "I239", "buyer": 2}`` and the others get their food back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..conversions import conversions_open
from ..errors import StepNotExpected
from ..statetypes import Farm

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I239"
SELL, BID, CHOOSE = "corn_sell", "corn_bid", "corn_choose"
PRICE = {"food": 2}
FOOD = 3


def _bidding(farm: Farm) -> dict | None:
    value = farm["card_state"].get(CARD)
    return value if isinstance(value, dict) else None


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    pending = state["pending"][seat]
    kind = pending.get("kind") if pending else None
    if kind == BID:
        return [{"type": BID, "card": CARD, "buy": n} for n in (0, 1)]
    if kind == CHOOSE:
        return [{"type": CHOOSE, "card": CARD, "buyer": s} for s in pending["buyers"]]
    if (
        CARD in farm.get("cards", ())
        and farm["supply"]["grain"] >= 1
        and _bidding(farm) is None
        and conversions_open(state, seat) is None
    ):
        return [{"type": SELL, "card": CARD}]
    return []


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"use {CARD}",
            reason="the owner offers 1 grain when it may convert; the others answer it; the "
            "owner chooses among several buyers",
            **seat_params(state, seat),
        )


def _ask(b: Builder, seat: int, pending: dict) -> None:
    previous = b.state["pending"][seat]
    b.emit("CardStep", {"card": CARD, "pending": dict(pending, resume=previous)}, seat)


def _resume(b: Builder, seat: int) -> None:
    b.emit("CardStep", {"card": CARD, "pending": b.state["pending"][seat].get("resume")}, seat)


def _sell(b: Builder, owner: int, buyer: int | None, bidders: list[int]) -> None:
    """The grain the owner set aside to ``buyer`` for the 2 food it set aside when it bid (the
    other bidders get theirs back), or, without a buyer, 3 food for it."""
    for other in bidders:
        if other != buyer:
            b.emit("CardGoods", {"card": CARD, "goods": dict(PRICE), "refund": True}, other)
    if buyer is None:
        b.emit("CardGoods", {"card": CARD, "goods": {"food": FOOD}}, owner)
        return
    b.emit("CardGoods", {"card": CARD, "goods": dict(PRICE), "from": buyer}, owner)
    b.emit("CardGoods", {"card": CARD, "goods": {"grain": 1}}, buyer)


def _settle(b: Builder, owner: int) -> None:
    """All answered: sell, or ask the owner to choose."""
    bids = _bidding(b.state["farms"][owner]) or {}
    if any(v is None for v in bids.values()):
        return
    buyers = sorted(int(s) for s, v in bids.items() if v)
    if len(buyers) > 1:
        _ask(b, owner, {"kind": CHOOSE, "space": None, "done": [], "buyers": buyers})
        return
    b.emit("CardStateSet", {"card": CARD, "value": None}, owner)
    _sell(b, owner, buyers[0] if buyers else None, buyers)


def apply(b: Builder, seat: int, move: dict) -> None:
    state = b.state
    if move["type"] == SELL:
        bidders = [
            s
            for s, f in enumerate(state["farms"])
            if s != seat and f["supply"]["food"] >= PRICE["food"]
        ]
        # the grain is set aside at once, so it is there whatever happens before the answers
        b.emit("CardGoods", {"card": CARD, "goods": {"grain": -1}}, seat)
        b.emit("CardStateSet", {"card": CARD, "value": {str(s): None for s in bidders}}, seat)
        for s in bidders:
            _ask(b, s, {"kind": BID, "space": None, "done": [], "owner": seat})
        _settle(b, seat)
        return
    if move["type"] == BID:
        owner = state["pending"][seat]["owner"]
        if move["buy"]:  # the price is set aside at once, so it is there when the owner sells
            b.emit("CardGoods", {"card": CARD, "goods": {g: -n for g, n in PRICE.items()}}, seat)
        bids = dict(_bidding(state["farms"][owner]) or {}, **{str(seat): bool(move["buy"])})
        b.emit("CardStateSet", {"card": CARD, "value": bids}, owner)
        _resume(b, seat)
        _settle(b, owner)
        return
    buyers = list(state["pending"][seat]["buyers"])
    _resume(b, seat)
    b.emit("CardStateSet", {"card": CARD, "value": None}, seat)
    _sell(b, seat, move["buyer"], buyers)


MODULE = CardModule(
    "corn_profiteer",
    cards=frozenset({CARD}),
    binds=(Bind("anytime_candidates", moves),),
    moves={
        SELL: Move(check, apply, {"card": str}),
        BID: Move(check, apply, {"card": str, "buy": int}),
        CHOOSE: Move(check, apply, {"card": str, "buyer": int}),
    },
)
