"""I-deck occupations about the family's growth and the fields' sowing (issue 23 item 3;
catalogue I219 Fieldsman, I226 Gardener, I233 Farm Steward; seed 000 L854, L914, L976;
decisions in docs/rules/cards-i-occupations.md).

* Farm Steward (1+): once the seat lives in a clay hut or stone house, its next family growth
  needs no free room (the rules' window ``growth_without_room``); that growth spends the card
  (seed 000 L976: one such growth only; a room built later is taken by the newcomer).
* Fieldsman (1+): the fields one action sows are counted when the action ends: 1 field gets 2
  more goods of its crop, 2 fields 1 more each (seed 000 L854: card fields too, each plot a
  field of its own).
* Gardener (1+): the vegetables of the seat's fields are harvested from the general supply and
  the fields keep theirs (the rules' window ``fields_kept``); a card field keeps its vegetable
  too, topped up right after its harvest (seed 000 L914: card fields included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..extension import skips_harvest
from ..statetypes import Farm
from .watching import action_key

if TYPE_CHECKING:
    from ..builder import Builder

STEWARD = "I233"
SPENT = "spent"


def steward_allows(farm: Farm) -> bool:
    return (
        STEWARD in farm.get("cards", ())
        and farm["house"] != "wood"
        and farm["card_state"].get(STEWARD) != SPENT
    )


def steward_spent(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I233: the first family growth once the house is of clay or stone spends the card."""
    farm = b.state["farms"][owner]
    if (
        event.type == "FamilyGrew"
        and farm["house"] != "wood"
        and farm["card_state"].get(card_id) != SPENT
    ):
        b.emit("CardStateSet", {"card": card_id, "value": SPENT}, owner)


#: Fieldsman: goods added per field by the number of fields the action sowed.
FIELDSMAN_EXTRA = {1: 2, 2: 1}


def fieldsman(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I219: notes each field the owner sows in an action; when the action ends (the turn
    passes, or the people return home), adds the goods."""
    state = b.state
    seen = state["farms"][owner]["card_state"].get(card_id) or {}
    if event is None:
        return
    if event.seat == owner and event.type in ("FieldSown", "CardFieldSown"):
        key = action_key(state, owner)
        fields = seen.get("fields", []) if seen.get("action") == key else []
        field = (
            {"field_card": event.data["card"]}
            if event.type == "CardFieldSown"
            else {"space": event.data["space"]}
        )
        b.emit(
            "CardStateSet",
            {"card": card_id, "value": {"action": key, "fields": fields + [field]}},
            owner,
        )
        return
    ended = (event.type == "TurnPassed" and event.seat == owner) or event.type == "PeopleReturned"
    if not ended or not seen.get("fields"):
        return
    b.emit("CardStateSet", {"card": card_id, "value": None}, owner)
    extra = FIELDSMAN_EXTRA.get(len(seen["fields"]))
    for field in seen["fields"] if extra else ():
        b.emit("FieldTopped", {"card": card_id, **field, "count": extra}, owner)


GARDENER = "I226"


def gardener_kept(farm: Farm) -> list[int]:
    """I226 (``fields_kept``): the seat's sown vegetable fields keep their vegetables."""
    if GARDENER not in farm.get("cards", ()):
        return []
    return [f["space"] for f in farm["fields"] if f["crop"] == "vegetable" and f["count"] > 0]


def gardener_card_fields(b: Builder) -> None:
    """I226 in the field phase: each vegetable card field just harvested gets its vegetable
    back from the general supply (decision I-23)."""
    for seat, farm in enumerate(b.state["farms"]):
        if GARDENER not in farm.get("cards", ()) or skips_harvest(b.state, seat):
            continue
        for field in farm.get("card_fields", []):
            if field["crop"] == "vegetable" and field["count"] > 0:
                b.emit(
                    "FieldTopped",
                    {"card": GARDENER, "field_card": field["card"], "count": 1},
                    seat,
                )
