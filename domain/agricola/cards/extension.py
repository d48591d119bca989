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
    actions,
    adoption,
    animal_bag,
    animals,
    answer_occupation,
    any_time_renovation,
    baking,
    board_cards,
    businessman,
    buyers,
    card_moves,
    card_spaces,
    chamberlain,
    claim_moves,
    corn_profiteer,
    deal,
    dealing,
    engine,
    exchange,
    family_fields,
    fence_builder,
    fence_delivery,
    field_watch,
    fields,
    free_builds,
    groom,
    growth_cards,
    guest,
    harrow,
    harvest_helper,
    herds,
    home_and_pastures,
    hooks,
    house_costs,
    improvement_actions,
    k_minor_windows,
    lasso,
    manure,
    mill,
    payments,
    play,
    plows,
    puppeteer,
    random_occupation,
    reactions,
    reserves,
    roof_and_frame,
    roofs,
    round_offers,
    round_start,
    round_start_play,
    serf,
    slaughter,
    spaces,
    stable_pasture,
    storehouse,
    taster,
    threshing,
    timed,
    watching,
    wood_carver,
    wood_fields,
    work_start,
    workshops_as_minors,
)
from .card_sets import CARD_SETS, CORRECTED
from .catalogue import CARDS
from .decks import DECKS
from .labels import LABELS

_OPTIONAL_DONE = {
    "occupation": "occupation",
    "card_stable": "stable",
    "card_room": "room",
    "card_pasture": "pasture",
    "card_choice": "choice",
}


def _not_done(part):
    return lambda state, seat: part not in state["pending"][seat].get("done", [])


def _occupation_more_left(state, seat):
    return "occupation" not in state["pending"][seat].get("done", []) and (
        play.any_playable_occupation(state, seat, state["pending"][seat]["space"])
    )


def _by_card(plow, driver, punner=None):
    """``card_plough`` on a ploughing action (plows), at a round's start (Plow Driver) or after
    another seat's plow (Punner I70, ``harrow.py``)."""

    def handle(state_or_builder, seat, move):
        chosen = driver if move.get("card") == round_start.PLOW_DRIVER else plow
        state = getattr(state_or_builder, "state", state_or_builder)
        if punner and harrow.is_punner(state, move.get("card")):
            chosen = punner
        return chosen(state_or_builder, seat, move)

    return handle


#: The dealing and exchange moves' shapes: (required fields, optional fields).
_Shape = tuple[dict[str, type], dict[str, type]]
_DEALING: tuple[tuple[str, _Shape], ...] = (
    ("discard", ({"card": str}, {})),
    ("redeal", ({"deck": str}, {})),
    ("keep", ({}, {})),
    ("draft_pick", ({"card": str}, {})),
    ("choose_card", ({"card": str}, {})),
)
_EXCHANGE: tuple[tuple[str, _Shape], ...] = (
    ("exchange_mark", ({"card": str}, {})),
    ("exchange_draw", ({"deck": str}, {})),
)

#: Modules of card mechanisms with moves of their own (``HANDLERS``, ``SHAPES``; issue 23).
_MOVE_MODULES = (
    round_offers,
    growth_cards,
    stable_pasture,
    answer_occupation,
    improvement_actions,
    work_start,
    round_start_play,
    random_occupation,
)

