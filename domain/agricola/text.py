"""Sentences for events and the rules-digest section each event applied (data tables).

``describe`` picks a template from ``TEMPLATES`` (some event types have variants, chosen by
``VARIANTS``) and fills it from the event's data with ``_params``. ``rule_of`` reads ``RULES``;
for events about an action space it names that space's own section (``space_row(...)["rule"]``).
"""

from __future__ import annotations

from typing import Any

from domain.common.i18n import gettext, join_list, ngettext, npgettext, pgettext

from .extension import COMPOSED, find_space_row
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

#: Event type (or "Type/variant") -> sentence template (English; each is a message of the
#: catalogues, translated when read: ``domain.common.i18n``).
TEMPLATES = {
    "GameSetUp/solo": "{players} sits down to a 1-player Agricola family game and starts "
    "with {food_text}.",
    "GameSetUp/solo_order": "{players} sits down to a 1-player Agricola family game and "
    "starts with {food_text}; the round cards come in the order the "
    "player fixed (digest §9.2 item 7).",
    "GameSetUp/many": "{players} sit down to an Agricola family game for {count} players; "
    "{start_name} is the start player.",
    "RoundStarted": "Round {round} (stage {stage}) begins: the round card {card_name} is "
    "revealed, and {start_name} places first.",
    "WellFoodCollected": "{name} collects {food} food from the Well on the round {round} space.",
    "SpacesReplenished": "Goods are added to the accumulating spaces: {replenished}.",
    "PersonPlaced/plain": "{name} places a person on {space}.",
    "PersonPlaced/option": "{name} places a person on {space} and chooses {option}.",
    "GoodsTaken": "{name} takes {goods} from {space}.",
    "GoodsReceived": "{name} receives {goods} from the general supply ({space}).",
    "GoodsPaid": "{name} pays {goods} to the general supply ({space}).",
    "StartingPlayerTaken": "{name} takes the start player marker and will place first next round.",
    "AnimalsTaken/fit": "{name} takes {animals} from {space}; {fit} on the farm.",
    "AnimalsTaken/overflow": "{name} takes {animals} from {space}; the farm has no room for "
    "{extra}, so {name} must release or cook {extra} (any type).",
    "AnimalsReceived/fit": "{name} receives {animals} ({space}); {fit} on the farm.",
    "AnimalsReceived/overflow": "{name} receives {animals} ({space}); the farm has no room "
    "for {extra}, so {name} must release or cook {extra} (any "
    "type).",
    "AnimalReleased": "{name} releases {animal} to the general supply.",
    "GoodsConverted/raw": "{name} turns {good} into {food} food.",
    "GoodsConverted/via": "{name} turns {good} into {food} food with the {via}.",
    "RoomBuilt": "{name} builds a {material} room on {label} for {cost}.",
    "StableBuilt": "{name} builds a stable on {label} for {cost}.",
    "Renovated": "{name} renovates the {from_house} into a {to_house} for {cost}.",
    "FamilyGrew/room": "{name}'s family grows to {family} people: a newborn joins them on {space}.",
    "FamilyGrew/urgent": "{name}'s family grows to {family} people even without a free room: "
    "a newborn joins them on {space}.",
    "FieldPloughed": "{name} ploughs a field on {label}.",
    "FieldSown": "{name} sows {crop} on the field at {label}, which now holds {count}.",
    "BreadBaked": "{name} bakes {grain} into {food} with the {improvement}.",
    "MajorBuilt/paid": "{name} builds the {major} for {cost}.{well}",
    "MajorBuilt/upgrade": "{name} builds the {major} by returning the {returned} to the board.",
    "FenceSpaceMarked": "{name} marks {label} for a new pasture ({size} marked).",
    "FenceRegionCleared": "{name} clears the spaces marked for a pasture.",
    "PastureFenced/new": "{name} builds {fences} and encloses {a} {size}-space pasture.{overflow}",
    "PastureFenced/subdivide": "{name} builds {fences} and divides a pasture, fencing off "
    "{a} {size}-space pasture.{overflow}",
    "ActionFinished": "{name} finishes {space}.",
    "TurnPassed": "It is {to_name}'s turn.",
    "TurnPassed/from": "{name}'s turn ends; it is {to_name}'s turn.",
    "TurnPassed/again": "{name}'s turn ends; {name} places again (the others have nobody left "
    "at home).",
    "PeopleIdle": "{name} has no action space left to use: {people} stay home this round.",
    "PeopleReturned": "Everyone returns home at the end of round {round}.",
    "WorkEndTurn": "Everyone has placed; before the people return home, {to_name} may move "
    "people with a card.",
    "WorkEndPassed": "{name} moves no more people.",
    "PersonMoved": "{name} moves a person from {from_space} to {to_space}.",
    "HarvestStarted": "The harvest after round {round} begins with the field phase.",
    "FieldsHarvested": "{name} harvests {crops} from the fields.",
    "FeedingStarted": "Feeding phase: {needs}.",
    "FamilyFed/fed": "{name} feeds the family{eaters} with {food} food.",
    "FamilyFed/begging": "{name} must feed the family{eaters}: pays {food} food and takes "
    "{begging} for the food missing.",
    "BreedingStarted/auto": "Breeding phase.",
    "BreedingStarted/choice": "Breeding phase: {choosers} must choose which newborns to keep.",
    "AnimalsBred/all": "{name}'s animals breed: {kept} born.",
    "AnimalsBred/some": "{name}'s animals breed: {kept} born; {lost} ran away for lack of room.",
    "AnimalsBred/none": "{name}'s animals breed, but {lost} ran away for lack of room.",
    "GameEnded": "The game is over. {scores}. {winners_text}",
}

