"""Each title's zombie (issue 37 item 4): what a dropped seat's platform player never does in
that game while another move is listed, from the title's own rules.

The generic zombie (``zombie.py``, level 2) keeps the seat fed, then helps nobody, then gains
least, judged one step ahead by the title's evaluation. Some moves do harm that one step does
not show; each title names them here, as data, and the level 3 zombie drops them from its
candidates before judging the rest (all of them stay when nothing else is listed, so a zombie
always has a move):

* **Agricola** (digest ``/work/shared/rules/agricola.md``): the Starting Player spaces (§4.2,
  §4.3: taking the marker changes who begins every later round for all seats, §3.2 phase 3.9),
  and family growth, on its own spaces or as an option (§5.4: every newborn eats 1 food at
  once and 2 (3 in solo, §9.2) at every later harvest, §6.2, which a seat no longer played for
  cannot afford; a begging card is -3, §6.3).
* **Caverna** (digest ``/work/shared/rules/caverna.md``): the Starting player spaces (§7.7,
  the order of every later round), Imitation (§7.8: it costs food to copy a space another seat
  took, food the family needs), and family growth (§7.1: a newborn eats 1, then 2 food at
  every harvest, §9.1, -3 a missing food, §9.3).
* **Village** (digest ``/work/shared/rules/village.md``): nothing is set aside; members age and
  die whatever a seat does (§5), so there is no family to keep alive, and the generic rule
  (helping nobody, gaining least) decides.

A title not listed here gets the generic zombie unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TitleZombie:
    """The placements a title's zombie leaves alone: ``spaces`` by id, and any placement
    whose chosen ``option`` is one of ``options``."""

    spaces: frozenset[str] = field(default_factory=frozenset)
    options: frozenset[str] = field(default_factory=frozenset)

    def avoids(self, move: dict) -> bool:
        if move.get("type") != "place":
            return False
        return move.get("space") in self.spaces or move.get("option") in self.options


#: title name -> what its zombie leaves alone (see the module docstring)
ZOMBIES: dict[str, TitleZombie] = {
    "agricola": TitleZombie(
        spaces=frozenset(
            {
                "starting_player",
                "starting_player_minor",
                "family_growth",
                "urgent_family_growth",
                "family_growth_minor",
            }
        ),
        options=frozenset({"growth"}),
    ),
    "caverna": TitleZombie(
        spaces=frozenset(
            {
                "starting_player",
                "starting_player_47",
                "imitation",
                "imitation_3",
                "imitation_5",
                "imitation_67",
                "imitation_7",
                "family_life",
            }
        ),
        options=frozenset({"growth", "dwelling"}),
    ),
    "village": TitleZombie(),
}


def candidates(rules: Any, moves: list[dict]) -> list[dict]:
    """``moves`` without those the title's zombie leaves alone (all of them when that would
    leave none, or for a title not listed)."""
    policy = ZOMBIES.get(str(getattr(rules, "name", "")))
    if policy is None:
        return moves
    kept = [m for m in moves if not policy.avoids(m)]
    return kept or moves
