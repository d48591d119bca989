"""Legal moves in game words, for people choosing from the list (the web page's buttons).

``move_label(state, move)`` says what a move does ("Forest (3 Wood)", "Plough row 2, column
3", "Cook 1 sheep"); ``move_group(state, move)`` names the group it belongs under (the action
space, the step in progress, "Any time"). Both read the same tables as the rules (digest §3-§6),
so a label never disagrees with what the move does.
"""

from __future__ import annotations

from typing import Any

from domain.common.fences import new_fences_needed
from domain.common.i18n import N_, gettext, pgettext

from .extension import find_space_row, of
from .farm import fence_credit, fence_prices, major_costs, room_costs, stable_costs
from .farm import label as farm_label
from .state import major_name, space_name
from .tables import GRID, MAJOR_IMPROVEMENTS, SINGULAR, STABLE_COST
from .text import count_text, goods_text
from .walk import STEP_GROUP


def _space_name(state: dict, space_id: str) -> str:
    space = state.get("spaces", {}).get(space_id) or {}
    goods = space.get("goods") or {}
    name = space_name(space_id) if find_space_row(space_id) else space_id
    return f"{name} ({goods_text(goods)})" if goods else name


def _place(state: dict, move: dict) -> str:
    option, a, b = move.get("option"), move.get("resource"), move.get("resource2")
    if option == "growth":
        return gettext("Family growth")
    if option == "room":
        return gettext("Build a room")
    if option == "food":
        return gettext("Take the food")
    if option in ("sheep", "boar", "cattle"):
        return gettext("Take {goods}").format(goods=count_text(1, option))
    if a and b:
        return gettext("Take {goods}").format(goods=goods_text({a: 1, b: 1}))
    if a:
        return gettext("Take {goods}").format(goods=count_text(1, a))
    return gettext("Place a person here")


def priced(state: dict, move: dict, costs_of: Any) -> str:
    """ " for <goods>" when the move picks one of several ways to pay (``pay``), else ""."""
    if "pay" not in move or state.get("turn") is None:
        return ""
    costs = costs_of(state["farms"][state["turn"]])
    pay = move["pay"]
    return _for(goods_text(costs[pay])) if 0 <= pay < len(costs) else ""


def _for(price: str) -> str:
    """ " for <price>" after a move's label."""
    return gettext(" for {price}").format(price=price)


def _major(state: dict, move: dict) -> str:
    name = major_name(move["major"])
    if move.get("return"):
        old = major_name(move["return"])
        return gettext("Build {name}, returning {old}").format(name=name, old=old)
    build = gettext("Build {name}").format(name=name)
    if move["major"] in MAJOR_IMPROVEMENTS:
        return build + priced(state, move, lambda f: major_costs(f, move["major"]))
    return build


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
            (c, count_text(w, "wood"))
            for c, w in fence_prices(farm, needed, fence_credit(farm, pending))
        ]
    if not 0 <= move["pay"] < len(prices):
        return ""
    card, price = prices[move["pay"]]
    return gettext(" for {price} ({card})").format(price=price, card=of(state).card_label(card))


def _newborns(move: dict) -> str:
    kept = {a: move.get(a, 0) for a in ("sheep", "boar", "cattle") if move.get(a)}
    if not kept:
        return gettext("Keep no animals")
    return gettext("Keep {goods}").format(goods=goods_text(kept))


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
        return _for(goods_text(costs[0])) if costs else ""
    kind = (pending or {}).get("kind")
    if kind not in STABLE_COST:
        return ""
    return _for(goods_text(stable_costs(farm, STABLE_COST[kind])[0][1]))


def _at(message: str, move: dict) -> str:
    return gettext(message).format(space=farm_label(move["space"]))


def _crop(crop: str) -> str:
    return pgettext("agricola goods", SINGULAR.get(crop, crop))


LABELS = {
    "build_room": lambda s, m: (
        _at(N_("Build a room at {space}"), m) + (priced(s, m, room_costs) or _base_price(s, m))
    ),
    "build_stable": lambda s, m: (
        _at(N_("Build a stable at {space}"), m) + (_choice(s, m) or _base_price(s, m))
    ),
    "plough": lambda s, m: _at(N_("Plough {space}"), m),
    "sow": lambda s, m: gettext("Sow {crop} on {space}").format(
        crop=_crop(m["crop"]), space=farm_label(m["space"])
    ),
    "bake": lambda s, m: gettext("Bake {grain} with {improvement}").format(
        grain=count_text(m["grain"], "grain"), improvement=major_name(m["improvement"])
    ),
    "build_major": _major,
    "fence_space": lambda s, m: _at(N_("Fence {space}"), m),
    "close_pasture": lambda s, m: gettext("Close the pasture") + _choice(s, m),
    "clear_region": lambda s, m: gettext("Clear the fences being drawn"),
    "done": lambda s, m: gettext("Done: end this action"),
    "convert": lambda s, m: gettext("Cook or convert {goods} to food").format(
        goods=count_text(m.get("count", 1), m["good"])
    ),
    "release": lambda s, m: gettext("Release {goods}").format(
        goods=count_text(m.get("count", 1), m["animal"])
    ),
    "feed": lambda s, m: gettext("Feed the family"),
    "keep_newborns": lambda s, m: _newborns(m),
    "work_end_pass": lambda s, m: gettext(
        "Move no more people: end this turn before everyone returns home"
    ),
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
        return gettext("Any time: cook, convert, release")
    if kind in ("feed", "keep_newborns"):
        return gettext("Harvest")
    turn = state.get("turn")
    if state.get("work_end") and turn is not None and state["pending"][turn] is None:
        # the moves a card gives then (window ``work_end``)
        return gettext("End of the work phase")
    return gettext(STEP_GROUP)
