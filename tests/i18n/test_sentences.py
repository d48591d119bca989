"""Sentences per reader (issue 36): a whole game's log of every title, as each seat and a
spectator may see it, rendered in Russian and Czech: no message without a translation, no
English UI word in a Russian sentence, no unfilled placeholder; the counting forms of 1, 2, 5,
11 and 21; the catalogues hold every message the code uses and none it no longer uses."""

from __future__ import annotations

import random
import re

import pytest

from domain.common.i18n import language
from service import i18n, i18n_catalog
from tests.contract.cases import Case
from tests.contract.play import new_app, random_play, start

#: one game of every title, and Agricola's full game with all three decks (E, I, K), once with
#: the draft and the 3-for-1 exchange (the dealing sentences, hidden and seen) and once dealt
#: normally (more cards in play)
GAMES = [
    Case("agricola", "family", 2, {}),
    Case("agricola", "full", 2, {"decks": "EIK", "dealing": "draft", "exchange": True}),
    Case("agricola", "full", 2, {"decks": "EIK"}),
    Case("caverna", "standard", 2, {}),
    Case("village", "standard", 2, {}),
]

#: English words of the service's sentences and pages that a Russian or Czech reader should
#: never meet (player names and card ids are not words of this list)
ENGLISH_WORDS = {
    "the",
    "and",
    "takes",
    "take",
    "places",
    "place",
    "builds",
    "build",
    "pays",
    "receives",
    "round",
    "begins",
    "food",
    "wood",
    "clay",
    "reed",
    "stone",
    "grain",
    "sheep",
    "cattle",
    "game",
    "turn",
    "harvest",
    "family",
    "field",
    "fields",
    "pasture",
    "fence",
    "fences",
    "room",
    "stable",
    "player",
    "players",
    "points",
    "point",
    "wins",
    "nothing",
    "nobody",
    "from",
    "with",
    "into",
    "for",
    "dwarf",
    "ruby",
    "ore",
    "cube",
    "coin",
    "coins",
    "customer",
    "market",
    "church",
    "council",
    "members",
    "member",
    "lobby",
    "sign",
    "ratings",
    "tables",
    "open",
    "solo",
    "series",
    "language",
    "skip",
    "content",
    "goes",
    "back",
    "phase",
    "card",
    "cards",
    "occupation",
    "occupations",
    "minor",
    "improvement",
    "improvements",
    "plays",
    "uses",
    "deck",
    "hand",
    "packet",
    "dealt",
    "you",
    "your",
    "free",
    "step",
    "used",
}
NAMES = ["Ann", "Bob"]
_WORD = re.compile(r"[A-Za-z]+")


def _english_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text) if w.lower() in ENGLISH_WORDS and w not in NAMES}


def _plural_words(lang: str) -> dict[str, set[int]]:
    """The counted nouns of the catalogue (``"{n} <noun>"`` in the count contexts): noun ->
    the plural indexes it is the form of (a noun may be the form of several)."""
    words: dict[str, set[int]] = {}
    for message in i18n_catalog.read(lang):
        if isinstance(message.id, tuple) and (message.context or "").endswith(" count"):
            for index, form in enumerate(message.string):
                noun = form.replace("{n} ", "", 1)
                if form.startswith("{n} ") and " " not in noun:
                    words.setdefault(noun, set()).add(index)
    return words


def _wrong_plurals(text: str, lang: str, words: dict[str, set[int]]) -> list[str]:
    """ "5 дерево" and the like: a number followed by a counted noun in the wrong form (proper
    names between quotes, such as the round card «1 Овца», are the rulebook's own)."""
    from locales import PLURAL_INDEX

    wrong = []
    text = re.sub(r"«[^»]*»|„[^“]*“", " ", text)
    for number, noun in re.findall(r"(?<![\d.,])(\d+) (\w+)", text):
        forms = words.get(noun)
        if forms and PLURAL_INDEX[lang](int(number)) not in forms:
            wrong.append(f"{number} {noun}")
    return wrong


def _collect(case: Case):
    app = new_app()
    game_id = start(app, Case(case.title, case.variant, case.players, case.options))
    random_play(app, game_id, random.Random(7))
    game = app.get_game(game_id)
    return app, game, app.stored_events(game_id)


@pytest.fixture(scope="module", params=GAMES, ids=lambda c: f"{c.title}-{c.variant}")
def played(request):
    return _collect(request.param)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_a_whole_game_log_reads_in_the_language(played, lang):
    app, game, events = played
    before = i18n.missing(lang)
    words = _plural_words(lang)
    with i18n.translate(lang):
        assert language() == lang
        for viewer in (None, 0, 1):
            for event in events:
                view = app.event_view(game, event, viewer, True)
                text = view["text"]
                assert "{" not in text and "}" not in text, text
                assert not _wrong_plurals(text, lang, words), (event.type, text)
                if lang == "ru":
                    assert not _english_words(text), (event.type, text)
                    assert re.search("[а-яё]", text, re.I), (event.type, text)
                for line in view.get("lines", []):
                    if lang == "ru":
                        assert not _english_words(line), (event.type, line)
    new = i18n.missing(lang) - before
    assert not new, sorted(new, key=str)[:20]


