"""An account plays the seats it holds through the game API (issue 33): by its session cookie
(changes carry the CSRF token) or by an account credential as the bearer; never a seat it does
not hold. Through HTTP (the test client), on SQLite and on PostgreSQL, with hostile requests:
another account, a signed-out browser, an ended credential, a deleted account, a forged CSRF
token, a seat it does not hold named in ``X-Chronicle-Seat``."""

from __future__ import annotations

import re

from tests.accounts.helpers import csrf, post, sign_up
from tests.accounts.test_tables import (
    claimed_guest_seat,
    guest_seat,
    open_table,
    players,
    table_id,
)

SEAT = "X-Chronicle-Seat"


def started(app, **form):
    """Ann's table joined by Bob: (ann, bob, game id); Ann sits at seat 0, Bob at seat 1."""
    ann, bob = players(app)
    tid = table_id(open_table(ann, **form))
    joined = post(bob, f"/tables/{tid}/join")
    assert joined.status_code == 303 and "/games/" in joined.location, joined.data
    return ann, bob, joined.location.split("/games/")[1], tid


def token_of(client) -> str:
    return client.get("/api/v1/account").json["csrf_token"]


def credential(client, label="my bot") -> dict:
    made = client.post(
        "/api/v1/account/credentials", json={"label": label}, headers=cookie_change(client)
    )
    assert made.status_code == 201, made.data
    return made.json


def cookie_change(client) -> dict:
    return {"X-CSRF-Token": token_of(client)}


def bearer(made: dict) -> dict:
    return {"Authorization": f"Bearer {made['token']}"}


def to_act(client, game_id) -> list[int]:
    return client.get(f"/api/v1/games/{game_id}").json["to_act"]


def version(client, game_id) -> int:
    return client.get(f"/api/v1/games/{game_id}").json["version"]


def legal(client, game_id, headers=None) -> dict:
    answer = client.get(f"/api/v1/games/{game_id}/moves", headers=headers or {})
    assert answer.status_code == 200, answer.data
    return answer.json


def move(client, game_id, headers, listed=None):
    listed = listed or legal(client, game_id, headers)
    return client.post(f"/api/v1/games/{game_id}/moves", json=listed["moves"][0], headers=headers)


def test_both_players_play_a_whole_game_by_cookie_and_by_credential(client, app):
    ann, bob, game_id, _ = started(app)
    api = app.test_client()  # an API client: no cookie at all
    bobs = bearer(credential(bob))
    by_seat = {
        0: (ann, lambda: cookie_change(ann)),  # Ann in her browser: cookie and CSRF token
        1: (api, lambda: dict(bobs)),  # Bob's program: his credential
    }
    moves = 0
    while to_act(client, game_id):
        seat = to_act(client, game_id)[0]
        who, headers = by_seat[seat]
        listed = legal(who, game_id, headers())
        assert listed["seat"] == seat and listed["moves"], listed
        answer = move(who, game_id, headers(), listed)
        assert answer.status_code == 201, answer.data
        moves += 1
        assert moves < 400
    assert client.get(f"/api/v1/games/{game_id}").json["status"] == "finished"
    mine = api.get("/api/v1/account/games", headers=bobs).json["games"]
    assert [(g["id"], g["seat"]) for g in mine] == [(game_id, 1)]


def test_each_account_acts_only_for_its_own_seat(client, app):
    ann, bob, game_id, _ = started(app)
    waiting = 1 - to_act(client, game_id)[0]
    holder = [ann, bob][waiting]  # the one whose turn it is not
    before = version(client, game_id)
    # its own seat: listed, but not its turn (a 409 from the rules, not an authorisation)
    assert legal(holder, game_id)["seat"] == waiting
    # the other seat, named: refused whatever the header says, by cookie and by credential
    other = str(1 - waiting)
    theirs = legal_for(app, game_id, 1 - waiting)
    refused = holder.post(
        f"/api/v1/games/{game_id}/moves",
        json=theirs,
        headers={**cookie_change(holder), SEAT: other},
    )
    assert refused.status_code == 403 and refused.json["code"] == "not_your_seat"
    made = credential(holder)
    api = app.test_client()
    refused = api.get(f"/api/v1/games/{game_id}/moves", headers={**bearer(made), SEAT: other})
    assert refused.status_code == 403 and refused.json["code"] == "not_your_seat"
    assert version(client, game_id) == before


