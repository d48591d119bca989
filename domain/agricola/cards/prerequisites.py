"""Minor-improvement prerequisites that count sown fields or animals (catalogue §1
"Prerequisite"; I-deck cards I69 Strawberry Patch, I92 Manure, I99 Straw-thatched Roof, I101
Animal Feed; decisions in docs/rules/cards-i-minors.md).

* ``{"fields": n, "crop": "vegetable" | "grain" | None}``: at least ``n`` fields with that crop
  on them (any crop for None). A ploughed field with nothing on it does not count (seed 000
  L342, L362); a field on a card (Bean Field E18, Copse I78) counts like a farmyard field
  (seed 000 L634: "any fields sown with grain or vegetables, card improvements included").
* ``{"animals_any": n}``: at least ``n`` animals of any types on the farm.
"""

from __future__ import annotations

from ..state import total_animals
from ..statetypes import Farm

_CROPS = ("grain", "vegetable")


def sown_fields(farm: Farm, crop: str | None = None) -> int:
    """Fields (farmyard and card fields) with ``crop`` on them (any grain or vegetable crop
    for None)."""
    wanted = (crop,) if crop else _CROPS
    fields = list(farm["fields"]) + list(farm.get("card_fields", []))
    return sum(1 for f in fields if f.get("crop") in wanted and f.get("count", 0) > 0)


def problem(farm: Farm, req: dict) -> str | None:
    """Why the farm lacks a prerequisite of sown fields or animals (None when it has it)."""
    if "fields" in req and sown_fields(farm, req.get("crop")) < req["fields"]:
        what = f"{req['crop']} fields" if req.get("crop") else "sown fields"
        return f"it needs {req['fields']} {what}"
    if "animals_any" in req and sum(total_animals(farm).values()) < req["animals_any"]:
        return f"it needs {req['animals_any']} animals"
    return None
