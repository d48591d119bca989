"""Animals released and goods converted at any time (digest §3.2 item 6, §5.9, §5.10, §6.2):
the ``release`` and ``convert`` moves, and when the seat may make them (``conversions_open``,
``release_open``), with ``count`` for several animals in one move (issue 23 item 7)."""

from __future__ import annotations

from typing import cast

from domain.common.i18n import NP_

from .builder import Builder, seat_params
from .errors import AgricolaViolation, AnimalsProblem, StepNotExpected
from .farm import split_animals
from .improvements import best_cooking, convertible_goods, workshop_for
from .state import has_unhoused, major_name, space_name, total_animals
from .steps import mandatory_done, settle, work_kind
from .tables import ANIMALS, BUILDING_RESOURCES, MAJOR_IMPROVEMENTS, PLURAL


def check_release(state: dict, seat: int, move: dict) -> None:
    """Animals may be released to the general supply at any time (digest §5.9; seed 000 L302,
    004 L282): whenever the seat is asked to act, as conversions are (``release_open``)."""
    farm = state["farms"][seat]
    if not has_unhoused(farm):
        reason = release_open(state, seat)
        if reason:
            raise StepNotExpected(
                what=NP_("error part", "release animals"), reason=reason, **seat_params(state, seat)
            )
    animal = move["animal"]
    if animal not in ANIMALS or total_animals(farm)[animal] < 1:
        raise AnimalsProblem(
            "no_animal_to_release",
            animal=PLURAL.get(animal, str(animal)),
            **seat_params(state, seat),
        )
    check_count(state, seat, move, animal, "release")


def release_open(state: dict, seat: int) -> str | None:
    """Why ``seat`` may not release a housed animal now, or None: the same moments as
    conversions, except the breeding phase, whose choices are fixed when it starts (animals are
    released before it, in the feeding phase; see docs/rules/agricola.md). Rules revision r1
    released only animals that did not fit."""
    if not state["before_breeding_window"]:
        return NP_("error part", "all their animals fit on the farm")
    if state["phase"] == "harvest_breeding":
        return NP_(
            "error part",
            "newborns are being placed (release animals before breeding, when feeding)",
        )
    return conversions_open(state, seat)


def apply_release(b: Builder, seat: int, move: dict) -> None:
    farm = b.state["farms"][seat]
    overflowing = has_unhoused(farm)
    total = total_animals(farm)
    count = move.get("count", 1)
    total[move["animal"]] -= count
    housed, unhoused = split_animals(farm, total)
    data = {"animal": move["animal"], "housed": housed, "unhoused": unhoused}
    if count > 1:
        data["count"] = count
    b.emit("AnimalReleased", data, seat)
    if overflowing or b.state["pending"][seat] is not None:
        settle(b, seat)


def conversions_open(state: dict, seat: int) -> str | None:
    """Why ``seat`` may not convert now, or None. Conversions are offered whenever the seat is
    asked to act, except in the middle of an action whose mandatory part is not done yet (so a
    conversion can never make the action impossible to finish; see docs/rules/agricola.md)."""
    pending = state["pending"][seat]
    phase = state["phase"]
    if phase == "work":
        if pending is None:
            if state["turn"] != seat:
                return NP_("error part", "it is not their turn")
            return None
        if work_kind(state, pending["kind"]) and not mandatory_done(state, pending):
            return f"{space_name(pending['space'])} must be carried out first"
        return None
    if phase in ("harvest_feeding", "harvest_breeding") and pending is not None:
        return None
    return NP_("error part", "they are not asked to act")


def check_count(state: dict, seat: int, move: dict, animal: str, what: str) -> None:
    """``count`` (several animals in one move, issue 23 item 7): from 2 to the animals of that
    type the seat holds; without it the move takes 1."""
    if "count" not in move:
        return
    held = total_animals(state["farms"][seat]).get(animal, 0) if animal in ANIMALS else 0
    if animal not in ANIMALS or not 2 <= move["count"] <= held:
        raise AgricolaViolation(
            "count_invalid",
            what=what,
            good=PLURAL.get(animal, str(animal)),
            count=move["count"],
            reason=(
                f"they hold {held}; 'count' goes from 2 to that number "
                "(without it the move takes 1)"
                if animal in ANIMALS
                else "only animals go several at once"
            ),
            **seat_params(state, seat),
        )


def check_convert(state: dict, seat: int, move: dict) -> None:
    good = move["good"]
    farm = state["farms"][seat]
    check_count(state, seat, move, good, "cook")
    reason = conversions_open(state, seat)
    if reason:
        raise AgricolaViolation(
            "conversion_not_now",
            good=PLURAL.get(good, str(good)),
            reason=reason,
            **seat_params(state, seat),
        )
    if good in convertible_goods(farm, state["phase"]):
        return
    if good in ANIMALS and state["phase"] == "harvest_breeding":
        raise AgricolaViolation(
            "conversion_not_now",
            good=PLURAL[good],
            reason=NP_("error part", "animals may not be cooked during breeding (digest D-26)"),
            **seat_params(state, seat),
        )
    if good in ANIMALS and total_animals(farm)[good] > 0:
        raise AgricolaViolation(
            "no_cooking_improvement", good=PLURAL[good], **seat_params(state, seat)
        )
    if good in BUILDING_RESOURCES and farm["supply"].get(good, 0) > 0:
        major = workshop_for(farm, good)
        if major and state["phase"] == "harvest_feeding":
            raise AgricolaViolation(
                "workshop_already_used",
                major_name=major_name(major),
                good=good,
                **seat_params(state, seat),
            )
        raise AgricolaViolation(
            "conversion_not_now",
            good=good,
            reason=NP_(
                "error part",
                "building resources become food only through a "
                "workshop in the feeding phase of a harvest (digest §7)",
            ),
            **seat_params(state, seat),
        )
    raise AgricolaViolation(
        "nothing_to_convert", good=PLURAL.get(good, str(good)), **seat_params(state, seat)
    )


def apply_convert(b: Builder, seat: int, move: dict) -> None:
    good = move["good"]
    farm = b.state["farms"][seat]
    data: dict = {"good": good}
    if good in BUILDING_RESOURCES:
        major = cast(str, workshop_for(farm, good))  # the move was listed: a workshop is owned
        data.update(food=MAJOR_IMPROVEMENTS[major]["workshop"][1], via=major, workshop=True)
    else:
        via, food = best_cooking(farm, good)
        count = move.get("count", 1)
        data.update(food=food * count, via=via)
        if count > 1:
            data["count"] = count
        if good in ANIMALS:
            total = total_animals(farm)
            total[good] -= count
            housed, unhoused = split_animals(farm, total)
            data.update(housed=housed, unhoused=unhoused)
    b.emit("GoodsConverted", data, seat)
    if b.state["phase"] == "work" and b.state["pending"][seat] is not None:
        settle(b, seat)
