"""Sentences for events and the rules-digest section each event applied (data tables).

``describe`` picks a template from ``TEMPLATES`` (some event types have variants, chosen by
``_variant``) and fills it from the event's data with ``event_params.params`` (one function per
event type); the counted nouns are :mod:`.nouns`. ``rule_of`` reads ``RULES``;
for events about an action space it names that space's own section (``space_row(...)["rule"]``).
"""

from __future__ import annotations

from typing import Any

from domain.common.i18n import gettext, rulebook_citation

from .event_params import MATERIALS, OPTIONS, params
from .extension import COMPOSED, find_space_row
from .nouns import COUNT_CONTEXT, count_messages, count_text, goods_text, names_text
from .seed_lines import CARDS, LINES, RULEBOOKS

#: the nouns' helpers, read from here by the move labels, the walk and the catalogue tools
__all__ = [
    "COUNT_CONTEXT",
    "MATERIALS",
    "OPTIONS",
    "count_messages",
    "count_text",
    "describe",
    "goods_text",
    "names_text",
    "rule_of",
]

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


def _variant(kind: str, d: dict, seat: Any = None) -> str:
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


def describe(event: Any, names: list[str], viewer: int | None = None) -> str:
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
        text = gettext(template).format(**params(kind, event.data, event.seat, list(names)))
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


def rule_of(event: Any) -> str | None:
    """The digest section the event applied, e.g. "agricola digest §5.8", pointed into the
    reader's rulebook where one exists (seed 000 in Russian, 004 in Czech: ``seed_lines``)."""
    return rulebook_citation(_digest_rule(event), RULEBOOKS, LINES, CARDS)


def _digest_rule(event: Any) -> str | None:
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
