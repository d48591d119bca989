"""The Russian and Czech glossaries of issue 36 item 3 (``docs/i18n``): every identifier of each
title's tables has a term in each language, every seed citation points at a line that really
holds the cited words (allowing for inflection), every card of the catalogue has a name and a
text in both languages, and the Markdown glossaries are the rendering of the JSON."""

from __future__ import annotations

import inspect
import json
import os
import re
from functools import cache
from pathlib import Path

import pytest

from domain.agricola import tables as agricola
from domain.agricola.action_spaces import ACTION_SPACES
from domain.agricola.cards import card_spaces
from domain.agricola.cards import spaces as card_space
from domain.agricola.cards.catalogue import CARDS
from domain.caverna import furnishings, spaces, tables
from domain.caverna import scoring as caverna_scoring
from domain.caverna import text as caverna_text
from domain.caverna.words import good_word, goods_text
from domain.village import pack, text
from domain.village import scoring as village_scoring
from domain.village.expansions import EXPANSIONS
from tests.i18n import glossary
from tests.i18n.glossary import LANGS, SEED_LANG, TITLES, entries, load

#: The ``phase`` values of each title's state (state.py docstrings, flow.py) and the round's
#: phases and harvest steps the sentences name (the digests' §3).
PHASES = {
    "agricola": (
        "setup",
        "deal",
        "round_start",
        "replenish",
        "work",
        "return",
        "harvest_field",
        "harvest_feeding",
        "harvest_breeding",
        "finished",
    ),
    "caverna": (
        "setup",
        "add_action",
        "replenish",
        "work",
        "return_home",
        "harvest",
        "field",
        "breeding",
        "harvest_choice",
        "harvest_feeding",
        "harvest_breeding",
        "solo_clear",
        "final",
        "finished",
    ),
    "village": (
        "setup",
        "seeding",
        "turns",
        "end_of_round",
        "mass",
        "mass_buy",
        "mass_advance",
        "market_day",
        "new_round",
        "finished",
    ),
}


def _labels(function) -> dict[str, str | None]:
    """``{key: label}`` of the score-pad rows written in ``function``'s source: the tuples
    ``("key", "Label", ...)`` and the dicts ``{"key": "...", "label": "..."}``; None for a label
    an f-string builds."""
    source = inspect.getsource(function)
    rows = re.findall(r'\(\s*"([a-z_]+)",\s*(f?)"([^"{]*)', source)
    rows += re.findall(r'"key": "([a-z_]+)",\s*"label": (f?)"([^"{]*)"', source)
    return {key: (label if not fstring else None) for key, fstring, label in rows}


def _titles() -> dict[str, str]:
    """The solo titles of the shipped data pack, keyed by their English name in snake case."""
    raw = json.loads(Path(pack.DEFAULT).read_text(encoding="utf-8"))
    return {
        name.lower().replace(" ", "_"): name for _, name in raw["values"]["solo.titles"]["value"]
    }


@cache
def code_ids() -> dict[str, dict[str, dict[str, str | None]]]:
    """title -> section -> {identifier: the English the service shows, or None when the code
    builds it from parts}."""
    card_rows = {**card_space.ROWS, **card_spaces.ROWS}
    caverna_pad = _labels(caverna_scoring.seat_categories)
    caverna_pad.update(
        {f"bonus_{t}": f"Bonus: {furnishings.tile_name(t)}" for t in caverna_scoring.BONUS}
    )
    village_pad = _labels(village_scoring.categories)
    places = list(text.PLACES)  # the places a sentence names (village text._place)
    tiles_ids = (
        *tables.OUTDOOR,
        *tables.CAVE,
        *tables.TWINS,
        *tables.RUBY_TILES,
        *caverna_text._TILES,
    )
    return {
        "agricola": {
            "goods": {g: agricola.SINGULAR[g] for g in agricola.GOODS},
            "animals": {a: agricola.SINGULAR[a] for a in agricola.ANIMALS},
            "spaces": {k: r["name"] for k, r in {**ACTION_SPACES, **card_rows}.items()},
            "majors": {k: r["name"] for k, r in agricola.MAJOR_IMPROVEMENTS.items()},
            "houses": dict(agricola.HOUSE_NAMES),
            "scoring": {
                k: label for k, label, _ in agricola.SCORING_TIERS + agricola.SCORING_PER_UNIT
            },
            "phases": dict.fromkeys(PHASES["agricola"]),
        },
        "caverna": {
            "goods": {g: good_word(g, 1) for g in tables.GOODS},
            "animals": {a: good_word(a, 1) for a in tables.ANIMALS},
            "spaces": {k: spaces.space_name(k) for k in spaces.SPACES},
            "furnishings": {
                t: furnishings.tile_name(t) for t in (*furnishings.FURNISHINGS, furnishings.ENTRY)
            },
            "tiles": dict.fromkeys(tiles_ids),
            "loot": {
                item: caverna_text._LOOT.get(item) or goods_text(gain or {})
                for item, (_, gain) in tables.LOOT.items()
            },
            "scoring": caverna_pad,
            "phases": dict.fromkeys(PHASES["caverna"]),
        },
        "village": {
            "spaces": dict(text.SPACE_NAMES),
            "buildings": dict(text.BUILDING_NAMES),
            "cubes": dict.fromkeys(text.COLOUR_WORDS),
            "goods": dict.fromkeys((*pack.GOODS, "grain", "coins", "pp", "time")),
            "chronicle": dict.fromkeys(pack.CATEGORIES),
            "scoring": village_pad,
            "titles": _titles(),
            "expansions": dict.fromkeys(
                {
                    *EXPANSIONS,
                    *(s for e in EXPANSIONS.values() for s in e.spaces),
                    *(p for e in EXPANSIONS.values() for p in e.end_places),
                }
            ),
            "places": dict.fromkeys(places),
            "phases": dict.fromkeys(PHASES["village"]),
            "data_status": dict.fromkeys(pack.KIND_WORDS),
        },
    }