@pytest.mark.slow
def test_the_english_log_is_unchanged_by_reading_it_in_another_language(played):
    app, game, events = played
    english = [app.event_view(game, e, None, True)["text"] for e in events]
    with i18n.translate("ru"):
        russian = [app.event_view(game, e, None, True)["text"] for e in events]
    assert [app.event_view(game, e, None, True)["text"] for e in events] == english
    assert russian != english


#: counting forms (issue 36): wood and sheep, the glossaries' forms (wood as the lead decided)
PLURALS = {
    "ru": {
        "wood": ["1 дерево", "2 дерева", "5 деревьев", "11 деревьев", "21 дерево"],
        "sheep": ["1 овцу", "2 овцы", "5 овец", "11 овец", "21 овцу"],
        "vegetable": ["1 овощ", "2 овоща", "5 овощей", "11 овощей", "21 овощ"],
    },
    "cs": {
        "wood": ["1 dřevo", "2 dřeva", "5 dřev", "11 dřev", "21 dřev"],
        "sheep": ["1 ovci", "2 ovce", "5 ovcí", "11 ovcí", "21 ovcí"],
        "vegetable": ["1 zeleninu", "2 zeleniny", "5 zelenin", "11 zelenin", "21 zelenin"],
    },
}


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_counting_forms_for_1_2_5_11_21(lang):
    from domain.agricola.text import count_text
    from domain.caverna.words import count_text as caverna_count

    with i18n.translate(lang):
        for good, forms in PLURALS[lang].items():
            assert [count_text(n, good) for n in (1, 2, 5, 11, 21)] == forms
        rubies = [caverna_count(n, "ruby") for n in (1, 2, 5, 11, 21)]
    expected = {
        "ru": ["1 рубин", "2 рубина", "5 рубинов", "11 рубинов", "21 рубин"],
        "cs": ["1 rubín", "2 rubíny", "5 rubínů", "11 rubínů", "21 rubínů"],
    }
    assert rubies == expected[lang]


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_every_plural_message_gives_the_forms_of_1_2_5_11_21(lang):
    """Each plural message renders for 1, 2, 5, 11 and 21 with the catalogue's own form (index
    0 for 1 and 21, 1 for 2, 2 for 5 and 11), and none is left empty."""
    catalog = i18n_catalog.read(lang)
    translations = i18n.translations(lang)
    expect = {1: 0, 2: 1, 5: 2, 11: 2, 21: 0 if lang == "ru" else 2}
    checked = 0
    for message in catalog:
        if not message.id or not isinstance(message.id, tuple):
            continue
        forms = message.string
        assert len(forms) == 3 and all(forms), message.id
        for n, index in expect.items():
            got = translations.npgettext(message.context, message.id[0], message.id[1], n)
            if message.context is None:
                got = translations.ngettext(message.id[0], message.id[1], n)
            assert got == forms[index], (message.id, n)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_catalogue_holds_exactly_the_messages_the_code_uses(lang):
    used = i18n_catalog.extracted()
    catalog = i18n_catalog.read(lang)
    held = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog if m.id}
    unused = held - set(used)
    missing = set(used) - held
    assert not unused, f"messages the code no longer uses (run make i18n): {sorted(unused)[:10]}"
    assert not missing, f"messages not in the catalogue (run make i18n): {sorted(missing)[:10]}"
    untranslated = [
        (m.context, m.id)
        for m in catalog
        if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,))
    ]
    assert not untranslated, untranslated[:10]
    assert not [m.id for m in catalog if m.id and m.fuzzy]


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_written_out_plural_rule_is_the_catalogues_own(lang):
    import gettext

    from locales import PLURAL_INDEX

    rule = gettext.c2py(i18n_catalog.read(lang).plural_expr)
    assert all(PLURAL_INDEX[lang](n) == rule(n) for n in range(1001))


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_a_card_refusal_says_the_cards_own_sentence_in_the_language(lang):
    """card_not_now (issue 38): the card's name, what was tried and the card's own sentence
    of when it may be used (K297) in the reader's language; the params stay English facts."""
    from domain.agricola.cards.catalogue import CARDS
    from domain.agricola.errors import AgricolaViolation
    from domain.common.i18n import pgettext

    name = CARDS["K297"]["name"]
    error = AgricolaViolation(
        "card_not_now",
        card_name=name,
        what="use",
        reason="it may be used at any time except during the breeding phase",
        seat_name="Ann",
    )
    english = error.message
    with i18n.translate(lang):
        said = error.message
        assert pgettext("agricola card name", name) in said
    assert said != english and "breeding" not in said and " use " not in said, said
    assert error.params["what"] == "use"  # the facts stay as they were
    assert error.message == english
