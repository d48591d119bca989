"""The accounts' JSON routes are in the OpenAPI document, and what they answer (successes and
problems) validates against it; generated requests never get a 5xx nor an undocumented answer
(issue 33)."""

from __future__ import annotations

import itertools

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from service.app import create_app
from service.config import Settings
from tests.accounts.helpers import sign_up
from tests.service.test_openapi import CHECKS

ROUTES = {
    ("get", "/api/v1/account"),
    ("post", "/api/v1/signin"),
    ("post", "/api/v1/account/signout"),
    ("get", "/api/v1/account/sessions"),
    ("delete", "/api/v1/account/sessions"),
    ("delete", "/api/v1/account/sessions/{session_id}"),
    ("get", "/api/v1/account/passkeys"),
    ("delete", "/api/v1/account/passkeys/{credential}"),
    ("get", "/api/v1/account/export"),
    ("post", "/api/v1/account/delete"),
    ("post", "/api/v1/account/name"),
    ("get", "/api/v1/account/games"),
    ("get", "/api/v1/account/invitations"),
    ("get", "/api/v1/account/ratings"),
    ("get", "/api/v1/ratings/{title}/{variant}"),
    ("get", "/api/v1/tables"),
    ("post", "/api/v1/tables"),
    ("get", "/api/v1/tables/{table_id}"),
    ("post", "/api/v1/tables/{table_id}/join"),
    ("post", "/api/v1/tables/{table_id}/leave"),
    ("post", "/api/v1/tables/{table_id}/close"),
    ("post", "/api/v1/tables/{table_id}/start"),
    ("get", "/signin/passkey/options"),
    ("post", "/signin/passkey"),
    ("get", "/account/passkeys/options"),
    ("post", "/account/passkeys"),
}


class Document:
    """The served OpenAPI document, able to validate an answer against an operation."""

    def __init__(self, client) -> None:
        self.doc = client.get("/api/v1/openapi.json").get_json()
        self.schema = schemathesis.openapi.from_dict(self.doc)

    def check(self, method: str, path: str, answer, status: int | None = None) -> dict:
        """Validate ``answer`` (a test client's response) against the document: its status is
        documented (or ``default``), its media type too, its body matches the schema."""
        if status is not None:
            assert answer.status_code == status, answer.data[:400]
        responses = self.doc["paths"][path][method]["responses"]
        documented = responses.get(str(answer.status_code), responses.get("default"))
        assert documented is not None, (method, path, answer.status_code)
        while "$ref" in documented:
            documented = self.doc["components"]["responses"][documented["$ref"].split("/")[-1]]
        if documented.get("content"):
            assert answer.mimetype in documented["content"], (method, path, answer.mimetype)
        self.schema[path][method].validate_response(answer)
        return answer.get_json(silent=True) or {}


def test_every_accounts_json_route_is_documented(client):
    doc = Document(client).doc
    found = {(m, p) for p, ops in doc["paths"].items() for m in ops if m != "parameters"}
    assert found >= ROUTES, sorted(ROUTES - found)
    for method, path in ROUTES:
        operation = doc["paths"][path][method]
        assert "players" in operation["tags"], (method, path)
        assert any(str(s).startswith("2") for s in operation["responses"]), (method, path)
        assert "default" in operation["responses"], (method, path)
    scheme = doc["components"]["securitySchemes"]["accountSession"]
    assert scheme == {**scheme, "type": "apiKey", "in": "cookie"}


