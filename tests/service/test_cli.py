"""The operator commands, through ``chronicle`` (click) and through ``flask``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid

import pytest
from click.testing import CliRunner

from domain.common.events import Event
from domain.platform import registry
from service.cli import cli
from tests.support.toy import TOY, Toy

from .helpers import move, new_game, play_turns

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)


@pytest.fixture
def run(services):
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(
            cli, list(args), obj={"services": services}, input=input, catch_exceptions=False
        )

    return invoke


def test_create_prints_the_id_and_one_token_per_seat(run, client):
    result = run("create", "toy", "Ann", "Bob", "--seed", "5", "--option", "goal=4")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    game_id = lines[0].split()[1]
    uuid.UUID(game_id)
    assert lines[1].startswith("seat 0  Ann") and lines[2].startswith("seat 1  Bob")
    summary = client.get(f"/api/v1/games/{game_id}").get_json()
    assert summary["options"] == {"goal": 4, "secrets": True} and summary["seed"] == 5
    token = lines[1].split()[-1]
    assert (
        client.get(
            f"/api/v1/games/{game_id}/moves", headers={"Authorization": f"Bearer {token}"}
        ).get_json()["seat"]
        == 0
    )


def test_create_reports_rule_errors_with_status_2(run):
    result = run("create", "toy", "A", "B", "C", "D", "E")
    assert result.exit_code == 2 and "played by 1 to 4 players" in result.output
    assert run("create", "chess", "Ann").exit_code == 2


def test_timeline_lists_every_event_with_undone_marks(run, client):
    game = new_game(client)
    move(client, game, 0, {"type": "add", "by": 1})
    client.post(f"{game.url}/undo", json={"version": 1}, headers=game.auth(0))
    result = run("timeline", game.id)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 3
    assert lines[0].split()[0] == "1" and "sit down" in lines[0]
    assert "[undone] Ann advances 1." in lines[1]
    assert "taken back to version 1" in lines[2]


def test_replay_prints_the_summary_and_score_sheet(run, client):
    game = new_game(client)
    play_turns(client, game, 3)
    result = run("replay", game.id)
    assert result.exit_code == 0, result.output
    assert "version 5" in result.output and "Ann" in result.output
    assert "snapshot check: ok" in result.output
    early = run("replay", game.id, "--version", "2")
    assert "version 2" in early.output and early.exit_code == 0
    assert run("replay", game.id, "--version", "99").exit_code == 2


def test_verify_and_audit_a_game(run, client):
    game = new_game(client)
    play_turns(client, game, 3)
    for command in ("verify", "audit"):
        result = run(command, game.id, "--detail")
        assert result.exit_code == 0, result.output
        assert "ok, 4 move(s) checked" in result.output and "toy §1" in result.output


def test_unknown_or_malformed_games_exit_2(run):
    assert run("verify", str(uuid.uuid4())).exit_code == 2
    assert run("timeline", "nope").exit_code == 2
    assert run("verify").exit_code == 2  # neither a game nor --all


class ToyWithDoubleSteps(Toy):
    """A 'rules change': advancing now moves twice as far."""

    rules_version = "toy-2"

    def decide(self, state, seat, move, rng):
        events = super().decide(state, seat, move, rng)
        return [
            Event(e.type, {**e.data, "by": e.data["by"] * 2}, e.seat)
            if e.type == "CounterAdvanced"
            else e
            for e in events
        ]


@pytest.fixture
def rules_change():
    registry.register(ToyWithDoubleSteps())
    yield
    registry.register(TOY)  # current again


def test_verify_all_lists_games_the_current_rules_would_change(run, client, rules_change):
    registry.register(TOY)
    changed = new_game(client)
    move(client, changed, 0, {"type": "add", "by": 1})
    untouched = new_game(client)  # no move yet: nothing to change
    registry.register(ToyWithDoubleSteps())
    result = run("verify", "--all")
    assert result.exit_code == 1, result.output
    assert f"{changed.id}: 1 mismatch(es) under rules toy-2" in result.output
    assert untouched.id not in result.output
    assert re.search(r"2 game\(s\) checked in [\d.]+ s \([\d.]+/s\): 1 would change", result.output)
    # under its own rules the game is fine
    assert run("verify", changed.id).exit_code == 0
    assert run("verify", changed.id, "--current-rules").exit_code == 1


def test_verify_all_passes_when_nothing_changes(run, client):
    play_turns(client, new_game(client), 2)
    result = run("verify", "--all")
    assert result.exit_code == 0 and re.search(
        r"1 game\(s\) checked in .*: 0 would change", result.output
    )


@pytest.mark.parametrize("workers", ["1", "3"])
def test_verify_all_splits_the_games_over_processes(run, client, workers):
    for _ in range(4):
        play_turns(client, new_game(client), 2)
    result = run("verify", "--all", "--workers", workers)
    assert result.exit_code == 0, result.output
    assert re.search(r"^4 game\(s\) checked in .*: 0 would change", result.output, re.M)
    assert "Stopped before the end" not in result.output


def test_verify_all_with_a_time_limit_says_how_far_it_got(run, client, monkeypatch):
    from domain.platform.archive import Archive

    for _ in range(3):
        new_game(client)
    slow = Archive.audit

    def audit(self, *args, **kwargs):
        time.sleep(2)
        return slow(self, *args, **kwargs)

    monkeypatch.setattr(Archive, "audit", audit)
    result = run("verify", "--all", "--workers", "1", "--time-limit", "0.5")
    assert result.exit_code == 0, result.output
    assert "0 game(s) checked" in result.output
    assert "Stopped before the end: 3 of 3 game(s) not checked." in result.output


def test_export_then_import_through_files(run, client, tmp_path):
    game = new_game(client, goal=2)
    while client.get(game.url).get_json()["status"] != "finished":
        play_turns(client, game, 1)
    path = tmp_path / "game.json"
    assert run("export", game.id, "-o", str(path)).exit_code == 0
    record = json.loads(path.read_text())
    assert record["game"]["id"] == game.id
    result = run("import", str(path))
    assert result.exit_code == 0, result.output
    new_id = result.output.split()[1]
    assert client.get(f"/api/v1/games/{new_id}").get_json()["imported_from"] == game.id
    to_stdout = run("export", game.id)
    assert json.loads(to_stdout.output)["head"] == record["head"]
    path.write_text("{broken")
    assert run("import", str(path)).exit_code == 2


def test_flask_cli_runs_the_same_commands(app, client):
    runner = app.test_cli_runner()
    assert runner.invoke(args=["init-db"]).exit_code == 0
    game = new_game(client)
    result = runner.invoke(args=["verify", game.id])
    assert result.exit_code == 0 and "ok" in result.output


def _env(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHRONICLE_")}
    env.update(CHRONICLE_DATA_DIR=str(tmp_path), CHRONICLE_SECRET_KEY="k", REDIS_URL="")
    env.pop("PYTHONPATH", None)
    return env


def test_the_console_script_and_the_makefile_entry_point(tmp_path):
    """``flask --app service.app:create_app init-db`` then ``chronicle verify --all``."""
    env = _env(tmp_path)
    flask = subprocess.run(
        [os.path.join(BIN, "flask"), "--app", "service.app:create_app", "init-db"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert flask.returncode == 0, flask.stderr
    assert os.path.exists(tmp_path / "chronicle.db")
    chronicle = subprocess.run(
        [os.path.join(BIN, "chronicle"), "verify", "--all"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert chronicle.returncode == 0, chronicle.stderr
    assert "0 game(s) checked" in chronicle.stdout
