"""Clocks that give the seat back (issue 37 item 5): after a clock ran out and the bot plays
on, the player says "I am back" (API call or the button on the game page), which is recorded
as ``SeatReclaimed``; the bot stops at once, and the page says plainly that a bot is playing
for the player and since when."""

from __future__ import annotations

import re
import uuid

import pytest

CLOCK = {"type": "per_move", "seconds": 3600, "on_expiry": "bot"}


@pytest.fixture
def client(sqlite_app):
    sqlite_app.config["TESTING"] = True
    return sqlite_app.test_client()


def _expired_game(client, services) -> tuple[dict, int]:
    res = client.post(
        "/api/v1/games",
        json={
            "title": "agricola",
            "players": ["Ann", "Bob"],
            "options": {"clock": CLOCK},
            "seed": 3,
        },
    )
    assert res.status_code == 201, res.get_json()
    body = res.get_json()
    (silent,) = body["to_act"]
    end = body["clock"]["seats"][silent]["deadline_epoch"] + 1
    assert services.games().clock_due(uuid.UUID(body["id"]), end) == ["ClockExpired"]
    return body, silent


def test_i_am_back_through_the_api_stops_the_bot_at_once(client, sqlite_services):
    body, silent = _expired_game(client, sqlite_services)
    gid = body["id"]
    summary = client.get(f"/api/v1/games/{gid}").get_json()
    bot = summary["players"][silent]["bot"]
    assert bot["why"] == "clock" and bot["since"] and bot["since_version"] == summary["version"]
    token = body["seats"][silent]["token"]
    other = body["seats"][1 - silent]["token"]
    auth = {"Authorization": f"Bearer {other}"}
    res = client.post(f"/api/v1/games/{gid}/reclaim", headers=auth)
    assert res.status_code == 422 and res.get_json()["code"] == "nothing_to_reclaim"
    games = sqlite_services.games()
    version = games.get_game(uuid.UUID(gid)).version
    res = client.post(f"/api/v1/games/{gid}/reclaim", headers={"Authorization": f"Bearer {token}"})
    assert res.status_code == 200, res.get_json()
    assert res.get_json() == {"seat": silent, "version": version + 1}
    assert games.stored_events(uuid.UUID(gid))[-1].type == "SeatReclaimed"
    assert "bot" not in client.get(f"/api/v1/games/{gid}").get_json()["players"][silent]
    # a bot turn chosen for the version before the reclaim is stale: nothing is played
    assert games.play_bot(uuid.UUID(gid), version) is None
    assert games.get_game(uuid.UUID(gid)).version == version + 1
    res = client.post(f"/api/v1/games/{gid}/reclaim", headers={"Authorization": f"Bearer {token}"})
    assert res.status_code == 422 and "the seat is theirs already" in res.get_json()["detail"]
    assert client.post(f"/api/v1/games/{gid}/reclaim").status_code == 401


def _csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_the_game_page_says_a_bot_plays_for_you_and_gives_the_seat_back(
    sqlite_app, client, sqlite_services
):
    token = _csrf(client.get("/").get_data(as_text=True))
    res = client.post(
        "/games",
        data={
            "csrf_token": token,
            "title": "agricola",
            "variant": "family",
            "player": ["Ann", "Bob"],
            "clock": "per_move:86400",
            "on_expiry": "bot",
        },
    )
    assert res.status_code == 303
    links = re.findall(r'(/join/[^"<\s]+)', client.get(res.headers["Location"]).get_data(True))
    players = []
    for link in dict.fromkeys(links):
        c = sqlite_app.test_client()
        location = c.post(link, data={"csrf_token": _csrf(c.get("/").get_data(True))}).headers[
            "Location"
        ]
        players.append((c, location))
    game_id = players[0][1].rstrip("/").split("/")[-1]
    summary = client.get(f"/api/v1/games/{game_id}").get_json()
    (silent,) = summary["to_act"]
    end = summary["clock"]["seats"][silent]["deadline_epoch"] + 1
    assert sqlite_services.games().clock_due(uuid.UUID(game_id), end) == ["ClockExpired"]
    pages = [(c, loc, c.get(loc).get_data(as_text=True)) for c, loc in players]
    mine = [p for p in pages if "A bot is playing for you" in p[2]]
    assert len(mine) == 1, "only the silent seat's player is told"
    c, location, page = mine[0]
    assert "Your time ran out at" in page and "I am back" in page
    res = c.post(
        f"/games/{game_id}/reclaim", data={"csrf_token": _csrf(page)}, follow_redirects=True
    )
    assert res.status_code == 200
    assert "A bot is playing for you" not in c.get(location).get_data(as_text=True)
    events = sqlite_services.games().stored_events(uuid.UUID(game_id))
    assert events[-1].type == "SeatReclaimed"


def test_a_seat_out_of_time_may_be_waited_for(client, sqlite_services):
    """``on_expiry: "wait"``: the expiry is recorded once, no bot takes the seat, the game
    waits for its player, who then moves as usual."""
    clock = {"type": "per_move", "seconds": 3600, "on_expiry": "wait"}
    res = client.post(
        "/api/v1/games",
        json={"title": "caverna", "players": ["Ann", "Bob"], "options": {"clock": clock}},
    )
    assert res.status_code == 201, res.get_json()
    body = res.get_json()
    (silent,) = body["to_act"]
    gid = uuid.UUID(body["id"])
    end = body["clock"]["seats"][silent]["deadline_epoch"] + 1
    games = sqlite_services.games()
    assert games.clock_due(gid, end) == ["ClockExpired"]
    assert games.clock_due(gid, end + 10_000) == []
    summary = client.get(f"/api/v1/games/{gid}").get_json()
    assert "bot" not in summary["players"][silent] and summary["to_act"] == [silent]
    assert summary["status"] != "finished"
    events = client.get(f"/api/v1/games/{gid}/events").get_json()["events"]
    assert (
        events[-1]["text"].endswith("the game waits for Ann to move.")
        or "waits for" in (events[-1]["text"])
    )


def test_the_lobby_offers_clocks_from_hours_to_14_days_and_waiting(client):
    page = client.get("/").get_data(as_text=True)
    for value in ("per_move:3600", "per_move:1209600", 'value="wait"', "search:0", "search:3"):
        assert value in page


def test_the_lobby_shows_each_bots_published_rating(client):
    from domain.bots.ratings import bot_rating

    page = client.get("/").get_data(as_text=True)
    assert "How strong is each bot?" in page
    greedy = bot_rating("caverna", "standard", "greedy", 2)
    assert greedy is not None and f"greedy bot level 2 {round(greedy.rating)}" in page
