"""A client that knows only shared/design/api.md plays complete Agricola family games.

It chooses only from ``GET …/moves``, then checks what the contract promises about history:
the state at every version it saw, forks at move ends, undo with consent, audit, export and
import, and score sheets at chosen versions. 2, 3 and 4 players, each with its own seed.
"""

from __future__ import annotations

import random

import pytest

from domain.common.errors import DomainError
from domain.platform import registry


def _available() -> bool:
    try:
        registry.current("agricola")
    except DomainError:
        return False
    return True


pytestmark = pytest.mark.skipif(not _available(), reason="the agricola title is not registered")

API = "/api/v1"


class Client:
    """Everything below goes through HTTP and the documented fields only."""

    def __init__(
        self, http, players: list[str], seed: int, title: str = "agricola", variant: str = "family"
    ) -> None:
        self.http = http
        response = http.post(
            f"{API}/games",
            json={"title": title, "variant": variant, "players": players, "seed": seed},
        )
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        assert response.headers["Location"].endswith(body["id"])
        self.id = body["id"]
        self.tokens = {s["seat"]: s["token"] for s in body["seats"]}
        self.rng = random.Random(seed)
        self.ends: list[int] = [body["version"]]  # versions that end a move (or the set-up)

    def url(self, path: str = "") -> str:
        return f"{API}/games/{self.id}{path}"

    def auth(self, seat: int) -> dict:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def summary(self) -> dict:
        response = self.http.get(self.url())
        assert response.headers["ETag"] == f'"{response.get_json()["version"]}"'
        return response.get_json()

    def play_one(self) -> dict | None:
        summary = self.summary()
        if summary["status"] == "finished":
            assert summary["to_act"] == []
            return None
        seat = self.rng.choice(summary["to_act"])
        listed = self.http.get(self.url("/moves"), headers=self.auth(seat)).get_json()
        assert listed["seat"] == seat and listed["version"] == summary["version"]
        assert listed["moves"], "a seat the game waits for has nothing to do"
        for other in self.tokens:
            if other not in summary["to_act"]:
                assert (
                    self.http.get(self.url("/moves"), headers=self.auth(other)).get_json()["moves"]
                    == []
                )
        chosen = self.rng.choice(listed["moves"])
        response = self.http.post(
            self.url("/moves"),
            json=chosen,
            headers={**self.auth(seat), "If-Match": f'"{listed["version"]}"'},
        )
        assert response.status_code == 201, (chosen, response.get_json())
        body = response.get_json()
        versions = [e["version"] for e in body["events"]]
        assert versions == list(range(summary["version"] + 1, body["version"] + 1))
        assert all(isinstance(e["text"], str) and e["text"] for e in body["events"])
        self.ends.append(body["version"])
        return body

    def play_to_end(self, limit: int = 5000) -> None:
        for _ in range(limit):
            if self.play_one() is None:
                return
        raise AssertionError("the game did not end")

    def state(self, version: int | None = None, seat: int | None = None) -> dict:
        query = "" if version is None else f"?version={version}"
        headers = self.auth(seat) if seat is not None else {}
        response = self.http.get(self.url(f"/state{query}"), headers=headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()


def check_finished(http, game: Client, n: int, seed: int) -> dict:
    """A finished game's summary, sheet, audit and record round trip agree; returns the
    exported record."""
    final = game.summary()
    assert final["status"] == "finished" and final["seed"] == seed
    scores = http.get(game.url("/scores")).get_json()
    assert scores["final"] is True and len(scores["seats"]) == n
    for row in scores["seats"]:
        assert row["total"] == sum(c["points"] for c in row["categories"])
    assert final["winners"] == scores["winners"]
    state = game.state()["state"]
    assert state["final"]["scores"] == [r["total"] for r in scores["seats"]]
    audit = http.get(game.url("/audit?detail=true")).get_json()
    assert audit["ok"] is True and audit["mismatches"] == []
    record = http.get(game.url("/export")).get_json()
    response = http.post(f"{API}/games/import", json=record)
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()
    assert http.get(f"{API}/games/{copy['id']}/scores").get_json()["seats"] == scores["seats"]
    return record


@pytest.mark.slow
@pytest.mark.parametrize(
    "players,seed",
    [(["Ann", "Bob"], 11), (["Ann", "Bob", "Cid"], 12), (["Ann", "Bob", "Cid", "Dee"], 13)],
)
def test_complete_games_then_history_forks_audit_and_records(client, players, seed):
    game = Client(client, players, seed)
    seen: dict[int, dict] = {}
    while True:
        seen[game.summary()["version"]] = game.state()["state"]
        if game.play_one() is None:
            break
    final = game.summary()
    assert final["status"] == "finished" and final["seed"] == seed

    # the state at every version a client saw is what it saw then (finished: all public)
    for version, state in seen.items():
        assert game.state(version)["state"] == state, version

    # every version has a state, a score sheet and an event
    events = client.get(game.url("/events?after=0&limit=1000")).get_json()["events"]
    assert [e["version"] for e in events][:3] == [1, 2, 3]
    for version in game.rng.sample(range(1, final["version"] + 1), 25):
        assert game.state(version)["version"] == version
        sheet = client.get(game.url(f"/scores?version={version}")).get_json()
        assert sheet["version"] == version and len(sheet["seats"]) == len(players)
        for row in sheet["seats"]:
            assert row["total"] == sum(c["points"] for c in row["categories"])

    scores = client.get(game.url("/scores")).get_json()
    assert scores["final"] is True
    best = max(r["total"] for r in scores["seats"])
    assert scores["winners"] == [r["seat"] for r in scores["seats"] if r["total"] == best]
    assert final["winners"] == scores["winners"]

    audit = client.get(game.url("/audit")).get_json()
    assert audit["ok"] is True and audit["mismatches"] == [] and audit["checked"] > 10

    # forks at move ends start from exactly that history and can be played on
    for version in game.rng.sample(game.ends[:-1], 3):
        response = client.post(game.url("/forks"), json={"version": version})
        assert response.status_code == 201, response.get_json()
        fork = response.get_json()
        assert fork["parent"] == {"game": game.id, "version": version}
        assert fork["version"] == version
        fork_client = Client.__new__(Client)
        fork_client.http, fork_client.id = client, fork["id"]
        fork_client.tokens = {s["seat"]: s["token"] for s in fork["seats"]}
        fork_client.rng, fork_client.ends = random.Random(version), [version]
        assert fork_client.state()["state"] == seen[version]
        for _ in range(5):
            if fork_client.play_one() is None:
                break
        assert client.get(fork_client.url("/audit")).get_json()["ok"] is True
    assert game.summary()["version"] == final["version"]  # the original is unchanged

    # the record round-trips, tamper-evident and re-audited
    record = client.get(game.url("/export")).get_json()
    response = client.post(f"{API}/games/import", json=record)
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()
    assert client.get(f"{API}/games/{copy['id']}/scores").get_json()["seats"] == scores["seats"]


def test_undo_with_consent_through_the_api(client):
    game = Client(client, ["Ann", "Bob", "Cid"], 21)
    for _ in range(12):
        game.play_one()
    target = game.ends[-4]
    before = game.state(target)["state"]
    events_before = client.get(game.url("/events?after=0&limit=1000")).get_json()["events"]
    requester = game.summary()["to_act"][0]
    response = client.post(
        game.url("/undo"), json={"version": target}, headers=game.auth(requester)
    )
    answer = response.get_json()
    # 200 when applied at once, 202 while it waits for the others' consent
    assert response.status_code == (202 if answer["status"] == "pending" else 200), answer
    if answer["status"] == "pending":
        assert game.summary()["to_act"] == []  # play waits for the answers
        for seat in answer["waiting"]:
            accepted = client.post(
                game.url(f"/undo/{answer['request_id']}/accept"), headers=game.auth(seat)
            )
            assert accepted.status_code == 200, accepted.get_json()
    assert game.state()["state"] == before
    events = client.get(game.url("/events?after=0&limit=1000")).get_json()["events"]
    undone = [e["version"] for e in events if e["undone"]]
    assert undone and min(undone) == target + 1
    assert len(events) > len(events_before)  # nothing deleted, the undo is appended
    assert client.get(game.url("/audit")).get_json()["ok"] is True
    game.play_to_end()
    assert client.get(game.url("/audit")).get_json()["ok"] is True
