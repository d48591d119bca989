"""The placeholders of the family game's event sentences (``text.TEMPLATES``), one function
per event type: each fills ``p`` from the event's data (as the viewer may see it) in the
reader's language (``domain.common.i18n``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.common.i18n import gettext, join_list, ngettext, pgettext

from .nouns import animal_count, count_text, goods_text, names_text, seat_name
from .state import major_name, space_name
from .tables import ANIMALS, GRID, HOUSE_NAMES, PLURAL, SINGULAR

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}

#: what a person placed on a space with a choice chooses (``PersonPlaced`` ``option``)
OPTIONS = {
    "food": "the food",
    "room": "to build a room",
    "growth": "family growth",
    "resources": "building resources",
}
#: a room's material as the adjective of "a … room"
MATERIALS = {"wood": "wooden", "clay": "clay", "stone": "stone"}


def _game_set_up(p: dict, d: dict, names: list[str]) -> None:
    """``GameSetUp``."""
    p.update(
        players=names_text(list(d.get("players", names))),
        count=len(d.get("players", names)),
        start_name=seat_name(names, d.get("start_player")),
        food_text=count_text(d.get("food", [0])[0], "food"),
    )


def _round_started(p: dict, d: dict, names: list[str]) -> None:
    """``RoundStarted``."""
    p.update(
        round=d["round"],
        stage=ROMAN.get(d["stage"], d["stage"]),
        card_name=space_name(d["card"]),
        start_name=seat_name(names, d["start_player"]),
    )


def _well_food_collected(p: dict, d: dict, names: list[str]) -> None:
    """``WellFoodCollected``."""
    p.update(food=d["food"], round=d["round"])


def _spaces_replenished(p: dict, d: dict, names: list[str]) -> None:
    """``SpacesReplenished``."""
    p["replenished"] = "; ".join(
        gettext("{space} +{goods}").format(space=space_name(s), goods=goods_text(g))
        for s, g in d["goods"].items()
    ) or gettext("none")


def _person_placed(p: dict, d: dict, names: list[str]) -> None:
    """``PersonPlaced``."""
    option: Any = d.get("option")
    if option in OPTIONS:
        p["option"] = pgettext("agricola option", OPTIONS[option])
    elif option:
        p["option"] = pgettext("agricola goods", PLURAL.get(option, str(option)))


def _animals_taken(p: dict, d: dict, names: list[str]) -> None:
    """``AnimalsTaken`` and ``AnimalsReceived``."""
    p.update(
        animals=goods_text(d["animals"]),
        unhoused=goods_text(d["unhoused"]),
        extra=animal_count(sum(d["unhoused"].values())),
        fit=gettext("it fits") if sum(d["animals"].values()) == 1 else gettext("all fit"),
    )


def _animal_released(p: dict, d: dict, names: list[str]) -> None:
    """``AnimalReleased``."""
    p["count"] = d.get("count", 1)
    p["animal"] = count_text(p["count"], d["animal"])


def _goods_converted(p: dict, d: dict, names: list[str]) -> None:
    """``GoodsConverted``."""
    p["count"] = d.get("count", 1)
    p.update(
        good=count_text(p["count"], d["good"]),
        food=d["food"],
        via=major_name(d["via"]) if d.get("via") else "",
    )


def _room_built(p: dict, d: dict, names: list[str]) -> None:
    """``RoomBuilt``."""
    p["material"] = pgettext("agricola room material", MATERIALS[d["material"]])


def _renovated(p: dict, d: dict, names: list[str]) -> None:
    """``Renovated``."""
    p.update(
        from_house=pgettext("agricola houses", HOUSE_NAMES[d["from"]]),
        to_house=pgettext("agricola houses", HOUSE_NAMES[d["to"]]),
    )


def _family_grew(p: dict, d: dict, names: list[str]) -> None:
    """``FamilyGrew``."""
    p["family"] = d.get("family", gettext("more"))


def _field_sown(p: dict, d: dict, names: list[str]) -> None:
    """``FieldSown``."""
    p.update(
        crop=pgettext("agricola goods", SINGULAR[d["crop"]]),
        count=count_text(d["count"], d["crop"]),
    )


def _bread_baked(p: dict, d: dict, names: list[str]) -> None:
    """``BreadBaked``."""
    p.update(
        grain=count_text(d["grain"], "grain"),
        food=count_text(d["food"], "food"),
        improvement=major_name(d["improvement"]),
    )


def _major_built(p: dict, d: dict, names: list[str]) -> None:
    """``MajorBuilt``."""
    rounds = d.get("well_rounds") or []
    p.update(
        major=major_name(d["major"]),
        returned=major_name(d["returned"]) if d.get("returned") else "",
        well=" "
        + gettext("1 food is placed on each of the round spaces {rounds}.").format(
            rounds=", ".join(str(r) for r in rounds)
        )
        if rounds
        else "",
    )


def _fence_space_marked(p: dict, d: dict, names: list[str]) -> None:
    """``FenceSpaceMarked``."""
    n = len(d["region"])
    p["size"] = ngettext("{n} space", "{n} spaces", n).format(n=n)


def _pasture_fenced(p: dict, d: dict, names: list[str]) -> None:
    """``PastureFenced``."""
    name = p["name"]
    n = len(d["fences"])
    size = len(d["region"])
    lost = sum(d.get("unhoused", {}).values())
    free = d.get("free_fences", 0)
    p.update(
        fences=ngettext("{n} fence", "{n} fences", n).format(n=n)
        + (
            " "
            + gettext("({free} of them without wood, by the Hedge Keeper E175)").format(free=free)
            if free and not d.get("card")  # a card's price is named by the card note
            else ""
        ),
        size=size,
        a="an" if size in (8, 11, 18) else "a",
        overflow=(
            " "
            + gettext(
                "The farm no longer has room for {animals}, which {name} must release or cook."
            ).format(animals=animal_count(lost), name=name)
            if lost
            else ""
        ),
    )


def _turn_passed(p: dict, d: dict, names: list[str]) -> None:
    """``TurnPassed`` and ``WorkEndTurn``."""
    p["to_name"] = seat_name(names, d["to"])


def _person_moved(p: dict, d: dict, names: list[str]) -> None:
    """``PersonMoved``."""
    p["from_space"], p["to_space"] = space_name(d["from"]), space_name(d["to"])


def _people_idle(p: dict, d: dict, names: list[str]) -> None:
    """``PeopleIdle``."""
    p["people"] = ngettext("{n} person", "{n} people", d["count"]).format(n=d["count"])


def _people_returned(p: dict, d: dict, names: list[str]) -> None:
    """``PeopleReturned`` and ``HarvestStarted``."""
    p["round"] = d["round"]


def _fields_harvested(p: dict, d: dict, names: list[str]) -> None:
    """``FieldsHarvested``."""
    p["crops"] = goods_text({"grain": d["grain"], "vegetable": d["vegetable"]})


def _feeding_started(p: dict, d: dict, names: list[str]) -> None:
    """``FeedingStarted``."""
    p["needs"] = "; ".join(
        (
            gettext("{name} needs {food} and decides how to pay")
            if s in d["asked"]
            else gettext("{name} needs {food}")
        ).format(name=seat_name(names, s), food=count_text(n, "food"))
        for s, n in enumerate(d["needs"])
    )


def _family_fed(p: dict, d: dict, names: list[str]) -> None:
    """``FamilyFed``."""
    b = d["begging"]
    eaters = ""
    if "adults" in d:
        people = [
            ngettext("{n} adult at {food} food", "{n} adults at {food} food", d["adults"]).format(
                n=d["adults"], food=d["per_adult"]
            )
        ]
        if d["newborns"]:
            people.append(
                ngettext("{n} newborn at 1", "{n} newborns at 1", d["newborns"]).format(
                    n=d["newborns"]
                )
            )
        eaters = " ({people}: {need})".format(
            people=join_list(people), need=count_text(d["need"], "food")
        )
    p.update(
        food=d["food"],
        begging=ngettext("{n} begging card", "{n} begging cards", b).format(n=b),
        eaters=eaters,
    )


def _breeding_started(p: dict, d: dict, names: list[str]) -> None:
    """``BreedingStarted``."""
    p["choosers"] = names_text([seat_name(names, c["seat"]) for c in d["choices"]])


def _animals_bred(p: dict, d: dict, names: list[str]) -> None:
    """``AnimalsBred``."""
    lost = {a: d["newborns"].get(a, 0) - d["kept"].get(a, 0) for a in ANIMALS}
    p.update(kept=goods_text(d["kept"]), lost=goods_text(lost))


def _game_ended(p: dict, d: dict, names: list[str]) -> None:
    """``GameEnded``."""
    p["scores"] = "; ".join(
        ngettext("{name} {n} point", "{name} {n} points", abs(t)).format(
            name=seat_name(names, s), n=t
        )
        for s, t in enumerate(d["scores"])
    )
    winners = [seat_name(names, s) for s in d["winners"]]
    p["winners_text"] = (
        gettext("{name} wins.").format(name=winners[0])
        if len(winners) == 1
        else gettext("{names} share the victory (digest §8.3).").format(names=names_text(winners))
    )


#: event type -> the function filling its own placeholders
PARAMS: dict[str, Callable[[dict, dict, list[str]], None]] = {
    "GameSetUp": _game_set_up,
    "RoundStarted": _round_started,
    "WellFoodCollected": _well_food_collected,
    "SpacesReplenished": _spaces_replenished,
    "PersonPlaced": _person_placed,
    "AnimalsTaken": _animals_taken,
    "AnimalsReceived": _animals_taken,
    "AnimalReleased": _animal_released,
    "GoodsConverted": _goods_converted,
    "RoomBuilt": _room_built,
    "Renovated": _renovated,
    "FamilyGrew": _family_grew,
    "FieldSown": _field_sown,
    "BreadBaked": _bread_baked,
    "MajorBuilt": _major_built,
    "FenceSpaceMarked": _fence_space_marked,
    "PastureFenced": _pasture_fenced,
    "TurnPassed": _turn_passed,
    "WorkEndTurn": _turn_passed,
    "PersonMoved": _person_moved,
    "PeopleIdle": _people_idle,
    "PeopleReturned": _people_returned,
    "HarvestStarted": _people_returned,
    "FieldsHarvested": _fields_harvested,
    "FeedingStarted": _feeding_started,
    "FamilyFed": _family_fed,
    "BreedingStarted": _breeding_started,
    "AnimalsBred": _animals_bred,
    "GameEnded": _game_ended,
}


def params(kind: str, d: dict, seat: Any, names: list[str]) -> dict:
    """The placeholders of ``kind``'s sentence: the ones every event shares (the player, the
    space or farmyard square, goods and cost), then the event type's own."""
    p: dict = {"name": seat_name(names, seat)}
    space = d.get("space")
    if isinstance(space, str):
        p["space"] = space_name(space)
    elif isinstance(space, int):
        p["label"] = GRID.label(space)
    elif d.get("card"):
        p["space"] = gettext("from a card")
    if "goods" in d and isinstance(d["goods"], dict) and kind != "SpacesReplenished":
        p["goods"] = goods_text(d["goods"])
    if "cost" in d:
        p["cost"] = goods_text(d["cost"]) if d["cost"] else gettext("nothing")
    fill = PARAMS.get(kind)
    if fill is not None:
        fill(p, d, names)
    return p
