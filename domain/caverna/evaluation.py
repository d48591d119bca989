"""How promising a home is beyond its score sheet, for the greedy and search bots (issue 25):
a bot heuristic, not a rule and not a number of the game. Goods on hand are worth a fraction
of a point, food up to the next feeding, armed dwarfs go on expeditions, empty dwelling room
lets the family grow, and hunger near a harvest costs."""

from __future__ import annotations

WORTH = {"wood": 0.3, "stone": 0.35, "ore": 0.35, "ruby": 0.9, "grain": 0.3, "vegetable": 0.4}
FOOD = 0.45


def evaluate(state: dict, seat: int) -> float:
    home = state["homes"][seat]
    supply = home["supply"]
    value = sum(WORTH.get(good, 0.0) * n for good, n in supply.items())
    dwarfs = home["dwarfs"]
    need = 2 * len(dwarfs)
    value += FOOD * min(supply.get("food", 0), need + 2)
    value -= 0.6 * max(
        0, need - supply.get("food", 0) - supply.get("grain", 0) - supply.get("vegetable", 0)
    )
    value += 0.15 * sum(min(d.get("weapon", 0), 8) for d in dwarfs)
    value += 0.4 * sum(1 for t in home["board"] if t is not None)
    return value
