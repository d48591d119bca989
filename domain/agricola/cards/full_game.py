"""The full game's own bindings (issue 35 item 1): the full board's spaces and steps, the card
moves (:data:`MOVES`) and the E deck's mechanisms, declared as one
:class:`~domain.agricola.abilities.CardModule` that ``cards/extension.py`` installs first
(moved from ``cards/extension.py:build``; the order of each window's hooks is kept)."""

from __future__ import annotations

from typing import Any

from ..abilities import Bind, CardModule, Move
from ..statetypes import Farm
from . import (
    actions,
    animal_bag,
    animals,
    answer_occupation,
    any_time_renovation,
    baking,
    board_cards,
    card_moves,
    card_spaces,
    deal,
    dealing,
    engine,
    exchange,
    family_fields,
    feeding_cards,
    fields,
    free_builds,
    growth_cards,
    guest,
    harrow,
    herds,
    home_and_pastures,
    hooks,
    house_costs,
    improvement_actions,
    lasso,
    manure,
    mill,
    occupation_play,
    payments,
    permanent,
    play,
    plows,
    random_occupation,
    reactions,
    reserves,
    roof_and_frame,
    roofs,
    round_offers,
    round_start,
    round_start_play,
    slaughter,
    spaces,
    stable_pasture,
    storehouse,
    threshing,
    timed,
    watching,
    wood_fields,
    work_start,
    workshops_as_minors,
)
from .catalogue import CARDS
from .decks import k_occupation_rules as ks

_OPTIONAL_DONE = {
    "occupation": "occupation",
    "card_stable": "stable",
    "card_room": "room",
    "card_pasture": "pasture",
    "card_choice": "choice",
}


def _not_done(part: Any) -> Any:
    return lambda state, seat: part not in state["pending"][seat].get("done", [])


def _occupation_more_left(state: dict, seat: int) -> Any:
    return "occupation" not in state["pending"][seat].get("done", []) and (
        occupation_play.any_playable_occupation(state, seat, state["pending"][seat]["space"])
    )


def _by_card(plow: Any, driver: Any, punner: Any = None) -> Any:
    """``card_plough`` on a ploughing action (plows), at a round's start (Plow Driver) or after
    another seat's plow (Punner I70, ``harrow.py``)."""

    def handle(state_or_builder: Any, seat: int, move: dict) -> Any:
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
        (occupation_play.check_play_occupation, occupation_play.apply_play_occupation),
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


def _conversions(farm: Farm) -> list[str]:
    out = []
    for card_id in farm.get("cards", []):
        for pay, _ in engine.effect(card_id, farm).get("converts", []):
            if all(farm["supply"].get(g, farm["animals"].get(g, 0)) >= n for g, n in pay.items()):
                out += list(pay)
    return out


def _feeding_trades(farm: Farm) -> bool:
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


def _card_points(farm: Farm) -> int:
    return sum(CARDS[c]["vp"] for c in farm.get("minors", []))


def _card_bonus(state: dict, seat: int) -> int:
    # a seat without cards may still score another seat's card (Constable K276, House
    # Steward K282; Village Elder I221, Church Warden I227)
    return engine.bonus_points(state, seat) if any(f.get("cards") for f in state["farms"]) else 0


def _placement_binds() -> tuple[Bind, ...]:
    """The round's start, the deal and placing a person (digest §3.2, §4, §10.4)."""
    return (
        Bind("round_start", hooks.round_start),
        Bind("round_start", guest.round_start),
        Bind("round_draws", animal_bag.draw),
        Bind("draw", exchange.draw),
        Bind("draw", random_occupation.draw),
        Bind("deal_step", deal.step),
        Bind("deal", dealing.deal),
        Bind("lay_permanent", permanent.lay_permanent),
        *(Bind("place_checks", hook, key=key) for key, hook in hooks.PLACE_CHECKS.items()),
        Bind("place_checks", spaces.check, key=spaces.KIND),
        Bind("place_checks", card_spaces.check, key=card_spaces.KIND),
        *(Bind("place_apply", hook, key=key) for key, hook in hooks.PLACE_APPLY.items()),
        Bind("place_apply", spaces.apply, key=spaces.KIND),
        Bind("place_apply", card_spaces.apply, key=card_spaces.KIND),
        Bind("occupied_ok", hooks.occupied_ok),
        Bind("place_limits", lasso.place_limit),
        Bind("place_problems", watching.sycophant_problem),
        Bind("place_problems", board_cards.clay_digger_problem),
        Bind("growth_without_room", family_fields.steward_allows),
        Bind("after_place", hooks.after_place),
        Bind("after_place", hooks.choice_after_place),
    )


def _step_binds(card_set: int) -> tuple[Bind, ...]:
    """The steps of an action: what keeps it open and what it offers (digest §4.1)."""
    return (
        Bind("optional_left", hooks.optional("minor"), key="minor"),
        Bind("optional_left", hooks.optional("major_minor"), key="major_minor"),
        Bind(
            "optional_left",
            hooks.optional("renovation_major_minor"),
            key="renovation_major_minor",
        ),
        Bind("optional_left", hooks.sow_one_left, key="sow_one"),
        Bind("optional_left", _occupation_more_left, key="occupation_more"),
        Bind("optional_left", lambda state, seat: True, key="card_order"),
        *(
            Bind("optional_left", _not_done(part), key=kind)
            for kind, part in _OPTIONAL_DONE.items()
        ),
        Bind("extra_steps", plows.any_open),
        Bind("extra_steps", free_builds.any_stable_open),
        Bind("extra_steps", actions.any_again_open),
        Bind("extra_steps", improvement_actions.second_minor_open),
        Bind("extra_steps", threshing.any_open),
        # issue 38: "whenever" offers are steps of the action (card set 8 on)
        *(
            (
                Bind("extra_steps", growth_cards.step_open),
                Bind("extra_steps", ks.animal_breeder_step),
                Bind("extra_steps", stable_pasture.step_open),
            )
            if card_set >= 8
            else ()
        ),
        Bind("step_candidates", _step_candidates),
    )


