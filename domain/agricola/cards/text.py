"""Sentences for the card events of the full game, naming the card and its catalogue number
(audit ``?detail=true`` shows the rule: digest §10.1 and the card).

Every sentence is a whole message of the catalogues (``domain.common.i18n``), made from the
event as the viewer may see it (already redacted: ``Title.describe``); what a card's own
sentence says (``CardStateSet`` ``note``, stored in English by older events too) is read back
through :mod:`.notes`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from domain.common.i18n import N_, NP_, gettext, join_list, ngettext, pgettext

from ..nouns import count_text, goods_text, names_text
from ..state import space_name
from ..tables import SINGULAR
from .baking import OFFERED
from .catalogue import CARDS
from .deal_text import DEALING_EVENTS, VIEWER_SENTENCES, asked, dealing
from .notes import note_text
from .words import card_ref, cards_text, deck_word, paid_text, player


def _setup(d: dict, seat: Any, names: list[str]) -> Any:
    decks = "+".join(d["cards"]["decks"])
    if not d.get("solo"):
        return gettext(
            "{players} sit down to a full game of Agricola with the {decks} deck; "
            "{start_name} is the start player."
        ).format(
            players=names_text(list(d["players"])),
            decks=decks,
            start_name=player(list(d["players"]), d["start_player"]),
        )
    series, food = d.get("series"), d["food"][0]
    params = {"name": d["players"][0], "decks": decks, "food": count_text(food, "food")}
    text = gettext(
        "{name} sits down to a solo full game of Agricola with the {decks} deck and {food}"
    )
    if series:
        text += gettext(
            ": game {number} of a solo series, target {target}, {carried} carried over and "
            "{permanent}"
        )
        kept = len(series["permanent"])
        params.update(
            number=series["number"],
            target=ngettext("{n} point", "{n} points", series["target"]).format(n=series["target"]),
            carried=count_text(series["food"], "food"),
            permanent=ngettext(
                "{n} permanent occupation", "{n} permanent occupations", kept
            ).format(n=kept),
        )
    if d.get("round_order"):
        text += gettext("; the round cards come in the order the player fixed")
    return (text + ".").format(**params)


#: a card played (``OccupationPlayed``, ``MinorPlayed``): (paid, free) sentences; the free one
#: says "for nothing" as a whole ("бесплатно", "zdarma")
PLAYED = {
    "occupation": (
        N_("{name} plays the occupation {card} for {cost}."),
        N_("{name} plays the occupation {card} for nothing."),
    ),
    "answer": (
        N_("{name} plays the occupation {card} for {cost}, in answer to another player's card."),
        N_("{name} plays the occupation {card} for nothing, in answer to another player's card."),
    ),
    "minor": (
        N_("{name} plays the minor improvement {card} for {cost}."),
        N_("{name} plays the minor improvement {card} for nothing."),
    ),
    "passed": (
        N_("{name} plays the minor improvement {card} for {cost}; it passes to {to_name}'s hand."),
        N_("{name} plays the minor improvement {card} for nothing; it passes to {to_name}'s hand."),
    ),
}


def _played(kind: str, d: dict, seat: Any, names: list[str]) -> str:
    paid, free = PLAYED[kind]
    return gettext(paid if d.get("cost") else free).format(
        name=player(names, seat),
        card=card_ref(d["card"]),
        cost=goods_text(d.get("cost") or {}),
        to_name=player(names, d.get("to")),
    )


def _occupation(d: dict, seat: Any, names: list[str]) -> Any:
    if d.get("permanent"):
        return gettext(
            "{name} lays out the permanent occupation {card}, in play from round 0 (solo "
            "series, digest §9.3)."
        ).format(name=player(names, seat), card=card_ref(d["card"]))
    return _played("answer" if d.get("reaction") else "occupation", d, seat, names)


def _minor(d: dict, seat: Any, names: list[str]) -> Any:
    return _played("minor" if d.get("to") is None else "passed", d, seat, names)


#: what a card's further step asks (``CardStep`` ``pending.kind``, in English the kind's own
#: words, as before issue 36)
STEPS = {
    "take": NP_("agricola step", "take"),
    "receive": NP_("agricola step", "receive"),
    "fences": NP_("agricola step", "fences"),
    "oven_bake": NP_("agricola step", "oven bake"),
    "lessons": NP_("agricola step", "lessons"),
    "animals": NP_("agricola step", "animals"),
    "renovation_major_minor": NP_("agricola step", "renovation major minor"),
    "redeal": NP_("agricola step", "redeal"),
    "draft": NP_("agricola step", "draft"),
    "urgent_family_growth": NP_("agricola step", "urgent family growth"),
    "starting_player_minor": NP_("agricola step", "starting player minor"),
    "starting_player": NP_("agricola step", "starting player"),
    "stable_bake": NP_("agricola step", "stable bake"),
    "sow_bake": NP_("agricola step", "sow bake"),
    "rooms_stables": NP_("agricola step", "rooms stables"),
    "room_or_traveling_players": NP_("agricola step", "room or traveling players"),
    "resources_or_growth": NP_("agricola step", "resources or growth"),
    "renovation_major": NP_("agricola step", "renovation major"),
    "renovation_fences": NP_("agricola step", "renovation fences"),
    "reed_stone_wood": NP_("agricola step", "reed stone wood"),
    "plough_sow": NP_("agricola step", "plough sow"),
    "plough_n": NP_("agricola step", "plough n"),
    "plough": NP_("agricola step", "plough"),
    "occupation_or_growth": NP_("agricola step", "occupation or growth"),
    "occupation_more": NP_("agricola step", "occupation more"),
    "occupation": NP_("agricola step", "occupation"),
    "minor": NP_("agricola step", "minor"),
    "major_minor": NP_("agricola step", "major minor"),
    "major": NP_("agricola step", "major"),
    "livestock": NP_("agricola step", "livestock"),
    "feed": NP_("agricola step", "feed"),
    "family_growth_minor": NP_("agricola step", "family growth minor"),
    "family_growth": NP_("agricola step", "family growth"),
    "discard": NP_("agricola step", "discard"),
    "day_laborer": NP_("agricola step", "day laborer"),
    "choose": NP_("agricola step", "choose"),
    "card_order": NP_("agricola step", "card order"),
    "card_choice": NP_("agricola step", "card choice"),
    "card": NP_("agricola step", "card"),
    "building_resources": NP_("agricola step", "building resources"),
    "building_resource": NP_("agricola step", "building resource"),
    "breed": NP_("agricola step", "breed"),
}


def _step(d: dict, seat: Any, names: list[str]) -> Any:
    who, card = player(names, seat), card_ref(d.get("card"))
    if d["pending"] is None:  # a step answered with nothing to follow (cards/buyers.py)
        return gettext("{name} has answered {card}.").format(name=who, card=card)
    kind = d["pending"].get("kind")
    if kind not in STEPS:  # a kind without words yet: the sentence without it
        return gettext("{card} gives {name} a further step.").format(card=card, name=who)
    return gettext("{card} gives {name} a further step: {step}.").format(
        card=card, name=who, step=pgettext("agricola step", STEPS[kind])
    )


def _topped(d: dict, seat: Any, names: list[str]) -> Any:
    params = {"card": card_ref(d.get("card")), "name": player(names, seat), "count": d["count"]}
    if d.get("field_card"):
        return gettext("{card} adds {count} to {field} of {name}.").format(
            field=card_ref(d["field_card"]), **params
        )
    return gettext("{card} adds {count} to the new field of {name}.").format(**params)


def _state_set(d: dict, seat: Any, names: list[str]) -> Any:
    params = {"name": player(names, seat), "card": card_ref(d["card"])}
    note = note_text(d)
    if note:  # a card's own sentence (K deck, decks/k_minors.py)
        return gettext("{card} of {name}: {note}.").format(note=note, **params)
    if "cooked" in d:
        return gettext("{name} has cooked {count} at once with {card}.").format(
            count=ngettext("{n} good", "{n} goods", d["cooked"]).format(n=d["cooked"]), **params
        )
    if d.get("lapsed"):
        message = N_("{name} places a person without using what {card} offered.")
    elif d["value"] == OFFERED:
        message = N_("{card} lets {name} bake before placing their next person.")
    elif d.get("key"):
        message = N_("{card} counts this bake action of {name}.")
    else:
        message = N_("{card} of {name} is used.")
    return gettext(message).format(**params)


def _card_goods(d: dict, seat: Any, names: list[str]) -> Any:
    who, card = player(names, seat), card_ref(d.get("card"))
    gained = {g: n for g, n in d["goods"].items() if n > 0}
    paid = {g: -n for g, n in d["goods"].items() if n < 0}
    params = {"name": who, "card": card, "goods": goods_text(gained), "paid": goods_text(paid)}
    if not gained and not paid:
        message = N_("{name} takes nothing more from {card}.")
    elif d.get("from") is not None:
        params["from_name"] = player(names, d["from"])
        message = N_("{name} receives {goods} from {from_name} ({card}).")
    elif paid and d.get("onto"):
        params["space"] = space_name(d["onto"])
        message = N_("{name} receives {goods} from {card}, leaving {paid} on {space}.")
    elif paid:
        message = N_("{name} receives {goods} from {card}, paying {paid}.")
    else:
        message = N_("{name} receives {goods} from {card}.")
    return gettext(message).format(**params)


def _held_back(d: dict, seat: Any, names: list[str]) -> Any:
    if d.get("all"):  # Holiday House I71: the seat's own people, all of them
        return gettext("{name} places no people this round ({card}).").format(
            name=player(names, seat), card=card_ref(d["card"])
        )
    return gettext(
        "{card} of {owner} keeps {count} of {name}'s offspring at home this round."
    ).format(
        card=card_ref(d["card"]),
        owner=player(names, d["by"]),
        count=d["count"],
        name=player(names, seat),
    )


def _toll(d: dict, seat: Any, names: list[str]) -> Any:
    params = {
        "name": player(names, seat),
        "to_name": player(names, d["to"]),
        "goods": goods_text(d["goods"]),
        "card": d["card"],
    }
    if d.get("space"):
        return gettext("{name} gives {to_name} {goods} for using {space}, card {card}.").format(
            space=space_name(d["space"]), **params
        )
    return gettext("{name} gives {to_name} {goods} for card {card}.").format(**params)


def _revealed(d: dict, seat: Any, names: list[str]) -> Any:
    rounds = [
        gettext("round {round} {space}").format(round=r, space=space_name(c))
        for r, c in sorted(d["rounds"].items())
    ]
    return gettext("{card} of {name} turns over the round cards to come: {rounds}.").format(
        card=card_ref(d["card"]), name=player(names, seat), rounds=", ".join(rounds)
    )


def _fields_added(d: dict, seat: Any, names: list[str]) -> Any:
    crops = [pgettext("agricola goods", SINGULAR.get(c, c)) for c in d["allowed"]]
    n = len(d["fields"])
    return gettext("{name} gets {plots} for {crops} on {card}.").format(
        name=player(names, seat),
        plots=ngettext("{n} plot", "{n} plots", n).format(n=n),
        crops=join_list(crops),
        card=card_ref(d["card"]),
    )


def _simple(message: str, **fill: Callable[[dict, Any, list[str]], object]) -> Callable[..., str]:
    """A sentence ``message`` whose placeholders ``fill`` makes from (data, seat, names)."""

    def sentence(d: dict, seat: Any, names: list[str]) -> str:
        return gettext(message).format(**{k: f(d, seat, names) for k, f in fill.items()})

    return sentence


def _name(d: dict, seat: Any, names: list[str]) -> Any:
    return player(names, seat)


def _the_card(d: dict, seat: Any, names: list[str]) -> Any:
    return card_ref(d.get("card"))


SENTENCES = {
    "NewbornAdopted": _simple(
        N_(
            "{name} pays {food} to {card}: the newborn comes home as an adult, may act this round "
            "and eats as an adult."
        ),
        name=_name,
        card=_the_card,
        food=lambda d, s, n: count_text(d["food"], "food"),
    ),
    "DealStarted": dealing,
    "DealAsked": asked,
    "PacketsPassed": _simple(
        N_("Every player passes the rest of their packet ({deck}) to the left."),
        deck=lambda d, s, n: deck_word(d["deck"]),
    ),
    "ExchangeAsked": _simple(
        N_("{name} sets aside 3 cards to draw 1 card ({deck}) in a 3-for-1 exchange."),
        name=_name,
        deck=lambda d, s, n: deck_word(d["deck"]),
    ),
    "StateRestored": _simple(
        N_(
            "The game starts from a position of another game, as one seat saw it; what that seat "
            "could not see was dealt anew."
        )
    ),
    "CardStep": _step,
    "FieldTopped": _topped,
    "CardFieldsAdded": _fields_added,
    "CardFieldSown": _simple(
        N_("{name} sows {crop} on {card}, which now holds {count}."),
        name=_name,
        card=_the_card,
        crop=lambda d, s, n: pgettext("agricola goods", SINGULAR.get(d["crop"], d["crop"])),
        count=lambda d, s, n: count_text(d["count"], d["crop"]),
    ),
    "CardFieldsHarvested": _simple(
        N_("{name} harvests {goods} from {cards}."),
        name=_name,
        goods=lambda d, s, n: goods_text(d["goods"]),
        cards=lambda d, s, n: cards_text(d["cards"]),
    ),
    "GameSetUp": _setup,
    "OccupationPlayed": _occupation,
    "MinorPlayed": _minor,
    "CardGoods": _card_goods,
    "CardConverted": _simple(
        N_("{name} uses {card}: {pay} for {gain}."),
        name=_name,
        card=_the_card,
        pay=lambda d, s, n: paid_text(d["pay"]),
        gain=lambda d, s, n: goods_text(d["gain"]),
    ),
    "CardScheduled": _simple(
        N_("{card} puts goods for {name} on the round spaces of rounds {rounds}."),
        name=_name,
        card=_the_card,
        rounds=lambda d, s, n: ", ".join(sorted(d["rounds"], key=int)),
    ),
    "CardHolds": _simple(
        N_("{name} puts {goods} on {card}."),
        name=_name,
        card=_the_card,
        goods=lambda d, s, n: goods_text(d["goods"]),
    ),
    "CardStateSet": _state_set,
    "PeopleHeldBack": _held_back,
    "GuestArrived": _simple(
        N_("A guest ({card}) comes to {name}'s farm: one more person to place this round."),
        name=_name,
        card=_the_card,
    ),
    "ActionSpaceAdded": _simple(
        N_(
            "{card} of {name} adds the action space {space} to the board; it gets its goods from "
            "the next round."
        ),
        name=_name,
        card=_the_card,
        space=lambda d, s, n: space_name(d["space"]),
    ),
    "RoundCardsRevealed": _revealed,
    "CardToll": _toll,
    "ScheduleCollected": _simple(
        N_("{name} collects {goods} from the round {round} space."),
        name=_name,
        goods=lambda d, s, n: goods_text(d["goods"]),
        round=lambda d, s, n: d["round"],
    ),
}


def _rule(d: dict) -> str:
    card = d.get("card")
    return "agricola digest §10.1" + (
        f"; card {card} ({CARDS[card]['name']})" if card in CARDS else ""
    )


def _card_note(text: str, d: dict) -> str:
    """A family-game event that a card caused or changed (e.g. a field ploughed with a plow)."""
    if d.get("card") not in CARDS:
        return text
    params = {"sentence": text[:-1], "card": card_ref(d["card"])}
    if d.get("food"):
        return gettext("{sentence} with {card}, paying {food}.").format(
            food=count_text(d["food"], "food"), **params
        )
    return gettext("{sentence} with {card}.").format(**params)


@functools.cache
def tables() -> tuple[dict, dict, dict]:
    """(sentences, sentences by viewer, rules) of the card events, read by the base ``text``
    module."""
    sentences = {**SENTENCES, "_card": _card_note}
    rules: dict[str, Callable[[dict], str | None]] = {
        k: _rule for k in [*SENTENCES, *VIEWER_SENTENCES] if k != "GameSetUp"
    }
    rules.update({k: lambda d: "agricola digest §10.4" for k in DEALING_EVENTS})
    rules["_card"] = lambda d: _rule(d) if d.get("card") in CARDS else None
    return sentences, dict(VIEWER_SENTENCES), rules
