"""Issue 24, "Bad input": a click on something that has no legal move shows why not (the
rule's sentence) and changes nothing. Every board element a seat may click without a listed
move answers, through ``Title.why_not``, with a sentence; the page's ``/why`` route answers
with it (a fragment for htmx, a page with a link back without JavaScript), a spectator gets
no such control, and a target that names nothing answers 404 with a sentence. Positions come
from random legal play."""

from __future__ import annotations

import html
import random
import re
import uuid
from urllib.parse import unquote

import pytest

from service.web import security
from service.web.board import move_target

TITLES = [("agricola", "family"), ("caverna", "standard"), ("village", "standard")]


def _games(web_app):
    from service.context import games

    with web_app.app_context():
        return games()


def _play(app, gid: uuid.UUID, pick: random.Random, n: int) -> None:
    for _ in range(n):
        game = app.get_game(gid)
        status = game.rules.status(game.state)
        if status.finished:
            return
        mover = pick.choice(list(status.to_act))
        app.play(gid, mover, pick.choice(app.legal_moves(gid, mover)[1]))


def _seat_client(web_app, gid: uuid.UUID, seat: int, token: str):
    client = web_app.test_client()
    with web_app.test_request_context():
        invite = security.make_invite(gid, seat, token)
    page = client.get(f"/join/{invite}").get_data(True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    client.post(f"/join/{invite}", data={"csrf_token": csrf})
    return client


def _why_links(page: str) -> list[str]:
    """The targets of the page's why-not links (``href="/games/<id>/why?target=…"``)."""
    found = re.findall(r'href="/games/[^"/]+/why\?target=([^"&]+)"', page)
    return [unquote(html.unescape(t)) for t in found]


@pytest.mark.parametrize("title,variant", TITLES)
def test_every_dead_target_says_why_not_in_the_rules_words(web_app, title, variant):
    """Through the title protocol: at every position of a random game, each board element
    that a seat's page draws without a move gets a sentence (never None, never an error),
    and an element with moves is never offered a why-not."""
    app = _games(web_app)
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=7)
    gid, pick = created.game.id, random.Random(7)
    asked = 0
    for _ in range(60):
        game = app.get_game(gid)
        if game.rules.status(game.state).finished:
            break
        for seat in (0, 1):
            live = {move_target(m) for m in game.rules.legal_moves(game.state, seat)}
            for target in _board_targets(game):
                if target in live:
                    continue
                said = game.rules.why_not(game.state, seat, target)
                assert isinstance(said, str) and len(said) > 10, (target, said)
                asked += 1
        _play(app, gid, pick, 3)
    assert asked > 50
    assert game.rules.why_not(game.state, 0, "space:nowhere") is None
    assert game.rules.why_not(game.state, 0, "nonsense") is None


def _board_targets(game) -> list[str]:
    """The keys of the places the board draws (action spaces and one's own cells)."""
    state = game.rules.view(game.state, 0, False)
    spaces = state.get("space_order") or state.get("order") or list(state.get("spaces", {}))
    out = [f"space:{s}" for s in spaces]
    if game.rules.name == "village":
        out += [f"slot:{i}" for i in range(len(state["market"]["stalls"]))]
    else:
        out += [f"space:{n}" for n in range(15 if game.rules.name == "agricola" else 48)]
    return out


@pytest.mark.parametrize("title,variant", TITLES)
def test_the_why_route_answers_with_the_sentence_and_changes_nothing(web_app, title, variant):
    app = _games(web_app)
    created = app.create_game(title, variant, ["Ann", "Bob"], {}, seed=5)
    gid = created.game.id
    _play(app, gid, random.Random(5), 6)
    client = _seat_client(web_app, gid, 0, created.tokens[0])
    page = client.get(f"/games/{gid}").get_data(True)
    targets = _why_links(page)
    assert targets, "the seat's board offers no why-not control"
    version = app.get_game(gid).version
    for target in targets[:6]:
        game = app.get_game(gid)
        expected = game.rules.why_not(game.state, 0, target)
        plain = client.get(f"/games/{gid}/why", query_string={"target": target})
        assert plain.status_code == 200
        body = html.unescape(plain.get_data(True))
        assert expected in body and f'href="/games/{gid}"' in body
        fragment = client.get(
            f"/games/{gid}/why", query_string={"target": target}, headers={"HX-Request": "true"}
        )
        assert fragment.status_code == 200
        text = html.unescape(fragment.get_data(True))
        assert expected in text and "<html" not in text
    assert app.get_game(gid).version == version
    # a target that names nothing: a sentence, never a crash
    for bad in ("space:nowhere", "nonsense", "x" * 500, ""):
        answer = client.get(f"/games/{gid}/why", query_string={"target": bad})
        assert answer.status_code in (400, 404), bad
        assert "board" in answer.get_data(True)
    # a spectator has no such control and is told to open an invite
    spectator = web_app.test_client()
    assert not _why_links(spectator.get(f"/games/{gid}").get_data(True))
    answer = spectator.get(f"/games/{gid}/why", query_string={"target": targets[0]})
    assert answer.status_code == 403
    assert app.get_game(gid).version == version
