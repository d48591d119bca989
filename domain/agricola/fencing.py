"""The fence-building steps of an action (digest §5.8): mark a space of the region being
fenced (``fence_space``), close it into a pasture (``close_pasture``), or clear the marks
(``clear_region``); what fences cost, with free fences of cards, is ``farm.py``'s."""

from __future__ import annotations

from typing import Any

from domain.common.i18n import NP_

from .builder import Builder, seat_params
from .errors import AgricolaViolation, PastureNotAllowed, StepNotExpected
from .farm import (
    close_problem,
    close_region,
    fence_credit,
    fence_space_problem,
    label,
    split_animals,
)
from .state import total_animals
from .steps import current_step, settle
from .tables import FENCE_COST_WOOD, FENCE_REGION_CLEARS


def check_fence_space(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "fence_space")
    farm = state["farms"][seat]
    problem = fence_space_problem(
        farm, pending["region"], move["space"], fence_credit(farm, pending)
    )
    if problem:
        raise PastureNotAllowed(
            "fence_space_not_allowed",
            space_label=label(move["space"]),
            reason=problem,
            **seat_params(state, seat),
        )


def apply_fence_space(b: Builder, seat: int, move: dict) -> None:
    region = sorted(b.state["pending"][seat]["region"] + [move["space"]])
    b.emit("FenceSpaceMarked", {"space": move["space"], "region": region}, seat)


def _spaces_text(spaces: Any) -> str:
    return "; ".join(label(s) for s in spaces) or "none"


def check_close_pasture(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "close_pasture")
    region = pending["region"]
    farm = state["farms"][seat]
    problem = close_problem(farm, region, fence_credit(farm, pending), move.get("pay", 0))
    if problem:
        code, params = problem
        raise PastureNotAllowed(
            code, spaces=_spaces_text(region), **params, **seat_params(state, seat)
        )


def apply_close_pasture(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    pending = b.state["pending"][seat]
    region = list(pending["region"])
    built = close_region(farm, region, fence_credit(farm, pending), move.get("pay", 0))
    housed, unhoused = split_animals(farm, total_animals(farm), fences=built["all_fences"])
    data = {
        "region": region,
        "fences": built["fences"],
        "wood": built["wood"],
        "pastures": built["pastures"],
        "subdivides": built["subdivides"],
        "housed": housed,
        "unhoused": unhoused,
    }
    free = len(built["fences"]) * FENCE_COST_WOOD - built["wood"]
    if free:
        data["free_fences"] = free
    if built["card"]:  # a price only a card offers (window ``fence_choices``)
        data["card"] = built["card"]
    b.emit("PastureFenced", data, seat)
    settle(b, seat)


def check_clear_region(state: dict, seat: int, move: dict) -> None:
    pending = current_step(state, seat, "clear_region")
    if not pending["region"]:
        raise StepNotExpected(
            what=NP_("error part", "clear the marked spaces"),
            reason=NP_("error part", "no space is marked"),
            **seat_params(state, seat),
        )
    if pending.get("clears", 0) >= FENCE_REGION_CLEARS:
        raise AgricolaViolation(
            "fence_region_clear_limit", limit=FENCE_REGION_CLEARS, **seat_params(state, seat)
        )


def apply_clear_region(b: Builder, seat: int, move: dict) -> None:
    b.emit("FenceRegionCleared", {"region": b.state["pending"][seat]["region"]}, seat)
