"""How promising a family is beyond its score sheet, for the greedy and search bots (issue 25):
a bot heuristic, not a rule and not a number of the game. Coins, grain, cubes and goods on hand
are worth a fraction of a point, unused time a little less."""

from __future__ import annotations


def evaluate(state: dict, seat: int) -> float:
    player = state["seats"][seat]
    value = 0.5 * player.get("coins", 0) + 0.2 * player.get("grain", 0)
    value += 0.25 * sum(player.get("cubes", {}).values())
    value += 0.4 * sum(player.get("goods", {}).values())
    return value