#: Event type -> the digest section it applies (for audits); space events use the space's rule.
RULES = {
    "GameSetUp": "§2.1, §2.2, §9.1",
    "RoundStarted": "§3.2 phase 1, §2.1 item 2",
    "WellFoodCollected": "§7 (Well), D-32",
    "SpacesReplenished": "§3.2 phase 2, §3.3",
    "PersonPlaced": "§3.2 phase 3",
    "StartingPlayerTaken": "§3.2 phase 3 item 9, D-28",
    "AnimalReleased": "§5.9, §3.2 phase 3 item 6",
    "GoodsConverted": "§5.10",
    "RoomBuilt": "§5.1",
    "StableBuilt": "§5.3",
    "Renovated": "§5.2",
    "FamilyGrew": "§5.4",
    "FieldPloughed": "§5.5",
    "FieldSown": "§5.6",
    "BreadBaked": "§5.7",
    "MajorBuilt": "§7",
    "FenceSpaceMarked": "§5.8",
    "FenceRegionCleared": "§5.8",
    "PastureFenced": "§5.8",
    "ActionFinished": "§4.1",
    "TurnPassed": "§3.2 phase 3",
    "PeopleIdle": "§3.2 phase 3, §4.1",
    "PeopleReturned": "§3.2 phase 4",
    "WorkEndTurn": "§3.2 phase 3, §10.1 (claim markers)",
    "WorkEndPassed": "§3.2 phase 3, §10.1 (claim markers)",
    "PersonMoved": "§10.1 (claim markers)",
    "HarvestStarted": "§6",
    "FieldsHarvested": "§6.1",
    "FeedingStarted": "§6.2",
    "FamilyFed": "§6.2, §6.3, D-27",
    "BreedingStarted": "§6.4",
    "AnimalsBred": "§6.4, D-25, D-26",
    "GameEnded": "§8",
}

#: Events whose rule is the rule of the action space they name.
SPACE_RULED = ("GoodsTaken", "GoodsReceived", "GoodsPaid", "AnimalsTaken", "AnimalsReceived")


def _variant(kind: str, d: dict, seat=None) -> str:
    if kind == "GameSetUp":
        if d.get("solo"):
            return "GameSetUp/solo_order" if d.get("round_order") else "GameSetUp/solo"
        return "GameSetUp/many"
    if kind == "PersonPlaced":
        return "PersonPlaced/option" if d.get("option") else "PersonPlaced/plain"
    if kind in ("AnimalsTaken", "AnimalsReceived"):
        return kind + ("/overflow" if any(d.get("unhoused", {}).values()) else "/fit")
    if kind == "GoodsConverted":
        return "GoodsConverted/via" if d.get("via") else "GoodsConverted/raw"
    if kind == "FamilyGrew":
        return "FamilyGrew/urgent" if d.get("without_room") else "FamilyGrew/room"
    if kind == "MajorBuilt":
        return "MajorBuilt/upgrade" if d.get("returned") else "MajorBuilt/paid"
    if kind == "PastureFenced":
        return "PastureFenced/subdivide" if d.get("subdivides") else "PastureFenced/new"
    if kind == "FamilyFed":
        return "FamilyFed/begging" if d.get("begging") else "FamilyFed/fed"
    if kind == "TurnPassed" and isinstance(seat, int):
        return "TurnPassed/again" if d.get("to") == seat else "TurnPassed/from"
    if kind == "BreedingStarted":
        return "BreedingStarted/choice" if d.get("choices") else "BreedingStarted/auto"
    if kind == "AnimalsBred":
        kept = sum(d.get("kept", {}).values())
        lost = sum(d.get("newborns", {}).values()) - kept
        return "AnimalsBred/" + ("all" if not lost else "some" if kept else "none")
    return kind