def test_the_code_tables_are_read():
    """The identifiers really come out of the code (a source the parsing above missed would make
    the coverage check vacuous)."""
    ids = code_ids()
    assert all(table for sections in ids.values() for table in sections.values())
    assert len(ids["agricola"]["scoring"]) == 15 and len(ids["agricola"]["spaces"]) >= 50
    assert {"animals", "begging", "writing_chamber_offset"} <= set(ids["caverna"]["scoring"])
    assert len(ids["caverna"]["scoring"]) == 11 + len(caverna_scoring.BONUS)
    assert set(ids["village"]["scoring"]) == {
        "prestige",
        "travel",
        "church",
        "customers",
        "chronicle",
        "council",
        "coins",
    }
    assert {"farm", "yard", "council", "church", "city", "grave"} <= set(ids["village"]["places"])
    assert len(ids["village"]["titles"]) == 6


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", TITLES)
def test_every_identifier_has_a_term(title, lang):
    doc = load(f"{title}.{lang}")
    assert doc["title"] == title and doc["lang"] == lang
    for section, ids in code_ids()[title].items():
        table = doc["sections"].get(section, {})
        missing = sorted(set(ids) - set(table))
        assert not missing, f"{title}.{lang} {section} lacks {missing}"
        for key, english in ids.items():
            entry = table[key]
            if english is not None:
                assert entry["en"] == english, f"{title}.{lang} {section}.{key}: English changed"
            assert entry["term"].strip(), f"{title}.{lang} {section}.{key}: empty term"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", TITLES)
def test_entries_are_well_formed(title, lang):
    """A seed term cites its seed, in the reader's language; a counted noun has the three
    forms the plural rule needs (1 / 2-4 / 5+)."""
    doc = load(f"{title}.{lang}")
    assert doc["plural_forms"].startswith("nplurals=3;")
    for section, key, e in entries(doc):
        where = f"{title}.{lang} {section}.{key}"
        assert e["source"] in ("seed", "project"), where
        assert e["source"] == "project" or e["seed"], f"{where}: a seed term without a citation"
        for cite in _cites(e):
            assert SEED_LANG[cite["at"][:3]] == lang, f"{where}: cites a {cite['at']} seed"
        for counts in ("count", "count_acc"):
            if counts in e:
                assert set(e[counts]) == {"one", "few", "many"}, where
                assert all(e[counts].values()), where


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", TITLES)
def test_a_seed_term_is_the_seeds_wording(title, lang):
    """Each word of a term marked ``seed`` is an inflected form of a word the seed prints at
    the cited line(s) (1 дерево ~ «5 дерева», kamna ~ «s kamny»)."""
    doc = load(f"{title}.{lang}")
    wrong = [
        (section, key, e["term"], glossary.unmatched(e["term"], [c["quote"] for c in e["seed"]]))
        for section, key, e in entries(doc)
        if e["source"] == "seed" and glossary.unmatched(e["term"], [c["quote"] for c in e["seed"]])
    ]
    assert not wrong


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_a_name_and_a_text(lang):
    cards = load(f"agricola-cards.{lang}")["cards"]
    assert set(cards) == set(CARDS), set(cards) ^ set(CARDS)
    assert len(cards) == 308
    for cid, card in CARDS.items():
        entry = cards[cid]
        assert entry["en"] == {"name": card["name"], "text": card["summary"]}, (
            f"{cid}: the English the service shows changed; translate it again"
        )
        assert entry["name"].strip() and entry["text"].strip(), cid
        assert entry["source"] in ("seed", "project") and entry["text_source"] == "project"
        assert entry["source"] == "project" or entry["seed"], cid
        if entry["source"] == "seed":
            assert not glossary.unmatched(entry["name"], [c["quote"] for c in entry["seed"]]), cid
        for cite in entry["seed"]:
            assert SEED_LANG[cite["at"][:3]] == lang, cid


