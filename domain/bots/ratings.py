"""The bots' fixed published ratings, per title, variant, bot and level (issue 33).

A player measures themself against bots whose ratings never move: a rated game with a bot
updates the player's rating as a game against a player of this rating and deviation, and the
bot's own stays as published here.

**Where the numbers come from.** :data:`MEASURED` holds head-to-head results measured by the
arena (``bench/STRENGTH.md``, two players, seats alternated): for each title and variant, the
share of games one bot won against another and over how many games. A rating difference is the
inversion of the expected score of Elo and Glicko (with a fixed opponent, Glicko-2's
``g(RD)`` is close to 1)::

    E = 1 / (1 + 10 ** (-D / 400))   so   D = 400 * log10(p / (1 - p))

with ``p`` the share corrected by half a game each way, ``(wins + 0.5) / (games + 1)``, so a
clean sweep (1.000) gives a finite, cautious difference instead of an infinite one. The scale
is **anchored at greedy level 2 = 1500**, the rating every new player starts at: a newcomer is
assumed as strong as the default bot until games say otherwise. The deviation published with
each rating is the standard error of ``D`` (delta method: ``400 / ln 10 / sqrt(n p (1 - p))``)
added in quadrature along the chain from the anchor, at least :data:`MIN_RD`.

Levels and variants without a measurement of their own **borrow** the nearest measured one of
the same bot and title (search level 2 borrows level 1, a variant borrows the title's measured
variant) and say so (``measured`` is false, ``source`` names what was borrowed); they are
published so a rated table may seat them, and are replaced when the arena measures them.

Issue 37 re-derives these numbers from new arena runs: edit :data:`MEASURED` (and only it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from domain.common.i18n import gettext, language, pgettext

from . import LEVELS

#: the anchor: this bot and level is 1500 in every title and variant
ANCHOR = ("greedy", 2)
ANCHOR_RATING = 1500.0
MIN_RD = 30.0

#: (title, variant) -> {(bot, level): ((opponent bot, level), share won, games)}, from
#: bench/STRENGTH.md. random: "greedy (level 2) against random (level 1)" (two players, 200
#: games each; greedy and random are unchanged since). search levels 0-2: the issue 37 runs
#: (two players, seats alternated, CPU-second budgets, seeds 7001 on); the search changed in
#: issue 37, so issue 25's measurement of level 1 no longer applies. Few games give wide
#: deviations: the published ``rd`` says so.
MEASURED: dict[tuple[str, str], dict[tuple[str, int], tuple[tuple[str, int], float, int]]] = {
    ("agricola", "family"): {
        ("random", 1): (("greedy", 2), 1 - 0.988, 200),
        ("search", 0): (("greedy", 2), 0.067, 30),
        ("search", 1): (("greedy", 2), 0.667, 6),
        ("search", 2): (("greedy", 2), 1.000, 2),
    },
    ("caverna", "standard"): {
        ("random", 1): (("greedy", 2), 1 - 1.000, 200),
        ("search", 0): (("greedy", 2), 0.000, 30),
        ("search", 1): (("greedy", 2), 0.833, 6),
        ("search", 2): (("greedy", 2), 0.500, 2),
    },
    ("village", "standard"): {
        ("random", 1): (("greedy", 2), 1 - 0.907, 200),
        ("search", 0): (("greedy", 2), 0.150, 30),
        ("search", 1): (("greedy", 2), 1.000, 6),
    },
}
#: a level without a measurement borrows this one of the same bot
BORROW_LEVEL = {("greedy", 1): 2, ("search", 2): 1, ("search", 3): 2}


@dataclass(frozen=True)
class BotRating:
    """A bot's published rating: ``rating`` and ``rd`` on the Glicko scale, whether it was
    ``measured`` for exactly this title, variant and level, and ``source`` in words."""

    rating: float
    rd: float
    measured: bool
    source: str

    def as_dict(self) -> dict:
        return {
            "rating": round(self.rating),
            "rd": round(self.rd),
            "measured": self.measured,
            "source": self.source,
        }


def difference(share: float, games: int) -> tuple[float, float]:
    """``(D, its standard error)``: the rating difference a head-to-head ``share`` over
    ``games`` games implies, corrected by half a game each way."""
    p = (share * games + 0.5) / (games + 1)
    d = 400.0 * math.log10(p / (1.0 - p))
    se = 400.0 / math.log(10.0) / math.sqrt(games * p * (1.0 - p))
    return d, se


def _measured(table: dict, bot: tuple[str, int], depth: int = 0) -> tuple[float, float] | None:
    """(rating, variance) of ``bot`` by the chain of measurements from the anchor."""
    if bot == ANCHOR:
        return ANCHOR_RATING, 0.0
    if bot not in table or depth > 4:
        return None
    opponent, share, games = table[bot]
    base = _measured(table, opponent, depth + 1)
    if base is None:
        return None
    d, se = difference(share, games)
    return base[0] + d, base[1] + se * se


def _variant_table(title: str, variant: str) -> tuple[dict, bool, str]:
    """The measurements for ``title``/``variant``, or those of the title's measured variant."""
    if (title, variant) in MEASURED:
        return MEASURED[(title, variant)], True, f"{title} {variant}"
    for (t, v), table in MEASURED.items():
        if t == title:
            return table, False, f"{title} {v}"
    return {}, False, ""


def _where_words(title: str, where: str) -> str:
    """ "agricola family" in the reader's words ("Агрикола, семейная игра")."""
    if language() == "en":
        return where
    variant = where[len(title) + 1 :]
    return gettext("{title}, {variant}").format(
        title=pgettext("title", title.capitalize()), variant=pgettext("variant", variant)
    )


def bot_rating(title: str, variant: str, bot: str, level: int) -> BotRating | None:
    """The published rating of ``bot`` at ``level`` in ``title``/``variant`` (None: no
    measurement of the title at all, so the bot cannot sit at a rated table)."""
    table, exact, where = _variant_table(title, variant)
    if not where:
        return None
    wanted = (bot, int(level))
    found = _measured(table, wanted)
    borrowed = None
    step = wanted
    while found is None and step in BORROW_LEVEL:  # level 3 -> 2 -> 1, the nearest measured
        borrowed = step = (bot, BORROW_LEVEL[step])
        found = _measured(table, borrowed)
    if found is None:
        return None
    rating, variance = found
    where_words = _where_words(title, where)
    source = gettext("measured in {where}").format(where=where_words)
    if borrowed is not None:
        source = gettext("level {level}'s rating, {source}").format(
            level=borrowed[1], source=source
        )
    if wanted == ANCHOR:
        source = gettext("the anchor of the scale ({where})").format(where=where_words)
    return BotRating(
        rating=rating,
        rd=max(MIN_RD, math.sqrt(variance)),
        measured=exact and borrowed is None,
        source=source,
    )


def published(title: str, variant: str) -> list[dict]:
    """Every bot and level with its rating for the leaderboard page, strongest first."""
    out = []
    for bot, levels in LEVELS.items():
        for level in levels:
            found = bot_rating(title, variant, bot, level)
            if found is not None:
                out.append({"bot": bot, "level": level, **found.as_dict()})
    return sorted(out, key=lambda r: -r["rating"])
