"""What each value of a Village data pack is (issue 26): a description, where it is printed in
the box, the bound the seed gives (with its line) and a check of one typed value, so an owner of
the Big Box can type the real numbers (``chronicle village-pack new``) and a pack is refused,
value by value, where the seed contradicts it (``pack.load``).

The seed is ``shared/seeds/002_e59f3ae7c969a973.txt``; "L" numbers are its lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

GOODS_AND_GRAIN = ("scroll", "horse", "plough", "ox", "wagon", "grain")
COLOURS = ("brown", "pink", "orange", "green")
MARKS = (None, "3-5", "4-5", "5")


def _int(lo: int, hi: int | None = None) -> Callable:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return "must be a whole number"
        if value < lo or (hi is not None and value > hi):
            if hi == lo:
                return f"must be {lo}"
            return f"must be from {lo} to {hi}" if hi is not None else f"must be at least {lo}"
        return None

    return check


def _customer(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"needs", "pp"}:
        return 'must be {"needs": {good: count}, "pp": points}'
    needs = value["needs"]
    if (
        not isinstance(needs, dict)
        or not needs
        or any(g not in GOODS_AND_GRAIN or _int(1)(k) for g, k in needs.items())
    ):
        return "must ask for 1 or more of scroll, horse, plough, ox, wagon or grain"
    return _int(1)(value["pp"]) and "pp " + _int(1)(value["pp"])


def _marks(value: Any) -> str | None:
    if not isinstance(value, list) or not value or any(m not in MARKS for m in value):
        return 'must be a list of slot marks: null (open with 2 players), "3-5", "4-5" or "5"'
    if None not in value:
        return "must have a slot open with 2 players (a null mark)"
    return None


def _cubes(value: Any) -> str | None:
    if not isinstance(value, dict) or any(c not in COLOURS or _int(1)(k) for c, k in value.items()):
        return 'must be the road\'s extra cubes, e.g. {"brown": 2} or {} (none)'
    return None


def _json(value: Any) -> str | None:
    return None if value is not None else "must be given"


#: (key pattern, description, where it is printed in the box, the seed's bound, check).
FIELDS: tuple = (
    (
        r"supply\.cubes\.(\w+)",
        "Influence cubes of one colour in the box",
        "component list; count the cubes",
        "33 of each colour (seed L51-52)",
        _int(1),
    ),
    (
        r"supply\.plague",
        "Plague (black) cubes in the box",
        "component list",
        "6 (seed L55-60)",
        _int(1),
    ),
    (r"supply\.grain", "Grain sacks in the box", "component list", "25 (seed L66)", _int(1)),
    (r"supply\.monks", "Monks in the black bag", "component list", "4 (seed L24, L171)", _int(1)),
    (
        r"setup\.(\d)\.space_cubes\.market",
        "Cubes the setup card puts on the Market",
        "setup card for that player count, Market row",
        "exactly 1 with 2 players and solo (seed L885); 1 or more otherwise",
        _int(1),
    ),
    (
        r"setup\.(\d)\.space_cubes\.(\w+)",
        "Cubes the setup card puts on one action space",
        "setup card for that player count, the space's row",
        "at least 1; all spaces together divisible by the players (seed L695)",
        _int(1),
    ),
    (
        r"setup\.(\d)\.bag_add\.(\w+)",
        "Cubes of one colour the setup card adds to the green bag",
        "setup card for that player count, green-bag row",
        "more cubes go into the bag than are drawn (seed L236)",
        _int(0),
    ),
    (
        r"lifetrack\.spaces",
        "Spaces in one lap of the life-time track",
        "the farmyard board, top right (seed L123)",
        "at least 7: a plague cube passes the quill and 6 more time pass it no second time "
        "(seed L677-681)",
        _int(7),
    ),
    (r"start\.coins", "Coins each player starts with", "setup page", "1 (seed)", _int(0)),
    (r"start\.bonus\.(\w+)", "A starting bonus", "setup page", "seed L177-183", _int(0)),
    (
        r"family\.members",
        "Members of each generation per colour",
        "component list",
        "11 per colour (seed L127)",
        _json,
    ),
    (r"harvest\.(\w+)", "Grain harvest amounts", "the Grain harvest space", "seed L296-310", _json),
    (
        r"crafts\.(\w+)",
        "A workshop's good, training and making time and cube price",
        "the workshop on the Crafts quarter",
        "seed L354-410",
        _json,
    ),
    (
        r"market\.stalls\.2",
        "Stall (blue) slots open with 2 players and solo",
        "market: the blue slots without a 3-5 or 4-5 mark (seed L142)",
        "3 to 5: the solo example serves 3 customers from the stalls (seed L879-881)",
        _int(3, 5),
    ),
    (
        r"market\.stalls\.3",
        "Stall (blue) slots open with 3 players",
        "market: the blue slots without a 4-5 mark (seed L140)",
        "4 to 5: the 3-player market day serves 3 customers and leaves a fourth (seed L436-458, "
        "L446)",
        _int(4, 5),
    ),
    (
        r"market\.stalls\.[45]",
        "Stall (blue) slots open with 4 or 5 players",
        "market: every slot is filled (seed L137)",
        "5: all 10 slots, 5 blue (seed L137, L422-424)",
        _int(5, 5),
    ),
    (
        r"market\.queue",
        "Queue (brown) slots",
        "market: the brown slots",
        "5 (seed L424)",
        _int(5, 5),
    ),
    (
        r"market\.sale",
        "Price of a sale after the first",
        "Market space",
        "1 green and 1 time (seed L428)",
        _json,
    ),
    (
        r"customers\.(.+)",
        "One customer tile: the goods or grain it wants and its prestige points",
        "the customer tile's face",
        "24 tiles (seed L72); frag-1 wants a horse and a "
        "plough for 6 (L438), frag-2 3 grain (L440), frag-3 a scroll and grain (L444), frag-4 a "
        "horse (L446)",
        _customer,
    ),
    (
        r"travel\.road",
        "Time and wagons every road costs",
        "travel map",
        "2 time and 1 wagon (seed L508)",
        _json,
    ),
    (
        r"travel\.exits",
        "The two cities next to the village",
        "travel map",
        "exactly 2 (seed L506)",
        _json,
    ),
    (
        r"travel\.cities\.(\w+)",
        "A city's reward: pp3, cubes2 or coin1",
        "travel map, the city",
        "one of 3 PP, 2 cubes of choice, 1 coin (seed L528)",
        lambda v: None if v in ("pp3", "cubes2", "coin1") else "must be pp3, cubes2 or coin1",
    ),
    (
        r"travel\.roads\.(.+)",
        "A road's extra cubes",
        "travel map, the road",
        "the roads out of the village cost 2 brown or 2 pink (seed L512; S1)",
        _cubes,
    ),
    (r"travel\.discs", "Travel discs per player", "component list", "6 (seed L42)", _int(1)),
    (
        r"council\.time\.(\d)",
        "Time a council step costs on arrival",
        "council chamber, the step",
        "2 or 3 (seed L470)",
        lambda v: None if v in (2, 3) else "must be 2 or 3",
    ),
    (r"council\.(\w+)", "Council chamber costs", "council chamber", "seed L466-492", _json),
    (
        r"church\.grain\.2",
        "Grain to move up onto church step 2",
        "church, between the windows",
        "1 (seed L591-597)",
        _int(1, 1),
    ),
    (
        r"church\.grain\.3",
        "Grain to move up onto church step 3",
        "church, between the windows",
        "2 (seed L591-597)",
        _int(2, 2),
    ),
    (
        r"church\.grain\.4",
        "Grain to move up onto church step 4",
        "church, between the windows",
        "4 or 2: Helga pays 4 to reach step 4 (seed L597)",
        lambda v: None if v in (2, 4) else "must be 4 or 2",
    ),
    (r"church\.(\w+)", "Church costs and the mass", "church", "seed L560-600", _json),
    (
        r"chronicle\.ring_slots",
        "Chronicle slots marked with the rings",
        "village chronicle",
        "2 (seed L161)",
        _int(0),
    ),
    (
        r"chronicle\.(\w+)",
        "One chronicle category's slots, by their marks",
        "village chronicle, the category's row (seed L150-161)",
        "slot marks 3-5, 4-5, 5; one open with 2 players",
        _marks,
    ),
    (
        r"graves",
        "The anonymous graves, by their marks",
        "the graveyard by the church",
        "slot marks 3-5, 4-5, 5; one open with 2 players",
        _marks,
    ),
    (r"scoring\.(\w+)", "An end-scoring table", "the scoring page", "seed L727-770", _json),
    (r"clara\.(\w+)", "Clara's board", "Clara's board (solo)", "seed L830-897", _json),
    (r"solo\.(\w+)", "Solo titles", "solo page", "seed L939-965", _json),
)


def field(key: str) -> dict:
    """``{"description", "printed", "bound", "check"}`` of a pack key."""
    for pattern, description, printed, bound, check in FIELDS:
        if re.fullmatch(pattern, key):
            return {"description": description, "printed": printed, "bound": bound, "check": check}
    return {
        "description": "a component value",
        "printed": "the box",
        "bound": "none known",
        "check": _json,
    }


def check_value(key: str, value: Any) -> str | None:
    """A sentence naming the value, the bound and the seed line, or None when it passes."""
    info = field(key)
    problem = info["check"](value)
    if problem:
        return f"value '{key}' is {value!r}; it {problem} (bound: {info['bound']})"
    return None
