"""Sentences for the card events of the full game, naming the card and its catalogue number
(audit ``?detail=true`` shows the rule: digest §10.1 and the card)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from domain.common.i18n import pgettext

from .. import text as base
from ..text import goods_text
from .baking import OFFERED
from .catalogue import CARDS


def _who(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The game"


def _card(card_id) -> str:
    if isinstance(card_id, str) and "/" in card_id and card_id.split("/")[0] in CARDS:
        card, plot = card_id.split("/", 1)  # a plot of a card (Forester K278: "K278/2")
        return f"{card_name(card)} ({card}, plot {plot})"
    return f"{card_name(card_id)} ({card_id})" if card_id in CARDS else "their cards"


def card_name(card_id: str) -> str:
    """The card's name in the reader's language (``domain.common.i18n``)."""
    return pgettext("agricola card name", CARDS[card_id]["name"])


def _setup(d, seat, names):
    decks = "+".join(d["cards"]["decks"])
    if d.get("solo"):
        series = d.get("series")
        food = d["food"][0]
        text = (
            f"{d['players'][0]} sits down to a solo full game of Agricola with the {decks} "
            f"deck and {food} food"
        )
        if series:
            text += (
                f": game {series['number']} of a solo series, target {series['target']} "
                f"points, {series['food']} food carried over and "
                f"{len(series['permanent'])} permanent occupation(s)"
            )
        if d.get("round_order"):
            text += "; the round cards come in the order the player fixed"
        return text + "."
    return (
        f"{base.names_text(list(d['players']))} sit down to a full game of Agricola with "
        f"the {decks} deck; "
        f"{_who(list(d['players']), d['start_player'])} is the start player."
    )


def _occupation(d, seat, names):
    who = _who(names, seat)
    if d.get("permanent"):
        return (
            f"{who} lays out the permanent occupation {_card(d['card'])}, in play from "
            "round 0 (solo series, digest §9.3)."
        )
    return (
        f"{who} plays the occupation {_card(d['card'])} for "
        f"{goods_text(d['cost']) if d['cost'] else 'nothing'}"
        + (", in answer to another player's card." if d.get("reaction") else ".")
    )


def _dealt(d, seat, names, viewer=None):
    """The deal as ``viewer`` sees it: its own hand, or that every player got one."""
    mine = d.get("_private", {})
    if len(mine) == 1:
        ((key, hand),) = mine.items()
        who = "You are" if int(key) == viewer else f"{_who(names, int(key))} is"
        if "packets" in hand:
            return (
                f"{who} dealt the packets "
                + _cards(hand["packets"]["occupations"] + hand["packets"]["minors"])
                + "."
            )
        return (
            f"{who} dealt {len(hand['occupations'])} occupations and "
            f"{len(hand['minors'])} minor improvements: "
            + _cards(hand["occupations"] + hand["minors"])
            + "."
        )
    return "Every player is dealt their occupations and minor improvements (hidden)."


def _minor(d, seat, names):
    who = _who(names, seat)
    text = (
        f"{who} plays the minor improvement {_card(d['card'])} for "
        f"{goods_text(d['cost']) if d['cost'] else 'nothing'}"
    )
    if d.get("to") is not None:
        text += f"; it passes to {_who(names, d['to'])}'s hand"
    return text + "."


def _mine(d: dict):
    """(seat, data) of the one private part the viewer may see, or (None, None)."""
    private = d.get("_private", {})
    if len(private) == 1:
        ((key, part),) = private.items()
        return int(key), part
    return None, None


def _private(seen, hidden):
    """A sentence from the viewer's own private part ("You keep …"), or the public one.

    The event is already redacted for the viewer (``Title.describe``): a private part is
    there only for its own seat, or for everyone once the game is over."""

    def sentence(d, seat, names, viewer=None):
        who, part = _mine(d)
        if part is None:
            return hidden(_who(names, seat), d, _third)
        if who == viewer:
            return seen("You", part, d, _first)
        return seen(_who(names, who), part, d, _third)

    return sentence


def _third(verb: str) -> str:
    """``verb`` after a player's name ("Ann discards")."""
    return verb.replace(" ", "s ", 1) if " " in verb else verb + "s"


def _first(verb: str) -> str:
    """``verb`` after "You"."""
    return verb


def _cards(ids) -> str:
    return ", ".join(_card(c) for c in ids) or "no cards"


