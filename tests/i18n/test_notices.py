"""A notice is written in its recipient's language (issue 36): the subscription's ``lang``;
the payload's identifiers stay English, its ``text`` and the events' sentences do not."""

from __future__ import annotations

import pytest

from domain.platform.application import Games
from locales import translate
from projections import subscriptions
from workers import messages


@pytest.fixture
def game():
    app = Games(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=5)
    return app, created.game


def _row(game, kind="turn", seat=0):
    return {
        "game_id": str(game.id),
        "version": game.version,
        "seat": seat,
        "kind": kind,
        "notice_id": 1,
        "first_version": 1,
        "data": {"winners": [0]} if kind == "over" else {},
        "created_at": 0,
    }


@pytest.mark.parametrize(
    ("lang", "words"),
    [("ru", ["Ваш ход", "Агрикола"]), ("cs", ["Jste na tahu"]), (None, ["Your turn"])],
)
def test_the_turn_notice_is_in_the_subscription_language(game, lang, words):
    app, g = game
    message = messages.build(app, _row(g), "https://chronicle.example", lang)
    for word in words:
        assert word in message.subject + message.text, (message.subject, message.text)
    data = message.payload["data"]
    assert message.payload["type"] == "game.your_turn" and data["kind"] == "turn"
    assert data["title"] == "agricola" and data["status"] == "active"  # identifiers
    assert data["text"] == message.text
    if lang == "ru":
        assert "Ход" in message.public_text or "ход" in message.public_text.lower()


def test_the_game_over_notice_counts_its_winners(game):
    app, g = game
    ru = messages.build(app, _row(g, "over"), None, "ru")
    assert "Победитель: Ann" in ru.text and "окончена" in ru.public_text


def test_the_language_is_kept_with_the_subscription_and_checked():
    sub = subscriptions.build(None, email="ann@example.com", lang="cs")
    assert sub["lang"] == "cs"
    with pytest.raises(subscriptions.InvalidSubscription) as err:
        subscriptions.build(None, email="ann@example.com", lang="de")
    assert err.value.field == "lang"
    assert subscriptions.build(None)["lang"] is None


def test_translate_is_what_other_notifiers_call(game):
    """The function a push notifier calls: sentences for one recipient in their language."""
    app, g = game
    event = app.stored_events(g.id)[0]
    with translate("ru"):
        text = app.event_view(g, event, 0, False)["text"]
    assert "садятся за игру" in text
