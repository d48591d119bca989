"""Issue 24: one browser may hold several seats of one game (hot-seat, a tester) and switch
between them on the game page ("Playing as Ann · switch to Bob") without losing either."""

from __future__ import annotations

import html
import re
import uuid

from tests.web.test_pages import _create, _csrf, _join


def _playing(page: str) -> str | None:
    found = re.search(r"You play ([^.<]+)\.", page)
    return found.group(1) if found else None


def test_a_browser_holding_two_seats_switches_between_them_and_keeps_both(web_app):
    client = web_app.test_client()
    game_id, links = _create(client)
    _join(client, links[0])
    _join(client, links[1])  # the second invite no longer drops the first seat
    page = client.get(f"/games/{game_id}").get_data(True)
    assert _playing(page) == "Bob"
    assert "Playing as Bob" in page and re.search(r"switch to Ann", page)
    token = _csrf(client)
    answer = client.post(f"/games/{game_id}/seat", data={"csrf_token": token, "seat": "0"})
    assert answer.status_code == 303
    page = client.get(f"/games/{game_id}").get_data(True)
    assert _playing(page) == "Ann" and "switch to Bob" in page
    # hot-seat: switch to whoever's turn it is (the button says so) and move as that seat
    from service.context import games

    with web_app.app_context():
        game = games().get_game(uuid.UUID(game_id))
        mover = sorted(game.rules.status(game.state).to_act)[0]
    name = ["Ann", "Bob"][mover]
    if _playing(page) != name:
        assert f"switch to {name} (their turn)" in page
        client.post(f"/games/{game_id}/seat", data={"csrf_token": token, "seat": str(mover)})
        page = client.get(f"/games/{game_id}").get_data(True)
    assert _playing(page) == name and "It is your turn." in page
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    packed = html.unescape(re.search(r'name="move" value="([^"]+)"', page).group(1))
    answer = client.post(
        f"/games/{game_id}/moves", data={"csrf_token": token, "move": packed, "where": "list"}
    )
    assert answer.status_code == 303, answer.get_data(True)
    after = client.get(f"/games/{game_id}").get_data(True)
    assert int(re.search(r'data-version="(\d+)"', after).group(1)) > version
    # and back: both seats are still held
    client.post(f"/games/{game_id}/seat", data={"csrf_token": token, "seat": "1"})
    page = client.get(f"/games/{game_id}").get_data(True)
    assert _playing(page) == "Bob" and "switch to Ann" in page


def test_switching_to_a_seat_not_held_is_refused_and_changes_nothing(web_app):
    client = web_app.test_client()
    game_id, links = _create(client)
    _join(client, links[0])
    page = client.get(f"/games/{game_id}").get_data(True)
    assert "switch to" not in page  # one seat held: nothing to switch to
    answer = client.post(f"/games/{game_id}/seat", data={"csrf_token": _csrf(client), "seat": "1"})
    assert answer.status_code == 403
    assert "holds no other seat" in answer.get_data(True)
    assert _playing(client.get(f"/games/{game_id}").get_data(True)) == "Ann"
    # a forged form without the session's token changes nothing either
    answer = client.post(f"/games/{game_id}/seat", data={"csrf_token": "x", "seat": "1"})
    assert answer.status_code == 400


def test_a_seat_whose_invite_was_replaced_is_no_longer_offered(web_app):
    from service.context import games

    client = web_app.test_client()
    game_id, links = _create(client)
    _join(client, links[0])
    _join(client, links[1])
    with web_app.app_context():
        games().replace_seat_token(uuid.UUID(game_id), 0)  # Ann's link was replaced elsewhere
    page = client.get(f"/games/{game_id}").get_data(True)
    assert _playing(page) == "Bob" and "switch to Ann" not in page