DEAL = {
    "10-3": "each player keeps 7 of 10 occupations and 7 of 10 minor improvements",
    "redeal": "each player may give back a hand for 1 card fewer",
    "draft": "the hands are drafted: keep 1 card, pass the rest to the left",
    "normal": "7 occupations and 7 minor improvements each",
}
PENDING = {
    "discard": "to discard cards down to 7 and 7",
    "redeal": "whether to redeal",
    "draft": "to keep a card of the packet",
}
DEAL["choose"] = "the solo player chooses their own cards (digest §9.2 item 7)"


def _asked(d, seat, names):
    pending = d.get("pending")
    if pending is None:
        return f"{_who(names, seat)} is ready for round 1."
    if pending.get("kind") == "choose":
        need = pending["need"]
        return (
            f"{_who(names, seat)} is asked to choose {need['occupations']} occupations and "
            f"{need['minors']} minor improvements."
        )
    return f"{_who(names, seat)} is asked {PENDING.get(pending.get('kind'), 'to choose')}."


def _step(d, seat, names):
    if d["pending"] is None:  # a step answered with nothing to follow (cards/buyers.py)
        return f"{_who(names, seat)} has answered {_card(d.get('card'))}."
    kind = str(d["pending"].get("kind", "")).replace("_", " ")
    return f"{_card(d.get('card'))} gives {_who(names, seat)} a further step: {kind}."


def _topped(d, seat, names):
    where = _card(d["field_card"]) if d.get("field_card") else "the new field"
    return f"{_card(d.get('card'))} adds {d['count']} to {where} of {_who(names, seat)}."


def _state_set(d, seat, names):
    who, card = _who(names, seat), _card(d["card"])
    if d.get("note"):  # a card's own sentence (K deck, decks/k_minors.py)
        return f"{card} of {who}: {d['note']}."
    if "cooked" in d:
        return f"{who} has cooked {d['cooked']} goods at once with {card}."
    if d.get("lapsed"):
        return f"{who} places a person without using what {card} offered."
    if d["value"] == OFFERED:
        return f"{card} lets {who} bake before placing their next person."
    if d.get("key"):
        return f"{card} counts this bake action of {who}."
    return f"{card} of {who} is used."


def _card_goods(d, seat, names):
    who, card = _who(names, seat), _card(d.get("card"))
    gained = {g: n for g, n in d["goods"].items() if n > 0}
    paid = {g: -n for g, n in d["goods"].items() if n < 0}
    if not gained and not paid:
        return f"{who} takes nothing more from {card}."
    if d.get("from") is not None:
        return f"{who} receives {goods_text(gained)} from {_who(names, d['from'])} ({card})."
    text = f"{who} receives {goods_text(gained)} from {card}"
    if paid and d.get("onto"):
        return text + f", leaving {goods_text(paid)} on {base.space_name(d['onto'])}."
    return text + (f", paying {goods_text(paid)}" if paid else "") + "."


def _adopted(d, seat, names):
    return (
        f"{_who(names, seat)} pays {d['food']} food to {_card(d.get('card'))}: the newborn "
        "comes home as an adult, may act this round and eats as an adult."
    )


