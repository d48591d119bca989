"""A signed-in spectator in the spectators' room, a moderator hiding from the page, and an
account's notice settings through the pages and the API (issue 34)."""

from __future__ import annotations

from click.testing import CliRunner

from service.cli import cli
from service.context import EXTENSION
from tests.accounts.helpers import csrf, sign_up
from tests.service.helpers import assert_problem, new_game
from tests.support.push_browser import PushBrowser


def test_a_signed_in_spectator_writes_in_the_spectators_room_and_a_moderator_hides(
    app, monkeypatch
):
    monkeypatch.setenv("CHRONICLE_SIGNIN_LIMITS", "address=100000/hour, email=100000/hour")
    players = app.test_client()
    game = new_game(players)
    watcher = app.test_client()
    sign_up(watcher, "kib@example.com", "Kibitzer")
    page = watcher.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'name="room" value="spectators"' in page
    posted = watcher.post(
        f"/games/{game.id}/chat",
        data={"room": "spectators", "text": "Ann should fence <now>", "csrf_token": csrf(watcher)},
    )
    assert posted.status_code == 303
    # the API too, with the session cookie and its CSRF token (a cookie alone is no consent:
    # the browser sends it on its own)
    spoken = {"room": "spectators", "text": "or plough"}
    forged = watcher.post(f"{game.url}/chat", json=spoken)
    assert_problem(forged, 403, "csrf_token_invalid")
    token = {"X-CSRF-Token": csrf(watcher)}
    report = watcher.post(f"{game.url}/chat/1/reports", json={"reason": "spam"})
    assert_problem(report, 403, "csrf_token_invalid")
    api = watcher.post(f"{game.url}/chat", json=spoken, headers=token)
    assert api.status_code == 201 and api.get_json()["name"] == "Kibitzer"
    assert_problem(
        watcher.post(f"{game.url}/chat", json={"text": "hi players"}, headers=token), 403
    )
    public = players.get(f"{game.url}/chat").get_json()["messages"]
    assert [m["text"] for m in public] == ["Ann should fence <now>", "or plough"]
    assert players.get(f"{game.url}/chat", headers=game.auth(0)).get_json()["messages"] == []
    # Kibitzer becomes a moderator and hides the first message from the page
    services = app.extensions[EXTENSION]
    runner = CliRunner()
    with app.app_context():
        added = runner.invoke(cli, ["moderators", "add", "kibitzer"], obj={"services": services})
        assert added.exit_code == 0 and "Kibitzer is now a moderator" in added.output
        listed = runner.invoke(cli, ["moderators", "list"], obj={"services": services})
        assert listed.output.split() == ["Kibitzer"]
        unknown = runner.invoke(cli, ["moderators", "add", "Nobody"], obj={"services": services})
        assert unknown.exit_code != 0
    page = watcher.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Ann should fence &lt;now&gt;" in page and ">hide</button>" in page
    hidden = watcher.post(f"/games/{game.id}/chat/1/hide", data={"csrf_token": csrf(watcher)})
    assert hidden.status_code == 303
    public = players.get(f"{game.url}/chat").get_json()["messages"]
    assert [m["text"] for m in public] == ["or plough"]
    with app.app_context():
        removed = runner.invoke(
            cli, ["moderators", "remove", "Kibitzer"], obj={"services": services}
        )
        assert "no longer" in removed.output
    refused = watcher.post(f"/games/{game.id}/chat/2/hide", data={"csrf_token": csrf(watcher)})
    assert refused.status_code == 403


def test_an_account_chooses_its_notices(app, monkeypatch):
    monkeypatch.setenv("CHRONICLE_SIGNIN_LIMITS", "address=100000/hour, email=100000/hour")
    client = app.test_client()
    sign_up(client, "ann@example.com", "Annie")
    assert client.get("/api/v1/account/notices").get_json()["version"] == 0
    saved = client.put(
        "/api/v1/account/notices",
        json={"kinds": {"push": ["turn", "chat"], "email": ["over"]}, "email": True},
    )
    assert saved.status_code == 200, saved.get_json()
    body = saved.get_json()
    assert body["kinds"] == {"push": ["turn", "chat"], "email": ["over"]} and body["email"]
    assert_problem(client.put("/api/v1/account/notices", json={"kinds": {"chat": ["turn"]}}), 422)
    unsafe = client.put(
        "/api/v1/account/notices", json={"webhook_url": "https://169.254.169.254/hook"}
    )
    assert_problem(unsafe, 422)
    browser = PushBrowser("https://push.example.net/send/annie")
    answer = client.post("/api/v1/account/push", json=browser.subscription())
    assert answer.status_code == 201 and answer.get_json() == {"browsers": 1}
    page = client.get("/account/notices")
    assert page.status_code == 200 and "1 browser(s) subscribed" in page.get_data(as_text=True)
    form = client.post(
        "/account/notices",
        data={"csrf_token": csrf(client, "/account/notices"), "push:turn": "1", "email:over": "1"},
    )
    assert form.status_code == 200 and "Saved." in form.get_data(as_text=True)
    assert client.get("/api/v1/account/notices").get_json()["kinds"] == {
        "push": ["turn"],
        "email": ["over"],
        "webhook": [],
    }
    assert client.get("/api/v1/account/notices").get_json()["browsers"] == 1
