"""A seat dropped when its clock runs out (issue 25 item 3, ``on_expiry: "drop"``, modelled on
Board Game Arena's zombie mode): the seat stays, the platform's zombie plays its listed moves,
it ranks last; with one seat left the game ends and that seat wins; an undo by consent back
past the drop gives the seat back; audits, exports and imports replay it all."""

from __future__ import annotations

import uuid

import pytest

from domain.common.errors import GameOver, RuleViolation
from domain.common.visibility import unseal
from domain.platform import dropping
from domain.platform.application import Games
from domain.platform.clocks import deadline
from domain.platform.records import FULL
from domain.platform.replay import audit_log
from domain.platform.storage import persistence_env

CLOCK = {"type": "per_move", "seconds": 60, "reminder": 20, "on_expiry": "drop"}


@pytest.fixture
def games(tmp_path):
    app = Games(
        env={
            **persistence_env(None, str(tmp_path), create_table=True),
            "CHRONICLE_CLOCK_MIN_SECONDS": "5",
        }
    )
    yield app
    app.close()


def to_act(games, gid) -> tuple:
    game = games.get_game(gid)
    return tuple(game.rules.status(game.state).to_act)


def expire(games, gid, seat) -> list[str]:
    return games.clock_due(gid, deadline(games.get_game(gid), seat) + 1)


def kinds(games, gid) -> list[str]:
    return [e.type for e in games.stored_events(gid)]


def play_bots_to_the_end(games, gid, watched: int, limit: int = 3000) -> list[tuple]:
    """Let the bots (and the zombie) play until the game is over; returns (listed moves,
    recorded command) for every move of seat ``watched``."""
    seen = []
    for _ in range(limit):
        game = games.get_game(gid)
        if games.is_over(game):
            return seen
        listed = (  # what the rules list (the API lists nothing to a dropped seat's player)
            game.rules.legal_moves(game.state, watched) if watched in to_act(games, gid) else None
        )
        result = games.play_bot(gid, game.version)
        assert result is not None, "the bots stopped before the game was over"
        command = result.events[0].command
        if command["seat"] == watched:
            seen.append((listed, command))
    raise AssertionError(f"the game was not over after {limit} bot moves")


def test_a_dropped_seat_plays_on_as_the_zombie_and_ranks_last(games):
    gid = games.create_game(
        "agricola",
        "family",
        ["Ann", {"bot": "random"}, {"bot": "random"}],
        {"clock": CLOCK},
        seed=11,
    ).game.id
    for _ in range(50):  # the bots sit first: they move until Ann is asked
        if 0 in to_act(games, gid):
            break
        games.play_bot(gid, games.get_game(gid).version)
    assert to_act(games, gid) == (0,)
    assert expire(games, gid, 0) == ["ClockExpired"]
    assert games.clock_due(gid, deadline(games.get_game(gid), 0) or 1e12) == []  # no clock now
    assert kinds(games, gid).count("ClockExpired") == 1
    expired = games.stored_events(gid)[-1]
    assert expired.data["action"] == "drop" and "ends" not in expired.data  # two seats left

    game = games.get_game(gid)
    summary = games.summary(game)
    assert summary["status"] == "active" and summary["dropped"] == [0]
    assert summary["players"][0]["dropped"] is True
    assert summary["players"][0]["bot"] == {**dropping.ZOMBIE, "why": "dropped"}
    assert "dropped" in games.event_view(game, expired, None)["text"]
    # the player cannot take the seat back, by moving or otherwise; no move is offered
    assert games.legal_moves(gid, 0)[1] == []
    with pytest.raises(RuleViolation) as err:
        games.play(gid, 0, game.rules.legal_moves(game.state, 0)[0])
    assert err.value.code == "seat_dropped"
    assert games.reclaim_seat(gid, 0) is False

    zombie_moves = play_bots_to_the_end(games, gid, watched=0)
    assert zombie_moves, "the dropped seat was never asked again"
    for listed, command in zombie_moves:
        assert command["bot"] == dropping.ZOMBIE
        assert unseal(command["move"], 0) in listed  # listed moves only
    game = games.get_game(gid)
    assert game.rules.status(game.state).finished
    assert games.audit(gid).ok
    sheet = game.rules.score_sheet(game.state)
    summary = games.summary(game)
    assert 0 not in summary["winners"] and summary["winners"]
    assert dropping.ranking(game, sheet)[-1] == 0

    # its record replays: exported in full, imported as a new game that says the same
    record = games.export(gid)
    assert record["kind"] == FULL
    imported = games.import_record(record).game
    again = games.summary(imported)
    assert again["dropped"] == [0] and again["winners"] == summary["winners"]
    assert games.audit(imported.id).ok

    # the audit checks a dropped seat's moves are the zombie's
    entries = games.log_entries(gid)
    first = next(e for e in entries if (e["command"] or {}).get("bot", {}).get("bot") == "zombie")
    first["command"] = {k: v for k, v in first["command"].items() if k != "bot"}
    report = audit_log(entries, game.rules)
    assert not report.ok and "dropped" in report.mismatches[0].difference
    # ... and that a drop is what the clocks give (here: two seats left, the game goes on)
    entries = games.log_entries(gid)
    drop = next(e for e in entries if e["type"] == "ClockExpired")
    drop["data"] = {**drop["data"], "ends": True, "winners": [1]}
    report = audit_log(entries, game.rules)
    assert [m.version for m in report.mismatches][:1] == [drop["version"]]


