"""The series page (issue 23 item 5): start a solo series from a form, see its targets and
games, play game 1 from the browser's held seat, choose the permanent occupation with a
button labelled with the card, and see it listed with its text (digest §9.3, T-16)."""

from __future__ import annotations

import html
import json
import re

import pytest

from domain.agricola.cards.catalogue import CARDS
from tests.web.series_support import finish_solo_game


@pytest.fixture
def web(web_app):
    return web_app.test_client()


def _csrf(client, path="/series") -> str:
    page = client.get(path).get_data(True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _start(web, name="Ann"):
    answer = web.post(
        "/series", data={"csrf_token": _csrf(web), "title": "agricola", "player": name}
    )
    assert answer.status_code == 303, answer.get_data(True)
    return answer.headers["Location"]


def test_a_series_page_from_start_to_the_second_game(web, web_app):
    where = _start(web)
    page = html.unescape(web.get(where).get_data(True))
    assert "Ann's series" in page and "being played" in page
    for target in (50, 55, 59, 62, 64, 65, 66, 67):
        assert f"<td>{target}</td>" in page
    game_id = re.search(r'href="/games/([0-9a-f-]{36})">Game 1', page).group(1)
    assert "Your moves" in web.get(f"/games/{game_id}").get_data(True)  # the seat is held
    finish_solo_game(web_app, game_id, 3)
    raw = web.get(where).get_data(True)
    page = html.unescape(raw)
    forms = [html.unescape(v) for v in re.findall(r'name="move" value="([^"]+)"', raw)]
    assert forms and "After game 1" in page
    move = json.loads(forms[0])
    if move["type"] == "choose":
        assert f"Make {CARDS[move['card']]['name']} ({move['card']}) permanent" in page
    answer = web.post(
        f"{where}/moves", data={"csrf_token": _csrf(web, where), "move": json.dumps(move)}
    )
    assert answer.status_code == 303
    page = html.unescape(web.get(where).get_data(True))
    assert re.search(r'href="/games/[0-9a-f-]{36}">Game 2', page)
    if move["type"] == "choose":
        assert CARDS[move["card"]]["summary"] in page and "after game 1" in page
    assert "agree with the series' record" in page


def test_a_spectator_sees_the_series_but_cannot_choose(web, web_app):
    where = _start(web)
    other = web_app.test_client()
    page = other.get(where).get_data(True)
    assert "Ann&#39;s series" in page or "Ann's series" in page
    assert 'name="move"' not in page
    answer = other.post(f"{where}/moves", data={"csrf_token": _csrf(other), "move": "{}"})
    assert answer.status_code == 403


def test_a_bad_name_gets_the_sentence_and_starts_nothing(web):
    answer = web.post(
        "/series", data={"csrf_token": _csrf(web), "title": "agricola", "player": "  "}
    )
    assert answer.status_code == 422
    assert "blank" in answer.get_data(True)
