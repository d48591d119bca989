"""Helpers of the accounts' tests: read a page's CSRF token, catch sign-in links from the
server's log (no SMTP configured), sign a new player up through the real pages."""

from __future__ import annotations

import logging
import re
from urllib.parse import urlsplit

CSRF = re.compile(rb'name="csrf-token" content="([^"]+)"')
LINK = re.compile(r"(https?://\S+/signin/link/\S+)")


def csrf(client, path: str = "/signin") -> str:
    page = client.get(path)
    return CSRF.search(page.data).group(1).decode()


class LinkCatcher(logging.Handler):
    """Collects the sign-in links the server logs when no SMTP server is configured."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.links: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        found = LINK.search(record.getMessage())
        if found:
            self.links.append(found.group(1))

    def __enter__(self) -> LinkCatcher:
        logging.getLogger("chronicle.signin").addHandler(self)
        return self

    def __exit__(self, *exc) -> None:
        logging.getLogger("chronicle.signin").removeHandler(self)


def path_of(url: str) -> str:
    return urlsplit(url).path


def ask_link(client, email: str) -> str:
    """Ask for a sign-in link for ``email``; the path of the link the server logged."""
    with LinkCatcher() as caught:
        answer = client.post("/signin", data={"email": email, "csrf_token": csrf(client)})
    assert answer.status_code == 303, answer.data
    assert caught.links, "no sign-in link was logged"
    return path_of(caught.links[-1])


def use_link(client, path: str):
    """Open a sign-in link's page and confirm it (the POST the page's button makes)."""
    page = client.get(path)
    assert page.status_code == 200, page.data
    return client.post(path, data={"csrf_token": CSRF.search(page.data).group(1).decode()})


def sign_up(client, email: str, name: str) -> None:
    """A new account through the real pages: link, name, signed in."""
    answer = use_link(client, ask_link(client, email))
    assert answer.status_code == 303 and answer.location.endswith("/signin/name"), answer.data
    answer = client.post("/signin/name", data={"name": name, "csrf_token": csrf(client)})
    assert answer.status_code == 303, answer.data


def sign_in(client, email: str) -> None:
    answer = use_link(client, ask_link(client, email))
    assert answer.status_code == 303 and answer.location.endswith("/my-games"), answer.data


def post(client, path: str, **form):
    return client.post(path, data={"csrf_token": csrf(client, "/"), **form})
