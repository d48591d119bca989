"""A sentence for every event, and the digest section each event applied (issue item 7)."""

from __future__ import annotations

from domain.agricola import AGRICOLA
from domain.agricola.evolve import EVOLVERS
from domain.common.events import Event

from .support import NAMES, policy_game


def test_every_event_type_has_a_sentence_and_a_rule():
    seen = {}
    for n, seed in ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (2, 4), (3, 1)):
        state, _, events, setup_events = policy_game(n, seed)
        names = list(NAMES[:n])
        for event in setup_events + events:
            text = AGRICOLA.describe(event, names)
            assert text.endswith((".", "!")) and "{" not in text, text
            assert text != f"{event.type}.", (event.type, event.data)
            if event.seat is not None:
                assert names[event.seat] in text, text
            rule = AGRICOLA.rule_of(event)
            assert rule and rule.startswith("agricola digest §"), (event.type, rule)
            seen.setdefault(event.type, text)
    from domain.agricola.evolve import CARD_EVENTS  # the full game's, see test_full_game.py

    # the end of the work phase opens only to the claim cards of a full game (their sentences:
    # tests/agricola/cards/test_k_occupations_last.py)
    work_end = {"WorkEndTurn", "WorkEndPassed", "PersonMoved"}
    missing = set(EVOLVERS) - set(seen) - {"PeopleIdle"} - set(CARD_EVENTS) - work_end
    assert not missing, missing


def test_sentences_read_like_the_issue_examples():
    names = ["Ann", "Bob"]
    fenced = Event(
        "PastureFenced",
        {
            "region": [3, 4],
            "fences": ["a", "b", "c", "d"],
            "wood": 4,
            "pastures": [[3, 4]],
            "subdivides": False,
            "housed": {},
            "unhoused": {},
        },
        0,
    )
    assert AGRICOLA.describe(fenced, names) == "Ann builds 4 fences and encloses a 2-space pasture."
    taken = Event("GoodsTaken", {"space": "forest", "goods": {"wood": 6}}, 1)
    assert AGRICOLA.describe(taken, names) == "Bob takes 6 wood from Forest (3 Wood)."
    assert AGRICOLA.rule_of(taken) == "agricola digest §4.2 P7, §3.3"
    placed = Event("PersonPlaced", {"space": "fences", "pending": None}, 0)
    assert AGRICOLA.rule_of(placed) == "agricola digest §3.2 phase 3; §4.5, §5.8"
    ended = Event("GameEnded", {"scores": [21, 21], "winners": [0, 1]})
    assert AGRICOLA.describe(ended, names) == (
        "The game is over. Ann 21 points; Bob 21 points. Ann and Bob share the victory "
        "(digest §8.3)."
    )
