"""``evolve`` for Village: every event applied to the state (shape in ``state.py``).

Evolve never checks rules: it applies recorded facts. Goods move between a player and the
general supply through ``Gained`` and ``Paid`` (keys: the four cube colours, the five goods,
``grain``, ``coins``, ``pp``); time through ``TimePaid``, which also counts the deaths owed each
time the marker passes the quill (digest §5.1, sources.md §4.5).
"""

from __future__ import annotations

import json
from typing import Any, cast

from domain.common.events import EventLike

from .pack import COLOURS, GOODS
from .state import copy_tree, covered, member_of, new_player, owner_of
from .statetypes import Player, State


def _who(state: dict, seat: int | None) -> Any:
    """Clara's events carry no seat (she is not a player)."""
    return state["clara"] if seat is None else state["seats"][seat]


def set_up(state: dict, d: dict, seat: int | None) -> dict:
    pack = d["pack"]
    v = pack["values"]
    n = len(d["players"])
    new: State = {
        "title": "village",
        "variant": d["variant"],
        "players": list(d["players"]),
        "solo": d["solo"],
        "pack": pack,
        "options": d.get("options", {}),
        "expansions": list(d.get("expansions", [])),
        "round": 0,
        "phase": "setup",
        "first": d["first"],
        "ring": None,
        "turn": d["first"],
        "stage": "choose",
        "step": None,
        "took": None,
        "spaces": {s: [] for s in v["setup"]["2"]["space_cubes"]},
        "bag": dict.fromkeys(COLOURS + ("plague",), 0),
        "supply": {
            **dict(v["supply"]["cubes"]),
            "plague": v["supply"]["plague"],
            "grain": v["supply"]["grain"],
        },
        "black_bag": ["monk"] * v["supply"]["monks"],
        "church": {str(s): [] for s in range(1, 5)},
        "market": {"stalls": [], "queue": [], "unseen": sorted(v["customers"])},
        "market_day": None,
        "dying": None,
        "mass": None,
        "end": None,
        "final": None,
        "chronicle": [
            {"category": cat, "mark": m, "by": None}
            for cat, marks in sorted(v["chronicle"].items())
            if cat != "ring_slots"
            for m in marks
        ],
        "graves": [{"mark": m, "by": None} for m in v["graves"]],
        "seats": [new_player(v) for _ in range(n)],
        "clara": json.loads(json.dumps(d["clara"])) if d.get("clara") else None,
    }
    for slot in new["chronicle"] + new["graves"]:
        if covered(slot["mark"], n):
            slot["by"] = "cover"
    return cast(dict, new)  # a plain dict at run time; ``State`` says its keys


def gained(state: dict, d: dict, seat: int | None) -> dict:
    _move(state, _who(state, seat), d["gain"], +1)
    return state


def paid(state: dict, d: dict, seat: int | None) -> dict:
    _move(state, _who(state, seat), d["pay"], -1)
    if d["pay"].get("coins") and state.get("ring_coin"):
        state["ring_coin"] = False  # solo: the ring token is the coin spent first (L844)
    return state


def _move(state: dict, player: Player, goods: dict, sign: int) -> None:
    supply = state["supply"]
    for good, k in goods.items():
        k *= sign
        if good in COLOURS:
            player["cubes"][good] += k
            supply[good] -= k
        elif good in GOODS:
            player["goods"][good] += k
        elif good == "grain":
            player["grain"] += k
            supply["grain"] -= k
        elif good == "coins":
            player["coins"] += k
        elif good == "pp":
            player["pp"] += k


def time_paid(state: dict, d: dict, seat: int | None) -> dict:
    player = state["seats"][seat]
    lap = state["pack"]["values"]["lifetrack"]["spaces"]
    before = player["time"]
    player["time"] += d["time"]
    player["owed"] += player["time"] // lap - before // lap
    return state


def member_moved(state: dict, d: dict, seat: int | None) -> dict:
    figure = d["figure"]
    member = member_of(state, figure)
    old, new = member["at"], d["to"]
    member["at"] = new
    if old.startswith("church:"):
        state["church"][old[7:]].remove(figure)
    if old == "bag":
        state["black_bag"].remove(figure)
    if new.startswith("church:"):
        state["church"][new[7:]].append(figure)
    if new == "bag":
        state["black_bag"].append(figure)
    return state


def member_died(state: dict, d: dict, seat: int | None) -> dict:
    state = member_moved(state, {"figure": d["figure"], "to": d["to"]}, seat)
    if d["to"] == "chronicle":
        state["chronicle"][d["slot"]]["by"] = d["figure"]
    elif d["to"] == "grave":
        state["graves"][d["slot"]]["by"] = d["figure"]
    if seat is not None and d.get("owed", True):
        state["seats"][seat]["owed"] -= 1
    return state


def death_skipped(state: dict, d: dict, seat: int | None) -> dict:
    state["seats"][seat]["owed"] -= 1
    state["seats"][seat]["skipped"] += 1
    return state


def flow(state: dict, d: dict, seat: int | None) -> dict:
    """``Flow``: the bookkeeping of whose decision it is (turn, stage, step, dying...)."""
    for key, value in d.items():  # copied: recorded events are never changed by replay
        state[key] = copy_tree(value) if type(value) in _NESTED else value
    return state


_NESTED = (dict, list)


def cube_taken(state: dict, d: dict, seat: int | None) -> dict:
    state["spaces"][d["space"]].remove(d["colour"])
    if d["colour"] == "plague":
        state["supply"]["plague"] += 1
    else:
        state["seats"][seat]["cubes"][d["colour"]] += 1
    state["took"] = {"space": d["space"], "colour": d["colour"]}
    return state


