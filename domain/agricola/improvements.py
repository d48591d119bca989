"""Major improvements: building them, baking bread, cooking, workshops and the Well (digest §7)."""

from __future__ import annotations

from typing import Any

from .farm import affordable, major_costs
from .state import improvement_info, improvements_owned, major_name, name
from .statetypes import Farm
from .tables import ANIMALS, BUILDING_RESOURCES, LAST_ROUND, MAJOR_IMPROVEMENTS, RAW_FOOD

# -- building majors (digest §7, D-33) ----------------------------------------------------------


def major_payments(state: dict, seat: int, major: str) -> list[dict]:
    """The ways ``seat`` may pay for ``major`` now: ``{"cost": goods, "returned": id|None,
    "pay": i}`` (``i`` indexes :func:`farm.major_costs`).

    A Cooking Hearth costs its clay, or returning an owned Fireplace instead (digest §7,
    D-33, T-17)."""
    info = MAJOR_IMPROVEMENTS[major]
    if state["majors"].get(major) is not None:
        return []
    farm = state["farms"][seat]
    out: list[dict] = [
        {"cost": cost, "returned": None, "pay": i}
        for i, cost in enumerate(major_costs(farm, major))
        if affordable(farm["supply"], cost)
    ]
    for old in upgrade_sources(farm, info):
        out.append({"cost": {}, "returned": old})
    return out


def is_a(improvement_id: Any, kind: str) -> bool:
    """Whether an improvement is a ``"fireplace"`` or an ``"oven"``: the majors by name, a card
    by its ``counts_as`` (E20 Simple Fireplace, seed 000 L706; E27 Wood-fired Oven, L616)."""
    if improvement_id in MAJOR_IMPROVEMENTS:
        return kind in improvement_id
    return improvement_info(improvement_id).get("counts_as") == kind


def upgrade_sources(farm: Farm, info: dict) -> list[str]:
    """The owned improvements that may be returned instead of paying for ``info`` (a Cooking
    Hearth takes back a Fireplace, or a card that counts as one; digest §7, D-33)."""
    if not info.get("upgrade_from"):
        return []
    return [
        o
        for o in improvements_owned(farm)
        if o in info["upgrade_from"] or (o not in MAJOR_IMPROVEMENTS and is_a(o, "fireplace"))
    ]


def major_problem(
    state: dict, seat: int, major: object, returned: object, pay: int = 0
) -> tuple | None:
    """Why ``seat`` cannot build ``major`` (returning ``returned``, or paying the way ``pay``
    of :func:`farm.major_costs` if None)."""
    farm = state["farms"][seat]
    if major not in MAJOR_IMPROVEMENTS:
        return (
            "major_payment_invalid",
            {"major_name": str(major), "reason": "there is no such major improvement"},
        )
    owner = state["majors"].get(major)
    if owner is not None:
        return (
            "major_not_available",
            {"major_name": major_name(major), "owner_name": name(state, owner)},
        )
    info = MAJOR_IMPROVEMENTS[major]
    if returned is None:
        costs = major_costs(farm, major)
        if not 0 <= pay < len(costs):
            return (
                "major_payment_invalid",
                {"major_name": major_name(major), "reason": f"there is no way to pay number {pay}"},
            )
        if not affordable(farm["supply"], costs[pay]):
            return (
                "not_enough_goods",
                {
                    "cost": _goods(costs[pay]),
                    "have": _goods(farm["supply"], costs[pay]),
                    "what": f"the {major_name(major)}",
                },
            )
        return None
    if returned not in info.get("upgrade_from", ()) and not is_a(returned, "fireplace"):
        return (
            "major_payment_invalid",
            {
                "major_name": major_name(major),
                "reason": "only a Cooking Hearth may be paid by returning a Fireplace",
            },
        )
    if returned not in upgrade_sources(farm, info):
        owned = major_name(str(returned))
        return (
            "major_payment_invalid",
            {"major_name": major_name(major), "reason": f"they do not own the {owned}"},
        )
    return None


def can_build_any_major(state: dict, seat: int) -> bool:
    return any(major_payments(state, seat, m) for m in MAJOR_IMPROVEMENTS)


