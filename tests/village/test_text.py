"""Every event of Village reads as a sentence in the game's nouns and names the digest section
it applied; every listed move has a label (issue 12; audit ``?detail=true``)."""

from __future__ import annotations

from domain.village import VILLAGE
from domain.village.text import RULES

from .support import NAMES, random_game, setup


def test_every_event_has_a_sentence_and_a_rule():
    seen = set()
    for n, seed in ((1, 3), (2, 4), (4, 5), (5, 6)):
        _, _, events = random_game(n, seed)
        for event in events:
            text = VILLAGE.describe(event, list(NAMES[:n]))
            assert text.endswith(".") and "{" not in text and text != event.type, text
            assert VILLAGE.rule_of(event).startswith("village §")
            seen.add(event.type)
    assert seen <= set(RULES)
    assert {
        "CubeTaken",
        "MarketDayStarted",
        "CustomerServed",
        "MemberDied",
        "FiguresDrawn",
        "ClaraCube",
        "Fate",
        "GameFinished",
        "GameEndTriggered",
    } <= seen


def test_sentences_read_well():
    state, _ = setup(2)
    from domain.common.events import Event

    names = ["Ann", "Bob"]
    assert (
        VILLAGE.describe(Event("CubeTaken", {"space": "crafts", "colour": "pink"}, 0), names)
        == "Ann takes a pink cube from Crafts."
    )
    assert (
        VILLAGE.describe(
            Event("Paid", {"pay": {"grain": 3, "coins": 1}, "reason": "make:stables"}, 1), names
        )
        == "Bob pays 3 bags of grain and 1 coin at the Stables."
    )
    assert (
        VILLAGE.describe(
            Event(
                "MemberDied",
                {
                    "figure": "0.1",
                    "gen": 1,
                    "at": "yard:smithy",
                    "to": "chronicle",
                    "slot": 3,
                    "category": "craftsmen",
                },
                0,
            ),
            names,
        )
        == 'Ann\'s "1" dies at the Smithy and is written into the village chronicle among the '
        "craftsmen."
    )


def test_every_listed_move_has_a_label():
    state, moves, _ = random_game(3, 8)
    state, rng = setup(3, 8, first=-1, bonuses=True)
    for seat, move in moves:
        for listed in VILLAGE.legal_moves(state, seat):
            label = VILLAGE.move_label(state, listed)
            assert label and "{" not in label and "_" not in label, (listed, label)
        for event in VILLAGE.decide(state, seat, move, rng):
            state = VILLAGE.evolve(state, event)