def test_another_account_holds_no_seat_and_reads_as_the_public(client, app):
    _ann, _bob, game_id, _ = started(app)
    cyd = app.test_client()
    sign_up(cyd, "cyd@example.org", "Cyd")
    before = version(client, game_id)
    public = legal(cyd, game_id)
    assert public["seat"] is None and public["moves"] == []
    mover = to_act(client, game_id)[0]
    some_move = legal_for(app, game_id, mover)
    for headers in (cookie_change(cyd), bearer(credential(cyd))):
        answer = cyd.post(f"/api/v1/games/{game_id}/moves", json=some_move, headers=headers)
        assert answer.status_code == 403 and answer.json["code"] == "no_seat_held", answer.data
        named = cyd.post(
            f"/api/v1/games/{game_id}/moves", json=some_move, headers={**headers, SEAT: "0"}
        )
        assert named.status_code == 403 and named.json["code"] == "not_your_seat"
    assert version(client, game_id) == before


def legal_for(app, game_id, seat: int) -> dict:
    """A legal move of ``seat``, read from the application (not through any credential)."""
    import uuid

    from service.context import EXTENSION

    _, moves = app.extensions[EXTENSION].games().legal_moves(uuid.UUID(game_id), seat)
    return moves[0]


def test_a_cookie_change_without_the_csrf_token_is_refused(client, app):
    ann, bob, game_id, _ = started(app)
    mover = [ann, bob][to_act(client, game_id)[0]]
    listed = legal(mover, game_id)
    before = version(client, game_id)
    for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": csrf(client, "/")}):
        answer = mover.post(
            f"/api/v1/games/{game_id}/moves", json=listed["moves"][0], headers=headers
        )
        assert answer.status_code == 403 and answer.json["code"] == "csrf_token_invalid"
    assert version(client, game_id) == before
    # the token in a form field is a page's, not the API's: still refused
    answer = mover.post(f"/api/v1/games/{game_id}/moves", data={"csrf_token": csrf(mover, "/")})
    assert answer.status_code == 403
    assert move(mover, game_id, cookie_change(mover), listed).status_code == 201


def test_signed_out_ended_and_deleted_accounts_act_for_nobody(client, app):
    ann, bob, game_id, _ = started(app)
    anns, bobs = credential(ann), credential(bob)
    api = app.test_client()
    before = version(client, game_id)
    mover = to_act(client, game_id)[0]
    some_move = legal_for(app, game_id, mover)
    # Ann ends her credential from the sessions list; Bob's ends by deleting his account
    ended = ann.delete(f"/api/v1/account/sessions/{anns['id']}", headers=cookie_change(ann))
    assert ended.status_code == 200 and ended.json["ended"] == 1
    bobs_cookie_token = token_of(bob)
    gone = bob.post("/api/v1/account/delete", json={"confirm": "Bob"}, headers=cookie_change(bob))
    assert gone.status_code == 200, gone.data
    for made in (anns, bobs):
        for path in ("/moves", "/state"):
            answer = api.get(f"/api/v1/games/{game_id}{path}", headers=bearer(made))
            assert answer.status_code == 401, (path, answer.data)
        answer = api.post(f"/api/v1/games/{game_id}/moves", json=some_move, headers=bearer(made))
        assert answer.status_code == 401
        assert api.get("/api/v1/account/games", headers=bearer(made)).status_code == 401
    # the deleted account's browser is signed out: its cookie acts for nobody
    answer = bob.post(
        f"/api/v1/games/{game_id}/moves",
        json=some_move,
        headers={"X-CSRF-Token": bobs_cookie_token},
    )
    assert answer.status_code == 401
    assert legal(bob, game_id)["seat"] is None
    # Ann signs out: her browser reads as the public and may not move
    assert ann.post("/api/v1/account/signout", headers=cookie_change(ann)).status_code == 200
    assert legal(ann, game_id)["seat"] is None
    answer = ann.post(
        f"/api/v1/games/{game_id}/moves", json=some_move, headers={"X-CSRF-Token": "x"}
    )
    assert answer.status_code == 401
    assert version(client, game_id) == before


