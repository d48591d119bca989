"""Wake-ups through Redis: deduplicated by job id, and never in a move's way when Redis fails.

Uses a redis-server of the tests' own (a spare port), never the shared one.
"""

from __future__ import annotations

import time

import pytest
from rq import Queue, SimpleWorker
from rq.job import Job, JobStatus

from projections.queries import ReadModels
from tests.projections.helpers import new_game
from workers import context as worker_context
from workers import queueing
from workers.context import Context
from workers.health import read_model_health, redis_health
from workers.settings import WorkerSettings
from workers.wakeup import CHANNEL, InProcessCatchUp, Waker

from .support import RedisServer, free_port, wait_for


def test_catch_up_wake_ups_are_deduplicated_by_job_id(redis_server, queue_name, games):
    conn = queueing.worker_redis(redis_server.url)
    first = queueing.job_id(queue_name, "catchup")
    assert queueing.enqueue_catch_up(conn, queue_name) == first
    assert queueing.enqueue_catch_up(conn, queue_name) is None  # one is already waiting
    queue = Queue(queue_name, connection=conn)
    assert queue.count == 1
    # while "catchup" runs, a wake-up must not be lost: it takes the second id
    Job.fetch(first, connection=conn).set_status(JobStatus.STARTED)
    assert queueing.enqueue_catch_up(conn, queue_name) == queueing.job_id(
        queue_name, "catchup-next"
    )
    for name in queueing.CATCH_UP_IDS:
        Job.fetch(queueing.job_id(queue_name, name), connection=conn).delete()
    # a real worker runs it; result_ttl=0 frees the id at once
    ctx = Context(games, WorkerSettings(redis_url=redis_server.url, queue_name=queue_name))
    worker_context.install(ctx)
    try:
        new_game(games)
        assert queueing.enqueue_catch_up(conn, queue_name) == first
        SimpleWorker([queue_name], connection=conn).work(burst=True)
    finally:
        worker_context.install(None)
    assert ReadModels(ctx.store).list_games()["total"] == 1
    assert queueing.enqueue_catch_up(conn, queue_name) == first
    assert queueing.enqueue_delivery(conn, queue_name, "turn-x-1-1-email") is True
    assert queueing.enqueue_delivery(conn, queue_name, "turn-x-1-1-email") is False


def _timed_moves(games, game_id, n):
    durations = []
    for _ in range(n):
        game = games.get_game(game_id)
        seat = game.rules.status(game.state).to_act[0]
        _, legal = games.legal_moves(game_id, seat)
        t0 = time.perf_counter()
        games.play(game_id, seat, legal[0])
        durations.append(time.perf_counter() - t0)
    return durations


@pytest.mark.parametrize("failure", ["down", "hung"])
def test_moves_are_not_slowed_by_a_failed_redis_and_read_models_catch_up_in_process(
    games, read_store, failure
):
    server = None
    if failure == "down":
        url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    else:
        try:
            server = RedisServer().start()
        except Exception as err:
            pytest.skip(f"Redis cannot be used: could not start redis-server ({err})")
        server.pause()  # accepts connections, answers nothing
        url = server.url
    try:
        game_id = new_game(games, goal=40).game.id
        baseline = _timed_moves(games, game_id, 5)
        waker = Waker(url, fallback=InProcessCatchUp(games))
        games.after_save.append(waker)
        t0 = time.perf_counter()
        slow = _timed_moves(games, game_id, 8)
        assert max(slow) < max(baseline) + 1.0, (slow, baseline)
        waker.flush(60)
        assert waker.status()["redis"] == "down" and waker.fallback_runs >= 1
        models = ReadModels(read_store)
        wait_for(
            lambda: models.game_version(game_id) == games.get_game(game_id).version,
            10,
            message="in-process catch-up",
        )
        assert read_model_health(read_store, games)["lag"] == 0
        t1 = time.perf_counter()
        health = redis_health(queueing.request_redis(url))
        assert health["redis"] == "down" and time.perf_counter() - t1 < 1.5
        assert time.perf_counter() - t0 < 30
    finally:
        if server is not None:
            server.close()


def test_a_save_publishes_its_version_for_streams(redis_server, games):
    conn = queueing.worker_redis(redis_server.url)
    pubsub = conn.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(CHANNEL)
    seen = []
    waker = Waker(redis_server.url, queue_name="tpub", wakeups=False)
    waker.listen(seen.append)
    games.after_save.append(waker)
    game_id = new_game(games).game.id
    games.play(game_id, 0, {"type": "add", "by": 1})
    waker.flush(60)  # liveness bounds, not speed targets (issue 31)
    messages = []
    deadline = time.time() + 60
    while time.time() < deadline and len(messages) < 2:
        message = pubsub.get_message(timeout=0.5)
        if message:
            messages.append(message["data"].decode())
    assert f"{game_id} 2" in messages
    assert {str(game_id): 2} in seen
    assert redis_health(queueing.request_redis(redis_server.url))["redis"] == "ok"
