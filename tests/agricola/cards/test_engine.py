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
            base = package[: len(package) - (node.level - 1)]
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
        package = parts[:-1]  # a module's package, and an __init__'s own package alike
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
    registered = {c for d in DECKS for c in d.cards}
    assert sum(len(d.cards) for d in DECKS) == len(registered)  # one entry per card
    assert registered == CARD_SETS[LATEST]  # every card with an entry is dealt, no other
    assert sum(1 for c in registered if c.startswith("E")) == 126


# -- K-02: the seat orders the cards of one window where the order changes the outcome ---------


def _ordered_game():
    """Ann holds the Raft (E22: Fishing +1 food or +1 reed) and, as a test double in the
    Fisherman's (E161) place, a card whose after-placement choice exists only once the seat
    holds 3 food (``order_matters``: read when resolved). Which card comes first decides
    whether the second choice exists, so the seat is asked (decision K-02)."""
    import dataclasses

    from domain.agricola.cards.extension import build

    from ..support import give, reveal, turn
    from .helpers import holding

    def needs_three(b, seat, space, card_id, gained):
        if b.state["farms"][seat]["supply"]["food"] < 3:
            return None
        return {"card": card_id, "options": [{}, {"food": -3, "wood": 5}]}

    base = build(LATEST)
    effects = dict(
        base.effects,
        E161={
            "order_matters": lambda b, seat, space: space == "fishing",
            "choice_after": needs_three,
        },
    )
    extension._BUILT[99] = dataclasses.replace(base, effects=effects, version=99, name="test")
    state, _, _ = full(2)
    state["cards"]["card_set"] = 99
    for farm in state["farms"]:
        farm["card_set"] = 99
    holding(state, 0, "E22", "E161")
    turn(state, 0)
    state["farms"][0]["supply"]["food"] = 0
    give(state, 0, food=1)
    reveal(state, "fishing")
    state["spaces"]["fishing"]["goods"] = {"food": 1}
    return state


def test_k02_the_seat_chooses_which_card_comes_first():
    from .helpers import listed_play, of_type, play

    try:
        state = _ordered_game()
        placed, _ = play(state, 0, {"type": "place", "space": "fishing"})
        assert placed["pending"][0]["kind"] == "card_order"
        assert of_type(placed, "card_first") == [
            {"type": "card_first", "card": "E22"},
            {"type": "card_first", "card": "E161"},
        ]
        assert not of_type(placed, "done") and not of_type(placed, "convert")
        # the Raft first, its food: then the other card's choice exists
        raft, _ = listed_play(placed, 0, {"type": "card_first", "card": "E22"})
        assert raft["pending"][0]["card"] == "E22"
        fed, _ = listed_play(raft, 0, {"type": "card_choice", "option": 0})
        assert fed["pending"][0]["card"] == "E161"
        done, _ = listed_play(fed, 0, {"type": "card_choice", "option": 1})
        assert done["farms"][0]["supply"]["wood"] == state["farms"][0]["supply"]["wood"] + 5
        # the other card first: it has nothing to offer yet and lapses; only the Raft asks
        other, _ = listed_play(placed, 0, {"type": "card_first", "card": "E161"})
        assert other["pending"][0]["card"] == "E22" and not other["pending"][0]["queue"]
    finally:
        extension._BUILT.pop(99, None)


def test_k02_no_order_is_asked_for_a_single_card_or_without_a_lazy_entry():
    from .helpers import play

    try:
        state = _ordered_game()
        state["farms"][0]["cards"].remove("E161")
        state["farms"][0]["occupations"].remove("E161")
        placed, _ = play(state, 0, {"type": "place", "space": "fishing"})
        assert placed["pending"][0]["kind"] == "card_choice"
    finally:
        extension._BUILT.pop(99, None)


def test_a_state_folded_before_farms_recorded_their_card_set_gets_it():
    """A snapshot (or a fork's StateRestored) of an older version has no ``card_set`` on its
    farms; the first look at the game's extension adds it, as a fresh fold would have it."""
    state, _, _ = full(2, card_set=3)
    for farm in state["farms"]:
        del farm["card_set"]
    assert extension.of(state).version == 3
    assert all(farm["card_set"] == 3 for farm in state["farms"])
    assert extension.of_farm(state["farms"][1]).version == 3


def test_no_two_card_modules_name_the_same_move_type():
    """Found merging the I and K decks, written side by side: both named a move ``card_buy``
    (the Animal Handler's and the Wood Buyer's), and one silently replaced the other."""
    from domain.agricola.cards import extension as x
    from domain.agricola.cards import full_game as f
    from domain.agricola.cards.card_sets import LATEST

    owned = [k for m in f._MOVE_MODULES for k in m.HANDLERS]
    assert len(owned) == len(set(owned))
    for module in f._MOVE_MODULES:
        for kind, pair in module.HANDLERS.items():
            assert f.MOVES[kind][0] is pair, kind
    ext = x.build(LATEST)  # each install(ext) is refused if it replaces a move type
    assert "card_buy" in ext.handlers and "card_buy_animal" in ext.handlers
