"""The state of a Village game: its JSON-clean shape and small readers over it (digest §10).

Shape (digest section in brackets)::

    {"title": "village", "variant": "standard"|"solo", "players": [names], "solo": bool,
     "pack": {"name", "hash", "edition", "values", "provisional"},   # the data pack (pack.py)
     "round": n, "phase": "setup"|"turns"|"mass_buy"|"mass_advance"|"finished",
     "first": seat, "ring": None|seat,                  # ring token: None = on the roof [§3.6]
     "turn": seat, "stage": "choose"|"act"|"done",      # the turn of ``turn`` [§3.3]
     "step": None|{"kind", ...},                        # the decision inside a turn
     "took": None|{"space", "colour"},                  # the cube taken this turn (Clara)
     "spaces": {space: [colours]}, "bag": {colour: n},  # cubes on the board, green bag [§3.2]
     "supply": {colour: n, "plague": n, "grain": n},    # general supply (cubes are limited)
     "black_bag": [figure], "church": {"1".."4": [figure]},   # [§4.7, §4.8]
     "market": {"stalls": [cid|None], "queue": [cid|None], "unseen": [cid]},  # [§4.4]
     "market_day": None|{"active", "cursor", "passed", "free", "sold"},
     "chronicle": [{"category", "mark", "by"}], "graves": [{"mark", "by"}],  # [§5.4]
     "dying": None|seat, "mass": None|{"cursor", "bought", "done"},
     "end": None|{"by", "queue", "free"}, "final": None|{"scores", "winners"},
     "seats": [player], "clara": None|{...}, "expansions": [names],
     "ring_coin": bool, "clara_sold": bool}             # solo: the ring as a coin; one customer

A player: ``{"time", "owed", "skipped", "pp", "coins", "grain", "cubes": {colour: n},
"goods": {good: n}, "customers": [cid], "discs": [city], "members": [{"gen", "at"}]}``.
A member's ``at`` is ``unborn``, ``farm``, ``bag``, ``yard:<building>``, ``council:<step>``,
``church:<step>``, ``city:<city>``, ``chronicle``, ``grave`` or ``removed`` (Clara's also
``near`` and ``reserve``). A figure (in the black bag, on a church step, in a chronicle slot) is
``"<seat>.<index>"``, ``"c.<index>"`` for Clara, or ``"monk"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .pack import COLOURS, GOODS, SPACES
from .statetypes import Member, Player

LIVING_ON_BOARD = ("yard:", "council:", "church:", "city:")
BUILDINGS = ("wainwright", "stables", "chancellery", "smithy")


def clone(state: dict) -> dict:
    """A deep copy of the state; the data pack (never changed) is shared, not copied."""
    return {k: v if k == "pack" else copy_tree(v) for k, v in state.items()}


_NESTED = (dict, list)


def copy_tree(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists and scalars, as the state is): what
    ``json.loads(json.dumps(value))`` gives for it, at half the cost."""
    kind = type(value)
    if kind is dict:
        return {k: copy_tree(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        return [copy_tree(v) if type(v) in _NESTED else v for v in value]
    return value


def _lists(value: dict) -> dict:
    return {k: list(v) for k, v in value.items()}


def _slots(value: list) -> list:
    return [dict(v) for v in value]


#: The copy of each part of the state a move may change in place, by its shape above (the
#: move builder copies on write, ``builder.py``); any other part goes through ``copy_tree``.
#: ``tests/village/test_copy_on_write.py`` holds them to ``copy_tree`` on played games.
COPIES: dict[str, Callable[[Any], Any]] = {
    "spaces": _lists,
    "church": _lists,
    "market": _lists,
    "supply": dict,
    "bag": dict,
    "black_bag": list,
    "chronicle": _slots,
    "graves": _slots,
}


def copy_part(key: str, value: Any) -> Any:
    """A copy of the state's part ``key`` that shares nothing that can change with it."""
    return COPIES.get(key, copy_tree)(value)


def copy_player(player: Player) -> Player:
    """A copy of a player that shares only its members' own entries (a move copies a member
    when it moves, ``builder.py``); its members list is its own."""
    out = player.copy()
    out["cubes"] = dict(player["cubes"])
    out["goods"] = dict(player["goods"])
    out["customers"] = list(player["customers"])
    out["discs"] = list(player["discs"])
    out["members"] = list(player["members"])
    return out


def data(state: dict) -> dict:
    """The data pack's numbers this game was set up with."""
    return state["pack"]["values"]


def card(state: dict) -> dict:
    """The setup card in use: the 2-player card in solo (digest §7.1.2)."""
    return data(state)["setup"][str(max(2, len(state["players"])))]


def new_player(pack: dict) -> Player:
    members: list[Member] = [
        {"gen": int(g), "at": "farm" if g == "1" else "unborn"}
        for g, k in sorted(pack["family"]["members"].items())
        for _ in range(k)
    ]
    return {
        "time": 0,
        "owed": 0,
        "skipped": 0,
        "pp": 0,
        "coins": pack["start"]["coins"],
        "grain": 0,
        "cubes": dict.fromkeys(COLOURS, 0),
        "goods": dict.fromkeys(GOODS, 0),
        "customers": [],
        "discs": [],
        "members": members,
    }


def name(state: dict, seat: int | str) -> str:
    if seat == "c":
        return "Clara"
    try:
        return state["players"][seat]
    except (IndexError, TypeError):
        return f"seat {seat}"


def seat_count(state: dict) -> int:
    return len(state["players"])


def next_seat(state: dict, seat: int) -> int:
    return (seat + 1) % seat_count(state)


def order_from(state: dict, seat: int) -> list[int]:
    """Every seat clockwise, starting with ``seat``."""
    n = seat_count(state)
    return [(seat + k) % n for k in range(n)]


# -- members ---------------------------------------------------------------------------------


def owner_of(figure: str) -> Any:
    head = figure.split(".")[0]
    return head if head == "c" else int(head)


def member_of(state: dict, figure: str) -> dict:
    who, index = figure.split(".")
    people = state["clara"]["members"] if who == "c" else state["seats"][int(who)]["members"]
    return people[int(index)]


def first_at(player: Player, where: str, gen: int) -> int | None:
    """The index of a member of generation ``gen`` at ``where`` (they are interchangeable)."""
    for i, m in enumerate(player["members"]):
        if m["at"] == where and m["gen"] == gen:
            return i
    return None


def gens_at(player: Player, where: str) -> list[int]:
    """The distinct generations at ``where``, lowest first."""
    return sorted({m["gen"] for m in player["members"] if m["at"] == where})


def places(player: Player, prefix: str | tuple[str, ...]) -> list[str]:
    """Every distinct location starting with ``prefix`` that holds a member."""
    return sorted({m["at"] for m in player["members"] if m["at"].startswith(prefix)})


def living(player: Player) -> int:
    """Members on the farmyard, on the board or in the black bag (digest G-30)."""
    return sum(
        1
        for m in player["members"]
        if m["at"] in ("farm", "bag") or m["at"].startswith(LIVING_ON_BOARD)
    )


# -- the board -------------------------------------------------------------------------------


def cubes_on_board(state: dict) -> int:
    return sum(map(len, state["spaces"].values()))


def covered(mark: Any, players: int) -> bool:
    """Is a slot with ``mark`` covered by an unused colour with ``players`` (digest §2.1.7)?"""
    low = {None: 1, "3-5": 3, "4-5": 4, "5": 5}[mark]
    return max(2, players) < low


def can_pay(player: Player, cubes: dict, coins: int) -> bool:
    """Can the player pay ``cubes`` using exactly ``coins`` coins in place of some of them?"""
    need = sum(cubes.values())
    if coins > player["coins"] or coins > need:
        return False
    short = sum(max(0, k - player["cubes"][c]) for c, k in cubes.items())
    return short <= coins


def coin_options(player: Player, cubes: dict) -> list[int]:
    """Every number of coins that can pay part of ``cubes`` (L619): those ``can_pay`` allows,
    from the cubes the player is short of up to the coins held, at most one per cube."""
    held = player["cubes"]
    need = short = 0
    for colour, k in cubes.items():
        need += k
        if k > held[colour]:
            short += k - held[colour]
    return list(range(short, min(need, player["coins"]) + 1))


def split_payment(player: Player, cubes: dict, coins: int) -> dict:
    """Which cubes are paid when ``coins`` coins stand in: coins cover the colours held least."""
    paid = dict(cubes)
    left = coins
    for colour in sorted(paid, key=lambda c: player["cubes"][c] - paid[c]):
        use = min(left, paid[colour])
        paid[colour] -= use
        left -= use
    return {c: k for c, k in paid.items() if k}


__all__ = ["SPACES", "COLOURS", "GOODS", "BUILDINGS"]


def figure_index(player: Player, where: str, gen: int) -> int:
    index = first_at(player, where, gen)
    if index is None:
        raise LookupError(f"no member of generation {gen} at {where}")
    return index
