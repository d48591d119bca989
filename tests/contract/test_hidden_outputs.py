"""The hidden-data scan over HTTP: every output a viewer can get from the running service.

Each case plays one complete unseeded game through the public API, choosing uniformly among
the listed moves. Every answer to a move is kept, and at checkpoints while the game runs every
viewer (the public and each seat) collects everything it can get: the summary, the lobby, the
state, the whole event log with sentences and moves, the score sheet, its legal moves, the
detailed audit, the export, the event stream from the start (from the web process and from
the evented stream process, ``service/stream_server.py``), and the rendered pages (the game
page with its board, moves and timeline, the audit page, the branches page), a seat's pages
seen from a browser that holds that seat. After the game, each collected output is searched
for what was hidden from that viewer at that version (``scan.py``: other seats' private
strings and their printed names, secrets, later draws, the seed).

Agricola's full game runs with every dealing variant and the exchange (3 players: the issue's
budget is 3 minutes for these on 2 cores); every other registered title and variant once.
"""

from __future__ import annotations

import html
import json
import random
import re
import uuid
from dataclasses import dataclass, field

import pytest
import requests

from domain.platform import registry
from domain.platform.application import Games
from service.context import EXTENSION
from service.stream_server import StreamServer
from tests.web.test_stream_server import Running

from .cases import Case, _accepted, closed_values
from .play import private_seed
from .scan import Knowledge, Scanner, foreign_private, strings, text_of
from .test_titles import _future

#: checkpoints per game (all outputs of all viewers are collected at each)
CHECKPOINTS = 6


def http_cases() -> list[Case]:
    out = []
    for rules in registry.all_current():
        if not type(rules).__module__.startswith("domain."):
            continue
        for variant in rules.variants:
            dealing = next((o for o in variant.options if o.name == "dealing"), None)
            decks = next((o for o in variant.options if o.name == "decks"), None)
            # every deck shuffled together: each card the scan must cover can be dealt
            every_deck = {"decks": max(decks.choices, key=len)} if decks else {}
            if dealing is not None:
                for value in closed_values(dealing):
                    options = {"dealing": value, "exchange": True, **every_deck}
                    if not _accepted(rules, variant.name, 3, options):
                        # the solo game's own dealings (choose, none) are played alone, and
                        # without the exchange: "choose" lists every card of the pool (public
                        # in the catalogue) to its player, so a card an exchange draws later
                        # is in that list without the list saying which one it will be
                        out.append(
                            Case(rules.name, variant.name, 1, {"dealing": value, **every_deck})
                        )
                        continue
                    out.append(Case(rules.name, variant.name, 3, options))
                continue
            players = max(variant.min_players, min(2, variant.max_players))
            out.append(Case(rules.name, variant.name, players, {}))
    return out


@dataclass
class Collected:
    game_id: str
    tokens: list[str]
    outputs: list[tuple[int, int | None, str, str]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"/api/v1/games/{self.game_id}"

    def auth(self, seat: int | None) -> dict:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}


def _events(client, game: Collected, viewer) -> list:
    out, after = [], 0
    while after is not None:
        page = client.get(
            f"{game.url}/events?after={after}&limit=1000", headers=game.auth(viewer)
        ).get_json()
        out += page["events"]
        after = page.get("next_after")
    return out


