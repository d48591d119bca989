"""The types of Agricola's state (``domain/agricola/statetypes.py``, issue 35 item 5) name every
key a real game's state, farms, spaces and pending steps hold: replayed from recorded games of
the family game, full E and E+I+K games, a draft and a solo series game (``tests/corpus/``)."""

from __future__ import annotations

import importlib.util
import os

import pytest

from domain.agricola.statetypes import Farm, Hand, Pending, Space, State
from domain.common.events import Event
from domain.platform import registry

_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "corpus.py")
_SPEC = importlib.util.spec_from_file_location("chronicle_corpus_types", _PATH)
assert _SPEC and _SPEC.loader
corpus = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(corpus)

GAMES = (
    "agricola-family-3",
    "agricola-full-E-5",
    "agricola-full-EIK-4",
    "agricola-draft-EIK-3",
    "agricola-series-5",
    "agricola-exchange-EIK-3",
)


def _keys(kind) -> set[str]:
    return set(kind.__required_keys__) | set(kind.__optional_keys__)


def _check(state: dict) -> None:
    assert set(state) <= _keys(State), set(state) - _keys(State)
    assert set(State.__required_keys__) <= set(state)
    for farm in state["farms"]:
        assert set(farm) <= _keys(Farm), set(farm) - _keys(Farm)
        assert set(Farm.__required_keys__) <= set(farm)
    for space in state["spaces"].values():
        assert set(space) <= _keys(Space), set(space) - _keys(Space)
    for hand in state.get("hands", {}).get("_private", {}).values():
        assert set(hand) <= _keys(Hand), set(hand) - _keys(Hand)
    pending_keys = {k for p in state["pending"] if p for k in p}
    assert pending_keys <= _keys(Pending), pending_keys - _keys(Pending)


@pytest.mark.parametrize("name", GAMES)
def test_the_state_types_name_every_key_of_a_real_game(name):
    game = corpus.load(name)
    rules = registry.get(game["title"], game["rules_version"])
    state: dict = {}
    for t, seat, data in game["setup"]:
        state = rules.evolve(state, Event(t, data, seat))
    seen_pending = False
    for _, _, _, events in game["steps"]:
        for t, seat, data in events:
            state = rules.evolve(state, Event(t, data, seat))
        assert set(state) <= _keys(State), set(state) - _keys(State)
        for farm in state["farms"]:
            assert set(farm) <= _keys(Farm), set(farm) - _keys(Farm)
        if any(state["pending"]):
            seen_pending = True
            _check(state)
    assert seen_pending
