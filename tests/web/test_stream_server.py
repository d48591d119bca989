"""The event-stream process (``service/stream_server.py``) on a real socket, over a real store:
refusals before a stream opens, the fan-out of one move to many viewers (public and seated),
a reconnect with Last-Event-ID, and the connection limit."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time

import pytest
import requests
from aiohttp import web

from domain.platform.application import Games
from service.bootstrap import init_db
from service.stream_server import StreamServer
from tests.conftest import sqlite_settings


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Running:
    """A StreamServer in a thread with its own event loop."""

    def __init__(self, server: StreamServer) -> None:
        self.server = server
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        self.runner = web.AppRunner(server.app(), handler_cancellation=True, shutdown_timeout=1.0)
        started = threading.Event()

        def serve():
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(self.runner.setup())
            site = web.TCPSite(self.runner, "127.0.0.1", self.port)
            self.loop.run_until_complete(site.start())
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert started.wait(10)

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def store(tmp_path):
    settings = sqlite_settings(tmp_path, redis_url=None)
    init_db(settings).close()
    writer = Games(env=settings.persistence_env(False))
    reader = Games(env=settings.persistence_env(False))
    yield settings, writer, reader
    writer.close()
    reader.close()


@pytest.fixture
def streams(store):
    settings, writer, reader = store
    running = Running(StreamServer(reader, settings.secret_key, max_streams=6, poll=0.05))
    yield running, writer
    running.close()


class Reader:
    """One open stream, read message by message (event name, data)."""

    def __init__(self, url: str, **kwargs) -> None:
        self.response = requests.get(url, stream=True, timeout=10, **kwargs)
        self.status_code = self.response.status_code
        self.headers = self.response.headers
        self._lines = self.response.iter_lines(decode_unicode=True)

    def messages(self, count: int) -> list[tuple[str, dict]]:
        out, event = [], "message"
        for line in self._lines:
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                out.append((event, json.loads(line[6:])))
                event = "message"
                if len(out) >= count:
                    break
        return out

    def close(self) -> None:
        self.response.close()


def test_an_unknown_game_a_foreign_token_and_a_bad_token_are_refused_before_opening(streams):
    running, writer = streams
    a = writer.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=1)
    b = writer.create_game("agricola", "family", ["Cid", "Dee"], {}, seed=2)
    base = running.url + "/api/v1/games/"
    missing = requests.get(base + "0b5d6b8e-0000-4000-8000-000000000000/stream", timeout=5)
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
    assert requests.get(base + "not-a-game/stream", timeout=5).status_code == 404
    foreign = requests.get(
        f"{base}{a.game.id}/stream", timeout=5, headers={"Authorization": f"Bearer {b.tokens[0]}"}
    )
    assert foreign.status_code == 403 and foreign.json()["code"] == "forbidden"
    bad = requests.get(
        f"{base}{a.game.id}/stream", timeout=5, headers={"Authorization": "Bearer nonsense"}
    )
    assert bad.status_code == 401
    ticket = requests.get(f"{base}{a.game.id}/stream?ticket=forged", timeout=5)
    assert ticket.status_code == 401
    assert running.server.open == 0


def test_one_move_reaches_every_viewer_public_and_seated(streams):
    running, writer = streams
    created = writer.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=3)
    game_id = created.game.id
    url = f"{running.url}/api/v1/games/{game_id}/stream"
    viewers = [Reader(url) for _ in range(3)]
    viewers.append(Reader(url, headers={"Authorization": f"Bearer {created.tokens[0]}"}))
    for response in viewers:
        assert response.status_code == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        ((event, data),) = response.messages(1)
        assert event == "snapshot" and data["version"] == 1
    seat = writer.get_game(game_id)
    to_act = writer.summary(seat)["to_act"][0]
    _, moves = writer.legal_moves(game_id, to_act)
    writer.play(game_id, to_act, moves[0])
    now = writer.get_game(game_id).version
    for response in viewers:
        ((event, data),) = response.messages(1)
        assert event == "version" and data["version"] == now
        assert [e["version"] for e in data["events"]] == list(range(2, now + 1))
        assert all(e["text"] for e in data["events"])
    deadline = time.monotonic() + 5  # the counter moves just after each write
    while running.server.fanout.delivered < 4 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert running.server.fanout.delivered >= 4
    for response in viewers:
        response.close()


def test_a_reconnect_with_last_event_id_gets_exactly_the_missed_events(streams):
    running, writer = streams
    created = writer.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=4)
    game_id = created.game.id
    for _ in range(2):
        seat = writer.summary(writer.get_game(game_id))["to_act"][0]
        writer.play(game_id, seat, writer.legal_moves(game_id, seat)[1][0])
    now = writer.get_game(game_id).version
    response = Reader(
        f"{running.url}/api/v1/games/{game_id}/stream", headers={"Last-Event-ID": "1"}
    )
    ((event, data),) = response.messages(1)
    assert event == "version" and data["version"] == now
    assert [e["version"] for e in data["events"]] == list(range(2, now + 1))
    response.close()


def test_beyond_the_limit_a_stream_gets_503_with_retry_after_and_the_rest_keep_working(streams):
    running, writer = streams
    created = writer.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=5)
    url = f"{running.url}/api/v1/games/{created.game.id}/stream"
    held = [Reader(url) for _ in range(6)]
    for response in held:
        assert response.messages(1)[0][0] == "snapshot"
    refused = requests.get(url, timeout=5)
    assert refused.status_code == 503 and refused.headers["Retry-After"]
    assert refused.json()["code"] == "too_many_streams"
    assert requests.get(running.url + "/healthz", timeout=5).json()["open_streams"] == 6
    held.pop().close()
    deadline = time.monotonic() + 5
    while running.server.open >= 6 and time.monotonic() < deadline:
        time.sleep(0.05)
    again = Reader(url)
    assert again.status_code == 200
    again.close()
    for response in held:
        response.close()


def test_a_chat_message_reaches_every_page_that_asked_for_the_chat(streams):
    """Issue 34: with ``?chat=N`` the stream sends the chat after N (messages without an id,
    so Last-Event-ID stays the game's version); a stream without it sees no chat."""
    from domain.chat.app import Chats
    from domain.chat.model import Sender

    running, writer = streams
    created = writer.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=5)
    game_id = created.game.id
    chats = Chats(writer)
    chats.post(game_id, Sender(0, None, "Ann"), "seats", "before anyone looked")
    url = f"{running.url}/api/v1/games/{game_id}/stream"
    pages = [Reader(url + "?chat=0") for _ in range(3)]
    plain = Reader(url)
    for page in pages:
        (snapshot, (event, data)) = page.messages(2)
        assert snapshot[0] == "snapshot" and event == "chat"
        assert [m["text"] for m in data["messages"]] == ["before anyone looked"]
    assert plain.messages(1)[0][0] == "snapshot"
    chats.post(game_id, Sender(1, None, "Bob"), "seats", "<b>hi</b> Ann")
    for page in pages:
        ((event, data),) = page.messages(1)
        assert event == "chat" and data["version"] == 2
        assert [(m["name"], m["text"]) for m in data["messages"]] == [("Bob", "<b>hi</b> Ann")]
    to_act = writer.summary(writer.get_game(game_id))["to_act"][0]
    writer.play(game_id, to_act, writer.legal_moves(game_id, to_act)[1][0])
    ((event, _),) = plain.messages(1)
    assert event == "version"  # the game's own messages only
    for reader in (*pages, plain):
        reader.close()


