"""The OpenAPI document: complete, and true to what the service answers (schemathesis)."""

from __future__ import annotations

import itertools

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.app import create_app
from service.config import Settings

from .helpers import new_game

#: generated requests per operation and mode (the suite's time budget)
MAX_EXAMPLES = 25

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


def test_the_document_is_openapi_3_1_with_every_endpoint(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    expected = {
        ("get", "/api/v1/titles"),
        ("post", "/api/v1/games"),
        ("get", "/api/v1/games"),
        ("get", "/api/v1/games/{game_id}"),
        ("get", "/api/v1/games/{game_id}/moves"),
        ("post", "/api/v1/games/{game_id}/moves"),
        ("get", "/api/v1/games/{game_id}/state"),
        ("get", "/api/v1/games/{game_id}/events"),
        ("get", "/api/v1/games/{game_id}/scores"),
        ("post", "/api/v1/games/{game_id}/forks"),
        ("post", "/api/v1/games/{game_id}/undo"),
        ("post", "/api/v1/games/{game_id}/undo/{request_id}/accept"),
        ("post", "/api/v1/games/{game_id}/undo/{request_id}/reject"),
        ("get", "/api/v1/games/{game_id}/audit"),
        ("get", "/api/v1/games/{game_id}/export"),
        ("post", "/api/v1/games/import"),
        ("get", "/healthz"),
    }
    found = {(m, p) for p, ops in doc["paths"].items() for m in ops if m != "parameters"}
    assert expected <= found
    for method, path in expected:
        operation = doc["paths"][path][method]
        success = [s for s in operation["responses"] if str(s).startswith("2")]
        assert success, (method, path)
        for status in success:
            assert "$ref" in str(operation["responses"][status]), (method, path)
        assert "default" in operation["responses"], (method, path)
        if method == "post" and not path.endswith(("accept", "reject")):
            assert "requestBody" in operation, (method, path)
    problem = doc["components"]["responses"]["UNPROCESSABLE_ENTITY"]["content"]
    assert "application/problem+json" in problem
    assert doc["components"]["securitySchemes"]["seatToken"]["scheme"] == "bearer"


def test_the_interactive_docs_are_served(client):
    page = client.get("/api/v1/docs")
    assert page.status_code == 200 and b"swagger" in page.data.lower()


#: the blueprints of this issue (notifications and streams are fuzzed by their own tests)
TAGS = {"titles", "games", "play", "history", "health"}


def _fuzz_cases() -> list:
    """(method, path, mode) for every documented operation of :data:`TAGS`, read at collection
    time (no store is needed); invalid requests only where the operation takes some input."""
    settings = Settings.from_env(
        {
            "CHRONICLE_DATA_DIR": "/nonexistent/chronicle",
            "CHRONICLE_SECRET_KEY": "k",
            "REDIS_URL": "",
        }
    )
    doc = create_app(settings).test_client().get("/api/v1/openapi.json").get_json()
    cases = []
    for path, operations in sorted(doc["paths"].items()):
        for method, operation in sorted(operations.items()):
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            if not TAGS.intersection(operation.get("tags", [])):
                continue
            cases.append(
                pytest.param(method, path, GenerationMode.POSITIVE, id=f"{method} {path} valid")
            )
            if "{" in path or operation.get("parameters") or operation.get("requestBody"):
                cases.append(
                    pytest.param(
                        method, path, GenerationMode.NEGATIVE, id=f"{method} {path} invalid"
                    )
                )
    return cases


@pytest.fixture
def known_game(sqlite_app):
    """A game with a few moves, so generated requests can aim at something real."""
    client = sqlite_app.test_client()
    game = new_game(client, seed=None, goal=1000)
    for _ in range(3):
        seat = client.get(game.url).get_json()["to_act"][0]
        client.post(f"{game.url}/moves", json={"type": "add", "by": 1}, headers=game.auth(seat))
    return game


@pytest.mark.slow
@pytest.mark.parametrize("method, path, mode", _fuzz_cases())
def test_every_operation_answers_as_documented(sqlite_app, known_game, method, path, mode):
    """Generated requests (valid and not) never get a 5xx nor an undocumented answer.

    Two cases in three aim at a real game, and half of those carry one of its seat tokens,
    so the fuzzing reaches past 404 and 401.
    """
    operation = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", sqlite_app)[path][method]
    counter = itertools.count()

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(case):
        n = next(counter)
        if case.path_parameters and "game_id" in case.path_parameters and n % 3:
            case.path_parameters["game_id"] = known_game.id
            if n % 3 == 1:
                case.headers = {**(case.headers or {}), **known_game.auth(n % 2)}
        checks = CHECKS + ([negative_data_rejection] if mode == GenerationMode.NEGATIVE else [])
        case.call_and_validate(checks=checks)

    check()
