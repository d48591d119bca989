"""Refusals reached through the rules, read in Russian and Czech (issue 36): the sentence's
fragments (``what``, ``reason`` and the facts a template fragment names) are said in the
reader's language, with no English fragment left; the params stay the English facts."""

from __future__ import annotations

import re
import string

import pytest

from domain.agricola import AGRICOLA
from domain.common.errors import RuleViolation
from domain.common.i18n import PARAM_CONTEXTS, param_words
from domain.common.rng import Rng
from service import i18n, i18n_catalog
from tests.agricola.cards.helpers import full, holding
from tests.agricola.support import turn
from tests.caverna.support import play as caverna_play
from tests.caverna.support import setup as caverna_setup
from tests.caverna.support import work_turn

LANGS = ["ru", "cs"]


def _english_words(error: RuleViolation) -> set[str]:
    """The English words (3 letters or more) of the refusal's fragments, as English says
    them (a seat's name, a card id or a space label is no fragment)."""
    said = param_words(error.params)
    words: set[str] = set()
    for key in ("what", "reason", "where"):
        words |= set(re.findall(r"[A-Za-z]{3,}", str(said.get(key, ""))))
    return words


def _punner_refusal() -> RuleViolation:
    """I70 Punner asked to plough when no other player's plow or Harrow opened it."""
    state, _, _ = full(2)
    holding(state, 1, "I70")
    turn(state, 1)
    with pytest.raises(RuleViolation) as err:
        AGRICOLA.decide(state, 1, {"type": "card_plough", "card": "I70", "space": 3}, Rng(1))
    assert err.value.code == "step_not_expected"
    return err.value


def _caverna_tile_refusal() -> RuleViolation:
    """A cavern/tunnel twin laid away from the cave (domain/caverna/diagnose.py)."""
    state, _, _ = caverna_setup(2, 1)
    work_turn(state, 0, "excavation")
    state, _ = caverna_play(state, 0, {"type": "place", "space": "excavation"})
    move = {"type": "twin", "side": "cavern_tunnel", "at": 11, "at2": 19}
    with pytest.raises(RuleViolation) as err:
        caverna_play(state, 0, move)
    assert err.value.code == "caverna_spot_illegal", err.value.message
    return err.value


REFUSALS = {"punner": _punner_refusal, "caverna twin": _caverna_tile_refusal}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_refusal_reached_through_the_rules_reads_with_no_english_fragment(name, lang):
    error = REFUSALS[name]()
    english = error.message
    params = dict(error.params)
    words = _english_words(error)
    assert words, english  # the refusal has fragments to say
    with i18n.translate(lang):
        said = error.message
    left = {w for w in words if re.search(rf"\b{w}\b", said)}
    assert not left, f"English left in the {lang} sentence: {left}: {said}"
    assert "{" not in said, said  # every template fragment was filled
    assert error.params == params  # the facts stay English
    assert error.message == english


@pytest.mark.parametrize("lang", LANGS)
def test_the_punner_refusal_names_the_card_in_the_readers_words(lang):
    error = _punner_refusal()
    assert error.message.startswith("Bob cannot plough with Punner now: it ploughs after")
    with i18n.translate(lang):
        said = error.message
    name = {"ru": "«", "cs": "„"}[lang]
    assert name in said and "Punner" not in said, said


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_every_fragment_translation_keeps_its_placeholders(lang):
    """A fragment's translation names exactly the params its English names (else it would
    be shown unfilled)."""
    assert PARAM_CONTEXTS[0] == "error part"
    wrong = [
        (m.id, m.string)
        for m in i18n_catalog.read(lang)
        if m.context == "error part" and m.string and _fields(m.id) != _fields(m.string)
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_a_returned_reason_with_facts_is_said_in_the_readers_words(lang):
    """A rule's "why not" returned as a string (``fragment``: the bake limit of a Fireplace)
    reads as the English, and in the reader's language inside the refusal."""
    from domain.agricola.errors import AgricolaViolation
    from domain.agricola.improvements import bake_problem
    from tests.agricola.support import setup

    state, _, _ = setup(2)
    farm = state["farms"][0]
    farm["supply"]["grain"] = 1
    farm["majors"] = ["fireplace_2"]
    reason = bake_problem(farm, [], "fireplace_2", 3)
    assert reason == "they have only 1 grain"
    error = AgricolaViolation(
        "bake_not_possible", seat_name="Ann", grain=3, improvement_name="Fireplace", reason=reason
    )
    english = error.message
    with i18n.translate(lang):
        said = error.message
    assert "only" not in said and "grain" not in said.split(":", 1)[1], said
    assert error.message == english and error.params["reason"] == "they have only 1 grain"
