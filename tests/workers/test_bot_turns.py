"""Bots and clocks through the real worker side (issue 25): a seat that does not answer is
reminded once and expires once (notices through its subscription), a bot turn is an RQ job run
by a real worker, a stale job does nothing, and a game of bots plays to its end through jobs.

Uses a redis-server of the tests' own, never the shared one.
"""

from __future__ import annotations

import uuid

from rq import SimpleWorker

from domain.platform.clocks import deadline
from projections import subscriptions
from projections.queries import ReadModels
from workers import bots, jobs, messages, queueing
from workers import context as worker_context
from workers.context import Context
from workers.settings import WorkerSettings


def _context(games, redis_server, queue_name):
    ctx = Context(games, WorkerSettings(redis_url=redis_server.url, queue_name=queue_name))
    worker_context.install(ctx)
    return ctx


def _run_jobs(ctx, conn, queue_name, rounds=1):
    for _ in range(rounds):
        ctx.bots.flush()
        SimpleWorker([queue_name], connection=conn).work(burst=True)


def test_silent_seat_reminder_expiry_bot_and_return_through_the_worker(
    games, redis_server, queue_name
):
    games.clock_min_seconds = 5
    conn = queueing.worker_redis(redis_server.url)
    ctx = _context(games, redis_server, queue_name)
    try:
        clock = {"type": "per_move", "seconds": 30, "reminder": 10}
        gid = games.create_game(
            "agricola", "family", ["Ann", "Bob"], {"clock": clock}, seed=7
        ).game.id
        game = games.get_game(gid)
        (seat,) = game.rules.status(game.state).to_act
        subscriptions.save(games, gid, seat, subscriptions.build(None, email="ann@example.org"))
        ctx.catch_up()
        end = deadline(game, seat)
        for now in (end - 20, end - 5, end - 4, end + 1, end + 2):
            bots.sweep_clocks(games, ctx.store, now=now, submit=ctx.bots.submit)
            ctx.catch_up()
        kinds = [e.type for e in games.stored_events(gid)]
        assert kinds.count("ClockReminder") == 1 and kinds.count("ClockExpired") == 1
        notices = ReadModels(ctx.store).notices(gid)
        kinds = sorted(n["kind"] for n in notices if n["kind"] != "turn")
        assert kinds == ["expired", "reminder"]  # once each
        assert {n["seat"] for n in notices} == {seat}
        texts = {n["kind"]: messages.build(games, n) for n in notices}
        assert "is due soon" in texts["reminder"].text
        assert texts["expired"].type == "game.clock_expired"
        assert "time ran out" in texts["expired"].text

        # the expiry enqueued the bot's turn; a real worker plays it
        before = games.get_game(gid).version
        _run_jobs(ctx, conn, queue_name)
        after = games.get_game(gid)
        assert after.version > before
        bot_moves = [
            e for e in games.stored_events(gid, after=before) if e.command and e.command.get("bot")
        ]
        assert bot_moves and bot_moves[0].seat == seat
        # a job for a version the game has left does nothing
        assert jobs.bot_turn(str(gid), before) is False
        assert games.get_game(gid).version == after.version
        assert games.audit(gid).ok
    finally:
        worker_context.install(None)


def test_a_game_of_bots_plays_to_the_end_through_jobs(games, redis_server, queue_name):
    conn = queueing.worker_redis(redis_server.url)
    ctx = _context(games, redis_server, queue_name)
    try:
        gid = games.create_game(
            "village", "standard", [{"bot": "random"}, {"bot": "greedy", "level": 1}], seed=5
        ).game.id
        for _ in range(2000):
            _run_jobs(ctx, conn, queue_name)
            game = games.get_game(gid)
            if game.rules.status(game.state).finished:
                break
            if not ctx.bots.flush(0) and not games.bots_to_act(game):
                break
        game = games.get_game(gid)
        assert game.rules.status(game.state).finished
        assert games.audit(gid).ok
        # the sweep's safety net finds nothing left to enqueue
        ctx.catch_up()
        assert bots.sweep_clocks(games, ctx.store, submit=ctx.bots.submit)["bot_turns"] == 0
    finally:
        worker_context.install(None)


def test_bot_turn_jobs_are_one_per_version(redis_server, queue_name):
    conn = queueing.worker_redis(redis_server.url)
    gid = str(uuid.uuid4())
    assert bots.enqueue_bot_turn(conn, queue_name, gid, 3) is True
    assert bots.enqueue_bot_turn(conn, queue_name, gid, 3) is False
    assert bots.enqueue_bot_turn(conn, queue_name, gid, 4) is True


