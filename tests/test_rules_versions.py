"""Issue 26: the rules changes of Caverna and Village are a new rules version; the old version
stays registered so games stored with it still load and play (``domain/registry.py``)."""

from __future__ import annotations

import pytest

from domain import registry


@pytest.mark.parametrize("title", ["caverna", "village"])
def test_new_games_get_r2_and_r1_games_still_find_their_rules(title):
    assert registry.current(title).rules_version == f"{title}-r2"
    old = registry.get(title, f"{title}-r1")
    assert old.rules_version == f"{title}-r1"
    assert isinstance(old, type(registry.current(title)))


def test_a_game_stored_under_r1_loads_and_plays_on(tmp_path):
    from domain.application import Games
    from domain.storage import persistence_env

    games = Games(env=persistence_env("sqlite:///" + str(tmp_path / "g.db"), create_table=True))
    created = games.create_game("caverna", "standard", ["Ann", "Bob"], {}, seed=3)
    assert created.game.rules_version == "caverna-r2"
    registry.register(registry.get("caverna", "caverna-r1"), current=True)
    try:  # a game created before issue 26 (as an import of its record would store it)
        old = games.create_game("caverna", "standard", ["Ann", "Bob"], {}, seed=3)
    finally:
        registry.register(registry.get("caverna", "caverna-r2"), current=True)
    game = games.get_game(old.game.id)
    before = game.version
    assert game.rules_version == "caverna-r1"
    seat = registry.get("caverna", "caverna-r1").status(game.state).to_act[0]
    _, moves = games.legal_moves(old.game.id, seat)
    move = moves[0]
    games.play(old.game.id, seat, move)
    assert games.get_game(old.game.id).version > before
