"""The title protocol: what the service needs from the rules of one game.

A title is a pure decider (no I/O, no clock, no global randomness):

* ``setup(config, rng) -> [Event]``: the events that set a new game up;
* ``decide(state, seat, move, rng) -> [Event]``: validate ``move`` for ``seat`` and return the
  events it causes, including everything that then happens automatically (the end of a round, a
  harvest phase, the next round card). Raises :class:`~domain.common.errors.RuleViolation`;
  never changes ``state``;
* ``evolve(state, event) -> state``: apply a recorded fact. Never validates, never fails on
  recorded history. It may update ``state`` in place and return it (replay is the hot path);
  callers that need the old state copy it first;
* ``legal_moves(state, seat) -> [move]``: every move ``seat`` may make now; each is complete
  (posting it unchanged is accepted). Large decisions are split into steps so every list is
  finite and a client choosing only from these lists always reaches the end of the game;
* ``view(state, viewer)``: the state as ``viewer`` may see it (see :mod:`.visibility`);
* ``status(state)``: round, phase, the seats the game waits for, finished or not;
* ``score_sheet(state)``: every scoring category per seat, as if the game ended now;
* ``describe(event, names, viewer)``: one sentence a player can read, written from the event
  *as that viewer may see it* (the service redacts the event first; a title never sees a
  private part the viewer may not see, so it cannot print one);
* ``private_move_fields``: per move type, the fields only the mover may see (the card it
  drafts or discards); the service stores them sealed (:func:`~.visibility.seal`);
* ``revealing_events`` / ``reveals(event)``: events that show some seat something it did not
  know (a round card, a card drawn); an undo across one needs every other seat's consent;
* ``rule_of(event)``: the rules-digest section the event applied, for audits;
* ``step_prompt(state, seat)`` (optional): the step of a multi-part action in words, so a page
  can walk a player through it on the board;
* ``why_not(state, seat, target)`` (optional): the rule's sentence saying why ``seat`` has no
  move on a board element now (:mod:`.why`), for a click on something with no legal move.

Several seats may be asked at once (``status().to_act`` has several seats, e.g. feeding at a
harvest); multi-step turns are modelled by the title's own pending-decision state; random draws
during play come from the ``rng`` passed to ``decide`` (labelled draws, see :mod:`.rng`).
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from .builder import clone
from .errors import BadGameConfig
from .events import Event, EventLike
from .rng import Rng
from .visibility import redact, seal


@dataclass(frozen=True)
class OptionSpec:
    """One creation option of a variant, as ``GET /titles`` lists it."""

    name: str
    type: str  # "int", "str", "bool", "list" (a list of strings)
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        out = {
            "name": self.name,
            "type": self.type,
            "default": default,
            "description": self.description,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class VariantInfo:
    name: str
    min_players: int
    max_players: int
    description: str
    options: tuple[OptionSpec, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "description": self.description,
            "options": [o.as_dict() for o in self.options],
        }


@dataclass(frozen=True)
class GameConfig:
    """What a game is created from (besides the seed)."""

    variant: str
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    #: For a game of a series (``domain/platform/series.py``): ``{"id", "number", "carry"}``, where
    #: ``carry`` is what the title's :meth:`Title.series_carry` handed over from the games
    #: before (e.g. permanent cards, food). None for an ordinary game.
    series: dict[str, Any] | None = None


@dataclass(frozen=True)
class Status:
    """Where the game stands: ``to_act`` is empty exactly when nobody can move (or it is over)."""

    round: int | None
    phase: str
    to_act: tuple[int, ...]
    finished: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "finished": self.finished,
        }


class Title(abc.ABC):
    """Base class of every title's rules. Subclasses are stateless singletons."""

    name: str = ""
    display_name: str = ""
    rules_version: str = ""
    variants: tuple[VariantInfo, ...] = ()
    #: move type -> the fields of such a move that only the seat making it may see
    private_move_fields: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: event types that reveal something to some seat it could not know before (a draw)
    revealing_events: frozenset[str] = frozenset()

    # -- creation ---------------------------------------------------------------------------
    def variant(self, name: str) -> VariantInfo:
        for v in self.variants:
            if v.name == name:
                return v
        raise BadGameConfig(
            "unknown_variant",
            title=self.display_name or self.name,
            variant=name,
            known=", ".join(v.name for v in self.variants),
        )

    def check_config(self, config: GameConfig) -> dict[str, Any]:
        """Validate a configuration; returns the options with defaults filled in."""
        info = self.variant(config.variant)
        title = self.display_name or self.name
        n = len(config.players)
        if not info.min_players <= n <= info.max_players:
            raise BadGameConfig(
                "bad_player_count",
                title=title,
                variant=info.name,
                min_players=info.min_players,
                max_players=info.max_players,
                count=n,
            )
        seen = set()
        for name in config.players:
            if name in seen:
                raise BadGameConfig("duplicate_player_name", name=name)
            seen.add(name)
        options = dict(config.options or {})
        known = {o.name: o for o in info.options}
        for key in options:
            if key not in known:
                raise BadGameConfig(
                    "bad_option",
                    title=title,
                    variant=info.name,
                    option=key,
                    reason=f"unknown option; known: {', '.join(known) or 'none'}",
                )
        filled = {}
        for spec in info.options:
            value: Any = options.get(spec.name, spec.default)
            if spec.type == "list" and isinstance(value, tuple):  # a default
                value = list(value)
            expected = {"int": int, "str": str, "bool": bool, "list": list}[spec.type]
            if spec.type == "int" and isinstance(value, bool):
                value = None
            if not isinstance(value, expected) or (
                spec.type == "list" and not all(isinstance(v, str) for v in cast(list, value))
            ):
                what = "a list of strings" if spec.type == "list" else f"of type {spec.type}"
                raise BadGameConfig(
                    "bad_option",
                    title=title,
                    variant=info.name,
                    option=spec.name,
                    reason=f"must be {what}",
                )
            if spec.type == "list":
                value = list(cast(list, value))
            elif spec.choices is not None and value not in spec.choices:
                raise BadGameConfig(
                    "bad_option",
                    title=title,
                    variant=info.name,
                    option=spec.name,
                    reason=f"must be one of {', '.join(map(str, spec.choices))}",
                )
            filled[spec.name] = value
        return filled

    def start_seat(self, config: GameConfig, rng: Rng) -> int:
        """The start player's seat: the ``start_player`` option, or drawn with the game's seed
        when it is -1 (or absent); a seat outside the game is refused with a sentence."""
        n = len(config.players)
        start = config.options.get("start_player", -1)
        if start is None or start == -1:
            return rng.below("start-player", n)
        if not 0 <= start < n:
            raise BadGameConfig(
                "bad_option",
                title=self.display_name,
                variant=config.variant,
                option="start_player",
                reason=f"must be -1 or a seat from 0 to {n - 1}",
            )
        return int(start)

    @abc.abstractmethod
    def setup(self, config: GameConfig, rng: Rng) -> list[Event]:
        """Events that set up a new game; the first must build the whole initial state."""

    # -- play -------------------------------------------------------------------------------
    @abc.abstractmethod
    def decide(self, state: dict, seat: int, move: dict, rng: Rng) -> list[Event]:
        """Validate ``move`` by ``seat`` and return the events it causes (never mutates)."""

    def play(self, state: dict, seat: int, move: dict, rng: Rng) -> tuple[list[Event], dict]:
        """``move``'s events (as :meth:`decide` returns them) and the state after them, for
        simulations (the bots, ``domain/bots/sim.py``). ``state`` is left as it was; the state
        returned may share parts of it that the move did not change, so it is only read or
        handed to ``play`` again, never to an in-place :meth:`evolve`. A title whose ``decide``
        already evolves a private copy returns that copy and saves a second one."""
        events = self.decide(state, seat, move, rng)
        out = clone(state)
        for event in events:
            out = self.evolve(out, event)
        return events, out

    @abc.abstractmethod
    def evolve(self, state: dict, event: EventLike) -> dict:
        """Apply one recorded event (may mutate ``state``); ``state`` is ``{}`` before setup."""

    @abc.abstractmethod
    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        """Every move ``seat`` may make now, each complete."""

    @abc.abstractmethod
    def status(self, state: dict) -> Status:
        """Round, phase, seats to act, finished."""

    @abc.abstractmethod
    def score_sheet(self, state: dict) -> dict:
        """``{"seats": [{"seat", "name", "total", "categories": [...]}], "winners": [...]}``."""

    def rescore(self, state: dict, previous: dict | None, event: EventLike) -> dict:
        """The score sheet after ``event`` (``state`` already includes it), given the sheet
        before it. Read models call this after every event; a title that knows which events
        cannot change the sheet, or change only one seat's row, overrides it to skip work.
        Must always equal ``score_sheet(state)``."""
        return self.score_sheet(state)

    # -- reading ----------------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None, finished: bool | None = None) -> dict:
        """The state as ``viewer`` may see it; hidden parts are removed by :func:`redact`.

        ``finished`` says whether the game is over *now* (a past state of a finished game is
        public too); by default it is read from ``state`` itself.
        """
        if finished is None:
            finished = self.status(state).finished
        return redact(state, viewer, finished)

    def page(self, view: dict, viewer: int | None) -> dict:
        """What the title's game page template draws besides the board, built from ``view``
        (:meth:`view` for ``viewer``, never the whole state): the page gets it as ``panels``.
        Nothing by default."""
        return {}

    def redact_event(self, event: EventLike, viewer: int | None, finished: bool) -> dict:
        """An event's data as ``viewer`` may see it."""
        return redact(event.data, viewer, finished)

    def seal_move(self, move: dict, seat: int | None) -> dict:
        """``move`` as it is stored: its private fields (``private_move_fields``) under
        ``_private`` of ``seat``, so every output redacts them like event data."""
        fields = self.private_move_fields.get(str(move.get("type")), ())
        return seal(move, seat, fields) if fields else move

    def reveals(self, event: EventLike) -> bool:
        """True when ``event`` shows some seat something it could not know before (a card
        drawn, a round card turned up): taking it back needs every other seat's consent."""
        return event.type in self.revealing_events

    @abc.abstractmethod
    def describe(self, event: EventLike, names: list[str], viewer: int | None = None) -> str:
        """One readable sentence for ``event`` as ``viewer`` (a seat, or None for the public)
        sees it: ``event`` is already redacted for that viewer, so the sentence can only use
        what the viewer may know. ``names`` are the seats' player names."""

    def printed_name(self, value: str) -> str | None:
        """The name a hidden value is printed by, where the title has one (a card's name for
        its catalogue number): what a page or a sentence would show of it. The contract
        suite's hidden-data scan searches outputs for both."""
        return None

    def count_words(self, n: int, good: str) -> str:
        """ "3 wood": ``n`` of the good (or animal) ``good`` in the reader's language, with its
        plural form (a board drawing's words beside its icons)."""
        return f"{n} {good}"

    def rule_of(self, event: EventLike) -> str | None:
        """The rules-digest section ``event`` applied (e.g. "agricola §5.8"), if any."""
        return None

    def evaluate(self, state: dict, seat: int) -> float:
        """How promising ``state`` is for ``seat`` beyond its score sheet, in points; the
        greedy and search bots add it to the score margin (issue 25). A bot heuristic, never a
        rule; titles may override it."""
        return 0.0

    def zombie_move(self, state: dict, seat: int, moves: list[dict]) -> dict | None:
        """The least-impact move for a dropped seat (issue 25 item 3, ``platform/dropping.py``),
        one of ``moves`` (listed for ``seat`` in ``state``, its view), or None to leave the
        choice to the platform's generic rule (``domain/bots/zombie.py``: the move that gains
        the seat least on its score sheet, preferring one that ends its turn). A bot heuristic,
        never a rule; titles may override it."""
        return None

    def fork_view(self, state: dict, seat: int, rng: Rng) -> dict | None:
        """For "what if, from my seat": ``state`` as ``seat`` knows it, with everything hidden
        from it (other hands, draw piles) drawn anew from what it cannot see, using ``rng``;
        None when the title cannot do this. A game set up from it starts with the single event
        ``StateRestored`` carrying that state."""
        return None

    def provenance(self, state: dict) -> dict | None:
        """Where this game's component numbers come from, when the title says (Village's data
        pack: its name, hash and which values are provisional); None otherwise."""
        return None

    def preflight(self) -> None:  # noqa: B027 (a title without data files checks nothing)
        """Checks run once when a service process starts (a title's data files); raises a
        :class:`BadGameConfig` with a sentence to stop the start."""

    def series(self) -> Any:
        """The title's series of games (a ``domain.platform.series.SeriesRules``: the variant its
        games are played in, targets, what one game hands to the next), or None when the
        title has no series."""
        return None

    def catalogue(self, deck: str | None = None) -> list[dict] | None:
        """The title's cards (of ``deck``, or all), each a dict with at least ``id``, ``name``
        and ``text``; None when the title has no cards. Raises :class:`BadGameConfig` for a
        deck it does not know."""
        return None

    def move_label(self, state: dict, move: dict) -> str:
        """A legal move in words a player understands (a button's label). Titles override
        this; the default spells out the move's fields."""
        details = ", ".join(f"{k} {v}" for k, v in move.items() if k != "type")
        text = str(move.get("type", "move")).replace("_", " ").capitalize()
        return f"{text} ({details})" if details else text

    def move_group(self, state: dict, move: dict) -> str:
        """The heading a legal move is listed under (e.g. its action space)."""
        return "Moves"

    def step_prompt(self, state: dict, seat: int) -> dict | None:
        """The step of a multi-part action ``seat`` is carrying out, for a page that walks a
        player through it on the board: ``{"step": the action's name, "left": what is done
        and what is left, in a sentence, "group": the move_group of the step's own moves}``
        (the page puts that group's moves without a place on the board, Done among them,
        beside the sentence). It is shown to ``seat`` only and may use only what ``seat``
        may see. None when no such action is in progress (the default)."""
        return None

    def why_not(self, state: dict, seat: int, target: str) -> str | None:
        """The rule's sentence saying why ``seat`` has no move on the board element
        ``target`` now (the key :func:`.why.move_target` gives the moves acting on it): the
        refusal of the move a click there would most plausibly mean in the current step,
        whose turn it is when it is not ``seat``'s, or "Nothing can be done with X now: …".
        It is shown to ``seat`` only and may say only what ``seat`` may see. None when
        ``target`` names nothing on the board, or the title does not say (the default)."""
        return None

    def info(self) -> dict:
        return {
            "title": self.name,
            "name": self.display_name or self.name,
            "rules_version": self.rules_version,
            "variants": [v.as_dict() for v in self.variants],
        }