def _anytime_binds() -> tuple[Bind, ...]:
    """The moves a seat may make at any time, and a card's name in a move's label."""
    return (
        Bind("anytime_candidates", card_moves.convert_moves),
        Bind("anytime_candidates", card_moves.renovate_moves),
        Bind("anytime_candidates", any_time_renovation.moves),
        Bind("anytime_candidates", free_builds.room_moves),
        Bind("anytime_candidates", baking.bake_moves),
        Bind("anytime_candidates", round_start.plough_moves),
        Bind("anytime_candidates", round_offers.moves),
        Bind("anytime_candidates", growth_cards.moves),
        Bind("anytime_candidates", stable_pasture.moves),
        Bind("anytime_candidates", answer_occupation.moves),
        Bind("anytime_candidates", workshops_as_minors.moves),
        Bind("anytime_candidates", improvement_actions.moves),
        Bind("anytime_candidates", work_start.moves),
        Bind("anytime_candidates", round_start_play.moves),
        Bind("anytime_candidates", random_occupation.moves),
        Bind("anytime_candidates", exchange.exchange_moves),
        Bind("anytime_candidates", reactions.reaction_moves),
        Bind("anytime_candidates", mill.moves),
        Bind("anytime_candidates", storehouse.moves),
        Bind("anytime_candidates", manure.moves),
        Bind("anytime_candidates", harrow.punner_moves),
        Bind("anytime_candidates", lasso.moves),
        Bind("after_move", hooks.after_move),
        Bind(
            "card_label",
            lambda card: f"{CARDS[card]['name']} ({card})" if card in CARDS else str(card),
        ),
    )


def _cost_binds() -> tuple[Bind, ...]:
    """Prices and their alternatives, fence credit and where animals live (digest §5, §6.4)."""
    return (
        Bind("costs", house_costs.plaster_room, key="room"),
        Bind("costs", hooks.room_cost, key="room"),
        Bind("costs", roofs.room_cost, key="room"),
        Bind("costs", house_costs.bricklayer_room, key="room"),
        Bind("costs", house_costs.plaster_renovation, key="renovation"),
        Bind("costs", hooks.renovation_cost, key="renovation"),
        Bind("costs", roofs.renovation_cost, key="renovation"),
        Bind("costs", hooks.stone_less, key="major"),
        Bind("alternatives", payments.room_alternatives, key="room"),
        Bind("alternatives", roof_and_frame.room_alternatives, key="room"),
        Bind("alternatives", payments.renovation_alternatives, key="renovation"),
        Bind("alternatives", roof_and_frame.renovation_alternatives, key="renovation"),
        Bind("alternatives", payments.improvement_alternatives, key="improvement"),
        Bind("alternatives", workshops_as_minors.improvement_alternatives, key="improvement"),
        Bind("alternatives", roofs.improvement_alternatives, key="improvement"),
        Bind("alternatives", house_costs.well_builder, key="improvement"),
        Bind("fence_credit", free_builds.fence_credit),
        Bind("housing", home_and_pastures.housing),
        Bind("housing", hooks.housing),
        Bind("housing", reserves.housing),
        Bind("housing_choices", animals.shepherds_pipe),
        Bind("newborns", animals.newborns),
    )


def _harvest_binds(card_set: int) -> tuple[Bind, ...]:
    """The harvest, feeding and the cards' points (digest §6, §8)."""
    return (
        Bind("field_phase", fields.harvest),
        Bind("field_phase", family_fields.gardener_card_fields),
        Bind("field_phase", hooks.field_phase),
        Bind("field_phase", herds.field_phase),
        Bind("field_phase", mill.field_phase),
        Bind("fields_kept", family_fields.gardener_kept),
        Bind("harvest_skipped", timed.layabout_skips),
        Bind("feeding", hooks.feeding),
        Bind("conversions", _conversions),
        Bind("feeding_choices", fields.feeding_choice),
        Bind("feeding_choices", _feeding_trades),
        Bind("feeding_choices", baking.feeding_choice),
        Bind("feeding_choices", slaughter.feeding_choice),
        Bind("feeding_choices", mill.feeding_choice),
        Bind("feeding_choices", storehouse.feeding_choice),
        # issue 38: a seat holding a feeding-phase card it could use is asked (set 8 on)
        *((Bind("feeding_choices", feeding_cards.asks),) if card_set >= 8 else ()),
        Bind("feed_waits", slaughter.feed_wait),
        Bind("card_points", _card_points),
        Bind("card_bonus", _card_bonus),
    )


def full_game(card_set: int) -> CardModule:
    """The full game's own bindings (the full board, the card moves and the E deck's
    mechanisms), in the order the windows run them; checked like any card module's."""
    return CardModule(
        f"cards/extension.py (the full game, card set {card_set})",
        binds=(
            *_placement_binds(),
            *_step_binds(card_set),
            *_anytime_binds(),
            *_cost_binds(),
            *_harvest_binds(card_set),
        ),
        moves={
            kind: Move(check, apply, required, optional)
            for kind, ((check, apply), (required, optional)) in MOVES.items()
        },
    )
