"""Agricola's solo series (digest §9.3, T-16, D-10, D-11): what the platform's series object
(``domain/platform/series.py``) asks of the title.

* Every game of the series is a solo full game (``variant: "full"``, 1 player).
* Targets: 50, 55, 59, 62, 64, 65, 66, 67 for games 1-8, then 68, 69, … (digest §9.3 item 5,
  D-11).
* After each game the player makes one occupation they **played** in it permanent (D-10: seeds
  [000] and [004]); at most 7 are permanent, then games go on with 7 permanent occupations and
  none in hand (D-11).
* The next game starts with the permanent occupations laid out "as if played in round 0"
  (digest §9.3 items 2 and 8, [000 L866, L962]), a hand of 7 - permanent occupations (item 4),
  and 1 food per 2 points by which the previous game beat its target (item 6, T-16).
"""

from __future__ import annotations

from domain.platform.series import SeriesResult, SeriesRules

from .extension import COMPOSED

#: Targets of games 1-8 (digest §9.3 item 5); from game 9 on, +1 per game (D-11).
TARGETS = (50, 55, 59, 62, 64, 65, 66, 67)
#: Permanent occupations at most: permanent + hand = 7 occupations (digest §9.3 item 4, D-11).
MAX_PERMANENT = 7


def target(number: int) -> int:
    """The score game ``number`` (from 1) must reach to be won (digest §9.3 item 5, T-16)."""
    if number <= len(TARGETS):
        return TARGETS[number - 1]
    return TARGETS[-1] + number - len(TARGETS)


def carried_food(score: int, goal: int) -> int:
    """1 food per 2 points above the target, rounded down (digest §9.3 item 6, T-16)."""
    return max(0, score - goal) // 2


class AgricolaSeries(SeriesRules):
    """The solo series of the 2007 edition (digest §9.3)."""

    variant = "full"
    max_permanent = MAX_PERMANENT
    noun = "occupation"
    rule = "digest §9.3 items 1, 3, 4; D-10, D-11"
    description = (
        "The solo series (digest §9.3): targets 50, 55, 59, 62, 64, 65, 66, 67, then "
        "+1 per game; after each game one occupation played in it becomes "
        "permanent; 1 food per 2 points above the previous target."
    )

    def target(self, number: int) -> int:
        return target(number)

    def check_options(self, options: dict) -> dict:
        """The options of the series' games: those of a solo full game, except the carried
        data (permanent occupations and food), which the series sets."""
        return dict(options)

    def result(self, state: dict) -> SeriesResult:
        farm = state["farms"][0]
        score = state["final"]["scores"][0] if state.get("final") else None
        permanent = set((state.get("series") or {}).get("permanent", []))
        played = [c for c in farm.get("occupations", []) if c not in permanent]
        return SeriesResult(score=score, playable=played)

    def carry(self, number: int, permanent: list[str], previous: dict | None) -> dict:
        """What game ``number`` starts with (digest §9.3 items 2, 4, 6)."""
        food = 0
        if previous is not None and previous.get("score") is not None:
            food = carried_food(previous["score"], previous["target"])
        return {"permanent": list(permanent), "food": food, "target": target(number)}

    def name_of(self, choice: str) -> str:
        card = COMPOSED.catalogue.get(choice)
        return f"{card['name']} ({choice})" if card else str(choice)


SERIES = AgricolaSeries()
