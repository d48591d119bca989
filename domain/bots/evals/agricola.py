"""Agricola: what a farm will add to its score sheet by the end (issue 37 item 1).

A bot heuristic in points, not a rule; every feature is named, set by hand from the rulebook
digest (``/work/shared/rules/agricola.md``, cited as "digest §n") and read from the seat's view
through the title's public functions and tables only (``domain.agricola.tables``, the farm as
the view shows it). :func:`extra` is added to the score-sheet total, which already counts
what the farm would score if the game ended now (digest §8).

Features (``FEATURES``, with their weights in :data:`WEIGHTS`):

* ``goods``: building resources on hand become rooms, renovations, fences and improvements
  (digest §5.1, §5.2, §5.8, §7), each worth a fraction of a point while rounds remain; the
  weight fades over the last three rounds (at the end they count nothing, §8).
* ``actions``: every family member beyond the first two places once in every round still to
  start (digest §3.2 phase 3); a placement is worth ``action`` points (a farm scoring about 45
  in 14 rounds makes about 1.2 points a placement beyond its start).
* ``growth``: a spare room lets the family grow (digest §5.4, at most 5, §1.2) while at least
  two rounds remain.
* ``next_feeding``: food short of the next feeding (2 food an adult, 3 in solo, 1 a newborn,
  digest §6.2, §9.2) after what can be made at once (grain and vegetables raw, animals and
  vegetables by the best cooking improvement, §5.10, §7) costs a begging card, -3 points (§6.3),
  the more surely the fewer placements remain before that harvest (each can bring about 3
  food).
* ``later_feedings``: food for the harvests after the next (digest §3.1: rounds 4, 7, 9, 11,
  13, 14) beyond what fields will yield (one good a sown field a harvest, §6.1) and what is on
  hand, at ``food`` points a food (the placements it takes to earn it).
* ``breeding``: a type with two or more animals and room for one more breeds in each harvest
  ahead (digest §6.4): a newborn is worth ``animal`` points (score tiers, §8.1, and food).
* ``empty_fields``: a ploughed, unsown field will bear grain or vegetables (digest §5.6, §6.1).
* ``house``: rooms of a wooden or clay house may still be renovated (+1 a room each step,
  §5.2, §8.2), worth ``renovation`` a room while at least three rounds remain.
* ``cooking``: an improvement that cooks makes every animal and vegetable food (§7).
"""

from __future__ import annotations

from domain.agricola.state import housing
from domain.agricola.tables import FEEDING, HARVEST_ROUNDS, LAST_ROUND, MAJOR_IMPROVEMENTS
from domain.common.housing import housing_for

FEATURES = (
    "goods",
    "actions",
    "growth",
    "next_feeding",
    "later_feedings",
    "breeding",
    "empty_fields",
    "house",
    "cooking",
    "fencing",
)
#: the features that say whether the family is fed (``evals.alive``, the zombie's)
ALIVE: tuple[str, ...] = ("next_feeding", "later_feedings")
#: points per unit of each feature (hand-set, see the module docstring)
WEIGHTS = {
    "goods": 1.0,
    "actions": 1.2,
    "growth": 2.5,
    "next_feeding": 1.0,
    "later_feedings": 0.25,
    "breeding": 0.6,
    "empty_fields": 0.3,
    "house": 0.8,
    "cooking": 1.5,
    "fencing": 0.9,
}
#: what one good on hand is worth while rounds remain (it becomes a room, a fence, an oven)
GOOD_WORTH = {"wood": 0.3, "clay": 0.3, "reed": 0.4, "stone": 0.4}
BEGGING = 3.0
#: food a placement before the harvest can bring (a day labourer's 2, a fishing space's 3+)
FOOD_PER_PLACEMENT = 3.0


def cook_rates(farm: dict) -> dict[str, int]:
    """Food per good by the farm's best cooking improvement (digest §7); raw crops give 1."""
    rates = {"grain": 1, "vegetable": 1}
    for major in farm.get("majors", ()):
        for good, rate in MAJOR_IMPROVEMENTS.get(major, {}).get("cook", {}).items():
            rates[good] = max(rates.get(good, 0), rate)
    return rates


def _harvests_ahead(state: dict, seat: int) -> list[int]:
    rnd = state.get("round") or 0
    phase = state.get("phase") or ""
    fed = phase == "harvest_breeding" or (
        phase == "harvest_feeding" and (state.get("pending") or [None] * (seat + 1))[seat] is None
    )
    return [h for h in HARVEST_ROUNDS if h > rnd or (h == rnd and not fed)]


