"""Move labels, move groups and step prompts per reader (issue 36): a whole game of every title
(Agricola's full game with the E, I and K decks among them) played by random legal moves, and
every list of moves offered on the way labelled in Russian and Czech: no message without a
translation, no unfilled placeholder, no English UI word in Russian."""

from __future__ import annotations

import random
import re

import pytest

from service import i18n
from tests.contract.cases import Case
from tests.contract.play import new_app, random_play, start

from .test_sentences import _english_words

GAMES = [
    Case("agricola", "family", 2, {}),
    Case("agricola", "full", 2, {"decks": "EIK", "dealing": "draft", "exchange": True}),
    Case("agricola", "full", 2, {"decks": "EIK"}),
    Case("caverna", "standard", 2, {}),
    Case("village", "standard", 2, {}),
]
#: words a label may carry untranslated: a card number's letters, nothing else
ALLOWED = re.compile(r"\b[EIK]\d+\b")


def _texts(game, moves, seats) -> list[tuple[str, str]]:
    rules, state = game.rules, game.state
    out = []
    for move in moves:
        out.append((move.get("type", ""), rules.move_label(state, move)))
        out.append((move.get("type", ""), rules.move_group(state, move)))
    for seat in seats:
        prompt = rules.step_prompt(state, seat) or {}
        out += [("prompt", str(prompt.get(k, ""))) for k in ("step", "left", "group")]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_every_move_offered_reads_in_the_language(case, lang):
    app = new_app()
    game_id = start(app, Case(case.title, case.variant, case.players, case.options))
    before = i18n.missing(lang)
    english: dict[str, str] = {}
    kinds: set[str] = set()

    def listed(game, moves):
        status = game.rules.status(game.state)
        with i18n.translate(lang):
            for kind, text in _texts(game, moves, sorted(status.to_act)):
                kinds.add(kind)
                assert "{" not in text and "}" not in text, (kind, text)
                if lang == "ru" and text and _english_words(ALLOWED.sub(" ", text)):
                    english.setdefault(kind, text)

    random_play(app, game_id, random.Random(11), listed=listed)
    assert len(kinds) > 5
    assert not english, english
    new = i18n.missing(lang) - before
    assert not new, sorted(new, key=str)[:20]
