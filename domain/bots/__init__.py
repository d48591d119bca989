"""Bots that take a seat (issue 25 item 5), for every title, through the title protocol alone.

A seat is a bot when the game's creator seated one (``{"bot": "search", "level": 2}`` in the
``players`` list), when a clock expired and the creator chose "the bot plays on", or when the
seat was dropped (the platform's ``zombie``, ``zombie.py``; never a creator's choice). The
platform records which seats are bots in the game's own events (``GameCreated.data["bots"]``,
``ClockExpired``, ``SeatReclaimed``); the rules never know.

:func:`bot_move` is the one entry point: given the rules, the seat's *view* of the game, the
seat, the bot and an rng derived from the game's seed, it returns a listed move. This package
names no title (a title may offer ``evaluate(state, seat) -> float`` to the greedy and search
bots; ``fork_view`` is how search samples what its seat cannot see).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from domain.common.errors import BadGameConfig
from domain.common.rng import Rng

from .players import choose_greedy, choose_random
from .search import BEGINNER_LEVEL, SEARCH_BUDGET, choose_search
from .zombie import choose_zombie

#: the levels each bot accepts, and its default level
LEVELS = {"random": (1,), "greedy": (1, 2), "search": (BEGINNER_LEVEL, *sorted(SEARCH_BUDGET))}
DEFAULT_LEVEL = {"random": 1, "greedy": 2, "search": 2}
KINDS = tuple(LEVELS)
#: every bot by name; ``zombie`` (a dropped seat's, ``zombie.py``) is never a creator's choice
CHOOSERS = {
    "random": choose_random,
    "greedy": choose_greedy,
    "search": choose_search,
    "zombie": choose_zombie,
}


@dataclass(frozen=True)
class BotSpec:
    """Which bot plays a seat, at which level."""

    bot: str
    level: int

    def as_dict(self) -> dict:
        return {"bot": self.bot, "level": self.level}

    @property
    def label(self) -> str:
        return f"{self.bot.capitalize()} bot (level {self.level})"


def check_bot(value: Any, option: str = "players") -> BotSpec:
    """A bot spec from ``{"bot": kind, "level": n}`` (level optional), or a ``bad_option`` error
    naming ``option``."""
    if not isinstance(value, dict) or not isinstance(value.get("bot"), str):
        raise _bad(option, 'a bot is given as {"bot": "random"|"greedy"|"search", "level": n}')
    kind = value["bot"]
    if kind not in LEVELS:
        raise _bad(option, f"there is no bot '{kind}'; the bots are {', '.join(KINDS)}")
    level = value.get("level", DEFAULT_LEVEL[kind])
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS[kind]:
        raise _bad(
            option, f"the {kind} bot's level must be one of {', '.join(map(str, LEVELS[kind]))}"
        )
    extra = set(value) - {"bot", "level", "name"}
    if extra:
        raise _bad(option, f"unknown field(s) {', '.join(sorted(extra))} in a bot seat")
    return BotSpec(kind, level)


def seat_players(players: list[Any]) -> tuple[list[str], dict[str, dict]]:
    """Player names and bot seats from the ``players`` of a create request: each entry is a
    name, ``{"name": ...}``, or ``{"bot": ..., "level": ..., "name"?: ...}``. Bots without a
    name are called by their bot ("Search bot", "Search bot 2", ...)."""
    names: list[str | None] = []
    bots: dict[str, dict] = {}
    for seat, entry in enumerate(players):
        if isinstance(entry, str):
            names.append(entry)
        elif isinstance(entry, dict) and "bot" in entry:
            spec = check_bot(entry, f"players[{seat}]")
            bots[str(seat)] = spec.as_dict()
            names.append(entry.get("name") if isinstance(entry.get("name"), str) else None)
        elif (
            isinstance(entry, dict)
            and isinstance(entry.get("name"), str)
            and set(entry) == {"name"}
        ):
            names.append(entry["name"])
        else:
            raise _bad(
                f"players[{seat}]", 'a seat is a name, {"name": ...} or {"bot": ..., "level": n}'
            )
    taken = {n for n in names if n is not None}
    for seat, name in enumerate(names):
        if name is None:
            base = f"{bots[str(seat)]['bot'].capitalize()} bot"
            name, i = base, 1
            while name in taken:
                i += 1
                name = f"{base} {i}"
            names[seat] = name
            taken.add(name)
    return [n for n in names if n is not None], bots


def bot_rng(seed: int, version: int, seat: int) -> Rng:
    """The rng of a bot deciding at ``version`` for ``seat``: a one-way hash of the game's
    seed, so its draws replay exactly and reveal nothing about the game's own draws."""
    digest = hashlib.sha256(f"chronicle-bot|{int(seed)}|{version}|{seat}".encode()).digest()
    return Rng(int.from_bytes(digest, "big"))


def bot_move(
    rules: Any, view: dict, seat: int, spec: BotSpec, rng: Rng, budget: float | None = None
) -> dict | None:
    """The move ``spec`` chooses for ``seat`` from ``view`` (None when nothing is listed)."""
    moves = rules.legal_moves(view, seat)
    if not moves:
        return None
    return CHOOSERS[spec.bot](rules, view, seat, moves, rng, spec.level, budget)


def _bad(option: str, reason: str) -> BadGameConfig:
    return BadGameConfig(
        "bad_option", title="Chronicle", variant="any title", option=option, reason=reason
    )
