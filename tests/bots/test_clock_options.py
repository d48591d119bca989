"""Every clock object is checked (issue 31 item 3): one without ``"type"``, with a field its
type does not take, or with a bad value is ``422 bad_option`` naming the field, and no game is
made; ``{"type": "none"}`` (no clock) takes no other field. Through HTTP, where it was seen."""

from __future__ import annotations

import pytest

GOOD = {"type": "per_move", "seconds": 86400}


@pytest.fixture
def api(sqlite_app):
    return sqlite_app.test_client()


def create(client, clock):
    return client.post(
        "/api/v1/games",
        json={"title": "caverna", "players": ["Ann", "Bob"], "options": {"clock": clock}},
    )


@pytest.mark.parametrize(
    "clock, option, words",
    [
        # the three of the issue: each made a game with no clock (201) before
        ({"seconds": -5}, "clock.type", 'needs a "type"'),
        ({"seconds": 600, "on_expiry": "explode"}, "clock.type", 'needs a "type"'),
        ({"seconds": "soon"}, "clock.type", 'needs a "type"'),
        ({}, "clock.type", 'needs a "type"'),
        # the same values with a type: the bad value itself is named
        ({"type": "per_move", "seconds": -5}, "clock.seconds", "between"),
        ({"type": "per_move", "seconds": "soon"}, "clock.seconds", "whole number"),
        ({"type": "per_move", "seconds": 86400.5}, "clock.seconds", "whole number"),
        ({"type": "per_move", "seconds": True}, "clock.seconds", "whole number"),
        ({"type": "per_move"}, "clock.seconds", "whole number"),
        ({**GOOD, "on_expiry": "explode"}, "clock.on_expiry", "bot, adjudicate, drop"),
        ({**GOOD, "on_expiry": ["bot"]}, "clock.on_expiry", "bot, adjudicate, drop"),
        ({**GOOD, "reminder": 0}, "clock.reminder", "between"),
        ({**GOOD, "vacation_days": -1}, "clock.vacation_days", "0 to 60"),
        ({"type": "correspondence", "initial": -1}, "clock.initial", "between"),
        ({"type": "correspondence", "initial": 86400, "cap": 10}, "clock.cap", "between"),
        # fields the type does not take
        ({**GOOD, "initial": 86400}, "clock.initial", "does not take initial"),
        ({"type": "correspondence", "initial": 86400, "seconds": 60}, "clock.seconds", "take"),
        ({**GOOD, "colour": "red"}, "clock.colour", "does not take colour"),
        ({"type": "none", "seconds": 60}, "clock.seconds", "takes no other field"),
        ({"type": "none", "on_expiry": "bot"}, "clock.on_expiry", "takes no other field"),
        # bad types
        ({"type": "hourglass"}, "clock.type", "per_move"),
        ({"type": None}, "clock.type", "per_move"),
        ({"type": 5, "seconds": 60}, "clock.type", "per_move"),
        ("soon", "clock", "is an object"),
        ([GOOD], "clock", "is an object"),
    ],
)
def test_a_bad_clock_is_422_naming_the_field_and_makes_no_game(api, clock, option, words):
    response = create(api, clock)
    assert response.status_code == 422, response.get_json()
    problem = response.get_json()
    assert problem["code"] == "bad_option" and problem["params"]["option"] == option, problem
    assert option in problem["detail"] and words in problem["detail"], problem["detail"]
    assert api.get("/api/v1/games").get_json()["total"] == 0


def test_type_none_is_no_clock_and_good_clocks_still_start(api):
    response = create(api, {"type": "none"})
    assert response.status_code == 201 and response.get_json().get("clock") is None
    response = create(api, {**GOOD, "on_expiry": "adjudicate", "reminder": 3600})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["clock"]["on_expiry"] == "adjudicate"
    clock = {"type": "correspondence", "initial": 86400, "increment": 3600, "cap": 172800}
    response = create(api, clock)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["clock"]["seats"][0]["reserve"] == 86400
