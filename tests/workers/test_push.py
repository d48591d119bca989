"""Push notices (issue 34) delivered to a local push service that decrypts like a browser:
RFC 8291 payloads, VAPID signatures, exactly once by the outbox (retries carry the same topic
and tag), 410 Gone removes the browser, a hanging receiver costs one attempt's deadline, the
seat's choice of notices, chat messages, and an account's settings for the seats it holds."""

from __future__ import annotations

import json
import time
import uuid

import pytest

from domain.accounts.app import Accounts
from domain.chat.app import Chats
from domain.chat.model import Sender
from projections import subscriptions
from tests.projections.helpers import new_game
from tests.support.push_browser import PushBrowser, vapid_claims
from workers import delivery, outbox, push

from .test_delivery import context, owed


@pytest.fixture
def ctx(games, tmp_path):
    return context(games, vapid_key_file=str(tmp_path / "vapid-key.pem"))


def server_key(ctx) -> str:
    return push.public_key(push.load_or_create_key(ctx.settings.vapid_key_file))


def subscribe_push(games, game_id, seat, *browsers, kinds=None):
    for browser in browsers:
        sub = subscriptions.add_push(
            games, game_id, seat, subscriptions.check_push(browser.subscription())
        )
    if kinds is not None:
        subscriptions.save(games, game_id, seat, {**sub, "kinds": kinds})


def test_a_turn_reaches_the_browser_encrypted_signed_and_without_hidden_data(ctx, receivers):
    receiver = receivers(lambda n, path: (201, {}))
    browser = PushBrowser(receiver.url + "/push/bob")
    game_id = new_game(ctx.games).game.id
    subscribe_push(ctx.games, game_id, 1, browser)
    ctx.games.play(game_id, 0, {"type": "add", "by": 2})
    [notice_id] = owed(ctx, "push")
    assert delivery.deliver(ctx, notice_id) == "delivered"
    [sent] = receiver.ok("/push/bob")
    headers = {k.lower(): v for k, v in sent.headers.items()}
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    assert len(headers["topic"]) <= 32
    assert b"your turn" not in sent.body.lower()  # encrypted on the wire
    notice = browser.decrypt(sent.body)
    assert notice["tag"] == f"msg_{game_id.hex}_2_1_turn" and notice["kind"] == "turn"
    assert "Bob" in notice["body"] and "turn" in notice["title"].lower()
    assert notice["url"].endswith(f"/games/{game_id}")
    assert "_private" not in json.dumps(notice) and "_secret" not in json.dumps(notice)
    claims = vapid_claims(sent.headers, server_key(ctx))
    assert claims["aud"] == receiver.url and claims["sub"].startswith(("mailto:", "https:"))


def test_exactly_once_a_retry_carries_the_same_topic_and_tag(ctx, receivers):
    receiver = receivers(lambda n, path: (500, {}) if n <= 2 else (201, {}))
    browser = PushBrowser(receiver.url + "/push")
    game_id = new_game(ctx.games).game.id
    subscribe_push(ctx.games, game_id, 1, browser)
    ctx.games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx, "push")
    assert [delivery.deliver(ctx, notice_id) for _ in range(4)] == [
        "retry",
        "retry",
        "delivered",
        "skipped",
    ]
    assert receiver.counts["/push"] == 3
    [ok] = receiver.ok()
    assert browser.decrypt(ok.body)["tag"] == f"msg_{game_id.hex}_2_1_turn"
    assert len({d.headers["Topic"] for d in receiver.deliveries}) == 1
    ctx.projector.catch_up()
    assert owed(ctx, "push") == [notice_id]  # no second row on a catch-up or a rebuild
    row = outbox.row(ctx.store, notice_id)
    assert (row["state"], row["attempts"]) == ("delivered", 3)


def test_410_gone_removes_that_browser_and_keeps_the_others(ctx, receivers):
    receiver = receivers(lambda n, path: (410, {}) if path == "/old" else (201, {}))
    old, new = PushBrowser(receiver.url + "/old"), PushBrowser(receiver.url + "/new")
    game_id = new_game(ctx.games).game.id
    subscribe_push(ctx.games, game_id, 1, old, new)
    ctx.games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx, "push")
    assert delivery.deliver(ctx, notice_id) == "delivered"
    sub = subscriptions.current(ctx.games, game_id)[1]
    assert [p["endpoint"] for p in sub["push"]] == [new.endpoint]
    assert sub["reason"] == "gone"
    # the only browser gone: the notice is dead and push is off for the seat
    other = new_game(ctx.games).game.id
    subscribe_push(ctx.games, other, 1, PushBrowser(receiver.url + "/old"))
    ctx.games.play(other, 0, {"type": "add", "by": 1})
    later = [n for n in owed(ctx, "push") if n != notice_id]
    assert [delivery.deliver(ctx, n) for n in later] == ["gone"]
    assert not subscriptions.current(ctx.games, other)[1]["push"]
    assert outbox.row(ctx.store, later[0])["state"] == "dead"


def test_a_hanging_push_service_costs_one_attempts_deadline(ctx, receivers, tmp_path):
    receiver = receivers(lambda n, path: None)  # never answers
    quick = context(
        ctx.games,
        vapid_key_file=str(tmp_path / "vapid-key.pem"),
        webhook_timeout=0.4,
        retry_schedule=(0.0, 60.0),
    )
    game_id = new_game(quick.games).game.id
    subscribe_push(quick.games, game_id, 1, PushBrowser(receiver.url + "/hang"))
    quick.games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(quick, "push")
    started = time.monotonic()
    assert delivery.deliver(quick, notice_id) == "retry"
    assert time.monotonic() - started < 2.0
    row = outbox.row(quick.store, notice_id)
    assert row["state"] == "pending" and "timed out" in row["last_error"]


