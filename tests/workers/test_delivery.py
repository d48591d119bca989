"""Delivering notices: signed webhooks, retries, 410/429, dead letters, email, chat.

These call the delivery step directly (a real HTTP receiver and a real SMTP server, no Redis);
the same paths through real RQ worker processes are in ``test_reliability.py``.
"""

from __future__ import annotations

import json
import time

import pytest
from standardwebhooks.webhooks import Webhook

from projections import subscriptions
from tests.conftest import TEST_WEBHOOK_ALLOW
from tests.projections.helpers import new_game
from workers import delivery, outbox
from workers.context import Context
from workers.netguard import parse_allowance
from workers.settings import WorkerSettings


def context(games, **settings):
    base = {
        "redis_url": None,
        "retry_schedule": (0.0, 0.0, 0.0),
        "webhook_timeout": 1.0,
        "webhook_allow": parse_allowance(TEST_WEBHOOK_ALLOW),
    }
    base.update(settings)
    return Context(games, WorkerSettings(**base))


def subscribe(games, game_id, seat, **kwargs):
    return subscriptions.save(games, game_id, seat, subscriptions.build(None, **kwargs))


def owed(ctx, channel="webhook", kind="turn"):
    ctx.projector.catch_up()
    return [
        n["notice_id"]
        for n in ctx.store.query(
            "SELECT notice_id FROM {p}rm_outbox WHERE channel = ? AND kind = ? "
            "ORDER BY notification_id",
            [channel, kind],
        )
    ]


def test_a_webhook_is_signed_and_carries_only_the_seats_view(games, receivers):
    receiver = receivers()
    ctx = context(games)
    game_id = new_game(games).game.id
    sub = subscribe(
        games, game_id, 1, webhook_url=receiver.url + "/bob", chat_url=receiver.url + "/chat"
    )
    games.play(game_id, 0, {"type": "add", "by": 2})
    for notice_id in owed(ctx) + owed(ctx, "chat"):
        assert delivery.deliver(ctx, notice_id) == "delivered"
    [hook] = receiver.ok("/bob")
    payload = Webhook(sub["webhook"]["secret"]).verify(hook.body, hook.headers)
    assert hook.headers["webhook-id"] == f"msg_{game_id.hex}_2_1_turn"
    assert payload["type"] == "game.your_turn"
    data = payload["data"]
    assert (data["seat"], data["version"], data["to_act"]) == (1, 2, [1])
    assert data["events"][0]["type"] == "CounterAdvanced"
    assert set(data["state"]["_private"]) == {"1"}  # Bob's secret number, not Ann's
    assert "_secret" not in data["state"]
    [chat] = receiver.ok("/chat")
    body = chat.json
    assert "Bob" in body["text"] and "_private" not in json.dumps(body)
    assert "state" not in body and "events" not in body


def test_a_receiver_that_fails_twice_gets_the_notice_on_the_third_attempt_once(games, receivers):
    receiver = receivers(lambda n, path: (500, {}) if n <= 2 else (200, {}))
    ctx = context(games)
    game_id = new_game(games).game.id
    sub = subscribe(games, game_id, 1, webhook_url=receiver.url + "/hook")
    games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx)
    assert delivery.deliver(ctx, notice_id) == "retry"
    assert delivery.deliver(ctx, notice_id) == "retry"
    assert delivery.deliver(ctx, notice_id) == "delivered"
    assert delivery.deliver(ctx, notice_id) == "skipped"  # never twice
    assert receiver.counts["/hook"] == 3
    [ok] = receiver.ok()
    Webhook(sub["webhook"]["secret"]).verify(ok.body, ok.headers)
    assert {d.headers["webhook-id"] for d in receiver.deliveries} == {ok.headers["webhook-id"]}
    row = outbox.row(ctx.store, notice_id)
    assert (row["state"], row["attempts"], row["last_status"]) == ("delivered", 3, 200)


