"""The lobby and game page with bots and clocks (issue 25 item 7): "Caverna against two bots"
in two clicks, bots and a clock chosen in the create form, the countdown on the game page."""

from __future__ import annotations

import re
import time
import uuid

import pytest


@pytest.fixture
def web(sqlite_app):
    sqlite_app.config["TESTING"] = True
    return sqlite_app.test_client()


def csrf(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_caverna_against_two_bots_in_two_clicks(web, sqlite_app):
    token = csrf(web)
    page = web.get("/").get_data(as_text=True)
    assert "Caverna against two bots" in page
    res = web.post(
        "/games",
        data={
            "csrf_token": token,
            "title": "caverna",
            "player": "You",
            "bot1": "greedy",
            "bot2": "search:1",
            "quick": "1",
        },
    )
    assert res.status_code == 302
    game_page = web.get(res.headers["Location"]).get_data(as_text=True)
    assert "You play You" in game_page
    # a bot seat's name says what it is ("Greedy bot"), its badge just "bot" (issue 32)
    assert "greedy bot" in game_page.lower() and "search bot" in game_page.lower()
    assert '<span class="badge">greedy bot</span>' not in game_page
    game_id = res.headers["Location"].rstrip("/").split("/")[-1]
    summary = web.get(f"/api/v1/games/{game_id}").get_json()
    assert [p.get("bot", {}).get("bot") for p in summary["players"]] == [None, "greedy", "search"]


def test_create_form_with_a_bot_and_a_clock(web):
    token = csrf(web)
    res = web.post(
        "/games",
        data={
            "csrf_token": token,
            "title": "agricola",
            "variant": "family",
            "player": ["Ann", ""],
            "bot1": "random",
            "clock": "per_move:86400",
        },
    )
    assert res.status_code == 303  # POST, redirect, GET: the invites are shown once
    res = web.get(res.headers["Location"])
    assert res.status_code == 200
    text = res.get_data(as_text=True)
    assert text.count("Play as") == 1  # no invite for the bot's seat
    link = re.search(r'(/join/[^"<\s]+)', text).group(1)
    location = web.post(link, data={"csrf_token": csrf(web)}).headers["Location"]
    game_id = location.rstrip("/").split("/")[-1]
    for _ in range(100):  # the bot may be first: it moves (in-process here, no Redis)
        summary = web.get(f"/api/v1/games/{game_id}").get_json()
        if summary["clock"]["seats"][0]["deadline"]:
            break
        time.sleep(0.05)
    page = web.get(location).get_data(as_text=True)
    assert 'id="clock"' in page and "random bot" in page.lower()
    deadline = summary["clock"]["seats"][0]["deadline_epoch"]
    if summary["to_act"] == [0]:  # Ann is waited for (else the bot sits first and, with
        # no worker in this test, has not moved yet: a bot seat has no clock to count down)
        assert f'data-deadline="{deadline}"' in page and 'class="countdown"' in page
    else:
        assert summary["to_act"] == [1] and 'class="countdown"' not in page


def test_a_bad_clock_in_the_form_is_refused_with_a_sentence(web):
    token = csrf(web)
    res = web.post(
        "/games",
        data={"csrf_token": token, "title": "agricola", "player": ["Ann", ""], "bot1": "oracle"},
    )
    assert res.status_code == 422
    assert "players[1]" in res.get_data(as_text=True)


def test_the_create_form_chooses_what_happens_when_a_clock_runs_out(web, sqlite_services):
    page = web.get("/").get_data(as_text=True)
    assert 'name="on_expiry"' in page and 'value="drop"' in page and 'value="adjudicate"' in page
    res = web.post(
        "/games",
        data={
            "csrf_token": csrf(web),
            "title": "agricola",
            "variant": "family",
            "player": ["Ann", "Bob"],
            "clock": "per_move:86400",
            "on_expiry": "drop",
        },
    )
    assert res.status_code == 303
    text = web.get(res.headers["Location"]).get_data(as_text=True)
    link = re.search(r'(/join/[^"<\s]+)', text).group(1)
    location = web.post(link, data={"csrf_token": csrf(web)}).headers["Location"]
    game_id = location.rstrip("/").split("/")[-1]
    summary = web.get(f"/api/v1/games/{game_id}").get_json()
    assert summary["clock"]["on_expiry"] == "drop"
    (silent,) = summary["to_act"]
    end = summary["clock"]["seats"][silent]["deadline_epoch"] + 1
    assert sqlite_services.games().clock_due(uuid.UUID(game_id), end) == ["ClockExpired"]
    page = web.get(location).get_data(as_text=True)
    assert "dropped: ranks last" in page and "zombie bot" in page
    res = web.post(
        "/games",
        data={
            "csrf_token": csrf(web),
            "title": "agricola",
            "player": ["Ann", "Bob"],
            "clock": "per_move:86400",
            "on_expiry": "vanish",
        },
    )
    assert res.status_code == 422 and "clock.on_expiry" in res.get_data(as_text=True)
