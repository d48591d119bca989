"""Playing an occupation in the full game (digest §10.1, T-11): its price on each occupation
space, the Patron's food before paying (E192), whether a hand holds a playable one, and the
``{"type": "play_occupation", "card": "E176"}`` move (``play.py`` plays the minor
improvements and runs a card's effects at play)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..farm import affordable
from ..statetypes import Farm
from ..steps import settle
from ..text import goods_text
from . import engine
from .catalogue import CARDS, occupation_cost
from .common import hand, offers
from .occupation_food import food as before_paying
from .occupation_food import give
from .play import on_play, refusal

if TYPE_CHECKING:
    from ..builder import Builder

#: Which occupation price each occupation space charges (digest §10.1, T-11).
OCCUPATION_PRICE = {
    "lessons": "lessons",
    "lessons_3": "lessons_3",
    "lessons_4": "lessons_4",
    "occupation_or_growth": "lessons_4",
}


def occupation_price(state: dict, seat: int, space_id: str, card_id: str) -> dict:
    """Food for this occupation on this space, with the card's extra cost (digest §10.1)."""
    farm = state["farms"][seat]
    pending = state["pending"][seat]
    food = occupation_cost(OCCUPATION_PRICE[space_id], len(farm.get("occupations", [])))
    if pending and pending.get("price") is not None:
        food = pending["price"]
    price = {"food": food} if food else {}
    for good, n in CARDS[card_id]["extra_cost"].items():
        price[good] = price.get(good, 0) + n
    return price


#: ``patron=ANY_OCCUPATION``: the Patron's food comes for every occupation the seat plays, one
#: played in answer to another's card (``card_react``) too; ``patron=True`` (card sets 1-4):
#: for an occupation action only.
ANY_OCCUPATION = "any"


def patron_food(farm: Farm, reaction: bool = False) -> int:
    """E192: 2 food before paying for an occupation, per Patron in play."""
    return 2 * sum(
        1
        for c in farm.get("occupations", [])
        if engine.effect(c, farm).get("patron") == ANY_OCCUPATION
        or (not reaction and engine.effect(c, farm).get("patron"))
    )


_patron = patron_food


def occupation_problem(state: dict, seat: int, space_id: str, card_id: str) -> Any:
    if card_id not in hand(state, seat)["occupations"]:
        return "card_not_in_hand", {}
    problem = engine.play_problem(state, seat, card_id)
    if problem:
        return "card_prerequisite_unmet", {"reason": problem}
    farm = state["farms"][seat]
    price = occupation_price(state, seat, space_id, card_id)

    supply = dict(farm["supply"], food=farm["supply"]["food"] + _patron(farm) + before_paying(farm))
    if not affordable(supply, price):
        return "card_cost_unaffordable", {
            "cost": goods_text(price),
            "have": f"{farm['supply']['food']} food",
        }
    return None


def any_playable_occupation(state: dict, seat: int, space_id: str) -> bool:
    """Whether :func:`playable_occupations` holds anything (stops at the first)."""
    return any(
        occupation_problem(state, seat, space_id, c) is None
        for c in hand(state, seat)["occupations"]
    )


def playable_occupations(state: dict, seat: int, space_id: str) -> list[str]:
    return [
        c
        for c in hand(state, seat)["occupations"]
        if occupation_problem(state, seat, space_id, c) is None
    ]


def check_play_occupation(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if pending is None or pending["kind"] not in ("occupation", "occupation_more"):
        raise refusal(
            "card_not_now",
            state,
            seat,
            move["card"],
            what="play",
            reason="only an occupation action lets a player play an occupation",
        )
    problem = occupation_problem(state, seat, pending["space"], move["card"])
    if problem:
        raise refusal(problem[0], state, seat, move["card"], **problem[1])


def apply_play_occupation(b: Builder, seat: int, move: dict) -> None:
    state = b.state
    card_id, space_id = move["card"], state["pending"][seat]["space"]
    patron = _patron(state["farms"][seat])
    if patron:
        b.emit("CardGoods", {"card": "E192", "goods": {"food": patron}}, seat)

    give(b, seat)
    price = occupation_price(state, seat, space_id, card_id)
    first = state["pending"][seat]["kind"] == "occupation"
    data = {"card": card_id, "cost": price, "space": space_id}
    windows = offers(state, seat, card_id)
    if windows:
        data["reactions"] = windows
    b.emit("OccupationPlayed", data, seat)
    on_play(b, seat, card_id, move)
    desk = [
        c
        for c in b.state["farms"][seat]["cards"]
        if engine.effect(c, b.state).get("second_occupation")
    ]
    if (
        first
        and desk
        and b.state["pending"][seat]
        and b.state["pending"][seat]["kind"] == "occupation"
    ):
        price = engine.effect(desk[0], b.state)["second_occupation"]
        b.emit(
            "CardStep",
            {
                "card": desk[0],
                "pending": {
                    "kind": "occupation_more",
                    "space": space_id,
                    "done": [],
                    "price": price,
                },
            },
            seat,
        )
    settle(b, seat)
