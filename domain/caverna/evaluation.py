"""How promising a home is beyond its score sheet, for the greedy and search bots (issue 25):
a bot heuristic, not a rule and not a number of the game.

The score sheet (digest §10) already counts what the home would score now; this adds what it
will be worth later:

* goods on hand are worth a fraction of a point (they become tiles, weapons and food);
* every dwarf beyond the first two acts once more in each round left (§3.3), and an empty
  place in the dwellings lets the family grow (§7.1);
* the next feeding (§9.3): food short of it costs a begging marker's 3 points, the more surely
  the nearer the harvest; what can be turned into food counts (§9.3, grain 1, vegetable 2,
  animals by kind, rubies 2 at the least);
* armed dwarfs go on expeditions for loot (§7.5), the stronger the better.
"""

from __future__ import annotations

from .state import room

WORTH = {"wood": 0.35, "stone": 0.4, "ore": 0.35, "ruby": 0.6, "grain": 0.3, "vegetable": 0.4}
#: food each good makes at any time, at the least (pack §1.2 conversion board)
FOOD_OF = {"grain": 1, "vegetable": 2, "sheep": 1, "donkey": 1, "boar": 2, "cattle": 3, "ruby": 2}
#: one more dwarf: its placements in the rounds to come (the same in every round, so that a
#: move which ends a round looks no worse than one which does not)
DWARF = 6.0
SPARE_ROOM = 2.5
BEGGING = 3.0
WEAPON = 0.25


def evaluate(state: dict, seat: int) -> float:
    """Points beyond the score sheet; nothing here shrinks as rounds pass (a bot one step
    ahead would otherwise put off the move that ends a round, converting goods to do so)."""
    home = state["homes"][seat]
    supply = home["supply"]
    value = sum(WORTH.get(good, 0.0) * n for good, n in supply.items())
    dwarfs = home["dwarfs"]
    people = len(dwarfs)
    value += DWARF * (people - 2)
    if room(home) > people:
        value += SPARE_ROOM
    phase = state.get("phase")
    if phase != "finished":
        pending = state["pending"][seat] or {}
        fed = phase == "harvest_breeding" or (phase == "harvest_feeding" and not pending)
        need = pending["need"] if pending.get("kind") == "feed" else 2 * people
        now = not fed and state.get("harvest") not in (None, "none")
        makeable = supply.get("food", 0) + sum(FOOD_OF.get(g, 0) * n for g, n in supply.items())
        makeable += sum(FOOD_OF.get(a, 0) * n for a, n in home.get("animals", {}).items())
        value -= BEGGING * max(0, need - makeable) / (1 if now else 2)
    value += WEAPON * sum(min(d.get("weapon", 0), 8) for d in dwarfs)
    return value
