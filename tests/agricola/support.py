"""Helpers for the Agricola tests: games, positions (given ...), random play and invariants.

Positions are built from a real set-up and then adjusted with helpers that keep the general
supply ledger balanced (``give``), so the conservation invariant holds in unit tests too.
"""

from __future__ import annotations

import json
import random

from domain.agricola import AGRICOLA
from domain.agricola.state import housing, new_space
from domain.agricola.tables import ANIMALS, COMPONENTS, LEDGER_GOODS
from domain.common.housing import can_house
from domain.common.rng import Rng
from domain.common.title import GameConfig

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def names(n: int) -> list[str]:
    return list(NAMES[:n])


def setup(n: int = 2, seed: int = 1, start_player: int = 0) -> tuple[dict, Rng, list]:
    """A fresh game: (state, rng, set-up events)."""
    rng = Rng(seed)
    events = AGRICOLA.setup(
        GameConfig("family", tuple(NAMES[:n]), {"start_player": start_player}), rng
    )
    state: dict = {}
    for event in events:
        state = AGRICOLA.evolve(state, event)
    return state, rng, events


def fold(events, state: dict | None = None) -> dict:
    state = {} if state is None else state
    for event in events:
        state = AGRICOLA.evolve(state, event)
    return state


def play(state: dict, seat: int, move: dict, rng: Rng | None = None) -> tuple[dict, list]:
    """When ``seat`` makes ``move``: (new state, events). ``decide`` must not change ``state``."""
    before = json.dumps(state, sort_keys=True)
    events = AGRICOLA.decide(state, seat, move, rng or Rng(1))
    assert json.dumps(state, sort_keys=True) == before, "decide changed the state"
    return fold(events, json.loads(before)), events


def pass_feeding(state: dict, events=()) -> tuple[dict, list]:
    """Seats asked in the feeding phase who want nothing more just feed (digest §6.2): the
    state at the start of breeding, and all events."""
    events = list(events)
    while state["phase"] == "harvest_feeding":
        seat = next(s for s, p in enumerate(state["pending"]) if p is not None)
        state, more = play(state, seat, {"type": "feed"})
        events += more
    return state, events


def types(events) -> list[str]:
    return [e.type for e in events]


def give(state: dict, seat: int, **goods: int) -> dict:
    """Move goods from the general supply to a farm's supply (ledger kept balanced)."""
    farm = state["farms"][seat]
    for good, n in goods.items():
        farm["supply"][good] += n
        state["bank"][good] -= n
    return state


def give_animals(state: dict, seat: int, **animals: int) -> dict:
    farm = state["farms"][seat]
    for animal, n in animals.items():
        farm["animals"][animal] += n
        state["bank"][animal] -= n
    return state


def reveal(state: dict, space_id: str, **goods: int) -> dict:
    """Put an action space on the board now (a round card or a green card), with goods on it."""
    if space_id not in state["spaces"]:
        state["spaces"][space_id] = new_space(space_id)
        state["space_order"].append(space_id)
    for good, n in goods.items():
        state["spaces"][space_id]["goods"][good] = (
            state["spaces"][space_id]["goods"].get(good, 0) + n
        )
        state["bank"][good] -= n
    return state


def to_turn(state: dict, seat: int) -> dict:
    """Make it ``seat``'s placement turn in the work phase."""
    state["phase"] = "work"
    state["turn"] = seat
    state["pending"] = [None] * len(state["players"])
    if state["farms"][seat]["home"] < 1:
        state["farms"][seat]["home"] = 1
    return state


# -- invariants -----------------------------------------------------------------------------------


