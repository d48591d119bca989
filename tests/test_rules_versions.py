"""Issue 26: the rules changes of Caverna and Village are a new rules version; the old version
stays registered so games stored with it still load and play (``domain/platform/registry.py``)."""

from __future__ import annotations

import pytest

from domain.platform import registry


@pytest.mark.parametrize("title", ["caverna", "village"])
def test_new_games_get_r2_and_r1_games_still_find_their_rules(title):
    assert registry.current(title).rules_version == f"{title}-r2"
    old = registry.get(title, f"{title}-r1")
    assert old.rules_version == f"{title}-r1"
    assert isinstance(old, type(registry.current(title)))


def test_a_game_stored_under_r1_loads_and_plays_on(tmp_path):
    from domain.platform.application import Games
    from domain.platform.storage import persistence_env

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


def test_agricola_r3_deals_card_set_7_and_r2_keeps_set_6():
    """Issue 23 item 3: the last K occupations join card set 7, dealt by agricola-2007-r3; a game
    created under agricola-2007-r2 (an import of its record) still gets set 6 and cannot ask for
    a newer one."""
    from domain.agricola.cards.card_sets import CARD_SETS
    from domain.common.errors import BadGameConfig
    from domain.common.title import GameConfig

    current = registry.get("agricola", "agricola-2007-r3")
    old = registry.get("agricola", "agricola-2007-r2")
    assert current.latest_card_set == 7 and old.latest_card_set == 6
    config = GameConfig("full", ("Ann", "Bob"), {"decks": "K"})
    assert current.check_config(config)["card_set"] == 7
    assert old.check_config(config)["card_set"] == 6
    assert {"K269", "K289"} <= CARD_SETS[7] and not {"K269", "K289"} & CARD_SETS[6]
    with pytest.raises(BadGameConfig):
        old.check_config(GameConfig("full", ("Ann", "Bob"), {"decks": "K", "card_set": 7}))


def test_agricola_r4_deals_card_set_8_and_r3_keeps_set_7():
    """Issue 38: the I and K cards corrected to their printed timing are card set 8, dealt by
    agricola-2007-r4; a game created under agricola-2007-r3 keeps set 7 (the entries it was
    played with) and cannot ask for set 8."""
    from domain.agricola.cards import engine
    from domain.agricola.cards.card_sets import CARD_SETS
    from domain.agricola.cards.decks import DECKS
    from domain.common.errors import BadGameConfig
    from domain.common.title import GameConfig

    current = registry.current("agricola")
    old = registry.get("agricola", "agricola-2007-r3")
    assert current.rules_version == "agricola-2007-r4" and current.latest_card_set == 8
    config = GameConfig("full", ("Ann", "Bob"), {"decks": "IK"})
    assert current.check_config(config)["card_set"] == 8
    assert old.check_config(config)["card_set"] == 7
    assert CARD_SETS[8] == CARD_SETS[7]
    deck = next(d for d in DECKS if "K299" in d.cards)
    assert engine.entry(deck, "K299", 8).get("feeds_last")
    assert not engine.entry(deck, "K299", 7).get("feeds_last")
    with pytest.raises(BadGameConfig):
        old.check_config(GameConfig("full", ("Ann", "Bob"), {"decks": "K", "card_set": 8}))
