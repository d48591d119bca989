"""Accounts in Chromium (issue 33): two browsers sign in by mailed links (a real SMTP server,
aiosmtpd), find each other's table, play, and rematch; a passkey registered and used through
Chromium's virtual authenticator (CDP ``WebAuthn.addVirtualAuthenticator``).

Pages are opened at ``localhost`` (WebAuthn refuses an IP address as its relying party id)."""

from __future__ import annotations

import email
import re
import time

import pytest

from tests.workers.support import SmtpServer

pytestmark = pytest.mark.browser


@pytest.fixture
def smtp(monkeypatch):
    server = SmtpServer()
    monkeypatch.setenv("CHRONICLE_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("CHRONICLE_SMTP_PORT", str(server.port))
    monkeypatch.setenv("CHRONICLE_SIGNIN_LIMITS", "address=1000/hour, email=1000/hour")
    yield server
    server.close()


def local(url: str) -> str:
    return url.replace("127.0.0.1", "localhost")


def mailed_link(smtp, address: str, seen: int, timeout: float = 10.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for envelope in smtp.messages[seen:]:
            message = email.message_from_bytes(envelope.content)
            if message["To"] == address:
                text = message.get_payload(decode=True).decode()
                return re.search(r"(http\S+/signin/link/\S+)", text).group(1)
        time.sleep(0.05)
    raise AssertionError(f"no sign-in mail reached {address}")


def sign_up(page, base: str, smtp, address: str, name: str) -> None:
    seen = len(smtp.messages)
    page.goto(base + "/signin")
    page.fill("#email", address)
    page.click("#send-link")
    page.wait_for_selector("text=Check your mail")
    page.goto(local(mailed_link(smtp, address, seen)))
    page.click("#use-link")
    page.fill("#name", name)
    page.click("#create-account")
    page.wait_for_selector("h1:has-text('My games')")
    assert page.inner_text("#account-name") == name


def whose_turn(pages):
    for page in pages:
        page.reload()
    for seat, page in enumerate(pages):
        if page.locator("text=It is your turn.").count():
            return seat
    return None


def test_two_browsers_sign_in_find_a_table_play_and_rematch(browser, live_server, smtp):
    base = local(live_server.url)
    contexts = [browser.new_context(), browser.new_context()]
    try:
        ann, bob = (c.new_page() for c in contexts)
        errors: list[str] = []
        for page in (ann, bob):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        sign_up(ann, base, smtp, "ann@example.org", "Ann")
        sign_up(bob, base, smtp, "bob@example.org", "Bob")

        ann.goto(base + "/tables")
        ann.select_option("#table-variant", "toy:race")
        ann.check("#rated")
        ann.click("#open-table")
        ann.wait_for_selector("#challenge-link")
        assert "/tables/" in ann.input_value("#challenge-link")
        ann.click("#copy-challenge")
        ann.wait_for_selector(".copied:not(:empty)")

        bob.goto(base + "/tables")
        bob.click("#open-tables li a")
        bob.click("#join-table")
        bob.wait_for_url(re.compile(r".*/games/[0-9a-f-]+$"))
        game_url = bob.url
        ann.goto(base + "/my-games")
        ann.click("#my-games li a")
        assert ann.url == game_url

        moves = 0
        while moves < 300:
            seat = whose_turn([ann, bob])
            if seat is None:
                break
            [ann, bob][seat].locator("#moves button.move").first.click()
            [ann, bob][seat].wait_for_load_state()
            moves += 1
        assert moves > 3
        ann.goto(game_url)
        ann.click("#game-table")
        ann.click("#rematch")
        ann.wait_for_selector("#challenge-link")
        bob.goto(base + "/my-games")
        bob.wait_for_selector(".invitation")
        bob.click("#my-tables li a")
        bob.click("#join-table")
        bob.wait_for_url(re.compile(r".*/games/[0-9a-f-]+$"))
        assert bob.url != game_url
        board = bob.goto(base + "/ratings/toy")
        assert board.status == 200
        assert bob.locator("table.board td:has-text('Ann')").count() == 1
        assert not [e for e in errors if "Content Security Policy" in e]
    finally:
        for c in contexts:
            c.close()


def test_a_passkey_made_in_a_virtual_authenticator_signs_in(browser, live_server, smtp):
    base = local(live_server.url)
    context = browser.new_context()
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("WebAuthn.enable")
        cdp.send(
            "WebAuthn.addVirtualAuthenticator",
            {
                "options": {
                    "protocol": "ctap2",
                    "transport": "internal",
                    "hasResidentKey": True,
                    "hasUserVerification": True,
                    "isUserVerified": True,
                }
            },
        )
        sign_up(page, base, smtp, "pia@example.org", "Pia")
        page.goto(base + "/account")
        page.click("#passkey-add")
        page.wait_for_selector("#passkeys li form")
        page.click("#signout")
        page.wait_for_selector("#signin-link")
        page.goto(base + "/signin")
        page.click("#passkey-signin")
        page.wait_for_selector("#account-name")
        assert page.inner_text("#account-name") == "Pia"
    finally:
        context.close()
