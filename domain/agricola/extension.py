"""The windows the Agricola rules open to an extension, and how a game finds its extension
(issue 23 item 1; digest §10.1, §10.2).

Issue 35: each window is declared once, typed, in ``windows.py`` (its hooks' signature a
Protocol); card modules bind them through ``abilities.CardModule`` (checked at composition);
:meth:`Extension.running` runs only the hooks of the cards in play (:func:`in_play`); the
composition root (``title.py``) hands this module the card package's builder
(:func:`compose`), so no base module imports a card.

The family game's rules (``flow``, ``placement``, ``steps``, ``moves``, ``farm``, ``state``,
``scoring``) never learn a card's name. At each named window they ask the game's
:class:`Extension` what it adds: the family game's is :data:`NONE` (adds nothing), a full game's
is built by the card package for the card set the game recorded at set-up
(``GameSetUp.cards.card_set``, ``cards/extension.py``), so a game keeps the extension it was
played with however the decks grow later. Nothing here is filled at import: an extension is a
value built once per card set and kept in :data:`_BUILT` (a cache of a pure function).

Windows, in the order of a round (digest §3.2):

* round start (``round_start``, ``round_draws``, ``draw``, ``deal_step``: phase 1 and the deal
  before round 1);
* placement (``place_checks``, ``place_apply``, ``place_options``, ``place_variants``,
  ``renovating``, ``occupied_ok``, ``place_problems``, ``growth_without_room``: a person
  placed on an action space, digest §4);
* action (``after_place``, ``step_kinds``, ``work_kinds``, ``mandatory_parts``,
  ``mandatory_text``, ``optional_left``, ``extra_steps``, ``step_candidates``,
  ``anytime_candidates``, ``handlers``, ``move_shapes``, ``farm_space_moves``, ``after_move``:
  the steps of an action and the moves that are not steps);
* build costs (``costs``, ``alternatives``: rooms, renovation, improvements, digest §5, §7);
* fences (``fence_credit``: free fences in a fence-building action, digest §5.8;
  ``fences_reserved``: fences a card keeps off the farm for now);
* bake and cook (``improvements``: improvement cards that cook or bake, digest §7);
* animals (``housing``, ``housing_choices``, ``newborns``: digest §5.9, §6.4);
* harvest phases (``field_phase``, ``fields_kept``, ``harvest_skipped``, ``feeding``,
  ``conversions``, ``feeding_choices``: digest §6.1-§6.3);
* scoring (``card_points``, ``card_bonus``: digest §8);
* end and everything a card does from its own data: ``effects`` (card id -> effect dict) and
  ``labels`` (move labels of the extension's moves).

Action spaces a card puts on the board (``action_spaces``: their table rows, as
``tables.ACTION_SPACES`` has the printed ones; :func:`space_row` reads either).

Opened for the K deck's last occupations: ``work_end`` (moves a card gives after the last
placement and before the people return home, digest §10.1 "claim markers"; ``work_end.py``);
``stable_choices`` and ``fence_choices`` (a cheaper price a card lets the seat choose, digest
§5.3, §5.8); ``place_gains`` (goods a card gives before a space's action, counted by the
placement check, digest §4.1).

Opened for the K deck's minor improvements: ``outside_rooms`` (people who need no room when the
family grows, digest §5.4), ``fence_price``, ``fence_capacity`` and ``stable_price`` (fences
and stables a card makes cheaper, digest §5.3, §5.8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .action_spaces import ACTION_SPACES
from .statetypes import Farm
from .windows import WINDOWS


def _none(*_args: Any) -> int:
    return 0


@dataclass
class Extension:
    """What an active card set adds to the rules at each window (empty: the family game)."""

    name: str = "none"
    version: int = 0
    effects: dict = field(default_factory=dict)
    #: rows of the action spaces a card may put on the board (id -> row, as ACTION_SPACES)
    action_spaces: dict = field(default_factory=dict)
    # round start
    round_start: list = field(default_factory=list)
    #: hooks ``hook(b, rng, round_no)`` run right after ``round_start``: what a card draws at
    #: random when a round starts (the Veterinarian K304's bag)
    round_draws: list = field(default_factory=list)
    draw: list = field(default_factory=list)
    deal_step: Callable | None = None
    #: the hands of a new full game (``cards/dealing.deal``) and a series game's permanent
    #: occupations (``cards/permanent.lay_permanent``), at set-up
    deal: Callable | None = None
    lay_permanent: Callable | None = None
    # placement
    place_checks: dict = field(default_factory=dict)
    place_apply: dict = field(default_factory=dict)
    place_options: dict = field(default_factory=dict)
    place_variants: dict = field(default_factory=dict)
    renovating: tuple = ()
    occupied_ok: list = field(default_factory=list)
    #: ``hook(state, seat, space id) -> reason | None``: why a card keeps the seat off a space
    place_limits: list = field(default_factory=list)
    place_problems: list = field(default_factory=list)
    growth_without_room: list = field(default_factory=list)
    # action
    after_place: list = field(default_factory=list)
    step_kinds: dict = field(default_factory=dict)
    work_kinds: tuple = ()
    mandatory_parts: dict = field(default_factory=dict)
    mandatory_text: dict = field(default_factory=dict)
    optional_left: dict = field(default_factory=dict)
    extra_steps: list = field(default_factory=list)
    step_candidates: list = field(default_factory=list)
    anytime_candidates: list = field(default_factory=list)
    handlers: dict = field(default_factory=dict)
    move_shapes: dict = field(default_factory=dict)
    farm_space_moves: tuple = ()
    after_move: list = field(default_factory=list)
    labels: dict = field(default_factory=dict)
    #: the end of the work phase: ``hook(state, seat) -> bool``, whether a card gives ``seat`` a
    #: move it may still make after the last placement, before the people return home (the
    #: Acrobat K269's and the Countryman K289's; seats take their turns clockwise from the one
    #: after the last to place, digest §10.1 claim markers, seed 000 L770)
    work_end: list = field(default_factory=list)
    # build costs and fences
    costs: dict = field(default_factory=lambda: {"room": [], "renovation": [], "major": []})
    alternatives: dict = field(
        default_factory=lambda: {"room": [], "renovation": [], "improvement": []}
    )
    fence_credit: list = field(default_factory=list)
    fences_reserved: list = field(default_factory=list)
    # bake and cook
    improvements: dict = field(default_factory=dict)
    # animals
    housing: list = field(default_factory=list)
    housing_choices: list = field(default_factory=list)
    newborns: list = field(default_factory=list)
    # harvest
    field_phase: list = field(default_factory=list)
    fields_kept: list = field(default_factory=list)
    harvest_skipped: list = field(default_factory=list)
    feeding: list = field(default_factory=list)
    conversions: list = field(default_factory=list)
    feeding_choices: list = field(default_factory=list)
    #: ``hook(state, seat) -> reason | None``: why the seat may not feed yet (it feeds last)
    feed_waits: list = field(default_factory=list)
    # scoring
    card_points: Callable = _none
    card_bonus: Callable = _none
    # windows the K deck's minor improvements opened (docs/rules/cards-k-minors.md)
    #: people who live outside the house and need no room (``hook(farm) -> int``; digest §5.4)
    outside_rooms: list = field(default_factory=list)
    #: fences and stables priced by the seat's cards beyond free fences per action: ``hook(farm,
    #: needed, wood) -> wood`` for ``needed`` new fences, ``hook(farm, capacity) -> capacity``
    #: (how many new fences the seat can pay for), ``hook(farm, cost) -> cost`` for a stable
    fence_price: list = field(default_factory=list)
    fence_capacity: list = field(default_factory=list)
    stable_price: list = field(default_factory=list)
    # windows the K deck's last occupations opened (docs/rules/cards-k-occupations.md)
    #: prices a card lets the seat choose instead of the usual one, each with the card that
    #: offers it (the Wood Carver K301): ``hook(farm, cost) -> [(card, cost)]`` for a stable,
    #: ``hook(farm, needed, wood) -> [(card, wood)]`` for ``needed`` new fences; the move picks
    #: one with ``pay`` (1 on; digest §5.3, §5.8)
    stable_choices: list = field(default_factory=list)
    fence_choices: list = field(default_factory=list)
    #: goods a card gives the seat when its person takes a space, before the space's action
    #: (the Serf K266's grain on "Sow and/or Bake Bread"): ``hook(state, seat, space id) ->
    #: goods | None``; the placement check counts them, the card gives them (``after_place``)
    place_gains: list = field(default_factory=list)
    #: how a label names a card (``"Wood Carver (K301)"``): the base rules know only its id
    card_label: Callable = str
    #: events only a card module emits: type -> ``fold(state, event)`` (``abilities.install``)
    events: dict = field(default_factory=dict)
    #: who owns each move type (and ``"event:"`` + each event type), for the sentence that
    #: refuses a second owner
    owners: dict = field(default_factory=dict)
    #: hook -> the cards whose abilities it is (empty: every full game runs it); see
    #: :meth:`running`
    cards_of: dict = field(default_factory=dict)
    #: (window, cards in play) -> the hooks that run (:meth:`running`)
    _running: dict = field(default_factory=dict, repr=False, compare=False)

    def running(self, window: str, state: dict) -> list:
        """The hooks of ``window`` this game runs: those of the cards dealt to or played by
        one of its seats (:func:`in_play`) and those that serve every full game (issue 35)."""
        hooks = getattr(self, window)
        gates = self.cards_of
        if not gates or not hooks:
            return hooks
        played = in_play(state)
        key = (window, played)
        found = self._running.get(key)
        if found is None:
            found = [h for h in hooks if (c := gates.get(h)) is None or not c.isdisjoint(played)]
            if len(self._running) > 4096:  # a bound on the cache, never reached in one game
                self._running.clear()
            self._running[key] = found
        return found

    def bind(self, bind: Any, cards: frozenset[str] = frozenset()) -> None:
        """Put ``bind.hook`` into its window (``abilities.Bind``; checked by the caller)."""
        window = WINDOWS[bind.window]
        current = getattr(self, bind.window)
        if window.shape in ("one", "data") and bind.key is None:
            value = current + tuple(bind.hook) if isinstance(current, tuple) else bind.hook
            setattr(self, bind.window, value)
            return
        if window.shape != "hooks":  # keyed: a hook, kinds or a list of hooks per key
            existing = current.get(bind.key)
            if isinstance(existing, tuple):
                current[bind.key] = existing + tuple(bind.hook)
                return
            if not isinstance(existing, list):
                current[bind.key] = bind.hook
                return
            current = existing
        if bind.first:
            current.insert(0, bind.hook)
        else:
            current.append(bind.hook)
        if cards and window.shape == "hooks":
            self.cards_of[bind.hook] = frozenset(cards) | self.cards_of.get(bind.hook, frozenset())


@dataclass
class Composition:
    """What the composition root (``title.py``, issue 35 item 2) hands the base rules from the
    card package, so that no base module imports a card: how a card set's extension is built,
    the newest card set, the card catalogue (id -> row, ``cards/catalogue.py``) and the
    sentences of the card events (``cards/text.tables``)."""

    build: Callable[[int], Extension] | None = None
    latest: int = 0
    catalogue: dict = field(default_factory=dict)
    text_tables: Callable[[], tuple] | None = None


#: Filled once by the composition root (:func:`compose`).
COMPOSED = Composition()


def compose(
    build: Callable[[int], Extension],
    latest: int,
    catalogue: dict,
    text_tables: Callable[[], tuple],
) -> None:
    """Wire the card package into the base rules (called by the composition root)."""
    COMPOSED.build, COMPOSED.latest = build, latest
    COMPOSED.catalogue, COMPOSED.text_tables = catalogue, text_tables


#: The family game's extension: no window adds anything.
NONE = Extension()
#: Extensions built so far, by card set (a cache: building is a pure function of the set).
_BUILT: dict[int, Extension] = {}


def for_card_set(card_set: int | None) -> Extension:
    """The extension of a full game played with ``card_set`` (None: the family game)."""
    if card_set is None:
        return NONE
    ext = _BUILT.get(card_set)
    if ext is None:
        if COMPOSED.build is None:
            raise RuntimeError("the card package is not composed (domain/agricola/title.py)")
        ext = _BUILT[card_set] = COMPOSED.build(card_set)
    return ext


def of(state: dict) -> Extension:
    """The extension of the game whose state is ``state``. A state folded before farms recorded
    their card set (a snapshot or a fork's ``StateRestored`` of an older version) gets it here,
    as a fresh fold of its events would have it, so :func:`of_farm` answers the same."""
    cards = state.get("cards")
    if cards is None:
        return NONE
    card_set = cards.get("card_set", 1)
    farms = state.get("farms")
    if farms and "card_set" not in farms[0]:
        for farm in farms:
            farm["card_set"] = card_set
    return _BUILT.get(card_set) or for_card_set(card_set)


def of_farm(farm: Farm | dict) -> Extension:
    """The extension of the game ``farm`` belongs to (a full game's farm records its set)."""
    if "cards" not in farm:
        return NONE
    card_set: Any = farm.get("card_set")
    return _BUILT.get(card_set) or for_card_set(card_set)


def in_play(state: dict) -> frozenset[str]:
    """The cards dealt to or played by a seat of this game: played cards, and the cards in
    hands, draft packets and cards set aside (``state["hands"]``), the index by which
    :meth:`Extension.running` picks the hooks to run."""
    out: set[str] = set()
    for farm in state.get("farms", ()):
        cards = farm.get("cards")
        if cards:
            out.update(cards)
    hands = state.get("hands")
    if hands:
        for hand in hands.get("_private", {}).values():
            for value in hand.values():  # lists of card ids, or packets: deck -> card ids
                if value.__class__ is list:
                    out.update(value)
                elif value.__class__ is dict:
                    for inner in value.values():
                        if inner.__class__ is list:
                            out.update(inner)
    return frozenset(out)


def skips_harvest(state: dict, seat: int) -> bool:
    """Whether a card keeps ``seat`` out of this harvest altogether (window
    ``harvest_skipped``): no field phase, feeding or breeding for it."""
    return any(skipped(state, seat) for skipped in of(state).harvest_skipped)


def space_row(space_id: str) -> dict:
    """The table row of an action space that exists (see :func:`find_space_row`)."""
    row = find_space_row(space_id)
    if row is None:
        raise KeyError(space_id)
    return row


def find_space_row(space_id: Any) -> dict | None:
    """The table row of an action space (None: no such space): a printed one
    (``tables.ACTION_SPACES``, digest §4) or one a card puts on the board (the extension's
    ``action_spaces``; a card space's row is the same in every card set, so the latest set
    answers, as for :func:`improvement_card`)."""
    row = ACTION_SPACES.get(space_id) if isinstance(space_id, str) else None
    if row is None and isinstance(space_id, str) and COMPOSED.latest:
        row = for_card_set(COMPOSED.latest).action_spaces.get(space_id)
    return row


def improvement_card(card_id: str) -> dict:
    """The improvement row of a card (the same in every card set that holds it; empty if the
    card neither cooks nor bakes)."""
    if not COMPOSED.latest:
        return {}
    return for_card_set(COMPOSED.latest).improvements.get(card_id, {})
