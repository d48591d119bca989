"""Sign-in by emailed link, sessions, deletion and export, through the real pages (issue 33).

The mail goes through a real SMTP server (aiosmtpd) by the worker's own code
(``workers.mail``); every test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import email
import json
import re
import uuid

import pytest
from itsdangerous import TimestampSigner

from service.accounts.signin import LINK_SECONDS
from tests.accounts.helpers import (
    CSRF,
    ask_link,
    csrf,
    path_of,
    post,
    sign_in,
    sign_up,
    use_link,
)
from tests.workers.support import SmtpServer
from workers import mail
from workers.settings import WorkerSettings


@pytest.fixture
def smtp(monkeypatch):
    server = SmtpServer()
    monkeypatch.setenv("CHRONICLE_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("CHRONICLE_SMTP_PORT", str(server.port))
    yield server
    server.close()


def side(app):
    from service.accounts.side import accounts_side
    from service.context import EXTENSION

    return accounts_side(app, app.extensions[EXTENSION])


def test_a_link_is_mailed_for_real_and_signs_in_once(client, app, smtp):
    page = client.get("/signin")
    assert b"no-mail" not in page.data  # SMTP is configured: nothing about the log
    answer = client.post("/signin", data={"email": "ann@example.org", "csrf_token": csrf(client)})
    assert answer.status_code == 303
    sent = mail.sweep(side(app).store, WorkerSettings.from_env())  # what a worker does
    assert sent == 1 and len(smtp.messages) == 1
    message = email.message_from_bytes(smtp.messages[0].content)
    assert message["To"] == "ann@example.org"
    text = message.get_payload(decode=True).decode()
    link = path_of(re.search(r"(http\S+/signin/link/\S+)", text).group(1))
    assert side(app).store.query("SELECT * FROM {p}acc_mail") == []  # not kept once sent
    answer = use_link(client, link)
    assert answer.location.endswith("/signin/name")
    answer = client.post("/signin/name", data={"name": "Ann", "csrf_token": csrf(client)})
    assert answer.status_code == 303
    assert client.get("/api/v1/account").json["name"] == "Ann"
    again = client.get(link)
    assert again.status_code == 410 and b"already used" in again.data


def test_without_smtp_the_link_is_logged_and_the_page_says_so(client):
    assert b"printed in the server" in client.get("/signin").data
    link = ask_link(client, "bob@example.org")
    assert link.startswith("/signin/link/")
    assert b"server's log" in client.get("/signin/sent").data


def test_an_altered_or_expired_link_signs_nobody_in(client, app):
    link = ask_link(client, "cy@example.org")
    altered = link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB")
    page = client.get(altered)
    assert page.status_code == 400 and b"changed or cut short" in page.data
    assert client.post(altered, data={"csrf_token": csrf(client)}).status_code == 400

    class Old(TimestampSigner):
        def get_timestamp(self):
            return super().get_timestamp() - LINK_SECONDS - 60

    side(app).people.add_signin("old-nonce", "cy@example.org")
    token = Old(app.secret_key, salt="chronicle-signin").sign("old-nonce").decode()
    page = client.get(f"/signin/link/{token}")
    assert page.status_code == 410 and b"expired" in page.data
    assert client.get("/api/v1/account").json == {"signed_in": False}


def test_asking_answers_the_same_whether_the_address_has_an_account(client, app):
    sign_up(client, "dee@example.org", "Dee")
    other = app.test_client()
    known = other.post("/signin", data={"email": "dee@example.org", "csrf_token": csrf(other)})
    unknown = other.post("/signin", data={"email": "eve@example.org", "csrf_token": csrf(other)})
    assert (known.status_code, known.location) == (unknown.status_code, unknown.location)
    assert known.data == unknown.data


def test_sign_in_is_rate_limited_per_email_and_per_address(client, monkeypatch):
    monkeypatch.setenv("CHRONICLE_SIGNIN_LIMITS", "address=4/hour, email=2/hour")
    here = {"REMOTE_ADDR": f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"}
    who = uuid.uuid4().hex[:10]

    def ask(address: str):
        return client.post(
            "/signin",
            data={"email": address, "csrf_token": csrf(client)},
            environ_base=here,
        )

    assert ask(f"fay-{who}@example.org").status_code == 303
    assert ask(f"fay-{who}@example.org").status_code == 303
    over = ask(f"FAY-{who}@example.org")
    assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
    assert b"Too many sign-in links" in over.data
    assert ask(f"gus-{who}@example.org").status_code == 303  # the fourth from this address
    assert ask(f"hal-{who}@example.org").status_code == 429  # the fifth


def test_the_session_cookie_is_replaced_at_sign_in(client, app):
    sign_up(client, "jo@example.org", "Joe")
    attacker = app.test_client()
    csrf(attacker)  # the attacker gets a cookie and plants it in the victim's browser
    planted = attacker.get_cookie("session").value
    victim = app.test_client()
    victim.set_cookie("session", planted)
    use_link(victim, ask_link(victim, "jo@example.org"))
    assert victim.get("/api/v1/account").json["name"] == "Joe"
    assert victim.get_cookie("session").value != planted
    assert attacker.get("/api/v1/account").json == {"signed_in": False}


def test_sessions_are_listed_and_ended_from_any_device(client, app):
    sign_up(client, "kim@example.org", "Kim")
    phone = app.test_client()
    sign_in(phone, "kim@example.org")
    page = client.get("/account").data.decode()
    ids = re.findall(r'name="session" value="([0-9a-f]+)"', page)
    assert len(ids) == 2
    assert "(this browser)" in page
    # end the other device's session from this one
    current = [s for s in ids if s != _current_id(client)]
    post(client, "/account/sessions/end", session=current[0])
    assert phone.get("/api/v1/account").json == {"signed_in": False}
    assert client.get("/api/v1/account").json["signed_in"]
    sign_in(phone, "kim@example.org")
    post(phone, "/account/signout-everywhere")
    assert client.get("/api/v1/account").json == {"signed_in": False}
    assert phone.get("/api/v1/account").json == {"signed_in": False}


def _current_id(client) -> str:
    from service.accounts.people import digest

    with client.session_transaction() as s:
        return digest(s["account"])


def test_a_name_is_unique(client, app):
    sign_up(client, "lou@example.org", "Lou")
    other = app.test_client()
    use_link(other, ask_link(other, "max@example.org"))
    taken = other.post("/signin/name", data={"name": "LOU", "csrf_token": csrf(other)})
    assert taken.status_code == 409 and b"taken" in taken.data
    assert (
        other.post("/signin/name", data={"name": "Max", "csrf_token": csrf(other)}).status_code
        == 303
    )


def test_deletion_removes_personal_data_and_keeps_the_games(client, app):
    sign_up(client, "ned@example.org", "Ned")
    s = side(app)
    account_id = client.get("/api/v1/account").json["id"]
    s.people.add_passkey(account_id, "cred-1", "key", 0, "test")
    exported = client.get("/account/export")
    body = json.loads(exported.data)
    assert body["personal_data"]["email"] == "ned@example.org"
    assert body["account"]["name"] == "Ned"
    refused = post(client, "/account/delete", confirm="not me")
    assert refused.status_code == 422
    done = post(client, "/account/delete", confirm="Ned")
    assert done.status_code == 200
    for table in ("acc_people", "acc_passkeys", "acc_sessions"):
        rows = s.store.query(f"SELECT * FROM {{p}}{table} WHERE account_id = ?", [account_id])
        assert rows == [], table
    assert s.store.query("SELECT * FROM {p}acc_signin WHERE email = ?", ["ned@example.org"]) == []
    s.fresh()
    row = s.store.query(
        "SELECT name, deleted FROM {p}rm_accounts WHERE account_id = ?", [account_id]
    )
    assert row[0]["deleted"] == 1 and row[0]["name"].startswith("Deleted player")
    events = list(s.games.events.get(uuid.UUID(account_id)))
    assert all("ned@example.org" not in json.dumps(e.data) for e in events)
    # the address can open a new account; the old name stays taken
    other = app.test_client()
    use_link(other, ask_link(other, "ned@example.org"))
    again = other.post("/signin/name", data={"name": "Ned", "csrf_token": csrf(other)})
    assert again.status_code == 409


def test_pages_need_a_signed_in_account(client):
    assert client.get("/account").status_code == 401
    assert client.get("/api/v1/account/games").status_code == 401
    assert CSRF.search(client.get("/signin").data)
