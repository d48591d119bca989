"""What happens by itself between decisions: set-up, the five phases of a round, harvests and
the end (digest §2, §3, §9, §10).

``advance`` runs after every move: it emits the automatic events until a seat must decide or
the game is over. Round cards and harvest markers are drawn from the game's ``rng`` when the
round reveals them ("round-card/5", "harvest-marker/7"), so no future draw is in the state.
"""

from __future__ import annotations

from domain.common.rng import Rng

from . import building
from .builder import Builder, gain
from .furnishings import FURNISHINGS, INTRO_TILES, TRADES
from .scoring import final_scores
from .spaces import BOARDS, SPACES
from .state import animals_fit, owns
from .statetypes import Home
from .tables import (
    FARM_ANIMALS,
    FIXED_HARVEST,
    HARVEST_MARKERS,
    LAST_ROUND,
    RED_EFFECTS,
    SKIPPED_ROUND,
    SMALL_GAME_REMOVED,
    SOLO_CARDS,
    SOLO_CLEAR_AT,
    SOLO_START_FOOD,
    STAGE_CARDS,
    STAGE_ROUNDS,
    START_FOOD,
    WISH_ROUND,
)


def setup_events(players: list[str], variant: str, start: int, rng: Rng) -> list:
    """GameSetUp, then round 1 (digest §2.1-§2.7; pack §2.1)."""
    n = len(players)
    food = [SOLO_START_FOOD] if n == 1 else [START_FOOD[(s - start) % n] for s in range(n)]
    markers = [] if n == 1 else list(HARVEST_MARKERS)
    if n == 2:
        markers.remove("green")
    tiles = [t for t in FURNISHINGS if variant == "standard" or t in INTRO_TILES]
    b = Builder({})
    b.emit(
        "GameSetUp",
        {
            "players": list(players),
            "variant": variant,
            "start_player": start,
            "order": list(BOARDS[n]),
            "markers": markers,
            "tiles": tiles,
            "food": food,
        },
    )
    start_round(b, rng, 1)
    return b.events


def _small(state: dict) -> bool:
    return len(state["players"]) <= 2


def _card(state: dict, rng: Rng, r: int) -> str | None:
    if r == WISH_ROUND:
        return "wish_for_children"
    if state["solo"]:
        return SOLO_CARDS.get(r)
    stage = next(s for s, rounds in STAGE_ROUNDS.items() if r in rounds)
    shown = set(state["round_cards"].values())
    left = [
        c
        for c in STAGE_CARDS[stage]
        if c not in shown and not (_small(state) and c in SMALL_GAME_REMOVED)
    ]
    return rng.choice(f"round-card/{r}", left)


def start_round(b: Builder, rng: Rng, r: int) -> None:
    """Phase 1 (new action card, harvest marker), deliveries, then the solo clearing or
    phase 2 (digest §3.1, §3.2)."""
    state = b.state
    card = _card(state, rng, r)
    marker, harvest = None, FIXED_HARVEST.get(r, "normal")
    if r > 5 and not state["solo"]:
        marker = rng.choice(f"harvest-marker/{r}", sorted(state["markers"]))
        harvest = "normal" if marker == "green" else RED_EFFECTS[state["reds"]]
    b.emit(
        "RoundStarted",
        {
            "round": r,
            "card": card,
            "marker": marker,
            "harvest": harvest,
            "urgent": card == "family_life",
        },
    )
    for seat, home in enumerate(b.state["homes"]):
        gain(b, seat, home["deliveries"].get(str(r), {}), "delivery")
        if owns(home, "miner"):
            gain(
                b, seat, {"ore": min(_count(home, "ore_mine"), home["animals"]["donkey"])}, "miner"
            )
    full = (
        [
            s
            for s in b.state["order"]
            if sum(b.state["spaces"][s]["goods"].values()) >= SOLO_CLEAR_AT
        ]
        if state["solo"]
        else []
    )
    if full and b.state["homes"][0]["supply"]["ruby"] >= 1:
        b.emit("Asked", {"pending": {"kind": "solo_clear", "spaces": full, "kept": []}}, 0)
        b.emit("PhaseChanged", {"phase": "solo_clear"})
        return
    for space in full:
        b.emit("SpaceCleared", {"space": space})
    replenish(b)


def _count(home: Home, kind: str) -> int:
    return sum(1 for k in home["board"] if k == kind)


def replenish(b: Builder) -> None:
    """Phase 2: "X (Y)" goods on every accumulating space; Ruby mining with 2 players only from
    round 3 (digest §3.2, EX-2, EX-3; pack §2.2); then the work phase starts."""
    state = b.state
    added = {}
    for sid in state["order"]:
        info = SPACES[sid]
        if "acc" not in info:
            continue
        if sid == "ruby_mining" and len(state["players"]) == 2 and state["round"] <= 2:
            continue
        empty = not any(state["spaces"][sid]["goods"].values())
        added[sid] = dict(info["acc"][0 if empty else 1])
    b.emit("SpacesReplenished", {"spaces": added})
    first = state["start_player"]
    b.emit("PhaseChanged", {"phase": "work", "turn": first})


