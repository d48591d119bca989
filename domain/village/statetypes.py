"""The shape of a Village game's state as types (issue 35 item 4; ``state.py`` describes it in
words, digest sections there).

:class:`State` is the folded game, :class:`Player` one seat's player board, :class:`Member` a
family member, :class:`Step` the decision inside a turn. The keys every game has are required;
those only a solo game or a market day adds are not. The state stays a JSON-clean ``dict`` at
run time (events fold into it, the platform stores and redacts it; ``builder.py`` copies its
parts on write); these types say what a reader may expect in it.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Member(TypedDict):
    """A family member: its generation and where it is (``state.py`` lists the places)."""

    gen: int
    at: str


class Player(TypedDict):
    """One seat's player board (digest §10): time, goods, cubes, customers served, discs on
    the travel map and the family members."""

    time: int
    owed: int
    skipped: int
    pp: int
    coins: int
    grain: int
    cubes: dict[str, int]
    goods: dict[str, int]
    customers: list[str]
    discs: list[str]
    members: list[Member]


class Step(TypedDict, total=False):
    """The decision inside a turn (``state["step"]``): ``kind`` says which; the others are
    what that kind of step carries."""

    kind: str
    space: str
    seat: int
    n: int
    steps: Any
    distinct: Any


class Slot(TypedDict):
    """A chronicle slot (with its category) or a grave: its mark and who lies there ("cover"
    when the player count leaves it unused)."""

    mark: Any
    by: Any
    category: NotRequired[str]


class _StateBase(TypedDict):
    title: str
    variant: str
    players: list[str]
    solo: bool
    pack: dict[str, Any]
    options: dict[str, Any]
    expansions: list[str]
    round: int
    phase: str
    first: int
    ring: int | None
    turn: int
    stage: str
    step: Step | None
    took: dict[str, str] | None
    spaces: dict[str, list[str]]
    bag: dict[str, int]
    supply: dict[str, int]
    black_bag: list[str]
    church: dict[str, list[str]]
    market: dict[str, Any]
    market_day: dict[str, Any] | None
    dying: int | None
    mass: dict[str, Any] | None
    end: dict[str, Any] | None
    final: dict[str, Any] | None
    chronicle: list[Slot]
    graves: list[Slot]
    seats: list[Player]
    clara: dict[str, Any] | None


class State(_StateBase, total=False):
    """A folded Village game (``state.py``)."""

    ring_coin: bool
    clara_sold: bool