def test_a_seat_chooses_which_notices_come_by_push(ctx, receivers):
    receiver = receivers(lambda n, path: (201, {}))
    browser = PushBrowser(receiver.url + "/push")
    game_id = new_game(ctx.games).game.id
    subscribe_push(ctx.games, game_id, 1, browser, kinds={"push": ["chat"]})
    ctx.games.play(game_id, 0, {"type": "add", "by": 1})
    [turn] = owed(ctx, "push", "turn")
    assert delivery.deliver(ctx, turn) == "cancelled"
    assert "does not want 'turn'" in outbox.row(ctx.store, turn)["last_error"]
    Chats(ctx.games).post(game_id, Sender(0, None, "Ann"), "seats", "Your move, <Bob>!")
    [said] = owed(ctx, "push", "chat")
    assert delivery.deliver(ctx, said) == "delivered"
    notice = browser.decrypt(receiver.ok()[0].body)
    assert notice["body"] == "Ann: Your move, <Bob>!" and notice["kind"] == "chat"
    # muted, or hidden by a moderator, before it was sent: not pushed
    Chats(ctx.games).post(game_id, Sender(0, None, "Ann"), "seats", "hello?")
    Chats(ctx.games).post(game_id, Sender(0, None, "Ann"), "seats", "rude words")
    Chats(ctx.games).hide(game_id, 3, None, "rude")
    later = [n for n in owed(ctx, "push", "chat") if n != said]
    Chats(ctx.games).mute(game_id, 1, 0)
    assert [delivery.deliver(ctx, n) for n in later] == ["cancelled", "cancelled"]
    reasons = {outbox.row(ctx.store, n)["last_error"] for n in later}
    assert reasons == {"the seat muted the sender", "the message was hidden by a moderator"}
    assert len(receiver.ok()) == 1


def test_an_accounts_settings_reach_the_seats_it_holds_unless_the_game_has_its_own(ctx, receivers):
    receiver = receivers(lambda n, path: (201, {}))
    phone = PushBrowser(receiver.url + "/phone")
    game_id = new_game(ctx.games).game.id
    accounts = Accounts(ctx.games)
    account = accounts.open("Bobby")
    accounts.claim_seat(account.id, str(game_id), 1, ctx.games.seat_keys(game_id)[1])
    for projection in ctx.extra:
        projection.catch_up()
    subscriptions.save_account(
        ctx.games,
        account.id,
        {"kinds": {"push": ["turn", "over"]}, "push": [phone.subscription()]},
    )
    ctx.games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx, "push")
    assert delivery.deliver(ctx, notice_id) == "delivered"
    assert "Bob" in phone.decrypt(receiver.ok("/phone")[0].body)["body"]
    # a per-game choice overrides the account's: email only for this game
    subscriptions.save(ctx.games, game_id, 1, subscriptions.build(None, email="bob@example.com"))
    ctx.games.play(game_id, 1, {"type": "add", "by": 1})
    ctx.games.play(game_id, 0, {"type": "ready"})
    assert owed(ctx, "push") == [notice_id]


def test_subscriptions_refuse_bad_keys():
    good = PushBrowser("https://push.example.net/abc").subscription()
    assert subscriptions.check_push(good)["endpoint"] == "https://push.example.net/abc"
    for bad in (
        {**good, "keys": {"p256dh": "short", "auth": good["keys"]["auth"]}},
        {**good, "keys": {"p256dh": good["keys"]["p256dh"]}},
        {**good, "endpoint": "ftp://push.example.net/abc"},
        {"endpoint": "https://push.example.net/abc"},
    ):
        with pytest.raises(subscriptions.InvalidSubscription):
            subscriptions.check_push(bad)


def test_the_vapid_key_is_created_once_and_kept(tmp_path):
    path = str(tmp_path / "keys" / "vapid-key.pem")
    first = push.load_or_create_key(path)
    assert push.load_or_create_key(path) == first
    assert oct(__import__("os").stat(path).st_mode & 0o777) == "0o600"
    assert len(push.public_key(first)) == 87  # 65 bytes, base64url
    uuid.UUID(int=0)


def test_an_accounts_webhook_that_answers_410_is_switched_off_in_its_settings(ctx, receivers):
    receiver = receivers(lambda n, path: (410, {}))
    game_id = new_game(ctx.games).game.id
    accounts = Accounts(ctx.games)
    account = accounts.open("Bobbie")
    accounts.claim_seat(account.id, str(game_id), 1, ctx.games.seat_keys(game_id)[1])
    for projection in ctx.extra:
        projection.catch_up()
    hook = {"url": receiver.url + "/hook", "secret": subscriptions.new_secret()}
    subscriptions.save_account(ctx.games, account.id, {"kinds": None, "webhook": hook})
    ctx.games.play(game_id, 0, {"type": "add", "by": 1})
    [notice_id] = owed(ctx, "webhook")
    assert delivery.deliver(ctx, notice_id) == "gone"
    settings = subscriptions.account_settings(ctx.games, account.id)
    assert settings["webhook"] is None and settings["version"] == 2