def test_two_players_a_drop_ends_the_game_and_the_other_seat_wins(games):
    gid = games.create_game("agricola", "family", ["Ann", "Bob"], {"clock": CLOCK}, seed=7).game.id
    (silent,) = to_act(games, gid)
    other = 1 - silent
    assert expire(games, gid, silent) == ["ClockExpired"]
    assert games.clock_due(gid, 1e12) == []
    assert kinds(games, gid).count("ClockExpired") == 1
    game = games.get_game(gid)
    summary = games.summary(game)
    assert summary["status"] == "finished" and summary["to_act"] == []
    assert summary["winners"] == [other] and summary["ended_by"] == "drop"
    assert summary["dropped"] == [silent] and "adjudicated" not in summary
    assert summary["seed"] is not None  # over: the seed is shown
    text = games.event_view(game, games.stored_events(gid)[-1], None)["text"]
    assert "Bob wins" in text if other == 1 else "Ann wins" in text
    with pytest.raises(GameOver):  # the game is over before any rule is asked
        games.play(gid, other, {"type": "done"})
    with pytest.raises(GameOver):  # nothing more to undo either
        games.request_undo(gid, other, 1)
    assert games.legal_moves(gid, other)[1] == []
    assert games.play_bot(gid, game.version) is None  # the zombie has nothing to play
    assert games.audit(gid).ok

    record = games.export(gid)
    assert record["kind"] == FULL
    imported = games.import_record(record).game
    again = games.summary(imported)
    assert again["status"] == "finished" and again["winners"] == [other]
    assert again["ended_by"] == "drop"


def test_a_solo_seat_dropped_ends_the_game_with_no_winner(games):
    gid = games.create_game("caverna", "standard", ["Ann"], {"clock": CLOCK}, seed=3).game.id
    assert expire(games, gid, 0) == ["ClockExpired"]
    summary = games.summary(games.get_game(gid))
    assert summary["status"] == "finished" and summary["winners"] == []
    assert summary["ended_by"] == "drop"
    assert games.audit(gid).ok


def test_an_undo_by_consent_back_past_a_drop_gives_the_seat_back(games):
    gid = games.create_game(
        "agricola", "family", ["Ann", "Bob", "Cy"], {"clock": CLOCK}, seed=5
    ).game.id
    (silent,) = to_act(games, gid)
    before = games.get_game(gid).version
    assert expire(games, gid, silent) == ["ClockExpired"]
    assert dropping.dropped(games.get_game(gid)) == [silent]
    assert games.play_bot(gid, games.get_game(gid).version) is not None  # the zombie moves
    asker = (silent + 1) % 3
    with pytest.raises(RuleViolation) as err:  # the dropped seat takes no part in undo
        games.request_undo(gid, silent, before)
    assert err.value.code == "seat_dropped"
    answer = games.request_undo(gid, asker, before)
    assert silent not in answer["waiting"]  # nobody waits for a dropped seat
    for seat in answer["waiting"]:
        answer = games.answer_undo(gid, seat, answer["request_id"], True)
    assert answer["status"] == "applied"
    game = games.get_game(gid)
    assert game.bots == {} and dropping.dropped(game) == []
    assert "dropped" not in games.summary(game)
    assert to_act(games, gid) == (silent,)
    assert deadline(game, silent) is not None  # its clock runs again
    assert games.rebuild(gid).bots == {}  # the same from the events alone
    games.play(gid, silent, game.rules.legal_moves(game.state, silent)[0])  # the player is back
    assert games.audit(gid).ok