def _stream(client, game: Collected, viewer, version: int) -> str:
    """The event stream from the start, read until it reaches ``version``."""
    response = client.get(
        f"{game.url}/stream", headers={**game.auth(viewer), "Last-Event-ID": "0"}, buffered=False
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    text = ""
    try:
        for chunk in response.response:
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if f"id: {version}\n" in text or "event: finished" in text:
                break
    finally:
        response.close()
    return text


def _process_stream(url: str, game: Collected, viewer, version: int) -> str:
    """The evented stream process's stream from the start, read until it reaches ``version``."""
    response = requests.get(
        f"{url}{game.url}/stream",
        headers={**game.auth(viewer), "Last-Event-ID": "0"},
        stream=True,
        timeout=10,
    )
    assert response.status_code == 200, response.text
    text = ""
    try:
        for line in response.iter_lines(decode_unicode=True):
            text += line + "\n"
            if line in (f"id: {version}", "event: finished"):
                break
    finally:
        response.close()
    return text


def _page_client(app, game: Collected, viewer):
    client = app.test_client()
    if viewer is not None:
        from service.web.security import seat_mark, token_hash

        with app.test_request_context():  # the browser holds the seat, as after its invite
            mark = seat_mark(token_hash(game.tokens[viewer]))
        with client.session_transaction() as session:
            session["seats"] = {game.game_id: {"s": viewer, "m": mark}}
    return client


#: why-not links asked per seat and checkpoint
WHY_ASKED = 8


def _why_sentences(pages, game: Collected) -> str:
    """The why-not answers of some of the places the seat's board draws without a move
    (spread over the board), as one text."""
    board = pages.get(f"/games/{game.game_id}").get_data(as_text=True)
    links = re.findall(r'href="(/games/[^"/]+/why\?target=[^"]+)"', board)
    step = max(1, len(links) // WHY_ASKED)
    out = []
    for link in links[::step][:WHY_ASKED]:
        answer = pages.get(html.unescape(link))
        assert answer.status_code == 200, (link, answer.status_code)
        out.append(html.unescape(answer.get_data(as_text=True)))
    return "\n".join(out)


def _collect(app, client, game: Collected, version: int) -> None:
    streams = app.config["CONTRACT_STREAM_URL"]
    for viewer in [None, *range(len(game.tokens))]:
        h = game.auth(viewer)
        got = {
            "summary": client.get(game.url, headers=h).get_json(),
            "lobby": client.get("/api/v1/games", headers=h).get_json(),
            "state": client.get(f"{game.url}/state", headers=h).get_json(),
            "events": _events(client, game, viewer),
            "scores": client.get(f"{game.url}/scores", headers=h).get_json(),
            "audit": client.get(f"{game.url}/audit?detail=true", headers=h).get_json(),
            "export": client.get(f"{game.url}/export", headers=h).get_json(),
        }
        if viewer is not None:
            got["moves"] = client.get(f"{game.url}/moves", headers=h).get_json()
        for where, body in got.items():
            assert not foreign_private(body, viewer), (version, viewer, where)
            game.outputs.append((version, viewer, where, text_of(body)))
        game.outputs.append((version, viewer, "stream", _stream(client, game, viewer, version)))
        game.outputs.append(
            (version, viewer, "stream process", _process_stream(streams, game, viewer, version))
        )
        pages = _page_client(app, game, viewer)
        for path in ("", "/audit", "/branches"):
            page = pages.get(f"/games/{game.game_id}{path}")
            assert page.status_code == 200, (path, page.status_code)
            game.outputs.append(
                (version, viewer, f"page{path}", html.unescape(page.get_data(as_text=True)))
            )
        if viewer is not None:  # why-not sentences of places with no move (issue 24)
            game.outputs.append((version, viewer, "why", _why_sentences(pages, game)))


def _play(app, case: Case, pick: random.Random) -> Collected:
    client = app.test_client()
    with private_seed(case):
        created = client.post(
            "/api/v1/games",
            json={
                "title": case.title,
                "variant": case.variant,
                "players": case.names,
                "options": case.options,
            },
        )
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    game = Collected(body["id"], [s["token"] for s in body["seats"]])
    spacing = {"agricola": 300, "caverna": 300, "village": 250}.get(case.title, 200) // CHECKPOINTS
    _collect(app, client, game, body["version"])
    for made in range(1, 20_000):
        summary = client.get(game.url).get_json()
        if summary["status"] == "finished":
            return game
        seat = pick.choice(summary["to_act"])
        moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        answer = client.post(f"{game.url}/moves", json=pick.choice(moves), headers=game.auth(seat))
        assert answer.status_code == 201, answer.get_json()
        answered = answer.get_json()
        game.outputs.append((answered["version"], seat, "answer", text_of(answered)))
        if made % spacing == 0:
            current = client.get(game.url).get_json()
            if current["status"] != "finished":
                _collect(app, client, game, current["version"])
    raise AssertionError("the game did not end")


@pytest.fixture
def served(sqlite_app):
    """The app, with the evented stream process serving the same store beside it."""
    settings = sqlite_app.extensions[EXTENSION].settings
    reader = Games(env=settings.persistence_env(False))
    running = Running(StreamServer(reader, settings.secret_key, max_streams=50, poll=0.02))
    sqlite_app.config["CONTRACT_STREAM_URL"] = running.url
    yield sqlite_app
    running.close()
    reader.close()


@pytest.mark.parametrize("case", http_cases(), ids=lambda c: c.id)
def test_no_http_output_shows_a_viewer_what_is_hidden_from_it(served, case):
    sqlite_app = served
    pick = random.Random(sum(map(ord, case.id)))
    game = _play(sqlite_app, case, pick)
    games = sqlite_app.extensions[EXTENSION].games()
    gid = uuid.UUID(game.game_id)
    stored = games.stored_events(gid)
    seed = str(games.get_game(gid).seeds[0]["seed"])
    future = _future(games, gid)
    first = games.game_at(gid, 1)
    vocabulary = " ".join(
        [json.dumps(first.rules.view(first.state, None, False))]
        + [text for v, w, where, text in game.outputs if v == 1 and w is None and where == "events"]
        + [str(card.get("text", "")) for card in first.rules.catalogue() or []]
    )
    scanner = Scanner(case.rules, vocabulary)
    wanted = {v for v, _, _, _ in game.outputs}
    knowledge, hidden_at, visible_at = Knowledge(case.players), {}, {}
    final = games.get_game(gid)
    assert final.rules.status(final.state).finished
    for event in stored:
        knowledge.add(event.data)
        if event.originator_version in wanted:
            knowledge.add(games.game_at(gid, event.originator_version).state)
            knowledge.future = {
                s for s in future.get(event.originator_version, set()) if not scanner.everyday(s)
            }
            hidden_at[event.originator_version] = {
                v: knowledge.hidden_from(v) | {seed} for v in [None, *range(case.players)]
            }
            visible_at[event.originator_version] = {
                v: knowledge.public | knowledge.own.get(v, set())
                for v in [None, *range(case.players)]
            }
    for version, viewer, where, text in game.outputs:
        if version == final.version:
            continue  # the answer to the last move: the game is over, everything is public
        found = scanner.leaks(text, hidden_at[version][viewer], visible_at[version][viewer])
        assert not found, (
            case.id,
            version,
            viewer,
            where,
            found,
            [text[max(0, text.find(w) - 150) : text.find(w) + 80] for w in found],
        )
    assert any(where == "page" for _, _, where, _ in game.outputs)
    assert any(where == "stream process" and "id: " in t for _, _, where, t in game.outputs)
    assert any(strings(e.data) for e in stored)
