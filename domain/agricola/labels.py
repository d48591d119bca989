"""Legal moves in game words, for people choosing from the list (the web page's buttons).

``move_label(state, move)`` says what a move does ("Forest (3 Wood)", "Plough row 2, column
3", "Cook 1 sheep"); ``move_group(state, move)`` names the group it belongs under (the action
space, the step in progress, "Any time"). Both read the same tables as the rules (digest §3-§6),
so a label never disagrees with what the move does.
"""

from __future__ import annotations

from typing import Any

from domain.common.fences import new_fences_needed

from .extension import find_space_row, of
from .farm import fence_credit, fence_prices, major_costs, room_costs, stable_costs
from .farm import label as farm_label
from .tables import GRID, MAJOR_IMPROVEMENTS, STABLE_COST
from .text import goods_text


def _space_name(state: dict, space_id: str) -> str:
    space = state.get("spaces", {}).get(space_id) or {}
    goods = space.get("goods") or {}
    name = (find_space_row(space_id) or {}).get("name", space_id)
    return f"{name} ({goods_text(goods)})" if goods else name


def _place(state: dict, move: dict) -> str:
    option, a, b = move.get("option"), move.get("resource"), move.get("resource2")
    if option == "growth":
        return "Family growth"
    if option == "room":
        return "Build a room"
    if option == "food":
        return "Take the food"
    if option in ("sheep", "boar", "cattle"):
        return f"Take 1 {option}"
    if a and b:
        return f"Take 1 {a} and 1 {b}"
    if a:
        return f"Take 1 {a}"
    return "Place a person here"


def priced(state: dict, move: dict, costs_of) -> str:
    """ " for <goods>" when the move picks one of several ways to pay (``pay``), else ""."""
    if "pay" not in move or state.get("turn") is None:
        return ""
    costs = costs_of(state["farms"][state["turn"]])
    pay = move["pay"]
    return f" for {goods_text(costs[pay]) or 'nothing'}" if 0 <= pay < len(costs) else ""


def _major(state: dict, move: dict) -> str:
    name = MAJOR_IMPROVEMENTS.get(move["major"], {}).get("name", move["major"])
    if move.get("return"):
        old = MAJOR_IMPROVEMENTS.get(move["return"], {}).get("name", move["return"])
        return f"Build {name}, returning {old}"
    if move["major"] in MAJOR_IMPROVEMENTS:
        return f"Build {name}" + priced(state, move, lambda f: major_costs(f, move["major"]))
    return f"Build {name}"


def _choice(state: dict, move: dict) -> str:
    """ " for 1 wood (Wood Carver)" when a stable or fence move picks a price a card offers
    (``pay``; windows ``stable_choices``, ``fence_choices``)."""
    turn = state.get("turn")
    if not move.get("pay") or turn is None or not state["pending"][turn]:
        return ""
    farm, pending = state["farms"][turn], state["pending"][turn]
    if move["type"] == "build_stable":
        prices = [(c, goods_text(p)) for c, p in stable_costs(farm, STABLE_COST[pending["kind"]])]
    else:
        needed = len(new_fences_needed(GRID, pending.get("region", []), farm["fences"]))
        prices = [
            (c, f"{w} wood") for c, w in fence_prices(farm, needed, fence_credit(farm, pending))
        ]
    if not 0 <= move["pay"] < len(prices):
        return ""
    card, price = prices[move["pay"]]
    return f" for {price} ({of(state).card_label(card)})"


def _newborns(move: dict) -> str:
    kept = {a: move.get(a, 0) for a in ("sheep", "boar", "cattle") if move.get(a)}
    return f"Keep {goods_text(kept)}" if kept else "Keep no animals"


def _base_price(state: dict, move: dict) -> str:
    """ " for 5 wood, 2 reed" for a room or stable move that picks no price (no ``pay``):
    what it costs by the rules (digest §5.3, §5.7), so that a cell offering a room and a
    stable tells them apart by their prices (issue 32)."""
    turn = state.get("turn")
    if move.get("pay") is not None or turn is None:
        return ""
    farm, pending = state["farms"][turn], (state.get("pending") or [None] * (turn + 1))[turn]
    if move["type"] == "build_room":
        costs = room_costs(farm)
        return f" for {goods_text(costs[0]) or 'nothing'}" if costs else ""
    kind = (pending or {}).get("kind")
    if kind not in STABLE_COST:
        return ""
    return f" for {goods_text(stable_costs(farm, STABLE_COST[kind])[0][1]) or 'nothing'}"


LABELS = {
    "build_room": lambda s, m: (
        f"Build a room at {farm_label(m['space'])}"
        + (priced(s, m, room_costs) or _base_price(s, m))
    ),
    "build_stable": lambda s, m: (
        f"Build a stable at {farm_label(m['space'])}" + (_choice(s, m) or _base_price(s, m))
    ),
    "plough": lambda s, m: f"Plough {farm_label(m['space'])}",
    "sow": lambda s, m: f"Sow {m['crop']} on {farm_label(m['space'])}",
    "bake": lambda s, m: (
        f"Bake {m['grain']} grain with "
        f"{MAJOR_IMPROVEMENTS.get(m['improvement'], {}).get('name', '')}"
    ),
    "build_major": _major,
    "fence_space": lambda s, m: f"Fence {farm_label(m['space'])}",
    "close_pasture": lambda s, m: "Close the pasture" + _choice(s, m),
    "clear_region": lambda s, m: "Clear the fences being drawn",
    "done": lambda s, m: "Done: end this action",
    "convert": lambda s, m: f"Cook or convert {m.get('count', 1)} {m['good']} to food",
    "release": lambda s, m: f"Release {m.get('count', 1)} {m['animal']}",
    "feed": lambda s, m: "Feed the family",
    "keep_newborns": lambda s, m: _newborns(m),
    "work_end_pass": lambda s, m: "Move no more people: end this turn before everyone returns home",
}


def move_label(state: dict, move: dict) -> str:
    """What ``move`` does, in the game's words."""
    kind: Any = move.get("type")
    if kind == "place":
        return _place(state, move)
    labeller = LABELS.get(kind) or of(state).labels.get(kind)
    return labeller(state, move) if labeller else kind or "?"


def move_group(state: dict, move: dict) -> str:
    """The heading ``move`` is listed under: its action space, or the step in progress."""
    kind = move.get("type")
    if kind == "place":
        return _space_name(state, move["space"])
    if kind in ("convert", "release"):
        return "Any time: cook, convert, release"
    if kind in ("feed", "keep_newborns"):
        return "Harvest"
    turn = state.get("turn")
    if state.get("work_end") and turn is not None and state["pending"][turn] is None:
        return "End of the work phase"  # the moves a card gives then (window ``work_end``)
    return "Your action in progress"
