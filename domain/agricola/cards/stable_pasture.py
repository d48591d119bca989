"""Fencing a one-space pasture around a stable just built, without wood (issue 23 item 3;
catalogue K312 Fence Overseer, effect ``fence_stable`` = the food it costs; seed 000 L952).

Once a round, after the seat builds a stable (``StableBuilt``, through a card too: L952), it may
pay the food to fence that stable's space as a pasture of 1 space, the fences from its supply of
fence pieces without wood: ``{"type": "card_fence", "card": "K312", "space": 7}``. The offer
stands while the seat may convert goods, until it places its next person or the round's work
phase ends (as the Wet Nurse's, decision K-OCC-13); cards that act after fences are built act
on it (the Stablehand, the Farmer; not the Animal Breeder, L800, L952).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common import fences as fence_rules

from ..builder import seat_params
from ..conversions import conversions_open
from ..errors import StepNotExpected
from ..state import blocked_for_fences, fenced_spaces, fences_left
from ..statetypes import Farm
from ..steps import settle
from ..tables import GRID
from . import engine
from .free_builds import fence_one_space

if TYPE_CHECKING:
    from ..builder import Builder


def _key(card_id: str, what: str) -> str:
    return f"{card_id}/{what}"


def after_stable(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """``after_any``: a stable of the seat's opens the offer (once a round); its next placement
    or the end of the work phase closes it."""
    if event is None:
        return
    state = b.state
    farm = state["farms"][seat]
    key = _key(card_id, "stable")
    stepping = engine.effect(card_id, farm).get("offer_step")
    if event.type == "PersonPlaced" and event.seat == seat and stepping:
        base = {"card": card_id, "key": _key(card_id, "base"), "value": len(farm["stables"])}
        if farm["card_state"].get(base["key"]) != base["value"]:
            b.emit("CardStateSet", base, seat)  # stables before this action (issue 38)
    if (
        event.type == "StableBuilt"
        and event.seat == seat
        and farm["card_state"].get(_key(card_id, "used")) != state["round"]
    ):
        b.emit("CardStateSet", {"card": card_id, "key": key, "value": event.data["space"]}, seat)
    elif farm["card_state"].get(key) is not None and (
        event.type == "PeopleReturned"
        or (event.type == "PersonPlaced" and event.seat == seat)
        or (event.type == "TurnPassed" and event.seat == seat and stepping)
    ):
        b.emit("CardStateSet", {"card": card_id, "key": key, "value": None}, seat)


def _fits(farm: Farm, space: int) -> bool:
    if space in fenced_spaces(farm) or space in blocked_for_fences(farm):
        return False
    if fence_rules.region_problem(GRID, [space], farm["fences"], blocked_for_fences(farm)):
        return False
    return len(fence_rules.new_fences_needed(GRID, [space], farm["fences"])) <= fences_left(farm)


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    out = []
    for card_id in farm.get("cards", []):
        price = engine.effect(card_id, farm).get("fence_stable")
        space = farm["card_state"].get(_key(card_id, "stable"))
        if (
            price is not None
            and space is not None
            and space in farm["stables"]
            and farm["supply"]["food"] >= price
            and _fits(farm, space)
            and conversions_open(state, seat) is None
        ):
            out.append({"type": "card_fence", "card": card_id, "space": space})
    return out


def step_open(state: dict, seat: int) -> bool:
    """``extra_steps`` (card set 8, issue 38, K-OCC-31): a stable built in the action in
    progress that the card could fence keeps the action open, so the offer is made before the
    turn passes (read from the farm: the stable's own move settles before the card's offer
    opens)."""
    if state["phase"] != "work" or state["pending"][seat] is None:
        return False
    farm = state["farms"][seat]
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        base = farm["card_state"].get(_key(card_id, "base"))
        if (
            eff.get("offer_step")
            and eff.get("fence_stable") is not None
            and base is not None
            and farm["card_state"].get(_key(card_id, "used")) != state["round"]
            and farm["supply"]["food"] >= eff["fence_stable"]
            and any(_fits(farm, space) for space in farm["stables"][base:])
        ):
            return True
    return False


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="fence the stable with the card",
            reason="it fences the stable just built, once a round, for its food, as a pasture "
            "of 1 space",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id, space = move["card"], move["space"]
    farm = b.state["farms"][seat]
    price = engine.effect(card_id, farm)["fence_stable"]
    b.emit("CardStateSet", {"card": card_id, "key": _key(card_id, "stable"), "value": None}, seat)
    b.emit(
        "CardStateSet",
        {"card": card_id, "key": _key(card_id, "used"), "value": b.state["round"]},
        seat,
    )
    if price:
        b.emit("CardGoods", {"card": card_id, "goods": {"food": -price}}, seat)
    fence_one_space(b, seat, card_id, space)
    settle(b, seat)


HANDLERS = {"card_fence": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {"card_fence": ({"card": str, "space": int}, {})}
