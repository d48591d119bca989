"""The shape of a Caverna game's state as types (issue 35 item 4; ``state.py`` describes it in
words, digest sections there).

:class:`State` is the folded game, :class:`Home` one seat's home board, :class:`Space` an
action space, :class:`Pending` the decision a seat is asked (an action in progress, feeding,
breeding, the solo clearing). The keys every game has are required; those only some
decisions carry are not. The state stays a JSON-clean ``dict`` at run time (events fold into
it, the platform stores and redacts it); these types say what a reader may expect in it.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Dwarf(TypedDict):
    """A dwarf: its weapon strength and where it stands (a space id, "newborn" or None)."""

    weapon: int
    at: str | None


class Home(TypedDict):
    """One seat's home board (digest §2.1, §2.3; the grid is ``tables.GRID``)."""

    board: list[str | None]
    furn: dict[str, str]
    large: list[list[int]]
    stables: list[int]
    crops: dict[str, list[Any]]
    animals: dict[str, int]
    supply: dict[str, int]
    dwarfs: list[Dwarf]
    begging: int
    skip: str | None
    deliveries: dict[str, dict[str, int]]
    covered: list[str]
    extension_both: bool


class Space(TypedDict):
    """An action space: its accumulated goods and who stands on it (digest §3.2)."""

    goods: dict[str, int]
    occupant: int | None
    dwarf: int | None
    target: str | None


class Pending(TypedDict, total=False):
    """The decision a seat is asked (``moves.py``, ``flow.py``): ``kind`` says which."""

    kind: str
    # an action in progress (``evolve._placed``)
    space: str
    option: Any
    target: str | None
    dwarf: int
    done: list[str]
    active: Any
    sown: list[Any]
    loot: list[Any]
    trades: int
    bought: list[str]
    gained: bool
    # feeding, breeding, the solo clearing
    need: int
    one_food: bool
    options: list[Any]
    spaces: list[str]
    kept: list[str]


class _StateBase(TypedDict):
    title: str
    variant: str
    players: list[str]
    solo: bool
    round: int
    phase: str
    start_player: int
    turn: int | None
    order: list[str]
    spaces: dict[str, Space]
    round_cards: dict[str, str]
    urgent: bool
    harvests: dict[str, str]
    reds: int
    harvest: str | None
    markers: list[str]
    tiles: list[str]
    homes: list[Home]
    pending: list[Pending | None]
    bank: dict[str, int]
    final: dict[str, Any] | None


class State(_StateBase, total=False):
    """A folded Caverna game (``state.py``)."""
