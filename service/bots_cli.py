"""``chronicle bots arena``: bot games in memory, in several processes (issue 25 item 6).

Plays N games of one title, variant and player count between the named bots (the line-up is
rotated every game, so each bot sits in each seat equally often), with a progress bar, and
prints wins, average scores, score spread, head-to-head shares and moves per second (``--json``
for the figures as JSON). Needs no store: the games are the title's pure functions.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from collections.abc import Iterator

import click

from domain.bots import BotSpec, check_bot
from domain.bots.arena import GameResult, _run, head_to_head_row, schedule, summarize
from domain.common.errors import DomainError
from domain.platform import registry


def parse_bots(text: str) -> list[BotSpec]:
    """``"search:1,greedy,random"`` -> bot specs (a level after a colon)."""
    out = []
    for part in text.split(","):
        kind, _, level = part.strip().partition(":")
        value: dict[str, str | int] = {"bot": kind}
        if level:
            if not level.isdigit():
                raise click.BadParameter(f"level {level!r} is not a number")
            value["level"] = int(level)
        try:
            out.append(check_bot(value, "--bots"))
        except DomainError as err:
            raise click.BadParameter(err.message) from None
    return out


def run_arena(
    title: str,
    variant: str,
    players: int,
    games: int,
    bots: list[BotSpec],
    processes: int = 1,
    budget: float | None = None,
    first_seed: int = 1,
    options: dict | None = None,
    progress: bool = True,
    timings: bool = False,
    cpu_time: bool = False,
) -> list[GameResult]:
    """Play the games (``processes`` at once); returns the list of results. ``cpu_time``:
    search budgets are CPU seconds, not wall seconds (a shared machine)."""
    plan = [
        (title, variant, lineup, seed, options or {}, budget, timings, cpu_time)
        for lineup, seed in schedule(bots, players, games, first_seed)
    ]
    results = []
    if processes <= 1:
        iterator: Iterator[GameResult] = map(_run, plan)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(processes)
        iterator = pool.imap_unordered(_run, plan)
    try:
        if progress:
            with click.progressbar(
                iterator, length=len(plan), file=sys.stderr, label=f"{title} {variant} {players}p"
            ) as bar:
                results = list(bar)
        else:
            results = list(iterator)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return sorted(results, key=lambda r: r.seed)


@click.group("bots")
def bots_group() -> None:
    """Bots that take a seat (random, greedy, search)."""


@bots_group.command("arena")
@click.argument("title")
@click.option("--variant", help="Default: the title's first variant.")
@click.option("--players", type=click.IntRange(1, 8), default=2, show_default=True)
@click.option("--games", "count", type=click.IntRange(1, 100000), default=20, show_default=True)
@click.option(
    "--bots",
    "bots_text",
    default="greedy,random",
    show_default=True,
    help="Bots in rotation, e.g. 'search:1,greedy:2,random'.",
)
@click.option(
    "--budget",
    type=click.FloatRange(0.001, 60),
    default=None,
    help="Seconds per search decision (default: by level, 2 s at level 2).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    default=None,
    help="Games played at once (default: one per core).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="The first game's seed.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option(
    "--cpu-time",
    is_flag=True,
    help="Measure search budgets in CPU seconds (honest on a shared, loaded machine).",
)
def arena_command(
    title: str,
    variant: str | None,
    players: int,
    count: int,
    bots_text: str,
    budget: float | None,
    processes: int | None,
    seed: int,
    as_json: bool,
    cpu_time: bool = False,
) -> None:
    """Play COUNT bot games of TITLE in memory and report wins, scores and speed."""
    try:
        rules = registry.current(title)
        variant = variant or rules.variants[0].name
        info = rules.variant(variant)
    except DomainError as err:
        raise click.ClickException(err.message) from None
    if not info.min_players <= players <= info.max_players:
        raise click.ClickException(
            f"{rules.display_name} ({variant}) is played by "
            f"{info.min_players} to {info.max_players} players"
        )
    bots = parse_bots(bots_text)
    results = run_arena(
        title,
        variant,
        players,
        count,
        bots,
        processes or os.cpu_count() or 1,
        budget,
        seed,
        cpu_time=cpu_time,
    )
    report = summarize(results)
    keys = sorted(report["bots"])
    report["head_to_head"] = {
        f"{a} vs {b}": head_to_head_row(results, a, b) for a in keys for b in keys if a != b
    }
    report.update(
        {
            "title": title,
            "variant": variant,
            "players": players,
            "budget": budget,
            "first_seed": seed,
            "clock": "cpu" if cpu_time else "wall",
            "load_average": list(os.getloadavg()),
            "totals": [[r.seed, r.bots, r.totals, r.winners] for r in results],
        }
    )
    if as_json:
        click.echo(json.dumps(report, indent=2))
    else:
        _print_report(report, rules.display_name, variant, players)


def _print_report(report: dict, display_name: str, variant: str, players: int) -> None:
    """The arena's figures as text (``--json`` prints them as JSON instead)."""
    keys = sorted(report["bots"])
    click.echo(
        f"{report['games']} games of {display_name} ({variant}), {players} "
        f"players; {report['finished']} finished, {report['faults']} refused bot "
        f"moves, {report['moves_per_second']} moves/s"
    )
    click.echo(
        f"{'bot':<12}{'seats':>7}{'wins':>8}{'win %':>8}{'mean':>9}{'sd':>8}  mean 95% interval"
    )
    for key in keys:
        row = report["bots"][key]
        ci = row["mean_ci95"]
        click.echo(
            f"{key:<12}{row['seats']:>7}{row['wins']:>8}{100 * row['win_rate']:>7.1f}%"
            f"{row['mean_score']:>9}{row['score_sd']:>8}  {ci[0]} to {ci[1]}"
            if ci
            else f"{key:<12}{row['seats']:>7}{row['wins']:>8}{100 * row['win_rate']:>7.1f}%"
            f"{row['mean_score']:>9}{row['score_sd']:>8}"
        )
    for pair, h2h in report["head_to_head"].items():
        if h2h is not None:
            low, high = h2h["ci95"]
            click.echo(
                f"{pair}: the first scores more in {100 * h2h['share']:.1f}% of "
                f"{h2h['games']} games (95% interval {100 * low:.1f}-{100 * high:.1f}%)"
            )
    click.echo(f"load average {report['load_average'][0]:.2f}, {report['clock']} clock")