def well_rounds(current_round: int, count: int) -> list[int]:
    """The Well puts 1 food on each of the next ``count`` round spaces, up to round 14 (D-32)."""
    return [r for r in range(current_round + 1, current_round + 1 + count) if r <= LAST_ROUND]


# -- baking (digest §5.7, D-16, D-30) ----------------------------------------------------------


def bake_limit(major: str, grain: int) -> int:
    rate, limit = improvement_info(major)["bake"]
    return grain if limit is None else min(limit, grain)


def bake_problem(farm: Farm, baked: list, improvement: object, grain: object) -> str | None:
    """Each baking improvement once per Bake action, within its grain limit, grain from the
    supply (digest §5.7, D-16, D-30)."""
    if improvement not in improvements_owned(farm) or "bake" not in improvement_info(improvement):
        return "they own no such baking improvement"
    if improvement in baked:
        return "it was already used in this Bake action"
    if not isinstance(grain, int) or grain < 1:
        return "at least 1 grain must be baked"
    if grain > farm["supply"]["grain"]:
        return f"they have only {farm['supply']['grain']} grain"
    if grain > bake_limit(improvement, grain):
        return f"it bakes at most {improvement_info(improvement)['bake'][1]} grain at a time"
    return None


def bake_options(farm: Farm, baked: list) -> list[tuple[str, int]]:
    out = []
    for major in improvements_owned(farm):
        if "bake" not in improvement_info(major) or major in baked:
            continue
        for grain in range(1, bake_limit(major, farm["supply"]["grain"]) + 1):
            out.append((major, grain))
    return out


def can_bake(farm: Farm, baked: list) -> bool:
    return bool(bake_options(farm, baked))


def bake_food(major: str, grain: int) -> int:
    return improvement_info(major)["bake"][0] * grain


# -- converting to food at any time (digest §5.10, §7, D-03, D-05) --------------------------------


def best_cooking(farm: Farm, good: str) -> tuple[str | None, int]:
    """(improvement used or None, food) for one ``good`` at its best rate: grain raw 1; a
    vegetable raw 1 or cooked; an animal only cooked (digest §5.10, D-05). Food 0 = impossible."""
    best: tuple[str | None, int] = (None, RAW_FOOD.get(good, 0))
    for major in improvements_owned(farm):
        rate = improvement_info(major).get("cook", {}).get(good, 0)
        if rate > best[1]:
            best = (major, rate)
    return best


def workshop_for(farm: Farm, good: str) -> str | None:
    """The owned workshop that turns ``good`` into food, if any (digest §7, D-03)."""
    for major in sorted(farm["majors"]):
        workshop = MAJOR_IMPROVEMENTS[major].get("workshop")
        if workshop and workshop[0] == good:
            return major
    return None


def convertible_goods(farm: Farm, phase: str) -> list[str]:
    """Goods ``farm`` could turn into food now: grain, vegetables, animals with a cooking
    improvement (not in the breeding phase, D-26), workshop resources in the feeding phase once
    per harvest (D-03, D-31)."""
    out = []
    for good in ("grain", "vegetable"):
        if farm["supply"][good] > 0:
            out.append(good)
    if phase != "harvest_breeding":
        for animal in ANIMALS:
            if (
                farm["animals"][animal] + farm["unhoused"][animal] > 0
                and best_cooking(farm, animal)[1] > 0
            ):
                out.append(animal)
    if phase == "harvest_feeding":
        for good in BUILDING_RESOURCES:
            major = workshop_for(farm, good)
            if major and major not in farm["workshops_used"] and farm["supply"][good] > 0:
                out.append(good)
    return out


def workshop_bonus(farm: Farm) -> int:
    """Bonus points of the workshops for resources held at the end (digest §7, D-04)."""
    points = 0
    for major in farm["majors"]:
        bonus = MAJOR_IMPROVEMENTS[major].get("bonus")
        if bonus:
            good, thresholds = bonus
            points += sum(1 for t in thresholds if farm["supply"][good] >= t)
    return points


def _goods(goods: dict, only: dict | None = None) -> str:
    keys = only if only is not None else goods
    parts = [f"{goods.get(g, 0)} {g}" for g in keys if only is not None or goods.get(g, 0)]
    return ", ".join(parts) or "nothing"
