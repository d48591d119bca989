"""A player changes their unique name (issue 33): once in 30 days, unique under every spelling,
the former name kept by the account (nobody else can take it), the records keeping the name
each game was played under. SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from domain.accounts.errors import AccountConflict
from domain.accounts.model import RENAME_DAYS
from tests.accounts.helpers import post, sign_up
from tests.accounts.test_tables import open_table, players, side, table_id


def test_a_name_changes_once_in_30_days_and_the_old_one_stays_its_own(app):
    accounts = side(app).accounts
    ann, bob = accounts.open("Ann"), accounts.open("Bob")
    now = datetime.now(UTC)
    renamed = accounts.rename(ann.id, "Annie", now=now)
    assert (renamed.name, renamed.previous_names) == ("Annie", ["Ann"])
    assert renamed.rename_after() == renamed.renamed_at + timedelta(days=RENAME_DAYS)
    with pytest.raises(AccountConflict) as err:
        accounts.rename(ann.id, "Anna", now=now + timedelta(days=29))
    assert err.value.code == "rename_too_soon" and "30 days" in err.value.message
    for taken in ("ann", "ANNIE"):  # a former name of Ann, and her name of now in capitals
        with pytest.raises(AccountConflict) as err:
            accounts.rename(bob.id, taken, now=now)
        assert err.value.code == "name_taken"
    assert accounts.by_name("Ann").id == ann.id  # the former name still finds the player
    back = accounts.rename(ann.id, "Ann", now=now + timedelta(days=31))  # its own: no claim
    assert (back.name, back.previous_names) == ("Ann", ["Ann", "Annie"])
    with pytest.raises(AccountConflict) as err:
        accounts.rename(bob.id, "Annie", now=now)  # still Ann's
    assert err.value.code == "name_taken"
    with pytest.raises(AccountConflict) as err:
        accounts.rename(bob.id, "Bob", now=now)
    assert err.value.code == "name_unchanged"


def test_the_records_keep_the_name_a_game_was_played_under(app):
    from service.context import EXTENSION

    ann, bob = players(app)
    tid = table_id(open_table(ann))
    joined = post(bob, f"/tables/{tid}/join")
    game_id = joined.location.split("/games/")[1]
    answer = post(ann, "/account/name", name="Ann Lee")
    assert answer.status_code == 303
    me = ann.get("/api/v1/account").get_json()
    assert me["name"] == "Ann Lee" and me["previous_names"] == ["Ann"] and me["rename_after"]
    games = app.extensions[EXTENSION].games()
    created = next(iter(games.events.get(uuid.UUID(game_id))))
    assert "Ann" in str(created.__dict__) and "Ann Lee" not in str(created.__dict__)
    page = ann.get("/account")
    assert b'id="rename-wait"' in page.data and b"Before: Ann" in page.data
    s = side(app).fresh()
    assert s.names([me["id"]]) == {me["id"]: "Ann Lee"}  # lists show the name of now
    assert s.table_row(tid)["seats"][0]["name"] == "Ann"  # the table's record too
    again = ann.post(
        "/api/v1/account/name", json={"name": "Ann B"}, headers={"X-CSRF-Token": me["csrf_token"]}
    )
    assert again.status_code == 409 and again.get_json()["code"] == "rename_too_soon"


def test_renaming_through_the_api(app):
    client = app.test_client()
    sign_up(client, "cyd-rename@example.org", "Cyd")
    token = client.get("/api/v1/account").get_json()["csrf_token"]
    bad = client.post("/api/v1/account/name", json={"name": "x"}, headers={"X-CSRF-Token": token})
    assert bad.status_code == 422 and bad.get_json()["code"] == "name_invalid"
    reserved = client.post(
        "/api/v1/account/name", json={"name": "Guest 123456"}, headers={"X-CSRF-Token": token}
    )
    assert reserved.status_code == 422 and reserved.get_json()["code"] == "name_reserved"
    done = client.post(
        "/api/v1/account/name", json={"name": "Cydney"}, headers={"X-CSRF-Token": token}
    )
    assert done.status_code == 200 and done.get_json()["name"] == "Cydney"
    exported = client.get("/api/v1/account/export").get_json()
    assert [e["kind"] for e in exported["events"]] == ["AccountOpened", "AccountRenamed"]
