"""Set-up for 1 to 5 players (digest §2, §9.1, §9.2, T-14)."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.action_spaces import FAMILY_BOARD, GREEN_CARDS, ROUND_CARDS
from domain.agricola.tables import STAGES
from domain.common.errors import BadGameConfig
from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.platform import registry

from .support import NAMES, setup


def test_registered_as_the_agricola_title():
    """The registry serves the title under its name and rules version."""
    assert registry.current("agricola") is AGRICOLA
    assert registry.get("agricola", "agricola-2007-r4") is AGRICOLA
    old = registry.get("agricola", "agricola-2007-r1")
    assert old.before_breeding_window is False and AGRICOLA.before_breeding_window is True
    info = AGRICOLA.info()
    assert info["variants"][0]["name"] == "family"
    assert info["variants"][0]["min_players"] == 1 and info["variants"][0]["max_players"] == 5


def test_t14_starting_conditions_four_players():
    """T-14 (§2.1 item 10, §1.3): start player 2 food, others 3; 2 people in a 2-room wooden hut
    on the marked spaces; 15 fences and 4 stables in reserve; no fields or pastures."""
    state, _, _ = setup(4, seed=3, start_player=2)
    assert state["start_player"] == 2
    assert [f["supply"]["food"] for f in state["farms"]] == [3, 3, 2, 3]
    for farm in state["farms"]:
        assert farm["house"] == "wood" and farm["rooms"] == [5, 10]
        assert farm["family"] == 2 and farm["home"] == 2
        assert farm["fields"] == [] and farm["pastures"] == [] and farm["stables"] == []
        assert farm["fences"] == []
    view = AGRICOLA.view(state, None)
    assert all(f["fences_left"] == 15 and f["stables_left"] == 4 for f in view["farms"])


def test_t14_solo_starts_with_no_food_and_eats_three():
    """T-14, §9.2 (D-09): a 1-player family game starts with 0 food, adults eat 3."""
    state, _, _ = setup(1, seed=5, start_player=0)
    assert state["farms"][0]["supply"]["food"] == 0
    assert state["feeding"] == {"adult": 3, "newborn": 1}
    assert state["solo"] is True


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_family_board_and_green_cards_by_player_count(n):
    """§2.1 item 3, §4.3, §4.4 (D-06): the family side of the board; 3 players 4 green cards,
    4 and 5 players 6, 1-2 players none; then round 1's card."""
    state, _, _ = setup(n, seed=11, start_player=0)
    expected = list(FAMILY_BOARD) + list(GREEN_CARDS[n])
    assert state["space_order"][: len(expected)] == expected
    assert len(GREEN_CARDS[n]) == {1: 0, 2: 0, 3: 4, 4: 6, 5: 6}[n]
    assert state["round"] == 1 and len(state["round_cards"]) == 1
    assert state["round_cards"][0] in ROUND_CARDS[1]


def test_round_cards_are_shuffled_within_stages_by_the_seed():
    """§2.1 item 2: each stage is shuffled on its own; the same seed gives the same card; the
    card is drawn when its round starts (label round-card/N), never earlier."""
    firsts = set()
    for seed in range(40):
        state, _, events = setup(2, seed=seed, start_player=0)
        firsts.add(state["round_cards"][0])
        assert all("round-card" not in str(e.data) for e in events)
        again, _, _ = setup(2, seed=seed, start_player=0)
        assert again == state
    assert firsts == set(ROUND_CARDS[1])
    assert sum(len(c) for c in ROUND_CARDS.values()) == 14
    assert {s: len(ROUND_CARDS[s]) for s in STAGES} == {s: len(r) for s, r in STAGES.items()}


def test_nothing_about_the_future_is_in_the_state():
    """§2.1 item 2: only revealed round cards exist in the state."""
    state, _, _ = setup(3, seed=2, start_player=0)
    unrevealed = [
        c for cards in ROUND_CARDS.values() for c in cards if c not in state["round_cards"]
    ]
    assert not set(unrevealed) & set(state["spaces"])
    assert not set(unrevealed) & set(state["space_order"])
    assert len(state["round_cards"]) == state["round"] == 1


def test_start_player_drawn_with_the_seed_or_chosen():
    """§2.1 item 10: chosen or random (option start_player, -1 draws it)."""
    seen = set()
    for seed in range(30):
        state, _, _ = setup(3, seed=seed, start_player=-1)
        seen.add(state["start_player"])
        assert state["turn"] == state["start_player"]
    assert seen == {0, 1, 2}
    with pytest.raises(BadGameConfig):
        AGRICOLA.setup(GameConfig("family", ("Ann", "Bob"), {"start_player": 3}), Rng(1))


def test_config_checks_player_count():
    """The family game is for 1 to 5 players (digest §9.1)."""
    AGRICOLA.check_config(GameConfig("family", tuple(NAMES[:5]), {}))
    with pytest.raises(BadGameConfig):
        AGRICOLA.check_config(GameConfig("family", tuple(NAMES) + ("Fay",), {}))


def test_first_event_builds_the_whole_initial_state():
    """The title protocol: evolve({}, first set-up event) is a complete state."""
    _, _, events = setup(2, seed=1)
    state = AGRICOLA.evolve({}, events[0])
    assert state["phase"] == "setup" and len(state["farms"]) == 2
    assert AGRICOLA.status(state).to_act == ()
    AGRICOLA.score_sheet(state)
    AGRICOLA.view(state, None)
    assert AGRICOLA.legal_moves(state, 0) == []


def test_t11_d08_no_occupations_or_minors_in_the_family_game():
    """T-11 does not apply (§9.1, D-08): the family side has no occupation space (it has "Build
    1 Stable and/or Bake Bread" instead), the green cards show their family sides, and "Major
    or Minor Improvement" builds majors only."""
    from domain.agricola.action_spaces import ACTION_SPACES, GREEN_CARDS, ROUND_CARDS
    from domain.agricola.tables import MAJOR_IMPROVEMENTS

    family = (
        set(FAMILY_BOARD)
        | {s for cards in GREEN_CARDS.values() for s in cards}
        | {s for cards in ROUND_CARDS.values() for s in cards}
    )
    kinds = {ACTION_SPACES[s]["kind"] for s in family}
    assert not any("occupation" in k or "minor" in k or "lessons" in k for k in kinds)
    assert "stable_bake" in FAMILY_BOARD
    assert len(MAJOR_IMPROVEMENTS) == 10
