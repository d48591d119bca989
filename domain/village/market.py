"""The market day (digest §4.4): everyone may serve customers at the stalls, the active player's
first sale is free, every other sale costs 1 green cube (or a coin) and 1 time; a seat that
passes is out for the day. Afterwards the stalls refill from the queue and the queue from the
face-down pile, whose order is drawn only when a tile is turned up (seed L432, digest G-09)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.rng import Rng

if TYPE_CHECKING:
    from .builder import Builder

from .clara import clara_customer
from .death import settle
from .stalls import lay_out, tile_words
from .state import coin_options, data, order_from, split_payment


def start_day(b: Builder, seat: int) -> None:
    b.flow(market_day={"active": seat, "cursor": seat, "passed": [], "free": True, "sold": False})
    b.emit("MarketDayStarted", {}, seat)


def sale_cost(state: dict) -> dict:
    return data(state)["market"]["sale"]


def market_moves(state: dict, seat: int) -> list[dict]:
    day = state["market_day"]
    p = state["seats"][seat]
    free = day["free"] and seat == day["active"]
    cost = sale_cost(state)
    coins = [None] if free else coin_options(p, {"green": cost["green"]})
    out = []
    for slot, cid in enumerate(state["market"]["stalls"]):
        if cid is None or not _holds(p, data(state)["customers"][cid]["needs"]):
            continue
        out += [
            {"type": "serve", "slot": slot}
            if k is None
            else {"type": "serve", "slot": slot, "coins": k}
            for k in coins
        ]
    return out + [{"type": "pass"}]


def _holds(p: dict, needs: dict) -> bool:
    return all((p["grain"] if g == "grain" else p["goods"][g]) >= k for g, k in needs.items())


def serve(b: Builder, seat: int, move: dict) -> None:
    state = b.state
    cid = state["market"]["stalls"][move["slot"]]
    b.pay(seat, data(state)["customers"][cid]["needs"], "customer")
    if "coins" in move:
        cost = sale_cost(state)
        b.pay(
            seat,
            {
                **split_payment(b.player(seat), {"green": cost["green"]}, move["coins"]),
                "coins": move["coins"],
            },
            "market",
        )
        b.time(seat, cost["time"], "market")
    b.emit(
        "CustomerServed", {"slot": move["slot"], "customer": cid, **tile_words(state, cid)}, seat
    )
    _next(b, seat, sold=True)
    settle(b, seat)  # a death in a market day is chosen at once (L635)


def pass_day(b: Builder, seat: int, move: dict) -> None:
    b.emit("MarketPassed", {}, seat)
    day = b.state["market_day"]
    b.flow(market_day={**day, "passed": day["passed"] + [seat]})
    _next(b, seat, sold=False)


def _next(b: Builder, seat: int, sold: bool) -> None:
    day = dict(b.state["market_day"])
    first = day["free"] and seat == day["active"]
    day["free"] = False
    day["sold"] = day["sold"] or sold
    order = order_from(b.state, seat)[1:] + [seat]
    left = [s for s in order if s not in day["passed"]]
    day["cursor"] = left[0] if left else None
    b.flow(market_day=day)
    if first and b.state["solo"] and b.state["took"] is not None:
        # no cube taken (the Well, L913; a free final action): Clara does not react
        clara_customer(b)


def day_over(state: dict) -> bool:
    day = state["market_day"]
    return day["cursor"] is None or all(c is None for c in state["market"]["stalls"])


def end_day(b: Builder, rng: Rng) -> None:
    """Close the day; refill if anyone sold (L432)."""
    sold = b.state["market_day"]["sold"]
    b.flow(market_day=None, stage="done")
    if sold:
        lay_out(b, rng)
