"""How the card sentences name things: a player, a card with its number, a hand's deck, a
price (``domain.common.i18n``: in the reader's language)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.common.i18n import NP_, gettext, join_list, pgettext, register_param_context

from ..nouns import goods_text
from .catalogue import CARDS


def player(names: list[str], seat: Any) -> str:
    """The name of ``seat`` ("The game" for none)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return gettext("The game")


def card_ref(card_id: Any) -> str:
    """ "Name (E147)" in the reader's language (the name between the language's quotes)."""
    if isinstance(card_id, str) and "/" in card_id and card_id.split("/")[0] in CARDS:
        card, plot = card_id.split("/", 1)  # a plot of a card (Forester K278: "K278/2")
        return gettext("{name} ({card}, plot {plot})").format(
            name=card_name(card), card=card, plot=plot
        )
    if card_id in CARDS:
        return gettext("{name} ({card})").format(name=card_name(card_id), card=card_id)
    return gettext("their cards")


def card_name(card_id: str) -> str:
    """The card's name in the reader's language (``domain.common.i18n``)."""
    return pgettext("agricola card name", CARDS[card_id]["name"])


def cards_text(ids: Iterable[str]) -> str:
    """The cards of ``ids`` as a list ("no cards" for none)."""
    return join_list([card_ref(c) for c in ids], gettext("no cards"))


def paid_text(cost: dict) -> str:
    """A price ("nothing" for none)."""
    return goods_text(cost) if cost else gettext("nothing")


#: the two decks a hand holds, as words (``deck`` of the dealing events)
DECKS = {
    "occupations": NP_("agricola deck", "occupations"),
    "minors": NP_("agricola deck", "minor improvements"),
}


def deck_word(deck: Any) -> str:
    """A hand's deck ("occupations", "minor improvements") in the reader's language."""
    return pgettext("agricola deck", DECKS[deck]) if deck in DECKS else str(deck)


def or_list(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c" in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return gettext("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


#: an error's params may name a card by its English name: said in the reader's language
register_param_context("agricola card name")

#: the fragments the card engine's refusals carry as params (``what``, ``reason``: the
#: ``card_not_now`` family), said in the reader's language by ``errors.render``
ERROR_PARTS = (
    NP_("error part", "use"),
    NP_("error part", "play"),
    NP_("error part", "resolve"),
    NP_("error part", "choose goods from"),
    NP_("error part", "no card asks for a choice now"),
    NP_(
        "error part",
        "no cards wait for the seat to choose their order, or this one is not among them",
    ),
    NP_("error part", "no occupation in hand can be played and paid for"),
    NP_("error part", "only an occupation action lets a player play an occupation"),
    NP_("error part", "the action in progress offers no minor improvement"),
    NP_("error part", "they can neither build a major improvement nor play a minor one"),
    NP_(
        "error part",
        "it works as the minor improvement of an action that offers one, while the major "
        "improvement is still on the board",
    ),
    NP_("error part", "Mini Pasture fences one free space next to a pasture"),
    NP_("error part", "it may be used only in the feeding phase of a harvest, once"),
    NP_("error part", "it is not theirs, or they lack what it converts"),
    NP_("error part", "it may be used at any time except during the breeding phase"),
)
