"""The full game as an extension of the family game's rules (issue 23 item 1).

:func:`build` turns a card set (``card_sets.CARD_SETS``) into the
:class:`~domain.agricola.extension.Extension` the base rules read at their windows: the full
board's action spaces and steps, the card moves, and the effects of exactly the cards of that
set, each as it was printed for that set (a card whose effect was corrected keeps, in older
sets, the entry those games were played with: ``engine.entry``). Nothing is installed into the
base modules: a full game's state names its card set and the base asks
``extension.of(state)``.
"""

from __future__ import annotations

from ..abilities import install
from ..extension import Extension
from . import (
    adoption,
    answer_occupation,
    any_time_renovation,
    businessman,
    buyers,
    card_moves,
    card_spaces,
    chamberlain,
    claim_moves,
    corn_profiteer,
    engine,
    fence_builder,
    fence_delivery,
    field_watch,
    free_builds,
    groom,
    growth_cards,
    guest,
    harrow,
    harvest_helper,
    hooks,
    improvement_actions,
    k_minor_windows,
    lasso,
    mill,
    puppeteer,
    random_occupation,
    reactions,
    round_offers,
    round_start,
    round_start_play,
    serf,
    spaces,
    stable_pasture,
    storehouse,
    taster,
    wood_carver,
    work_start,
    workshops_as_minors,
)
from .card_sets import CARD_SETS, CORRECTED
from .catalogue import CARDS
from .decks import DECKS
from .full_game import full_game
from .labels import LABELS


def effects(card_set: int) -> dict[str, dict]:
    """The effect of every card of ``card_set``, each the entry valid for that set."""
    return {
        cid: engine.entry(deck, cid, card_set)
        for deck in DECKS
        for cid in deck.cards
        if cid in CARD_SETS[card_set]
    }


def build(card_set: int) -> Extension:
    """The extension of a full game played with ``card_set``."""
    effect_of = effects(card_set)
    ext = Extension(
        name=f"cards/{card_set}",
        version=card_set,
        effects=effect_of,
        action_spaces={**spaces.ROWS, **card_spaces.ROWS},
        place_options={
            "occupation_or_growth": ("option",),
            "renovation_major_minor": ("pay",),
            card_spaces.KIND: ("option",),
        },
        place_variants={
            "occupation_or_growth": ("occupation", "growth"),
            card_spaces.KIND: card_spaces.OPTIONS,
        },
        renovating=("renovation_major_minor",),
        step_kinds={
            "build_major": ("major_minor", "renovation_major_minor"),
            "build_stable": ("card_stable",),
            "build_room": ("card_room",),
            "sow": ("sow_one",),
            "done": (
                "minor",
                "renovation_major_minor",
                "major_minor",
                "sow_one",
                "occupation_more",
                "plough",
            )
            +
            # a Stablehand's stable after Mini Pasture may be declined with "done"
            (("card_pasture",) if card_set >= CORRECTED else ()),
        },
        work_kinds=(
            "major_minor",
            "occupation",
            "occupation_more",
            "minor",
            "renovation_major_minor",
            "card_stable",
            "card_room",
            "card_pasture",
            "sow_one",
            "card_choice",
            "card_order",
        ),
        mandatory_parts={
            "major_minor": ("major", "minor"),
            "card_stable": ("stable",),
            "card_room": ("room",),
            "card_pasture": ("pasture",),
            "occupation": ("occupation",),
            "card_choice": ("choice",),
            "card_order": ("order",),
        },
        mandatory_text=hooks.MANDATORY_TEXT,
        farm_space_moves=("card_plough", "free_room", "free_stable", "card_fence"),
        labels=dict(LABELS),
        improvements={
            cid: {"name": CARDS[cid]["name"], **eff["improvement"]}
            for cid, eff in effect_of.items()
            if eff.get("improvement")
        },
    )
    install(ext, full_game(card_set))
    _gate(ext, effect_of)
    for module in _INSTALLED:
        install(ext, module.MODULE)
    install(ext, guest.MODULE)  # its event only
    for module in _INSTALLED_WITH:  # only in the sets that hold their cards
        if CARD_SETS[card_set] & module.MODULE.cards:
            install(ext, module.MODULE)
    # the K deck's minor improvements (cards/k_minor_windows.py)
    install(ext, k_minor_windows.MODULE)
    return ext


#: Card modules that add their own moves and windows (``MODULE``, ``abilities.install``): I225,
#: I254, I228, I249, I223, I260, the buyers I234/I251/I255, I265, I263, I239, I238.
_INSTALLED = (
    field_watch,
    groom,
    businessman,
    puppeteer,
    harvest_helper,
    taster,
    buyers,
    fence_delivery,
    fence_builder,
    corn_profiteer,
    chamberlain,
)


#: Modules installed only into the card sets that hold one of their cards (set 7 on), so the
#: extensions of older sets stay as their games were played: the claim cards K269, K289 and
#: the Wood Carver K301, the Adoptive Parents K267, the Serf K266.
_INSTALLED_WITH = (claim_moves, wood_carver, adoption, serf)

#: Every card module declared as a ``CardModule``: their bindings are checked when the card
#: package is composed (a wrong one fails here, naming the module and the window).
MODULES = (
    guest.MODULE,
    *(m.MODULE for m in _INSTALLED),
    *(m.MODULE for m in _INSTALLED_WITH),
    k_minor_windows.MODULE,
)
for _module in (full_game(max(CARD_SETS)), *MODULES):
    _module.check()


#: Hooks of ``anytime_candidates`` that serve only the cards whose effect has one of these keys
#: (each hook looks for such a card among the seat's; issue 35 item 3).
_GATES_BY_EFFECT = (
    (card_moves.renovate_moves, ("renovate_any_time",)),
    (any_time_renovation.moves, ("renovate_stone_any_time",)),
    (free_builds.room_moves, ("free_room",)),
    (round_offers.moves, ("offer_plough", "offer_animals")),
    (growth_cards.moves, ("growth_per_room",)),
    (stable_pasture.moves, ("fence_stable",)),
    (answer_occupation.moves, ("answer_occupation",)),
    (workshops_as_minors.moves, ("workshops_as_minor",)),
    (improvement_actions.moves, ("improvement_actions",)),
    (work_start.moves, ("spread_wood", "food_on_space")),
    (round_start_play.moves, ("round_start_play",)),
    (random_occupation.moves, ("random_occupation",)),
    (reactions.reaction_moves, ("reacts_to",)),
    (mill.moves, ("mill",)),
    (storehouse.moves, ("resow",)),
    (harrow.punner_moves, ("plough_offer",)),
    (lasso.moves, ("lasso",)),
)


def _gate(ext: Extension, effect_of: dict[str, dict]) -> None:
    """Index the card hooks of ``ext`` by the cards they serve (``Extension.running``)."""
    for hook, keys in _GATES_BY_EFFECT:
        ext.cards_of[hook] = frozenset(c for c, e in effect_of.items() if any(k in e for k in keys))
    ext.cards_of[round_start.plough_moves] = frozenset({round_start.PLOW_DRIVER})
