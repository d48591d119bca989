"""Sentences of the deal (digest §10.4): the hands as each viewer may see them ("You keep
…" for the hand's own seat, "Ann keeps a card." for the others), the variants and what each
seat is asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.common.i18n import N_, gettext, ngettext

from .words import card_ref, cards_text, deck_word, player


def _dealt(d: dict, seat: Any, names: list[str], viewer: int | None = None) -> str:
    """The deal as ``viewer`` sees it: its own hand, or that every player got one."""
    mine = d.get("_private", {})
    if len(mine) != 1:
        return gettext("Every player is dealt their occupations and minor improvements (hidden).")
    ((key, hand),) = mine.items()
    you = int(key) == viewer
    who = player(names, int(key))
    if "packets" in hand:
        cards = cards_text(hand["packets"]["occupations"] + hand["packets"]["minors"])
        message = (
            N_("You are dealt the packets {cards}.")
            if you
            else N_("{name} is dealt the packets {cards}.")
        )
        return gettext(message).format(name=who, cards=cards)
    occupations, minors = len(hand["occupations"]), len(hand["minors"])
    message = (
        N_("You are dealt {occupations} and {minors}: {cards}.")
        if you
        else N_("{name} is dealt {occupations} and {minors}: {cards}.")
    )
    return gettext(message).format(
        name=who,
        occupations=ngettext("{n} occupation", "{n} occupations", occupations).format(
            n=occupations
        ),
        minors=ngettext("{n} minor improvement", "{n} minor improvements", minors).format(n=minors),
        cards=cards_text(hand["occupations"] + hand["minors"]),
    )


def _mine(d: dict) -> tuple[int | None, Any]:
    """(seat, data) of the one private part the viewer may see, or (None, None)."""
    private = d.get("_private", {})
    if len(private) == 1:
        ((key, part),) = private.items()
        return int(key), part
    return None, None


def _private(
    you: str, seen: str, hidden: str, fill: Callable[[dict, dict], dict]
) -> Callable[..., str]:
    """A sentence from the viewer's own private part ("You keep …", ``you``), another seat's
    part once the game is over (``seen``), or the public one (``hidden``); ``fill(part, data)``
    gives the placeholders (the part is ``{}`` for ``hidden``).

    The event is already redacted for the viewer (``Title.describe``): a private part is
    there only for its own seat, or for everyone once the game is over."""

    def sentence(d: dict, seat: Any, names: list[str], viewer: int | None = None) -> str:
        who, part = _mine(d)
        if part is None:
            return gettext(hidden).format(name=player(names, seat), **fill({}, d))
        message = you if who == viewer else seen
        return gettext(message).format(name=player(names, who), **fill(part, d))

    return sentence


def _one(part: dict, d: dict) -> dict:
    return {"card": card_ref(part.get("card")), "deck": deck_word(d.get("deck"))}


def _many(part: dict, d: dict) -> dict:
    return {"cards": cards_text(part.get("cards", ())), "deck": deck_word(d.get("deck"))}


def _exchanged(part: dict, d: dict) -> dict:
    return {
        "cards": cards_text(part.get("returned", ())),
        "card": card_ref(part.get("drawn")),
        "deck": deck_word(d.get("deck")),
    }


DEAL = {
    "10-3": N_("each player keeps 7 of 10 occupations and 7 of 10 minor improvements"),
    "redeal": N_("each player may give back a hand for 1 card fewer"),
    "draft": N_("the hands are drafted: keep 1 card, pass the rest to the left"),
    "normal": N_("7 occupations and 7 minor improvements each"),
    "choose": N_("the solo player chooses their own cards (digest §9.2 item 7)"),
}
PENDING = {
    "discard": N_("{name} is asked to discard cards down to 7 and 7."),
    "redeal": N_("{name} is asked whether to redeal."),
    "draft": N_("{name} is asked to keep a card of the packet."),
}


def asked(d: dict, seat: Any, names: list[str]) -> str:
    """``DealAsked``: what a seat is asked, or that it is ready."""
    pending, who = d.get("pending"), player(names, seat)
    if pending is None:
        return gettext("{name} is ready for round 1.").format(name=who)
    if pending.get("kind") == "choose":
        need = pending["need"]
        return gettext("{name} is asked to choose {occupations} and {minors}.").format(
            name=who,
            occupations=ngettext("{n} occupation", "{n} occupations", need["occupations"]).format(
                n=need["occupations"]
            ),
            minors=ngettext(
                "{n} minor improvement", "{n} minor improvements", need["minors"]
            ).format(n=need["minors"]),
        )
    message = PENDING.get(pending.get("kind"), N_("{name} is asked to choose."))
    return gettext(message).format(name=who)


def dealing(d: dict, seat: Any, names: list[str]) -> str:
    """``DealStarted``: the dealing variant and what it means."""
    how = d["dealing"]
    rule = gettext(DEAL[how]) if how in DEAL else how
    return gettext("The cards are dealt by the {variant} variant: {rule}.").format(
        variant=how, rule=rule
    )


#: Sentences that depend on who reads them (a private part: "You keep …" for its seat, "Ann
#: keeps a card." for the others); called with the viewer as a fourth argument.
VIEWER_SENTENCES = {
    "CardsDealt": _dealt,
    "CardDiscarded": _private(
        N_("You discard {card}."),
        N_("{name} discards {card}."),
        N_("{name} discards a card."),
        _one,
    ),
    "HandReturned": _private(
        N_("You give back {cards}."),
        N_("{name} gives back {cards}."),
        N_("{name} gives back their hand ({deck}) for a new one."),
        _many,
    ),
    "CardsDrawn": _private(
        N_("You draw {cards}."),
        N_("{name} draws {cards}."),
        N_("{name} draws new cards ({deck})."),
        _many,
    ),
    "CardChosen": _private(
        N_("You choose {card}."), N_("{name} chooses {card}."), N_("{name} chooses a card."), _one
    ),
    "DraftPicked": _private(
        N_("You keep {card}."),
        N_("{name} keeps {card}."),
        N_("{name} keeps a card of the packet."),
        _one,
    ),
    "CardsMarked": _private(
        N_("You set {card} aside for an exchange."),
        N_("{name} sets {card} aside for an exchange."),
        N_("{name} sets a card aside for an exchange."),
        _one,
    ),
    "CardsExchanged": _private(
        N_("You exchange {cards} for {card}."),
        N_("{name} exchanges {cards} for {card}."),
        N_("{name} exchanges 3 cards for 1 card ({deck})."),
        _exchanged,
    ),
}


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
