"""Reliability of the read side with real processes: RQ workers, a projector, writers.

Each test starts what it needs: worker processes (``python -m tests.workers.launch``, the toy
title registered), its own redis-server on a spare port when it must stop it, a local webhook
receiver, an aiosmtpd server. The shared PostgreSQL holds a fresh schema per test (dropped
after); tests skip, saying why, only when a server cannot be reached.
"""

from __future__ import annotations

import random
import signal
import time

import pytest
from standardwebhooks.webhooks import Webhook

from projections import subscriptions
from projections.queries import ReadModels
from projections.store import open_store
from tests.conftest import TEST_WEBHOOK_ALLOW
from tests.projections.helpers import assert_exact, new_game, store_event_count
from workers import outbox, queueing
from workers.health import redis_health
from workers.netguard import parse_allowance
from workers.settings import WorkerSettings
from workers.wakeup import install

from .support import RedisServer, launch, stop, wait_for

ALLOW = parse_allowance(TEST_WEBHOOK_ALLOW)


def worker_env(store, redis_url: str, queue: str, **extra: str) -> dict:
    env = {
        "CHRONICLE_DATABASE_URL": store.url,
        "REDIS_URL": redis_url,
        "CHRONICLE_QUEUE": queue,
        "CHRONICLE_POLL_INTERVAL": "0.2",
        "CHRONICLE_WEBHOOK_RETRY_SCHEDULE": "0,0.2,0.2",
        "CHRONICLE_WEBHOOK_TIMEOUT": "0.5",
    }
    env.update(extra)
    return env


def log_tail(path) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read()[-4000:].decode(errors="replace")
    except OSError:
        return ""


def move(games, game_id, rng: random.Random):
    game = games.get_game(game_id)
    status = game.rules.status(game.state)
    seat = rng.choice(list(status.to_act))
    _, legal = games.legal_moves(game_id, seat)
    t0 = time.perf_counter()
    games.play(game_id, seat, rng.choice(legal))
    return time.perf_counter() - t0


def webhook_notices(store) -> list[dict]:
    return store.query(
        "SELECT * FROM {p}rm_outbox WHERE channel = 'webhook' ORDER BY notification_id, notice_id"
    )


def test_a_flaky_receiver_gets_its_notice_on_the_third_try_and_a_silent_one_ends_dead(
    sqlite_store, redis_server, queue_name, receivers, tmp_path
):
    games = sqlite_store.games()
    store = open_store(games)
    install(
        games,
        WorkerSettings(redis_url=redis_server.url, queue_name=queue_name, webhook_allow=ALLOW),
        fallback=False,
    )
    flaky = receivers(lambda n, path: (500, {}) if n <= 2 else (204, {}))
    silent = receivers(lambda n, path: None)
    game_id = new_game(games).game.id
    bob = subscriptions.save(
        games, game_id, 1, subscriptions.build(None, webhook_url=flaky.url + "/bob")
    )
    subscriptions.save(
        games, game_id, 0, subscriptions.build(None, webhook_url=silent.url + "/ann")
    )
    log = tmp_path / "worker.log"
    worker = launch(
        "worker", log_path=str(log), **worker_env(sqlite_store, redis_server.url, queue_name)
    )
    try:
        games.play(game_id, 0, {"type": "add", "by": 1})  # Bob's turn -> flaky receiver
        wait_for(flaky.ok, 20, message="the third delivery\n" + log_tail(log))
        assert flaky.counts["/bob"] == 3
        [ok] = flaky.ok()
        payload = Webhook(bob["webhook"]["secret"]).verify(ok.body, ok.headers)
        assert payload["data"]["seat"] == 1 and payload["type"] == "game.your_turn"
        assert len({d.headers["webhook-id"] for d in flaky.deliveries}) == 1
        games.play(game_id, 1, {"type": "add", "by": 1})  # lap ends: Ann to act -> silent

        def ann_done():  # attempts run side by side: wait until every notice to Ann ended
            ann = [n for n in webhook_notices(store) if int(n["seat"]) == 0]
            return len(ann) >= 2 and all(n["state"] == "dead" for n in ann) and ann

        owed_to_ann = len(wait_for(ann_done, 20, message="dead letters\n" + log_tail(log)))
        dead = outbox.dead_letters(store)
        assert {d["hint"] for d in dead} == {subscriptions.hint(silent.url + "/ann")}
        # the whole (short) schedule was tried for each, and no more
        assert silent.counts["/ann"] == 3 * owed_to_ann, log_tail(log)
        time.sleep(0.6)
        assert len(flaky.ok()) == 1  # still exactly once
    finally:
        stop(worker)