def test_card_names_are_distinct():
    """Two cards never share a name in one language (a reader picks a card by its name)."""
    for lang in LANGS:
        names = [c["name"].lower() for c in load(f"agricola-cards.{lang}")["cards"].values()]
        twice = {n for n in names if names.count(n) > 1}
        assert not twice, (lang, twice)


def _cites(entry: dict) -> list[dict]:
    cites = list(entry.get("seed") or [])
    cites += list((entry.get("count_seen") or {}).values())
    return cites


def _seed_dir() -> Path | None:
    root = Path(__file__).resolve().parents[2]
    candidates = [os.environ.get("CHRONICLE_SEEDS")]
    candidates += [
        str(root.parent / "shared" / "seeds"),
        str(root.parent.parent / "shared" / "seeds"),
    ]
    for candidate in candidates:
        if candidate and any(Path(candidate).glob("000_*.txt")):
            return Path(candidate)
    return None


@cache
def _seed_lines(code: str) -> list[str]:
    folder = _seed_dir()
    assert folder is not None
    (path,) = folder.glob(f"{code}_*.txt")
    return path.read_text(encoding="utf-8").split("\n")


def _all_citations():
    for title in TITLES:
        for lang in LANGS:
            for section, key, e in entries(load(f"{title}.{lang}")):
                for cite in _cites(e):
                    yield f"{title}.{lang} {section}.{key}", cite
    for lang in LANGS:
        for cid, card in load(f"agricola-cards.{lang}")["cards"].items():
            for cite in card["seed"]:
                yield f"agricola-cards.{lang} {cid}", cite


def test_every_citation_points_at_its_words():
    """Each cited line of a seed holds the quoted words (case, ё, guillemets and markup aside).
    The seeds are the original rulebooks, kept beside the repository (``shared/seeds``), not in
    it; ``CHRONICLE_SEEDS`` names their folder when it is elsewhere."""
    if _seed_dir() is None:
        pytest.skip(
            "the seed rulebooks (shared/seeds/000_*.txt ...) are not beside this checkout; set "
            "CHRONICLE_SEEDS to their folder to check the citations"
        )
    wrong, count = [], 0
    for where, cite in _all_citations():
        count += 1
        match = re.fullmatch(r"(\d{3}):L(\d+)", cite["at"])
        assert match, (where, cite)
        lines = _seed_lines(match.group(1))
        number = int(match.group(2))
        if not (1 <= number <= len(lines) and glossary.quoted(cite["quote"], lines[number - 1])):
            wrong.append((where, cite))
    assert count > 500
    assert not wrong


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", TITLES)
def test_the_markdown_is_the_rendered_json(title, lang):
    assert glossary.path(title, lang).read_text(encoding="utf-8") == glossary.render(title, lang), (
        "docs/i18n Markdown is stale: run python -m tests.i18n.glossary"
    )


def test_stems_allow_inflection_only():
    """The inflection check itself: forms of one word pass, different words do not."""
    assert not glossary.unmatched("дерево", ["5 дерева"])
    assert not glossary.unmatched("овца", ["7 овец"])
    assert not glossary.unmatched("Kamna", ["s kamny"])
    assert not glossary.unmatched(
        "Первый игрок и (или) простое улучшение", ["ПЕРВЫЙ ИГРОК и простого улучшения"]
    )
    assert glossary.unmatched("корова", ["овца"]) == ["корова"]
    assert glossary.unmatched("Рыбалка", ["Бродячие артисты"]) == ["рыбалка"]
    assert glossary.quoted("3 Дерева", "ячейку действия «3 Дерева», если")
    assert not glossary.quoted("2 дерева", "за 12 дерева")
