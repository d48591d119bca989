"""Pure decisions of accounts and tables: names, seats, access rules (issue 33)."""

from __future__ import annotations

import uuid

import pytest

from domain.accounts.errors import AccountConflict, AccountRefused
from domain.accounts.names import anonymous_name, check_name, name_key
from domain.tables import model


def test_a_name_is_unique_under_every_spelling():
    assert name_key("Ann  Lee") == name_key("ann lee") == name_key("ＡＮＮ LEE")
    assert check_name("  Ann   Lee ") == "Ann Lee"


@pytest.mark.parametrize("bad", ["", "ab", "x" * 25, "_ann", "Ann<script>", 7, None])
def test_invalid_names_are_refused_with_a_sentence(bad):
    with pytest.raises(AccountRefused) as err:
        check_name(bad)
    assert err.value.code == "name_invalid" and "3 to 24" in err.value.message


def test_names_of_the_platform_are_reserved():
    for name in ("Greedy bot", "search bot 2", anonymous_name(uuid.uuid4())):
        with pytest.raises(AccountRefused) as err:
            check_name(name)
        assert err.value.code == "name_reserved"


def table(seats, access="anyone", rng=None) -> model.Table:
    t = model.Table(uuid.uuid4())
    spec = {
        "title": "toy",
        "variant": "race",
        "options": {"goal": 10},
        "seats": seats,
        "access": access,
        "range": rng,
        "rated": False,
        "fill": None,
        "creator": "c",
        "creator_name": "Cara",
    }
    for e in model.decide_open(t.id, spec):
        model.evolve(t, e)
    return t


def join(t, account, rating=1500, **kw):
    events = model.decide_join(t, account, account.upper(), rating, "Toy", **kw)
    for e in events:
        model.evolve(t, e)
    return events


def test_the_creator_sits_at_once_and_others_take_open_seats():
    t = table([{"kind": "creator"}, {"kind": "open"}, {"kind": "open"}])
    assert t.seat_of("c") == 0 and t.open_seats() == [1, 2]
    join(t, "b")
    assert t.seat_of("b") == 1 and not t.full


def test_joining_a_full_table_is_a_conflict():
    t = table([{"kind": "creator"}, {"kind": "open"}])
    join(t, "b")
    with pytest.raises(AccountConflict) as err:
        join(t, "d")
    assert err.value.code == "table_full" and "full" in err.value.message


def test_taking_your_own_seat_twice_is_a_conflict():
    t = table([{"kind": "creator"}, {"kind": "open"}, {"kind": "open"}])
    join(t, "b")
    with pytest.raises(AccountConflict) as err:
        join(t, "b")
    assert err.value.code == "table_already_seated"
    with pytest.raises(AccountConflict):
        join(t, "c")  # the creator too


def test_a_rating_range_keeps_players_outside_it_out():
    t = table([{"kind": "creator"}, {"kind": "open"}], "rating", [1400, 1600])
    with pytest.raises(AccountConflict) as err:
        join(t, "b", rating=1700)
    assert err.value.code == "table_rating_high"
    assert "1700" in err.value.message and "1400 to 1600" in err.value.message
    with pytest.raises(AccountConflict) as err:
        join(t, "b", rating=1300)
    assert err.value.code == "table_rating_low"
    join(t, "b", rating=1500)
    assert t.full


def test_invited_only_tables_take_invited_names_and_challenge_links():
    t = table(
        [{"kind": "creator"}, {"kind": "invited", "invited": "b", "name": "B"}, {"kind": "open"}],
        "invited",
    )
    with pytest.raises(AccountConflict) as err:
        join(t, "x")
    assert err.value.code == "table_not_invited"
    join(t, "b")
    assert t.seat_of("b") == 1  # the reserved seat, not the open one
    join(t, "x", invited_by_link=True)
    assert t.full


def test_starting_at_once_seats_bots_in_the_open_seats():
    t = table([{"kind": "creator"}, {"kind": "open"}, {"kind": "open"}])
    bots = model.start_bots(t, now=True)
    assert set(bots) == {"1", "2"} and bots["1"] == model.DEFAULT_FILL
    assert model.players(t, bots) == ["Cara", model.DEFAULT_FILL, model.DEFAULT_FILL]


def test_a_reissue_after_a_move_waits_for_the_other_players():
    t = table([{"kind": "creator"}, {"kind": "open"}, {"kind": "open"}])
    join(t, "b")
    join(t, "d")
    model.evolve(t, model.decide_start(t, str(uuid.uuid4())))
    with pytest.raises(AccountConflict):
        model.decide_reissue(t, 1, "b", moved=False, by_seats=[1])  # not the creator
    assert model.decide_reissue(t, 1, "c", moved=False, by_seats=[0])[0].kind == "SeatReissued"
    [asked] = model.decide_reissue(t, 1, "c", moved=True, by_seats=[0])
    assert asked.kind == "ReissueRequested" and asked.data["waiting"] == [2]
    model.evolve(t, asked)
    with pytest.raises(AccountConflict):
        model.decide_agree(t, [1])  # the seat itself is not asked
    for e in model.decide_agree(t, [2]):
        model.evolve(t, e)
    assert model.decide_reissue(t, 1, "c", moved=True, by_seats=[0])[0].kind == "SeatReissued"


def test_a_rematch_keeps_the_seats():
    t = table([{"kind": "creator"}, {"kind": "open"}, {"kind": "bot", "bot": "random", "level": 1}])
    join(t, "b")
    model.evolve(t, model.decide_start(t, "g1"))
    spec = model.rematch_spec(t, "b", "B", 1)
    assert [s["kind"] for s in spec["seats"]] == ["invited", "creator", "bot"]
    assert spec["seats"][0]["invited"] == "c" and spec["rematch_of"] == "g1"
