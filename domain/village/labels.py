"""Labels for Village's moves (what a move list and the walk show), and the group each move
is listed under; the events' sentences are in :mod:`.text`."""

from __future__ import annotations

from .state import data
from .text import SPACE_NAMES, _goods, _place
from .travel import roads


def _coins(move: dict) -> str:
    k = move.get("coins", 0)
    return f", {k} coin{'s' if k != 1 else ''} instead of cubes" if k else ""


def _one(move: dict) -> str:
    where = move.get("from") or move.get("at")
    return f'a "{move["gen"]}"' + (f" from {_place(where)}" if where else "")


LABELS = {
    "take": lambda m: f"Take a {m['colour']} cube from {SPACE_NAMES[m['space']]}",
    "well": lambda m: f"Use the Well: 3 {m['colour']}{_coins(m)}",
    "action": lambda m: f"Do {SPACE_NAMES[m['space']]}",
    "skip": lambda m: "Do nothing more",
    "harvest": lambda m: "Harvest grain",
    "birth": lambda m: "A child is born",
    "recall": lambda m: f"Call {_one(m)} home",
    "mill": lambda m: "Grind at the Mill: 2 time and 2 grain for 2 coins",
    "council_enter": lambda m: (
        f'Seat a "{m["gen"]}" on the council, paying '
        f"{'a scroll' if m['pay'] == 'scroll' else '2 green'}{_coins(m)}"
    ),
    "council_advance": lambda m: (
        f'Move a "{m["gen"]}" up from council step {m["step"]}, '
        f"paying {'a scroll' if m['pay'] == 'scroll' else '2 green'}"
        f"{_coins(m)}"
    ),
    "church": lambda m: (
        f'Send a "{m["gen"]}" to church, paying '
        + {"time": "3 time", "brown": "1 brown", "coin": "1 coin"}[m["pay"]]
    ),
    "pass": lambda m: "Pass (out of this market day)",
    "cubes": lambda m: f"Take {' and '.join(m['colours'])}",
    "clara_cube": lambda m: f"Give Clara the {m['colour']} cube",
    "die": lambda m: f'The "{m["gen"]}" at {_place(m["at"])} dies',
    "buy": lambda m: f'Buy a "{m["gen"]}" out of the black bag for 1 coin',
    "advance": lambda m: f'Move a "{m["gen"]}" up from church step {m["step"]}',
    "done": lambda m: "Done",
}


def _privilege(m: dict) -> str:
    step = m["step"]
    return {
        1: "Take the ring token",
        2: f"Take {' and '.join(m.get('colours', []))}",
        3: f"Take a {m.get('good')}",
        4: "Pay 1 coin for 3 PP",
    }[step] + f" (step {step} privilege)"


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind in ("privilege", "council_privilege"):
        return _privilege(move)
    if kind == "travel":
        return _travel_label(state, move)
    if kind == "serve":
        return _serve_label(state, move)
    if kind == "craft":
        b = move["building"]
        what = move.get("good") or {
            "wainwright": "wagon",
            "chancellery": "scroll",
            "smithy": "plough",
        }.get(b, "good")
        if move["pay"] == "time" and "train" in move:
            head = f'Train a "{move["train"]}" at the {b}'
            return head + (f" and make a {what}" if move["produce"] else "")
        how = {"time": "with time", "grain": "for 3 grain"}.get(move["pay"], "with cubes")
        return f"Make a {what} at the {b} {how}{_coins(move)}"
    return LABELS[kind](move)


def _travel_label(state: dict, move: dict) -> str:
    """'Send a "1" to city N: 2 time, 1 wagon and 2 brown' (the road's price, coins standing in
    for cubes)."""
    start = move.get("from", "farm")
    origin = start[5:] if start.startswith("city:") else "village"
    road = data(state)["travel"]["road"]
    cubes = dict(roads(state).get((origin, move["to"]), {}))
    k = move.get("coins", 0)
    for colour in sorted(cubes):
        paid = min(k, cubes[colour])
        cubes[colour] -= paid
        k -= paid
    price = {"time": road["time"], "wagon": road["wagon"], **{c: n for c, n in cubes.items() if n}}
    if move.get("coins"):
        price["coins"] = move["coins"]
    words = [
        f"{n} time" if g == "time" else _goods({g: n}).replace(" cube", "")
        for g, n in price.items()
    ]
    return f"Send {_one(move)} to city {move['to']}: " + ", ".join(words)


def _serve_label(state: dict, move: dict) -> str:
    cid = state["market"]["stalls"][move["slot"]]
    tile = data(state)["customers"][cid]
    head = (
        f"Serve the customer at stall {move['slot'] + 1}: {_goods(tile['needs'])} for "
        f"{tile['pp']} PP"
    )
    return head + (
        " (free)" if "coins" not in move else f", paying 1 green and 1 time{_coins(move)}"
    )


def move_group(state: dict, move: dict) -> str:
    step = state.get("step") or {}
    if step.get("kind") == "act":
        return SPACE_NAMES[step["space"]]
    if move["type"] in ("take", "well"):
        return "Your turn"
    return "Decisions"
