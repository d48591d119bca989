"""Random Unicode in every string the API takes (issue 31 item 5): every string field of every
JSON body, every query parameter and every documented header, found by walking the OpenAPI
document (``/api/v1/openapi.json``), gets text with lone surrogates, NUL, non-characters and
anything else Unicode holds, one field at a time in an otherwise well-formed request aimed at a
real game (or series) with its token; no answer may be a 5xx.

A new endpoint, field or parameter is covered as soon as the document describes it. Text is
sent the way a client would: JSON bodies with ``\\uXXXX`` escapes (the only way a lone
surrogate can travel), query strings and paths percent-encoded from their UTF-8 (a surrogate's
"UTF-8" spelled with ``surrogatepass``), headers as the bytes of their UTF-8.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import new_game

#: examples per run of the property test (``make test-fast``: well under a minute)
EXAMPLES = 300
#: the long run (marked slow)
SLOW_EXAMPLES = 3000

NASTY = ["\ud800", "\udfff", "a\udc00b", "\x00", "x\x00", "\ufdd0", "\uffff", "\U0010fffe"]

#: text of every kind, weighted towards what the issue is about
unicode_text = st.text(
    alphabet=st.one_of(
        st.characters(),  # any assigned or not, no surrogates
        st.characters(categories=["Cs"]),  # lone surrogates
        st.sampled_from(["\x00", "\ufdd0", "\ufdef", "\ufffe", "\uffff", "\U0001fffe"]),
        st.sampled_from(["\u2028", "\u202e", "\ufeff", "\x7f", "\n", '"', "\\", "%"]),
    ),
    min_size=1,
    max_size=12,
)


# -- the walk of the document --------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """One place a string goes: ``location`` is body, query, header or path; ``path`` the keys
    to it in the body (``"*"``: a new key of a free-form object), or the parameter's name."""

    method: str
    url: str
    location: str
    path: tuple
    base: Any  # the body (or None) the other fields keep

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.url} {self.location}:{'.'.join(map(str, self.path))}"


def _resolve(doc: dict, schema: Any) -> Any:
    while isinstance(schema, dict) and "$ref" in schema:
        node: Any = doc
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def _types(schema: dict) -> set:
    kind = schema.get("type")
    return set(kind) if isinstance(kind, list) else {kind} if kind else set()


def _example(doc: dict, schema: Any) -> Any:
    """A value the schema takes (its example, else the smallest well-formed one)."""
    schema = _resolve(doc, schema)
    if not isinstance(schema, dict):
        return "x"
    if "example" in schema:
        return schema["example"]
    if "enum" in schema:
        return next(v for v in schema["enum"] if v is not None)
    if "oneOf" in schema:
        return _example(doc, schema["oneOf"][0])
    types = _types(schema) - {"null"}
    if "object" in types:
        props = schema.get("properties", {})
        return {k: _example(doc, props[k]) for k in schema.get("required", []) if k in props}
    if "array" in types:
        return [_example(doc, schema.get("items", {}))]
    if "integer" in types or "number" in types:
        return max(1, schema.get("minimum", 1))
    if "boolean" in types:
        return False
    return "x"


def _body_paths(doc: dict, schema: Any, prefix: tuple = ()) -> list[tuple]:
    """Every leaf of a body schema (each gets text: a string field, or one that is not a
    string and must refuse text), and a new key of every free-form object."""
    schema = _resolve(doc, schema)
    if not isinstance(schema, dict):
        return [prefix]
    variants = schema.get("oneOf") or schema.get("anyOf")
    if variants:
        paths = []
        for variant in variants:
            paths.extend(p for p in _body_paths(doc, variant, prefix) if p not in paths)
        return paths
    types = _types(schema)
    paths: list[tuple] = []
    if "object" in types:
        for key, sub in schema.get("properties", {}).items():
            paths.extend(_body_paths(doc, sub, (*prefix, key)))
        if schema.get("additionalProperties") not in (None, False):
            paths.append((*prefix, "*"))
        if prefix:
            paths.append(prefix)  # the object itself given text
    elif "array" in types:
        paths.extend(_body_paths(doc, schema.get("items", {}), (*prefix, 0)))
        paths.append(prefix)
    else:
        paths.append(prefix)
    return paths


def slots_of(doc: dict) -> list[Slot]:
    """Every string slot the document describes, per operation."""
    found = []
    for url, operations in sorted(doc["paths"].items()):
        for method, operation in sorted(operations.items()):
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            body_schema = (
                operation.get("requestBody", {})
                .get("content", {})
                .get("application/json", {})
                .get("schema")
            )
            base = _example(doc, body_schema) if body_schema else None
            if body_schema:
                for path in _body_paths(doc, body_schema):
                    found.append(Slot(method, url, "body", path, base))
            for param in [*operations.get("parameters", []), *operation.get("parameters", [])]:
                where = param["in"]
                if where in ("query", "header") or (
                    where == "path" and "string" in _types(_resolve(doc, param.get("schema", {})))
                ):
                    found.append(Slot(method, url, where, (param["name"],), base))
    return found


