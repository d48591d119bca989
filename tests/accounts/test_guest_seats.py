"""Guests at open tables (issue 33): as lichess lets anonymous players accept open challenges in
casual games only, a guest may take an open seat of a casual table (open to anyone, or by its
challenge link) and play it from that browser; a rated table, or one limited to a rating range
or to invited players, needs an account: the page says so with a sign-in link, JSON answers
401 ``sign_in_required``. SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest

from domain.accounts.errors import AccountConflict, AccountRefused
from domain.accounts.names import check_name
from domain.tables import model
from tests.accounts.helpers import csrf, post
from tests.accounts.test_names_and_tables import table
from tests.accounts.test_tables import open_table, play_to_the_end, players, table_id

GUEST = "guest:0123456789abcdef"


def join(t, account, **kw):
    for e in model.decide_join(t, account, "Guest 012345", 0, "Toy", **kw):
        model.evolve(t, e)


def test_a_guest_takes_an_open_seat_of_a_casual_table_only():
    casual = table([{"kind": "creator"}, {"kind": "open"}])
    join(casual, GUEST)
    assert casual.seat_of(GUEST) == 1 and casual.full
    for access, rated, rng in (("anyone", True, None), ("rating", False, [1400, 1600])):
        t = table([{"kind": "creator"}, {"kind": "open"}], access=access, rng=rng)
        t.rated = rated
        with pytest.raises(AccountConflict) as err:
            join(t, GUEST)
        assert err.value.code == "table_needs_account" and "sign in" in err.value.message
    invited = table([{"kind": "creator"}, {"kind": "open"}], access="invited")
    with pytest.raises(AccountConflict) as err:
        join(invited, GUEST)
    assert err.value.code == "table_needs_account"
    join(invited, GUEST, invited_by_link=True)  # a casual challenge link seats a guest
    assert invited.seat_of(GUEST) == 1


def test_a_rematch_opens_the_guests_seat_instead_of_inviting_it():
    t = table([{"kind": "creator"}, {"kind": "open"}])
    join(t, GUEST)
    spec = model.rematch_spec(t, "c", "Cara", 0)
    assert spec["seats"] == [{"kind": "creator"}, {"kind": "open"}]


def test_no_account_may_take_a_guests_name():
    with pytest.raises(AccountRefused) as err:
        check_name("Guest 3f2a91")
    assert err.value.code == "name_reserved"
    assert check_name("Guestrid") == "Guestrid"


def test_a_guest_sits_at_a_casual_table_and_plays_it_from_its_browser(app):
    (ann,) = players(app, 1)
    tid = table_id(open_table(ann))
    guest = app.test_client()
    page = guest.get(f"/tables/{tid}")
    assert page.status_code == 200 and b'id="join-as-guest"' in page.data
    joined = guest.post(f"/tables/{tid}/join", data={"csrf_token": csrf(guest, f"/tables/{tid}")})
    assert joined.status_code == 303 and "/games/" in joined.location, joined.data
    game_id = joined.location.split("/games/")[1]
    assert re.search(rb"Guest [0-9a-f]{6}", guest.get(f"/tables/{tid}").data)
    assert play_to_the_end(app, {0: ann, 1: guest}, game_id) > 0
    stranger = app.test_client()  # another browser is not the guest
    move = post(stranger, f"/games/{game_id}/moves", move="{}")
    assert move.status_code in (400, 403, 409, 422)


def test_a_guest_at_a_rated_table_is_told_to_sign_in(app):
    (ann,) = players(app, 1)
    tid = table_id(open_table(ann, rated="on"))
    guest = app.test_client()
    page = guest.get(f"/tables/{tid}")
    assert b'id="join-as-guest"' not in page.data and b'id="signin-to-sit"' in page.data
    assert b"Guests may take open seats of casual tables" in page.data
    refused = guest.post(f"/tables/{tid}/join", data={"csrf_token": csrf(guest, f"/tables/{tid}")})
    assert refused.status_code == 401
    assert b"sign in to an account" in refused.data and b'id="signin-to-sit"' in refused.data
    api = guest.post(f"/api/v1/tables/{tid}/join", json={})
    assert api.status_code == 401 and api.mimetype == "application/problem+json"
    problem = api.get_json()
    assert problem["code"] == "sign_in_required" and problem["params"]["guest_ok"] is False
    assert problem["params"]["signin"].startswith("/signin?next=")
    casual = table_id(open_table(ann))
    api = guest.post(f"/api/v1/tables/{casual}/join", json={})
    assert api.status_code == 401 and api.get_json()["params"]["guest_ok"] is True
    assert f"/tables/{casual}" in api.get_json()["detail"]