#: Card moves: type -> ((check, apply), (required fields, optional fields)).
MOVES = {
    "play_occupation": (
        (play.check_play_occupation, play.apply_play_occupation),
        ({"card": str}, {}),
    ),
    "play_minor": (
        (improvement_actions.check_minor(play.check_play_minor), play.apply_play_minor),
        ({"card": str}, {"pay": int, "choice": int, "return": list}),
    ),
    "card_convert": (
        (card_moves.check_card_convert, card_moves.apply_card_convert),
        ({"card": str}, {"option": int}),
    ),
    "card_renovate": (
        (any_time_renovation.check, any_time_renovation.apply),
        ({"card": str}, {"pay": int}),
    ),
    "card_choice": (
        (card_moves.check_card_choice, card_moves.apply_card_choice),
        ({"option": int}, {}),
    ),
    "card_first": ((card_moves.check_card_first, card_moves.apply_card_first), ({"card": str}, {})),
    "card_pasture": ((hooks.check_card_pasture, hooks.apply_card_pasture), ({"space": int}, {})),
    "card_plough": (
        (
            round_offers.plough_check(
                _by_card(plows.check, round_start.check, harrow.punner_check)
            ),
            round_offers.plough_apply(
                _by_card(plows.apply, round_start.apply, harrow.punner_apply)
            ),
        ),
        ({"card": str, "space": int}, {}),
    ),
    "card_sow": ((fields.check, wood_fields.sow(fields.apply)), ({"card": str, "crop": str}, {})),
    "card_major": (
        (workshops_as_minors.check(play.check_card_major), play.apply_card_major),
        ({"card": str, "major": str}, {"pay": int}),
    ),
    "free_room": ((free_builds.check, free_builds.apply), ({"card": str, "space": int}, {})),
    "card_bake": (
        (baking.check, baking.apply),
        ({"card": str, "improvement": str, "grain": int}, {}),
    ),
    "card_again": ((actions.check_again, actions.apply_again), ({"card": str}, {})),
    "free_stable": ((free_builds.check, free_builds.apply), ({"card": str, "space": int}, {})),
    "card_react": ((reactions.check, reactions.apply), ({"card": str}, {})),
    "card_mill": ((mill.check, mill.apply), ({"card": str}, {})),
    "card_harvest": ((manure.check, manure.apply), ({"card": str}, {})),
    "card_lasso": ((lasso.check, lasso.apply), ({"card": str}, {})),
    "card_resow": ((storehouse.check, storehouse.apply), ({"card": str, "space": int}, {})),
    **{kind: ((dealing.check, dealing.apply), shape) for kind, shape in _DEALING},
    **{kind: ((exchange.check, exchange.apply), shape) for kind, shape in _EXCHANGE},
    **{kind: (pair, m.SHAPES[kind]) for m in _MOVE_MODULES for kind, pair in m.HANDLERS.items()},
}


def _conversions(farm: dict) -> list[str]:
    out = []
    for card_id in farm.get("cards", []):
        for pay, _ in engine.effect(card_id, farm).get("converts", []):
            if all(farm["supply"].get(g, farm["animals"].get(g, 0)) >= n for g, n in pay.items()):
                out += list(pay)
    return out


def _feeding_trades(farm: dict) -> bool:
    """A card trade of the feeding phase (Feed Pellets E338) that is worth asking about even
    when the seat has food enough."""
    return any(
        engine.effect(c, farm).get("feeding_trade")
        and card_moves.trade_options(farm, engine.effect(c, farm))
        for c in farm.get("cards", [])
    )


def _step_candidates(state: dict, seat: int, kind: str) -> list[dict]:
    if state["phase"] == "deal":
        return dealing.moves(state, seat)
    if kind in ("occupation", "occupation_more"):
        return [
            {"type": "play_occupation", "card": c} for c in play.hand(state, seat)["occupations"]
        ]
    if kind == "card_choice":
        return card_moves.choice_moves(state, seat)
    if kind == "card_order":
        return card_moves.order_moves(state, seat)
    if kind == "card_pasture":
        return [
            {"type": "card_pasture", "space": s}
            for s in hooks.mini_pasture_spaces(state["farms"][seat])
        ] + free_builds.stable_moves(state, seat)
    if kind in play.MINOR_KINDS:
        return play.minor_moves(state, seat) + actions.again_moves(state, seat)
    return (
        plows.plough_moves(state, seat)
        + fields.sow_moves(state, seat, kind)
        + free_builds.stable_moves(state, seat)
    )


def _card_points(farm: dict) -> int:
    return sum(CARDS[c]["vp"] for c in farm.get("minors", []))


