"""Shared positions and moves of the card tests (one file per deck, one class per card)."""

from __future__ import annotations

import json

from domain.agricola import AGRICOLA
from domain.agricola.cards.catalogue import CARDS
from domain.common.rng import Rng
from domain.common.title import GameConfig

from ..support import fold, reveal, turn

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def full(n=2, seed=1, start_player=0, card_set=None):
    """A full game's first position; ``card_set`` pins an older card set (its entries)."""
    rng = Rng(seed)
    options = {"start_player": start_player, "decks": "E"}
    if card_set is not None:
        options["card_set"] = card_set
    events = AGRICOLA.setup(GameConfig("full", NAMES[:n], options), rng)
    return fold(events), rng, events


def play(state, seat, move, rng=None):
    """``decide`` then fold, checking that the move was listed and ``decide`` left the state
    untouched."""
    before = json.dumps(state, sort_keys=True)
    events = AGRICOLA.decide(state, seat, move, rng or Rng(1))
    assert json.dumps(state, sort_keys=True) == before
    return fold(events, json.loads(before)), events


def listed_play(state, seat, move):
    assert move in AGRICOLA.legal_moves(state, seat), move
    return play(state, seat, move)


def hand(state, seat):
    return state["hands"]["_private"][str(seat)]


def holding(state, seat, *cards):
    """Give ``seat`` the cards in play (occupations and minors), as if played earlier."""
    farm = state["farms"][seat]
    for card in cards:
        kind = "occupations" if CARDS[card]["kind"] == "occupation" else "minors"
        farm[kind].append(card)
        farm["cards"].append(card)
    return state


def in_hand(state, seat, card):
    kind = "occupations" if CARDS[card]["kind"] == "occupation" else "minors"
    for h in state["hands"]["_private"].values():
        for key in ("occupations", "minors"):
            if card in h[key]:
                h[key].remove(card)
    hand(state, seat)[kind].append(card)
    return state


def owns(state, seat, *majors):
    for major in majors:
        state["majors"][major] = seat
        state["farms"][seat]["majors"].append(major)


def lessons(state, seat, card, space="lessons"):
    turn(state, seat)
    in_hand(state, seat, card)
    if space not in state["spaces"]:
        reveal(state, space)
    state, _ = play(state, seat, {"type": "place", "space": space})
    return play(state, seat, {"type": "play_occupation", "card": card})


def minor(state, seat, card, **extra):
    turn(state, seat)
    in_hand(state, seat, card)
    reveal(state, "major_minor")
    state, _ = play(state, seat, {"type": "place", "space": "major_minor"})
    return play(state, seat, {"type": "play_minor", "card": card, **extra})


def food(state, seat=0):
    return state["farms"][seat]["supply"]["food"]


def animals(state, kind, seat=0):
    farm = state["farms"][seat]
    return farm["animals"][kind] + farm["unhoused"][kind]


def of_type(state, kind, seat=0):
    return [m for m in AGRICOLA.legal_moves(state, seat) if m["type"] == kind]
