"""Issue 22: with four server processes on PostgreSQL, and across a restart, one deployment
keeps one secret (from its data directory): pages' forms, invite links, browser seats and
stream tickets made by one process work in every other. Before, each process drew its own key:
2-5 of 6 game creations from the page failed with "form expired"."""

from __future__ import annotations

import html
import os
import re
import socket
import subprocess
import sys
import time

import pytest
import requests

from tests.conftest import _empty_postgres_tables, postgres_url

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Deployment:
    def __init__(self, data_dir, schema) -> None:
        self.port = _free_port()
        self.env = {
            **os.environ,
            "CHRONICLE_DATA_DIR": str(data_dir),
            "PORT": str(self.port),
            "CHRONICLE_DATABASE_URL": postgres_url(schema),
            "REDIS_URL": "",
            "CHRONICLE_WEB_CONCURRENCY": "4",
            "CHRONICLE_THREADS": "4",
            "CHRONICLE_RATE_LIMITS": "",
            "CHRONICLE_WAKEUPS": "off",
        }
        self.env.pop("CHRONICLE_SECRET_KEY", None)
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [os.path.join(BIN, "chronicle-serve")],
            env=self.env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                time.sleep(0.3)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(30)
            self.proc = None


@pytest.fixture
def deployment(tmp_path, postgres_schema):
    _empty_postgres_tables(postgres_schema)  # the schema is shared by the session's tests
    found = Deployment(tmp_path, postgres_schema)
    found.start()
    yield found
    found.stop()


def _said(page: str) -> str:
    """The heading and sentence of an error page (what a failed assertion should show)."""
    found = re.findall(r"<h1>(.*?)</h1>|role=\"alert\">(.*?)</p>", page, re.S)
    return " / ".join(html.unescape("".join(parts)).strip() for parts in found) or page[:500]


def _csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _create_from_the_page(url: str) -> tuple[requests.Session, list[str]]:
    browser = requests.Session()
    home = browser.get(url + "/", timeout=10)
    assert home.status_code == 200, _said(home.text)
    home = home.text
    answer = browser.post(
        url + "/games",
        data={
            "csrf_token": _csrf(home),
            "title": "agricola",
            "variant": "family",
            "player": ["Ann", "Bob"],
        },
        timeout=10,
    )
    assert answer.status_code == 200, _said(answer.text)
    links = [html.unescape(u) for u in re.findall(r'href="(http://[^"]+/join/[^"]+)"', answer.text)]
    return browser, links


def _join(browser: requests.Session, link: str) -> requests.Response:
    page = browser.get(link, timeout=10)
    assert page.status_code == 200, _said(page.text)
    return browser.post(
        link, data={"csrf_token": _csrf(page.text)}, timeout=10, allow_redirects=False
    )


def test_forms_links_and_seats_hold_across_four_processes_and_a_restart(deployment):
    links = []
    for _ in range(6):  # each request may reach any of the four processes
        browser, made = _create_from_the_page(deployment.url)
        links.append(made)
    player = requests.Session()
    pages = []
    for made in links:
        joined = _join(player, made[0])
        assert joined.status_code == 303
        pages.append(deployment.url + joined.headers["Location"].replace(deployment.url, ""))
    for page in pages:  # the browser's seat, read by whichever process answers
        assert "You play Ann." in player.get(page, timeout=10).text
    deployment.stop()
    deployment.start()  # a restart: the same key, from the data directory
    for _ in range(4):
        assert "You play Ann." in player.get(pages[0], timeout=10).text
    again = requests.Session()
    joined = _join(again, links[0][1])  # a link made before the restart
    assert joined.status_code == 303
    assert "You play Bob." in again.get(pages[0], timeout=10).text
