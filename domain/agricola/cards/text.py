"""Sentences for the card events of the full game, naming the card and its catalogue number
(audit ``?detail=true`` shows the rule: digest §10.1 and the card)."""
from __future__ import annotations

from .. import text as base
from ..text import goods_text
from .catalogue import CARDS


def _who(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The game"


def _card(card_id) -> str:
    return f"{CARDS[card_id]['name']} ({card_id})" if card_id in CARDS else "their cards"


def _setup(d, seat, names):
    return (f"{base.names_text(list(d['players']))} sit down to a full game of Agricola with "
            f"the {'+'.join(d['cards']['decks'])} deck; "
            f"{_who(list(d['players']), d['start_player'])} is the start player.")


def _dealt(d, seat, names):
    mine = d.get("_private", {})
    if len(mine) == 1:
        (key, hand), = mine.items()
        return (f"{_who(names, int(key))} is dealt 7 occupations and 7 minor improvements: "
                + ", ".join(_card(c) for c in hand["occupations"] + hand["minors"]) + ".")
    return "Every player is dealt 7 occupations and 7 minor improvements (hidden)."


def _minor(d, seat, names):
    who = _who(names, seat)
    text = f"{who} plays the minor improvement {_card(d['card'])} for " \
           f"{goods_text(d['cost']) if d['cost'] else 'nothing'}"
    if d.get("to") is not None:
        text += f"; it passes to {_who(names, d['to'])}'s hand"
    return text + "."


SENTENCES = {
    "GameSetUp": _setup,
    "CardsDealt": _dealt,
    "OccupationPlayed": lambda d, seat, names: (
        f"{_who(names, seat)} plays the occupation {_card(d['card'])} for "
        f"{goods_text(d['cost']) if d['cost'] else 'nothing'}."),
    "MinorPlayed": _minor,
    "CardGoods": lambda d, seat, names: (
        f"{_who(names, seat)} receives {goods_text({g: n for g, n in d['goods'].items() if n > 0})}"
        f" from {_card(d.get('card'))}"
        + (f", paying {goods_text({g: -n for g, n in d['goods'].items() if n < 0})}"
           if any(n < 0 for n in d["goods"].values()) else "") + "."),
    "CardConverted": lambda d, seat, names: (
        f"{_who(names, seat)} uses {_card(d['card'])}: {goods_text(d['pay'])} for "
        f"{goods_text(d['gain'])}."),
    "CardScheduled": lambda d, seat, names: (
        f"{_card(d['card'])} puts goods for {_who(names, seat)} on the round spaces of rounds "
        f"{', '.join(sorted(d['rounds'], key=int))}."),
    "CardStateSet": lambda d, seat, names: (
        f"{_card(d['card'])} of {_who(names, seat)} is used."),
    "ScheduleCollected": lambda d, seat, names: (
        f"{_who(names, seat)} collects {goods_text(d['goods'])} from the round {d['round']} "
        "space."),
}


def _rule(d: dict) -> str:
    card = d.get("card")
    return "agricola digest §10.1" + (f"; card {card} ({CARDS[card]['name']})"
                                      if card in CARDS else "")


def _card_note(text: str, d: dict) -> str:
    """A family-game event that a card caused or changed (e.g. a field ploughed with a plow)."""
    if d.get("card") not in CARDS:
        return text
    paid = f", paying {d['food']} food" if d.get("food") else ""
    return f"{text[:-1]} with {_card(d['card'])}{paid}."


def install() -> None:
    base.CARD_SENTENCES.update(SENTENCES)
    base.CARD_SENTENCES["_card"] = _card_note
    base.CARD_RULES.update({k: _rule for k in SENTENCES if k != "GameSetUp"})
    base.CARD_RULES["_card"] = lambda d: _rule(d) if d.get("card") in CARDS else None
