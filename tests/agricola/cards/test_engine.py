"""The card engine as an extension of the rules (issue 23 item 1)."""
from __future__ import annotations

import ast
import pathlib

from domain.agricola import extension
from domain.agricola.cards import engine
from domain.agricola.cards.card_sets import CARD_SETS, CORRECTED, LATEST
from domain.agricola.cards.decks import DECKS, find

from .helpers import full

CARDS_DIR = pathlib.Path(extension.__file__).parent / "cards"


def _imports(path: pathlib.Path, package: list[str]) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level >= 1 and node.level - 1 <= len(package):
            base = package[:len(package) - (node.level - 1)]
            if node.module is None:
                out |= {".".join(base + [a.name]) for a in node.names}
            else:
                out.add(".".join(base + [node.module]))
    return out


def test_no_import_circle_in_the_card_package():
    """Every import of cards/, function-level ones included: no module reaches itself."""
    graph = {}
    for path in CARDS_DIR.rglob("*.py"):
        parts = list(path.relative_to(CARDS_DIR).with_suffix("").parts)
        package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
        name = ".".join(p for p in parts if p != "__init__")
        graph[name] = _imports(path, package)
    graph = {k: {d for d in v if d in graph and d != k} for k, v in graph.items()}

    def reaches(start, node, seen):
        for nxt in graph[node]:
            if nxt == start:
                return True
            if nxt not in seen:
                seen.add(nxt)
                if reaches(start, nxt, seen):
                    return True
        return False
    assert [m for m in graph if reaches(m, m, set())] == []


def test_the_family_game_reads_an_empty_extension():
    from tests.agricola.support import setup
    state, _, _ = setup(2)
    assert extension.of(state) is extension.NONE
    assert extension.of_farm(state["farms"][0]) is extension.NONE


def test_a_full_game_reads_the_extension_of_its_card_set():
    state, _, _ = full(2, card_set=2)
    ext = extension.of(state)
    assert ext.version == 2 and set(ext.effects) == set(CARD_SETS[2])
    assert extension.of_farm(state["farms"][0]) is ext
    assert extension.of(full(2)[0]).version == LATEST


def test_a_corrected_card_keeps_its_old_entry_for_older_sets():
    """K-20: E41 Millstone was corrected in set 5; sets 1-4 keep the entry they played."""
    deck = next(d for d in DECKS if "E41" in d.cards)
    assert engine.entry(deck, "E41", CORRECTED) is find("E41")
    assert engine.entry(deck, "E41", CORRECTED - 1) is not find("E41")
    assert engine.entry(deck, "E47", 2) is find("E47")


def test_one_entry_per_card_found_by_number_and_checked_by_name():
    import pytest
    from domain.agricola.cards.deck import Deck
    deck = Deck("test")
    with pytest.raises(KeyError, match="Millstone"):
        deck.card("E41", "Windmill")
    assert sum(len(d.cards) for d in DECKS) == len(CARD_SETS[LATEST]) == 126
