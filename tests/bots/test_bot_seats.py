"""Bots in stored games (issue 25 item 5): seated at creation, moving through ``play_bot``,
their moves recorded with bot and level, stale jobs doing nothing, unlisted moves refused and
replaced by a random one, and the bot's only input being its seat's view."""

from __future__ import annotations

import json

import pytest

from domain.common.errors import BadGameConfig
from domain.platform import seats as bot_seats
from domain.platform.application import Games
from domain.platform.storage import persistence_env

CASES = [
    ("agricola", "family", 2),
    ("agricola", "full", 3),
    ("caverna", "standard", 2),
    ("village", "standard", 2),
]


@pytest.fixture
def games(tmp_path):
    app = Games(env=persistence_env(None, str(tmp_path), create_table=True))
    yield app
    app.close()


def play_out(app: Games, game_id, limit: int = 5000) -> int:
    moves = 0
    for _ in range(limit):
        game = app.get_game(game_id)
        if app.play_bot(game_id, game.version) is None:
            break
        moves += 1
    return moves


@pytest.mark.parametrize("title,variant,n", CASES)
def test_bot_game_finishes_and_audits(games, title, variant, n):
    players = [{"bot": "greedy", "level": 2}, {"bot": "random"}, {"bot": "greedy", "level": 1}][:n]
    created = games.create_game(title, variant, players, seed=11)
    gid = created.game.id
    moves = play_out(games, gid)
    game = games.get_game(gid)
    assert game.rules.status(game.state).finished, f"stopped after {moves} moves"
    assert games.audit(gid).ok
    summary = games.summary(game)
    assert [p.get("bot", {}).get("bot") for p in summary["players"]] == [p["bot"] for p in players]
    first_moves = [e for e in games.stored_events(gid) if e.command and "move" in e.command]
    assert first_moves and all(e.command["bot"]["bot"] in ("greedy", "random") for e in first_moves)
    view = games.event_view(game, first_moves[0], None)
    assert view["bot"] == {
        "bot": players[first_moves[0].seat]["bot"],
        "level": first_moves[0].command["bot"]["level"],
    }


def test_bot_games_replay_exactly(games):
    ids = [
        games.create_game(
            "caverna", "standard", [{"bot": "greedy"}, {"bot": "random"}], seed=3
        ).game.id
        for _ in range(2)
    ]
    for gid in ids:
        play_out(games, gid)
    logs = [[(e.type, e.seat, e.data) for e in games.stored_events(gid)[1:]] for gid in ids]
    assert logs[0] == logs[1]


def test_players_accept_names_and_bots(games):
    created = games.create_game(
        "agricola", "family", ["Ann", {"name": "Bob"}, {"bot": "search", "level": 1}], seed=1
    )
    assert created.game.players == ["Ann", "Bob", "Search bot"]
    assert created.game.bots == {"2": {"bot": "search", "level": 1}}


@pytest.mark.parametrize(
    "entry,option",
    [
        ({"bot": "clever"}, "players[1]"),
        ({"bot": "search", "level": 9}, "players[1]"),
        ({"bot": "random", "level": "2"}, "players[1]"),
        ({"robot": 1}, "players[1]"),
    ],
)
def test_bad_bots_are_refused_naming_the_option(games, entry, option):
    with pytest.raises(BadGameConfig) as err:
        games.create_game("agricola", "family", ["Ann", entry])
    assert err.value.params["option"] == option


def test_stale_job_does_nothing(games):
    gid = games.create_game(
        "agricola", "family", [{"bot": "random"}, {"bot": "random"}], seed=2
    ).game.id
    assert games.play_bot(gid, 1) is not None
    before = games.get_game(gid).version
    assert games.play_bot(gid, 1) is None  # the job of an older version
    assert games.get_game(gid).version == before


def test_human_seat_is_not_played_by_a_bot(games):
    gid = games.create_game("agricola", "family", ["Ann", {"bot": "random"}], seed=4).game.id
    game = games.get_game(gid)
    if game.rules.status(game.state).to_act == (0,):
        assert games.play_bot(gid, game.version) is None