def ledger_totals(state: dict) -> dict[str, int]:
    """Every good counted everywhere: general supply + action spaces + round spaces + farms."""
    totals = {g: state["bank"][g] for g in LEDGER_GOODS}
    for space in state["spaces"].values():
        for g, n in space["goods"].items():
            totals[g] += n
    for per_round in state["round_food"]:
        totals["food"] += sum(per_round)
    for farm in state["farms"]:
        for goods in farm.get("schedule", {}).values():  # cards' round spaces (full game)
            for g, n in goods.items():
                totals[g] += n
        for g, n in farm["supply"].items():
            totals[g] += n
        for goods in farm.get("held", {}).values():  # goods kept on cards
            for g, n in goods.items():
                totals[g] += n
        for field in farm["fields"] + farm.get("card_fields", []):  # card fields: full game
            if field.get("crop"):
                totals[field["crop"]] += field["count"]
        for a in ANIMALS:
            totals[a] += farm["animals"][a] + farm["unhoused"][a]
    return totals


def check_invariants(state: dict) -> None:
    """Goods conserved (digest §1.2), animals housed within capacity (§5.9), nothing negative,
    limits (§1.2), JSON-clean state, and every reader works."""
    assert ledger_totals(state) == COMPONENTS, ledger_totals(state)
    assert json.loads(json.dumps(state)) == state
    for farm in state["farms"]:
        assert can_house(housing(farm), farm["animals"]), farm
        assert all(v >= 0 for v in farm["supply"].values()), farm["supply"]
        assert all(v >= 0 for v in farm["animals"].values())
        assert all(v >= 0 for v in farm["unhoused"].values())
        assert len(farm["fences"]) <= 15 and len(farm["stables"]) <= 4
        assert 2 <= farm["family"] <= 5
        assert all(f["count"] >= 0 for f in farm["fields"])
    for space in state["spaces"].values():
        assert all(v > 0 for v in space["goods"].values()), space
    AGRICOLA.status(state)
    AGRICOLA.score_sheet(state)
    AGRICOLA.view(state, 0)


