"""The ``Games`` application: saving, concurrency, idempotency, snapshots, versions.

Runs against both stores (SQLite file and PostgreSQL).
"""

from __future__ import annotations

import json
import threading
import uuid

import pytest

from domain.common.errors import (
    ConcurrentWrite,
    GameNotFound,
    GameOver,
    IdempotencyKeyReused,
    NotYourTurn,
    RuleViolation,
    StaleVersion,
    VersionNotFound,
)
from domain.common.rng import seed_hash
from domain.platform.game import GameSnapshot

from .conftest import make_games, store_env


def new_game(games, players=("Ann", "Bob"), goal=30, seed=7, secrets=True):
    return games.create_game(
        "toy", "race", list(players), {"goal": goal, "secrets": secrets}, seed=seed
    )


def play_until(games, game_id, version, chooser=lambda moves: moves[0]):
    """Play legal moves until the game reaches ``version`` (or ends)."""
    while True:
        game = games.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished or game.version >= version:
            return game
        seat = status.to_act[0]
        _, moves = games.legal_moves(game_id, seat)
        games.play(game_id, seat, chooser(moves))


def test_version_one_is_a_playable_game(games):
    created = new_game(games)
    game = created.game
    assert game.version == 1
    assert games.summary(game)["to_act"] == [0]
    assert len(created.tokens) == 2 and created.tokens[0] != created.tokens[1]


def test_seat_tokens_are_long_opaque_and_stored_hashed(games):
    created = new_game(games)
    token = created.tokens[0]
    assert len(token.split(".")[1]) >= 43  # 256 bits, urlsafe base64
    assert games.seat_for_token(created.game.id, token) == 0
    assert games.seat_for_token(created.game.id, created.tokens[1]) == 1
    assert games.seat_for_token(created.game.id, token + "x") is None
    blob = json.dumps(games.export(created.game.id)) + repr(games.stored_events(created.game.id))
    assert token not in blob and token.split(".")[1] not in blob


def test_unknown_game(games):
    with pytest.raises(GameNotFound):
        games.get_game(uuid.uuid4())


def test_a_move_is_saved_with_its_command(games):
    gid = new_game(games).game.id
    result = games.play(gid, 0, {"type": "add", "by": 2})
    assert result.version == 2
    [event] = games.stored_events(gid, after=1)
    assert event.type == "CounterAdvanced"
    assert event.command["move"] == {"type": "add", "by": 2}
    assert event.command["seat"] == 0 and event.command["count"] == 1


def test_out_of_turn_and_illegal_moves_record_nothing(games):
    gid = new_game(games).game.id
    with pytest.raises(NotYourTurn):
        games.play(gid, 1, {"type": "add", "by": 1})
    with pytest.raises(RuleViolation):
        games.play(gid, 0, {"type": "add", "by": 5})
    assert games.get_game(gid).version == 1


def test_if_match_names_the_current_version(games):
    gid = new_game(games).game.id
    games.play(gid, 0, {"type": "add", "by": 1}, expected_version=1)
    with pytest.raises(StaleVersion):
        games.play(gid, 1, {"type": "add", "by": 1}, expected_version=1)
    assert games.get_game(gid).version == 2


