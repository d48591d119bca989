"""The stalls and the queue of customer tiles (digest §4.4, G-09): laying them out from the
face-down pile, whose order is drawn only when a tile is turned up (seed L432), and the words a
tile's events carry. Used by the market day and by Clara in solo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.rng import Rng

if TYPE_CHECKING:
    from .builder import Builder

from .state import data


def stalls_in_play(state: dict) -> int:
    return data(state)["market"]["stalls"][str(max(2, len(state["players"])))]


def lay_out(b: Builder, rng: Rng) -> None:
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
