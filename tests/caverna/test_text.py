"""Every Caverna event reads as a sentence in the game's nouns, with the digest section behind
it, and every listed move has a label and a heading."""

from __future__ import annotations

from domain.caverna import CAVERNA

from .support import NAMES, policy_game


def test_every_event_has_a_sentence_and_a_rule():
    kinds = set()
    for n, seed in ((1, 2), (3, 4), (7, 6)):
        state, moves, events, setup_events = policy_game(n, seed)
        for event in setup_events + events:
            text = CAVERNA.describe(event, list(NAMES[:n]))
            assert text.endswith(".") and "{" not in text and "None" not in text, text
            kinds.add(event.type)
            if event.type not in ("Asked", "PhaseChanged"):
                assert CAVERNA.rule_of(event), event.type
    assert {"DwarfPlaced", "TilePlaced", "FurnishingBuilt", "FamilyFed", "GameEnded"} <= kinds


def test_sentences_use_caverna_nouns():
    state, moves, events, _ = policy_game(2, 8)
    texts = " ".join(CAVERNA.describe(e, ["Ann", "Bob"]) for e in events)
    for noun in ("dwarf", "tile", "furnishes", "feeds the family"):
        assert noun in texts


def test_moves_have_labels_and_groups():
    state, moves, events, _ = policy_game(4, 3)
    from .support import setup

    current, _, _ = setup(4, 3, start_player=-1)
    for i, event in enumerate(events[:400]):
        current = CAVERNA.evolve(current, event)
        if i % 37:
            continue
        for seat in CAVERNA.status(current).to_act:
            for move in CAVERNA.legal_moves(current, seat):
                assert CAVERNA.move_label(current, move)
                assert CAVERNA.move_group(current, move)