def test_the_accounts_answers_validate_against_the_document(app):
    """A walk through every JSON route, signed out and signed in: each answer (and each
    problem) is what the document says."""
    guest, ann, bob = app.test_client(), app.test_client(), app.test_client()
    doc = Document(guest)
    assert doc.check("get", "/api/v1/account", guest.get("/api/v1/account"), 200) == {
        "signed_in": False
    }
    problem = doc.check("get", "/api/v1/account/games", guest.get("/api/v1/account/games"), 401)
    assert problem["code"] == "sign_in_required"
    sent = guest.post("/api/v1/signin", json={"email": "zed@example.org"})
    assert doc.check("post", "/api/v1/signin", sent, 202)["sent"] is True
    bad = guest.post("/api/v1/signin", json={"email": "not an address"})
    assert doc.check("post", "/api/v1/signin", bad, 422)["code"] == "email_invalid"

    sign_up(ann, "ann-doc@example.org", "Ann")
    sign_up(bob, "bob-doc@example.org", "Bob")
    me = doc.check("get", "/api/v1/account", ann.get("/api/v1/account"), 200)
    assert me["name"] == "Ann" and me["csrf_token"]
    h_ann = {"X-CSRF-Token": me["csrf_token"]}
    h_bob = {"X-CSRF-Token": bob.get("/api/v1/account").get_json()["csrf_token"]}
    no_token = ann.post("/api/v1/tables", json={"title": "toy", "variant": "race"})
    assert doc.check("post", "/api/v1/tables", no_token, 403)["code"] == "csrf_token_invalid"

    spec = {
        "title": "toy",
        "variant": "race",
        "seats": [{"kind": "open"}],
        "rated": True,
        "clock": "per_move:86400",
    }
    made = doc.check(
        "post", "/api/v1/tables", ann.post("/api/v1/tables", json=spec, headers=h_ann), 201
    )
    tid = made["id"]
    assert made["open_seats"] == 1 and made["status"] == "open"
    listed = doc.check("get", "/api/v1/tables", bob.get("/api/v1/tables?title=toy"), 200)
    assert [t["id"] for t in listed["tables"]] == [tid]
    doc.check("get", "/api/v1/tables/{table_id}", guest.get(f"/api/v1/tables/{tid}"), 200)
    missing = guest.get("/api/v1/tables/not-a-table")
    assert doc.check("get", "/api/v1/tables/{table_id}", missing, 404)["code"] == "table_not_found"
    again = ann.post(f"/api/v1/tables/{tid}/join", json={}, headers=h_ann)
    assert doc.check("post", "/api/v1/tables/{table_id}/join", again, 409)["code"] == (
        "table_already_seated"
    )
    guest_join = guest.post(f"/api/v1/tables/{tid}/join", json={})
    assert doc.check("post", "/api/v1/tables/{table_id}/join", guest_join, 401)
    started = bob.post(f"/api/v1/tables/{tid}/join", json={}, headers=h_bob)
    started = doc.check("post", "/api/v1/tables/{table_id}/join", started, 200)
    assert started["status"] == "started" and started["game"]
    full = bob.post(f"/api/v1/tables/{tid}/leave", headers=h_bob)
    assert doc.check("post", "/api/v1/tables/{table_id}/leave", full, 409)

    invite = {"title": "toy", "variant": "race", "seats": [{"kind": "invited", "name": "bob"}]}
    made = ann.post("/api/v1/tables", json=invite, headers=h_ann)
    second = doc.check("post", "/api/v1/tables", made, 201)["id"]
    invited = doc.check(
        "get", "/api/v1/account/invitations", bob.get("/api/v1/account/invitations"), 200
    )
    assert [t["id"] for t in invited["tables"]] == [second]
    unknown = ann.post(
        "/api/v1/tables",
        json={**invite, "seats": [{"kind": "invited", "name": "Nobody Here"}]},
        headers=h_ann,
    )
    assert doc.check("post", "/api/v1/tables", unknown, 422)["code"] == "table_invited_unknown"
    closed = ann.post(f"/api/v1/tables/{second}/close", headers=h_ann)
    assert doc.check("post", "/api/v1/tables/{table_id}/close", closed, 200)["status"] == "closed"
    third = ann.post("/api/v1/tables", json={"title": "toy", "variant": "race"}, headers=h_ann)
    third = doc.check("post", "/api/v1/tables", third, 201)["id"]
    now = doc.check(
        "post",
        "/api/v1/tables/{table_id}/start",
        ann.post(f"/api/v1/tables/{third}/start", headers=h_ann),
        200,
    )
    assert now["status"] == "started"

    games = doc.check("get", "/api/v1/account/games", ann.get("/api/v1/account/games"), 200)
    assert len(games["games"]) == 2
    doc.check("get", "/api/v1/account/ratings", ann.get("/api/v1/account/ratings"), 200)
    board = doc.check(
        "get", "/api/v1/ratings/{title}/{variant}", guest.get("/api/v1/ratings/toy/race"), 200
    )
    assert board["title"] == "toy"
    nowhere = guest.get("/api/v1/ratings/toy/nowhere")
    assert doc.check("get", "/api/v1/ratings/{title}/{variant}", nowhere, 404)

    listed = doc.check("get", "/api/v1/account/sessions", ann.get("/api/v1/account/sessions"), 200)
    assert [s["current"] for s in listed["sessions"]] == [True]
    doc.check("get", "/api/v1/account/passkeys", ann.get("/api/v1/account/passkeys"), 200)
    gone = ann.delete("/api/v1/account/passkeys/nothing", headers=h_ann)
    assert doc.check("delete", "/api/v1/account/passkeys/{credential}", gone, 200) == {"ended": 0}
    doc.check("get", "/signin/passkey/options", guest.get("/signin/passkey/options"), 200)
    doc.check("get", "/account/passkeys/options", ann.get("/account/passkeys/options"), 200)
    refused = ann.post("/account/passkeys", json={"id": "x"}, headers=h_ann)
    assert doc.check("post", "/account/passkeys", refused, 422)["code"] == "passkey_refused"
    exported = doc.check("get", "/api/v1/account/export", ann.get("/api/v1/account/export"), 200)
    assert exported["account"]["name"] == "Ann"

    phone = app.test_client()
    sign_up(phone, "cyd-doc@example.org", "Cyd")
    h_cyd = {"X-CSRF-Token": phone.get("/api/v1/account").get_json()["csrf_token"]}
    wrong = phone.post("/api/v1/account/delete", json={"confirm": "Ann"}, headers=h_cyd)
    assert doc.check("post", "/api/v1/account/delete", wrong, 422)["code"] == "delete_not_confirmed"
    deleted = phone.post("/api/v1/account/delete", json={"confirm": "Cyd"}, headers=h_cyd)
    assert doc.check("post", "/api/v1/account/delete", deleted, 200)["shown_as"].startswith(
        "Deleted player"
    )
    out = bob.post("/api/v1/account/signout", headers=h_bob)
    assert doc.check("post", "/api/v1/account/signout", out, 200) == {"ended": 1}
    assert bob.get("/api/v1/account").get_json() == {"signed_in": False}
    everywhere = ann.delete("/api/v1/account/sessions", headers=h_ann)
    assert doc.check("delete", "/api/v1/account/sessions", everywhere, 200)["ended"] >= 1
    assert ann.get("/api/v1/account").get_json() == {"signed_in": False}


