"""Card fields: minor improvements sown and harvested like fields (issue 10; catalogue E18 Bean
Field, E47 Lettuce Patch; seed 000 L588, L718).

A card field is ``{"card": id, "crop": None|crop, "count": n, "allowed": [crops]}`` in the
farm's ``card_fields``. It is sown on any sowing step with ``{"type": "card_sow", "card":
"E18", "crop": "vegetable"}``, harvested in the field phase after the farmyard's fields, and
its crops count as the seat's in scoring; it is not a field (no farmyard space, no field
points). Cards that act on sowing (E32 Potato Dibber) act on it too (seed 000 L588).

A vegetable harvested from E47 may be turned into 4 food "at once": in the feeding phase of
the same harvest, which nothing else precedes (``harvest_fresh``, cleared at breeding).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import StepNotExpected
from ..extension import skips_harvest
from ..statetypes import Farm
from ..steps import current_step, settle, step_kinds
from ..tables import SOWING
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder


def card_fields(farm: Farm) -> list[dict]:
    return farm.get("card_fields", [])


def sow_moves(state: dict, seat: int, kind: str) -> list[dict]:
    if state["phase"] != "work" or kind not in step_kinds(state, "sow") or kind == "sow_one":
        return []  # the Hobby Farmer (E180) sows a ploughed field
    farm = state["farms"][seat]
    return [
        {"type": "card_sow", "card": f["card"], "crop": crop}
        for f in card_fields(farm)
        if not f["count"]
        for crop in f["allowed"]
        if farm["supply"][crop] > 0
    ]


def check(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "sow")
    if move not in sow_moves(state, seat, pending["kind"]):
        raise StepNotExpected(
            what=f"sow {move['crop']} on {card_name(move['card'])}",
            reason="it must be their empty card field that takes that crop, "
            "with the crop in their supply",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    b.emit(
        "CardFieldSown",
        # wood on the Copse (I78) is sown like grain (seed 000 L708)
        {
            "card": move["card"],
            "crop": move["crop"],
            "count": SOWING.get(move["crop"], SOWING["grain"]),
        },
        seat,
    )
    settle(b, seat)


def harvest(b: Builder) -> None:
    """Field phase: 1 crop from each sown card field (after the farmyard's fields)."""
    for seat, farm in enumerate(b.state["farms"]):
        sown = [f for f in card_fields(farm) if f["count"]]
        if not sown or skips_harvest(b.state, seat):  # Layabout I244
            continue
        goods: dict[str, int] = {}
        for f in sown:
            goods[f["crop"]] = goods.get(f["crop"], 0) + 1
        fresh = [f["card"] for f in sown if f["card"] == "E47" and f["crop"] == "vegetable"]
        b.emit(
            "CardFieldsHarvested",
            {"cards": [f["card"] for f in sown], "goods": goods, "fresh": fresh},
            seat,
        )


def lettuce(farm: Farm) -> list[tuple[dict, dict]]:
    """E47 Lettuce Patch: the vegetable just harvested from it may become 4 food."""
    if "E47" in farm.get("harvest_fresh", []) and farm["supply"]["vegetable"] >= 1:
        return [({"vegetable": 1}, {"food": 4})]
    return []


def feeding_choice(farm: Farm) -> bool:
    """Whether a card field's produce gives the seat a choice in the feeding phase."""
    return bool(lettuce(farm))
