"""Move clocks (issue 25 items 1-4): a seat that does not answer gets one reminder and one
expiry per deadline (also after a restart), its bot plays on, and the player takes the seat
back by moving; deadlines come from recorded timestamps only, so a replay reaches the same."""

from __future__ import annotations

import pytest

from domain.common.errors import BadGameConfig, RuleViolation
from domain.platform.application import Games
from domain.platform.clocks import deadline
from domain.platform.storage import persistence_env

CLOCK = {"type": "per_move", "seconds": 60, "reminder": 20}


def open_games(path) -> Games:
    return Games(
        env={
            **persistence_env(None, str(path), create_table=True),
            "CHRONICLE_CLOCK_MIN_SECONDS": "5",
        }
    )


@pytest.fixture
def games(tmp_path):
    app = open_games(tmp_path)
    yield app
    app.close()


def waiting_seat(app, gid) -> int:
    game = app.get_game(gid)
    (seat,) = game.rules.status(game.state).to_act
    return seat


def test_silent_seat_reminded_once_expired_once_bot_plays_player_returns(games, tmp_path):
    gid = games.create_game("agricola", "family", ["Ann", "Bob"], {"clock": CLOCK}, seed=7).game.id
    seat = waiting_seat(games, gid)
    game = games.get_game(gid)
    start = game.clocks["since"][str(seat)]
    end = deadline(game, seat)
    assert end == pytest.approx(start + 60)
    assert games.clock_due(gid, end - 30) == []  # too early
    assert games.clock_due(gid, end - 10) == ["ClockReminder"]
    assert games.clock_due(gid, end - 5) == []  # once per deadline
    assert games.clock_due(gid, end + 1) == ["ClockExpired"]
    assert games.clock_due(gid, end + 2) == []

    # a restarted worker (a new process on the same store) writes nothing twice
    other = open_games(tmp_path)
    try:
        assert other.clock_due(gid, end + 3) == []
    finally:
        other.close()
    kinds = [e.type for e in games.stored_events(gid)]
    assert kinds.count("ClockReminder") == 1 and kinds.count("ClockExpired") == 1

    game = games.get_game(gid)
    expired_at = games.stored_events(gid)[-1].originator_version
    assert game.bots == {
        str(seat): {"bot": "greedy", "level": 2, "why": "clock", "since": expired_at}
    }
    summary = games.summary(game)
    assert summary["players"][seat]["bot"]["why"] == "clock"
    assert summary["clock"]["seats"][seat]["deadline"] is None  # bots have no clock
    texts = [games.event_view(game, e, None)["text"] for e in games.stored_events(gid)[-2:]]
    assert "time ran out" in texts[-1] and "bot" in texts[-1]

    # the bot plays for the silent seat, then the other player answers
    result = games.play_bot(gid, game.version)
    assert result is not None and result.events[0].command["bot"]["bot"] == "greedy"
    for _ in range(200):
        game = games.get_game(gid)
        to_act = game.rules.status(game.state).to_act
        if seat in to_act:
            break
        other_seat = to_act[0]
        move = game.rules.legal_moves(game.state, other_seat)[0]
        games.play(gid, other_seat, move)
        if games.play_bot(gid, games.get_game(gid).version) is not None:
            continue
    # the player is back: their move takes the seat back from the bot
    game = games.get_game(gid)
    assert seat in game.rules.status(game.state).to_act, "the silent seat was not asked again"
    move = game.rules.legal_moves(game.state, seat)[0]
    result = games.play(gid, seat, move)
    game = games.get_game(gid)
    assert game.bots == {}
    kinds = [e.type for e in games.stored_events(gid)]
    assert "SeatReclaimed" in kinds
    assert games.audit(gid).ok
    # replaying the stream from its events reaches the same clocks
    assert games.rebuild(gid).clocks == game.clocks