def advance(b: Builder, rng: Rng) -> None:
    """Run the automatic steps until a seat must decide."""
    state = b.state
    if any(p is not None for p in state["pending"]) or any(
        not animals_fit(h) for h in state["homes"]
    ):
        return
    phase = state["phase"]
    if phase == "work" and state["turn"] is None:
        b.emit("HomeReturned", {})
        start_harvest(b, rng)
    elif phase == "solo_clear":
        replenish(b)
    elif phase == "harvest_choice":
        field_phase(b, rng)
    elif phase == "harvest_feeding":
        breeding_phase(b, rng)
    elif phase == "harvest_breeding":
        next_round(b, rng)
    elif phase == "final":
        end_game(b)


def start_harvest(b: Builder, rng: Rng) -> None:
    """Phase 5 by this round's schedule (digest §2.7, §9.2)."""
    kind = b.state["harvest"]
    if kind == "none":
        next_round(b, rng)
    elif kind == "one_food":
        feeding_phase(b, rng, one_food=True)
    elif kind == "choice":
        for seat in range(len(b.state["players"])):
            b.emit("Asked", {"pending": {"kind": "harvest_choice"}}, seat)
        b.emit("PhaseChanged", {"phase": "harvest_choice"})
    else:
        field_phase(b, rng)


def field_phase(b: Builder, rng: Rng) -> None:
    """1 grain or vegetable from every sown field (digest §9.1 step 1)."""
    for seat, home in enumerate(b.state["homes"]):
        if home["skip"] == "field":
            continue
        sown = sorted(int(s) for s in home["crops"])
        if sown:
            b.emit("CropsHarvested", {"spaces": sown}, seat)
    feeding_phase(b, rng)


def feeding_need(state: dict, seat: int, one_food: bool) -> int:
    """2 food per dwarf, 1 per dwarf born this round (1 for all at the special feeding); the
    Mining cave saves 1 per donkey in a mine (digest §9.1, §9.2, EX-27; pack §1.3)."""
    home = state["homes"][seat]
    need = 0
    for dwarf in home["dwarfs"]:
        need += 1 if one_food or dwarf.get("born") == state["round"] else 2
    if owns(home, "mining_cave"):
        mines = _count(home, "ore_mine") + _count(home, "ruby_mine")
        need -= min(mines, home["animals"]["donkey"])
    return max(0, need)


def feeding_phase(b: Builder, rng: Rng, one_food: bool = False) -> None:
    for seat in range(len(b.state["players"])):
        b.emit(
            "Asked",
            {
                "pending": {
                    "kind": "feed",
                    "need": feeding_need(b.state, seat, one_food),
                    "one_food": one_food,
                }
            },
            seat,
        )
    b.emit("PhaseChanged", {"phase": "harvest_feeding"})


def breeding_phase(b: Builder, rng: Rng) -> None:
    """1 newborn per type with 2 or more, if it fits; a seat chooses when not all fit
    (digest §8.4, EX-6). Skipped after the special feeding."""
    if b.state["harvest"] == "one_food":
        next_round(b, rng)
        return
    asked = False
    for seat, home in enumerate(b.state["homes"]):
        if home["skip"] == "breeding":
            continue
        options = building.newborn_choices(home, FARM_ANIMALS)
        if len(options) == 1:
            building.breed(b, seat, options[0], "breeding")
        else:
            b.emit("Asked", {"pending": {"kind": "breed", "options": options}}, seat)
            asked = True
    b.emit("PhaseChanged", {"phase": "harvest_breeding"})
    if not asked:
        next_round(b, rng)


def next_round(b: Builder, rng: Rng) -> None:
    r = b.state["round"] + 1
    if r == SKIPPED_ROUND and len(b.state["players"]) <= 2:
        r += 1
    if r > LAST_ROUND:
        final_phase(b)
    else:
        start_round(b, rng, r)


def final_phase(b: Builder) -> None:
    """Before scoring, seats with a tile that trades goods may still use it (digest §10.1)."""
    asked = False
    for seat, home in enumerate(b.state["homes"]):
        if any(owns(home, t) for t in TRADES) or (
            any(d["weapon"] for d in home["dwarfs"]) and owns(home, "peaceful_cave")
        ):
            b.emit("Asked", {"pending": {"kind": "final"}}, seat)
            asked = True
    b.emit("PhaseChanged", {"phase": "final"})
    if not asked:
        end_game(b)


def end_game(b: Builder) -> None:
    scores, winners = final_scores(b.state)
    b.emit("GameEnded", {"scores": scores, "winners": winners})
