"""The recorded corpus (``tests/corpus/``, ``scripts/corpus.py``; issue 35): every stored game of
every title, variant and deck mix replays under today's rules to the same events, listings,
final state and score sheet."""

from __future__ import annotations

import importlib.util
import os

import pytest

_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "scripts", "corpus.py")
_SPEC = importlib.util.spec_from_file_location("chronicle_corpus", _PATH)
assert _SPEC and _SPEC.loader
corpus = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(corpus)

NAMES = corpus.stored_names()


def test_the_corpus_covers_every_case():
    assert {case[0] for case in corpus.CASES} <= set(NAMES)
    titles = {corpus.load(name)["title"] for name in NAMES}
    assert titles == {"agricola", "caverna", "village"}


@pytest.mark.parametrize("name", NAMES)
def test_a_recorded_game_replays_without_a_difference(name):
    game = corpus.load(name)
    assert game["steps"] and game["finished"]
    assert list(corpus.check_one(game)) == []
