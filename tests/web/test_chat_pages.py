"""The chat and the push settings through the pages (issue 34): forms that work without
script, refusals as pages with the sentence, mutes, reports, the stream ticket a seat's page
asks for, a seat's choice of notices per channel, and its browser's push subscription."""

from __future__ import annotations

import uuid

from itsdangerous import URLSafeTimedSerializer

from projections import subscriptions
from service.context import EXTENSION
from tests.support.push_browser import PushBrowser

from .test_pages import _create, _csrf, _join


def _chat(client, game_id: str, text: str, room: str = "seats"):
    return client.post(
        f"/games/{game_id}/chat", data={"csrf_token": _csrf(client), "text": text, "room": room}
    )


def test_players_chat_through_the_page_and_refusals_are_pages(web_app):
    ann, bob, cid = (web_app.test_client() for _ in range(3))
    game_id, links = _create(ann)
    _join(ann, links[0])
    _join(bob, links[1])
    sent = _chat(ann, game_id, "Hi <i>Bob</i>")
    assert sent.status_code == 303 and sent.headers["Location"].endswith("#chat")
    for client in (ann, bob, cid):
        page = client.get(f"/games/{game_id}").get_data(True)
        assert "Hi &lt;i&gt;Bob&lt;/i&gt;" in page
    long = _chat(bob, game_id, "x" * 600)
    assert long.status_code == 422 and "at most 500 characters" in long.get_data(True)
    spectator = _chat(cid, game_id, "let me in")
    assert spectator.status_code == 403 and "write in the spectators" in spectator.get_data(True)
    # with htmx the answer is the panel itself, with the sentence in it
    fragment = bob.post(
        f"/games/{game_id}/chat",
        data={"csrf_token": _csrf(bob), "text": "\x07"},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 422 and 'id="chat-error"' in fragment.get_data(True)
    # Bob mutes Ann for himself, then reports her message
    muted = bob.post(f"/games/{game_id}/chat/mutes", data={"csrf_token": _csrf(bob), "seat": 0})
    assert muted.status_code == 303
    assert "Hi &lt;i&gt;Bob" not in bob.get(f"/games/{game_id}").get_data(True)
    assert "Unmute Ann" in bob.get(f"/games/{game_id}").get_data(True)
    assert "Hi &lt;i&gt;Bob" in cid.get(f"/games/{game_id}").get_data(True)
    reported = ann.post(f"/games/{game_id}/chat/1/report", data={"csrf_token": _csrf(ann)})
    assert reported.status_code == 303
    # the game did not move: version 1 still
    assert 'data-version="1"' in ann.get(f"/games/{game_id}").get_data(True)


def test_a_seats_page_gets_a_stream_ticket_for_its_seat_and_a_spectator_none(web_app):
    ann, cid = web_app.test_client(), web_app.test_client()
    game_id, links = _create(ann)
    _join(ann, links[1])
    ticket = ann.get(f"/games/{game_id}/chat/ticket").get_json()["ticket"]
    claims = URLSafeTimedSerializer(web_app.secret_key, salt="chronicle-stream-ticket").loads(
        ticket
    )
    assert claims == {"g": game_id, "s": 1}
    assert cid.get(f"/games/{game_id}/chat/ticket").get_json() == {}


def test_a_seat_chooses_its_notices_and_subscribes_its_browser_on_the_page(web_app):
    ann = web_app.test_client()
    game_id, links = _create(ann)
    _join(ann, links[0])
    settings = f"/games/{game_id}/notifications"
    page = ann.get(settings).get_data(True)
    assert 'name="push:turn"' in page and "Notify this browser" in page
    saved = ann.post(
        settings,
        data={
            "csrf_token": _csrf(ann),
            "email": "ann@example.com",
            "kinds_shown": "1",
            "push:turn": "1",
            "push:chat": "1",
            "email:over": "1",
        },
    )
    assert saved.status_code == 200 and "Saved." in saved.get_data(True)
    games = web_app.extensions[EXTENSION].games()
    sub = subscriptions.current(games, uuid.UUID(game_id))[0]
    assert sub["kinds"] == {"push": ["turn", "chat"], "email": ["over"], "webhook": []}
    browser = PushBrowser("https://push.example.net/send/ann")
    answer = ann.post(
        f"/games/{game_id}/push",
        json=browser.subscription(),
        headers={"X-CSRF-Token": _csrf(ann)},
    )
    assert answer.status_code == 201 and answer.get_json() == {"browsers": 1}
    sub = subscriptions.current(games, uuid.UUID(game_id))[0]
    assert sub["email"] == "ann@example.com" and sub["kinds"]["push"] == ["turn", "chat"]
    assert [p["endpoint"] for p in sub["push"]] == [browser.endpoint]
    # saving the form again keeps the browser
    ann.post(settings, data={"csrf_token": _csrf(ann), "email": "ann@example.com"})
    assert subscriptions.current(games, uuid.UUID(game_id))[0]["push"]
    no_csrf = ann.post(f"/games/{game_id}/push", json=browser.subscription())
    assert no_csrf.status_code == 400
