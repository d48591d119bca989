"""The card engine: which card does what, and when (issue 10; digest §10.1, §10.2).

A card's effect is data: one entry per card in its deck's module (``decks/e_minors.py``,
``decks/e_occupations.py``), collected for a game's card set into the game's extension
(``cards/extension.py``) and read back with :func:`effect`. The effect keys and the windows that
read them:

* ``on_play``: goods at once (``goods``), a choice of goods (``choices``: the move's
  ``choice`` picks one), goods on future round spaces (``schedule(round) -> {round: goods}``,
  collected at the start of those rounds; nothing for the current or earlier rounds, digest
  §10.2 item 1), or animals (``animals``);
* ``space``: goods when the owner's person uses a named action space (``{space id: goods}`` or
  a function of the state); ``taken``: a function of what the person's action gave
  (``took(gained) -> goods``), for "whenever you take wood" cards (digest §10.2 item 2);
* ``round``: a function run for the owner at the start of each round;
* ``field``: food in the owner's field phase;
* ``bonus``: end-game points (a function of the state and seat);
* ``play_if``: why the card cannot be played now (None when it can);
* ``housing``: a change to the owner's animal places (``mixed``: pastures hold any type);
* ``newborns``: a change to the owner's breeding (``animals.py``);
* ``round_start``: a function run for the owner at the start of each round (``round_start.py``);
* ``choice_after``: a ``card_choice`` built from what the owner's placement took
  (``actions.py``); ``again``: the owner may repeat an improvement action (``actions.py``);
* ``card_bake``: when the card allows a bake outside a Bake action (``baking.py``);
* ``free_fences``: fences without wood in a fence-building action (``free_builds.py``).

Card families with moves of their own have their own module (``plows``, ``fields``,
``payments``, ``free_builds``, ``leaving``, ``animals``, ``baking``, ``round_start``,
``actions``); the deck modules name every card and point at them.

When several cards fire in one window they resolve in the order the seat played them, except
where the order changes the outcome: then the seat chooses (decision K-02). Cards without an
entry are not dealt (``decks.supported``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ..extension import of, of_farm
from ..statetypes import Farm


def entry(deck: Any, card_id: str, card_set: int) -> dict:
    """The effect of ``card_id`` in ``deck`` as games of ``card_set`` play it: an entry kept
    for older sets (``until``) where the card was corrected later, else the current one."""
    for until, effect in sorted(deck.legacy.get(card_id, ())):
        if card_set <= until:
            return effect
    return deck.cards[card_id]


def effect(card_id: str, where: dict | Farm) -> dict:
    """The effect of ``card_id`` in the game ``where`` (its state or one of its farms) is
    played with: what the game's extension registered for it (empty if nothing)."""
    ext = of(cast(dict, where)) if "farms" in where else of_farm(cast(Farm, where))
    return ext.effects.get(card_id, _EMPTY)


_EMPTY: dict = {}


def occupation_count(farm: Farm) -> int:
    """Occupations played, the Academic (E148) counting as 2 (catalogue E148)."""
    return sum(effect(c, farm).get("counts_as", 1) for c in farm.get("occupations", []))


def played(farm: Farm) -> list[str]:
    """The seat's occupations and minors in the order it played them."""
    return list(farm.get("cards", []))


def remaining(now: int, rounds: Any) -> list[int]:
    """Round spaces still to come (digest §10.2 item 1)."""
    return [r for r in rounds if r > now]


def every(goods: dict, rounds_of: Callable[[int], list[int]]) -> Any:
    """A ``schedule``: ``goods`` on each round that ``rounds_of(now)`` lists."""

    def schedule(now: int) -> dict[int, dict]:
        return {r: dict(goods) for r in rounds_of(now)}

    return schedule


def space_goods(state: dict, seat: int, space_id: str) -> dict:
    """Goods the seat's cards add when its person uses ``space_id``."""
    out: dict[str, int] = {}
    for cid in played(state["farms"][seat]):
        extra = effect(cid, state).get("space", {}).get(space_id)
        if callable(extra):
            extra = extra(state)
        for good, n in (extra or {}).items():
            out[good] = out.get(good, 0) + n
    return out


def taken_goods_at(state: dict, seat: int, gained: dict, space_id: str) -> dict:
    """Goods the seat's "whenever you take …" cards add to what an action on ``space_id``
    gave (negative counts are paid, e.g. the Stone Carrier's food)."""
    out: dict[str, int] = {}
    farm = state["farms"][seat]
    for cid in played(farm):
        took = effect(cid, farm).get("taken")
        for good, n in (took(gained, space_id, farm) if took else {}).items():
            out[good] = out.get(good, 0) + n
    return out


def field_food(farm: Farm) -> int:
    return sum(
        effect(cid, farm)["field"](farm) for cid in played(farm) if "field" in effect(cid, farm)
    )


def bonus_points(state: dict, seat: int) -> int:
    """The seat's own cards' bonus points, and cards of any seat that score for every player
    (the Reeve, E217)."""
    farm = state["farms"][seat]
    own = sum(
        effect(cid, farm)["bonus"](state, seat)
        for cid in played(farm)
        if "bonus" in effect(cid, farm)
    )
    everyone = sum(
        effect(cid, f)["global_bonus"](state, seat)
        for f in state["farms"]
        for cid in played(f)
        if "global_bonus" in effect(cid, f)
    )
    return own + everyone


def play_problem(state: dict, seat: int, card_id: str) -> str | None:
    check = effect(card_id, state).get("play_if")
    return check(state, seat) if check else None
