"""What the card engine does at the windows the base rules open (issue 10, issue 23): the full
game's action spaces and steps, and the hooks ``cards/extension.py`` puts into a game's
extension (round start, after a placement, after a move, costs, housing, the harvest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common import fences as fence_rules
from domain.common.housing import Housing

from .. import place_effects, placement, steps
from ..builder import seat_params
from ..errors import AgricolaViolation
from ..extension import skips_harvest
from ..farm import growth_problem, sow_problem, split_animals
from ..improvements import can_build_any_major
from ..state import blocked_for_fences, fenced_spaces, fences_left, total_animals
from ..statetypes import Farm
from ..tables import GRID
from . import engine, occupation_play, play
from .common import ask_choice, receive_animals, stone_less
from .free_builds import fence_one_space
from .leaving import leave_options, top_up

if TYPE_CHECKING:
    from ..builder import Builder

# -- animals, schedules, the Maid ----------------------------------------------------------------


def round_start(b: Builder, round_no: int) -> None:
    """Phase 1: the Maid's check, then every seat collects what cards put on this round."""
    for seat, farm in enumerate(b.state["farms"]):
        if (
            "E190" in farm.get("cards", [])
            and not farm.get("card_state", {}).get("E190")
            and farm["house"] != "wood"
        ):
            b.emit(
                "CardScheduled",
                {
                    "card": "E190",
                    "rounds": {str(r): {"food": 1} for r in range(round_no, 15)},
                    "done": True,
                },
                seat,
            )
        for card_id in list(farm.get("cards", [])):
            starts = engine.effect(card_id, farm).get("round_start")
            if starts:
                starts(b, seat, round_no, card_id)
        goods = b.state["farms"][seat].get("schedule", {}).get(str(round_no))
        if goods:
            data = {"round": round_no, "goods": goods}
            animals = {a: n for a, n in goods.items() if a in farm["animals"]}
            if animals:
                total = total_animals(farm)
                for a, n in animals.items():
                    total[a] += n
                data["housed"], data["unhoused"] = split_animals(farm, total)
            b.emit("ScheduleCollected", data, seat)


def after_move(b: Builder, seat: int, events: Any) -> None:
    """Cards that react to what a move did: sowing (E32), baking (E41), cooking (E25)."""
    for event in events:
        for owner, farm in enumerate(b.state["farms"]):
            for card_id in farm.get("cards", []):
                eff = engine.effect(card_id, farm)
                if eff.get("after") and event.seat == seat == owner:
                    eff["after"](b, owner, event, card_id)
                if eff.get("after_any"):
                    eff["after_any"](b, owner, event, card_id)


def feeding(state: dict, farm: Farm, need: int) -> int:
    for card_id in farm.get("cards", []):
        eat = engine.effect(card_id, farm).get("feeding")
        if eat:
            need = eat(state, farm, need)
    return need


def field_phase(b: Builder) -> None:
    for seat, farm in enumerate(b.state["farms"]):
        food = 0 if skips_harvest(b.state, seat) else engine.field_food(farm)  # Layabout I244
        if food:
            b.emit("CardGoods", {"card": None, "goods": {"food": food}, "window": "field"}, seat)


# -- after a person is placed: space and "whenever you take" cards --------------------------------


def after_place(b: Builder, seat: int, move: dict, before: dict) -> None:
    state = b.state
    farm = state["farms"][seat]
    if not farm.get("cards"):
        return
    now = {**farm["supply"], **total_animals(farm)}
    gained = {g: now[g] - before.get(g, 0) for g in now if now[g] > before.get(g, 0)}
    extra = engine.space_goods(state, seat, move["space"])
    for good, n in engine.taken_goods_at(state, seat, gained, move["space"]).items():
        extra[good] = extra.get(good, 0) + n
    animals = {a: n for a, n in extra.items() if a in farm["animals"] and n}
    goods = {g: n for g, n in extra.items() if n and g not in animals}
    if goods:
        b.emit(
            "CardGoods",
            {"card": None, "goods": goods, "window": "space", "space": move["space"]},
            seat,
        )
    if animals:
        receive_animals(b, seat, None, animals)


# -- Mini Pasture (E40) ----------------------------------------------------------------------------


def mini_pasture_spaces(farm: Farm) -> list[int]:
    """Single unfenced spaces that can be closed with the fences left, next to a pasture once
    the farm has one (seed 000 L732: "the new pasture must adjoin the old one"); with no pasture
    yet any such space (the corrected entry, ``first_anywhere``; sets 1-4 asked for a pasture
    to adjoin even then)."""

    fenced = fenced_spaces(farm)
    blocked = blocked_for_fences(farm)
    anywhere = not fenced and engine.effect("E40", farm).get("first_anywhere")
    out = []
    for s in GRID.spaces():
        if (
            s in fenced
            or s in blocked
            or not (anywhere or any(n in fenced for n in GRID.neighbours(s)))
        ):
            continue
        if fence_rules.region_problem(GRID, [s], farm["fences"], blocked) is not None:
            continue
        if len(fence_rules.new_fences_needed(GRID, [s], farm["fences"])) <= fences_left(farm):
            out.append(s)
    return out