class _Game:
    def __init__(self, players: int, dropped: list[int]) -> None:
        self.players = [f"P{i}" for i in range(players)]
        self.bots = {
            str(s): {"bot": "zombie", "level": 1, "why": "dropped", "since": 10 + i}
            for i, s in enumerate(dropped)
        }


def test_a_dropped_seat_never_wins_whatever_its_total():
    sheet = {
        "winners": [1],
        "seats": [{"seat": 0, "total": 20}, {"seat": 1, "total": 30}, {"seat": 2, "total": 25}],
    }
    game = _Game(3, dropped=[1])
    assert dropping.winners(game, sheet) == [2]
    assert dropping.ranking(game, sheet) == [2, 0, 1]
    game = _Game(3, dropped=[1, 2])  # 2 dropped last: 1, dropped first, ranks last of all
    assert dropping.ranking(game, sheet) == [0, 2, 1]


def test_the_zombie_sees_only_its_seats_view(games, monkeypatch):
    """The zombie is a bot like the others: its only input is the dropped seat's view (full
    Agricola hides hands)."""
    import json

    from domain.platform import seats as bot_seats

    gid = games.create_game(
        "agricola", "full", ["Ann", {"bot": "random"}, {"bot": "random"}], {"clock": CLOCK}, seed=8
    ).game.id
    seen = []
    real = bot_seats.bot_move

    def spy(rules, view, seat, spec, rng, budget):
        seen.append((seat, spec.bot, json.loads(json.dumps(view))))
        return real(rules, view, seat, spec, rng, budget)

    monkeypatch.setattr(bot_seats, "bot_move", spy)
    for _ in range(60):
        if 0 in to_act(games, gid):
            break
        games.play_bot(gid, games.get_game(gid).version)
    assert 0 in to_act(games, gid)
    assert expire(games, gid, 0) == ["ClockExpired"]
    zombie_turns = 0
    for _ in range(60):
        game = games.get_game(gid)
        state = json.loads(json.dumps(game.state))
        if games.play_bot(gid, game.version) is None:
            break
        seat, bot, view = seen[-1]
        if bot == "zombie":
            zombie_turns += 1
            assert seat == 0 and view == game.rules.view(state, 0)
            assert set(view["hands"]["_private"]) == {"0"}
    assert zombie_turns >= 3
    assert games.audit(gid).ok


def test_a_series_game_lost_by_a_drop_is_over_and_lost_and_the_series_goes_on(games):
    """A solo series game whose player was dropped when the clock ran out is over for the
    series too (not "still being played" for ever): it is scored as lost, whatever its score
    sheet says, the series moves on to its next game, and its audit agrees."""
    state, _token, created = games.start_series("agricola", "Ann", {"clock": CLOCK}, seed=4)
    sid, gid = state["id"], created.game.id
    assert expire(games, gid, 0) == ["ClockExpired"]
    assert games.is_over(games.get_game(gid))
    series_id = uuid.UUID(sid)
    row = games.series_summary(series_id)["games"][0]
    assert row["status"] == "finished" and row["won"] is False
    moves = games.series_legal_moves(series_id)
    assert moves, "the series offers its moves once the game is over"
    after, next_game = games.series_move(series_id, moves[0])
    assert after["games"][0]["won"] is False and len(after["games"]) == 2
    assert next_game.game.id != gid
    assert games.series_audit(series_id)["ok"]