#: the catalogues' context of counted goods and animals ("{n} wood", "{n} vegetables")
COUNT_CONTEXT = "agricola count"


def count_messages() -> dict[str, tuple[str, str]]:
    """The counted nouns' messages: good -> (singular, plural) ids (``COUNT_CONTEXT``)."""
    return {g: ("{n} " + SINGULAR[g], "{n} " + PLURAL[g]) for g in SINGULAR}


def count_text(n: int, good: str) -> str:
    """ "3 wood", "1 vegetable", "2 vegetables", "1 wild boar" (digest §0.3 nouns), in the
    reader's language with its plural forms (1 дерево, 2 дерева, 5 деревьев)."""
    if good not in SINGULAR:
        return f"{n} {good}"
    one, many = "{n} " + SINGULAR[good], "{n} " + PLURAL[good]
    return npgettext(COUNT_CONTEXT, one, many, n).format(n=n)


def goods_text(goods: dict) -> str:
    parts = [count_text(n, g) for g, n in goods.items() if n]
    return join_list(parts, gettext("nothing"))


def names_text(names: list[str]) -> str:
    return join_list(list(names), gettext("nobody"))


def _animal_count(n: int) -> str:
    return ngettext("{n} animal", "{n} animals", n).format(n=n)


def _who(names: list[str], seat) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return gettext("nobody")


