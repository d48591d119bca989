"""Sowing grain after the field phase (issue 23 item 3; catalogue I86 Corn Storehouse; digest
§6.5 step 3; seed 000 L750).

``resow``: ``{"crop": "grain", "count": 2}``: "Whenever you have empty fields after the field
phase of the harvest, you can sow grain in them immediately. Place 1 fewer grain from the
supply on these fields" (S1): 1 grain from the seat's supply and 1 from the general supply (2
on the field instead of 3). As for the Water Mill (IM-17) this happens in the feeding phase of
the same harvest, before the seat feeds: ``{"type": "card_resow", "card": "I86", "space": n}``
for each empty field. It is sowing: cards that add to sown fields act on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import label
from ..statetypes import Farm
from . import engine
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat]
    if state["phase"] != "harvest_feeding" or not pending or pending.get("kind") != "feed":
        return []
    farm = state["farms"][seat]
    out = []
    for card_id in farm.get("cards", []):
        resow = engine.effect(card_id, farm).get("resow")
        if resow and farm["supply"][resow["crop"]] >= 1:
            out += [
                {"type": "card_resow", "card": card_id, "space": f["space"]}
                for f in farm["fields"]
                if not f.get("count")
            ]
    return out


def feeding_choice(farm: Farm) -> bool:
    return any(
        engine.effect(c, farm).get("resow")
        and farm["supply"][engine.effect(c, farm)["resow"]["crop"]] >= 1
        and any(not f.get("count") for f in farm["fields"])
        for c in farm.get("cards", [])
    )


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"sow with {card_name(move['card'])}",
            reason="it sows an empty field in the harvest's feeding phase, with grain held",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    resow = engine.effect(move["card"], b.state)["resow"]
    b.emit(
        "FieldSown",
        {
            "space": move["space"],
            "crop": resow["crop"],
            "count": resow["count"],
            "card": move["card"],
        },
        seat,
    )


def _label(state: dict, move: dict) -> str:
    return f"Sow grain on the empty field at {label(move['space'])} (Corn Storehouse, 2 grain)"


#: Button text of the move (``Extension.labels``).
LABELS = {"card_resow": _label}