def features(state: dict, seat: int, version: int = 2) -> dict[str, float]:
    """The feature values of ``seat``'s farm in ``state`` (its view), as evaluation ``version``
    counts them (``evals.EVAL_VERSION``: version 1 has no ``fencing`` and no baking in the later
    feedings)."""
    farm = state["farms"][seat]
    supply, animals = farm["supply"], farm.get("animals", {})
    rnd = state.get("round") or 0
    to_start = max(0, LAST_ROUND - rnd)
    harvests = _harvests_ahead(state, seat)
    family, newborns = farm["family"], farm.get("newborns", 0)
    rates = cook_rates(farm)
    adult = FEEDING["solo_adult"] if state.get("solo") else FEEDING["adult"]
    makeable = (
        supply.get("food", 0)
        + supply.get("grain", 0)
        + supply.get("vegetable", 0) * rates.get("vegetable", 1)
        + sum(animals.get(a, 0) * rates.get(a, 0) for a in ("sheep", "boar", "cattle"))
    )
    out = dict.fromkeys(FEATURES, 0.0)
    out["goods"] = sum(GOOD_WORTH.get(g, 0.0) * n for g, n in supply.items()) * min(1, to_start / 3)
    out["actions"] = (family - 2) * to_start
    spare = len(farm["rooms"]) - family
    if spare > 0 and family < 5 and to_start >= 2:
        out["growth"] = 1.0 + 0.3 * min(spare - 1, 1)
    sown = [f for f in farm.get("fields", ()) if f.get("count", 0) > 0]
    if harvests:
        need = adult * (family - newborns) + newborns
        before = harvests[0] - rnd  # rounds of placements left before it (this one included)
        placements = max(0, before) * family
        short = max(0, need - makeable)
        out["next_feeding"] = (
            -BEGGING * short / (1 + placements * FOOD_PER_PLACEMENT / max(1, short))
        )
        later_need = adult * family * (len(harvests) - 1)
        yields = sum(min(f["count"], len(harvests) - 1) for f in sown)
        baked = _baked_extra(farm, sown) if version >= 2 else 0.0
        left = max(0, makeable - need) + baked * (len(harvests) > 1)
        out["later_feedings"] = -max(0, later_need - yields - left)
        pairs = sum(1 for a in ("sheep", "boar", "cattle") if animals.get(a, 0) >= 2)
        if pairs:
            out["breeding"] = min(pairs, _room(farm, animals)) * len(harvests)
        out["empty_fields"] = sum(1 for f in farm.get("fields", ()) if f.get("count", 0) == 0)
    if to_start >= 3 and farm.get("house") in ("wood", "clay"):
        out["house"] = len(farm["rooms"]) * (1 if farm["house"] == "clay" else 1.5)
    if any(a in rates for a in ("sheep", "boar", "cattle")):
        out["cooking"] = 1.0 if harvests else 0.0
    if version >= 2:
        out["fencing"] = _fencing(state, seat, farm)
    return out


#: points of the pastures category by the number of pastures (digest §8.1: -1/1/2/3/4)
PASTURE_POINTS = (-1, 1, 2, 3, 4)
COLUMNS = 5  # the farmyard is 3 rows of 5 spaces (digest §1.3)


def _fencing(state: dict, seat: int, farm: dict) -> float:
    """A pasture being drawn (the spaces marked so far, digest §5.8) is worth what closing it
    will score: one more pasture on the sheet's tier (§8.1) and its spaces used (§8.2), less
    the wood its fences take from the goods on hand; 0 when the wood is short. Without it a
    pasture, two or more steps from the placement, is worth nothing until it is closed."""
    pending = (
        (state.get("pending") or [None] * (seat + 1))[seat]
        if state.get("phase") == "work"
        else None
    )
    region = (pending or {}).get("region") or []
    if not region:
        return 0.0
    inside = set(region)
    pairs = sum(
        1
        for s in inside
        for t in (s + 1, s + COLUMNS)
        if t in inside and (t != s + 1 or s % COLUMNS != COLUMNS - 1)
    )
    fences = 4 * len(inside) - 2 * pairs
    if farm["supply"].get("wood", 0) < fences:
        return 0.0
    n = len(farm.get("pastures") or ())
    tier = PASTURE_POINTS[min(n + 1, 4)] - PASTURE_POINTS[min(n, 4)]
    used = sum(1 for s in inside if s not in _used(farm))
    return tier + used - GOOD_WORTH["wood"] * fences


def _used(farm: dict) -> set[int]:
    spaces = farm.get("spaces") or ()
    return {
        int(sp["space"])
        for sp in spaces
        if sp.get("room") or sp.get("field") or sp.get("stable") or sp.get("pasture") is not None
    }


#: a bake needs a placement (digest §5.7), so the food it adds counts this much
BAKE_SHARE = 0.7


def _baked_extra(farm: dict, sown: list[dict]) -> float:
    """Food a baking improvement adds beyond eating the grain raw (digest §5.7, §7: 1 grain ->
    2 to 5 food), for the grain on hand and growing, counted for the later feedings."""
    rate = max(
        (MAJOR_IMPROVEMENTS.get(m, {}).get("bake", (0, None))[0] for m in farm.get("majors", ())),
        default=0,
    )
    if rate <= 1:
        return 0.0
    grain = farm["supply"].get("grain", 0) + sum(
        f.get("count", 0) for f in sown if f.get("crop") == "grain"
    )
    return (rate - 1) * grain * BAKE_SHARE


def _room(farm: dict, animals: dict) -> int:
    """Free places for animals: pastures and flexible places (house, stables, digest §5.9),
    by the title's own housing functions."""
    home = housing_for(housing(farm), animals)
    total = sum(int(p) for p in home.pastures) + int(home.flexible)
    return max(0, total - sum(animals.get(a, 0) for a in ("sheep", "boar", "cattle")))