SENTENCES = {
    "NewbornAdopted": _adopted,
    "DealStarted": lambda d, seat, names: (
        f"The cards are dealt by the {d['dealing']} variant: "
        f"{DEAL.get(d['dealing'], d['dealing'])}."
    ),
    "DealAsked": _asked,
    "PacketsPassed": lambda d, seat, names: (
        f"Every player passes the rest of their {d['deck']} packet to the left."
    ),
    "ExchangeAsked": lambda d, seat, names: (
        f"{_who(names, seat)} sets aside 3 cards to draw 1 of the {d['deck']} (3-for-1 exchange)."
    ),
    "StateRestored": lambda d, seat, names: (
        "The game starts from a position of another game, as one seat saw it; what that seat "
        "could not see was dealt anew."
    ),
    "CardStep": _step,
    "FieldTopped": _topped,
    "CardFieldsAdded": lambda d, seat, names: (
        f"{_who(names, seat)} gets {len(d['fields'])} plots for {' and '.join(d['allowed'])} "
        f"on {_card(d['card'])}."
    ),
    "CardFieldSown": lambda d, seat, names: (
        f"{_who(names, seat)} sows {d['crop']} on {_card(d['card'])}, which now holds {d['count']}."
    ),
    "CardFieldsHarvested": lambda d, seat, names: (
        f"{_who(names, seat)} harvests {goods_text(d['goods'])} from {_cards(d['cards'])}."
    ),
    "GameSetUp": _setup,
    "OccupationPlayed": _occupation,
    "MinorPlayed": _minor,
    "CardGoods": _card_goods,
    "CardConverted": lambda d, seat, names: (
        f"{_who(names, seat)} uses {_card(d['card'])}: {goods_text(d['pay'])} for "
        f"{goods_text(d['gain'])}."
    ),
    "CardScheduled": lambda d, seat, names: (
        f"{_card(d['card'])} puts goods for {_who(names, seat)} on the round spaces of rounds "
        f"{', '.join(sorted(d['rounds'], key=int))}."
    ),
    "CardHolds": lambda d, seat, names: (
        f"{_who(names, seat)} puts {goods_text(d['goods'])} on {_card(d['card'])}."
    ),
    "CardStateSet": _state_set,
    "PeopleHeldBack": lambda d, seat, names: (
        f"{_card(d['card'])} of {_who(names, d['by'])} keeps {d['count']} of "
        f"{_who(names, seat)}'s offspring at home this round."
        if not d.get("all")  # Holiday House I71: the seat's own people, all of them
        else f"{_who(names, seat)} places no people this round ({_card(d['card'])})."
    ),
    "GuestArrived": lambda d, seat, names: (
        f"A guest ({_card(d['card'])}) comes to {_who(names, seat)}'s farm: one more person "
        "to place this round."
    ),
    "ActionSpaceAdded": lambda d, seat, names: (
        f"{_card(d['card'])} of {_who(names, seat)} adds the action space "
        f"{base.space_name(d['space'])} to the board; it gets its goods from the next round."
    ),
    "RoundCardsRevealed": lambda d, seat, names: (
        f"{_card(d['card'])} of {_who(names, seat)} turns over the round cards to come: "
        + ", ".join(f"round {r} {base.space_name(c)}" for r, c in sorted(d["rounds"].items()))
        + "."
    ),
    "CardToll": lambda d, seat, names: (
        f"{_who(names, seat)} gives {_who(names, d['to'])} {goods_text(d['goods'])} "
        + (f"for using {base.space_name(d['space'])}, card " if d.get("space") else "for card ")
        + f"{d['card']}."
    ),
    "ScheduleCollected": lambda d, seat, names: (
        f"{_who(names, seat)} collects {goods_text(d['goods'])} from the round {d['round']} space."
    ),
}


#: Sentences that depend on who reads them (a private part: "You keep …" for its seat, "Ann
#: keeps a card." for the others); called with the viewer as a fourth argument.
VIEWER_SENTENCES = {
    "CardsDealt": _dealt,
    "CardDiscarded": _private(
        lambda who, p, d, v: f"{who} {v('discard')} {_card(p['card'])}.",
        lambda who, d, v: f"{who} {v('discard')} a card.",
    ),
    "HandReturned": _private(
        lambda who, p, d, v: f"{who} {v('give back')} {_cards(p['cards'])}.",
        lambda who, d, v: f"{who} {v('give back')} their {d['deck']} for a new hand.",
    ),
    "CardsDrawn": _private(
        lambda who, p, d, v: f"{who} {v('draw')} {_cards(p['cards'])}.",
        lambda who, d, v: f"{who} {v('draw')} new {d['deck']}.",
    ),
    "CardChosen": _private(
        lambda who, p, d, v: f"{who} {v('choose')} {_card(p['card'])}.",
        lambda who, d, v: f"{who} {v('choose')} a card.",
    ),
    "DraftPicked": _private(
        lambda who, p, d, v: f"{who} {v('keep')} {_card(p['card'])}.",
        lambda who, d, v: f"{who} {v('keep')} a card of the packet.",
    ),
    "CardsMarked": _private(
        lambda who, p, d, v: f"{who} {v('set')} {_card(p['card'])} aside for an exchange.",
        lambda who, d, v: f"{who} {v('set')} a card aside for an exchange.",
    ),
    "CardsExchanged": _private(
        lambda who, p, d, v: (
            f"{who} {v('exchange')} {_cards(p['returned'])} for {_card(p['drawn'])}."
        ),
        lambda who, d, v: f"{who} {v('exchange')} 3 cards for 1 of the {d['deck']}.",
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
    paid = f", paying {d['food']} food" if d.get("food") else ""
    return f"{text[:-1]} with {_card(d['card'])}{paid}."


DEALING_EVENTS = (
    "DealStarted",
    "DealAsked",
    "CardDiscarded",
    "HandReturned",
    "CardsDrawn",
    "DraftPicked",
    "PacketsPassed",
    "ExchangeAsked",
    "CardsMarked",
    "CardsExchanged",
    "CardChosen",
)


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