def test_a_seats_chat_stream_never_carries_the_spectators_room_nor_muted_seats(streams):
    """Issue 34: a seat's stream (a ticket) reads the chat as that seat: no spectators' room
    while the game is played, nothing from a seat it muted; the public stream reads both rooms."""
    from itsdangerous import URLSafeTimedSerializer

    from domain.chat.app import Chats
    from domain.chat.model import Sender

    running, writer = streams
    created = writer.create_game("agricola", "family", ["Ann", "Bob", "Cid"], {}, seed=6)
    game_id = created.game.id
    chats = Chats(writer)
    chats.mute(game_id, 1, 2)  # Bob mutes Cid
    tickets = URLSafeTimedSerializer(running.server.secret_key, salt="chronicle-stream-ticket")
    url = f"{running.url}/api/v1/games/{game_id}/stream?chat=0"
    bob = Reader(url + "&ticket=" + tickets.dumps({"g": str(game_id), "s": 1}))
    public = Reader(url)
    for reader in (bob, public):
        (_, (event, data)) = reader.messages(2)
        assert event == "chat" and data["messages"] == []
    chats.post(game_id, Sender(None, "acc", "Kibitzer"), "spectators", "Ann has the fences")
    chats.post(game_id, Sender(2, None, "Cid"), "seats", "from Cid")
    chats.post(game_id, Sender(0, None, "Ann"), "seats", "from Ann")
    ((event, data),) = bob.messages(1)
    assert event == "chat" and [m["text"] for m in data["messages"]] == ["from Ann"]
    seen = []
    while len(seen) < 3:
        ((event, data),) = public.messages(1)
        seen += [m["text"] for m in data["messages"]]
    assert seen == ["Ann has the fences", "from Cid", "from Ann"]
    for reader in (bob, public):
        reader.close()
