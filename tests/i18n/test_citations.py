"""The audit's rule citations in the reader's rulebook (issue 36): in Russian they name the
lines of the Russian rulebook of the title (seeds 000, 001, 002), in Czech those of the Czech
Agricola rulebook (seed 004); where a language has no rulebook of the title (Czech Caverna
and Village) the English digest's section stays. The tables (``domain/<title>/seed_lines.py``)
are the digests' own citations (``tests/i18n/citations.py``)."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from domain.agricola import seed_lines as agricola_lines
from service import i18n
from tests.contract.cases import Case
from tests.contract.play import new_app, random_play, start

from . import citations
from .test_sentences import _english_words

GAMES = [
    Case("agricola", "family", 2, {}),
    Case("agricola", "full", 2, {"decks": "EIK"}),
    Case("caverna", "standard", 2, {}),
    Case("village", "standard", 2, {}),
]
#: the seed a reader's citation names, by title and language (None: the digest's section)
SEEDS = {
    ("agricola", "ru"): "000",
    ("agricola", "cs"): "004",
    ("caverna", "ru"): "001",
    ("caverna", "cs"): None,
    ("village", "ru"): "002",
    ("village", "cs"): None,
}


@pytest.mark.parametrize("title", sorted(citations.TITLES))
def test_the_tables_are_the_digests_citations(title):
    folder = citations.rules_folder()
    if folder is None:
        pytest.skip("the rules digests (shared/rules) are not beside this checkout")
    module = importlib.import_module(f"domain.{title}.seed_lines")
    readers, lines, cards = citations.tables(title, folder)
    assert (readers, lines, cards) == (module.RULEBOOKS, module.LINES, module.CARDS), (
        "run python -m tests.i18n.citations"
    )


def test_a_section_is_read_off_its_heading_first():
    digest = (
        "## 5. Core\n### 5.8 Fences [000 §Г, L304; §П1.2, L494–498; 003 L157; 004 §D, L280–282]\n"
        "body L999\n### 5.9 Animals\nsee [000 L300–304] and [004 L278]\n"
    )
    lines = citations.section_lines(digest, None)
    assert lines["5.8"] == {"000": ["304", "494-498"], "003": ["157"], "004": ["280-282"]}
    assert lines["5.9"] == {"000": ["300-304"], "004": ["278"]}


@pytest.mark.slow
@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_audit_cites_the_readers_rulebook(case, lang):
    app = new_app()
    game_id = start(app, Case(case.title, case.variant, case.players, case.options))
    random_play(app, game_id, random.Random(5))
    game = app.get_game(game_id)
    english = [app.event_view(game, e, None, True).get("rule") for e in app.stored_events(game_id)]
    with i18n.translate(lang):
        read = [app.event_view(game, e, None, True).get("rule") for e in app.stored_events(game_id)]
    seed = SEEDS[(case.title, lang)]
    cited = 0
    for digest, rule in zip(english, read):
        if digest is None:
            assert rule is None
            continue
        if seed is None or rule == digest:  # no rulebook, or a section the seed never cites
            assert rule == digest
            continue
        cited += 1
        assert re.search(r"\d", rule) and "§" in rule, rule
        if lang == "ru":
            assert not _english_words(rule) and "digest" not in rule, rule
    if seed is not None:
        assert cited > len([r for r in english if r]) / 2, (cited, len(english))


def test_a_card_rule_names_the_line_of_its_ruling_in_russian():
    from domain.common.i18n import rulebook_citation

    card, line = next(iter(agricola_lines.CARDS["000"].items()))
    rule = f"agricola digest §10.1; card {card} (Whatever)"
    with i18n.translate("ru"):
        said = rulebook_citation(
            rule, agricola_lines.RULEBOOKS, agricola_lines.LINES, agricola_lines.CARDS
        )
    assert line.replace("-", "\u2013") in said and "§10.1" in said
    assert rulebook_citation(rule, agricola_lines.RULEBOOKS, agricola_lines.LINES) == rule