def _params(kind: str, d: dict, seat, names: list[str]) -> dict:
    p: dict = {"name": _who(names, seat)}
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
    if kind == "GameSetUp":
        p.update(
            players=names_text(list(d.get("players", names))),
            count=len(d.get("players", names)),
            start_name=_who(names, d.get("start_player")),
            food_text=count_text(d.get("food", [0])[0], "food"),
        )
    elif kind == "RoundStarted":
        p.update(
            round=d["round"],
            stage=ROMAN.get(d["stage"], d["stage"]),
            card_name=space_name(d["card"]),
            start_name=_who(names, d["start_player"]),
        )
    elif kind == "WellFoodCollected":
        p.update(food=d["food"], round=d["round"])
    elif kind == "SpacesReplenished":
        p["replenished"] = "; ".join(
            gettext("{space} +{goods}").format(space=space_name(s), goods=goods_text(g))
            for s, g in d["goods"].items()
        ) or gettext("none")
    elif kind == "PersonPlaced":
        option: Any = d.get("option")
        if option in OPTIONS:
            p["option"] = pgettext("agricola option", OPTIONS[option])
        elif option:
            p["option"] = pgettext("agricola goods", PLURAL.get(option, str(option)))
    elif kind in ("AnimalsTaken", "AnimalsReceived"):
        p.update(
            animals=goods_text(d["animals"]),
            unhoused=goods_text(d["unhoused"]),
            extra=_animal_count(sum(d["unhoused"].values())),
            fit=gettext("it fits") if sum(d["animals"].values()) == 1 else gettext("all fit"),
        )
    elif kind == "AnimalReleased":
        p["count"] = d.get("count", 1)
        p["animal"] = count_text(p["count"], d["animal"])
    elif kind == "GoodsConverted":
        p["count"] = d.get("count", 1)
        p.update(
            good=count_text(p["count"], d["good"]),
            food=d["food"],
            via=major_name(d["via"]) if d.get("via") else "",
        )
    elif kind == "RoomBuilt":
        p["material"] = pgettext("agricola room material", MATERIALS[d["material"]])
    elif kind == "Renovated":
        p.update(
            from_house=pgettext("agricola houses", HOUSE_NAMES[d["from"]]),
            to_house=pgettext("agricola houses", HOUSE_NAMES[d["to"]]),
        )
    elif kind == "FamilyGrew":
        p["family"] = d.get("family", gettext("more"))
    elif kind == "FieldSown":
        p.update(
            crop=pgettext("agricola goods", SINGULAR[d["crop"]]),
            count=count_text(d["count"], d["crop"]),
        )
    elif kind == "BreadBaked":
        p.update(
            grain=count_text(d["grain"], "grain"),
            food=count_text(d["food"], "food"),
            improvement=major_name(d["improvement"]),
        )
    elif kind == "MajorBuilt":
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
    elif kind == "FenceSpaceMarked":
        n = len(d["region"])
        p["size"] = ngettext("{n} space", "{n} spaces", n).format(n=n)
    elif kind == "PastureFenced":
        name = p["name"]
        n = len(d["fences"])
        size = len(d["region"])
        lost = sum(d.get("unhoused", {}).values())
        free = d.get("free_fences", 0)
        p.update(
            fences=ngettext("{n} fence", "{n} fences", n).format(n=n)
            + (
                " "
                + gettext("({free} of them without wood, by the Hedge Keeper E175)").format(
                    free=free
                )
                if free and not d.get("card")  # a card's price is named by the card note
                else ""
            ),
            size=size,
            a="an" if size in (8, 11, 18) else "a",
            overflow=(
                " "
                + gettext(
                    "The farm no longer has room for {animals}, which {name} must release or cook."
                ).format(animals=_animal_count(lost), name=name)
                if lost
                else ""
            ),
        )
    elif kind in ("TurnPassed", "WorkEndTurn"):
        p["to_name"] = _who(names, d["to"])
    elif kind == "PersonMoved":
        p["from_space"], p["to_space"] = space_name(d["from"]), space_name(d["to"])
    elif kind == "PeopleIdle":
        p["people"] = ngettext("{n} person", "{n} people", d["count"]).format(n=d["count"])
    elif kind in ("PeopleReturned", "HarvestStarted"):
        p["round"] = d["round"]
    elif kind == "FieldsHarvested":
        p["crops"] = goods_text({"grain": d["grain"], "vegetable": d["vegetable"]})
    elif kind == "FeedingStarted":
        p["needs"] = "; ".join(
            (
                gettext("{name} needs {food} and decides how to pay")
                if s in d["asked"]
                else gettext("{name} needs {food}")
            ).format(name=_who(names, s), food=count_text(n, "food"))
            for s, n in enumerate(d["needs"])
        )
    elif kind == "FamilyFed":
        b = d["begging"]
        eaters = ""
        if "adults" in d:
            people = [
                ngettext(
                    "{n} adult at {food} food", "{n} adults at {food} food", d["adults"]
                ).format(n=d["adults"], food=d["per_adult"])
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
    elif kind == "BreedingStarted":
        p["choosers"] = names_text([_who(names, c["seat"]) for c in d["choices"]])
    elif kind == "AnimalsBred":
        lost = {a: d["newborns"].get(a, 0) - d["kept"].get(a, 0) for a in ANIMALS}
        p.update(kept=goods_text(d["kept"]), lost=goods_text(lost))
    elif kind == "GameEnded":
        p["scores"] = "; ".join(
            ngettext("{name} {n} point", "{name} {n} points", abs(t)).format(
                name=_who(names, s), n=t
            )
            for s, t in enumerate(d["scores"])
        )
        winners = [_who(names, s) for s in d["winners"]]
        p["winners_text"] = (
            gettext("{name} wins.").format(name=winners[0])
            if len(winners) == 1
            else gettext("{names} share the victory (digest §8.3).").format(
                names=names_text(winners)
            )
        )
    return p


def describe(event, names: list[str], viewer: int | None = None) -> str:
    """One sentence a player can read, with the players' names and the game's nouns, from
    ``event`` as ``viewer`` may see it (already redacted: see ``Title.describe``)."""
    kind = event.type
    card_sentences, viewer_sentences, _ = card_tables()
    if kind in viewer_sentences:
        return viewer_sentences[kind](event.data, event.seat, list(names), viewer)
    full_setup = kind == "GameSetUp" and event.data.get("variant") == "full"
    if full_setup or (kind in card_sentences and kind not in ("GameSetUp", "_card")):
        return card_sentences[kind](event.data, event.seat, list(names))
    template = TEMPLATES.get(_variant(kind, event.data, event.seat))
    if template is None:
        return f"{kind}."
    try:
        text = gettext(template).format(**_params(kind, event.data, event.seat, list(names)))
    except (KeyError, IndexError, TypeError, ValueError):
        return f"{kind}."
    note = card_sentences.get("_card")
    return note(text, event.data) if note and event.data.get("card") else text


def card_tables() -> tuple[dict, dict, dict]:
    """Sentences (plain and by viewer) and rules of the full game's card events
    (``cards.text.tables``)."""
    tables = COMPOSED.text_tables
    assert tables is not None, "the card package is composed by domain/agricola/title.py"
    return tables()


def rule_of(event) -> str | None:
    """The digest section the event applied, e.g. "agricola digest §5.8"."""
    kind = event.type
    _, _, card_rules = card_tables()
    if kind in card_rules:
        return card_rules[kind](event.data)
    card_rule = card_rules["_card"](event.data)
    if card_rule:
        return card_rule
    if kind in SPACE_RULED or (kind == "PersonPlaced" and "space" in event.data):
        info = find_space_row(event.data.get("space"))
        if info:
            base = RULES.get(kind)
            rule = info["rule"] if base is None else f"{base}; {info['rule']}"
            return f"agricola digest {rule}"
    rule = RULES.get(kind)
    return f"agricola digest {rule}" if rule else None
