"""Bots and clocks through the HTTP API (issue 25): bot seats at creation, 422s naming the
option, clocks in the summary, vacation."""

from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def api(sqlite_app, monkeypatch):
    sqlite_app.config["TESTING"] = True
    return sqlite_app.test_client()


def create(client, **body):
    return client.post("/api/v1/games", json={"title": "caverna", **body})


def test_a_game_against_two_bots(api):
    res = create(api, players=["Ann", {"bot": "search", "level": 1}, {"bot": "greedy"}], seed=4)
    assert res.status_code == 201, res.get_json()
    body = res.get_json()
    assert [p.get("bot", {}).get("bot") for p in body["players"]] == [None, "search", "greedy"]
    assert body["seats"][0]["token"] and body["seats"][1]["token"] is None
    assert body["players"][1]["name"] == "Search bot"


@pytest.mark.parametrize(
    "players,options,option",
    [
        (["Ann", {"bot": "wizard"}], {}, "players[1]"),
        (["Ann", {"bot": "search", "level": 7}], {}, "players[1]"),
        (["Ann", "Bob"], {"clock": {"type": "per_move", "seconds": 10}}, "clock.seconds"),
        (
            ["Ann", "Bob"],
            {"clock": {"type": "per_move", "seconds": 7200, "on_expiry": "x"}},
            "clock.on_expiry",
        ),
    ],
)
def test_bad_bots_and_clocks_are_422_naming_the_option(api, players, options, option):
    res = create(api, players=players, options=options)
    assert res.status_code == 422
    problem = res.get_json()
    assert problem["code"] == "bad_option" and option in problem["detail"]


def test_bad_seat_shapes_are_refused(api):
    for seat in ({"name": 3}, {"level": 2}, {"bot": "random", "colour": "red"}, 7):
        res = create(api, players=["Ann", seat])
        assert 400 <= res.status_code < 500 and res.status_code != 404, seat


def test_clock_in_summary_and_vacation(api):
    clock = {"type": "per_move", "seconds": 86400, "vacation_days": 3}
    res = create(api, players=["Ann", "Bob"], options={"clock": clock}, seed=1)
    body = res.get_json()
    assert body["clock"]["type"] == "per_move" and body["clock"]["reminder"] == 21600
    seat = body["to_act"][0]
    token = body["seats"][seat]["token"]
    deadline = body["clock"]["seats"][seat]["deadline_epoch"]
    res = api.post(
        f"/api/v1/games/{body['id']}/vacation",
        json={"days": 2},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["clock"]["seats"][seat]["deadline_epoch"] == pytest.approx(
        deadline + 2 * 86400
    )
    res = api.post(
        f"/api/v1/games/{body['id']}/vacation",
        json={"days": 2},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert res.status_code == 422 and res.get_json()["code"] == "vacation_not_possible"
    summary = api.get(f"/api/v1/games/{body['id']}").get_json()
    assert summary["clock"]["seats"][seat]["vacation_days_left"] == 1


def test_a_dropped_seat_in_the_summary_and_the_score_sheet(api, sqlite_services):
    """Issue 25 item 3: ``on_expiry: "drop"``; the summary and the score sheet say which seat
    was dropped, the other seat of a two-player game wins at once and the dropped one ranks
    last."""
    clock = {"type": "per_move", "seconds": 3600, "on_expiry": "drop"}
    res = create(api, players=["Ann", "Bob"], options={"clock": clock}, seed=2)
    assert res.status_code == 201, res.get_json()
    body = res.get_json()
    assert body["clock"]["on_expiry"] == "drop"
    (silent,) = body["to_act"]
    deadline = body["clock"]["seats"][silent]["deadline_epoch"]
    games = sqlite_services.games()
    assert games.clock_due(uuid.UUID(body["id"]), deadline + 1) == ["ClockExpired"]
    summary = api.get(f"/api/v1/games/{body['id']}").get_json()
    assert summary["status"] == "finished" and summary["ended_by"] == "drop"
    assert summary["dropped"] == [silent] and summary["winners"] == [1 - silent]
    assert summary["players"][silent]["dropped"] is True
    assert summary["players"][silent]["bot"]["why"] == "dropped"
    sheet = api.get(f"/api/v1/games/{body['id']}/scores").get_json()
    assert sheet["dropped"] == [silent] and sheet["winners"] == [1 - silent]
    assert sheet["ranking"] == [1 - silent, silent]
    assert [row.get("dropped", False) for row in sheet["seats"]] == [s == silent for s in (0, 1)]
    events = api.get(f"/api/v1/games/{body['id']}/events").get_json()["events"]
    assert "dropped" in events[-1]["text"] and events[-1]["data"]["action"] == "drop"
