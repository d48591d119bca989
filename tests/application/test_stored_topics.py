"""Topics are stored data (issue 35 item 3): the platform's event classes keep the names their
events were first stored under when their modules move (``domain/`` to ``domain/platform/``), so
every stored game, series and seat-key stream still reads, and new events are stored under the
same names the projections and the notification filters select by."""

from __future__ import annotations

import pytest
from eventsourcing.utils import get_topic, resolve_topic

from domain.platform.application import GAME_CREATED_TOPIC, GameCreated, SeatKeysIssued
from domain.platform.game import GameEvent, GameSnapshot
from domain.platform.series_app import SERIES_TOPIC, SeriesEvent, SeriesKeyIssued

STORED = {
    "domain.game:GameEvent": GameEvent,
    "domain.game:GameSnapshot": GameSnapshot,
    "domain.application:GameCreated": GameCreated,
    "domain.application:SeatKeysIssued": SeatKeysIssued,
    "domain.series_app:SeriesEvent": SeriesEvent,
    "domain.series_app:SeriesKeyIssued": SeriesKeyIssued,
}


@pytest.mark.parametrize("topic", sorted(STORED))
def test_a_stored_class_keeps_its_topic(topic):
    assert get_topic(STORED[topic]) == topic
    assert resolve_topic(topic) is STORED[topic]


def test_the_filters_select_the_stored_topics():
    assert get_topic(GameCreated) == GAME_CREATED_TOPIC
    assert get_topic(SeriesEvent) == SERIES_TOPIC


def test_a_new_game_is_stored_under_the_old_topics(games):
    created = games.create_game("agricola", "full", ["Ann", "Bob"], {"decks": "E"})
    gid = created.game.id
    game = games.get_game(gid)
    seat = game.rules.status(game.state).to_act[0]
    _, moves = games.legal_moves(gid, seat)
    games.play(gid, seat, moves[0])
    topics = {e.topic for e in games.recorder.select_events(gid)}
    assert topics == {"domain.application:GameCreated", "domain.game:GameEvent"}