def test_bad_credentials_and_seat_headers_get_a_stable_code(client, app):
    ann, _bob, game_id, _ = started(app)
    api = app.test_client()
    cases = [
        ({"Authorization": "Bearer chra_not-a-credential"}, 401, "unauthorized"),
        ({"Authorization": "Bearer chra_" + "x" * 300}, 401, "unauthorized"),
        ({**bearer(credential(ann)), SEAT: "first"}, 400, "seat_header_invalid"),
        ({**bearer(credential(ann)), SEAT: "-1"}, 400, "seat_header_invalid"),
        ({**bearer(credential(ann)), SEAT: "7"}, 403, "not_your_seat"),
    ]
    for headers, status, code in cases:
        answer = api.get(f"/api/v1/games/{game_id}/moves", headers=headers)
        assert answer.status_code == status and answer.json["code"] == code, (headers, answer.data)
        assert answer.json["detail"]
    # a credential is made from a session only
    again = api.post(
        "/api/v1/account/credentials", json={"label": "x"}, headers=bearer(credential(ann))
    )
    assert again.status_code == 403 and again.json["code"] == "session_required"
    # nor may it add passkeys or delete the account; it does use the account's own routes
    anns = bearer(credential(ann))
    for method, path, body in (
        ("GET", "/account/passkeys/options", None),
        ("POST", "/api/v1/account/delete", {"confirm": "Ann"}),
    ):
        answer = api.open(path, method=method, json=body, headers=anns)
        assert answer.status_code == 403 and answer.json["code"] == "session_required", path
    assert ann.get("/api/v1/account").json["signed_in"]  # not deleted
    assert api.get("/api/v1/account", headers=anns).json["name"] == "Ann"
    opened = api.post("/api/v1/tables", json={"title": "toy", "variant": "race"}, headers=anns)
    assert opened.status_code == 201, opened.data
    # a seat token naming another seat in the header is refused too
    created = client.post("/api/v1/games", json={"title": "toy", "players": ["A", "B"]}).json
    seat_token = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    answer = api.get(f"/api/v1/games/{created['id']}/moves", headers={**seat_token, SEAT: "1"})
    assert answer.status_code == 403 and answer.json["code"] == "not_your_seat"
    assert api.get(f"/api/v1/games/{created['id']}/moves", headers=seat_token).json["seat"] == 0


def test_undo_with_consent_between_two_accounts(client, app):
    ann, bob, game_id, _ = started(app)
    by_seat = {0: ann, 1: bob}
    api = app.test_client()
    creds = {0: bearer(credential(ann)), 1: bearer(credential(bob))}
    first = version(client, game_id)
    for _ in range(2):  # one move each
        seat = to_act(client, game_id)[0]
        assert move(api, game_id, creds[seat]).status_code == 201
    seat = to_act(client, game_id)[0]
    asked = by_seat[1 - seat].post(
        f"/api/v1/games/{game_id}/undo",
        json={"version": first},
        headers=cookie_change(by_seat[1 - seat]),
    )
    # the other seat moved since: the undo waits for its consent
    assert asked.status_code == 202 and asked.json["waiting"] == [seat], asked.data
    request_id = asked.json["request_id"]
    # the asker may not answer for the other seat; the other seat accepts by credential
    wrong = api.post(
        f"/api/v1/games/{game_id}/undo/{request_id}/accept",
        headers={**creds[1 - seat], SEAT: str(seat)},
    )
    assert wrong.status_code == 403 and wrong.json["code"] == "not_your_seat"
    accepted = api.post(f"/api/v1/games/{game_id}/undo/{request_id}/accept", headers=creds[seat])
    assert accepted.status_code == 200 and accepted.json["status"] == "applied", accepted.data
    assert accepted.json["to_version"] == first


def test_a_claimed_guest_seat_and_an_invited_seat_play_through_the_api(client, app):
    gus, game_id = claimed_guest_seat(client, app)
    assert legal(gus, game_id)["seat"] == 0
    assert legal(app.test_client(), game_id, bearer(credential(gus)))["seat"] == 0
    # an invited name's seat
    ann, bob = players(app)
    tid = table_id(open_table(ann, seats="3", invite1="Bob", access="invited"))
    assert post(bob, f"/tables/{tid}/join").status_code == 303
    game = post(ann, f"/tables/{tid}/start").location.split("/games/")[1]
    assert legal(bob, game)["seat"] == 1
    assert legal(ann, game)["seat"] == 0


def test_a_reissued_seat_leaves_the_account(client, app):
    ann, bob, game_id, tid = started(app)
    made = credential(bob)
    api = app.test_client()
    assert legal(api, game_id, bearer(made))["seat"] == 1
    page = post(ann, f"/tables/{tid}/reissue", seat="2")  # Bob's seat, before he moved
    assert page.status_code == 200
    listed = legal(api, game_id, bearer(made))
    assert listed["seat"] is None and listed["moves"] == []
    invite = re.search(rb"/join/([^\"<\s]+)", page.data).group(1).decode()
    guest_seat(app.test_client(), invite)
    answer = api.post(
        f"/api/v1/games/{game_id}/moves",
        json=legal_for(app, game_id, to_act(client, game_id)[0]),
        headers=bearer(made),
    )
    assert answer.status_code == 403 and answer.json["code"] == "no_seat_held"
