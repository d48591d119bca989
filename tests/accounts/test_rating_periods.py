"""Glicko-2 rating periods without games (issue 33): the deviation grows by the paper's step 6
for every idle period, derived from the events' timestamps (a rebuild gives the same numbers),
and a rating becomes provisional again when it passes the threshold. SQLite and PostgreSQL."""

from __future__ import annotations

import math
import sys
import uuid
from datetime import timedelta

import pytest
from eventsourcing import domain as es_domain

from projections.ratings import (
    PROVISIONAL_RD,
    RATING_PERIOD_DAYS,
    SCALE,
    START,
    idle_periods,
    idle_rd,
    update,
)
from service.accounts.side import current_rd
from tests.accounts.test_tables import side
from tests.workers.test_projector_accounts import play_to_the_end

WEEK = RATING_PERIOD_DAYS * 86400


def test_each_idle_period_is_the_papers_step_6():
    assert idle_periods(None, 10**9) == 0
    assert idle_periods(0, WEEK - 1) == 0 and idle_periods(0, 3 * WEEK + 5) == 3
    phi, sigma = 60 / SCALE, 0.06
    assert idle_rd(60, 0.06, 1) == pytest.approx(math.sqrt(phi**2 + sigma**2) * SCALE)
    assert idle_rd(60, 0.06, 10) == pytest.approx(math.sqrt(phi**2 + 10 * sigma**2) * SCALE)
    assert idle_rd(60, 0.06, 0) == 60
    assert idle_rd(300, 0.06, 10**6) == START[1]  # never above the start
    # one period without games is what the package's did_not_compete does
    assert idle_rd(60, 0.06, 1) == pytest.approx(update((1500, 60, 0.06), [])[1])


def test_an_idle_rating_is_provisional_again_once_its_deviation_passes_the_threshold():
    row = {"rd": 80.0, "vol": 0.06, "rated_at": 0.0}
    assert current_rd(row, now=0.0) == 80.0
    periods = next(n for n in range(1, 10**4) if idle_rd(80, 0.06, n) > PROVISIONAL_RD)
    assert current_rd(row, now=(periods - 1) * WEEK + 1) <= PROVISIONAL_RD
    assert current_rd(row, now=periods * WEEK + 1) > PROVISIONAL_RD


class Clock:
    """The events' clock, moved by the test (every event's timestamp reads it)."""

    def __init__(self, real) -> None:
        self.real = real
        self.offset = timedelta(0)

    def __call__(self):
        return self.real() + self.offset


def test_idle_periods_between_games_widen_the_deviation_from_event_timestamps(app, monkeypatch):
    clock = Clock(es_domain.datetime_now_with_tzinfo)
    monkeypatch.setattr(es_domain, "datetime_now_with_tzinfo", clock)
    s = side(app)
    games = s.games
    ann, bob = s.accounts.open("Ann"), s.accounts.open("Bob")

    def rated_game() -> str:
        spec = {
            "title": "toy",
            "variant": "race",
            "options": {"goal": 10},
            "seats": [{"kind": "creator"}, {"kind": "open"}],
            "access": "anyone",
            "range": [None, None],
            "rated": True,
            "fill": None,
            "creator": str(ann.id),
            "creator_name": "Ann",
            "rematch_of": None,
        }
        table = s.tables.open(spec)
        started = s.tables.join(table.id, str(bob.id), "Bob", lambda t, v: 1500)
        play_to_the_end(games, uuid.UUID(started.game))
        return str(started.game)

    for _ in range(6):
        rated_game()
    query = "SELECT account_id, rating, rd, vol, rated_at FROM {p}rm_ratings ORDER BY account_id"
    before = {r["account_id"]: r for r in s.fresh().query(query)}
    clock.offset = timedelta(weeks=60)
    last = rated_game()
    after = {r["account_id"]: r for r in s.fresh().query(query)}
    changes = {r["account_id"]: r for r in s.rating_changes(last)}
    grown = {
        a: (
            r["rating"],
            idle_rd(r["rd"], r["vol"], idle_periods(r["rated_at"], after[a]["rated_at"])),
            r["vol"],
        )
        for a, r in before.items()
    }
    assert all(
        idle_periods(r["rated_at"], after[a]["rated_at"]) in (59, 60) for a, r in before.items()
    )
    for account, other in ((str(ann.id), str(bob.id)), (str(bob.id), str(ann.id))):
        score = changes[account]["score"]
        expected = update(grown[account], [(grown[other][0], grown[other][1], score)])
        assert after[account]["rating"] == pytest.approx(expected[0])
        assert after[account]["rd"] == pytest.approx(expected[1])
        assert grown[account][1] > before[account]["rd"] + 5  # the idle year counted
    live = s.query(query)
    ratings = next(p for p in s.projections if p.name == "chronicle.ratings")
    clock.offset = timedelta(weeks=500)  # a rebuild later reads the same timestamps
    ratings.rebuild()
    assert s.query(query) == live
    board = s.leaderboard("toy", "race")
    assert {r["name"] for r in board} == {"Ann", "Bob"}
    monkeypatch.setattr(sys.modules["service.accounts.side"], "_now", lambda: 10**11)  # years idle
    assert all(r["provisional"] for r in s.leaderboard("toy", "race"))
    assert s.rating(str(ann.id), "toy", "race")["provisional"]


def test_a_ratings_table_made_before_rating_periods_gets_its_column(app):
    from projections.ratings import RatingsProjection

    s = side(app)
    with s.store.writing() as cur:
        cur.execute(s.store.sql("DROP TABLE {p}rm_ratings"), [])
        cur.execute(
            s.store.sql(
                "CREATE TABLE {p}rm_ratings (account_id TEXT NOT NULL, title TEXT NOT NULL, "
                "variant TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION "
                "NOT NULL, vol DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, wins INTEGER "
                "NOT NULL, updated_seq BIGINT NOT NULL, PRIMARY KEY (account_id, title, variant))"
            ),
            [],
        )
    RatingsProjection(s.games, s.store).ensure_tables()
    assert s.store.query("SELECT rated_at FROM {p}rm_ratings") == []
    RatingsProjection(s.games, s.store).ensure_tables()  # twice: nothing to add
