"""The two HTTP endpoints of the read side, through the real app factory.

``PUT …/seats/{seat}/notifications`` with the Flask test client; ``GET …/stream`` (Server-Sent
Events) through a real threaded HTTP server, read with a streaming HTTP client.
"""

from __future__ import annotations

import json
import threading
import time
import uuid

import pytest
import requests
from werkzeug.serving import make_server

from projections import subscriptions
from tests.service.helpers import new_game


def test_a_seat_subscribes_with_its_own_token(client):
    game = new_game(client)
    url = f"{game.url}/seats/1/notifications"
    body = {"webhook_url": "https://bot.example.com/hook", "email": "bob@example.com"}
    assert client.put(url, json=body).status_code == 401
    assert client.put(url, json=body, headers=game.auth(0)).status_code == 403
    assert client.put(
        f"{game.url}/seats/7/notifications", json=body, headers=game.auth(1)
    ).status_code in (403, 404)
    bad = client.put(url, json={"webhook_url": "ftp://x"}, headers=game.auth(1))
    assert bad.status_code == 422 and "webhook_url" in bad.get_json()["errors"]
    assert client.put(url, json={"nope": 1}, headers=game.auth(1)).status_code == 422
    answer = client.put(url, json=body, headers=game.auth(1))
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert data["webhook"]["url"] == body["webhook_url"]
    assert data["webhook"]["secret"].startswith("whsec_")
    assert data["email"] == "bob@example.com" and data["seat"] == 1
    shown = client.get(url, headers=game.auth(1)).get_json()
    assert shown["webhook"] == {"url": body["webhook_url"]} and shown["email"] == body["email"]
    # the seat token is nowhere in what was stored
    app = client.application.extensions["chronicle"].games()
    stored = json.dumps(subscriptions.current(app, uuid.UUID(game.id)))
    assert all(token not in stored for token in game.tokens)
    assert client.delete(url, headers=game.auth(1)).status_code == 204
    assert client.get(url, headers=game.auth(1)).get_json()["webhook"] is None


def test_the_endpoints_are_in_the_openapi_document(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert "put" in paths["/api/v1/games/{game_id}/seats/{seat}/notifications"]
    assert "get" in paths["/api/v1/games/{game_id}/stream"]


class Server:
    """The app on a real threaded HTTP server (as gunicorn's gthread workers serve it)."""

    def __init__(self, app) -> None:
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture
def server(app):
    running = Server(app)
    yield running
    running.close()


class Events:
    """Reads Server-Sent Events from a streaming response."""

    def __init__(self, response) -> None:
        self.response = response
        self.lines = response.iter_lines(decode_unicode=True)

    def next(self) -> dict:
        message: dict = {}
        for line in self.lines:
            if line == "":
                if "data" in message:
                    message["data"] = json.loads(message["data"])
                    return message
                message = {}
                continue
            if line.startswith(":"):
                continue
            key, _, value = line.partition(": ")
            message[key] = value
        raise AssertionError("the stream ended")


def open_stream(server, game, headers=None, **params):
    response = requests.get(
        f"{server.url}/api/v1/games/{game.id}/stream",
        headers=headers,
        params=params,
        stream=True,
        timeout=10,
    )
    assert response.status_code == 200, response.text
    assert response.headers["Content-Type"].startswith("text/event-stream")
    return Events(response)


def test_a_stream_follows_a_game_per_viewer_and_resumes(client, server):
    game = new_game(client)
    public = open_stream(server, game)
    bob = open_stream(server, game, headers=game.auth(1))
    first = public.next()
    assert first["event"] == "snapshot" and first["data"]["to_act"] == [0]
    assert bob.next()["id"] == "1"
    t0 = time.perf_counter()
    assert (
        client.post(
            f"{game.url}/moves", json={"type": "add", "by": 2}, headers=game.auth(0)
        ).status_code
        == 201
    )
    message = public.next()
    assert time.perf_counter() - t0 < 2.0
    assert message["event"] == "version" and message["id"] == "2"
    assert message["data"]["to_act"] == [1]
    assert [e["type"] for e in message["data"]["events"]] == ["CounterAdvanced"]
    assert bob.next()["data"]["version"] == 2
    public.response.close()
    bob.response.close()
    # resuming from Last-Event-ID: every event after it, redacted for the viewer
    again = open_stream(server, game, headers={**game.auth(1), "Last-Event-ID": "0"})
    replay = again.next()
    assert replay["id"] == "2"
    created = replay["data"]["events"][0]
    assert created["type"] == "GameCreated"
    secrets = [f["data"].get("_private") for f in created["data"]["setup"]]
    assert secrets == [{"1": secrets[0]["1"]}]  # Bob's own secret only
    again.response.close()
    anon = open_stream(server, game, lastEventId="0").next()
    assert all("_private" not in f["data"] for f in anon["data"]["events"][0]["data"]["setup"])


def test_a_ticket_opens_a_seat_stream_without_a_token_in_the_url(client, server):
    game = new_game(client)
    answer = client.post(f"{game.url}/stream/tickets", headers=game.auth(1))
    assert answer.status_code == 201
    ticket = answer.get_json()["ticket"]
    assert game.tokens[1] not in ticket
    events = open_stream(server, game, ticket=ticket, lastEventId="0")
    created = events.next()["data"]["events"][0]
    assert [list(f["data"].get("_private", {})) for f in created["data"]["setup"]] == [["1"]]
    events.response.close()
    other = new_game(client)
    refused = requests.get(
        f"{server.url}/api/v1/games/{other.id}/stream", params={"ticket": ticket}, timeout=5
    )
    assert refused.status_code == 403


def test_open_streams_do_not_starve_other_requests(client, server, app):
    from service.stream_api import EXTENSION

    game = new_game(client)
    hub = app.extensions[EXTENSION]
    streams = []
    for _ in range(hub.max_streams):
        stream = open_stream(server, game)
        stream.next()
        streams.append(stream)
    t0 = time.perf_counter()
    assert requests.get(f"{server.url}{game.url}", timeout=5).status_code == 200
    assert time.perf_counter() - t0 < 1.0
    full = requests.get(f"{server.url}{game.url}/stream", timeout=5)
    assert full.status_code == 503 and full.headers["Retry-After"] == "5"
    assert full.headers["Content-Type"].startswith("application/problem+json")
    for stream in streams:
        stream.response.close()
    # a slot comes back when its stream next writes to the closed connection
    assert (
        client.post(
            f"{game.url}/moves", json={"type": "add", "by": 1}, headers=game.auth(0)
        ).status_code
        == 201
    )
    deadline = time.time() + 10
    while hub.open_streams and time.time() < deadline:
        time.sleep(0.05)
    assert hub.open_streams == 0


@pytest.mark.parametrize(
    "hook", ["https://[127.0.0.1]/", "https://[::1/", "https://x:99999/", "https://[::1]:0x50/"]
)
def test_a_malformed_host_or_port_is_a_422_not_a_500(client, hook):
    """Issue 22: urllib's ValueError for these reached the client as a 500."""
    game = new_game(client)
    bad = client.put(
        f"{game.url}/seats/1/notifications", json={"webhook_url": hook}, headers=game.auth(1)
    )
    assert bad.status_code == 422, bad.get_data(True)
    assert "webhook_url" in bad.get_json()["errors"]
