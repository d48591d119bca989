"""Playing occupations and minor improvements in the full game (digest §10.1, T-11).

Moves: ``{"type": "play_occupation", "card": "E176"}``; ``{"type": "play_minor", "card":
"E16", "pay": 0, "choice": 1}`` (``pay`` picks one of the card's alternative prices, ``choice``
one of its alternative gains; each only where the card has several); ``{"type":
"card_convert", "card": "E17", "option": 0}`` for cards that turn goods into other goods at
any time. Hands are private (``state["hands"]["_private"]``); played cards are public.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from domain.common.errors import register_messages

from ..builder import seat_params
from ..errors import AgricolaViolation, StepNotExpected
from ..farm import affordable, improvement_costs, major_costs
from ..improvements import is_a
from ..state import improvements_owned, major_name, name
from ..statetypes import Farm
from ..steps import settle
from ..tables import MAJOR_IMPROVEMENTS
from ..text import goods_text
from . import engine
from .catalogue import CARDS
from .common import card_name, hand, maid, receive_animals, stone_less
from .prerequisites import problem as sown_problem

if TYPE_CHECKING:
    from ..builder import Builder

register_messages(
    {
        "card_not_in_hand": "You cannot play {card_name}: it is not in {seat_name}'s hand.",
        "card_prerequisite_unmet": "{seat_name} cannot play {card_name}: {reason}.",
        "card_cost_unaffordable": "{seat_name} cannot pay {cost} for {card_name}: they have "
        "{have}.",
        "card_not_now": "{seat_name} cannot {what} {card_name} now: {reason}.",
    }
)

#: Pending kinds that offer a minor improvement.
MINOR_KINDS = ("minor", "major_minor", "renovation_major_minor")


def refusal(code: Any, state: dict, seat: int, card_id: Any, **params: Any) -> Any:
    return AgricolaViolation(
        code, card_name=card_name(card_id), **params, **seat_params(state, seat)
    )


# -- minor improvements -------------------------------------------------------------------------


def prerequisite_problem(state: dict, seat: int, card_id: str) -> str | None:
    """Why the seat lacks the card's prerequisite (catalogue §1 "Prerequisite")."""
    req = CARDS[card_id]["requires"]
    farm = state["farms"][seat]
    occupations = engine.occupation_count(farm)
    improvements = len(farm.get("minors", [])) + len(farm["majors"])
    if occupations < req.get("occupations", 0):
        return f"it needs {req['occupations']} occupation(s) played"
    if improvements < req.get("improvements", 0):
        return f"it needs {req['improvements']} improvement(s) built"
    for animal, n in req.get("animals", {}).items():
        if farm["animals"][animal] < n:
            return f"it needs {n} {animal}"
    if req.get("no_occupation") and occupations:
        return "it may be played only before any occupation"
    if req.get("own"):
        if not any(is_a(i, req["own"]) for i in improvements_owned(farm)):
            return (
                f"it needs an {req['own']}"
                if req["own"][0] in "aeiou"
                else f"it needs a {req['own']}"
            )
    if any(k in req for k in ("fields", "animals_any")):
        if sown_problem(farm, req):
            return sown_problem(farm, req)
    if not return_options(state, seat, card_id):
        return (
            f"it needs {_RETURNED.get(req['return'], req['return'])} to return"
            if req.get("return")
            else f"it needs {req['discard_improvements']} built improvements to discard"
        )
    return engine.play_problem(state, seat, card_id)


#: How a prerequisite's improvement to return reads ("return 1 oven", "return the Well" I66).
_RETURNED = {"oven": "an oven", "well": "the Well", "cooking_hearth": "a Cooking Hearth"}


def return_options(state: dict, seat: int, card_id: str) -> list[list[str]]:
    """What the seat may give back to play ``card_id``: one oven for E14 Baker's Oven ("return
    an oven"), any 2 built improvements for E38 Madonna Statue (catalogue notes: they are the
    payment; majors go back to the board). ``[[]]`` when the card asks for nothing."""

    req = CARDS[card_id]["requires"]
    farm = state["farms"][seat]
    if req.get("return"):  # "oven"; "well", "cooking_hearth" (I66, I85)
        return [[o] for o in improvements_owned(farm) if is_a(o, req["return"])]
    if req.get("discard_improvements"):
        built = sorted(farm["majors"] + farm.get("minors", []))
        return [list(c) for c in combinations(built, req["discard_improvements"])]
    return [[]]


#: Minors whose reed the Thatcher (E157) reduces (catalogue E157; E21 is the E deck's one).
THATCHED = ("E21",)


