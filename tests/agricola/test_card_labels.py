"""Moves that play or use a card say what they do (issue 23 item 6): "Dock Worker (E171): 3
wood for 1 clay", not "option 1"; the texts come from the catalogue summaries (digest §10.1:
the seeds hold no card texts, ``shared/data/agricola-cards/catalogue.md``)."""

from __future__ import annotations

import collections
import random

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.cards.catalogue import CARDS
from domain.common.rng import Rng
from domain.common.title import GameConfig

from .support import fold
from .test_full_game import full, holding


def label(state, move):
    return AGRICOLA.move_label(state, move)


def test_a_card_trade_names_what_is_paid_and_gained():
    state, _, _ = full(2)
    holding(state, 0, "E171", "E185")
    assert (
        label(state, {"type": "card_convert", "card": "E171", "option": 0})
        == "Dock Worker (E171): 3 wood for 1 clay"
    )
    assert (
        label(state, {"type": "card_convert", "card": "E185", "option": 1})
        == "Clay Firer (E185): 3 clay for 2 stone"
    )


def test_a_minor_with_a_choice_of_goods_names_the_goods():
    state, _, _ = full(2)
    wood = label(state, {"type": "play_minor", "card": "E16", "choice": 0})
    clay = label(state, {"type": "play_minor", "card": "E16", "choice": 1})
    assert "taking 1 wood" in wood and "taking 1 clay" in clay
    assert wood.endswith(CARDS["E16"]["summary"])


def test_playing_an_occupation_says_what_it_does():
    state, _, _ = full(2)
    text = label(state, {"type": "play_occupation", "card": "E171"})
    assert text == f"Play the occupation Dock Worker (E171): {CARDS['E171']['summary']}"


@pytest.mark.parametrize("n,dealing", [(1, "choose"), (2, "normal")])
def test_no_two_legal_moves_read_the_same(n, dealing):
    """In a random game every legal move has its own (heading, label): a player can tell
    each card move from the others."""
    names = tuple("ABCDE"[:n])
    config = GameConfig(
        "full", names, AGRICOLA.check_config(GameConfig("full", names, {"dealing": dealing}))
    )
    rng = Rng(n)
    state = fold(AGRICOLA.setup(config, rng))
    r = random.Random(n)
    card_moves = 0
    while not AGRICOLA.status(state).finished:
        seat = r.choice(AGRICOLA.status(state).to_act)
        moves = AGRICOLA.legal_moves(state, seat)
        seen = collections.Counter((AGRICOLA.move_group(state, m), label(state, m)) for m in moves)
        assert max(seen.values()) == 1, [k for k, v in seen.items() if v > 1]
        for m in moves:
            if m["type"] in ("card_convert", "play_minor", "play_occupation", "choose_card"):
                card_moves += 1
                assert CARDS[m["card"]]["name"] in label(state, m)
                assert "option" not in label(state, m)
        state = fold(AGRICOLA.decide(state, seat, r.choice(moves), rng), state)
    assert card_moves > 0
