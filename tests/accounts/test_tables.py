"""Open tables through the real pages: find, join, start, play from an account's seat, my
games on every device, rated results, reissued links, rematch, claimed guest seats (issue 33).
Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import re
import uuid

from tests.accounts.helpers import csrf, post, sign_in, sign_up


def side(app):
    from service.accounts.side import accounts_side
    from service.context import EXTENSION

    return accounts_side(app, app.extensions[EXTENSION])


def open_table(client, **form) -> str:
    fields = {"variant": "toy:race", "seats": "2", "access": "anyone", **form}
    answer = post(client, "/tables", **fields)
    assert answer.status_code == 303, answer.data
    return answer.location


def table_id(location: str) -> str:
    return location.rstrip("/").split("/")[-1]


def players(app, n=2):
    clients = []
    for i, name in enumerate(["Ann", "Bob", "Cyd", "Dee"][:n]):
        c = app.test_client()
        sign_up(c, f"{name.lower()}-{i}@example.org", name)
        clients.append(c)
    return clients


def play_to_the_end(app, clients_by_seat, game_id: str) -> int:
    """Play the game through the pages, each seat from its own signed-in client, choosing the
    first listed move; returns the number of moves."""
    from service.context import EXTENSION

    games = app.extensions[EXTENSION].games()
    gid = uuid.UUID(game_id)
    moves = 0
    while not games.is_over(games.get_game(gid)):
        game = games.get_game(gid)
        seat = sorted(game.rules.status(game.state).to_act)[0]
        _, legal = games.legal_moves(gid, seat)
        client = clients_by_seat[seat]
        answer = post(client, f"/games/{game_id}/moves", move=json.dumps(legal[-1]))
        assert answer.status_code == 303, answer.data[-600:]
        moves += 1
        assert moves < 400
    return moves


def test_two_players_find_a_table_play_it_and_are_rated(client, app):
    ann, bob = players(app)
    location = open_table(ann, rated="on")
    tid = table_id(location)
    listed = bob.get("/api/v1/tables").json["tables"]
    assert [t["id"] for t in listed] == [tid] and listed[0]["rated"]
    assert tid.encode() in bob.get("/tables").data and tid.encode() in bob.get("/").data
    joined = post(bob, f"/tables/{tid}/join")
    assert joined.status_code == 303 and "/games/" in joined.location
    game_id = joined.location.split("/games/")[1]
    for c in (ann, bob):
        mine = c.get("/api/v1/account/games").json["games"]
        assert [g["id"] for g in mine] == [game_id]
    assert bob.get("/api/v1/tables").json["tables"] == []  # no longer open
    late = app.test_client()
    sign_up(late, "cyd@example.org", "Cyd")
    full = post(late, f"/tables/{tid}/join")
    assert full.status_code == 409 and b"full" in full.data
    play_to_the_end(app, {0: ann, 1: bob}, game_id)
    board = ann.get("/ratings/toy")
    assert board.status_code == 200
    s = side(app).fresh()
    changes = {r["account_id"]: r for r in s.rating_changes(game_id)}
    assert len(changes) == 2
    scores = sorted(r["score"] for r in changes.values())
    assert scores in ([0.0, 1.0], [0.5, 0.5])
    for r in changes.values():
        assert (r["after"] > r["before"]) == (r["score"] == 1.0) or r["score"] == 0.5
    assert b"Ann" in board.data and b"Bob" in board.data


def test_the_rating_projection_rebuilt_from_the_store_equals_the_live_one(client, app):
    ann, bob, cy = players(app, 3)
    for a, b in ((ann, bob), (bob, cy), (cy, ann)):
        tid = table_id(open_table(a, rated="on"))
        game_id = post(b, f"/tables/{tid}/join").location.split("/games/")[1]
        play_to_the_end(app, {0: a, 1: b}, game_id)
    s = side(app).fresh()
    query = (
        "SELECT account_id, title, variant, rating, rd, vol, games, wins FROM {p}rm_ratings "
        "ORDER BY account_id"
    )
    live = s.query(query)
    live_changes = s.query("SELECT * FROM {p}rm_rating_changes ORDER BY game_id, account_id")
    assert len(live) == 3 and len(live_changes) == 6
    ratings = next(p for p in s.projections if p.name == "chronicle.ratings")
    ratings.rebuild()
    assert s.query(query) == live
    assert s.query("SELECT * FROM {p}rm_rating_changes ORDER BY game_id, account_id") == (
        live_changes
    )
    ratings.window = 7  # windows much shorter than the log: the same rows
    ratings.rebuild()
    assert s.query(query) == live
    tables = next(p for p in s.projections if p.name == "chronicle.tables")
    before = s.query("SELECT * FROM {p}rm_account_seats ORDER BY account_id, game_id")
    tables.window = 7
    tables.rebuild()
    assert s.query("SELECT * FROM {p}rm_account_seats ORDER BY account_id, game_id") == before


def test_refusals_are_409_with_a_sentence(client, app):
    ann, bob = players(app)
    tid = table_id(open_table(ann, seats="3"))
    assert post(bob, f"/tables/{tid}/join").status_code == 303
    twice = post(bob, f"/tables/{tid}/join")
    assert twice.status_code == 409 and b"already have a seat" in twice.data
    own = post(ann, f"/tables/{tid}/join")
    assert own.status_code == 409
    ranged = table_id(open_table(ann, access="rating", low="1600", high="1800"))
    refused = post(bob, f"/tables/{ranged}/join")
    assert refused.status_code == 409
    assert b"below this table" in refused.data and b"1600 to 1800" in refused.data
    api = bob.post(
        f"/tables/{ranged}/join",
        data={"csrf_token": csrf(bob, "/")},
        headers={"Accept": "application/json"},
    )
    assert api.status_code == 409 and api.json["code"] == "table_rating_low"


def test_invitations_show_in_the_players_games_and_the_creator_can_start_with_bots(client, app):
    ann, bob = players(app)
    tid = table_id(open_table(ann, seats="3", invite1="Bob", access="invited"))
    invited = bob.get("/api/v1/account/games").json["tables"]
    assert [(t["id"], t["kind"]) for t in invited] == [(tid, "invited")]
    assert b"you are invited" in bob.get("/my-games").data
    assert post(bob, f"/tables/{tid}/join").status_code == 303
    started = post(ann, f"/tables/{tid}/start")
    game_id = started.location.split("/games/")[1]
    summary = client.get(f"/api/v1/games/{game_id}").json
    assert [p["name"] for p in summary["players"]][:2] == ["Ann", "Bob"]
    assert summary["players"][2]["bot"]["bot"] == "greedy"


def test_an_unknown_invited_name_is_refused(client, app):
    [ann] = players(app, 1)
    answer = post(ann, "/tables", variant="toy:race", seats="2", invite1="Nobody")
    assert answer.status_code == 422 and b"no player named Nobody" in answer.data


def test_reissue_before_a_move_then_rematch_with_the_same_seats(client, app):
    ann, bob = players(app)
    tid = table_id(open_table(ann))
    game_id = post(bob, f"/tables/{tid}/join").location.split("/games/")[1]
    page = post(ann, f"/tables/{tid}/reissue", seat="2")  # Bob's seat, before he moved
    assert page.status_code == 200 and b"/join/" in page.data
    assert bob.get("/api/v1/account/games").json["games"] == []  # Bob no longer holds it
    invite = re.search(rb"/join/([^\"<\s]+)", page.data).group(1).decode()
    guest = app.test_client()
    assert guest.get(f"/join/{invite}").status_code == 200
    play_to_the_end(app, {0: ann, 1: guest_seat(guest, invite)}, game_id)
    again = post(ann, f"/tables/{tid}/rematch")
    assert again.status_code == 303
    new = table_id(again.location)
    row = side(app).fresh().table_row(new)
    assert row["rematch_of"] == game_id and row["seats"][0]["taken"]


def guest_seat(guest, invite: str):
    answer = guest.post(f"/join/{invite}", data={"csrf_token": csrf(guest, f"/join/{invite}")})
    assert answer.status_code == 303
    return guest


def test_a_rematch_invites_the_other_account(client, app):
    ann, bob = players(app)
    tid = table_id(open_table(ann))
    game_id = post(bob, f"/tables/{tid}/join").location.split("/games/")[1]
    play_to_the_end(app, {0: ann, 1: bob}, game_id)
    new = table_id(post(bob, f"/tables/{tid}/rematch").location)
    assert table_id(post(ann, f"/tables/{tid}/rematch").location) == new  # one rematch
    assert any(t["id"] == new for t in ann.get("/api/v1/account/games").json["tables"])
    started = post(ann, f"/tables/{new}/join")
    assert "/games/" in started.location
    assert started.location.split("/games/")[1] != game_id


def claimed_guest_seat(client, app):
    """A guest game of Gus and Hal whose seat 0 the new account Gus claims by its invite link
    on its page: (Gus's signed-in client, the game's id)."""
    created = client.post("/api/v1/games", json={"title": "toy", "players": ["Gus", "Hal"]}).json
    game_id, token = created["id"], created["seats"][0]["token"]
    from service.web import security

    with app.test_request_context():
        invite = security.make_invite(game_id, 0, token)
    c = app.test_client()
    sign_up(c, "gus@example.org", "Gus")
    assert b"join-claim" in c.get(f"/join/{invite}").data
    claimed = post(c, f"/account/claim/{invite}")
    assert claimed.status_code == 303
    return c, game_id


def test_a_guest_seat_is_claimed_by_the_account_holding_its_link(client, app):
    _gus, game_id = claimed_guest_seat(client, app)
    phone = app.test_client()
    sign_in(phone, "gus@example.org")
    mine = phone.get("/api/v1/account/games").json["games"]
    assert [(g["id"], g["seat"]) for g in mine] == [(game_id, 0)]
    page = phone.get(f"/games/{game_id}")
    assert page.status_code == 200 and b"Your moves" in page.data


def test_my_games_shows_the_time_left_on_each_clock(client, app):
    ann, bob = players(app)
    tid = table_id(open_table(ann, clock="per_move:86400"))
    game_id = post(bob, f"/tables/{tid}/join").location.split("/games/")[1]
    listed = ann.get("/api/v1/account/games").json["games"]
    [mine] = [g for g in listed if g["id"] == game_id]
    waiting = mine if mine["my_turn"] else None
    page = (ann if waiting else bob).get("/my-games").data.decode()
    assert re.search(r'class="meta time-left">(23|24) h \d+ min left<', page), page[-1500:]
    assert mine["players"] == ["Ann", "Bob"]


def test_open_tables_are_listed_by_title_and_variant(client, app):
    [ann] = players(app, 1)
    toy = table_id(open_table(ann))
    listed = client.get("/api/v1/tables?title=toy&variant=race").json["tables"]
    assert [t["id"] for t in listed] == [toy]
    assert client.get("/api/v1/tables?title=agricola").json["tables"] == []
    assert client.get("/api/v1/tables?variant=family").json["tables"] == []
    page = client.get("/tables?title=toy&variant=race").data.decode()
    assert toy in page and "open seat" in page


def test_a_deleted_creator_closes_the_tables_waiting_for_players(client, app):
    [ann] = players(app, 1)
    toy = table_id(open_table(ann))
    assert post(ann, "/account/delete", confirm="Ann").status_code == 200
    assert client.get("/api/v1/tables").json["tables"] == []
    assert side(app).tables.get(uuid.UUID(toy)).status == "closed"
