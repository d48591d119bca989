"""Issue 22: rate limits on creating, forking, importing and moving, per client address and
per seat, in Redis (429 with Retry-After and a sentence); an empty setting turns them off."""

from __future__ import annotations

import uuid

import pytest

from service.app import create_app
from service.bootstrap import bootstrap, init_db
from tests.conftest import REDIS_URL, sqlite_settings

from .helpers import assert_problem

pytestmark = pytest.mark.redis


@pytest.fixture
def limited(tmp_path, request):
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip("Redis is not reachable")
    made = []

    def build(spec, redis_url=REDIS_URL):
        # a data directory of its own, so its counters are its own
        settings = sqlite_settings(
            tmp_path / uuid.uuid4().hex, rate_limits=spec, redis_url=redis_url
        )
        init_db(settings).close()
        services = bootstrap(settings)
        made.append(services)
        return create_app(services=services).test_client()

    yield build
    for services in made:
        services.close()


GAME = {"title": "toy", "players": ["Ann", "Bob"]}


def test_creating_games_is_limited_per_address_with_retry_after(limited):
    client = limited("create=3/minute")
    for _ in range(3):
        assert client.post("/api/v1/games", json=GAME).status_code == 201
    problem = assert_problem(client.post("/api/v1/games", json=GAME), 429, "rate_limited")
    assert "at most 3 per minute" in problem["detail"]
    answer = client.post("/api/v1/games", json=GAME)
    assert 1 <= int(answer.headers["Retry-After"]) <= 60
    other = client.post("/api/v1/games", json=GAME, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201  # another address has its own count


def test_moves_are_limited_per_seat(limited):
    client = limited("move=2/minute")
    body = client.post("/api/v1/games", json=GAME).get_json()
    game, tokens = body["id"], [s["token"] for s in body["seats"]]

    def move(seat, addr):
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        listed = client.get(f"/api/v1/games/{game}/moves", headers=auth).get_json()["moves"]
        return client.post(
            f"/api/v1/games/{game}/moves",
            json=listed[0],
            headers=auth,
            environ_base={"REMOTE_ADDR": addr},
        )

    assert move(0, "10.0.0.1").status_code == 201  # add
    assert move(1, "10.0.0.2").status_code == 201  # add (a bonus is drawn: both get ready)
    assert move(0, "10.0.0.3").status_code == 201  # ready
    assert move(1, "10.0.0.4").status_code == 201  # ready: a new lap, Ann to act
    assert_problem(move(0, "10.0.0.5"), 429, "rate_limited")  # Ann's third, from anywhere


def test_imports_and_forks_are_limited(limited):
    client = limited("fork=1/minute, import=1/minute")
    game = client.post(
        "/api/v1/games", json={**GAME, "seed": 3, "options": {"secrets": False}}
    ).get_json()["id"]
    assert client.post(f"/api/v1/games/{game}/forks", json={"version": 1}).status_code == 201
    assert_problem(
        client.post(f"/api/v1/games/{game}/forks", json={"version": 1}), 429, "rate_limited"
    )
    record = {"format": "chronicle-game-record/1", "events": []}
    assert client.post("/api/v1/games/import", json=record).status_code == 422
    assert_problem(client.post("/api/v1/games/import", json=record), 429, "rate_limited")


def test_an_empty_setting_turns_limits_off(limited):
    client = limited("")
    for _ in range(40):
        assert client.post("/api/v1/games", json=GAME).status_code == 201


def test_the_default_limits_never_slow_a_bot_playing_at_its_pace(limited):
    from service.config import DEFAULT_RATE_LIMITS

    client = limited(DEFAULT_RATE_LIMITS)
    body = client.post("/api/v1/games", json=GAME).get_json()
    game, token = body["id"], body["seats"][0]["token"]
    for _ in range(20):  # a bot playing as fast as it can, alone in a 1-player race
        seat_to_act = client.get(f"/api/v1/games/{game}").get_json()["to_act"]
        if not seat_to_act:
            break
        token = body["seats"][seat_to_act[0]]["token"]
        answer = client.get(
            f"/api/v1/games/{game}/moves", headers={"Authorization": f"Bearer {token}"}
        )
        moves = answer.get_json()["moves"]
        reply = client.post(
            f"/api/v1/games/{game}/moves",
            json=moves[0],
            headers={"Authorization": f"Bearer {body['seats'][seat_to_act[0]]['token']}"},
        )
        assert reply.status_code == 201
    assert token


def test_limits_hold_loosely_without_redis(limited):
    client = limited("create=2/minute", redis_url="redis://127.0.0.1:1/0")
    assert client.post("/api/v1/games", json=GAME).status_code == 201
    assert client.post("/api/v1/games", json=GAME).status_code == 201
    assert client.post("/api/v1/games", json=GAME).status_code == 429


def test_the_429_sentence_is_in_the_readers_language(limited):
    """Whole sentences per action and client, the window counted in the reader's language."""
    client = limited("create=1/minute;3/5minute")
    assert client.post("/api/v1/games", json=GAME).status_code == 201
    ru = assert_problem(
        client.post("/api/v1/games", json=GAME, headers={"Accept-Language": "ru"}),
        429,
        "rate_limited",
    )
    assert ru["detail"].startswith("Слишком много новых партий с этого адреса"), ru["detail"]
    assert "не больше 1 за минуту" in ru["detail"], ru["detail"]
    cs = assert_problem(client.post("/api/v1/games?lang=cs", json=GAME), 429, "rate_limited")
    assert "nejvýše 1 za minutu" in cs["detail"], cs["detail"]
