"""Occupations and minor improvements: the card engine of the full game (issue 10).

``catalogue`` holds every card of the E, I and K decks as data; ``engine`` the timing windows
and the effect registry; ``e_minors`` and ``e_occupations`` the E deck's implemented effects;
``deal`` the hands; ``play`` the moves that play cards; ``hooks`` joins all this to the family
game's modules. Importing the package installs it.
"""
from .. import flow, moves, scoring, steps
from . import (actions, animals, baking, deal, e_minors, e_occupations,  # noqa: F401
               engine, exchange, fields, free_builds, hooks, payments, play, plows,
               reactions, round_start, spaces)
from . import text as card_text


def _card_points(farm: dict) -> int:
    from .catalogue import CARDS
    return sum(CARDS[c]["vp"] for c in farm.get("minors", []))


def _conversions(farm: dict) -> list[str]:
    out = []
    for card_id in farm.get("cards", []):
        for pay, _ in engine.effect(card_id).get("converts", []):
            if all(farm["supply"].get(g, farm["animals"].get(g, 0)) >= n for g, n in pay.items()):
                out += list(pay)
    return out


def _feeding_trades(farm: dict) -> bool:
    """A card trade of the feeding phase (Feed Pellets E338) that is worth asking about even
    when the seat has food enough."""
    return any(engine.effect(c).get("feeding_trade") and
               play.trade_options(farm, engine.effect(c)) for c in farm.get("cards", []))


def _step_candidates(state: dict, seat: int, kind: str) -> list[dict]:
    if state["phase"] == "deal":
        return deal.deal_moves(state, seat)
    if kind in ("occupation", "occupation_more"):
        return [{"type": "play_occupation", "card": c}
                for c in play.hand(state, seat)["occupations"]]
    if kind == "card_choice":
        return play.choice_moves(state, seat)
    if kind == "card_pasture":
        return [{"type": "card_pasture", "space": s} for s in hooks.mini_pasture_spaces(
            state["farms"][seat])]
    if kind in play.MINOR_KINDS:
        return play.minor_moves(state, seat) + actions.again_moves(state, seat)
    return plows.plough_moves(state, seat) + fields.sow_moves(state, seat, kind) + \
        free_builds.stable_moves(state, seat)


def _by_card(plow, driver):
    """``card_plough`` on a ploughing action (plows) or at a round's start (Plow Driver)."""
    def handle(state_or_builder, seat, move):
        chosen = driver if move.get("card") == round_start.PLOW_DRIVER else plow
        return chosen(state_or_builder, seat, move)
    return handle


def _install() -> None:
    from .. import labels
    from .labels import LABELS
    labels.LABELS.update(LABELS)
    hooks.install()
    spaces.install()
    card_text.install()
    moves.HANDLERS.update({
        "play_occupation": (play.check_play_occupation, play.apply_play_occupation),
        "play_minor": (play.check_play_minor, play.apply_play_minor),
        "card_convert": (play.check_card_convert, play.apply_card_convert),
        "card_renovate": (play.check_card_renovate, play.apply_card_renovate),
        "card_choice": (play.check_card_choice, play.apply_card_choice),
        "card_pasture": (hooks.check_card_pasture, hooks.apply_card_pasture),
        "card_plough": (_by_card(plows.check, round_start.check),
                        _by_card(plows.apply, round_start.apply)),
        "card_sow": (fields.check, fields.apply),
        "card_major": (play.check_card_major, play.apply_card_major),
        "free_room": (free_builds.check, free_builds.apply),
        "card_bake": (baking.check, baking.apply),
        "card_again": (actions.check_again, actions.apply_again),
        "free_stable": (free_builds.check, free_builds.apply),
        "card_react": (reactions.check, reactions.apply),
        **{kind: (deal.check_deal_move, deal.apply_deal_move)
           for kind in ("discard", "redeal", "keep", "draft_pick")},
        **{kind: (exchange.check, exchange.apply)
           for kind in ("exchange_mark", "exchange_draw")}})
    moves.MOVE_SHAPES.update({"card_choice": ({"option": int}, {}),
                              "exchange_mark": ({"card": str}, {}),
                              "exchange_draw": ({"deck": str}, {}),
                              "card_renovate": ({"card": str}, {"pay": int}),
                              "card_pasture": ({"space": int}, {}),
                              "card_plough": ({"card": str, "space": int}, {}),
                              "card_sow": ({"card": str, "crop": str}, {}),
                              "card_major": ({"card": str, "major": str}, {"pay": int}),
                              "free_room": ({"card": str, "space": int}, {}),
                              "card_again": ({"card": str}, {}),
                              "card_bake": ({"card": str, "improvement": str, "grain": int},
                                            {}),
                              "free_stable": ({"card": str, "space": int}, {}),
                              "card_react": ({"card": str}, {}),
                              "discard": ({"card": str}, {}), "redeal": ({"deck": str}, {}),
                              "keep": ({}, {}), "draft_pick": ({"card": str}, {})})
    moves.FARM_SPACE_MOVES += ("card_plough", "free_room", "free_stable")
    steps.EXTRA_STEPS += [plows.any_open, free_builds.any_stable_open, actions.any_again_open]
    steps.STEP_KINDS["done"] += ("plough",)
    from .. import farm
    farm.ALTERNATIVES["room"].append(payments.room_alternatives)
    farm.ALTERNATIVES["renovation"].append(payments.renovation_alternatives)
    farm.ALTERNATIVES["improvement"].append(payments.improvement_alternatives)
    farm.FENCE_CREDIT.append(free_builds.fence_credit)
    flow.DEAL_STEP = deal.step
    moves.CARD_STEP_CANDIDATES.append(_step_candidates)
    moves.CARD_ANYTIME_CANDIDATES.append(play.convert_moves)
    moves.CARD_ANYTIME_CANDIDATES.append(play.renovate_moves)
    moves.CARD_ANYTIME_CANDIDATES.append(free_builds.room_moves)
    moves.CARD_ANYTIME_CANDIDATES.append(baking.bake_moves)
    moves.CARD_ANYTIME_CANDIDATES.append(round_start.plough_moves)
    moves.CARD_ANYTIME_CANDIDATES.append(exchange.exchange_moves)
    moves.CARD_ANYTIME_CANDIDATES.append(reactions.reaction_moves)
    flow.DRAW_HOOKS.append(exchange.draw)
    flow.ROUND_HOOKS.append(hooks.round_start)
    flow.FEEDING_HOOKS.append(hooks.feeding)
    moves.AFTER_MOVE.append(hooks.after_move)
    flow.FIELD_HOOKS.append(fields.harvest)
    flow.FIELD_HOOKS.append(hooks.field_phase)
    flow.FEEDING_CHOICES += [fields.feeding_choice, _feeding_trades, baking.feeding_choice]
    flow.CARD_CONVERSIONS = _conversions
    flow.NEWBORN_HOOKS.append(animals.newborns)
    from .. import state as state_mod
    state_mod.HOUSING_CHOICES.append(animals.shepherds_pipe)
    scoring.CARD_POINTS = _card_points
    scoring.CARD_BONUS = lambda state, seat: engine.bonus_points(state, seat) \
        if state["farms"][seat].get("cards") else 0


_install()