def minor_cost(farm: Farm, card_id: str, pay: int) -> dict:
    cost = dict(CARDS[card_id]["costs"][pay])
    if card_id in THATCHED and cost.get("reed"):
        less = sum(engine.effect(c, farm).get("reed_less", 0) for c in farm.get("cards", []))
        cost["reed"] = max(0, cost["reed"] - less)
    return {g: n for g, n in stone_less(farm, cost).items() if n}


def minor_costs(farm: Farm, card_id: str) -> list[dict]:
    """Every way the seat may pay for a minor: its printed costs as the seat's cards change
    them, then the other ways its cards offer (Baking Tray E15)."""

    printed = [minor_cost(farm, card_id, i) for i in range(len(CARDS[card_id]["costs"]))]
    return improvement_costs(farm, card_id, printed)


def minor_payments(state: dict, seat: int, card_id: str) -> list[int]:
    farm = state["farms"][seat]
    held = {**farm["supply"], **farm["animals"]}
    return [i for i, cost in enumerate(minor_costs(farm, card_id)) if affordable(held, cost)]


def minor_moves(state: dict, seat: int) -> list[dict]:
    return majors_as_minors(state, seat) + list(_hand_minor_moves(state, seat))


def any_minor_move(state: dict, seat: int) -> bool:
    """Whether :func:`minor_moves` lists anything (stops at the first move found)."""
    return (
        bool(majors_as_minors(state, seat))
        or next(_hand_minor_moves(state, seat), None) is not None
    )


def _hand_minor_moves(state: dict, seat: int) -> Any:
    for card_id in hand(state, seat)["minors"]:
        if not prerequisite_problem(state, seat, card_id):
            yield from minor_variants(state, seat, card_id, "play_minor")


def minor_variants(state: dict, seat: int, card_id: str, move_type: str) -> Any:
    """Every way to play minor improvement ``card_id`` as a ``move_type`` move: each payment
    the seat can afford (``pay`` when there are several prices), each printed choice
    (``choice``) and each set of goods returned (``return``)."""
    farm = state["farms"][seat]
    costs = minor_costs(farm, card_id)  # once: as minor_payments computes them
    several = len(costs) > 1
    held = {**farm["supply"], **farm["animals"]}
    pays = [i for i, cost in enumerate(costs) if affordable(held, cost)]
    choices = engine.effect(card_id, state).get("choices") or [None]
    backs = return_options(state, seat, card_id) if pays else []
    for pay in pays:
        for c in range(len(choices)):
            for back in backs:
                move: dict = {"type": move_type, "card": card_id}
                if several:
                    move["pay"] = pay
                if len(choices) > 1:
                    move["choice"] = c
                if back:
                    move["return"] = back
                yield move


def majors_as_minors(state: dict, seat: int) -> list[dict]:
    """Major improvements the seat may take as its minor improvement: the Pottery for nothing
    (E33 Ceramics), the Clay and Stone Ovens at their price (E15 Baking Tray, effect
    ``major_paid``; ``pay`` picks one of :func:`farm.major_costs` when there are several)."""

    farm = state["farms"][seat]
    out = []
    for c in farm.get("cards", []):
        eff = engine.effect(c, farm)
        for major in eff.get("major_as_minor", ()):
            if state["majors"].get(major, "gone") is not None:
                continue
            move = {"type": "card_major", "card": c, "major": major}
            if not eff.get("major_paid"):
                out.append(move)
                continue
            costs = major_costs(farm, major)
            out += [
                dict(move, pay=i) if len(costs) > 1 else move
                for i, cost in enumerate(costs)
                if affordable(farm["supply"], cost)
            ]
    return out


