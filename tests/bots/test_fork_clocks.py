"""A fork of a game with a clock (issue 31 item 4): its clocks start when the fork is made, not
when the parent's events were recorded, so a fork made after the parent's per-move time has
elapsed is not expired at once (and no bot takes a seat over); the time used before the fork
point is kept where the clock keeps a reserve (correspondence).

Time is a fake clock the test moves (every event's timestamp is read from it), so nothing here
waits on the wall clock."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from eventsourcing.domain import DomainEvent

from domain.platform.application import Games
from domain.platform.clocks import deadline
from domain.platform.storage import persistence_env

PER_MOVE = {"type": "per_move", "seconds": 20, "reminder": 5}
RESERVE = {"type": "correspondence", "initial": 100, "increment": 0, "cap": 100}


class FakeTime:
    """The time every new event is stamped with; the test moves it forward."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def advance(self, seconds: float) -> float:
        self.now += timedelta(seconds=seconds)
        return self.epoch

    @property
    def epoch(self) -> float:
        return self.now.timestamp()


@pytest.fixture
def fake_time(monkeypatch) -> FakeTime:
    clock = FakeTime()
    monkeypatch.setattr(DomainEvent, "create_timestamp", staticmethod(lambda: clock.now))
    return clock


@pytest.fixture
def games(tmp_path):
    app = Games(
        env={
            **persistence_env(None, str(tmp_path), create_table=True),
            "CHRONICLE_CLOCK_MIN_SECONDS": "5",
        }
    )
    yield app
    app.close()


def to_act(app, gid) -> int:
    game = app.get_game(gid)
    (seat,) = game.rules.status(game.state).to_act
    return seat


def new_toy(app, clock) -> object:
    options = {"secrets": False, "goal": 50, "clock": clock}
    return app.create_game("toy", "race", ["Ann", "Bob"], options, seed=3).game.id


def test_a_fork_made_after_the_parents_time_ran_out_starts_its_clock_afresh(games, fake_time):
    start = fake_time.epoch
    gid = new_toy(games, PER_MOVE)
    games.play(gid, to_act(games, gid), {"type": "add", "by": 1})
    parent = games.get_game(gid)
    seat = to_act(games, gid)
    assert deadline(parent, seat) == pytest.approx(start + 20)

    forked_at = fake_time.advance(25)  # the parent's per-move time is over
    fork = games.fork(gid, parent.version).game
    assert deadline(fork, seat) == pytest.approx(forked_at + 20)
    # what the clock worker sees 0.4 s after the fork: nothing due (it expired at once before)
    assert games.clock_due(fork.id, forked_at + 0.4) == []
    assert games.get_game(fork.id).bots == {}
    # the parent, the same moment: its time did run out
    assert games.clock_due(gid, forked_at + 0.4) == ["ClockExpired"]
    # the fork's own deadlines come in their turn, once each
    assert games.clock_due(fork.id, forked_at + 16) == ["ClockReminder"]
    assert games.clock_due(fork.id, forked_at + 21) == ["ClockExpired"]
    # and a replay of the fork's log re-derives them (same deadlines from the same record)
    report = games.audit(fork.id)
    assert report.mismatches == [], report.mismatches


def test_a_fork_keeps_the_reserve_used_before_the_fork_point(games, fake_time):
    start = fake_time.epoch
    gid = new_toy(games, RESERVE)
    first = to_act(games, gid)
    fake_time.advance(30)
    games.play(gid, first, {"type": "add", "by": 1})  # 30 s of a 100 s reserve used
    second = to_act(games, gid)
    version = games.get_game(gid).version
    fake_time.advance(101)  # the second seat's reserve is gone in the parent ...
    assert games.clock_due(gid, fake_time.epoch + 1) == ["ClockExpired"]

    forked_at = fake_time.advance(5)
    fork = games.fork(gid, version).game
    assert fork.clocks["reserve"][str(first)] == pytest.approx(70)  # kept
    assert deadline(fork, second) == pytest.approx(forked_at + 100)  # ... not in the fork
    assert games.clock_due(fork.id, forked_at + 0.4) == []
    fake_time.advance(10)
    games.play(fork.id, second, {"type": "add", "by": 1})
    assert games.get_game(fork.id).clocks["reserve"][str(second)] == pytest.approx(90)
    assert games.get_game(fork.id).clocks["since"][str(first)] == pytest.approx(
        start + 30 + 101 + 5 + 10
    )
    assert games.audit(fork.id).mismatches == []


def test_a_fork_through_http_is_not_expired_at_once(sqlite_app, sqlite_services, fake_time):
    """What the issue saw: a fork made 25 s into a 20 s per-move clock expired 0.4 s later
    and the bot moved at once."""
    sqlite_services.games().clock_min_seconds = 5
    client = sqlite_app.test_client()
    created = client.post(
        "/api/v1/games",
        json={
            "title": "toy",
            "players": ["Ann", "Bob"],
            "seed": 3,
            "options": {"secrets": False, "clock": PER_MOVE},
        },
    )
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    seat = body["to_act"][0]
    parent_deadline = body["clock"]["seats"][seat]["deadline_epoch"]

    forked_at = fake_time.advance(25)
    response = client.post(f"/api/v1/games/{body['id']}/forks", json={"version": body["version"]})
    assert response.status_code == 201, response.get_json()
    fork = response.get_json()
    assert fork["clock"]["seats"][seat]["deadline_epoch"] == pytest.approx(forked_at + 20)
    assert fork["clock"]["seats"][seat]["deadline_epoch"] > parent_deadline
    games = sqlite_services.games()
    assert games.clock_due(uuid.UUID(fork["id"]), forked_at + 0.4) == []
    summary = client.get(f"/api/v1/games/{fork['id']}").get_json()
    assert summary["version"] == fork["version"]  # nothing happened to it: no expiry, no bot
    assert all(not p.get("bot") for p in summary["players"])
    assert client.get(f"/api/v1/games/{fork['id']}/audit").status_code == 200
