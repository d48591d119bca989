"""The shape of an Agricola game's state as types (issue 35 item 5; ``state.py`` describes it in
words, digest sections there).

:class:`State` is the folded game, :class:`Farm` one seat's farm, :class:`Space` an action
space, :class:`Pending` the step a seat is asked (``steps.py`` lists the kinds). The keys every
game has are required; those only a full game, a card or a variant adds are not. The state
stays a JSON-clean ``dict`` at run time (events fold into it, the platform stores and redacts
it); these types say what a reader may expect in it.
"""

from __future__ import annotations

from typing import Any, TypedDict


class _SpaceBase(TypedDict):
    id: str
    name: str
    goods: dict[str, int]
    occupant: int | None
    newborn: bool


class Space(_SpaceBase, total=False):
    """An action space: its accumulated goods and who stands on it (digest §3.2)."""

    owner: int  # a space a card put on the board (Master Forester E164)
    early: int  # a round card turned over early for one seat (Chamberlain I238)


class _FarmBase(TypedDict):
    house: str
    rooms: list[int]
    fields: list[dict[str, Any]]
    stables: list[int]
    fences: list[Any]
    pastures: list[list[int]]
    animals: dict[str, int]
    unhoused: dict[str, int]
    supply: dict[str, int]
    family: int
    newborns: int
    home: int
    begging: int
    majors: list[str]
    workshops_used: list[str]


class Farm(_FarmBase, total=False):
    """One seat's farm (digest §1.3, §5); a full game's farm also holds its cards (§10)."""

    occupations: list[str]
    minors: list[str]
    cards: list[str]  # played, in order
    card_state: dict[str, Any]
    card_set: int
    card_fields: list[dict[str, Any]]
    held: dict[str, dict[str, int]]
    schedule: dict[str, dict[str, int]]
    harvest_fresh: Any


#: The step a seat is asked (``steps.py``; digest §4.1), and what card steps add to it
#: (``cards/``). Written as a call: one key, a person's source square, is ``from``.
Pending = TypedDict(
    "Pending",
    {
        "kind": str,
        "space": "str | None",
        "done": list[str],
        "options": list[Any],
        "region": list[int],
        "baked": list[str],
        "card": str,
        "deck": str,
        "need": Any,
        "card_ploughs": Any,
        "card_fences": Any,
        "free_fences": Any,
        "mandatory": Any,
        "queue": list[Any],
        "resume": Any,
        "next": Any,
        "cards": list[str],
        "crops": Any,
        "good": str,
        "onto": Any,
        "clears": Any,
        "owner": int,
        "from": Any,
    },
    total=False,
)


class Hand(TypedDict, total=False):
    """A seat's private hand in a full game (digest §10.4)."""

    occupations: list[str]
    minors: list[str]
    packets: dict[str, list[str]]
    marked: list[str]
    discarded: list[str]
    draw: str


class _StateBase(TypedDict):
    title: str
    variant: str
    players: list[str]
    solo: bool
    round: int
    stage: int
    phase: str
    start_player: int
    turn: int | None
    space_order: list[str]
    spaces: dict[str, Space]
    round_cards: list[str]
    round_food: list[list[int]]
    majors: dict[str, int | None]
    farms: list[Farm]
    pending: list[Pending | None]
    feeding: dict[str, int]
    bank: dict[str, int]
    final: dict[str, Any] | None
    before_breeding_window: bool


class State(_StateBase, total=False):
    """A folded Agricola game (``state.py``)."""

    cards: dict[str, Any]  # a full game: decks, dealing, exchange, card_set
    hands: dict[str, dict[str, Hand]]  # {"_private": {seat: hand}}
    round_order: list[str]
    series: dict[str, Any]
    reactions: dict[str, list[int]]
    work_end: dict[str, Any]
