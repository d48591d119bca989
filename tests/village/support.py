"""Helpers for the Village tests: games, "given" positions, random play, and the invariants
checked after every event (digest §10; issue 12 deliverable 5)."""

from __future__ import annotations

import json
import random

from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.village import VILLAGE
from domain.village.pack import COLOURS

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def setup_events(n: int = 2, seed: int = 1, first: int = 0, bonuses: bool = False) -> list:
    variant = "solo" if n == 1 else "standard"
    options = {} if n == 1 else {"start_player": first, "starting_bonuses": bonuses}
    return VILLAGE.setup(GameConfig(variant, NAMES[:n], options), Rng(seed))


def setup(n: int = 2, seed: int = 1, first: int = 0, bonuses: bool = False) -> tuple[dict, Rng]:
    return fold(setup_events(n, seed, first, bonuses)), Rng(seed)


def fold(events, state: dict | None = None) -> dict:
    state = {} if state is None else state
    for event in events:
        state = VILLAGE.evolve(state, event)
    return state


def play(state: dict, seat: int, move: dict, rng: Rng | None = None) -> tuple[dict, list]:
    """When ``seat`` makes ``move``: (new state, events); ``decide`` must not change ``state``."""
    pack = state["pack"]
    before = json.dumps({k: v for k, v in state.items() if k != "pack"}, sort_keys=True)
    events = VILLAGE.decide(state, seat, move, rng or Rng(1))
    assert json.dumps({k: v for k, v in state.items() if k != "pack"}, sort_keys=True) == before, (
        "decide changed the state"
    )
    return fold(events, {**json.loads(before), "pack": pack}), events


def facts(events, kind: str) -> list[dict]:
    """The data of the ``kind`` events without the bookkeeping riding on them (issue 26)."""
    return [
        {k: v for k, v in e.data.items() if k not in ("flow", "flow_before")}
        for e in events
        if e.type == kind
    ]


def types(events) -> list[str]:
    return [e.type for e in events]


def give(state: dict, seat: int, **goods: int) -> dict:
    """Cubes, goods, grain or coins to a seat (the supply ledger kept balanced)."""
    p = state["seats"][seat]
    for good, k in goods.items():
        if good in COLOURS:
            p["cubes"][good] += k
            state["supply"][good] -= k
        elif good == "grain":
            p["grain"] += k
            state["supply"]["grain"] -= k
        elif good in ("coins", "pp", "time"):
            p[good] += k
        else:
            p["goods"][good] += k
    return state


def place(state: dict, seat: int, index: int, where: str) -> dict:
    """Put member ``index`` of ``seat`` at ``where`` (keeps the church and bag lists right)."""
    figure = f"{seat}.{index}"
    old = state["seats"][seat]["members"][index]["at"]
    if old.startswith("church:"):
        state["church"][old[7:]].remove(figure)
    if old == "bag":
        state["black_bag"].remove(figure)
    state["seats"][seat]["members"][index]["at"] = where
    if where.startswith("church:"):
        state["church"][where[7:]].append(figure)
    if where == "bag":
        state["black_bag"].append(figure)
    return state


def cubes(state: dict, **spaces) -> dict:
    """Set the cubes on the board (from the bag, else the supply, so cubes stay conserved)."""
    for space, colours in spaces.items():
        for colour in state["spaces"][space]:
            state["bag"][colour] += 1
        state["spaces"][space] = list(colours)
        for colour in colours:
            holder = state["bag"] if state["bag"][colour] > 0 else state["supply"]
            holder[colour] -= 1
    return state


def turn(state: dict, seat: int) -> dict:
    state.update(
        turn=seat, stage="choose", step=None, took=None, market_day=None, dying=None, phase="turns"
    )
    return state


def random_game(n: int, seed: int, check: bool = False, limit: int = 6000):
    """A random game from the listed moves: (final state, [(seat, move)], all its events)."""
    events_all = setup_events(n, seed, first=-1, bonuses=True)
    state, rng, moves = fold(events_all), Rng(seed), []
    pick = random.Random(seed)
    for _ in range(limit):
        status = VILLAGE.status(state)
        if status.finished:
            break
        seat = status.to_act[0]
        options = VILLAGE.legal_moves(state, seat)
        assert options, f"seat {seat} has nothing to do in {status}"
        move = pick.choice(options)
        events = VILLAGE.decide(state, seat, move, rng)
        for event in events:
            state = VILLAGE.evolve(state, event)
            if check:
                check_invariants(state)
        moves.append((seat, move))
        events_all += events
    return state, moves, events_all


def check_invariants(state: dict) -> None:
    """Conservation and consistency after every event."""
    v = state["pack"]["values"]
    clara = state["clara"]
    for colour in COLOURS + ("plague",):
        total = (
            state["supply"][colour]
            + state["bag"][colour]
            + sum(c.count(colour) for c in state["spaces"].values())
            + (clara["track"].count(colour) if clara else 0)
            + sum(p["cubes"].get(colour, 0) for p in state["seats"])
        )
        expected = v["supply"]["plague"] if colour == "plague" else v["supply"]["cubes"][colour]
        assert total == expected, f"{colour} cubes: {total} != {expected}"
        assert state["bag"][colour] >= 0 and state["supply"][colour] >= 0
    assert (
        state["supply"]["grain"] + sum(p["grain"] for p in state["seats"]) == v["supply"]["grain"]
    )
    lap = v["lifetrack"]["spaces"]
    for p in state["seats"]:
        assert all(k >= 0 for k in list(p["cubes"].values()) + list(p["goods"].values()))
        assert p["coins"] >= 0 and 0 <= p["grain"] <= v["harvest"]["cap"]
        dead = sum(1 for m in p["members"] if m["at"] in ("chronicle", "grave", "removed"))
        assert dead + p["skipped"] + p["owed"] == p["time"] // lap, "deaths and the track"
    figures = {"monk": v["supply"]["monks"]}
    people = [
        (f"{s}.{i}", m) for s, p in enumerate(state["seats"]) for i, m in enumerate(p["members"])
    ]
    people += [(f"c.{i}", m) for i, m in enumerate(clara["members"])] if clara else []
    for figure, m in people:
        where = m["at"]
        in_bag = state["black_bag"].count(figure)
        assert in_bag == (1 if where == "bag" else 0), figure
        for step, held in state["church"].items():
            assert held.count(figure) == (1 if where == f"church:{step}" else 0), figure
        chron = sum(1 for s in state["chronicle"] if s["by"] == figure)
        grave = sum(1 for g in state["graves"] if g["by"] == figure)
        assert (chron, grave) == (
            (1, 0) if where == "chronicle" else (0, 1) if where == "grave" else (0, 0)
        ), f"{figure} at {where}"
    assert state["black_bag"].count("monk") == figures["monk"]
    market = state["market"]
    held = [c for p in state["seats"] for c in p["customers"]] + (
        clara["customers"] if clara else []
    )
    laid = [c for c in market["stalls"] + market["queue"] if c is not None]
    assert sorted(held + laid + market["unseen"]) == sorted(v["customers"])
    json.dumps(state)
