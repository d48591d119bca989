"""Helpers for the Caverna tests: games, "given" positions, random and building play, and the
invariants checked after every event.

Positions are built from a real set-up and adjusted with helpers that keep the general-supply
ledger balanced (``give``), so the conservation invariant holds in unit tests too.
"""

from __future__ import annotations

import json
import random

from domain.caverna import CAVERNA
from domain.caverna.board import neighbours
from domain.caverna.furnishings import FURNISHINGS
from domain.caverna.state import animals_fit, is_mountain, room
from domain.caverna.tables import ANIMALS, CAVE, ENTRY_DWELLING, LEDGER, OUTDOOR
from domain.common.rng import Rng
from domain.common.title import GameConfig

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
ANYTIME = ("convert", "ruby", "ruby_tile", "use", "peace", "release")


def setup(
    n: int = 2, seed: int = 1, start_player: int = 0, variant: str = "standard"
) -> tuple[dict, Rng, list]:
    """A fresh game: (state, rng, set-up events)."""
    rng = Rng(seed)
    events = CAVERNA.setup(
        GameConfig(variant, tuple(NAMES[:n]), {"start_player": start_player}), rng
    )
    return fold(events), rng, events


def fold(events, state: dict | None = None) -> dict:
    state = {} if state is None else state
    for event in events:
        state = CAVERNA.evolve(state, event)
    return state


def play(state: dict, seat: int, move: dict, rng: Rng | None = None) -> tuple[dict, list]:
    """When ``seat`` makes ``move``: (new state, events). ``decide`` must not change ``state``."""
    before = json.dumps(state, sort_keys=True)
    events = CAVERNA.decide(state, seat, move, rng or Rng(1))
    assert json.dumps(state, sort_keys=True) == before, "decide changed the state"
    return fold(events, json.loads(before)), events


def types(events) -> list[str]:
    return [e.type for e in events]


def give(state: dict, seat: int, **goods: int) -> dict:
    """Goods or animals from the general supply to a seat (ledger kept balanced)."""
    home = state["homes"][seat]
    for good, n in goods.items():
        holder = home["animals"] if good in ANIMALS else home["supply"]
        holder[good] += n
        state["bank"][good] -= n
    return state


def lay(state: dict, seat: int, **tiles) -> dict:
    """Put tiles on a home board directly: ``lay(state, 0, tunnel=[37], meadow=[35])``."""
    home = state["homes"][seat]
    for kind, spaces in tiles.items():
        for s in spaces:
            home["board"][s] = kind
    return state


def furnish(state: dict, seat: int, tile: str, space: int) -> dict:
    home = state["homes"][seat]
    home["board"][space] = "cavern"
    home["furn"][str(space)] = tile
    if not FURNISHINGS[tile].get("unlimited") and tile in state["tiles"]:
        state["tiles"].remove(tile)
    return state


def work_turn(state: dict, seat: int, space: str | None = None, **goods) -> dict:
    """Make it ``seat``'s placement turn with a free board; put ``goods`` on ``space``."""
    state["phase"] = "work"
    state["turn"] = seat
    state["pending"] = [None] * len(state["players"])
    for info in state["spaces"].values():
        info.update(occupant=None, dwarf=None, target=None)
    for home in state["homes"]:
        for dwarf in home["dwarfs"]:
            dwarf["at"] = None
    if space is not None:
        if space not in state["spaces"]:
            state["spaces"][space] = {"goods": {}, "occupant": None, "dwarf": None, "target": None}
            state["order"].append(space)
        for good, n in state["spaces"][space]["goods"].items():
            state["bank"][good] += n
        state["spaces"][space]["goods"] = dict(goods)
        for good, n in goods.items():
            state["bank"][good] -= n
    return state


def moves_of(state: dict, seat: int, kind: str | None = None) -> list[dict]:
    return [m for m in CAVERNA.legal_moves(state, seat) if kind is None or m["type"] == kind]


# -- invariants ----------------------------------------------------------------------------------


def ledger_totals(state: dict) -> dict[str, int]:
    """Every good counted everywhere: general supply, action spaces, homes and sown fields."""
    totals = {g: state["bank"].get(g, 0) for g in LEDGER}
    for space in state["spaces"].values():
        for g, n in space["goods"].items():
            totals[g] += n
    for home in state["homes"]:
        for g, n in list(home["supply"].items()) + list(home["animals"].items()):
            totals[g] += n
        for crop, n in home["crops"].values():
            totals[crop] += n
    return totals


def _connected(spaces: set[int], start: set[int]) -> bool:
    seen, todo = set(start & spaces), list(start & spaces)
    while todo:
        s = todo.pop()
        for n in neighbours(s):
            if n in spaces and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == spaces