def test_retries_follow_the_schedule_and_end_in_the_dead_letter_list(games, receivers):
    receiver = receivers(lambda n, path: None)  # never answers
    ctx = context(games, retry_schedule=(0.0, 60.0), webhook_timeout=0.3)
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, webhook_url=receiver.url + "/silent")
    games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx)
    t0 = time.time()
    assert delivery.deliver(ctx, notice_id) == "retry"
    row = outbox.row(ctx.store, notice_id)
    assert row["state"] == "pending" and row["next_attempt_at"] >= t0 + 59
    assert "timed out" in row["last_error"] or "timeout" in row["last_error"].lower()
    assert delivery.deliver(ctx, notice_id) == "skipped"  # not due yet
    assert outbox.due(ctx.store, time.time()) == []
    assert outbox.due(ctx.store, time.time() + 61) == [notice_id]
    assert delivery.deliver(ctx, notice_id, now=time.time() + 61) == "dead"
    [dead] = outbox.dead_letters(ctx.store)
    assert dead["notice_id"] == notice_id and "gave up after 2 attempts" in dead["last_error"]
    assert outbox.replay(ctx.store, time.time()) == [notice_id]
    assert outbox.row(ctx.store, notice_id)["state"] == "pending"


def test_410_gone_kills_the_notice_and_switches_the_webhook_off(games, receivers):
    receiver = receivers(lambda n, path: (410, {}))
    ctx = context(games)
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, webhook_url=receiver.url + "/gone", email="b@example.com")
    games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx)
    assert delivery.deliver(ctx, notice_id) == "gone"
    assert outbox.row(ctx.store, notice_id)["state"] == "dead"
    sub = subscriptions.current(games, game_id)[1]
    assert sub["webhook"] is None and sub["email"] == "b@example.com"
    assert sub["reason"] == "gone"
    games.play(game_id, 1, {"type": "add", "by": 1})
    games.play(game_id, 0, {"type": "ready"})
    ctx.projector.catch_up()
    assert owed(ctx) == [notice_id]  # no new webhook notices after the 410


def test_429_retry_after_is_honoured(games, receivers):
    receiver = receivers(lambda n, path: (429, {"Retry-After": "120"}))
    ctx = context(games, retry_schedule=(0.0, 5.0, 5.0))
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, webhook_url=receiver.url + "/busy")
    games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx)
    t0 = time.time()
    assert delivery.deliver(ctx, notice_id) == "retry"
    row = outbox.row(ctx.store, notice_id)
    assert t0 + 119 <= row["next_attempt_at"] <= time.time() + 121
    assert row["last_status"] == 429


def test_a_seat_that_unsubscribed_is_not_sent_its_old_notice(games, receivers):
    receiver = receivers()
    ctx = context(games)
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, webhook_url=receiver.url + "/x")
    games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx)
    subscribe(games, game_id, 1)
    assert delivery.deliver(ctx, notice_id) == "cancelled"
    assert receiver.deliveries == []


def test_a_claim_is_exclusive_until_its_lease_runs_out(games):
    ctx = context(games)
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, email="b@example.com")
    games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx, "email")
    now = time.time()
    assert outbox.claim(ctx.store, notice_id, now, 30) is not None
    assert outbox.claim(ctx.store, notice_id, now, 30) is None
    assert outbox.due(ctx.store, now + 31) == [notice_id]  # its worker died: due again
    again = outbox.claim(ctx.store, notice_id, now + 31, 30)
    assert again["attempts"] == 2


def test_an_email_notice_reaches_the_smtp_server(games, smtp):
    ctx = context(
        games,
        smtp_host="127.0.0.1",
        smtp_port=smtp.port,
        smtp_from="chronicle@example.org",
        public_url="https://chronicle.example",
    )
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, email="bob@example.com")
    games.play(game_id, 0, {"type": "add", "by": 2})
    [notice_id] = owed(ctx, "email")
    assert delivery.deliver(ctx, notice_id) == "delivered"
    [message] = smtp.messages
    assert message.rcpt_tos == ["bob@example.com"]
    text = message.content.decode()
    assert "Subject: Your turn in Toy Race" in text
    assert f"Message-ID: <msg_{game_id.hex}_2_1_turn@chronicle.invalid>" in text
    assert "Bob, it is your turn" in text and "Ann advances 2." in text
    assert f"https://chronicle.example/api/v1/games/{game_id}" in text


