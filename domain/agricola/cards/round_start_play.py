"""Playing a card from the hand at the start of a round (issue 23 item 3; catalogue K279
Scholar, effect ``round_start_play`` = the food an occupation costs; seed 000 L978).

Once the seat lives in a stone house, at the start of each round it may play one card: an
occupation for the card's food, or a minor improvement at its price (its other ways to pay, its
choice of goods and what it gives back as on an action): ``{"type": "card_study", "card":
"E176"}`` (with ``pay``, ``choice`` and ``return`` as on ``play_minor``). At most one card a
round (L978); food received at the round's start pays for it (L978); the Patron's food comes
first (L978). As with the Plow Driver (decision K-11) the offer stands at the seat's first turn
of the round, before its first placement, and lapses with it. Cards that open a step of their
own when played (a bake, a sowing) are not offered there, since no action is in progress to
hold the step (decision K-OCC-17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import affordable
from . import engine, occupation_play, play
from .catalogue import CARDS
from .common import hand, offers

if TYPE_CHECKING:
    from ..builder import Builder


def offered(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """``round_start``: the offer of this round, with a stone house."""
    if b.state["farms"][seat]["house"] == "stone":
        b.emit("CardStateSet", {"card": card_id, "value": round_no}, seat)


def _holder(state: dict, seat: int) -> str | None:
    farm = state["farms"][seat]
    if (
        state["phase"] != "work"
        or state.get("turn") != seat
        or state["pending"][seat] is not None
        or farm["house"] != "stone"
    ):
        return None
    return next(
        (
            c
            for c in farm.get("cards", [])
            if engine.effect(c, farm).get("round_start_play") is not None
            and farm["card_state"].get(c) == state["round"]
        ),
        None,
    )


def _no_step(state: dict, card_id: str) -> bool:
    eff = engine.effect(card_id, state)
    return not (eff.get("step") or eff.get("improvement", {}).get("bake_on_build"))


def occupation_price(state: dict, seat: int, holder: str, card_id: str) -> dict:
    price = {"food": engine.effect(holder, state)["round_start_play"]}
    for good, n in CARDS[card_id]["extra_cost"].items():
        price[good] = price.get(good, 0) + n
    return price


def moves(state: dict, seat: int) -> list[dict]:
    holder = _holder(state, seat)
    if holder is None:
        return []
    farm = state["farms"][seat]
    supply = dict(
        farm["supply"], food=farm["supply"]["food"] + occupation_play.patron_food(farm, True)
    )
    out = [
        {"type": "card_study", "card": c}
        for c in hand(state, seat)["occupations"]
        if _no_step(state, c)
        and engine.play_problem(state, seat, c) is None
        and affordable(supply, occupation_price(state, seat, holder, c))
    ]
    for card_id in hand(state, seat)["minors"]:
        if _no_step(state, card_id) and not play.prerequisite_problem(state, seat, card_id):
            out.extend(play.minor_variants(state, seat, card_id, "card_study"))
    return out


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="play the card at the start of the round",
            reason="with a stone house, one card a round, at the seat's first turn of the round "
            "before its placement, from its hand and paid",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    state = b.state
    holder = _holder(state, seat)
    assert holder is not None  # checked: the offer is open
    card_id = move["card"]
    b.emit("CardStateSet", {"card": holder, "value": None}, seat)
    if CARDS[card_id]["kind"] == "occupation":
        patron = occupation_play.patron_food(state["farms"][seat], reaction=True)
        if patron:
            b.emit("CardGoods", {"card": "E192", "goods": {"food": patron}}, seat)
        data = {
            "card": card_id,
            "cost": occupation_price(b.state, seat, holder, card_id),
            "space": None,
        }
        windows = offers(b.state, seat, card_id)
        if windows:
            data["reactions"] = windows
        b.emit("OccupationPlayed", data, seat)
    else:
        info = CARDS[card_id]
        n = len(state["players"])
        passes_to = None if not info["passing"] or n == 1 else (seat + 1) % n
        cost = play.minor_costs(state["farms"][seat], card_id)[move.get("pay", 0)]
        data = {"card": card_id, "cost": cost, "kept": not info["passing"], "to": passes_to}
        if move.get("return"):
            data["returned"] = sorted(move["return"])
        if engine.effect(card_id, state).get("card_field"):
            data["card_field"] = list(engine.effect(card_id, state)["card_field"])
        b.emit("MinorPlayed", data, seat)
    play.on_play(b, seat, card_id, move)


HANDLERS = {"card_study": (check, apply)}
SHAPES: dict[str, tuple[dict, dict]] = {
    "card_study": ({"card": str}, {"pay": int, "choice": int, "return": list})
}
