"""Hooks that cannot reach inside: the URL check, the address check and the pinned connection.

Issue 8 item 1: an https-only hook URL whose every address is public, checked when a seat
subscribes (422 with a sentence) and at every delivery against the address connected to;
``CHRONICLE_WEBHOOK_ALLOW`` names what an operator allows anyway.
"""

from __future__ import annotations

import ipaddress
import socket

import pytest

from service.app import create_app
from service.bootstrap import bootstrap, init_db
from tests.conftest import TEST_WEBHOOK_ALLOW, sqlite_settings
from tests.service.helpers import new_game
from workers import netguard, notifiers
from workers.netguard import Allowance, UnsafeUrl, parse_allowance
from workers.settings import WorkerSettings

NOTHING = Allowance()
TESTS = parse_allowance(TEST_WEBHOOK_ALLOW)

#: Hosts that all stand for an address inside: every spelling the resolver accepts.
HOSTILE_HOSTS = [
    "127.0.0.1",
    "2130706433",
    "0177.0.0.1",
    "0x7f.1",
    "0x7f000001",
    "127.1",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::127.0.0.1]",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "0",
    "224.0.0.1",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.2.1",
    "198.18.0.1",
    "[fe80::1]",
    "[fc00::1]",
    "[fd12:3456::1]",
    "[ff02::1]",
    "[::]",
    "[64:ff9b::7f00:1]",
    "[64:ff9b::a00:1]",
    "[2002:7f00:1::]",
    "[2002:a9fe:a9fe::1]",
    "[2001:db8::1]",
    "[2001::8000:ffff:80ff:fffe]",  # Teredo whose client is 127.0.0.1 (inverted bits)
    "localhost",
]


@pytest.mark.parametrize("host", HOSTILE_HOSTS)
def test_a_hook_reaching_inside_is_refused(host):
    with pytest.raises(UnsafeUrl) as refused:
        netguard.check_hook(f"https://{host}/hook", NOTHING)
    assert refused.value.code == "webhook_address_not_allowed"
    assert "public" in refused.value.message


@pytest.mark.parametrize(
    "address", ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]
)
def test_public_addresses_pass(address):
    assert netguard.why_not_public(ipaddress.ip_address(address)) is None


def test_a_public_literal_https_url_is_accepted_and_plain_http_is_not():
    netguard.check_hook("https://8.8.8.8/hook", NOTHING)
    netguard.check_hook("https://[2606:4700:4700::1111]:8443/hook", NOTHING)
    with pytest.raises(UnsafeUrl) as refused:
        netguard.check_hook("http://8.8.8.8/hook", NOTHING)
    assert refused.value.code == "webhook_url_not_https"
    for bad in ("ftp://8.8.8.8/", "https:///nohost", "https://[::1/", "https://x:99999/"):
        with pytest.raises(UnsafeUrl) as refused:
            netguard.check_hook(bad, NOTHING)
        assert refused.value.code == "webhook_url_invalid"


def test_the_allowance_names_networks_and_plain_http():
    allowance = parse_allowance(" 127.0.0.0/8 , http,::1 ")
    assert allowance.http
    netguard.check_hook("http://127.0.0.1:9/hook", allowance)
    netguard.check_hook("http://[::1]:9/hook", allowance)
    with pytest.raises(UnsafeUrl):
        netguard.check_hook("http://10.0.0.1/hook", allowance)
    assert parse_allowance("") == NOTHING and parse_allowance(None) == NOTHING
    with pytest.raises(ValueError, match="neither a network"):
        parse_allowance("127.0.0.0/8,https")


def test_a_name_with_one_private_answer_is_refused_whole(monkeypatch):
    answers = [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 443)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", 443)),
    ]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: answers)
    with pytest.raises(UnsafeUrl, match=r"10\.1\.2\.3"):
        netguard.check_hook("https://hooks.example.net/x", NOTHING)