def test_without_smtp_settings_an_email_notice_is_a_dead_letter(games):
    ctx = context(games, smtp_host=None)
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, email="bob@example.com")
    games.play(game_id, 0, {"type": "add", "by": 2})
    [notice_id] = owed(ctx, "email")
    assert delivery.deliver(ctx, notice_id) == "dead"
    assert "CHRONICLE_SMTP_HOST" in outbox.row(ctx.store, notice_id)["last_error"]


@pytest.mark.parametrize(
    "url,field", [("ftp://x.example/", "webhook_url"), ("not a url", "webhook_url")]
)
def test_subscriptions_are_validated(url, field):
    with pytest.raises(subscriptions.InvalidSubscription) as err:
        subscriptions.build(None, webhook_url=url)
    assert err.value.field == field
    with pytest.raises(subscriptions.InvalidSubscription):
        subscriptions.build(None, email="nobody")
    with pytest.raises(subscriptions.InvalidSubscription):
        subscriptions.build(None, webhook_url="https://x.example/", webhook_secret="whsec_abc")


def test_a_webhook_keeps_its_secret_while_its_url_stays():
    first = subscriptions.build(None, webhook_url="https://x.example/a")
    same = subscriptions.build(first, webhook_url="https://x.example/a", email="a@example.com")
    moved = subscriptions.build(first, webhook_url="https://x.example/b")
    assert same["webhook"]["secret"] == first["webhook"]["secret"]
    assert moved["webhook"]["secret"] != first["webhook"]["secret"]
    assert (
        subscriptions.build(None, chat_url="https://discord.com/api/webhooks/1/x")["chat"]["format"]
        == "discord"
    )


def test_operators_list_and_replay_dead_letters(sqlite_store, monkeypatch, capsys):
    from workers import cli
    from workers import context as worker_context

    games = sqlite_store.games()
    ctx = context(games, smtp_host=None)
    game_id = new_game(games).game.id
    subscribe(games, game_id, 1, email="bob@example.com")
    games.play(game_id, 0, {"type": "add", "by": 2})
    [notice_id] = owed(ctx, "email")
    assert delivery.deliver(ctx, notice_id) == "dead"
    monkeypatch.setenv("CHRONICLE_DATABASE_URL", sqlite_store.url)
    monkeypatch.setenv("REDIS_URL", "")
    worker_context.install(None)
    try:
        assert cli.notices_main(["dead"]) == 0
        assert notice_id in capsys.readouterr().out
        assert cli.notices_main(["replay", "--all-dead"]) == 0
        assert "1 notice(s) pending again" in capsys.readouterr().out
        assert cli.notices_main(["stats"]) == 0
        assert '"pending": 1' in capsys.readouterr().out
    finally:
        worker_context.get().close()
        worker_context.install(None)


@pytest.mark.parametrize("cached", [True, False])
def test_a_seat_that_subscribes_while_waited_for_gets_your_turn_once(games, receivers, cached):
    """Issue 8 item 3: the move's "your turn" is sent at subscription, and only once."""
    receiver = receivers()
    ctx = context(games)
    game_id = new_game(games).game.id
    games.play(game_id, 0, {"type": "add", "by": 1})  # now the game waits for Bob (seat 1)
    ctx.projector.catch_up()
    if not cached:
        ctx.projector.forget()  # the projector knows the game only from its stored rows
    subscribe(games, game_id, 0, webhook_url=receiver.url + "/ann")  # Ann is not waited for
    assert owed(ctx) == []
    subscribe(games, game_id, 1, webhook_url=receiver.url + "/bob")
    [notice_id] = owed(ctx)
    assert delivery.deliver(ctx, notice_id) == "delivered"
    [hook] = receiver.ok("/bob")
    assert json.loads(hook.body)["data"]["version"] == 2
    subscribe(games, game_id, 1, webhook_url=receiver.url + "/bob2")  # a new URL, same channel
    assert owed(ctx) == [notice_id]  # no second notice
    assert receiver.ok("/bob2") == []
    games.play(game_id, 1, {"type": "add", "by": 1})
    assert len(owed(ctx)) == 2  # Ann's next turn is a notice of its own
