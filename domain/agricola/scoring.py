"""The score sheet: every category of the score pad, at any moment (digest §8).

``score_farm`` counts what each category counts on one farm and the points the §8 tables give;
it works at any state, so a score sheet mid-game says what each player would score if the game
ended now. Animals waiting to be released (not housed) are not counted.
"""

from __future__ import annotations

from typing import Any

from .extension import of, of_farm
from .improvements import workshop_bonus
from .state import fenced_spaces, field_spaces, name
from .statetypes import Farm
from .tables import GRID, MAJOR_IMPROVEMENTS, SCORE_PAD, SCORING_PER_UNIT, SCORING_TIERS


def tier_points(count: int, thresholds: tuple[int, ...]) -> int:
    """-1 below the first threshold, else 1 + the number of further thresholds reached (§8.1)."""
    if count < thresholds[0]:
        return -1
    return sum(1 for t in thresholds if count >= t)


def card_bonus(state: dict, seat: int) -> int:
    """End-game bonus points of cards (the scoring window of the game's extension; 0 in the
    family game)."""
    return of(state).card_bonus(state, seat)


def farm_counts(farm: Farm) -> dict[str, int]:
    """What each score-pad category counts on ``farm`` (digest §8.1, §8.2, T-12, T-13)."""
    fields = field_spaces(farm)
    fenced = fenced_spaces(farm)
    used = set(farm["rooms"]) | set(fields) | set(farm["stables"]) | fenced
    sown = farm["fields"] + farm.get("card_fields", [])  # card fields: full game, E18
    grain = farm["supply"]["grain"] + sum(f["count"] for f in sown if f["crop"] == "grain")
    vegetables = farm["supply"]["vegetable"] + sum(
        f["count"] for f in sown if f["crop"] == "vegetable"
    )
    rooms = len(farm["rooms"])
    return {
        "fields": len(fields),
        "pastures": len(farm["pastures"]),
        "grain": grain,
        "vegetables": vegetables,
        "sheep": farm["animals"]["sheep"],
        "wild_boar": farm["animals"]["boar"],
        "cattle": farm["animals"]["cattle"],
        "unused_spaces": len(GRID.spaces()) - len(used),
        "fenced_stables": sum(1 for s in farm["stables"] if s in fenced),
        "clay_hut_rooms": rooms if farm["house"] == "clay" else 0,
        "stone_house_rooms": rooms if farm["house"] == "stone" else 0,
        "family_members": farm["family"],
        "card_points": sum(MAJOR_IMPROVEMENTS[m]["points"] for m in farm["majors"])
        + of_farm(farm).card_points(farm),
        "begging_cards": farm["begging"],
        "bonus_points": workshop_bonus(farm),
    }


def score_farm(farm: Farm, card_bonus: int = 0) -> tuple[int, list[dict]]:
    """(total, categories) in score-pad order (digest §8); ``card_bonus`` adds the bonus points
    of played cards (digest §10.1) to the bonus category."""
    counts = farm_counts(farm)
    counts["bonus_points"] += card_bonus
    categories: list[dict] = []
    for key, label, thresholds in SCORING_TIERS:
        categories.append(
            {
                "key": key,
                "label": label,
                "count": counts[key],
                "points": tier_points(counts[key], thresholds),
            }
        )
    for key, label, per_unit in SCORING_PER_UNIT:
        categories.append(
            {"key": key, "label": label, "count": counts[key], "points": counts[key] * per_unit}
        )
    assert [c["key"] for c in categories] == list(SCORE_PAD)
    return sum(c["points"] for c in categories), categories


def final_scores(state: dict) -> tuple[list[int], list[int]]:
    """Totals per seat and the winners: every seat with the highest total (ties share, §8.3)."""
    totals = [
        score_farm(farm, card_bonus(state, seat))[0] for seat, farm in enumerate(state["farms"])
    ]
    best = max(totals)
    return totals, [s for s, t in enumerate(totals) if t == best]


