"""An occupation drawn at random from the seat's hand instead of chosen (issue 23 item 3;
catalogue K275 Perpetual Student, effect ``random_occupation`` = the food received first).

When an occupation action lets the seat play an occupation, it may have one drawn at random from
its hand instead (``{"type": "card_random", "card": "K275"}``): it receives the card's food
before paying, then plays the card drawn, which it must (S1). The draw is the game's seeded
random draw (label ``perpetual-student/<seat>/<occupations played>``), made when the move is
applied (the ``draw`` window, as the 3-for-1 exchange's). The move is offered only when every
occupation in the hand could be played and paid there with that food, so the card drawn can
always be played (decision K-OCC-19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import affordable
from ..statetypes import Farm
from . import engine, occupation_play
from .common import hand

if TYPE_CHECKING:
    from ..builder import Builder

_ASKED = "K275/asked"


def _holder(farm: Farm) -> str | None:
    return next(
        (c for c in farm.get("cards", []) if engine.effect(c, farm).get("random_occupation")),
        None,
    )


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    farm = state["farms"][seat]
    holder = _holder(farm)
    if (
        holder is None
        or pending is None
        or pending["kind"] not in ("occupation", "occupation_more")
        or "occupation" in pending.get("done", [])
    ):
        return []
    held = hand(state, seat)["occupations"]
    food = engine.effect(holder, farm)["random_occupation"] + occupation_play.patron_food(farm)
    supply = dict(farm["supply"], food=farm["supply"]["food"] + food)
    if held and all(
        engine.play_problem(state, seat, c) is None
        and affordable(supply, occupation_play.occupation_price(state, seat, pending["space"], c))
        for c in held
    ):
        return [{"type": "card_random", "card": holder}]
    return []


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="have an occupation drawn at random",
            reason="an occupation action must be waiting for its occupation, and every "
            "occupation in the hand must be playable there with the card's food",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    b.emit("CardStateSet", {"card": move["card"], "key": _ASKED, "value": True}, seat)


def draw(b: Builder, rng: Any) -> None:
    """The ``draw`` window: the occupation asked for is drawn, the food received, the card
    played."""
    for seat, farm in enumerate(b.state["farms"]):
        if not farm.get("card_state", {}).get(_ASKED):
            continue
        holder = _holder(farm)
        assert holder is not None  # only the card's move asks for a draw
        b.emit("CardStateSet", {"card": holder, "key": _ASKED, "value": False}, seat)
        held = sorted(hand(b.state, seat)["occupations"])
        count = len(farm.get("occupations", []))
        card = rng.shuffle(f"perpetual-student/{seat}/{count}", held)[0]
        food = engine.effect(holder, farm)["random_occupation"]
        b.emit("CardGoods", {"card": holder, "goods": {"food": food}}, seat)
        occupation_play.apply_play_occupation(b, seat, {"type": "play_occupation", "card": card})


HANDLERS = {"card_random": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {"card_random": ({"card": str}, {})}
