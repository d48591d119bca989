"""Dispatch through the cards in play (issue 35 item 3): a listing runs only the card hooks of
the cards dealt to or played by a seat (``Extension.running``). Replayed from the recorded
corpus (``tests/corpus/``), every hook left out at a position has nothing to give there, so
leaving it out changes no listing; and an E-only game runs fewer hooks than the card set binds."""

from __future__ import annotations

import importlib.util
import os

import pytest

from domain.agricola import extension as windows_of
from domain.common.events import Event
from domain.platform import registry

_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "corpus.py")
_SPEC = importlib.util.spec_from_file_location("chronicle_corpus_in_play", _PATH)
assert _SPEC and _SPEC.loader
corpus = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(corpus)

GAMES = [
    n
    for n in corpus.stored_names()
    if n.startswith("agricola") and corpus.load(n)["variant"] == "full"
]


@pytest.mark.parametrize("name", GAMES)
def test_a_hook_left_out_has_nothing_to_give(name):
    game = corpus.load(name)
    rules = registry.get(game["title"], game["rules_version"])
    state: dict = {}
    for t, seat, data in game["setup"]:
        state = rules.evolve(state, Event(t, data, seat))
    left_out = 0
    for _, _, _, events in game["steps"]:
        ext = windows_of.of(state)
        running = ext.running("anytime_candidates", state)
        for hook in ext.anytime_candidates:
            if hook in running:
                continue
            left_out += 1
            for seat in range(len(state["players"])):
                assert hook(state, seat) == [], (hook.__module__, hook.__name__, seat)
        for t, seat, data in events:
            state = rules.evolve(state, Event(t, data, seat))
    assert left_out


def test_an_e_only_game_runs_fewer_hooks_than_its_card_set_binds():
    game = corpus.load("agricola-full-E-5")
    rules = registry.get(game["title"], game["rules_version"])
    state: dict = {}
    for t, seat, data in game["setup"]:
        state = rules.evolve(state, Event(t, data, seat))
    run, bound = rules.listing_hooks(state)
    assert 0 < run < bound