#: Events that change nothing a score-pad category counts (digest §8 counts fields, pastures,
#: grain, vegetables, animals, farmyard spaces, stables, rooms, family, improvements, begging
#: cards and the building resources a workshop bonus counts; these events move people, turns,
#: phases, accumulated goods on action spaces, food or a pending step only).
SCORE_NEUTRAL_EVENTS = frozenset(
    {
        "RoundStarted",
        "SpacesReplenished",
        "WellFoodCollected",
        "PersonPlaced",
        "StartingPlayerTaken",
        "TurnPassed",
        "PeopleIdle",
        "PeopleReturned",
        "WorkEndTurn",
        "WorkEndPassed",
        "PersonMoved",
        "HarvestStarted",
        "FeedingStarted",
        "BreedingStarted",
        "FenceSpaceMarked",
        "FenceRegionCleared",
        "ActionFinished",
    }
)

#: Events that change only the farm (and so only the score row) of ``event.seat``.
SCORE_SEAT_EVENTS = frozenset(
    {
        "GoodsTaken",
        "GoodsReceived",
        "GoodsPaid",
        "AnimalsTaken",
        "AnimalsReceived",
        "AnimalReleased",
        "GoodsConverted",
        "RoomBuilt",
        "StableBuilt",
        "Renovated",
        "FamilyGrew",
        "FieldPloughed",
        "FieldSown",
        "BreadBaked",
        "MajorBuilt",
        "PastureFenced",
        "FieldsHarvested",
        "FamilyFed",
        "AnimalsBred",
    }
)


#: Goods the score pad does not count (digest §8): food and the building resources; a workshop
#: counts its own resource (D-04), so that one does count on a farm that has the workshop.
UNCOUNTED_GOODS = frozenset({"food", "wood", "clay", "reed", "stone"})
GOODS_EVENTS = frozenset({"GoodsTaken", "GoodsReceived", "GoodsPaid"})


def _moves_uncounted_goods(farm: Farm, event: Any) -> bool:
    """Does ``event`` only move goods this farm's score cannot see? Never on a farm with cards
    (a card may count any good)."""
    if event.type not in GOODS_EVENTS or farm.get("cards"):
        return False
    counted = {
        MAJOR_IMPROVEMENTS[m]["bonus"][0]
        for m in farm["majors"]
        if MAJOR_IMPROVEMENTS[m].get("bonus")
    }
    return all(g in UNCOUNTED_GOODS and g not in counted for g in event.data.get("goods", {}))


def rescore(state: dict, previous: dict | None, event: Any) -> dict:
    """``score_sheet(state)`` computed from the sheet before ``event``: unchanged after a
    score-neutral event, one row recomputed after an event that touches one farm, in full
    otherwise (set-up, the end of the game, anything unknown)."""
    kind = event.type
    if previous is None or len(previous.get("seats", ())) != len(state.get("farms", ())):
        return score_sheet(state)
    if kind in SCORE_NEUTRAL_EVENTS:
        return previous
    seat = event.seat
    if state.get("variant") == "full":
        # a card's bonus may read the other farms (the most sheep…): every row, every time
        return score_sheet(state)
    if kind in SCORE_SEAT_EVENTS and isinstance(seat, int) and 0 <= seat < len(state["farms"]):
        if _moves_uncounted_goods(state["farms"][seat], event):
            return previous
        seats = list(previous["seats"])
        total, categories = score_farm(state["farms"][seat], card_bonus(state, seat))
        seats[seat] = {
            "seat": seat,
            "name": name(state, seat),
            "total": total,
            "categories": categories,
        }
        best = max(s["total"] for s in seats)
        return {
            "seats": seats,
            "winners": [s["seat"] for s in seats if s["total"] == best],
            "final": previous["final"],
        }
    return score_sheet(state)


def score_sheet(state: dict) -> dict:
    """``{"seats": [...], "winners": [...], "final": bool}`` (see the title protocol)."""
    if not state or "farms" not in state:
        return {"seats": [], "winners": [], "final": False}
    seats: list[dict] = []
    for seat, farm in enumerate(state["farms"]):
        total, categories = score_farm(farm, card_bonus(state, seat))
        seats.append(
            {"seat": seat, "name": name(state, seat), "total": total, "categories": categories}
        )
    best = max(s["total"] for s in seats)
    return {
        "seats": seats,
        "winners": [s["seat"] for s in seats if s["total"] == best],
        "final": state.get("phase") == "finished",
    }