def _put(body: Any, path: tuple, text: str) -> Any:
    """``body`` with ``text`` at ``path`` (a copy; ``"*"`` adds a key, itself text too)."""
    if not path:
        return text
    body = json.loads(json.dumps(body if body is not None else {}))
    node = body
    for i, key in enumerate(path[:-1]):
        nxt = path[i + 1]
        if isinstance(node, list):
            while len(node) <= key:
                node.append({} if not isinstance(nxt, int) else [])
            if not isinstance(node[key], (dict, list)):
                node[key] = [] if isinstance(nxt, int) else {}
            node = node[key]
        else:
            if key == "*":
                key = text
            if not isinstance(node.get(key), (dict, list)):
                node[key] = [] if isinstance(nxt, int) else {}
            node = node[key]
    last = path[-1]
    if isinstance(node, list):
        while len(node) <= last:
            node.append(None)
        node[last] = text
    elif last == "*":
        node[text] = text
        node["x" + text[:1]] = "y"
    else:
        node[last] = text
    return body


# -- the requests ----------------------------------------------------------------------------------
@dataclass
class World:
    """What the requests aim at: a real game, its tokens, a real series and its token."""

    client: Any
    game: Any
    series_id: str
    series_token: str


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def send(world: World, slot: Slot, text: str):
    game = world.game
    seat = 0
    series = "/series/" in slot.url
    values = {
        "game_id": game.id,
        "series_id": world.series_id,
        "seat": str(seat),
        "request_id": "2",
        "title": "toy",
    }
    url = slot.url
    for name, value in values.items():
        if slot.location == "path" and slot.path == (name,):
            value = quote(_utf8(text), safe="")
        url = url.replace("{" + name + "}", value)
    token = world.series_token if series else game.tokens[seat]
    headers = {"Authorization": f"Bearer {token}"}
    if slot.location == "header":
        # what a server hands on: the header's bytes, as latin-1 (no line breaks can travel)
        raw = _utf8(text).decode("latin-1").replace("\r", " ").replace("\n", " ")
        headers[slot.path[0]] = raw
    if slot.location == "query":
        url += "?" + quote(_utf8(slot.path[0]), safe="") + "=" + quote(_utf8(text), safe="")
    body = _put(slot.base, slot.path, text) if slot.location == "body" else slot.base
    kwargs: dict = {"headers": headers}
    if body is not None:
        kwargs["data"] = json.dumps(body, ensure_ascii=True)  # lone surrogates as \\udXXX
        kwargs["content_type"] = "application/json"
    response = world.client.open(url, method=slot.method.upper(), **kwargs)
    try:
        status = response.status_code
        detail = "" if response.mimetype == "text/event-stream" else response.get_data(True)
    finally:
        response.close()  # an event stream is never read to its end
    return status, detail


def _world(app) -> World:
    client = app.test_client()
    game = new_game(client, players=("Ann", "Bob"), goal=1000)
    created = client.post("/api/v1/series", json={"title": "agricola", "player": "Ann", "seed": 5})
    assert created.status_code == 201, created.get_json()
    series = created.get_json()
    return World(client, game, series["series"]["id"], series["token"])


@pytest.fixture
def world(app) -> World:
    """Both stores: NUL is where PostgreSQL's text and SQLite's differ."""
    return _world(app)


@pytest.fixture
def sqlite_world(sqlite_app) -> World:
    return _world(sqlite_app)


@pytest.fixture
def slots(sqlite_app) -> list[Slot]:
    doc = sqlite_app.test_client().get("/api/v1/openapi.json").get_json()
    return slots_of(doc)


def test_the_walk_covers_every_body_and_parameter_of_the_document(slots):
    """Every operation that takes a body, a query parameter or a header has slots; spot checks
    of the fields the issue names."""
    where = {(s.method, s.url, s.location, s.path) for s in slots}
    for expected in [
        ("post", "/api/v1/games/{game_id}/moves", "body", ("type",)),
        ("post", "/api/v1/games/{game_id}/moves", "body", ("*",)),
        ("post", "/api/v1/games/{game_id}/moves", "header", ("Idempotency-Key",)),
        ("post", "/api/v1/games", "body", ("players", 0)),
        ("post", "/api/v1/games", "body", ("players", 0, "name")),
        ("post", "/api/v1/games", "body", ("options", "*")),
        ("put", "/api/v1/games/{game_id}/seats/{seat}/notifications", "body", ("webhook_url",)),
        ("post", "/api/v1/games/{game_id}/vacation", "body", ("days",)),
        ("post", "/api/v1/series/{series_id}/moves", "body", ("card",)),
        ("post", "/api/v1/games/import", "body", ("events", 0, "*")),
        ("post", "/api/v1/my-games", "body", ("tokens", 0)),
        ("get", "/api/v1/games", "query", ("title",)),
        ("get", "/api/v1/games/{game_id}/stream", "query", ("ticket",)),
        ("get", "/api/v1/titles/{title}/cards", "path", ("title",)),
    ]:
        assert expected in where, expected
    assert len(slots) > 60


def test_every_slot_refuses_each_kind_of_bad_text_without_a_5xx(world, slots):
    """Deterministic sweep: each slot gets each kind of text the issue names (on both
    stores)."""
    for slot in slots:
        for text in NASTY:
            status, detail = send(world, slot, text)
            assert status < 500, (str(slot), text, detail)


def _property(world, slots, data) -> None:
    slot = data.draw(st.sampled_from(slots), label="slot")
    text = data.draw(unicode_text, label="text")
    status, detail = send(world, slot, text)
    assert status < 500, (str(slot), text, detail)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_random_unicode_anywhere_is_never_a_5xx(sqlite_world, slots, data):
    _property(sqlite_world, slots, data)


@pytest.mark.slow
@settings(
    max_examples=SLOW_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_random_unicode_anywhere_is_never_a_5xx_long_run(sqlite_world, slots, data):
    _property(sqlite_world, slots, data)
