"""Why a seat has no move on a board element: the helpers every title's ``why_not`` shares
(issue 24, "Bad input": a click on something with no legal move shows the rule's sentence).

A board element is named by the key of the move that acts on it (:func:`move_target`, the
same key the game page draws its controls by). A title's ``why_not(state, seat, target)``
builds the moves a click on that element would most plausibly mean in the current step,
runs its own check on them (:func:`first_refusal`) and falls back to :func:`nothing_now`.
Pure: it reads the state, never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any

from .errors import DomainError
from .i18n import gettext, pgettext

#: move fields that name a thing on the board, in the order a move's target is looked for:
#: an action space (a name) or a space of the player's own board (a number), a customer's
#: stall, a city on the map, a building, a card
TARGET_FIELDS = ("space", "at", "slot", "to", "building", "card")

#: the longest target key a page may ask about
MAX_TARGET = 80


def move_target(move: dict) -> str | None:
    """The key of the board element a move acts on (``"space:forest"``, ``"space:7"``,
    ``"slot:0"``, ``"to:S"``, …), or None. Numbers are cells of the player's own board, so
    ``space`` and ``at`` (two titles' names for one idea) share ``space:<n>``."""
    for name in TARGET_FIELDS:
        value = move.get(name)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):  # a cell of one's own board, or a numbered slot
            return f"space:{value}" if name in ("space", "at") else f"{name}:{value}"
        if isinstance(value, str):
            return f"{'space' if name == 'at' else name}:{value}"
    return None


def split_target(target: object) -> tuple[str, str | int] | None:
    """``("space", 7)`` / ``("space", "forest")`` from a target key; None when it is not one
    (not a string, too long, no known field, nothing after the colon)."""
    if not isinstance(target, str) or len(target) > MAX_TARGET or ":" not in target:
        return None
    field, _, key = target.partition(":")
    if field not in TARGET_FIELDS or field == "at" or not key:
        return None
    if key.isdigit() and len(key) < 4:
        return field, int(key)
    return field, key


def first_refusal(
    check: Callable[[dict, int, dict], object], state: dict, seat: int, moves: Iterable[dict]
) -> str | None:
    """The sentence of the first of ``moves`` that ``check`` refuses (a rule violation's
    message), or None when it refuses none of them."""
    for move in moves:
        try:
            check(state, seat, move)
        except DomainError as err:
            return err.message
    return None


#: the sentence for any element once the game is over
GAME_OVER = "The game is over: nothing can be done now."


def board_thing(
    state: dict,
    target: object,
    grid: Any,
    farm: str,
    spaces: Container[str],
    name_of: Callable[[str], str],
) -> tuple[str | int, str] | None:
    """``(key, the thing in words)`` for a ``space:<key>`` target: a space of the seat's own
    board (a number on ``grid``, "the space at A1 of your ``farm``") or an action space in
    ``spaces`` (named by ``name_of``); None when the target names nothing on the board."""
    parts = split_target(target)
    if parts is None or parts[0] != "space" or not state:
        return None
    key = parts[1]
    if isinstance(key, int):
        if not grid.on_board(key):
            return None
        return key, gettext("the space at {label} of your {board}").format(
            label=grid.label(key), board=pgettext("board", farm)
        )
    return (key, name_of(key)) if key in spaces else None


def closed_refusal(check_turn: Callable[[dict, int], object], state: dict, seat: int) -> str | None:
    """The sentence when nothing can be done by ``seat`` at all: the game is over, or it is
    not its turn (:func:`turn_refusal`); else None."""
    if state.get("phase") == "finished":
        return gettext(GAME_OVER)
    return turn_refusal(check_turn, state, seat)


def turn_refusal(check_turn: Callable[[dict, int], object], state: dict, seat: int) -> str | None:
    """Whose turn it is, in the title's own sentence, when it is not ``seat``'s; else None."""
    try:
        check_turn(state, seat)
    except DomainError as err:
        return err.message
    return None


def nothing_now(thing: str, step: str) -> str:
    """The plain sentence when no move of the current step applies to ``thing``."""
    return gettext("Nothing can be done with {thing} now: {step}.").format(thing=thing, step=step)


def prompt_words(prompt: dict | None) -> str | None:
    """A ``step_prompt`` answer as one clause (``"Forest: still open: …"``), or None."""
    if not prompt:
        return None
    step, left = prompt.get("step", ""), prompt.get("left", "")
    return f"{step}: {left}" if step and left else (step or left or None)


def step_words(prompt: dict | None, phase: object, phase_words: dict[str, str]) -> str:
    """The current step in words: the title's ``step_prompt`` answer, else what ``phase``
    asks of a seat with no action in progress (``phase_words``), else the phase's name."""
    words = prompt_words(prompt)
    if words:
        return words
    name = str(phase or "setup")
    if name in phase_words:
        return gettext(phase_words[name])
    return gettext("it is the {phase} phase").format(
        phase=pgettext("phase", name.replace("_", " "))
    )