def test_delivery_connects_to_the_address_it_checked_not_a_later_answer(monkeypatch, receivers):
    """DNS rebinding: the first answer is checked and pinned; a second lookup is never made."""
    receiver = receivers()
    port = int(receiver.url.rsplit(":", 1)[1])
    lookups = []

    def rebinding(host, *args, **kwargs):
        lookups.append(host)
        address = "127.0.0.1" if len(lookups) == 1 else "10.9.9.9"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    outcome = notifiers.post(f"http://hooks.example.net:{port}/pinned", b"{}", {}, 2.0, TESTS)
    assert outcome.ok, outcome
    assert lookups == ["hooks.example.net"]
    [got] = receiver.ok("/pinned")
    assert got.headers["Host"] == f"hooks.example.net:{port}"


def test_a_local_receiver_is_refused_without_the_allowance_and_reached_with_it(receivers):
    receiver = receivers()
    refused = notifiers.post(receiver.url + "/in", b"{}", {}, 2.0, NOTHING)
    assert not refused.ok and refused.permanent
    assert receiver.counts == {}
    https_only = notifiers.post(
        receiver.url + "/in", b"{}", {}, 2.0, Allowance(TESTS.networks, http=False)
    )
    assert not https_only.ok and "https" in https_only.error
    reached = notifiers.post(receiver.url + "/in", b"{}", {}, 2.0, TESTS)
    assert reached.ok and len(receiver.ok("/in")) == 1


def test_redirects_are_not_followed(receivers):
    receiver = receivers(lambda n, path: (302, {"Location": "http://169.254.169.254/"}))
    outcome = notifiers.post(receiver.url + "/moved", b"{}", {}, 2.0, TESTS)
    assert not outcome.ok and receiver.counts == {"/moved": 1}


@pytest.fixture
def strict_client(tmp_path):
    """The app as deployed by default: no allowance at all."""
    settings = sqlite_settings(tmp_path, webhook_allow=NOTHING)
    init_db(settings).close()
    services = bootstrap(settings)
    app = create_app(services=services)
    app.testing = True
    yield app.test_client()
    services.close()


@pytest.mark.parametrize("field", ["webhook_url", "chat_url"])
@pytest.mark.parametrize(
    "url, code",
    [
        ("https://127.0.0.1/hook", "webhook_address_not_allowed"),
        ("https://2130706433/hook", "webhook_address_not_allowed"),
        ("https://[::ffff:10.0.0.1]/hook", "webhook_address_not_allowed"),
        ("https://169.254.169.254/latest/meta-data", "webhook_address_not_allowed"),
        ("http://8.8.8.8/hook", "webhook_url_not_https"),
    ],
)
def test_subscribing_with_an_inside_hook_is_a_422_with_a_sentence(strict_client, field, url, code):
    game = new_game(strict_client)
    seat_url = f"{game.url}/seats/1/notifications"
    answer = strict_client.put(seat_url, json={field: url}, headers=game.auth(1))
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == code and problem["params"]["field"] == field
    assert problem["detail"].endswith(".")
    # nothing was stored
    shown = strict_client.get(seat_url, headers=game.auth(1)).get_json()
    assert shown["webhook"] is None and shown.get("chat") is None


def test_a_public_hook_subscribes_on_the_strict_service(strict_client):
    game = new_game(strict_client)
    answer = strict_client.put(
        f"{game.url}/seats/1/notifications",
        json={"webhook_url": "https://8.8.8.8/hook"},
        headers=game.auth(1),
    )
    assert answer.status_code == 200, answer.get_json()


def test_email_headers_cannot_be_injected(smtp):
    settings = WorkerSettings(smtp_host="127.0.0.1", smtp_port=smtp.port, smtp_timeout=2.0)
    outcome = notifiers.send_email(
        settings, "bob@example.com\r\nBcc: eve@example.com", "Your turn", "text", "<m1@chronicle>"
    )
    assert not outcome.ok and outcome.permanent and smtp.messages == []