def random_game(
    n: int, seed: int, check: bool = True, avoid_convert: float = 0.0, max_moves: int = 5000
):
    """Play one game with moves drawn from the legal lists. Returns (state, moves, events)."""
    r = random.Random(seed)
    state, rng, events = setup(n, seed, start_player=-1)
    moves = []
    all_events = list(events)
    while not AGRICOLA.status(state).finished:
        status = AGRICOLA.status(state)
        assert status.to_act, status
        seat = r.choice(status.to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        assert legal, (status, state["pending"])
        if avoid_convert and r.random() < avoid_convert:
            legal = [m for m in legal if m["type"] != "convert"] or legal
        move = r.choice(legal)
        out = AGRICOLA.decide(state, seat, move, rng)
        moves.append([seat, move])
        for event in out:
            state = AGRICOLA.evolve(state, event)
            if check:
                check_invariants(state)
        all_events.extend(out)
        assert len(moves) < max_moves
    return state, moves, all_events


def free_board(state: dict) -> dict:
    """Nobody stands on any action space (a fresh moment of the work phase)."""
    for space in state["spaces"].values():
        space["occupant"] = None
    return state


def turn(state: dict, seat: int, home: int = 1) -> dict:
    """``seat`` places next with ``home`` people at home; the board is free."""
    free_board(state)
    to_turn(state, seat)
    state["farms"][seat]["home"] = home
    return state


def build_farm(
    state: dict,
    seat: int,
    *,
    rooms=None,
    house=None,
    fields=None,
    stables=None,
    pastures=None,
    family=None,
) -> dict:
    """Shape a farm directly (a "given" position): ``fields`` maps space -> (crop, count);
    ``pastures`` is a list of regions, fenced with exactly their enclosing edges."""
    from domain.agricola.tables import GRID
    from domain.common.fences import enclosing_edges
    from domain.common.fences import pastures as find_pastures

    farm = state["farms"][seat]
    if rooms is not None:
        farm["rooms"] = list(rooms)
    if house is not None:
        farm["house"] = house
    if fields is not None:
        farm["fields"] = []
        for space, (crop, count) in fields.items():
            farm["fields"].append({"space": space, "crop": crop, "count": count})
            if crop:
                state["bank"][crop] -= count
    if stables is not None:
        farm["stables"] = list(stables)
    if pastures is not None:
        fences = set()
        for region in pastures:
            fences |= set(enclosing_edges(GRID, region))
        farm["fences"] = sorted(fences)
        farm["pastures"] = find_pastures(GRID, farm["fences"])
    if family is not None:
        farm["family"] = family
        farm["home"] = family
    return state


def moves_of(state: dict, seat: int, kind: str | None = None) -> list[dict]:
    legal = AGRICOLA.legal_moves(state, seat)
    return [m for m in legal if kind is None or m["type"] == kind]


#: A policy for test games that builds farms (random moves rarely fence or grow a family).
PLACE_WEIGHTS = {
    "fences": 6,
    "rooms_stables": 5,
    "major_improvement": 4,
    "renovation_improvement": 4,
    "family_growth": 8,
    "urgent_family_growth": 6,
    "sow_bake": 4,
    "plough": 4,
    "plough_sow": 4,
    "renovation_fences": 4,
    "sheep": 3,
    "boar": 3,
    "cattle": 3,
    "stable_bake": 2,
    "resources_or_growth": 2,
    "fishing": 2,
    "forest": 3,
}
STEP_WEIGHTS = {"convert": 0.2, "done": 0.5, "clear_region": 0.1}
FOOD_SPACES = (
    "fishing",
    "day_laborer",
    "traveling_players",
    "starting_player",
    "reed_stone_food",
    "room_or_traveling_players",
)


def builder_policy(
    r: random.Random, legal: list[dict], state: dict | None = None, seat: int = 0
) -> dict:
    """Weighted random choice that favours building the farm, and feeding the family: short of
    food, it converts goods at a harvest and goes for food before harvests. Moves of several
    animals at once (``count``) are left out, so the policy games keep the course they had
    before those moves were listed (they are tested in test_animals.py)."""
    legal = [m for m in legal if "count" not in m] or legal
    if state is not None:
        farm = state["farms"][seat]
        pending = state["pending"][seat]
        if pending and pending["kind"] == "feed" and farm["supply"]["food"] < pending["need"]:
            converts = [m for m in legal if m["type"] == "convert"]
            if converts:
                return r.choice(converts)
        from domain.agricola.tables import HARVEST_ROUNDS

        need = 2 * farm["family"] + 2
        if (
            state["phase"] == "work"
            and pending is None
            and farm["supply"]["food"] < need
            and state["round"] + 1 >= min(h for h in HARVEST_ROUNDS if h >= state["round"])
        ):
            food = [m for m in legal if m["type"] == "place" and m["space"] in FOOD_SPACES]
            if food and r.random() < 0.8:
                return r.choice(food)
    weights = []
    for move in legal:
        if move["type"] == "place":
            weights.append(PLACE_WEIGHTS.get(move["space"], 1))
        elif move["type"] == "keep_newborns":
            weights.append(1)
        else:
            weights.append(STEP_WEIGHTS.get(move["type"], 3))
    return r.choices(legal, weights)[0]


def policy_game(
    n: int, seed: int, policy=builder_policy, check: bool = False, start_player: int = -1
):
    """A complete game whose moves ``policy`` picks from the legal lists: (state, moves, events,
    set-up events)."""
    r = random.Random(seed * 7919 + n)
    state, rng, setup_events = setup(n, seed, start_player=start_player)
    moves, events = [], []
    while not AGRICOLA.status(state).finished:
        status = AGRICOLA.status(state)
        seat = r.choice(status.to_act)
        move = policy(r, AGRICOLA.legal_moves(state, seat), state, seat)
        out = AGRICOLA.decide(state, seat, move, rng)
        moves.append([seat, move])
        for event in out:
            state = AGRICOLA.evolve(state, event)
            if check:
                check_invariants(state)
        events.extend(out)
    return state, moves, events, setup_events