def test_one_bot_turn_job_plays_on_while_the_game_waits_for_a_bot(
    games, redis_server, queue_name, monkeypatch
):
    """A bot's turn of several moves reaches the store in one job (not one job per step, each
    queued behind every other game's), within the job's bounds; a person's turn stops it.
    The job's clock is the test's (no bound may depend on how fast this machine is)."""
    _context(games, redis_server, queue_name)
    now = [1000.0]
    monkeypatch.setattr(jobs, "job_clock", lambda: now[0])
    try:
        all_bots = games.create_game(
            "village", "standard", [{"bot": "random"}, {"bot": "random"}], seed=5
        ).game.id
        assert jobs.bot_turn(str(all_bots), 1) is True
        moved = [e for e in games.stored_events(all_bots) if e.command and e.command.get("bot")]
        assert len(moved) == jobs.BOT_MOVES_PER_JOB  # bounded by moves: the next job goes on
        assert jobs.bot_turn(str(all_bots), 1) is False  # stale: the game left version 1
        # bounded by time too: with each move taking 0.4 s of the job's second, two are made
        version = games.get_game(all_bots).version

        def slow() -> float:
            now[0] += 0.4
            return now[0]

        monkeypatch.setattr(jobs, "job_clock", slow)
        assert jobs.bot_turn(str(all_bots), version) is True
        assert games.get_game(all_bots).version > version
        later = [e for e in games.stored_events(all_bots) if e.command and e.command.get("bot")]
        assert len(later) - len(moved) == 2
        monkeypatch.setattr(jobs, "job_clock", lambda: now[0])

        mixed = games.create_game("caverna", "standard", [{"bot": "random"}, "Bob"], seed=3).game.id
        assert jobs.bot_turn(str(mixed), 1) is True
        game = games.get_game(mixed)
        assert games.bots_to_act(game) == []  # it stopped when Bob's turn came
        assert 1 in game.rules.status(game.state).to_act
        bot_moves = [e for e in games.stored_events(mixed) if e.command and e.command.get("bot")]
        assert bot_moves and all(e.seat == 0 for e in bot_moves)
    finally:
        worker_context.install(None)


def test_a_dropped_seat_is_played_by_the_zombie_through_the_worker(games, redis_server, queue_name):
    """Issue 25 item 3 (``on_expiry: "drop"``): the expiry's after-save wake-up enqueues the
    dropped seat's turn and a real worker plays the zombie's move; in a two-player game the
    drop ends the game and both seats are told who won."""
    games.clock_min_seconds = 5
    conn = queueing.worker_redis(redis_server.url)
    ctx = _context(games, redis_server, queue_name)
    clock = {"type": "per_move", "seconds": 30, "on_expiry": "drop"}
    try:
        gid = games.create_game(
            "agricola", "family", ["Ann", "Bob", "Cy"], {"clock": clock}, seed=4
        ).game.id
        game = games.get_game(gid)
        (seat,) = game.rules.status(game.state).to_act
        ctx.catch_up()  # the sweep reads the lobby's rows
        bots.sweep_clocks(games, ctx.store, now=deadline(game, seat) + 1, submit=ctx.bots.submit)
        before = games.get_game(gid).version
        _run_jobs(ctx, conn, queue_name)
        moved = [e for e in games.stored_events(gid, after=before) if e.command]
        assert moved and moved[0].seat == seat
        assert moved[0].command["bot"] == {"bot": "zombie", "level": 3}  # issue 37: new drops
        assert games.audit(gid).ok

        duel = games.create_game("agricola", "family", ["Ann", "Bob"], {"clock": clock}, seed=4)
        gid = duel.game.id
        (seat,) = duel.game.rules.status(duel.game.state).to_act
        end = deadline(games.get_game(gid), seat) + 1
        for subscriber in (0, 1):
            mail = subscriptions.build(None, email=f"p{subscriber}@example.org")
            subscriptions.save(games, gid, subscriber, mail)
        ctx.catch_up()
        bots.sweep_clocks(games, ctx.store, now=end, submit=ctx.bots.submit)
        ctx.catch_up()
        over = [n for n in ReadModels(ctx.store).notices(gid) if n["kind"] == "over"]
        assert sorted(n["seat"] for n in over) == [0, 1]
        winner = duel.game.players[1 - seat]
        assert f"Winner: {winner}" in messages.build(games, over[0]).text
    finally:
        worker_context.install(None)
