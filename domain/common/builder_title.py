"""A title decided through an event builder (``builder.py``): :class:`Rules` names one title's
rule functions, and :class:`BuilderTitle` drives them the same way for every title, so a
title's ``title.py`` declares only what differs (issue 35 item 5). The protocol itself is
:class:`~.title.Title`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from .builder import EventBuilder
from .errors import GameOver
from .events import Event, EventLike
from .i18n import sheet_in_language
from .rng import Rng
from .title import Status, Title


def _no_prompt(state: dict, seat: int) -> dict | None:
    return None


def _no_reason(state: dict, seat: int, target: str) -> str | None:
    return None


def _no_value(state: dict, seat: int) -> float:
    return 0.0


def _phase(state: dict) -> str:
    return str(state.get("phase", "setup"))


@dataclass(frozen=True)
class Rules:
    """One title's rule functions, as :class:`BuilderTitle` drives them: a title's
    ``title.py`` names its own modules' functions here and declares only what differs.

    Deciding a move (:meth:`BuilderTitle.built`): ``check_shape(move, state)`` refuses a
    malformed move, a finished game refuses every move, ``check(state, seat, move)`` refuses
    an illegal one and returns the move as it is applied (a title may rewrite an old form),
    then ``apply(builder, seat, move, rng)`` and ``advance(builder, rng)`` emit its events
    through ``builder(state)``."""

    builder: Callable[[dict], EventBuilder]
    check_shape: Callable[[object, dict], None]
    check: Callable[[dict, int, dict], dict]
    apply: Callable[[Any, int, dict, Rng], None]
    advance: Callable[[Any, Rng], None]
    evolve: Callable[[dict, EventLike], dict]
    legal_moves: Callable[[dict, int], list[dict]]
    to_act: Callable[[dict], tuple[int, ...]]
    score_sheet: Callable[[dict], dict]
    describe: Callable[[EventLike, list[str], int | None], str]
    rule_of: Callable[[EventLike], str | None]
    move_label: Callable[[dict, dict], str]
    move_group: Callable[[dict, dict], str]
    count_words: Callable[[int, str], str]
    #: the score sheet after an event, from the one before (None: the whole sheet again)
    rescore: Callable[[dict, dict | None, EventLike], dict] | None = None
    #: the phase ``status`` reports (the state's own ``phase`` by default)
    phase: Callable[[dict], str] = _phase
    step_prompt: Callable[[dict, int], dict | None] = _no_prompt
    why_not: Callable[[dict, int, str], str | None] = _no_reason
    evaluate: Callable[[dict, int], float] = _no_value


class BuilderTitle(Title):
    """A title whose moves are decided through an event builder (``domain/common/builder.py``),
    which evolves its own copy of the state as it emits: ``decide`` returns the builder's
    events and ``play`` its events and state, so a simulated move copies the state once.

    The title's :class:`Rules` (``rules``) carry everything the service asks of the rules;
    the methods below call them the same way for every title."""

    rules: ClassVar[Rules]

    def built(self, state: dict, seat: int, move: dict, rng: Rng) -> EventBuilder:
        """The builder after ``move`` by ``seat`` (validated; its events and evolved state)."""
        rules = self.rules
        rules.check_shape(move, state)
        if state.get("phase") == "finished":
            raise GameOver()
        move = rules.check(state, seat, move)
        b = rules.builder(state)
        rules.apply(b, seat, move, rng)
        rules.advance(b, rng)
        return b

    def decide(self, state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
        return self.built(state, seat, move, rng).events

    def play(self, state: dict, seat: int, move: dict, rng: Rng) -> tuple[list[Event], dict]:
        b = self.built(state, seat, move, rng)
        return b.events, b.state

    def evolve(self, state: dict, event: EventLike) -> dict:
        return self.rules.evolve(state, event)

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        if not state or state.get("phase") == "finished":
            return []
        return self.rules.legal_moves(state, seat)

    def status(self, state: dict) -> Status:
        if not state:
            return Status(None, "setup", (), False)
        phase = self.rules.phase(state)
        return Status(
            state.get("round") or None, phase, self.rules.to_act(state), phase == "finished"
        )

    def score_sheet(self, state: dict) -> dict:
        return sheet_in_language(self.rules.score_sheet(state), self.name)

    def rescore(self, state: dict, previous: dict | None, event: EventLike) -> dict:
        if self.rules.rescore is None:
            return self.score_sheet(state)
        return self.rules.rescore(state, previous, event)

    def evaluate(self, state: dict, seat: int) -> float:
        """A bot heuristic beyond the score sheet (the title's ``evaluation.py``, issue 25)."""
        return self.rules.evaluate(state, seat)

    def describe(self, event: EventLike, names: list[str], viewer: int | None = None) -> str:
        return self.rules.describe(event, names, viewer)

    def rule_of(self, event: EventLike) -> str | None:
        return self.rules.rule_of(event)

    def count_words(self, n: int, good: str) -> str:
        return self.rules.count_words(n, good)

    def move_label(self, state: dict, move: dict) -> str:
        return self.rules.move_label(state, move)

    def move_group(self, state: dict, move: dict) -> str:
        return self.rules.move_group(state, move)

    def step_prompt(self, state: dict, seat: int) -> dict | None:
        return self.rules.step_prompt(state, seat)

    def why_not(self, state: dict, seat: int, target: str) -> str | None:
        return self.rules.why_not(state, seat, target)
