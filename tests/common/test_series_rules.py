"""The series' own rules (``platform/series.py``) with a stand-in title: which moves a finished
game opens and which are refused, with the Agricola series' numbers (digest §9.3 items 1, 3-5,
D-10, D-11, T-16)."""

from __future__ import annotations

import pytest

from domain.agricola.series import SERIES as AGRICOLA_SERIES
from domain.platform import series
from domain.platform.series import SeriesResult, SeriesRules, SeriesViolation


class Stub(SeriesRules):
    """A title whose finished game scores ``score`` and offers ``played``."""

    variant = "solo"
    max_permanent = 7

    def __init__(self, score=60, played=("A", "B")):
        self.score, self.played = score, list(played)

    def target(self, number):
        return AGRICOLA_SERIES.target(number)

    def result(self, state):
        return SeriesResult(self.score, list(self.played))

    def carry(self, number, permanent, previous):
        return AGRICOLA_SERIES.carry(number, permanent, previous)


def started(permanent=()):
    state = series.evolve(
        None, "SeriesStarted", {"title": "t", "rules_version": "1", "player": "Ann", "options": {}}
    )
    state = series.evolve(
        state,
        "SeriesGameStarted",
        {"number": len(permanent) + 1, "game": "g", "target": 50, "carry": {}},
    )
    for i, card in enumerate(permanent):
        state = series.evolve(
            state, "PermanentChosen", {"number": i + 1, "card": card, "name": card}
        )
    return state


def decide(state, move, rules=None, tag=None, finished=True):
    return series.decide(state, "s", rules or Stub(), move, tag, {}, finished)


def test_choosing_a_played_card_scores_the_game_and_makes_it_permanent():
    events = decide(started(), {"type": "choose", "game": "g", "card": "A"})
    assert events == [
        ("SeriesGameScored", {"number": 1, "game": "g", "score": 60, "target": 50, "won": True}),
        ("PermanentChosen", {"number": 1, "card": "A", "name": "A"}),
    ]


@pytest.mark.parametrize(
    "move,tag,finished,code",
    [
        ({"type": "choose", "game": "g", "card": "Z"}, None, True, "series_choice_not_played"),
        ({"type": "choose", "game": "h", "card": "A"}, None, True, "series_game_not_current"),
        (
            {"type": "choose", "game": "h", "card": "A"},
            {"id": "other", "number": 2},
            True,
            "series_game_of_other_series",
        ),
        ({"type": "choose", "game": "g", "card": "A"}, None, False, "series_game_not_finished"),
        ({"type": "next", "game": "g"}, None, True, "series_choice_required"),
        ({"type": "pass", "game": "g"}, None, True, "series_unknown_move"),
    ],
)
def test_bad_series_moves_are_refused_with_their_code(move, tag, finished, code):
    with pytest.raises(SeriesViolation) as err:
        decide(started(), move, tag=tag, finished=finished)
    assert err.value.code == code and err.value.message


def test_a_card_permanent_already_is_refused():
    with pytest.raises(SeriesViolation) as err:
        decide(started(["A"]), {"type": "choose", "game": "g", "card": "A"})
    assert err.value.code == "series_choice_already_permanent"
    assert "after game 1" in err.value.message


def test_d11_with_seven_permanent_the_series_goes_on_without_a_choice():
    seven = started(list("ABCDEFG"))
    with pytest.raises(SeriesViolation) as err:
        decide(seven, {"type": "choose", "game": "g", "card": "H"}, Stub(played=["H"]))
    assert err.value.code == "series_full"
    assert (
        decide(seven, {"type": "next", "game": "g"}, Stub(played=["H"]))[0][0] == "SeriesGameScored"
    )
    assert series.legal_moves(seven, Stub(played=["H"]), {}, True) == [
        {"type": "next", "game": "g"}
    ]


def test_a_game_without_an_occupation_played_goes_on_with_next():
    assert series.legal_moves(started(), Stub(played=[]), {}, True) == [
        {"type": "next", "game": "g"}
    ]
    assert series.legal_moves(started(), Stub(), {}, False) == []
    assert [m["card"] for m in series.legal_moves(started(["A"]), Stub(), {}, True)] == ["B"]


def test_t16_the_next_game_carries_food_for_the_excess_over_the_target():
    state = started()
    for kind, data in decide(state, {"type": "choose", "game": "g", "card": "A"}, Stub(score=54)):
        state = series.evolve(state, kind, data)
    assert series.next_game(state, Stub()) == (2, {"permanent": ["A"], "food": 2, "target": 55})
    assert (
        series.describe(
            "SeriesGameScored", {"number": 1, "score": 54, "target": 50, "won": True}, "Ann"
        )
        == "Ann scores 54 points in game 1, reaching the target of 50."
    )
