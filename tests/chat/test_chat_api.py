"""The table's chat through HTTP (issue 34): the players' and the spectators' rooms, a message
never moving the game's version, mutes, reports and moderators, bad input refused with nothing
stored, a fork's empty chat, the chat in the export, and the page that shows it escaped."""

from __future__ import annotations

import uuid

import pytest
from click.testing import CliRunner

from domain.chat.app import Chats
from domain.chat.model import Sender
from service.cli import cli
from service.context import EXTENSION
from tests.service.helpers import assert_problem, new_game, play_turns


def chat(client, game, seat=None, after=0):
    headers = game.auth(seat) if seat is not None else {}
    response = client.get(f"{game.url}/chat?after={after}", headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def say(client, game, seat, text, room="seats"):
    headers = game.auth(seat) if seat is not None else {}
    return client.post(f"{game.url}/chat", json={"room": room, "text": text}, headers=headers)


def test_players_talk_and_everyone_reads_without_the_game_moving(client):
    game = new_game(client)
    before = client.get(game.url)
    response = say(client, game, 0, "Good luck, <b>Bob</b>!")
    assert response.status_code == 201
    posted = response.get_json()
    assert (posted["id"], posted["name"], posted["seat"]) == (1, "Ann", 0)
    assert posted["text"] == "Good luck, <b>Bob</b>!"  # kept as typed; pages escape it
    assert say(client, game, 1, "  Thanks, Ann  ").get_json()["text"] == "Thanks, Ann"
    after = client.get(game.url)
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.get_json()["version"] == before.get_json()["version"]
    for seat in (None, 0, 1):
        body = chat(client, game, seat)
        assert body["version"] == 2
        assert [(m["name"], m["text"]) for m in body["messages"]] == [
            ("Ann", "Good luck, <b>Bob</b>!"),
            ("Bob", "Thanks, Ann"),
        ]
    assert [m["id"] for m in chat(client, game, None, after=1)["messages"]] == [2]
    # a move made with the version read before the chat still matches its If-Match
    play_turns(client, game, 1)


def test_bad_messages_are_refused_with_a_code_and_nothing_is_stored(client):
    game = new_game(client)
    cases = [
        (say(client, game, 0, "x" * 100_000), 413, None),
        (say(client, game, 0, "y" * 501), 422, "chat_too_long"),
        (say(client, game, 0, "bell\x07"), 422, "chat_control_characters"),
        (say(client, game, 0, "nul\x00 byte"), 422, "invalid_text"),  # issue 31, for every field
        (say(client, game, 0, "right\u202eto left"), 422, "chat_control_characters"),
        (say(client, game, 0, "   "), 422, "chat_empty"),
        (say(client, game, None, "I am watching"), 403, "chat_seats_only"),
        (say(client, game, None, "hello", room="spectators"), 403, "chat_sign_in"),
        (say(client, game, 0, "psst", room="spectators"), 403, "chat_spectators_only"),
        (say(client, game, 0, "hi", room="lobby"), 422, None),
        (client.post(f"{game.url}/chat", json={"text": 5}, headers=game.auth(0)), 422, None),
    ]
    for response, status, code in cases:
        assert 400 <= response.status_code < 500
        assert_problem(response, status, code)
    bad_token = client.post(
        f"{game.url}/chat", json={"text": "hi"}, headers={"Authorization": "Bearer nope"}
    )
    assert_problem(bad_token, 401)
    assert chat(client, game)["version"] == 0


def test_a_seat_mutes_another_for_itself_and_one_muted_by_all_cannot_post(client):
    game = new_game(client, players=("Ann", "Bob", "Cid"))
    say(client, game, 0, "from Ann")
    mute = client.put(f"{game.url}/chat/mutes/0", headers=game.auth(1))
    assert mute.status_code == 200 and mute.get_json() == {"seat": 1, "muted": [0]}
    assert [m["name"] for m in chat(client, game, 1)["messages"]] == []
    assert [m["name"] for m in chat(client, game, 2)["messages"]] == ["Ann"]
    assert [m["name"] for m in chat(client, game, None)["messages"]] == ["Ann"]
    assert_problem(
        client.put(f"{game.url}/chat/mutes/1", headers=game.auth(1)), 422, "chat_mute_self"
    )
    assert_problem(
        client.put(f"{game.url}/chat/mutes/9", headers=game.auth(1)), 403, "chat_no_seat"
    )
    assert client.put(f"{game.url}/chat/mutes/0", headers=game.auth(2)).status_code == 200
    version = chat(client, game)["version"]
    assert_problem(say(client, game, 0, "anyone?"), 403, "chat_muted")
    assert chat(client, game)["version"] == version
    assert client.delete(f"{game.url}/chat/mutes/0", headers=game.auth(1)).status_code == 200
    assert say(client, game, 0, "back").status_code == 201
    assert [m["text"] for m in chat(client, game, 1)["messages"]] == ["from Ann", "back"]


def test_a_report_reaches_the_moderators_and_a_hidden_message_is_served_to_nobody(app, client):
    game = new_game(client)
    say(client, game, 0, "rude words")
    say(client, game, 0, "sorry")
    report = client.post(
        f"{game.url}/chat/1/reports", json={"reason": "rude"}, headers=game.auth(1)
    )
    assert report.status_code == 201
    assert_problem(client.post(f"{game.url}/chat/1/reports", json={}), 401, "chat_sign_in")
    assert_problem(
        client.post(f"{game.url}/chat/99/reports", json={}, headers=game.auth(1)),
        404,
        "chat_message_not_found",
    )
    runner = CliRunner()
    services = app.extensions[EXTENSION]
    with app.app_context():
        listed = runner.invoke(cli, ["moderators", "reports", game.id], obj={"services": services})
        assert listed.exit_code == 0, listed.output
        assert "message 1 (shown)" in listed.output and "rude" in listed.output
        hidden = runner.invoke(cli, ["moderators", "hide", game.id, "1", "--reason", "rude"])
        assert hidden.exit_code == 0 and "hidden" in hidden.output
    for seat in (None, 0, 1):
        assert [m["text"] for m in chat(client, game, seat)["messages"]] == ["sorry"]
    assert chat(client, game, None, after=2)["hidden"] == [1]
    chats = Chats(services.games())
    with pytest.raises(Exception) as refused:
        chats.hide(uuid.UUID(game.id), 2, "somebody", "not a moderator")
    assert getattr(refused.value, "code", "") == "chat_not_moderator"


def test_the_spectators_room_is_hidden_from_players_until_the_game_is_over(app, client):
    game = new_game(client)
    services = app.extensions[EXTENSION]
    chats = Chats(services.games())
    chats.post(
        uuid.UUID(game.id), Sender(None, "acc-1", "Kibitzer"), "spectators", "Ann should fence"
    )
    assert [m["text"] for m in chat(client, game)["messages"]] == ["Ann should fence"]
    assert chat(client, game, 0)["messages"] == []
    assert_problem(
        client.post(f"{game.url}/chat/1/reports", json={}, headers=game.auth(0)),
        404,
        "chat_message_not_found",
    )


def test_a_fork_starts_with_an_empty_chat_and_the_export_carries_the_chat(client):
    game = new_game(client, options={"secrets": False})  # nothing hidden: a public fork
    play_turns(client, game, 4)
    say(client, game, 0, "nice move")
    fork = client.post(f"{game.url}/forks", json={"version": 4})
    assert fork.status_code == 201, fork.get_json()
    fork_id = fork.get_json()["id"]
    forked = client.get(f"/api/v1/games/{fork_id}/chat").get_json()
    assert forked == {"version": 0, "messages": [], "hidden": []}
    record = client.get(f"{game.url}/export").get_json()
    assert [m["text"] for m in record["chat"]["messages"]] == ["nice move"]
    assert record["chat"]["version"] == 1
    assert all("account" not in m for m in record["chat"]["messages"])
    # the chat is not the game's: the audit re-runs the game's log alone, and passes
    assert client.get(f"{game.url}/audit").get_json()["ok"] is True
    # a record exported with its chat imports (as a new game, with an empty chat)
    finished = new_game(client, options={"secrets": False}, goal=1)
    play_turns(client, finished, 1)
    say(client, finished, 0, "gg")
    exported = client.get(f"{finished.url}/export").get_json()
    assert exported["kind"] == "full" and exported["chat"]["messages"][0]["text"] == "gg"
    imported = client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/api/v1/games/{imported.get_json()['id']}/chat").get_json()
    assert again["messages"] == []


def test_the_page_shows_the_chat_escaped(client):
    game = new_game(client)
    say(client, game, 0, "<script>alert(1)</script> & <b>bold</b>")
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'id="chat"' in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert "<script>alert(1)" not in page


def test_a_dropped_seat_can_no_longer_write(app, client):
    from domain.platform.clocks import deadline

    clock = {"type": "per_move", "seconds": 3600, "on_expiry": "drop"}
    game = new_game(client, players=("Ann", "Bob", "Cid"), options={"clock": clock})
    games = app.extensions[EXTENSION].games()
    gid = uuid.UUID(game.id)
    seat = client.get(game.url).get_json()["to_act"][0]
    games.clock_due(gid, deadline(games.get_game(gid), seat) + 1)
    assert seat in client.get(game.url).get_json()["dropped"]
    name = ("Ann", "Bob", "Cid")[seat]
    body = assert_problem(say(client, game, seat, "wait, I am back"), 403, "chat_seat_dropped")
    assert name in body["detail"]
    assert chat(client, game)["version"] == 0
    assert say(client, game, (seat + 1) % 3, "they timed out").status_code == 201


def test_the_threaded_stream_sends_the_chat_too(app, client):
    """Without the stream process, the web workers' own stream carries ``?chat=N`` alike."""
    import json
    import time

    from service.stream_api import StreamHub, follow

    game = new_game(client)
    games = app.extensions[EXTENSION].games()
    hub = StreamHub(None, max_streams=2, max_seconds=10)
    hub.poll = 0.1
    stream = follow(games, hub, uuid.UUID(game.id), 1, None, chat=0)

    def message():
        for raw in stream:
            text = raw.decode()
            if text.startswith(":"):
                continue
            lines = dict(line.split(": ", 1) for line in text.strip().splitlines())
            return lines.get("event"), json.loads(lines["data"]), "id" in lines

    assert message()[0] == "snapshot"
    event, data, has_id = message()
    assert (event, data["messages"], has_id) == ("chat", [], False)
    say(client, game, 0, "hello Bob")
    started = time.monotonic()
    event, data, has_id = message()
    assert event == "chat" and [m["text"] for m in data["messages"]] == ["hello Bob"]
    assert not has_id and time.monotonic() - started < 2
    stream.close()


def test_chat_posts_are_rate_limited_per_seat_and_nothing_is_stored_beyond(tmp_path):
    import redis

    from service.app import create_app
    from service.bootstrap import bootstrap, init_db
    from tests.conftest import REDIS_URL, sqlite_settings

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip("Redis is not reachable")
    settings = sqlite_settings(
        tmp_path / uuid.uuid4().hex, rate_limits="chat=3/minute", redis_url=REDIS_URL
    )
    init_db(settings).close()
    services = bootstrap(settings)
    try:
        client = create_app(services=services).test_client()
        game = new_game(client)
        assert [say(client, game, 0, f"hi {i}").status_code for i in range(3)] == [201] * 3
        body = assert_problem(say(client, game, 0, "one too many"), 429, "rate_limited")
        assert "chat messages" in body["detail"]
        assert chat(client, game)["version"] == 3
    finally:
        services.close()