def test_an_undo_to_before_an_expiry_gives_the_seat_back_to_its_player(games):
    """Issue 25: "whatever happens is an event, ... undoable by consent like any move". An
    undo back past a ClockExpired took the moves back but left the bot in the seat."""
    gid = games.create_game("agricola", "family", ["Ann", "Bob"], {"clock": CLOCK}, seed=7).game.id
    silent = waiting_seat(games, gid)
    before = games.get_game(gid).version
    assert games.clock_due(gid, deadline(games.get_game(gid), silent) + 1) == ["ClockExpired"]
    assert str(silent) in games.get_game(gid).bots
    assert games.play_bot(gid, games.get_game(gid).version) is not None
    other = 1 - silent
    answer = games.request_undo(gid, other, before)
    if answer["status"] == "pending":  # the bot's move was the silent seat's: it is asked
        answer = games.answer_undo(gid, silent, answer["request_id"], True)
    game = games.get_game(gid)
    assert game.bots == {}, game.bots
    assert game.rules.status(game.state).to_act == (silent,)
    assert games.rebuild(gid).bots == {}  # the same from the events alone
    assert games.audit(gid).ok


def test_adjudication_ends_the_game_on_the_score_sheet(games):
    clock = {**CLOCK, "on_expiry": "adjudicate"}
    gid = games.create_game("caverna", "standard", ["Ann", "Bob"], {"clock": clock}, seed=2).game.id
    seat = waiting_seat(games, gid)
    end = deadline(games.get_game(gid), seat)
    assert games.clock_due(gid, end + 1) == ["ClockExpired"]
    game = games.get_game(gid)
    summary = games.summary(game)
    assert summary["status"] == "finished" and summary["adjudicated"]
    assert summary["winners"] == game.rules.score_sheet(game.state)["winners"]
    with pytest.raises(RuleViolation):
        games.play(gid, seat, {"type": "done"})
    assert games.legal_moves(gid, seat)[1] == []


def test_correspondence_reserve_grows_up_to_its_cap(games):
    clock = {"type": "correspondence", "initial": 100, "increment": 50, "cap": 120}
    gid = games.create_game("village", "standard", ["Ann", "Bob"], {"clock": clock}, seed=3).game.id
    seat = waiting_seat(games, gid)
    for _ in range(50):  # until the seat's turn is over
        game = games.get_game(gid)
        if seat not in game.rules.status(game.state).to_act:
            break
        games.play(gid, seat, game.rules.legal_moves(game.state, seat)[0])
    reserve = game.clocks["reserve"][str(seat)]
    assert 100 < reserve <= 120  # what it used (a moment) back, plus 50, capped


def test_vacation_pauses_the_clock(games):
    clock = {**CLOCK, "vacation_days": 3}
    gid = games.create_game("agricola", "family", ["Ann", "Bob"], {"clock": clock}, seed=7).game.id
    seat = waiting_seat(games, gid)
    before = deadline(games.get_game(gid), seat)
    games.start_vacation(gid, seat, 2)
    game = games.get_game(gid)
    assert deadline(game, seat) == pytest.approx(before + 2 * 86400)
    assert games.summary(game)["clock"]["seats"][seat]["vacation_days_left"] == 1
    with pytest.raises(RuleViolation) as err:
        games.start_vacation(gid, seat, 2)
    assert err.value.code == "vacation_not_possible"
    assert games.clock_due(gid, before + 1) == []


@pytest.mark.parametrize(
    "clock,option",
    [
        ({"type": "per_move", "seconds": 2}, "clock.seconds"),  # below the minimum
        ({"type": "per_move", "seconds": 15 * 86400}, "clock.seconds"),
        ({"type": "hourglass"}, "clock.type"),
        ({"type": "per_move", "seconds": 60, "on_expiry": "shrug"}, "clock.on_expiry"),
        ({"type": "per_move", "seconds": 60, "bot": {"bot": "oracle"}}, "clock.bot"),
        ({"type": "per_move", "seconds": 60, "colour": 1}, "clock.colour"),
        ("fast", "clock"),
    ],
)
def test_bad_clocks_are_refused_naming_the_option(games, clock, option):
    with pytest.raises(BadGameConfig) as err:
        games.create_game("agricola", "family", ["Ann", "Bob"], {"clock": clock})
    assert err.value.params["option"] == option
