"""How promising a farm is beyond its score sheet, for the greedy and search bots (issue 25):
a bot heuristic, not a rule and not a number of the game. Goods on hand are worth a fraction
of a point (they become rooms, fences, improvements and food), food only up to what the next
feeding needs, rooms beyond the family make room to grow, and hunger near a harvest costs."""

from __future__ import annotations

WORTH = {"wood": 0.3, "clay": 0.3, "reed": 0.35, "stone": 0.4, "grain": 0.3, "vegetable": 0.4}
FOOD = 0.45
SPARE_ROOM = 1.0


def evaluate(state: dict, seat: int) -> float:
    farm = state["farms"][seat]
    supply = farm["supply"]
    value = sum(WORTH.get(good, 0.0) * n for good, n in supply.items())
    people = farm["family"] + farm.get("newborns", 0)
    need = 2 * people
    value += FOOD * min(supply.get("food", 0), need + 2)
    value -= 0.6 * max(
        0, need - supply.get("food", 0) - supply.get("grain", 0) - supply.get("vegetable", 0)
    )
    value += SPARE_ROOM * min(2, max(0, len(farm["rooms"]) - people))
    return value
