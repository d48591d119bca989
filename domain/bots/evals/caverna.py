"""Caverna: what a home will add to its score sheet by the end (issue 37 item 1).

A bot heuristic in points, not a rule; every feature is named, set by hand from the rulebook
digest (``/work/shared/rules/caverna.md``, "digest §n") and read from the seat's view through
the title's public functions and tables (``domain.caverna.state``, ``domain.caverna.tables``).
:func:`extra` is added to the score-sheet total, which already counts what the home would
score if the game ended now (digest §10).

Features (weights in :data:`WEIGHTS`):

* ``goods``: wood, stone and ore on hand become tiles, furnishings and weapons (digest §5,
  §6, §7.2); rubies buy tiles and animals at any time (§7.6) beyond the point each scores;
  fading over the last three rounds.
* ``actions``: each dwarf beyond the first two is placed once in every round still to start
  (digest §3.3), ``action`` points a placement.
* ``growth``: free room in the dwellings lets the family grow (digest §7.1) while rounds remain.
* ``next_feeding``: food short of the next feeding (2 food a dwarf, 1 an offspring, digest
  §9.1; round 4's harvest costs 1 a dwarf, §2.7) after what can be made at once (food value
  of crops, animals and rubies, tables ``FOOD_VALUE``, §8.5) costs a begging marker, -3 points
  (§9.3), the more surely the fewer placements remain before it (each about 3 food).
* ``later_feedings``: food for the harvests after the next (rounds 3 and 5-12, digest §2.7;
  the markers of rounds 6-12 are not all harvests, so those count 6/7) beyond what is on hand
  and what sown fields will yield (one good a field a harvest, §9.1), ``food`` points a food.
* ``breeding``: a farm-animal type with two or more breeds once in each harvest ahead when
  there is room (digest §8.4): a newborn scores 1 point and is food.
* ``weapons``: armed dwarfs go on expeditions for loot in the rounds left (digest §7.3): a
  weapon level is worth a fraction of a point a round.
* ``empty_fields``: a field with nothing growing will bear grain or vegetables (digest §4.4).
"""

from __future__ import annotations

from domain.caverna.state import MAX_DWARFS, room
from domain.caverna.tables import FARM_ANIMALS, FOOD_VALUE, LAST_ROUND

FEATURES = (
    "goods",
    "actions",
    "growth",
    "next_feeding",
    "later_feedings",
    "breeding",
    "weapons",
    "empty_fields",
    "dwelling_progress",
)
#: the features that say whether the family is fed (``evals.alive``, the zombie's)
ALIVE: tuple[str, ...] = ("next_feeding", "later_feedings")
WEIGHTS = {
    "goods": 1.0,
    "actions": 1.5,
    "growth": 3.0,
    "next_feeding": 1.0,
    "later_feedings": 0.25,
    "breeding": 0.8,
    "weapons": 0.06,
    "empty_fields": 0.0,
    "dwelling_progress": 2.0,
}
GOOD_WORTH = {"wood": 0.3, "stone": 0.35, "ore": 0.3, "ruby": 0.4}
BEGGING = 3.0
FOOD_PER_PLACEMENT = 3.0
#: rounds whose harvest is certain (digest §2.7: round 3 normal, 4 one food, 5 normal)
CERTAIN = {3: 1.0, 4: 1.0, 5: 1.0}
#: rounds 6-12 carry face-down markers; 3 of 7 are red (digest §2.7, inferred composition)
MARKER_ROUND = 6 / 7


def _harvests(state: dict, seat: int) -> list[tuple[int, float]]:
    """(round, likelihood) of every feeding still ahead of ``seat``."""
    rnd = state.get("round") or 0
    phase = state.get("phase") or ""
    pending = (state.get("pending") or [None] * (seat + 1))[seat] or {}
    fed = phase == "harvest_breeding" or (phase == "harvest_feeding" and not pending)
    known = {int(r): kind for r, kind in (state.get("harvests") or {}).items()}
    out = []
    for r in range(max(rnd, 3), LAST_ROUND + 1):
        if r == rnd and (fed or phase in ("finished", "final")):
            continue
        if r == rnd and state.get("harvest") == "none":
            continue
        if state.get("solo") or r in CERTAIN:
            out.append((r, 1.0))
        elif known.get(r) == "green":
            out.append((r, 1.0))
        else:
            out.append((r, MARKER_ROUND if r not in known else 0.7))
    return out


