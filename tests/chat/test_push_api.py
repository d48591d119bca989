"""Subscribing to push through HTTP (issue 34): the VAPID key, a guest seat's browser, the SSRF
guard on endpoints, a seat's choice of notices per channel, the account's settings needing a
sign-in, and the manifest and service worker that make the site installable."""

from __future__ import annotations

import base64

from tests.service.helpers import assert_problem, new_game
from tests.support.push_browser import PushBrowser


def test_the_vapid_key_is_made_on_first_start_and_served(app, client, services):
    import os

    key = client.get("/api/v1/push/key").get_json()["public_key"]
    raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    assert len(raw) == 65 and raw[0] == 4  # an uncompressed P-256 point
    assert os.path.exists(os.path.join(services.settings.data_dir, "vapid-key.pem"))
    assert client.get("/api/v1/push/key").get_json()["public_key"] == key


def test_a_guest_seat_subscribes_a_browser_and_unsafe_endpoints_are_refused(client):
    game = new_game(client)
    url = f"{game.url}/seats/1/push"
    good = PushBrowser("https://push.example.net/send/abc").subscription()
    answer = client.post(url, json=good, headers=game.auth(1))
    assert answer.status_code == 201 and answer.get_json() == {"browsers": 1}
    again = client.post(url, json=good, headers=game.auth(1))
    assert again.get_json() == {"browsers": 1}  # the same browser twice is one
    view = client.get(f"{game.url}/seats/1/notifications", headers=game.auth(1)).get_json()
    assert view["push"] == 1
    for endpoint in (
        "https://169.254.169.254/latest/meta-data",
        "https://10.1.2.3/push",
        "https://[fd00::1]/push",
        "https://0xa010203/push",  # 10.1.2.3 spelled in hex
        "ftp://push.example.net/x",
    ):
        refused = client.post(url, json={**good, "endpoint": endpoint}, headers=game.auth(1))
        assert 400 <= refused.status_code < 500 and refused.status_code == 422
    bad_keys = {**good, "keys": {"p256dh": "AAAA", "auth": "BBBB"}}
    assert_problem(client.post(url, json=bad_keys, headers=game.auth(1)), 422)
    assert_problem(client.post(url, json=good, headers=game.auth(0)), 403)
    assert_problem(client.post(url, json=good), 401)
    gone = client.delete(url, json={"endpoint": good["endpoint"]}, headers=game.auth(1))
    assert gone.status_code == 204
    view = client.get(f"{game.url}/seats/1/notifications", headers=game.auth(1)).get_json()
    assert view["push"] == 0


def test_a_seat_chooses_its_notices_per_channel(client):
    game = new_game(client)
    url = f"{game.url}/seats/0/notifications"
    body = {"email": "ann@example.com", "kinds": {"email": ["over"], "push": ["turn", "chat"]}}
    saved = client.put(url, json=body, headers=game.auth(0))
    assert saved.status_code == 200, saved.get_json()
    assert saved.get_json()["kinds"] == {"email": ["over"], "push": ["turn", "chat"]}
    bad = client.put(url, json={"kinds": {"email": ["everything"]}}, headers=game.auth(0))
    assert_problem(bad, 422)
    bad = client.put(url, json={"kinds": {"pigeon": ["turn"]}}, headers=game.auth(0))
    assert_problem(bad, 422)


def test_account_settings_need_a_sign_in(client):
    assert_problem(client.get("/api/v1/account/notices"), 401, "sign_in_required")
    assert_problem(client.put("/api/v1/account/notices", json={}), 401, "sign_in_required")
    page = client.get("/account/notices")
    assert page.status_code == 401


def test_the_site_installs_a_manifest_and_a_service_worker(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert body["display"] == "standalone" and body["start_url"] == "/" and body["icons"]
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "showNotification" in worker.get_data(as_text=True)
    assert worker.headers["Service-Worker-Allowed"] == "/"
    home = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in home
