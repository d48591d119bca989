"""A card every player may use after the field phase (issue 23 item 3; catalogue I103 Water
Mill; digest §6.5 step 3; seed 000 L750).

``mill``: ``{"pay": {"grain": 1}, "gain": {"food": 3}, "toll": {"food": 1}}``: "After the
field phase of a harvest, each player can use the Water Mill to convert up to 1 grain to 3
food. Each player that uses the Water Mill must give you 1 of the food" (S1).

Nothing happens between the field phase and the feeding phase that the mill could change
(the Reaper, an I occupation, aside), so the mill is used in the feeding phase of the same
harvest, before the seat feeds (decision IM-17): ``{"type": "card_mill", "card": "I103"}``,
once per seat per harvest. When the field phase ends every seat with grain is offered it (a
mark on its farm, ``CardStateSet``), so it is asked in the feeding phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import affordable
from ..statetypes import Farm
from . import engine
from .catalogue import CARDS
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder


def _offer_key(card_id: str) -> str:
    return f"{card_id}/offer"


def _mills(state: dict) -> list[tuple[int, str]]:
    return [
        (owner, c)
        for owner, farm in enumerate(state["farms"])
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get("mill")
    ]


def field_phase(b: Builder) -> None:
    """End of the field phase: offer each mill to every seat holding what it takes."""
    for _owner, card_id in _mills(b.state):
        pay = engine.effect(card_id, b.state)["mill"]["pay"]
        for seat, farm in enumerate(b.state["farms"]):
            offered = affordable(farm["supply"], pay)
            if offered or farm["card_state"].get(_offer_key(card_id)):
                b.emit(
                    "CardStateSet",
                    {"card": card_id, "key": _offer_key(card_id), "value": offered},
                    seat,
                )


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat]
    if state["phase"] != "harvest_feeding" or not pending or pending.get("kind") != "feed":
        return []
    farm = state["farms"][seat]
    return [
        {"type": "card_mill", "card": card_id}
        for _, card_id in _mills(state)
        if farm["card_state"].get(_offer_key(card_id))
        and affordable(farm["supply"], engine.effect(card_id, state)["mill"]["pay"])
    ]


def feeding_choice(farm: Farm) -> bool:
    return any(
        k.endswith("/offer") and v and engine.effect(k.split("/")[0], farm).get("mill")
        for k, v in farm.get("card_state", {}).items()
    )


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"use {card_name(move['card'])}",
            reason="it is used once per harvest, in the feeding phase, with the grain it takes",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    mill = engine.effect(card_id, b.state)["mill"]
    owner = next(o for o, c in _mills(b.state) if c == card_id)
    b.emit("CardStateSet", {"card": card_id, "key": _offer_key(card_id), "value": False}, seat)
    b.emit(
        "CardConverted",
        {"card": card_id, "pay": dict(mill["pay"]), "gain": dict(mill["gain"])},
        seat,
    )
    if owner != seat:
        b.emit(
            "CardToll",
            {"card": card_id, "space": CARDS[card_id]["name"], "to": owner, "goods": mill["toll"]},
            seat,
        )


#: Button text of the move (``Extension.labels``).
LABELS = {
    "card_mill": lambda s, m: (
        f"Use the {CARDS.get(m.get('card'), {}).get('name', m.get('card'))}: 1 grain for 3 food"
        " (1 of it to its owner)"
    ),
}