def bag_filled(state: dict, d: dict, seat: int | None) -> dict:
    for colour, k in d["added"].items():
        state["bag"][colour] += k
        state["supply"][colour] -= k
    return state


def cubes_drawn(state: dict, d: dict, seat: int | None) -> dict:
    for space, cubes in d["spaces"].items():
        state["spaces"][space].extend(cubes)
        for colour in cubes:
            state["bag"][colour] -= 1
    return state


def customers_laid(state: dict, d: dict, seat: int | None) -> dict:
    market = state["market"]
    market["stalls"], market["queue"] = list(d["stalls"]), list(d["queue"])
    for cid in d.get("revealed", []):
        market["unseen"].remove(cid)
    return state


def customer_served(state: dict, d: dict, seat: int | None) -> dict:
    state["market"]["stalls"][d["slot"]] = None
    _who(state, seat)["customers"].append(d["customer"])
    return state


def disc_placed(state: dict, d: dict, seat: int | None) -> dict:
    state["seats"][seat]["discs"].append(d["city"])
    return state


def ring_taken(state: dict, d: dict, seat: int | None) -> dict:
    state["ring"] = seat
    return state


def figures_drawn(state: dict, d: dict, seat: int | None) -> dict:
    """Mass phase 1: drawn monks go back, drawn members go to their church step."""
    for figure, step in zip(d["figures"], d["steps"]):
        if figure != "monk" and step:
            member_moved(state, {"figure": figure, "to": f"church:{step}"}, owner_of(figure))
    return state


def clara_cube(state: dict, d: dict, seat: int | None) -> dict:
    clara = state["clara"]
    state["spaces"][d["space"]].remove(d["colour"])
    clara["track"].append(d["colour"])
    clara["at"] = d["division"]
    return state


def fate(state: dict, d: dict, seat: int | None) -> dict:
    row = state["clara"]["fate"][d["set"]]
    if d.get("reshuffled"):  # a new shuffle: its draws get new labels (cycle)
        row["revealed"], row["quills"], row["cycle"] = [], 0, row["cycle"] + 1
    else:
        row["revealed"].append(d["cell"])
        row["quills"] += 1 if d["quill"] else 0
    return state


def clara_cleared(state: dict, d: dict, seat: int | None) -> dict:
    clara = state["clara"]
    for colour in clara["track"][:-1]:
        state["supply"][colour] += 1
    clara["track"] = clara["track"][-1:]
    return state


def finished(state: dict, d: dict, seat: int | None) -> dict:
    state["phase"] = "finished"
    state["final"] = {"scores": d["scores"], "winners": d["winners"]}
    return state


HANDLERS = {
    "GameSetUp": set_up,
    "Gained": gained,
    "Paid": paid,
    "TimePaid": time_paid,
    "MemberMoved": member_moved,
    "MemberDied": member_died,
    "DeathSkipped": death_skipped,
    "Flow": flow,
    "CubeTaken": cube_taken,
    "BagFilled": bag_filled,
    "CubesDrawn": cubes_drawn,
    "CustomersLaid": customers_laid,
    "CustomerServed": customer_served,
    "DiscPlaced": disc_placed,
    "RingTaken": ring_taken,
    "FiguresDrawn": figures_drawn,
    "ClaraCube": clara_cube,
    "Fate": fate,
    "ClaraCleared": clara_cleared,
    "GameFinished": finished,
}


#: What each handler changes in place, for the copy-on-write of a move being decided
#: (``builder.py``): ``seat`` is the event's player (Clara's parts when it has no seat),
#: ``figure`` the owner of ``data["figure"]``, ``figures`` every player and Clara; the other
#: names are top-level keys. Handlers that only assign top-level keys (``Flow``, ``RingTaken``,
#: the ``took`` of ``CubeTaken``...) need no copy. Keep in step with the handlers above.
TOUCHES: dict[str, tuple[str, ...]] = {
    "GameSetUp": (),  # builds a new state
    "Gained": ("supply", "seat"),
    "Paid": ("supply", "seat"),
    "TimePaid": ("seat",),
    "MemberMoved": ("figure", "church", "black_bag"),
    "MemberDied": ("figure", "seat", "church", "black_bag", "chronicle", "graves"),
    "DeathSkipped": ("seat",),
    "Flow": (),
    "CubeTaken": ("spaces", "supply", "seat"),
    "BagFilled": ("bag", "supply"),
    "CubesDrawn": ("spaces", "bag"),
    "CustomersLaid": ("market",),
    "CustomerServed": ("market", "seat"),
    "DiscPlaced": ("seat",),
    "RingTaken": (),
    "FiguresDrawn": ("figures", "church", "black_bag"),
    "ClaraCube": ("spaces", "clara"),
    "Fate": ("clara",),
    "ClaraCleared": ("supply", "clara"),
    "GameFinished": (),
}


def evolve(state: dict, event: EventLike) -> dict:
    """Apply one event. Bookkeeping no player needs a line for rides on the event beside it
    (issue 26): ``flow_before`` is applied before the event's own effect, ``flow`` after."""
    d = event.data
    if "flow_before" in d:
        flow(state, d["flow_before"], None)
    handler = HANDLERS.get(event.type)
    if handler is not None:  # sentences-only events (WellUsed, MarketPassed...) change nothing
        state = handler(state, d, event.seat)
    if "flow" in d and event.type != "Flow":
        flow(state, d["flow"], None)
    return state