def check_invariants(state: dict) -> None:
    """Goods conserved (digest §1.2), tiles on their half and joined to the cave or the
    entrance (§5.2, §5.3), animals housed (§8.1), weapons 1..14 (§7.2), dwarfs within room
    (§3.4), unique tiles in one place (§6.1), JSON-clean state, every reader works."""
    assert all(v == 0 for v in ledger_totals(state).values()), ledger_totals(state)
    assert json.loads(json.dumps(state)) == state
    owners: dict[str, int] = {}
    asked = CAVERNA.status(state).to_act
    for seat, home in enumerate(state["homes"]):
        board = home["board"]
        for s, kind in enumerate(board):
            if kind in CAVE:
                assert is_mountain(s), (s, kind)
            elif kind in OUTDOOR:
                assert not is_mountain(s), (s, kind)
        cave = {s for s, k in enumerate(board) if k in CAVE}
        assert _connected(cave, {ENTRY_DWELLING}), cave
        outdoor = {s for s, k in enumerate(board) if k in OUTDOOR}
        assert not outdoor or _connected(outdoor, {35}), outdoor
        assert all(
            board[s] in (None, "meadow", "small_pasture", "large_pasture") and not is_mountain(s)
            for s in home["stables"]
        )
        assert len(home["stables"]) <= 3 and len(set(home["stables"])) == len(home["stables"])
        assert animals_fit(home) or seat in asked, home["animals"]
        assert all(v >= 0 for v in home["supply"].values()), home["supply"]
        assert all(v >= 0 for v in home["animals"].values()), home["animals"]
        assert all(0 <= d["weapon"] <= 14 for d in home["dwarfs"])
        assert 2 <= len(home["dwarfs"]) <= room(home) <= 6
        for tile in home["furn"].values():
            if tile in FURNISHINGS and not FURNISHINGS[tile].get("unlimited"):
                assert tile not in owners, tile
                owners[tile] = seat
                assert tile not in state["tiles"]
        for s in home["furn"]:
            assert board[int(s)] in ("cavern", "tunnel", "deep_tunnel"), (s, board[int(s)])
    for space in state["spaces"].values():
        assert all(v > 0 for v in space["goods"].values()), space
    CAVERNA.score_sheet(state)
    CAVERNA.view(state, 0)


# -- playing whole games --------------------------------------------------------------------------

WEIGHTS = {
    "furnish": 6,
    "twin": 5,
    "ore_mine": 8,
    "ruby_mine": 8,
    "grow": 12,
    "sow": 4,
    "loot": 5,
    "forge": 4,
    "pasture": 5,
    "stable": 3,
    "take_dog": 2,
    "buy": 2,
    "trade": 3,
    "done": 1,
    "convert": 0.05,
    "ruby": 0.3,
    "ruby_tile": 0.3,
    "use": 0.5,
    "peace": 0.05,
    "release": 1,
    "feed": 1,
    "keep_newborns": 1,
    "skip": 1,
    "keep_goods": 1,
}
PLACE = {
    "housework": 4,
    "wish_for_children": 6,
    "family_life": 6,
    "growth": 4,
    "blacksmithing": 5,
    "ore_mine_construction": 5,
    "excavation": 4,
    "excavation_47": 4,
    "sheep_farming": 4,
    "donkey_farming": 4,
    "adventure": 4,
    "exploration": 4,
}


def builder_policy(r: random.Random, legal: list[dict], state: dict, seat: int) -> dict:
    """Weighted random choice that builds a home and feeds the family: short of food at a
    feeding it converts first."""
    home = state["homes"][seat]
    pending = state["pending"][seat]
    if pending and pending["kind"] == "feed" and home["supply"]["food"] < pending["need"]:
        converts = [m for m in legal if m["type"] == "convert"]
        if converts and r.random() < 0.9:
            return r.choice(converts)
    weights = [
        PLACE.get(m["space"], 2) if m["type"] == "place" else WEIGHTS.get(m["type"], 1)
        for m in legal
    ]
    return r.choices(legal, weights)[0]


def uniform_policy(r: random.Random, legal: list[dict], state: dict, seat: int) -> dict:
    return r.choice(legal)


def policy_game(
    n: int,
    seed: int,
    policy=builder_policy,
    check: bool = False,
    start_player: int = -1,
    variant: str = "standard",
    max_moves: int = 20000,
):
    """A complete game whose moves ``policy`` picks from the legal lists: (state, moves, events,
    set-up events)."""
    r = random.Random(seed * 7919 + n)
    state, rng, setup_events = setup(n, seed, start_player, variant)
    moves, events = [], []
    while not CAVERNA.status(state).finished:
        status = CAVERNA.status(state)
        assert status.to_act, (status, state["pending"])
        seat = r.choice(status.to_act)
        legal = CAVERNA.legal_moves(state, seat)
        assert legal, (status, state["pending"][seat])
        move = policy(r, legal, state, seat)
        out = CAVERNA.decide(state, seat, move, rng)
        moves.append([seat, move])
        for event in out:
            state = CAVERNA.evolve(state, event)
            if check:
                check_invariants(state)
        events.extend(out)
        assert len(moves) < max_moves
    return state, moves, events, setup_events
