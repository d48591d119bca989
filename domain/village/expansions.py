"""Extension points for the Big Box expansions the seed names but does not contain (digest §7.2-
§7.4, issue 12 deliverable 4). Each expansion will be a module plus a data pack; until its
rulebook is available it is listed here as ``blocked`` and cannot be chosen. What the seed does
say is kept as data: the extra cube space Clara may take from, where its dead go, an extra end
trigger, and the solo title shift."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Expansion:
    """What an expansion adds to the base engine (digest §7.6)."""

    name: str
    spaces: tuple[str, ...]
    #: Where a member dies at one of its spaces goes: a chronicle category or "graves".
    deaths: dict[str, str] = field(default_factory=dict)
    #: Extra places whose filling ends the game (e.g. the Port's sailors' graves).
    end_places: tuple[str, ...] = ()
    title_shift: int = 0
    status: str = "blocked: the seed names it but does not contain its rules"


EXPANSIONS = {
    "inn": Expansion("Inn", ("inn",), {"inn": "graves"}, (), 10),  # L949, L961
    "port": Expansion(
        "Port", ("sea_travel",), {"sea_travel": "travellers|sailors_graves"}, ("sailors_graves",), 5
    ),  # L951, L962
    "wedding": Expansion(
        "Wedding", ("wedding", "smuggler"), {"wedding": "farmers", "smuggler": "graves"}, (), 15
    ),  # L956, L963
}


def title_shift(expansions: Any) -> int:
    """The solo title ranges move up by the sum of the played expansions' shifts (L959-965)."""
    return sum(EXPANSIONS[e].title_shift for e in expansions)


def death_place(state: dict, space: str) -> str | None:
    """Where a member dying at an expansion's ``space`` goes: a chronicle category, "graves",
    or None when no played expansion says (the base rules decide)."""
    for name in state.get("expansions", []):
        if space in EXPANSIONS[name].deaths:
            return EXPANSIONS[name].deaths[space]
    return None


def end_places(state: dict) -> tuple[str, ...]:
    """The places whose last free slot ends the game: the chronicle, the graves, and those the
    played expansions add (the Port's sailors' graves, L951)."""
    extra = tuple(p for name in state.get("expansions", []) for p in EXPANSIONS[name].end_places)
    return ("chronicle", "graves") + extra
