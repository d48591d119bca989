"""Helpers the service tests share: create games, make moves, check problems."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class GameHandle:
    """A game created through the API, with its seat tokens."""

    id: str
    tokens: list[str]
    body: dict

    def auth(self, seat: int) -> dict:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    @property
    def url(self) -> str:
        return f"/api/v1/games/{self.id}"


def new_game(
    client,
    players=("Ann", "Bob"),
    seed: int | None = 7,
    goal: int | None = None,
    title: str = "toy",
    options: dict | None = None,
) -> GameHandle:
    body = {"title": title, "players": list(players)}
    if seed is not None:
        body["seed"] = seed
    if goal is not None or options:
        body["options"] = dict(options or {}, **({"goal": goal} if goal is not None else {}))
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return GameHandle(data["id"], [s["token"] for s in data["seats"]], data)


def move(client, game: GameHandle, seat: int, body: dict, **headers):
    return client.post(f"{game.url}/moves", json=body, headers={**game.auth(seat), **headers})


def play_turns(client, game: GameHandle, count: int) -> int:
    """Make ``count`` legal moves (whoever is to act, first legal move); returns the version."""
    version = None
    for _ in range(count):
        summary = client.get(game.url).get_json()
        seat = summary["to_act"][0]
        moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        response = move(client, game, seat, moves[0])
        assert response.status_code == 201, response.get_json()
        version = response.get_json()["version"]
    return version


def assert_problem(response, status: int, code: str | None = None) -> dict:
    """The response is an RFC 9457 problem with this status (and code)."""
    assert response.status_code == status, (response.status_code, response.get_data(True))
    assert response.mimetype == "application/problem+json", response.mimetype
    body = response.get_json()
    assert body["type"] == "about:blank"
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["params"], dict)
    if code is not None:
        assert body["code"] == code, body
    return body