def check_card_major(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if (
        pending is None
        or pending["kind"] not in MINOR_KINDS
        or {"minor", "major"} & set(pending.get("done", []))
        or move not in majors_as_minors(state, seat)
    ):
        raise refusal(
            "card_not_now",
            state,
            seat,
            move["card"],
            what="use",
            reason="it works as the minor improvement of an action that offers one, "
            "while the major improvement is still on the board",
        )


def apply_card_major(b: Builder, seat: int, move: dict) -> None:
    major, farm = move["major"], b.state["farms"][seat]
    paid = engine.effect(move["card"], farm).get("major_paid")
    data = {
        "major": major,
        "cost": major_costs(farm, major)[move.get("pay", 0)] if paid else {},
        "returned": None,
        "well_rounds": [],
        "card": move["card"],
        "part": "minor",
    }
    built_as_minor(b, seat, data, bool(MAJOR_IMPROVEMENTS[major].get("bake_on_build")))


def built_as_minor(b: Builder, seat: int, data: dict, bakes: bool) -> None:
    """``MajorBuilt`` (``data``) for a major improvement a card builds as the action's minor
    improvement, then the action goes on; an oven that bakes when built opens its bake step
    first (digest §7, seed 000 L620)."""

    if bakes:
        pending = b.state["pending"][seat]
        data["pending"] = {
            "kind": "oven_bake",
            "space": pending["space"],
            "done": pending.get("done", []) + ["minor"],
            "baked": [],
        }
    b.emit("MajorBuilt", data, seat)
    settle(b, seat)


def check_play_minor(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    card_id = move["card"]
    if (
        pending is None
        or pending["kind"] not in MINOR_KINDS
        or {"minor", "major"} & set(pending.get("done", []))
    ):
        raise refusal(
            "card_not_now",
            state,
            seat,
            card_id,
            what="play",
            reason="the action in progress offers no minor improvement",
        )
    if card_id not in hand(state, seat)["minors"]:
        raise refusal("card_not_in_hand", state, seat, card_id)
    problem = prerequisite_problem(state, seat, card_id)
    if problem:
        raise refusal("card_prerequisite_unmet", state, seat, card_id, reason=problem)
    back = sorted(move.get("return", []))
    if back not in return_options(state, seat, card_id):
        what = " and ".join(major_name(i) for i in back) or "nothing"
        raise refusal(
            "card_prerequisite_unmet",
            state,
            seat,
            card_id,
            reason=f"it cannot be paid by giving back {what}",
        )
    if "return" in move:
        move = dict(move, **{"return": back})
    if move not in minor_moves(state, seat):
        costs = " or ".join(goods_text(c) for c in CARDS[card_id]["costs"])
        raise refusal(
            "card_cost_unaffordable",
            state,
            seat,
            card_id,
            cost=costs,
            have=goods_text(state["farms"][seat]["supply"]),
        )


def apply_play_minor(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    info = CARDS[card_id]
    n = len(b.state["players"])
    passes_to = None if not info["passing"] or n == 1 else (seat + 1) % n
    cost = minor_costs(b.state["farms"][seat], card_id)[move.get("pay", 0)]
    data = {"card": card_id, "cost": cost, "kept": not info["passing"], "to": passes_to}
    if move.get("return"):
        data["returned"] = sorted(move["return"])
    if engine.effect(card_id, b.state).get("card_field"):
        data["card_field"] = list(engine.effect(card_id, b.state)["card_field"])
        if engine.effect(card_id, b.state).get("card_plots"):  # I78 Copse: 2 plots
            data["card_plots"] = engine.effect(card_id, b.state)["card_plots"]
    b.emit("MinorPlayed", data, seat)
    on_play(b, seat, card_id, move)
    settle(b, seat)


# -- card effects at play (digest §10.1; engine windows) -----------------------------------------


def on_play(b: Builder, seat: int, card_id: str, move: dict) -> None:
    eff = engine.effect(card_id, b.state)
    goods = dict(eff.get("goods", {}))
    farm = b.state["farms"][seat]
    for key, make in (
        ("goods_by_round", lambda f: f(b.state["round"])),
        ("on_play_goods", lambda f: f(farm)),
    ):
        if eff.get(key):
            for good, n in make(eff[key]).items():
                goods[good] = goods.get(good, 0) + n
    goods = {g: n for g, n in goods.items() if n}
    if eff.get("choices"):
        goods.update(eff["choices"][move.get("choice", 0)])
    if goods:
        b.emit("CardGoods", {"card": card_id, "goods": goods}, seat)
    if eff.get("schedule"):
        rounds = eff["schedule"](b.state["round"])
        if rounds:
            b.emit(
                "CardScheduled",
                {"card": card_id, "rounds": {str(r): g for r, g in rounds.items()}},
                seat,
            )
    if eff.get("animals"):
        receive_animals(b, seat, card_id, eff["animals"])
    if eff.get("adds_space"):
        eff["adds_space"](b, seat, card_id)
    if eff.get("maid"):
        maid(b, seat)
    if eff.get("round_check") and eff.get("after_any"):
        eff["after_any"](b, seat, None, card_id)
    if eff.get("improvement", {}).get("bake_on_build"):
        pending = b.state["pending"][seat]
        b.emit(
            "CardStep",
            {
                "card": card_id,
                "pending": {
                    "kind": "oven_bake",
                    "space": pending["space"] if pending else None,
                    "done": ["minor"],
                    "baked": [],
                },
            },
            seat,
        )
    if eff.get("step"):
        pending = b.state["pending"][seat]
        b.emit(
            "CardStep",
            {
                "card": card_id,
                "pending": {
                    "kind": eff["step"],
                    "space": pending["space"] if pending else None,
                    "done": [],
                    **eff.get("step_data", {}),
                },
            },
            seat,
        )


__all__ = ["name", "StepNotExpected"]
