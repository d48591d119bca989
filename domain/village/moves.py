"""Who decides now, every move they may make, and carrying a move out (digest §3.3, §10.3).

A turn: take a cube from an action space (``take``) or use the Well (``well``: 3 cubes of one
colour, coins standing in for some, G-21), then that space's action or ``skip``; the Market's
day cannot be skipped. Inside a turn the current decision is ``state["step"]``: ``act`` (the
space's action), ``space`` (after the Well, or a free final action), ``privilege`` (after a
council move), ``cubes`` (cubes of one's choice), ``clara`` (the colour of Clara's cube).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.rng import Rng

if TYPE_CHECKING:
    from .builder import Builder

from . import actions, clara, death, market, mass, travel
from .state import COLOURS, coin_options, split_payment

#: A plague cube costs 2 time (L254, L286).
PLAGUE_TIME = 2

ACT = {
    "harvest": actions.harvest_moves,
    "family": actions.family_moves,
    "crafts": actions.craft_moves,
    "travel": travel.travel_moves,
    "council": actions.council_moves,
    "church": actions.church_moves,
}
APPLY = {
    "harvest": actions.harvest,
    "birth": actions.birth,
    "recall": actions.recall,
    "craft": actions.craft,
    "mill": actions.mill,
    "travel": travel.travel,
    "council_enter": actions.council_enter,
    "council_advance": actions.council_advance,
    "council_privilege": actions.council_privilege,
    "church": actions.church,
    "privilege": actions.privilege,
    "serve": market.serve,
    "pass": market.pass_day,
    "buy": mass.buy,
    "advance": mass.advance,
}


def to_act(state: dict) -> tuple[int, ...]:
    if not state or state["phase"] == "finished":
        return ()
    if state["dying"] is not None:
        return (state["dying"],)
    if state["phase"] in ("mass_buy", "mass_advance"):
        return tuple(mass.to_act(state))
    if state["step"] is not None:
        return (state["step"]["seat"],)
    if state["market_day"] is not None:
        cursor = state["market_day"]["cursor"]
        return () if cursor is None else (cursor,)
    return (state["turn"],)


def legal_moves(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    if state["dying"] is not None:
        return death.candidates(state["seats"][seat])
    if state["phase"] == "mass_buy":
        return mass.buy_moves(state, seat)
    if state["phase"] == "mass_advance":
        return mass.advance_moves(state, seat)
    if state["step"] is not None:
        return step_moves(state, seat, state["step"])
    if state["market_day"] is not None:
        return market.market_moves(state, seat)
    return turn_moves(state, seat)


def turn_moves(state: dict, seat: int) -> list[dict]:
    """Take any cube on the board, or use the Well while cubes remain (L248-250, L554)."""
    out = [
        {"type": "take", "space": space, "colour": colour}
        for space, cubes in state["spaces"].items()
        if cubes
        for colour in sorted(set(cubes))
    ]
    if out:  # a cube on the board
        p = state["seats"][seat]
        out += [
            {"type": "well", "colour": c, "coins": k}
            for c in COLOURS
            for k in coin_options(p, {c: 3})
        ]
    return out


def step_moves(state: dict, seat: int, step: dict) -> list[dict]:
    kind = step["kind"]
    if kind == "act":
        return ACT[step["space"]](state, seat) + [{"type": "skip"}]
    if kind == "space":
        return [{"type": "action", "space": s} for s in state["spaces"]]
    if kind == "privilege":
        return [
            {"type": "privilege", **m}
            for s in step["steps"]
            for m in actions.privilege_choices(state, seat, s)
        ] + [{"type": "skip"}]
    if kind == "cubes":
        return [
            {"type": "cubes", "colours": c}
            for c in travel.cube_choices(state, step["n"], step["distinct"])
        ]
    return clara.choices(state)


def apply(b: Builder, seat: int, move: dict, rng: Rng) -> None:
    kind = move["type"]
    state = b.state
    if kind == "take":
        b.emit("CubeTaken", {"space": move["space"], "colour": move["colour"]}, seat)
        if move["colour"] == "plague":
            b.time(seat, PLAGUE_TIME, "plague")
        _open(b, seat, move["space"])
    elif kind == "well":
        b.pay(
            seat,
            {
                **split_payment(b.player(seat), {move["colour"]: 3}, move["coins"]),
                "coins": move["coins"],
            },
            "well",
        )
        b.emit("WellUsed", {"colour": move["colour"]}, seat)
        b.flow(step={"kind": "space", "seat": seat}, took=None)
    elif kind == "action":
        b.flow(step=None)
        _open(b, seat, move["space"])
    elif kind == "die":
        death.die(b, seat, move)
        death.settle(b, seat)
    elif kind == "cubes":
        b.gain(
            seat,
            {c: move["colours"].count(c) for c in set(move["colours"])},
            state["step"]["reason"],
        )
        b.flow(step=None)
    elif kind == "clara_cube":
        b.flow(step=None)
        clara.take(b, rng, move["colour"])
        b.flow(took=None)
    elif kind == "done":
        mass.done(b, seat, rng)
    elif kind == "skip":
        b.flow(step=None, stage="done")
    else:
        in_step = state["step"] is not None
        if in_step:
            b.flow(step=None, stage="done")
        APPLY[kind](b, seat, move)


def _open(b: Builder, seat: int, space: str) -> None:
    if space == "market":
        b.flow(stage="act")
        market.start_day(b, seat)
    else:
        b.flow(stage="act", step={"kind": "act", "seat": seat, "space": space})
