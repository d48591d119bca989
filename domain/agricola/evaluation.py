"""How promising a farm is beyond its score sheet, for the greedy and search bots (issue 25):
a bot heuristic, not a rule and not a number of the game.

The score sheet (digest §8) already counts what the farm would score now; this adds what it
will be worth later:

* goods on hand are worth a fraction of a point (they become rooms, fences, improvements
  and food);
* every person beyond the first two places once more in each round left (digest §3.2
  phase 3), and a spare room lets the family grow (§4.1 Family growth);
* the next feeding (§6.2): food short of it costs a begging card's 3 points, the more surely
  the nearer the harvest; food that can be made counts (grain and vegetables raw, animals
  and vegetables with a cooking improvement, §5.10);
* a cooking improvement keeps a family fed for the rest of the game (§7);
* sown fields grow grain and vegetables in every harvest left (§6.1).
"""

from __future__ import annotations

from .statetypes import Farm
from .tables import HARVEST_ROUNDS, MAJOR_IMPROVEMENTS

WORTH = {"wood": 0.35, "clay": 0.35, "reed": 0.4, "stone": 0.45, "grain": 0.4, "vegetable": 0.6}
#: one more person: its placements in the rounds to come (kept the same in every round, so
#: that a move which ends a round looks no worse than one which does not)
PERSON = 4.0
SPARE_ROOM = 2.8
BEGGING = 3.0
COOKING = 2.5
SOWN = 0.35


def _cook_rates(farm: Farm) -> dict[str, int]:
    rates: dict[str, int] = {}
    for major in farm.get("majors", ()):
        for good, rate in MAJOR_IMPROVEMENTS.get(major, {}).get("cook", {}).items():
            rates[good] = max(rates.get(good, 0), rate)
    return rates


def evaluate(state: dict, seat: int) -> float:
    """Points beyond the score sheet. Nothing here shrinks as rounds pass (a bot one step
    ahead would otherwise put off the move that ends a round, converting goods to do so)."""
    farm = state["farms"][seat]
    supply = farm["supply"]
    rnd = state.get("round") or 0
    value = sum(WORTH.get(good, 0.0) * n for good, n in supply.items())
    people = farm["family"]
    value += PERSON * (people - 2)
    spare = len(farm["rooms"]) - people
    if spare > 0 and people < 5:
        value += SPARE_ROOM + 0.5 * min(spare - 1, 1)
    # the next feeding
    phase = state.get("phase")
    fed = phase == "harvest_breeding" or (
        phase == "harvest_feeding" and state["pending"][seat] is None
    )
    harvest = next((h for h in HARVEST_ROUNDS if h >= max(rnd, 1) + fed), None)
    rates = _cook_rates(farm)
    if harvest is not None and phase != "finished":
        animals = farm.get("animals", {})
        makeable = (
            supply.get("food", 0)
            + supply.get("grain", 0)
            + supply.get("vegetable", 0) * max(1, rates.get("vegetable", 1))
            + sum(animals.get(a, 0) * rates.get(a, 0) for a in ("sheep", "boar", "cattle"))
        )
        until = harvest - rnd
        value -= BEGGING * max(0, 2 * people - makeable) / (1 + until)
    if rates:
        value += COOKING
    sown = sum(f.get("count", 0) for f in farm.get("fields", ()))
    value += SOWN * min(sown, 8)
    return value