def _fuzz_cases() -> list:
    """Valid requests for every route; invalid ones where a route takes a body or a query
    (a path segment that is any string cannot be made invalid)."""
    settings = Settings.from_env(
        {
            "CHRONICLE_DATA_DIR": "/nonexistent/chronicle",
            "CHRONICLE_SECRET_KEY": "k",
            "REDIS_URL": "",
        }
    )
    doc = create_app(settings).test_client().get("/api/v1/openapi.json").get_json()
    cases = []
    for method, path in sorted(ROUTES):
        operation = doc["paths"][path][method]
        modes = [GenerationMode.POSITIVE]
        if operation.get("parameters") or operation.get("requestBody"):  # strings in paths: any
            modes.append(GenerationMode.NEGATIVE)
        cases += [
            pytest.param(method, path, m, id=f"{method} {path} {m.name.lower()}") for m in modes
        ]
    return cases


@pytest.mark.slow
@pytest.mark.parametrize("method, path, mode", _fuzz_cases())
def test_generated_requests_answer_as_documented(sqlite_app, method, path, mode):
    """Generated requests (signed out, and signed in for half of them) never get a 5xx nor an
    undocumented answer."""
    signed = sqlite_app.test_client()
    sign_up(signed, "fuzz@example.org", "Fuzzer")
    cookie = signed.get_cookie("session")
    token = signed.get("/api/v1/account").get_json()["csrf_token"]
    operation = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", sqlite_app)[path][method]
    counter = itertools.count()

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=10,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(case):
        if next(counter) % 2 and cookie is not None and "delete" not in path:
            case.headers = {
                **(case.headers or {}),
                "Cookie": f"session={cookie.value}",
                "X-CSRF-Token": token,
            }
        case.call_and_validate(checks=CHECKS)

    check()