def _card_bonus(state: dict, seat: int) -> int:
    # a seat without cards may still score another seat's card (Constable K276, House
    # Steward K282; Village Elder I221, Church Warden I227)
    return engine.bonus_points(state, seat) if any(f.get("cards") for f in state["farms"]) else 0


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
        # round start
        round_start=[hooks.round_start, guest.round_start],
        round_draws=[animal_bag.draw],
        draw=[exchange.draw, random_occupation.draw],
        deal_step=deal.step,
        # placement: the full board's spaces (digest §4.2, §4.4, §4.5) and the Forester's
        place_checks={
            **hooks.PLACE_CHECKS,
            spaces.KIND: spaces.check,
            card_spaces.KIND: card_spaces.check,
        },
        place_apply={
            **hooks.PLACE_APPLY,
            spaces.KIND: spaces.apply,
            card_spaces.KIND: card_spaces.apply,
        },
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
        occupied_ok=[hooks.occupied_ok],
        place_limits=[lasso.place_limit],
        place_problems=[watching.sycophant_problem, board_cards.clay_digger_problem],
        growth_without_room=[family_fields.steward_allows],
        # action
        after_place=[hooks.after_place, hooks.choice_after_place],
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
        optional_left={
            "minor": hooks.optional("minor"),
            "major_minor": hooks.optional("major_minor"),
            "renovation_major_minor": hooks.optional("renovation_major_minor"),
            "sow_one": hooks.sow_one_left,
            "occupation_more": _occupation_more_left,
            "card_order": lambda state, seat: True,
            **{kind: _not_done(part) for kind, part in _OPTIONAL_DONE.items()},
        },
        extra_steps=[
            plows.any_open,
            free_builds.any_stable_open,
            actions.any_again_open,
            improvement_actions.second_minor_open,
            threshing.any_open,
        ],
        step_candidates=[_step_candidates],
        anytime_candidates=[
            card_moves.convert_moves,
            card_moves.renovate_moves,
            any_time_renovation.moves,
            free_builds.room_moves,
            baking.bake_moves,
            round_start.plough_moves,
            round_offers.moves,
            growth_cards.moves,
            stable_pasture.moves,
            answer_occupation.moves,
            workshops_as_minors.moves,
            improvement_actions.moves,
            work_start.moves,
            round_start_play.moves,
            random_occupation.moves,
            exchange.exchange_moves,
            reactions.reaction_moves,
            mill.moves,
            storehouse.moves,
            manure.moves,
            harrow.punner_moves,
            lasso.moves,
        ],
        handlers={kind: pair for kind, (pair, _) in MOVES.items()},
        move_shapes={kind: shape for kind, (_, shape) in MOVES.items()},
        farm_space_moves=("card_plough", "free_room", "free_stable", "card_fence"),
        after_move=[hooks.after_move],
        labels=dict(LABELS),
        card_label=lambda card: f"{CARDS[card]['name']} ({card})" if card in CARDS else str(card),
        # build costs and fences
        costs={
            "room": [
                house_costs.plaster_room,
                hooks.room_cost,
                roofs.room_cost,
                house_costs.bricklayer_room,
            ],
            "renovation": [
                house_costs.plaster_renovation,
                hooks.renovation_cost,
                roofs.renovation_cost,
            ],
            "major": [hooks.stone_less],
        },
        alternatives={
            "room": [payments.room_alternatives, roof_and_frame.room_alternatives],
            "renovation": [
                payments.renovation_alternatives,
                roof_and_frame.renovation_alternatives,
            ],
            "improvement": [
                payments.improvement_alternatives,
                workshops_as_minors.improvement_alternatives,
                roofs.improvement_alternatives,
                house_costs.well_builder,
            ],
        },
        fence_credit=[free_builds.fence_credit],
        # bake and cook
        improvements={
            cid: {"name": CARDS[cid]["name"], **eff["improvement"]}
            for cid, eff in effect_of.items()
            if eff.get("improvement")
        },
        # animals
        housing=[home_and_pastures.housing, hooks.housing, reserves.housing],
        housing_choices=[animals.shepherds_pipe],
        newborns=[animals.newborns],
        # harvest
        field_phase=[
            fields.harvest,
            family_fields.gardener_card_fields,
            hooks.field_phase,
            herds.field_phase,
            mill.field_phase,
        ],
        fields_kept=[family_fields.gardener_kept],
        harvest_skipped=[timed.layabout_skips],
        feeding=[hooks.feeding],
        conversions=[_conversions],
        feeding_choices=[
            fields.feeding_choice,
            _feeding_trades,
            baking.feeding_choice,
            slaughter.feeding_choice,
            mill.feeding_choice,
            storehouse.feeding_choice,
        ],
        feed_waits=[slaughter.feed_wait],
        # scoring
        card_points=_card_points,
        card_bonus=_card_bonus,
    )
    ext.owners.update(dict.fromkeys(ext.handlers, "cards/extension.py (the card moves)"))
    _gate(ext, effect_of)
    for module in _INSTALLED:
        install(ext, module.MODULE)
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
    *(m.MODULE for m in _INSTALLED),
    *(m.MODULE for m in _INSTALLED_WITH),
    k_minor_windows.MODULE,
)
for _module in MODULES:
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
