"""Goods a card puts aside for its holder to buy at the start of later rounds (catalogue K117
Greenhouse; seed 000 L730; decision KM-15 in docs/rules/cards-k-minors.md): the rounds are
recorded when the card is played (``round_check`` with ``after_any``), the offer opens at the
round's start (``round_start``), is taken with ``card_convert`` (``converts_dynamic``) and lapses
with the holder's first placement of the round (``after``, K-11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..statetypes import Farm

if TYPE_CHECKING:
    from ..builder import Builder

_GREENHOUSE_ROUNDS = "K117/rounds"
_GREENHOUSE_OFFER = "K117/offer"


def greenhouse(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """K117 on play (``round_check``): the rounds current+4 and current+7 (up to round 14)."""
    if event is None:
        now = b.state["round"]
        rounds = [r for r in (now + 4, now + 7) if r <= 14]
        b.emit(
            "CardStateSet",
            {
                "card": card_id,
                "key": _GREENHOUSE_ROUNDS,
                "value": rounds,
                "note": (
                    "1 vegetable waits on round " + " and ".join(map(str, rounds))
                    if rounds
                    else "no round is left for its vegetables"
                ),
            },
            owner,
        )


def greenhouse_round(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if round_no in b.state["farms"][seat]["card_state"].get(_GREENHOUSE_ROUNDS, []):
        b.emit(
            "CardStateSet",
            {
                "card": card_id,
                "key": _GREENHOUSE_OFFER,
                "value": round_no,
                "note": "its vegetable may be bought for 1 food before the next placement",
            },
            seat,
        )


def greenhouse_closes(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """Bought, or not bought before the seat's first placement of the round (K-11): gone."""
    if b.state["farms"][seat]["card_state"].get(_GREENHOUSE_OFFER) is None:
        return
    bought = event.type == "CardConverted" and event.data.get("card") == card_id
    if bought or event.type == "PersonPlaced":
        data = {"card": card_id, "key": _GREENHOUSE_OFFER, "value": None}
        b.emit("CardStateSet", data if bought else dict(data, lapsed=True), seat)


def greenhouse_offer(farm: Farm) -> list[tuple[dict, dict]]:
    if farm["card_state"].get(_GREENHOUSE_OFFER) is not None and farm["supply"]["food"] >= 1:
        return [({"food": 1}, {"vegetable": 1})]
    return []