def test_an_email_notice_goes_through_a_worker_to_smtp(
    sqlite_store, redis_server, queue_name, smtp, tmp_path
):
    games = sqlite_store.games()
    install(
        games,
        WorkerSettings(redis_url=redis_server.url, queue_name=queue_name, webhook_allow=ALLOW),
        fallback=False,
    )
    game_id = new_game(games).game.id
    subscriptions.save(games, game_id, 1, subscriptions.build(None, email="bob@example.com"))
    log = tmp_path / "worker.log"
    worker = launch(
        "worker",
        log_path=str(log),
        **worker_env(
            sqlite_store,
            redis_server.url,
            queue_name,
            CHRONICLE_SMTP_HOST="127.0.0.1",
            CHRONICLE_SMTP_PORT=str(smtp.port),
            CHRONICLE_SMTP_FROM="chronicle@example.org",
        ),
    )
    try:
        games.play(game_id, 0, {"type": "add", "by": 1})
        wait_for(lambda: smtp.messages, 20, message="the email\n" + log_tail(log))
        [message] = smtp.messages
        assert message.rcpt_tos == ["bob@example.com"]
        assert message.mail_from == "chronicle@example.org"
        assert "Your turn in Toy Race" in message.content.decode()
    finally:
        stop(worker)


def test_with_redis_stopped_moves_are_saved_and_every_notice_goes_out_once_it_is_back(
    store_of, queue_name, receivers, tmp_path
):
    try:
        redis = RedisServer().start()
    except Exception as err:
        pytest.skip(f"Redis cannot be used: could not start redis-server ({err})")
    games = store_of.games()
    store = open_store(games)
    models = ReadModels(store)
    waker = install(
        games, WorkerSettings(redis_url=redis.url, queue_name=queue_name, webhook_allow=ALLOW)
    )
    receiver = receivers()
    rng = random.Random(11)
    ids = [new_game(games, players=("Ann", "Bob"), goal=60, seed=i).game.id for i in range(3)]
    for game_id in ids:
        for seat in (0, 1):
            subscriptions.save(
                games,
                game_id,
                seat,
                subscriptions.build(None, webhook_url=f"{receiver.url}/{game_id}/{seat}"),
            )
    log = tmp_path / "worker.log"
    worker = launch("worker", log_path=str(log), **worker_env(store_of, redis.url, queue_name))
    made = dict.fromkeys(ids, 0)
    try:
        baseline = []
        for _ in range(4):
            for game_id in ids:
                baseline.append(move(games, game_id, rng))
                made[game_id] += 1
        wait_for(
            lambda: len(receiver.ok()) >= 6, 20, message="notices with Redis up\n" + log_tail(log)
        )
        for phase in ("stopped", "hung"):
            if phase == "stopped":
                redis.stop()
            else:
                redis.pause()
            during = []
            for _ in range(4):
                for game_id in ids:
                    during.append(move(games, game_id, rng))
                    made[game_id] += 1
            assert max(during) < max(baseline) + 1.0, (phase, during, baseline)
            if phase == "stopped":
                health = redis_health(queueing.request_redis(redis.url))
                assert health["redis"] == "down"
                # the read models keep up without Redis (in-process here; the worker's poll too)
                wait_for(
                    lambda: all(models.game_version(g) == games.get_game(g).version for g in ids),
                    15,
                    message="read models without Redis",
                )
                redis.start()
            else:
                redis.resume()
        waker.flush(10)

        def all_delivered():
            rows = webhook_notices(store)
            return (
                rows
                and all(r["state"] == "delivered" for r in rows)
                and store.position(games.name) == games.recorder.max_notification_id()
            )

        wait_for(
            all_delivered,
            40,
            interval=0.2,
            message="every notice delivered after Redis came back\n" + log_tail(log),
        )
        time.sleep(1.0)  # a late duplicate would show up now
        rows = webhook_notices(store)
        delivered_ids = [d.headers["webhook-id"] for d in receiver.ok()]
        assert len(delivered_ids) == len(set(delivered_ids)), "a notice was delivered twice"
        assert set(delivered_ids) == {r["message_id"] for r in rows}
        assert len(rows) >= len(ids) * 4  # moves alternate seats: notices were owed throughout
        for game_id in ids:
            # every move saved: one CounterAdvanced per move (plus what the rules added)
            events = games.stored_events(game_id)
            assert sum(1 for e in events if e.command and "move" in e.command) == made[game_id]
    finally:
        stop(worker)
        redis.close()


def test_a_worker_killed_mid_batch_leaves_nothing_half_done(
    pg_store, redis_server, queue_name, tmp_path
):
    games = pg_store.games()
    store = open_store(games)
    rng = random.Random(4)
    ids = [
        new_game(games, players=("Ann", "Bob", "Cid"), goal=80, seed=i).game.id for i in range(4)
    ]
    for _ in range(12):
        for game_id in ids:
            move(games, game_id, rng)
    head = games.recorder.max_notification_id()
    marker = tmp_path / "in-batch"
    log = tmp_path / "slow.log"
    slow = launch(
        "slow-worker",
        log_path=str(log),
        **worker_env(
            pg_store,
            redis_server.url,
            queue_name,
            CHRONICLE_PROJECTOR_BATCH="25",
            CHRONICLE_TEST_MARKER=str(marker),
            CHRONICLE_TEST_MARK_AT="40",
            CHRONICLE_TEST_EVENT_DELAY="0.02",
        ),
    )
    try:
        wait_for(marker.exists, 30, message="the slow worker inside a batch\n" + log_tail(log))
        slow.send_signal(signal.SIGKILL)
        slow.wait(10)
    finally:
        stop(slow)
    in_batch = int(marker.read_text())
    position = store.position(games.name)
    assert 0 < position < in_batch < head  # earlier batches committed, that one not at all
    worker = launch(
        "worker",
        log_path=str(tmp_path / "worker.log"),
        **worker_env(pg_store, redis_server.url, queue_name),
    )
    try:
        wait_for(
            lambda: store.position(games.name) == head,
            30,
            message="the restarted worker catching up",
        )
    finally:
        stop(worker)
    assert_exact(games, store, ids)


