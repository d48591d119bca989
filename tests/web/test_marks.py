"""Issue 32: the marks of the last moves survive a reload. ``/games/<id>/marks`` names the
board elements changed since this browser's seat last moved, drawn from that seat's redacted
view; a spectator sees the last move marked."""

from __future__ import annotations

import uuid

from service.web import security
from tests.web.test_pages import _join


def _games(web_app):
    from service.context import games

    with web_app.app_context():
        return games()


def _seated(web_app, created, seat):
    client = web_app.test_client()
    with web_app.test_request_context():
        link = "/join/" + security.make_invite(created.game.id, seat, created.tokens[seat])
    assert _join(client, link).status_code == 303
    return client


SIMPLE = ("grain", "wood", "clay", "reed", "fishing", "day_laborer")


def _simple_placement(app, game_id) -> tuple[int, dict]:
    """The seat to act and a placement that ends its turn (takes goods, no further step)."""
    game = app.get_game(game_id)
    seat = sorted(game.rules.status(game.state).to_act)[0]
    _, legal = app.legal_moves(game_id, seat)
    return seat, next(m for m in legal if m.get("space") in SIMPLE)


def test_the_marks_name_what_the_others_changed_since_my_last_move(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=5)
    gid = created.game.id
    clients = [_seated(web_app, created, 0), _seated(web_app, created, 1)]
    watcher = web_app.test_client()
    a, first = _simple_placement(app, gid)
    app.play(gid, a, first)
    one, other = clients[a], clients[1 - a]
    # the mover just moved: nothing to mark for it until the others move
    assert one.get(f"/games/{gid}/marks").get_json()["ids"] == []
    # the other seat has not moved yet: the last move is marked for it and for a spectator
    assert f"space:{first['space']}" in other.get(f"/games/{gid}/marks").get_json()["ids"]
    assert f"space:{first['space']}" in watcher.get(f"/games/{gid}/marks").get_json()["ids"]
    b, second = _simple_placement(app, gid)
    assert b == 1 - a
    app.play(gid, b, second)
    answer = one.get(f"/games/{gid}/marks")
    assert answer.headers["Cache-Control"] == "no-store"
    ids = answer.get_json()["ids"]
    assert f"space:{second['space']}" in ids and f"space:{first['space']}" not in ids
    assert f"supply:{b}" in ids  # the goods it took
    # a seat's own move clears its marks
    assert other.get(f"/games/{gid}/marks").get_json()["ids"] == []


def test_the_marks_of_a_game_that_hides_cards_name_places_never_cards(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "full", ["Ann", "Bob"], {"decks": "E"}, seed=9)
    gid = created.game.id
    for _ in range(12):  # through the deal into the first placements
        game = app.get_game(gid)
        to_act = sorted(game.rules.status(game.state).to_act)
        if not to_act or to_act[0] != 1:
            if not to_act:
                break
            seat = to_act[0]
        else:
            seat = 1
        _, legal = app.legal_moves(gid, seat)
        app.play(gid, seat, legal[0])
    ann = _seated(web_app, created, 0)
    body = ann.get(f"/games/{gid}/marks").get_data(True)
    hand = app.get_game(gid).state["hands"]["_private"]["1"]
    for card in hand["occupations"] + hand["minors"]:
        assert card not in body


def test_the_marks_of_a_missing_game_are_a_404(web_app):
    client = web_app.test_client()
    assert client.get(f"/games/{uuid.uuid4()}/marks").status_code == 404
