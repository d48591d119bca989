"""A guest who goes out once like a person (issue 23 item 3; catalogue I73 Guest; seed 000 L600,
digest §10.2 item 11).

``guest``: "When you play this card, you receive a guest token, which you may place once in
the next round as you would a person" (S1). The card passes on at once (a passing card), so the
guest is noted on the player's farm (``card_state["I73/guest"]`` = the round it comes) and
arrives at the start of that round, after phase 1 (``GuestArrived``: one more person at home
for the round). Seed 000 L600: the guest counts as a person for placement, even as a sixth;
never for room, feeding or family size; it leaves when the people return home. Like every
person at home, the guest is placed when its seat's turn comes while it has a legal placement
(decision IM-21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import CardModule
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder


def _key(card_id: str) -> str:
    return f"{card_id}/guest"


def invite(b: Builder, seat: int, card_id: str) -> None:
    """On play (through the on-play hook ``adds_space``): the guest comes next round."""
    b.emit(
        "CardStateSet", {"card": card_id, "key": _key(card_id), "value": b.state["round"] + 1}, seat
    )


def round_start(b: Builder, round_no: int) -> None:
    """Start of a round: guests invited for it arrive (a window of the extension)."""
    for seat, farm in enumerate(b.state["farms"]):
        for key, when in list(farm.get("card_state", {}).items()):
            card_id = key.split("/")[0]
            if (
                key == _key(card_id)
                and when == round_no
                and engine.effect(card_id, farm).get("guest")
            ):
                b.emit("GuestArrived", {"card": card_id, "count": 1}, seat)
                b.emit("CardStateSet", {"card": card_id, "key": key, "value": None}, seat)


def guest_arrived(state: dict, d: dict, seat: Any) -> dict:
    """A card's guest goes out like a person this round (Guest I73, ``cards/guest.py``)."""
    state["farms"][seat]["home"] += d["count"]
    return state


#: The Guest's event, folded by its own module (issue 35 item 1).
MODULE = CardModule("guest", frozenset({"I73"}), events={"GuestArrived": guest_arrived})