def test_two_moves_on_one_version_exactly_one_wins(games, backend, tmp_path):
    """Two threads race on one version: one saves, the other is told the version moved on."""
    gid = new_game(games).game.id
    results, errors = [], []
    barrier = threading.Barrier(2)

    def move():
        barrier.wait()
        try:
            results.append(games.play(gid, 0, {"type": "add", "by": 1}, expected_version=1))
        except (ConcurrentWrite, StaleVersion) as err:
            errors.append(err)

    threads = [threading.Thread(target=move) for _ in range(2)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert len(results) == 1 and len(errors) == 1
    assert games.get_game(gid).version == 2


def _interleave(games, other, gid, seat, move):
    """Make ``other`` save ``move`` for ``seat`` just before ``games`` saves its next batch."""
    original = games.repo.store
    fired = []

    def store(events):
        if not fired:
            fired.append(True)
            other.play(gid, seat, move)
        return original(events)

    games.repo.store = store
    return lambda: setattr(games.repo, "store", original)


def test_lost_race_without_if_match_is_decided_again(backend, tmp_path):
    """api.md: a move without If-Match is checked against the game as it stands when saved."""
    env = store_env(backend, tmp_path)
    first, second = make_games(backend, tmp_path, env), make_games(backend, tmp_path, env)
    try:
        gid = new_game(first, players=("Ann", "Bob", "Cid")).game.id
        first.play(gid, 0, {"type": "add", "by": 1})
        restore = _interleave(first, second, gid, 1, {"type": "add", "by": 2})
        with pytest.raises(NotYourTurn):  # decided again: Bob has moved, it is Cid's turn
            first.play(gid, 1, {"type": "add", "by": 1})
        restore()
        assert first.get_game(gid).state["counters"] == [1, 2, 0]
        # several seats deciding at once: a lost race still lands if the rules allow it
        first.play(gid, 2, {"type": "add", "by": 1})  # lap ends: everyone must say ready
        restore = _interleave(first, second, gid, 0, {"type": "ready"})
        result = first.play(gid, 1, {"type": "ready"})
        restore()
        assert [e.type for e in result.events] == ["SeatReady"]
        assert first.get_game(gid).state["ready"] == [0, 1]
    finally:
        first.close()
        second.close()


def test_idempotency_key_returns_the_first_result_and_records_nothing(games):
    gid = new_game(games).game.id
    first = games.play(gid, 0, {"type": "add", "by": 2}, expected_version=1, idempotency_key="k-1")
    again = games.play(gid, 0, {"type": "add", "by": 2}, expected_version=1, idempotency_key="k-1")
    assert again.replayed and again.version == first.version
    assert [e.originator_version for e in again.events] == [2]
    assert games.get_game(gid).version == 2
    # keys belong to a seat (issue 22): Bob's "k-1" is his own ...
    assert not games.play(gid, 1, {"type": "add", "by": 1}, idempotency_key="k-1").replayed
    # ... and reusing one's own key for another move is refused
    with pytest.raises(IdempotencyKeyReused):
        games.play(gid, 0, {"type": "add", "by": 1}, idempotency_key="k-1")


def test_state_at_any_version_and_404_beyond(games):
    gid = new_game(games, goal=200).game.id
    counters = {}
    for _ in range(30):
        game = games.get_game(gid)
        counters[game.version] = list(game.state["counters"])
        seat = game.rules.status(game.state).to_act[0]
        games.play(gid, seat, games.legal_moves(gid, seat)[1][-1])
    for version, expected in counters.items():
        assert games.game_at(gid, version).state["counters"] == expected
    with pytest.raises(VersionNotFound):
        games.game_at(gid, 10_000)
    with pytest.raises(VersionNotFound):
        games.game_at(gid, 0)


def test_snapshot_state_equals_state_from_events(games):
    """architecture: snapshots every 64 events; a state rebuilt from one equals a full replay."""
    gid = new_game(games, players=("Ann", "Bob", "Cid"), goal=400).game.id
    play_until(games, gid, 200, chooser=lambda moves: moves[0])
    snaps = list(games.snapshots.get(gid))
    assert snaps, "a snapshot is taken every 64 events"
    assert all(isinstance(s, GameSnapshot) for s in snaps)
    for version in (64, 100, 150, games.get_game(gid).version):
        from_snapshot = games.rebuild(gid, version, use_snapshots=True)
        from_events = games.rebuild(gid, version)
        assert vars(from_snapshot) == vars(from_events)


def test_finished_game_refuses_moves_and_reveals_its_seed(games):
    created = games.create_game("toy", "race", ["Ann"], {"goal": 3})
    gid = created.game.id
    summary = games.summary(created.game)
    assert summary["seeded"] is False and summary["seed"] is None
    play_until(games, gid, 10_000, chooser=lambda moves: moves[-1])
    game = games.get_game(gid)
    summary = games.summary(game)
    assert summary["status"] == "finished"
    assert seed_hash(summary["seed"]) == summary["seed_hash"]
    assert summary["seed"].bit_length() >= 128
    with pytest.raises(GameOver):
        games.play(gid, 0, {"type": "add", "by": 1})


def test_unseeded_seed_never_appears_before_the_end(games):
    created = games.create_game("toy", "race", ["Ann", "Bob"], {"goal": 50})
    gid = created.game.id
    seed = str(created.game.seeds[0]["seed"])
    play_until(games, gid, 12)
    game = games.get_game(gid)
    outputs = [games.summary(game), games.export(gid)]
    outputs += [games.event_view(game, e, None) for e in games.stored_events(gid)]
    assert seed not in json.dumps(outputs)


def test_game_ids_lists_newest_first(games):
    a = new_game(games).game.id
    b = new_game(games).game.id
    ids = list(games.game_ids())
    assert ids.index(b) < ids.index(a)


def test_two_application_objects_on_one_store_see_each_others_moves(backend, tmp_path):
    env = store_env(backend, tmp_path)
    first = make_games(backend, tmp_path, env)
    gid = new_game(first).game.id
    second = make_games(backend, tmp_path, env)
    try:
        first.play(gid, 0, {"type": "add", "by": 1})
        assert second.get_game(gid).version == 2
        second.play(gid, 1, {"type": "add", "by": 1})  # ends the lap: a bonus card is drawn
        assert first.get_game(gid).version == 4  # the cache is caught up from the store
        with pytest.raises(StaleVersion):
            first.play(gid, 0, {"type": "ready"}, expected_version=2)
    finally:
        second.close()
        first.close()


def test_a_replaced_seat_token_stops_working_everywhere(games, monkeypatch):
    """The web's "new invite link": the old token is refused here at once, and by another
    process (another ``Games`` on the same store) once its cached hashes expire."""
    from domain.platform import seat_keys

    created = games.create_game("toy", "race", ["Ann", "Bob"], {"goal": 5}, seed=1)
    game_id, old = created.game.id, created.tokens[1]
    elsewhere = type(games)(env=dict(games.env))
    assert elsewhere.seat_for_token(game_id, old) == 1
    new = games.replace_seat_token(game_id, 1)
    assert games.seat_for_token(game_id, old) is None
    assert games.seat_for_token(game_id, new) == 1
    assert games.seat_for_token(game_id, created.tokens[0]) == 0  # other seats keep theirs
    monkeypatch.setattr(seat_keys, "SEAT_KEYS_TTL", 0.0)
    assert elsewhere.seat_for_token(game_id, old) is None
    assert elsewhere.seat_for_token(game_id, new) == 1
    elsewhere.close()


def test_the_embedded_store_reads_streams_with_its_own_recorder(tmp_path):
    """``platform/sqlitestore.py``: the SQLite recorder parses each stream id once; what it reads
    is what the library's recorder reads (same ids, same events)."""
    from eventsourcing.sqlite import SQLiteApplicationRecorder

    from domain.platform.application import Games
    from domain.platform.sqlitestore import ApplicationRecorder
    from domain.platform.storage import persistence_env

    games = Games(env=persistence_env(None, str(tmp_path), create_table=True))
    try:
        assert type(games.recorder) is ApplicationRecorder
        gid = games.create_game("toy", "race", ["Ann", "Bob"], {"goal": 5}).game.id
        games.play(gid, 0, {"type": "add", "by": 1})
        mine = games.recorder.select_events(gid)
        plain = SQLiteApplicationRecorder(games.recorder.datastore).select_events(gid)
        assert [(e.originator_id, e.originator_version, e.state) for e in mine] == [
            (e.originator_id, e.originator_version, e.state) for e in plain
        ]
        assert all(e.originator_id == gid for e in mine) and len(mine) == 2
    finally:
        games.close()
