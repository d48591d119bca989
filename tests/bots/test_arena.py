"""The arena as a smoke test (issue 25 item 6): bot games of every title, variant and player
count play to the end through listed moves only, and the arena's figures add up."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from domain.bots import BotSpec
from domain.bots.arena import head_to_head, play_game, summarize
from domain.platform import registry
from service.bots_cli import arena_command, run_arena


def cases():
    for rules in registry.all_current():
        if rules.name not in ("agricola", "caverna", "village"):
            continue  # test doubles
        for info in rules.variants:  # the fewest and the most seats of every variant
            for n in sorted({info.min_players, info.max_players}):
                yield rules.name, info.name, n


@pytest.mark.parametrize("title,variant,n", list(cases()))
def test_every_title_variant_and_seat_count_finishes(title, variant, n):
    bots = [BotSpec("random", 1) if s % 2 else BotSpec("greedy", 1) for s in range(n)]
    result = play_game(title, variant, bots, seed=n)
    assert result.finished and result.faults == 0
    assert len(result.totals) == n and result.winners


def test_arena_rotates_seats_and_reports(monkeypatch):
    results = run_arena(
        "village",
        "standard",
        2,
        4,
        [BotSpec("greedy", 2), BotSpec("random", 1)],
        processes=2,
        progress=False,
    )
    assert [r.seed for r in results] == [1, 2, 3, 4]
    assert {tuple(b["bot"] for b in r.bots) for r in results} == {
        ("greedy", "random"),
        ("random", "greedy"),
    }
    report = summarize(results)
    assert report["games"] == 4 and report["finished"] == 4
    assert report["bots"]["greedy/2"]["seats"] == 4
    share = head_to_head(results, "greedy/2", "random/1")
    assert share == pytest.approx(1 - head_to_head(results, "random/1", "greedy/2"))


def test_arena_command():
    runner = CliRunner()
    out = runner.invoke(
        arena_command,
        ["agricola", "--games", "2", "--processes", "1", "--bots", "random,greedy:1", "--json"],
    )
    assert out.exit_code == 0, out.output
    assert '"games": 2' in out.output
    bad = runner.invoke(arena_command, ["agricola", "--bots", "oracle"])
    assert bad.exit_code != 0 and "no bot 'oracle'" in bad.output


def smoke_cases():
    """Every title's variants at each seat count (test doubles left out)."""
    for rules in registry.all_current():
        if rules.name not in ("agricola", "caverna", "village"):
            continue
        for info in rules.variants:
            for n in range(info.min_players, info.max_players + 1):
                yield rules.name, info.name, n


@pytest.mark.slow
@pytest.mark.parametrize("title", ["agricola", "caverna", "village"])
def test_hundreds_of_short_arena_games_per_title_finish(title):
    """Issue 25 item 6: the arena as a smoke test, a hundred and more random games of every
    title (every variant, every seat count, seats rotated), each to its end through listed
    moves only, with no bot fault."""
    cases = [(v, n) for t, v, n in smoke_cases() if t == title]
    per_case = max(2, -(-120 // len(cases)))
    played = 0
    for variant, n in cases:
        results = run_arena(
            title,
            variant,
            n,
            per_case,
            [BotSpec("random", 1)],
            processes=2,
            first_seed=100 * n,
            progress=False,
        )
        report = summarize(results)
        assert report["finished"] == per_case, (variant, n, report)
        assert all(r.faults == 0 and len(r.totals) == n for r in results)
        played += len(results)
    assert played >= 120