def check_card_pasture(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if (
        pending is None
        or pending["kind"] != "card_pasture"
        or move["space"] not in mini_pasture_spaces(state["farms"][seat])
    ):
        raise AgricolaViolation(
            "fence_space_not_allowed",
            space_label=str(move["space"]),
            reason="Mini Pasture fences one free space next to a pasture",
            **seat_params(state, seat),
        )


def apply_card_pasture(b: Builder, seat: int, move: dict) -> None:
    fence_one_space(b, seat, "E40", move["space"])
    steps.settle(b, seat)


# -- costs and housing ---------------------------------------------------------------------------


def occupied_ok(state: dict, seat: int, space_id: str, move: dict | None = None) -> bool:
    """Whether the seat's cards let its person use ``space_id`` although another seat's
    person stands there (``occupied_ok``: spaces; ``occupied_options``: spaces usable so only
    with one of the listed options of the ``place`` move)."""
    for card_id in state["farms"][seat].get("cards", []):
        eff = engine.effect(card_id, state)
        if space_id in eff.get("occupied_ok", ()):
            return True
        options = eff.get("occupied_options", {}).get(space_id)
        if options and (move or {}).get("option") in options:
            return True
    return False


def choice_after_place(b: Builder, seat: int, move: dict, before: dict) -> None:
    """Cards that add a choice of goods to a space (Raft E22, Seasonal Worker E202), let the
    seat leave goods on it for others (Basket E34, Mushroom Collector E196, Storyteller E169)
    or build their own choice from what it took (``choice_after``, Fisherman E161): the seat
    is asked right after its placement (``card_choice``), one card at a time in the order it
    played them."""

    farm = b.state["farms"][seat]
    if not farm.get("cards"):
        return
    now = {**farm["supply"], **total_animals(farm)}
    gained = {g: now[g] - before.get(g, 0) for g in now if now[g] > before.get(g, 0)}
    queue = []
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        start, options = eff.get("choice_at", {}).get(move["space"], (None, None))
        if options and b.state["round"] >= start:
            queue.append({"card": card_id, "options": options})
        options = leave_options(b, seat, move["space"], eff.get("leave"))
        if options:
            entry = {"card": card_id, "options": options, "onto": move["space"]}
            extra = top_up(b, seat, move["space"], eff["leave"])
            if extra:
                entry["top_up"] = extra
            queue.append(entry)
        if eff.get("order_matters") and eff["order_matters"](b, seat, move["space"]):
            # K-02: read when resolved, after what the cards before it gave
            queue.append({"card": card_id, "lazy": True, "gained": gained})
            continue
        after = (
            eff["choice_after"](b, seat, move["space"], card_id, gained)
            if eff.get("choice_after")
            else None
        )
        if after:
            queue.append(after)
    if queue:
        ask_choice(b, seat, move["space"], queue)


def room_cost(farm: Farm, cost: dict) -> dict:
    """Base-cost cards (digest §10.2 item 6): the cheapest base the seat's cards give."""
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        material = eff.get("room_material")
        if farm["house"] == "wood" and eff.get("room_material_wood") is not None:
            material = min(material or 99, eff["room_material_wood"])
        if material is not None:
            cost = dict(cost, **{farm["house"]: min(cost[farm["house"]], material)})
    return stone_less(farm, _reed_less(farm, cost))


def _reed_less(farm: Farm, cost: dict) -> dict:
    less = sum(engine.effect(c, farm).get("reed_less", 0) for c in farm.get("cards", []))
    if less and cost.get("reed"):
        cost = dict(cost, reed=max(0, cost["reed"] - less))
    return cost


def renovation_cost(farm: Farm, cost: dict) -> dict:
    for card_id in farm.get("cards", []):
        less = engine.effect(card_id, farm).get("renovation_less")
        if less:
            target = next(g for g in cost if g != "reed")
            cost = dict(cost, **{target: max(0, cost[target] - less)})
    return stone_less(farm, _reed_less(farm, cost))


def housing(farm: Farm, home: Housing) -> Housing:
    fenced = {s for p in farm["pastures"] for s in p}
    unfenced_stables = sum(1 for s in farm["stables"] if s not in fenced)
    pastures, flexible = list(home.pastures), home.flexible
    for card_id in farm.get("cards", []):
        extra = engine.effect(card_id, farm).get("housing", {})
        flexible += extra.get("flexible", 0)
        pastures = [p + extra.get("per_pasture", 0) for p in pastures]
        if extra.get("stablemaster") and unfenced_stables:
            flexible -= 1
            pastures.append(extra["stablemaster"])
    if any(engine.effect(c, farm).get("housing", {}).get("mixed") for c in farm.get("cards", [])):
        # Animal Keeper E216: pastures may mix types, so their places hold any animal
        return Housing((), flexible + sum(pastures), home.reserved)
    return Housing(tuple(pastures), flexible, home.reserved)


# -- the full game's action spaces (digest §4.2, §4.4, §4.5) -----------------------------------


def _check_lessons(state: dict, seat: int, space_id: str, move: dict) -> None:
    if not occupation_play.any_playable_occupation(state, seat, space_id):
        raise AgricolaViolation(
            "action_not_possible",
            space_name=state["spaces"][space_id]["name"],
            reason="no occupation in hand can be played and paid for",
            **seat_params(state, seat),
        )


def _check_occupation_or_growth(state: dict, seat: int, space_id: str, move: dict) -> None:
    if move.get("option") == "occupation":
        _check_lessons(state, seat, space_id, move)
    elif move.get("option") == "growth" and state["round"] >= 5:
        problem = growth_problem(state["farms"][seat], needs_room=True)
        if problem:
            raise AgricolaViolation(
                "family_growth_not_possible", reason=problem, **seat_params(state, seat)
            )
    else:
        raise AgricolaViolation(
            "action_option_invalid",
            space_name=state["spaces"][space_id]["name"],
            reason="'option' must be occupation or (from round 5) growth",
            **seat_params(state, seat),
        )


def _check_major_minor(state: dict, seat: int, space_id: str, move: dict) -> None:
    if not (can_build_any_major(state, seat) or play.any_minor_move(state, seat)):
        raise AgricolaViolation(
            "action_not_possible",
            space_name=state["spaces"][space_id]["name"],
            reason="they can neither build a major improvement nor play a minor one",
            **seat_params(state, seat),
        )


def _pending_apply(kind: str, renovate: Any = False, grow: Any = False, start: Any = False) -> Any:
    def apply(b: Builder, seat: int, space_id: str, move: dict) -> None:
        option = move.get("option")
        if option == "growth":
            b.emit("PersonPlaced", {"space": space_id, "pending": None, "option": option}, seat)
            b.emit(
                "FamilyGrew",
                {
                    "space": space_id,
                    "without_room": False,
                    "family": b.state["farms"][seat]["family"] + 1,
                },
                seat,
            )
            return
        data = {"space": space_id, "pending": {"kind": kind, "space": space_id, "done": []}}
        if option:
            data["option"] = option
        b.emit("PersonPlaced", data, seat)
        if start:
            b.emit("StartingPlayerTaken", {"space": space_id}, seat)
        if renovate:
            place_effects.renovate(b, seat, move.get("pay", 0))
        if grow:
            b.emit(
                "FamilyGrew",
                {
                    "space": space_id,
                    "without_room": False,
                    "family": b.state["farms"][seat]["family"] + 1,
                },
                seat,
            )

    return apply


def optional(kind: str) -> Any:
    def left(state: dict, seat: int) -> Any:
        pending = state["pending"][seat]
        if {"minor", "major"} & set(pending.get("done", [])):
            return False
        if kind == "renovation_major_minor" and can_build_any_major(state, seat):
            return True
        return play.any_minor_move(state, seat)

    return left


def sow_one_left(state: dict, seat: int) -> bool:
    pending, farm = state["pending"][seat], state["farms"][seat]
    return "sow" not in pending.get("done", []) and any(
        sow_problem(farm, f["space"], c) is None
        for f in farm["fields"]
        for c in pending.get("crops", ("grain", "vegetable"))
    )


#: The full board's action spaces (digest §4.2, §4.4, §4.5): check and apply by space kind.
PLACE_CHECKS = {
    "lessons": _check_lessons,
    "starting_player_minor": placement._check_nothing,
    "occupation_or_growth": _check_occupation_or_growth,
    "major_minor": _check_major_minor,
    "family_growth_minor": placement._check_growth,
    "renovation_major_minor": placement._check_renovation,
}
PLACE_APPLY = {
    "lessons": _pending_apply("occupation"),
    "starting_player_minor": _pending_apply("minor", start=True),
    "occupation_or_growth": _pending_apply("occupation"),
    "major_minor": _pending_apply("major_minor"),
    "family_growth_minor": _pending_apply("minor", grow=True),
    "renovation_major_minor": _pending_apply("renovation_major_minor", renovate=True),
}
#: Why an action of the full game may not end yet (the mandatory part left).
MANDATORY_TEXT = {
    "major_minor": "it must build a major or play a minor improvement",
    "occupation": "it must play an occupation",
    "card_stable": "it must build the stable",
    "card_room": "it must build the room",
    "card_pasture": "it must fence the pasture",
    "card_choice": "it must choose the card's goods",
    "card_order": "it must choose which card comes first",
    "occupation_more": "",
    "minor": "",
    "renovation_major_minor": "",
    "sow_one": "",
}
