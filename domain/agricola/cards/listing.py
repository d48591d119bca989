"""The cards of a deck as ``GET /titles/agricola/cards`` lists them (issue 23 item 6): each
card's number, name, kind, deck, cost, prerequisite, points, player-count symbol, whether it
passes on, its text (the catalogue's summary, ``shared/data/agricola-cards/catalogue.md``) and
whether this server's card engine plays it."""

from __future__ import annotations

from domain.common.errors import BadGameConfig
from domain.common.i18n import NP_

from ..text import goods_text
from .catalogue import CARDS, DECKS
from .decks import supported


def _cost(card: dict) -> str:
    return " or ".join(goods_text(c) if c else "free" for c in card["costs"])


def entry(card: dict) -> dict:
    """One card as a client shows it (a hand, a tooltip)."""
    out = {
        "id": card["id"],
        "deck": card["deck"],
        "number": card["number"],
        "kind": card["kind"],
        "name": card["name"],
        "text": card["summary"],
        "implemented": supported(card["id"]),
    }
    if card["kind"] == "occupation":
        out["players"] = f"{card['players']}+"
        if card["extra_cost"]:
            out["cost"] = _cost({"costs": [card["extra_cost"]]})
    else:
        out.update(cost=_cost(card), vp=card["vp"], passing=card["passing"])
    if card["seed_line"]:
        out["seed_line"] = card["seed_line"]
    return out


def listing(deck: str | None = None) -> list[dict]:
    """Every card of ``deck`` (E, I or K), or of all three, in catalogue order."""
    if deck is not None and deck not in DECKS:
        raise BadGameConfig(
            "bad_option",
            title="Agricola",
            variant="full",
            option="deck",
            reason=NP_("error part", "there is no deck '{deck}'; the decks are {decks}"),
            deck=deck,
            decks=", ".join(DECKS),
        )
    return [
        entry(c)
        for c in sorted(CARDS.values(), key=lambda c: (c["deck"], c["number"]))
        if deck is None or c["deck"] == deck
    ]
