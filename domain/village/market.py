"""The market day (digest §4.4): everyone may serve customers at the stalls, the active player's
first sale is free, every other sale costs 1 green cube (or a coin) and 1 time; a seat that
passes is out for the day. Afterwards the stalls refill from the queue and the queue from the
face-down pile, whose order is drawn only when a tile is turned up (seed L432, digest G-09)."""

from __future__ import annotations

from .death import settle
from .state import coin_options, data, order_from, split_payment


def stalls_in_play(state: dict) -> int:
    return data(state)["market"]["stalls"][str(max(2, len(state["players"])))]


def lay_out(b, rng) -> None:
    """Fill empty stall slots in slot order from the front of the queue, close the queue up and
    refill it from the pile (G-09); a tile comes off the face-down pile only when it is turned
    up, drawn then (at set-up the stalls fill the same way, through the queue)."""
    market, v = b.state["market"], data(b.state)
    stalls = list(market["stalls"]) + [None] * (stalls_in_play(b.state) - len(market["stalls"]))
    queue = [c for c in market["queue"] if c is not None]
    unseen, revealed = list(market["unseen"]), []

    def turn_up() -> bool:
        if not unseen:
            return False
        cid = rng.choice(f"customer/{len(v['customers']) - len(unseen)}", unseen)
        unseen.remove(cid)
        revealed.append(cid)
        queue.append(cid)
        return True

    for i, cid in enumerate(stalls):
        if cid is None and (queue or turn_up()):
            stalls[i] = queue.pop(0)
    while len(queue) < v["market"]["queue"] and turn_up():
        pass
    queue += [None] * (v["market"]["queue"] - len(queue))
    if stalls != market["stalls"] or queue != market["queue"]:
        b.emit(
            "CustomersLaid",
            {
                "stalls": stalls,
                "queue": queue,
                "revealed": revealed,
                "tiles": {c: tile_words(b.state, c) for c in revealed},
            },
        )


def tile_words(state: dict, cid: str) -> dict:
    """What a customer tile asks and pays, carried in its events for their sentences."""
    tile = data(state)["customers"][cid]
    return {"wants": dict(tile["needs"]), "pp": tile["pp"]}


def start_day(b, seat: int) -> None:
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


def serve(b, seat: int, move: dict) -> None:
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


def pass_day(b, seat: int, move: dict) -> None:
    b.emit("MarketPassed", {}, seat)
    day = b.state["market_day"]
    b.flow(market_day={**day, "passed": day["passed"] + [seat]})
    _next(b, seat, sold=False)


def _next(b, seat: int, sold: bool) -> None:
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
        from .clara import clara_customer

        clara_customer(b)


def day_over(state: dict) -> bool:
    day = state["market_day"]
    return day["cursor"] is None or all(c is None for c in state["market"]["stalls"])


def end_day(b, rng) -> None:
    """Close the day; refill if anyone sold (L432)."""
    sold = b.state["market_day"]["sold"]
    b.flow(market_day=None, stage="done")
    if sold:
        lay_out(b, rng)