def features(state: dict, seat: int, version: int = 2) -> dict[str, float]:
    """The feature values of ``seat``'s home in ``state`` (its view), as evaluation ``version``
    counts them (``evals.EVAL_VERSION``: version 1 has no ``dwelling_progress``)."""
    home = state["homes"][seat]
    supply, animals = home["supply"], home.get("animals", {})
    rnd = state.get("round") or 0
    to_start = max(0, LAST_ROUND - rnd)
    dwarfs = home["dwarfs"]
    people = len(dwarfs)
    out = dict.fromkeys(FEATURES, 0.0)
    out["goods"] = sum(GOOD_WORTH.get(g, 0.0) * n for g, n in supply.items()) * min(1, to_start / 3)
    out["actions"] = (people - 2) * to_start
    if room(home) > people and to_start >= 2:
        out["growth"] = 1.0
    harvests = _harvests(state, seat)
    if harvests:
        makeable = supply.get("food", 0) + sum(FOOD_VALUE.get(g, 0) * n for g, n in supply.items())
        makeable += sum(FOOD_VALUE.get(a, 0) * n for a, n in animals.items())
        if pending_need := _pending_need(state, seat):
            need = pending_need
        else:
            need = people if harvests[0][0] == 4 else 2 * people
        before = harvests[0][0] - rnd
        placements = max(0, before) * people
        short = max(0, need - makeable)
        out["next_feeding"] = (
            -BEGGING
            * short
            * harvests[0][1]
            / (1 + placements * FOOD_PER_PLACEMENT / max(1, short))
        )
        later = sum(p for _, p in harvests[1:])
        growing = sum(n for _, n in (home.get("crops") or {}).values())
        left = max(0, makeable - need)
        out["later_feedings"] = -max(0.0, 2 * people * later - min(growing, later * 2) - left)
        pairs = sum(1 for a in FARM_ANIMALS if animals.get(a, 0) >= 2)
        out["breeding"] = (
            pairs * sum(p for _, p in harvests) if home.get("animals_fit", True) else 0
        )
        fields = sum(1 for k in home.get("board", ()) if k == "field")
        out["empty_fields"] = max(0, fields - len(home.get("crops") or {})) * min(
            1, len(harvests) / 2
        )
    out["weapons"] = sum(min(d.get("weapon", 0), 14) for d in dwarfs) * to_start
    if version >= 2 and room(home) <= people < MAX_DWARFS and to_start >= 3:
        out["dwelling_progress"] = _dwelling_progress(home, supply)
    return out


#: a Dwelling costs 4 wood and 3 stone and goes in an empty cavern (digest §6.3, pack)
DWELLING_COST = {"wood": 4, "stone": 3}


def _dwelling_progress(home: dict, supply: dict) -> float:
    """How far the home is towards its next Dwelling (digest §6.3, §7.1: room for one more
    dwarf): the share of its wood and stone on hand, less when no cavern stands empty for
    it (an excavation is then a step more). 1 at most, below the room it becomes (``growth``)
    plus the goods it takes, so building the dwelling is always worth more than keeping them."""
    share = sum(min(supply.get(g, 0), n) / n for g, n in DWELLING_COST.items()) / 2
    furnished = {str(k) for k in (home.get("furn") or {})}
    empty = any(
        kind == "cavern" and str(i) not in furnished
        for i, kind in enumerate(home.get("board") or ())
    )
    return share * (1.0 if empty else 0.6)


def _pending_need(state: dict, seat: int) -> int:
    pending = (state.get("pending") or [None] * (seat + 1))[seat] or {}
    return int(pending.get("need", 0)) if pending.get("kind") == "feed" else 0
