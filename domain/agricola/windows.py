"""The windows the Agricola rules open to the cards, each a typed object (issue 35 item 1;
digest §10.1, §10.2).

A window is one declaration here: its name, the shape of what binds to it (a list of hooks run
in order, hooks keyed by a kind, one hook, or plain data) and, for hooks, the hook's signature
as a :class:`typing.Protocol`. The base rules read the hooks bound to a window from the game's
:class:`~domain.agricola.extension.Extension`; a card module binds them through
:class:`~domain.agricola.abilities.CardModule`, and :func:`check_binding` refuses at
composition (never at play time) a window that does not exist or a hook whose signature does not
fit the window's Protocol, with a sentence naming the card module and the window.

``b`` is the move's :class:`~domain.agricola.builder.Builder`, ``state`` the game's state,
``farm`` one seat's farm (``state["farms"][seat]``), ``rng`` the game's seeded random source.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .statetypes import Farm

Shape = Literal["hooks", "keyed", "one", "data"]


# -- the hook signatures -------------------------------------------------------------------------
class RoundStart(Protocol):
    """``round_start``: phase 1 of round ``round_no`` (digest §3.2)."""

    def __call__(self, b: Any, round_no: int, /) -> None: ...


class RoundDraw(Protocol):
    """``round_draws``: what a card draws at random when a round starts (K304's bag)."""

    def __call__(self, b: Any, rng: Any, round_no: int, /) -> None: ...


class Draw(Protocol):
    """``draw``: a draw a move asked for, made with the game's seed after the move."""

    def __call__(self, b: Any, rng: Any, /) -> None: ...


class DealStep(Protocol):
    """``deal_step``: the dealing variants' automatic step; True while seats still choose."""

    def __call__(self, b: Any, rng: Any, /) -> bool: ...


class DealCards(Protocol):
    """``deal``: deal the hands of a new full game (digest §2.1 item 5, §10.4)."""

    def __call__(self, b: Any, rng: Any, cards: dict, /) -> None: ...


class LayPermanent(Protocol):
    """``lay_permanent``: a series game's permanent occupations, as if played in round 0."""

    def __call__(self, b: Any, seat: int, cards: list[str], /) -> None: ...


class PlaceCheck(Protocol):
    """``place_checks[kind]``, ``occupied_ok``, ``place_problems``: a placement on a space."""

    def __call__(self, state: dict, seat: int, space_id: str, move: dict, /) -> Any: ...


class PlaceApply(Protocol):
    """``place_apply[kind]``: the action of a card space's kind."""

    def __call__(self, b: Any, seat: int, space_id: str, move: dict, /) -> None: ...


class SpaceHook(Protocol):
    """``place_limits`` (a reason or None), ``place_gains`` (goods or None)."""

    def __call__(self, state: dict, seat: int, space_id: str, /) -> Any: ...


class AfterPlace(Protocol):
    """``after_place``: after a person is placed, with the goods the seat had before."""

    def __call__(self, b: Any, seat: int, move: dict, before: dict, /) -> None: ...


class SeatQuery(Protocol):
    """A question about one seat: ``optional_left``, ``extra_steps``, ``anytime_candidates``,
    ``work_end``, ``harvest_skipped``, ``feed_waits``, ``card_bonus``."""

    def __call__(self, state: dict, seat: int, /) -> Any: ...


class StepCandidates(Protocol):
    """``step_candidates``: the moves of a card step of ``kind``."""

    def __call__(self, state: dict, seat: int, kind: str, /) -> list[dict]: ...


class AfterMove(Protocol):
    """``after_move``: after any move, with the events it caused."""

    def __call__(self, b: Any, seat: int, events: list, /) -> None: ...


class FarmQuery(Protocol):
    """A question about one farm: ``growth_without_room``, ``fences_reserved``,
    ``fields_kept``, ``conversions``, ``feeding_choices``, ``outside_rooms``, ``card_points``."""

    def __call__(self, farm: Farm, /) -> Any: ...


class FarmValue(Protocol):
    """A farm's value as its cards change it: ``costs``, ``housing``, ``housing_choices``,
    ``newborns``, ``fence_capacity``, ``stable_price``, ``stable_choices``, the room and
    renovation ``alternatives``, ``fence_credit`` (with the pending step)."""

    def __call__(self, farm: Farm, value: Any, /) -> Any: ...


class FarmPrice(Protocol):
    """``fence_price``, ``fence_choices``: wood for ``needed`` new fences."""

    def __call__(self, farm: Farm, needed: int, wood: int, /) -> Any: ...


class ImprovementAlternatives(Protocol):
    """``alternatives["improvement"]``: other ways to pay for an improvement."""

    def __call__(self, farm: Farm, improvement: str, costs: list[dict], /) -> list[dict]: ...


class FieldPhase(Protocol):
    """``field_phase``: the harvest's field phase (digest §6.1)."""

    def __call__(self, b: Any, /) -> None: ...


class Feeding(Protocol):
    """``feeding``: the food a farm needs, as its cards change it (digest §6.2)."""

    def __call__(self, state: dict, farm: Farm, need: int, /) -> int: ...


class CardLabel(Protocol):
    """``card_label``: how a label names a card."""

    def __call__(self, card: str, /) -> str: ...


class MoveCheck(Protocol):
    """A card move's check: raises a domain error when the move is not allowed."""

    def __call__(self, state: dict, seat: int, move: dict, /) -> Any: ...


class MoveApply(Protocol):
    """A card move's effect: emits its events on ``b``."""

    def __call__(self, b: Any, seat: int, move: dict, /) -> Any: ...


@dataclass(frozen=True)
class Window:
    """One window: where it opens (``doc``), what binds to it (``shape``) and, for hooks,
    their signature (``protocol``); ``keys``: the keys of a keyed window, when fixed."""

    name: str
    shape: Shape
    protocol: type | None
    doc: str
    keys: tuple[str, ...] = ()


def _w(name: str, shape: Shape, protocol: type | None, doc: str, keys: Any = ()) -> Window:
    return Window(name, shape, protocol, doc, tuple(keys))


#: Every window, in the order of a round (digest §3.2).
WINDOWS: dict[str, Window] = {
    w.name: w
    for w in (
        _w("effects", "data", None, "card id -> effect (engine.entry)"),
        _w("action_spaces", "data", None, "rows of the spaces cards put on the board"),
        # round start
        _w("round_start", "hooks", RoundStart, "phase 1 of a round"),
        _w("round_draws", "hooks", RoundDraw, "random draws at a round's start"),
        _w("draw", "hooks", Draw, "draws a move asked for"),
        _w("deal", "one", DealCards, "the hands of a new full game"),
        _w("lay_permanent", "one", LayPermanent, "a series game's permanent occupations"),
        _w("deal_step", "one", DealStep, "the dealing variants' automatic step"),
        # placement
        _w("place_checks", "keyed", PlaceCheck, "a card space kind's check"),
        _w("place_apply", "keyed", PlaceApply, "a card space kind's action"),
        _w("place_options", "data", None, "the options a space kind takes"),
        _w("place_variants", "data", None, "the variants a space kind offers"),
        _w("renovating", "data", None, "space kinds that renovate"),
        _w("occupied_ok", "hooks", PlaceCheck, "a taken space a card lets the seat use"),
        _w("place_limits", "hooks", SpaceHook, "why a card keeps the seat off a space"),
        _w("place_problems", "hooks", PlaceCheck, "conditions a card sets on a space"),
        _w("growth_without_room", "hooks", FarmQuery, "family growth without room"),
        _w("place_gains", "hooks", SpaceHook, "goods a card gives before a space's action"),
        # action
        _w("after_place", "hooks", AfterPlace, "after a person is placed"),
        _w("step_kinds", "data", None, "move type -> step kinds it answers"),
        _w("work_kinds", "data", None, "step kinds that are work"),
        _w("mandatory_parts", "data", None, "step kind -> parts that must be done"),
        _w("mandatory_text", "data", None, "step kind -> why it must be answered"),
        _w("optional_left", "keyed", SeatQuery, "whether an optional step offers more"),
        _w("extra_steps", "hooks", SeatQuery, "steps a card keeps open"),
        _w("step_candidates", "hooks", StepCandidates, "the moves of a card step"),
        _w("anytime_candidates", "hooks", SeatQuery, "moves a seat may make at any time"),
        _w("handlers", "keyed", None, "move type -> (check, apply)"),
        _w("move_shapes", "keyed", None, "move type -> (required, optional) fields"),
        _w("farm_space_moves", "data", None, "move types that name a farm space"),
        _w("after_move", "hooks", AfterMove, "after any move"),
        _w("labels", "data", None, "labels of the card moves"),
        _w("work_end", "hooks", SeatQuery, "moves after the last placement"),
        # build costs and fences
        _w(
            "costs",
            "keyed",
            FarmValue,
            "a price as cards change it",
            ("room", "renovation", "major"),
        ),
        _w(
            "alternatives",
            "keyed",
            None,
            "other ways to pay",
            ("room", "renovation", "improvement"),
        ),
        _w("fence_credit", "hooks", FarmValue, "free fences in a fence-building action"),
        _w("fences_reserved", "hooks", FarmQuery, "fences a card keeps off the farm"),
        _w("fence_price", "hooks", FarmPrice, "wood for new fences"),
        _w("fence_capacity", "hooks", FarmValue, "how many fences the seat can pay for"),
        _w("stable_price", "hooks", FarmValue, "a stable's price"),
        _w("stable_choices", "hooks", FarmValue, "stable prices a card lets the seat choose"),
        _w("fence_choices", "hooks", FarmPrice, "fence prices a card lets the seat choose"),
        # bake and cook
        _w("improvements", "data", None, "cards that cook or bake"),
        # animals and people
        _w("housing", "hooks", FarmValue, "where animals live"),
        _w("housing_choices", "hooks", FarmValue, "housing the seat chooses"),
        _w("newborns", "hooks", FarmValue, "newborn animals"),
        _w("outside_rooms", "hooks", FarmQuery, "people who need no room"),
        # harvest
        _w("field_phase", "hooks", FieldPhase, "the field phase"),
        _w("fields_kept", "hooks", FarmQuery, "fields harvested from the supply"),
        _w("harvest_skipped", "hooks", SeatQuery, "a seat out of this harvest"),
        _w("feeding", "hooks", Feeding, "the food a farm needs"),
        _w("conversions", "hooks", FarmQuery, "goods cards turn into food"),
        _w("feeding_choices", "hooks", FarmQuery, "a choice in the feeding phase"),
        _w("feed_waits", "hooks", SeatQuery, "why a seat feeds last"),
        # scoring
        _w("card_points", "one", FarmQuery, "points printed on cards"),
        _w("card_bonus", "one", SeatQuery, "bonus points of cards"),
        _w("card_label", "one", CardLabel, "how a label names a card"),
        _w("events", "keyed", None, "event type -> its fold, for events a card module emits"),
    )
}
#: the protocol of each key of a keyed window whose keys differ in signature
KEY_PROTOCOLS: dict[tuple[str, str], type] = {
    ("alternatives", "room"): FarmValue,
    ("alternatives", "renovation"): FarmValue,
    ("alternatives", "improvement"): ImprovementAlternatives,
}


class BindingError(ValueError):
    """A card module binds a window wrongly (raised at composition, never at play time)."""


def _arity(protocol: type) -> int:
    params = list(inspect.signature(protocol.__call__).parameters.values())[1:]
    return len(params)


def fits(hook: Callable[..., Any], protocol: type) -> bool:
    """Whether ``hook`` can be called with the positional arguments of ``protocol``."""
    try:
        params = inspect.signature(hook).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature (``str``)
        return True
    n = _arity(protocol)
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    keyword_only = [p for p in params if p.kind == p.KEYWORD_ONLY and p.default is p.empty]
    if keyword_only:
        return False
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return len(required) <= n
    return len(required) <= n <= len(positional)


def protocol_of(window: Window, key: str | None) -> type | None:
    return KEY_PROTOCOLS.get((window.name, key or ""), window.protocol)


def check_binding(owner: str, name: str, hook: Any, key: str | None = None) -> Window:
    """The window ``name``, once ``owner`` may bind ``hook`` to it (under ``key``)."""
    window = WINDOWS.get(name)
    if window is None:
        raise BindingError(f"{owner} binds the window '{name}', which does not exist")
    if window.keys and key not in window.keys:
        raise BindingError(
            f"{owner} binds the window '{name}' under '{key}'; its keys are "
            + ", ".join(window.keys)
        )
    protocol = protocol_of(window, key)
    if protocol is not None and window.shape != "data" and not fits(hook, protocol):
        raise BindingError(
            f"{owner} binds {getattr(hook, '__name__', hook)!r} to the window '{name}' with "
            f"the wrong signature: the window calls it as {protocol.__name__}"
            f"{_signature(protocol)}"
        )
    return window


def _signature(protocol: type) -> str:
    sig = inspect.signature(protocol.__call__)
    params: Sequence[str] = [p for p in sig.parameters if p != "self"]
    return "(" + ", ".join(params) + ")"