def test_when_every_winner_was_dropped_the_titles_tiebreakers_decide():
    """Issue 37 item 4: the seats left tie on the sheet; Village's tie-breakers (more grain,
    then more living members, published as each row's ``tiebreak``) decide; a title without
    tie-breakers shares the win."""
    rows = [
        {"seat": 0, "total": 40, "tiebreak": {"grain": 1, "living_members": 5}},
        {"seat": 1, "total": 30, "tiebreak": {"grain": 4, "living_members": 2}},
        {"seat": 2, "total": 30, "tiebreak": {"grain": 4, "living_members": 3}},
        {"seat": 3, "total": 30, "tiebreak": {"grain": 2, "living_members": 9}},
    ]
    game = _Game(4, dropped=[0])
    assert dropping.winners(game, {"winners": [0], "seats": rows}) == [2]
    plain = [{k: v for k, v in r.items() if k != "tiebreak"} for r in rows]
    assert dropping.winners(game, {"winners": [0], "seats": plain}) == [1, 2, 3]


def test_the_level_2_zombie_keeps_the_cave_fed_and_plays_listed_moves():
    """Issue 37 item 4: a dropped seat's zombie (level 2) keeps its family fed where it can (in
    Caverna the level 1 zombie, gaining least, begs about 30 markers a game), and every move it
    makes is listed."""
    import random

    from domain.bots import BotSpec, bot_move, bot_rng
    from domain.bots.arena import new_state
    from domain.common.rng import Rng
    from domain.platform import registry

    rules = registry.current("caverna")
    begging = {}
    for level in (1, 2):
        state, rng, pick = new_state(rules, "standard", 2, 3), Rng(3), random.Random(3)
        specs = [BotSpec("zombie", level), BotSpec("greedy", 1)]
        for version in range(3000):
            status = rules.status(state)
            if status.finished:
                break
            seat = pick.choice(status.to_act)
            move = bot_move(
                rules, rules.view(state, seat), seat, specs[seat], bot_rng(3, version, seat)
            )
            assert move in rules.legal_moves(state, seat)
            for event in rules.decide(state, seat, move, rng):
                state = rules.evolve(state, event)
        assert rules.status(state).finished
        begging[level] = state["homes"][0]["begging"]
    assert begging[2] < begging[1] and begging[2] <= 3


@pytest.mark.parametrize("title,variant", [("agricola", "family"), ("caverna", "standard")])
def test_the_titles_zombie_leaves_growth_and_the_start_player_alone(title, variant):
    """Issue 37 item 4: new drops get the level 3 zombie, which plays the level 2 rule among
    the moves its title's zombie allows (``domain/bots/zombie_titles.py``): in a whole game it
    never grows the family (which it could not feed) nor takes the Starting Player spaces (every
    seat's turn order) while anything else is listed, every move is listed, and the family is
    fed as well as level 2 feeds it."""
    import random

    from domain.bots import BotSpec, bot_move, bot_rng, zombie_titles
    from domain.bots.arena import new_state
    from domain.common.rng import Rng
    from domain.platform import registry

    assert dropping.ZOMBIE == {"bot": "zombie", "level": 3}
    rules = registry.current(title)
    policy = zombie_titles.ZOMBIES[title]
    state, rng, pick = new_state(rules, variant, 2, 5), Rng(5), random.Random(5)
    specs = [BotSpec("zombie", 3), BotSpec("greedy", 1)]
    avoidable = 0
    for version in range(4000):
        status = rules.status(state)
        if status.finished:
            break
        seat = pick.choice(status.to_act)
        listed = rules.legal_moves(state, seat)
        move = bot_move(
            rules, rules.view(state, seat), seat, specs[seat], bot_rng(5, version, seat)
        )
        assert move in listed
        if seat == 0 and any(policy.avoids(m) for m in listed):
            avoidable += 1
            if any(not policy.avoids(m) for m in listed):
                assert not policy.avoids(move), move
        for event in rules.decide(state, seat, move, rng):
            state = rules.evolve(state, event)
    assert rules.status(state).finished
    assert avoidable > 0  # the game offered the zombie what it leaves alone
    family = (
        state["farms"][0]["family"] if title == "agricola" else len(state["homes"][0]["dwarfs"])
    )
    assert family == 2