def test_unlisted_move_falls_back_to_random(games, caplog):
    gid = games.create_game(
        "agricola", "family", [{"bot": "greedy"}, {"bot": "greedy"}], seed=5
    ).game.id

    def cheat(rules, view, seat, spec, rng, budget):
        return {"type": "place", "space": "no such space"}

    result = games.play_bot(gid, 1, chooser=cheat)
    assert result is not None
    command = result.events[0].command
    assert command["bot"] == {
        "bot": "random",
        "level": 1,
        "fallback_from": {"bot": "greedy", "level": 2},
    }
    assert "rules refuse" in caplog.text
    assert games.audit(gid).ok


def test_bot_inputs_hold_nothing_its_seat_cannot_see(games, monkeypatch):
    """Full Agricola hides hands: every bot input is exactly its seat's view, without another
    seat's hand, and the search bot's samples are drawn from that view only."""
    gid = games.create_game(
        "agricola",
        "full",
        [{"bot": "search", "level": 1}, {"bot": "greedy"}, {"bot": "random"}],
        seed=8,
    ).game.id
    seen = []
    real = bot_seats.bot_move

    def spy(rules, view, seat, spec, rng, budget):
        seen.append((seat, json.loads(json.dumps(view))))
        return real(rules, view, seat, spec, rng, 0.05 if spec.bot == "search" else budget)

    monkeypatch.setattr(bot_seats, "bot_move", spy)
    for _ in range(40):
        game = games.get_game(gid)
        state = json.loads(json.dumps(game.state))
        if games.play_bot(gid, game.version) is None:
            break
        seat, view = seen[-1]
        assert view == game.rules.view(state, seat)
        hands = view["hands"]["_private"]
        assert set(hands) == {str(seat)}
        others = [
            c
            for key, h in state["hands"]["_private"].items()
            if key != str(seat)
            for c in h["occupations"] + h["minors"]
        ]
        text = json.dumps(view)
        own = set(hands[str(seat)]["occupations"] + hands[str(seat)]["minors"])
        assert not [
            c for c in others if c not in own and f'"{c}"' in text and not _public(state, c)
        ]
        assert "_secret" not in text
    assert len(seen) >= 10


def _public(state: dict, card: str) -> bool:
    """A card on a farm is public."""
    return any(card in farm.get("cards", []) for farm in state["farms"])


def test_a_failing_bot_falls_back_to_random(games, caplog):
    gid = games.create_game(
        "village", "standard", [{"bot": "search"}, {"bot": "search"}], seed=5
    ).game.id

    def broken(rules, view, seat, spec, rng, budget):
        raise KeyError("hands")

    result = games.play_bot(gid, 1, chooser=broken)
    assert result is not None
    assert result.events[0].command["bot"]["fallback_from"] == {"bot": "search", "level": 2}
    assert "failed to choose a move" in caplog.text


def test_a_series_stream_is_not_a_game_for_the_bot_scheduler(games, caplog):
    """A save of a solo series writes to the series' own stream (and its key's) beside the
    game's; the scheduler hears every stream saved and asks ``waits_for_bot`` of each. A series
    id is no game: it waits for no bot and a stale bot job for it does nothing, where it used
    to fail folding the series' events as a game's (``AssertionError: a stream starts with
    GameCreated``, logged by the scheduler on every series save)."""
    import uuid

    from workers.bots import BotScheduler

    submitted: list[tuple[str, int]] = []
    scheduler = BotScheduler(games, None, submit=lambda g, v: submitted.append((g, v)))
    state, _token, created = games.start_series("agricola", "Ann", seed=4)
    series_id = uuid.UUID(state["id"])
    assert games.waits_for_bot(series_id, 1) is False
    assert games.play_bot(series_id, 1) is None
    streams = {series_id: 1, created.game.id: created.game.version}
    with caplog.at_level("ERROR"):
        for stream, version in streams.items():
            scheduler.check(str(stream), version)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    assert submitted == []  # the solo game has no bot seat either
