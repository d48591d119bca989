"""Passkeys: registered once signed in, then signing in; another site's passkey and a replayed
counter are refused (issue 33). A software authenticator answers (the browser test uses
Chromium's virtual authenticator)."""

from __future__ import annotations

import json

from tests.accounts.authenticator import SoftAuthenticator
from tests.accounts.helpers import csrf, sign_up

ORIGIN = "http://localhost"


def register(client, device: SoftAuthenticator, origin: str = ORIGIN, rp_id=None):
    options = client.get("/account/passkeys/options").json
    body = device.register(options, origin, rp_id)
    return client.post(
        "/account/passkeys",
        data=json.dumps(body),
        headers={"Content-Type": "application/json", "X-CSRF-Token": csrf(client, "/account")},
    )


def sign_in(client, device: SoftAuthenticator, count: int, origin: str = ORIGIN, rp_id=None):
    token = csrf(client, "/signin")
    options = client.get("/signin/passkey/options").json
    body = device.assert_(options, origin, count, rp_id)
    return client.post(
        "/signin/passkey",
        data=json.dumps(body),
        headers={"Content-Type": "application/json", "X-CSRF-Token": token},
    )


def test_a_passkey_signs_in_on_another_browser(client, app):
    sign_up(client, "pia@example.org", "Pia")
    device = SoftAuthenticator()
    assert register(client, device).json == {"ok": True}
    assert b"Chrome" in client.get("/account").data or b"browser" in client.get("/account").data
    other = app.test_client()
    answer = sign_in(other, device, count=1)
    assert answer.status_code == 200 and answer.json["ok"], answer.json
    assert other.get("/api/v1/account").json["name"] == "Pia"


def test_a_replayed_counter_is_refused(client, app):
    sign_up(client, "quin@example.org", "Quin")
    device = SoftAuthenticator()
    register(client, device)
    other = app.test_client()
    assert sign_in(other, device, count=5).status_code == 200
    again = app.test_client()
    for count in (5, 4):
        answer = sign_in(again, device, count=count)
        assert answer.status_code == 403 and "sign count" in answer.json["detail"]
    assert again.get("/api/v1/account").json == {"signed_in": False}
    assert sign_in(again, device, count=6).status_code == 200


def test_a_passkey_of_another_site_is_refused(client, app):
    sign_up(client, "rex@example.org", "Rex")
    device = SoftAuthenticator()
    refused = register(client, device, origin="https://evil.example")
    assert refused.status_code == 422
    assert register(client, device).json == {"ok": True}
    other = app.test_client()
    wrong_origin = sign_in(other, device, count=1, origin="https://evil.example")
    assert wrong_origin.status_code == 403
    wrong_rp = sign_in(other, device, count=2, rp_id="evil.example")
    assert wrong_rp.status_code == 403 and "RP ID" in wrong_rp.json["detail"]
    assert other.get("/api/v1/account").json == {"signed_in": False}


def test_an_unknown_passkey_or_no_challenge_signs_nobody_in(client, app):
    device = SoftAuthenticator()
    device.user_handle = b"x"
    unknown = sign_in(client, device, count=1)
    assert unknown.status_code == 403 and "not known" in unknown.json["detail"]
    body = device.assert_({"challenge": "AAAA", "rpId": "localhost"}, ORIGIN, 1)
    answer = client.post(
        "/signin/passkey",
        data=json.dumps(body),
        headers={"Content-Type": "application/json", "X-CSRF-Token": csrf(client)},
    )
    assert answer.status_code == 403


def test_deleting_the_account_removes_its_passkeys(client, app):
    sign_up(client, "sol@example.org", "Sol")
    device = SoftAuthenticator()
    register(client, device)
    client.post("/account/delete", data={"confirm": "Sol", "csrf_token": csrf(client, "/account")})
    answer = sign_in(app.test_client(), device, count=3)
    assert answer.status_code == 403 and "not known" in answer.json["detail"]
