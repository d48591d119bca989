"""Time, death and where the dead go (digest §5, §6.1): the oldest visible member dies each time
the time marker passes the quill; his place decides his chronicle category; a full category
sends him to a grave; the last free slot or grave ends the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .statetypes import Player

if TYPE_CHECKING:
    from .builder import Builder

from .expansions import death_place, end_places
from .state import figure_index, member_of

CATEGORY = {
    "yard": "craftsmen",
    "church": "clergy",
    "city": "travellers",
    "farm": "farmers",
    "council": "councillors",
}
#: Clara's dead by the space her cube came from (L875; Market always to a grave).
CLARA_CATEGORY = {
    "crafts": "craftsmen",
    "church": "clergy",
    "travel": "travellers",
    "council": "councillors",
    "harvest": "farmers",
    "family": "farmers",
    "market": None,
}


#: Where a member is visible, so may die (L639-641): the farmyard and the board's places.
VISIBLE_KINDS = frozenset({"farm", "yard", "church", "city", "council"})


def candidates(player: Player) -> list[dict]:
    """The distinct (place, generation) choices among the lowest-numbered visible members
    (L637-641, G-22)."""
    visible = [m for m in player["members"] if m["at"].split(":")[0] in VISIBLE_KINDS]
    if not visible:
        return []
    low = min(m["gen"] for m in visible)
    return [
        {"type": "die", "at": where, "gen": low}
        for where in sorted({m["at"] for m in visible if m["gen"] == low})
    ]


def settle(b: Builder, seat: int) -> bool:
    """Resolve the deaths ``seat`` owes; False when the seat must choose who dies."""
    while b.player(seat)["owed"] > 0:
        options = candidates(b.player(seat))
        if not options:
            b.emit("DeathSkipped", {}, seat)  # G-03: nobody visible
        elif len(options) == 1:
            die(b, seat, options[0])
        else:
            b.flow(dying=seat)
            return False
    if b.state["dying"] == seat:
        b.flow(dying=None)
    return True


def die(b: Builder, seat: int, move: dict) -> None:
    player = b.player(seat)
    index = figure_index(player, move["at"], move["gen"])
    kind, _, arg = move["at"].partition(":")
    category = death_place(b.state, arg) or CATEGORY[kind]
    bury(b, seat, f"{seat}.{index}", move["at"], None if category == "graves" else category)


def bury(
    b: Builder, seat: int | None, figure: str, where: str, category: str | None, owed: bool = True
) -> None:
    """Lay a dead figure in the first free slot of ``category``, else a grave, else (only
    possible once the end is triggered) out of the game (L645-675, L715)."""
    state = b.state
    slots = [
        i for i, s in enumerate(state["chronicle"]) if s["by"] is None and s["category"] == category
    ]
    graves = [i for i, g in enumerate(state["graves"]) if g["by"] is None]
    if slots:
        to, slot = "chronicle", slots[0]
    elif graves:
        to, slot = "grave", graves[0]
    else:
        to, slot = "removed", None
    b.emit(
        "MemberDied",
        {
            "figure": figure,
            "gen": member_of(state, figure)["gen"],
            "at": where,
            "to": to,
            "slot": slot,
            "category": category if to == "chronicle" else None,
            "owed": owed,
        },
        seat,
    )
    if (
        to != "removed"
        and b.state["end"] is None
        and any(
            not any(s["by"] is None for s in b.state.get(place, [{"by": None}]))
            for place in end_places(b.state)
        )
    ):
        day = b.state["market_day"]
        b.flow(
            end={
                "by": "c" if seat is None else seat,
                "queue": None,
                "starter": day["active"] if day else None,
            }
        )
        b.emit("GameEndTriggered", {"place": "chronicle" if to == "chronicle" else "graves"}, seat)