def test_four_writers_and_a_projector_skip_no_event(pg_store, redis_server, queue_name, tmp_path):
    games = pg_store.games()
    store = open_store(games)
    ids = [
        new_game(games, players=("Ann", "Bob", "Cid"), goal=300, seed=i).game.id for i in range(6)
    ]
    ids_file = tmp_path / "games.txt"
    ids_file.write_text("\n".join(str(i) for i in ids))
    env = worker_env(pg_store, redis_server.url, queue_name)
    projector = launch("projector", log_path=str(tmp_path / "projector.log"), **env)
    writers = [
        launch(
            "writer",
            str(ids_file),
            "40",
            str(seed),
            log_path=str(tmp_path / f"writer{seed}.log"),
            **env,
        )
        for seed in range(4)
    ]
    try:
        for seed, writer in enumerate(writers):
            assert writer.wait(120) == 0, log_tail(tmp_path / f"writer{seed}.log")
        head = games.recorder.max_notification_id()
        wait_for(
            lambda: store.position(games.name) == head,
            30,
            message="the projector following\n" + log_tail(tmp_path / "projector.log"),
        )
    finally:
        for writer in writers:
            stop(writer)
        stop(projector)
    applied = sum(r["applied"] for r in store.query("SELECT applied FROM {p}rm_games"))
    assert applied == store_event_count(games)
    assert applied > len(ids) + 4 * 40  # every writer's moves are in
    assert_exact(games, store, ids)


def test_push_notices_go_out_exactly_once_with_two_workers_and_a_flaky_push_service(
    sqlite_store, redis_server, queue_name, receivers, tmp_path
):
    """Issue 34: push through real worker processes: two workers race for every notice, the
    push service fails each path's first attempt; every notice is decrypted by its browser
    once, all attempts of one notice carry one topic."""
    from tests.support.push_browser import PushBrowser

    games = sqlite_store.games()
    install(
        games,
        WorkerSettings(redis_url=redis_server.url, queue_name=queue_name, webhook_allow=ALLOW),
        fallback=False,
    )
    receiver = receivers(lambda n, path: (503, {}) if n == 1 else (201, {}))
    game_ids = [new_game(games).game.id for _ in range(3)]
    browsers = {}
    for game_id in game_ids:
        for seat in (0, 1):
            browser = PushBrowser(f"{receiver.url}/{game_id}/{seat}")
            browsers[f"/{game_id}/{seat}"] = browser
            subscriptions.add_push(
                games, game_id, seat, subscriptions.check_push(browser.subscription())
            )
    env = worker_env(
        sqlite_store,
        redis_server.url,
        queue_name,
        CHRONICLE_VAPID_KEY_FILE=str(tmp_path / "vapid-key.pem"),
        CHRONICLE_WEBHOOK_ALLOW=TEST_WEBHOOK_ALLOW,
    )
    workers = [launch("worker", log_path=str(tmp_path / f"worker{i}.log"), **env) for i in range(2)]
    try:
        for game_id in game_ids:
            games.play(game_id, 0, {"type": "add", "by": 1})  # Bob's turn
            games.play(game_id, 1, {"type": "add", "by": 1})  # Ann's turn
        store = open_store(games)

        def settled():
            rows = store.query("SELECT * FROM {p}rm_outbox WHERE channel = 'push'")
            return len(rows) >= 6 and all(r["state"] == "delivered" for r in rows) and rows

        rows = wait_for(settled, 30, message=log_tail(tmp_path / "worker0.log"))
        time.sleep(0.6)
        tags = [browsers[d.path].decrypt(d.body)["tag"] for d in receiver.ok()]
        assert sorted(tags) == sorted(r["message_id"] for r in rows)  # each exactly once
        # every attempt reached the push service (none was made twice at once), and the
        # first one to each browser failed and was retried
        assert sum(r["attempts"] for r in rows) == len(receiver.deliveries)
        assert sum(r["attempts"] == 2 for r in rows) == len(browsers)
        topics: dict[str, set] = {}
        for d in receiver.deliveries:  # failed attempts too: one notice, one topic
            tag = browsers[d.path].decrypt(d.body)["tag"]
            topics.setdefault(tag, set()).add(d.headers["Topic"])
        assert len(topics) == len(rows) and all(len(t) == 1 for t in topics.values())
    finally:
        for worker in workers:
            stop(worker)