@bots_group.command("train")
@click.argument("title")
@click.option("--variant", help="Default: the title's first variant.")
@click.option("--players", type=click.IntRange(1, 8), default=2, show_default=True)
@click.option("--games", "count", type=click.IntRange(1, 10000), default=40, show_default=True)
@click.option("--seed", type=int, default=50001, show_default=True, help="The first game's seed.")
@click.option("--out", type=click.Path(dir_okay=False), help="Default: the models directory.")
def train_command(
    title: str, variant: str | None, players: int, count: int, seed: int, out: str | None
) -> None:
    """Fit TITLE's evaluation weights by greedy self-play regression (issue 37) and write them
    as its bot model (``domain/bots/evals/models/TITLE.json``; a missing or corrupt model makes
    the bots use the hand-set weights). 40 two-player games take a few CPU minutes."""
    from pathlib import Path

    from domain.bots import evals
    from domain.bots.evals.train import train

    try:
        rules = registry.current(title)
        variant = variant or rules.variants[0].name
        rules.variant(variant)
    except DomainError as err:
        raise click.ClickException(err.message) from None
    module = evals.MODULES.get(title)
    if module is None:
        raise click.ClickException(f"{title} has no evaluation to train")
    model = train(rules, module, variant, players, list(range(seed, seed + count)))
    path = Path(out) if out else evals.model_dir() / f"{title}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(model, indent=2) + "\n")
    evals.reset()
    click.echo(f"{model['samples']} samples from {count} games; weights written to {path}")
    for key, value in model["weights"].items():
        click.echo(f"  {key:<16}{value:>9} (hand-set {module.WEIGHTS[key]})")
