"""The state of an Agricola game: its JSON-clean shape and small readers over it.

Shape (all keys str, values lists/dicts/ints/strs/bools/None; digest section in brackets)::

    {"title": "agricola", "variant": "family", "players": [names], "solo": bool,
     "round": 0..14, "stage": 0..6, "phase": "setup"|"work"|"return"|"harvest_field"|
              "harvest_feeding"|"harvest_breeding"|"finished",
     "start_player": seat,                       # holder of the start player marker [§3.2]
     "turn": seat | None,                        # whose placement it is in the work phase
     "space_order": [space ids],                 # board order, then round cards as revealed
     "spaces": {id: {"id", "name", "goods": {good: n}, "occupant": seat|None,
                     "newborn": bool}},          # accumulated goods, who stands there [§3.2]
     "round_cards": [card ids revealed so far],  # nothing about the future [§2.1 item 2]
     "round_food": [[food per seat] for round 0..14],   # the Well's food [D-32]
     "majors": {major id: owner seat | None},    # the major improvement board [§7]
     "farms": [farm per seat],
     "pending": [decision per seat | None],      # what each seat is asked [see steps.py]
     "feeding": {"adult": 2|3, "newborn": 1},    # [§6.2, §9.2]
     "bank": {good: n},                          # the general supply ledger [§1.1, §1.2]
     "final": None | {"scores": [...], "winners": [...]},
     "round_order": [14 round card ids],         # only when the solo player fixed it [§9.2]
     "series": {"id", "number", "target", "food", "permanent"}}  # a solo series game [§9.3]

A farm::

    {"house": "wood"|"clay"|"stone", "rooms": [spaces], "fields": [{"space", "crop", "count"}],
     "stables": [spaces], "fences": [edges], "pastures": [[spaces]],
     "animals": {type: n} (housed, always fits), "unhoused": {type: n} (waiting to be released
     or cooked [§3.2 phase 3 item 6]), "supply": {good: n}, "family": n, "newborns": n,
     "home": n (people not yet placed this round), "begging": n, "majors": [ids],
     "workshops_used": [ids] (this harvest [D-03])}
"""

from __future__ import annotations

from domain.common.housing import Housing, farm_housing
from domain.common.i18n import pgettext

from .extension import find_space_row, improvement_card, of_farm, space_row
from .statetypes import Farm, Space
from .tables import (
    ANIMALS,
    GOODS,
    GRID,
    MAJOR_IMPROVEMENTS,
    MAX_FENCES,
    MAX_STABLES,
    START_ROOMS,
)


def new_farm(food: int) -> Farm:
    """A starting farm: a 2-room wooden hut with 2 people (digest §1.3, §2.1, T-14)."""
    return {
        "house": "wood",
        "rooms": list(START_ROOMS),
        "fields": [],
        "stables": [],
        "fences": [],
        "pastures": [],
        "animals": dict.fromkeys(ANIMALS, 0),
        "unhoused": dict.fromkeys(ANIMALS, 0),
        "supply": {g: (food if g == "food" else 0) for g in GOODS},
        "family": 2,
        "newborns": 0,
        "home": 2,
        "begging": 0,
        "majors": [],
        "workshops_used": [],
    }


def new_space(space_id: str) -> Space:
    return {
        "id": space_id,
        "name": space_row(space_id)["name"],
        "goods": {},
        "occupant": None,
        "newborn": False,
    }


# -- readers ----------------------------------------------------------------------------------


def n_players(state: dict) -> int:
    return len(state["players"])


def name(state: dict, seat: int | None) -> str:
    if seat is None or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        return "nobody"
    return state["players"][seat]


def space_name(space_id: str) -> str:
    """The space's name in the reader's language (the rulebook's: ``domain.common.i18n``)."""
    info = find_space_row(space_id)
    return pgettext("agricola spaces", info["name"]) if info else str(space_id)


def improvement_info(improvement_id: str) -> dict:
    """The table row of a major improvement or of an improvement card (empty if neither):
    minor improvements that cook, bake or count as a fireplace or oven have the same keys as
    :data:`MAJOR_IMPROVEMENTS` plus ``name`` (the bake-and-cook window of the extension; an
    improvement card's row is the same in every card set, so any full game's extension
    answers)."""
    if improvement_id in MAJOR_IMPROVEMENTS:
        return MAJOR_IMPROVEMENTS[improvement_id]
    if not isinstance(improvement_id, str) or improvement_id[:1] not in "EIK":
        return {}
    return improvement_card(improvement_id)


def improvements_owned(farm: Farm) -> list[str]:
    """The seat's majors, then its kept improvement cards that cook or bake (sorted)."""
    cards = [c for c in farm.get("minors", []) if c in of_farm(farm).improvements]
    return sorted(farm["majors"]) + sorted(cards)


def major_name(major_id: str) -> str:
    """A major improvement's or an improvement card's name in the reader's language."""
    info = improvement_info(major_id)
    if not info:
        return str(major_id)
    context = "agricola majors" if major_id in MAJOR_IMPROVEMENTS else "agricola card name"
    return pgettext(context, info["name"])


def field_at(farm: Farm, space: int) -> dict | None:
    for field in farm["fields"]:
        if field["space"] == space:
            return field
    return None


def field_spaces(farm: Farm) -> list[int]:
    return [f["space"] for f in farm["fields"]]


def fenced_spaces(farm: Farm) -> set[int]:
    return {s for p in farm["pastures"] for s in p}


def blocked_for_fences(farm: Farm) -> list[int]:
    """Rooms and fields: no pasture may contain them; stables do not block (digest §5.8 rule 6)."""
    return sorted(set(farm["rooms"]) | set(field_spaces(farm)))


def is_empty_space(farm: Farm, space: int) -> bool:
    """No room, field or stable and not inside a pasture (digest §5.1, §5.5, D-18)."""
    return (
        space not in farm["rooms"]
        and field_at(farm, space) is None
        and space not in farm["stables"]
        and space not in fenced_spaces(farm)
    )


def housing(farm: Farm | dict) -> Housing | tuple[Housing, ...]:
    """Pastures (2 per space, doubled per stable), unfenced stables (1 each) and the house pet
    (1) (digest §5.9, D-02, D-25)."""
    home = farm_housing(
        GRID, farm["fences"], farm["stables"], pets=1, per_space=2, unfenced_stable_capacity=1
    )
    ext = of_farm(farm)
    for hook in ext.housing:
        home = hook(farm, home)
    for hook in ext.housing_choices:
        choices = hook(farm, home)
        if choices:
            return tuple(choices)
    return home


# The animals window of the extension: ``housing`` hooks change where animals live;
# ``housing_choices`` hooks (``hook(farm, home)``) give the housings the farm may choose
# between, or None; ``housing`` then returns them all.


def total_animals(farm: Farm) -> dict[str, int]:
    """Housed plus waiting animals, per type."""
    return {a: farm["animals"][a] + farm["unhoused"][a] for a in ANIMALS}


def has_unhoused(farm: Farm) -> bool:
    return any(farm["unhoused"].values())


def stables_left(farm: Farm) -> int:
    return MAX_STABLES - len(farm["stables"])


def fences_left(farm: Farm) -> int:
    reserved = of_farm(farm).fences_reserved  # fences a card keeps off the farm for now
    return max(0, MAX_FENCES - len(farm["fences"]) - sum(hook(farm) for hook in reserved))


def adults(farm: Farm) -> int:
    return farm["family"] - farm["newborns"]
