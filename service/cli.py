"""Operator commands: ``chronicle <command>`` (console script) or
``flask --app service.app:create_app <command>``.

=====================  =================================================================
``init-db``            create the event store's tables (and the PostgreSQL schema)
``create``             set up a game; prints its id and the seat tokens
``timeline GAME``      every event: version, time, sentence, undone marks
``replay GAME``        rebuild from events (``--version N``); summary and score sheet
``verify GAME``        re-run every move under the game's rules (also ``audit GAME``)
``verify --all``       re-run every stored game under the CURRENT rules; lists the games
                       whose recorded outcome would change (run before every deploy)
``export GAME``        the hash-chained record as JSON (``-o FILE``)
``import FILE``        rebuild a game from a record (``-`` reads standard input)
``village-pack new``   type Village's printed numbers from a Big Box into a checked data pack
``village-pack check`` check a Village data pack (``FILE``) against the seed's bounds
``bots arena TITLE``   play bot games in memory; wins, scores, moves per second
=====================  =================================================================

Exit status: 0 when all is well, 1 when a check finds a mismatch, 2 for an error (no such game,
a store that cannot be reached, bad input).
"""

from __future__ import annotations

import json
import logging
import sys
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

import click
from flask import current_app, has_app_context
from flask.cli import ScriptInfo

from domain.common.errors import DomainError
from domain.platform.application import Games
from domain.platform.game import Created

from .bootstrap import Services, bootstrap, init_db
from .bots_cli import bots_group
from .chat_cli import moderators_group
from .config import ConfigError, Settings
from .context import EXTENSION
from .village_pack import village_pack_command

if TYPE_CHECKING:
    from flask import Flask

    from domain.platform.application import Games
    from domain.platform.records import AuditReport

MISMATCH = 1


class Failure(click.ClickException):
    """An error that stops a command (exit status 2)."""

    exit_code = 2


class GameId(click.ParamType):
    name = "GAME"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> uuid.UUID:
        if isinstance(value, uuid.UUID):
            return value
        try:
            return uuid.UUID(str(value))
        except ValueError:
            self.fail(f"{value!r} is not a game id (a UUID)", param, ctx)


GAME = GameId()


# -- plumbing -----------------------------------------------------------------------------------
def _services() -> Services:
    """The app's services under ``flask``; built once from the environment otherwise."""
    if has_app_context():
        return current_app.extensions[EXTENSION]
    context = click.get_current_context()
    script_info = context.find_object(ScriptInfo)
    if script_info is not None:  # under ``flask``: the app's own services
        return script_info.load_app().extensions[EXTENSION]
    root = context.find_root()
    root.ensure_object(dict)
    if "services" not in root.obj:
        try:
            root.obj["services"] = bootstrap(Settings.from_env())
        except ConfigError as err:
            raise Failure(str(err)) from None
        root.call_on_close(root.obj["services"].close)
    return root.obj["services"]


def _games() -> Games:
    try:
        return _services().games()
    except DomainError as err:
        raise Failure(err.message) from None


def _run(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call into the domain; its errors become a one-line message and exit status 2."""
    try:
        return fn(*args, **kwargs)
    except DomainError as err:
        raise Failure(err.message) from None


def _echo_created(games: Games, created: Created, as_json: bool) -> None:
    from .views import created_game

    body = created_game(games, created)
    if as_json:
        click.echo(json.dumps(body, indent=2))
        return
    click.echo(f"game {body['id']}")
    for seat in body["seats"]:
        click.echo(f"seat {seat['seat']}  {seat['name']:<20}  {seat['token']}")


def _parse_option(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise click.BadParameter(f"{text!r} is not NAME=VALUE", param_hint="--option")
    try:
        return name, json.loads(raw)
    except ValueError:
        return name, raw


# -- commands -----------------------------------------------------------------------------------
@click.command("init-db")
def init_db_command() -> None:
    """Create the event store's tables (and the PostgreSQL schema); safe to repeat."""
    settings = _services().settings
    games = _run(init_db, settings)
    games.close()
    click.echo(f"Event store ready: {settings.display_database_url}")


@click.command("create")
@click.argument("title")
@click.argument("players", nargs=-1, required=True)
@click.option("--variant", help="Default: the title's first variant.")
@click.option("--seed", type=int, help="Fix every random draw (tests, analysis).")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A variant option (VALUE is read as JSON when it can be).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the full answer as JSON.")
def create_command(
    title: str,
    players: tuple[str, ...],
    variant: str | None,
    seed: int | None,
    options: tuple[str, ...],
    as_json: bool,
) -> None:
    """Set up a game of TITLE for PLAYERS (in seat order); prints its id and seat tokens."""
    from domain.platform import registry

    games = _games()
    variant = variant or _run(registry.current, title).variants[0].name
    created = _run(
        games.create_game,
        title,
        variant,
        list(players),
        dict(_parse_option(o) for o in options),
        seed,
    )
    _echo_created(games, created, as_json)


@click.command("timeline")
@click.argument("game_id", type=GAME, metavar="GAME")
def timeline_command(game_id: uuid.UUID) -> None:
    """Every event of GAME: version, time, the sentence, and undone marks (public view)."""
    games = _games()
    game = _run(games.get_game, game_id)
    for event in _run(games.stored_events, game_id):
        view = games.event_view(game, event, None)
        mark = "[undone] " if view["undone"] else ""
        when = event.timestamp.strftime("%Y-%m-%d %H:%M:%S")
        click.echo(f"{view['version']:>5}  {when}  {mark}{view['text']}")
        for line in view.get("lines", []):  # the set-up facts, one line each
            click.echo(f"{view['version']:>5}  {when}  {line}")


@click.command("replay")
@click.argument("game_id", type=GAME, metavar="GAME")
@click.option("--version", type=click.IntRange(min=1), help="Stop after this event.")
def replay_command(game_id: uuid.UUID, version: int | None) -> None:
    """Rebuild GAME from its events alone; print its summary and score sheet.

    The rebuilt state is compared with the one the server serves (snapshots and cache);
    exit status 1 if they differ.
    """
    games = _games()
    current = _run(games.get_game, game_id)
    if version is not None and version > current.version:
        raise Failure(
            f"Game {game_id} has no version {version}; its current version is {current.version}."
        )
    rebuilt = _run(games.rebuild, game_id, version)
    summary = games.summary(rebuilt)
    click.echo(
        f"game {summary['id']}  {summary['title']} ({summary['variant']}), rules "
        f"{summary['rules_version']}"
    )
    click.echo(
        f"version {summary['version']}  {summary['status']}  round {summary['round']}  "
        f"phase {summary['phase']}  to act: {summary['to_act'] or '-'}"
    )
    sheet = rebuilt.rules.score_sheet(rebuilt.state)
    click.echo("scores" + (" (final)" if summary["status"] == "finished" else " (so far)"))
    for seat in sheet.get("seats", []):
        parts = ", ".join(
            f"{c.get('label', c.get('key'))} {c.get('points')}" for c in seat.get("categories", [])
        )
        click.echo(
            f"  {seat.get('name', seat.get('seat')):<20} {seat.get('total'):>4}"
            + (f"   ({parts})" if parts else "")
        )
    served = _run(games.game_at, game_id, rebuilt.version)
    if served.state != rebuilt.state:
        click.echo(
            "snapshot check: the served state DIFFERS from the state rebuilt from events", err=True
        )
        sys.exit(MISMATCH)
    click.echo("snapshot check: ok")


def _echo_report(game_id: uuid.UUID, report: AuditReport, detail: bool) -> None:
    if detail:
        for step in report.steps:
            rule = f"  [{step['rule']}]" if step.get("rule") else ""
            click.echo(f"{step['version']:>5}  {step['text']}{rule}")
    if report.ok:
        click.echo(
            f"{game_id}: ok, {report.checked} move(s) checked under rules {report.rules_version}"
        )
        return
    click.echo(
        f"{game_id}: {len(report.mismatches)} mismatch(es) under rules {report.rules_version}"
    )
    for m in report.mismatches:
        click.echo(
            f"  version {m.version} (seat {m.seat}, move {json.dumps(m.move)}): {m.difference}"
        )


@click.command("verify")
@click.argument("game_id", type=GAME, metavar="[GAME]", required=False)
@click.option(
    "--all",
    "all_games",
    is_flag=True,
    help="Every stored game, under the CURRENT rules (run before every deploy).",
)
@click.option(
    "--current-rules",
    is_flag=True,
    help="Use the current rules instead of the ones GAME was started with.",
)
@click.option("--detail", is_flag=True, help="Print every event with its rule citation.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="With --all: processes checking games side by side (default: one per core).",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0.1),
    default=None,
    metavar="SECONDS",
    help="With --all: stop after SECONDS and say how far the check got.",
)
def verify_command(
    game_id: uuid.UUID | None,
    all_games: bool,
    current_rules: bool,
    detail: bool,
    workers: int | None,
    time_limit: float | None,
) -> None:
    """Re-run every recorded move of GAME through the rules; exit 1 on any mismatch."""
    if all_games == (game_id is not None):
        raise click.UsageError("Name one GAME, or pass --all.")
    games = _games()
    if game_id is not None:
        report = _run(games.audit, game_id, current_rules=current_rules, detail=detail)
        _echo_report(game_id, report, detail)
        if not report.ok:
            sys.exit(MISMATCH)
        return
    from .verify_all import verify_all

    ids = _run(lambda: list(games.game_ids(newest_first=False)))
    env = _services().settings.persistence_env(create_tables=False)
    with click.progressbar(
        length=len(ids), label="Replaying games under the current rules", file=sys.stderr
    ) as bar:
        outcome = verify_all(env, ids, workers=workers, time_limit=time_limit, advance=bar.update)
    for _gid, lines in outcome.changed:
        for line in lines:
            click.echo(line)
    for gid, message in outcome.failed:
        click.echo(f"{gid}: could not be checked: {message}")
    rate = outcome.checked / outcome.seconds if outcome.seconds else 0.0
    click.echo(
        f"{outcome.checked} game(s) checked in {outcome.seconds:.1f} s ({rate:.1f}/s): "
        f"{len(outcome.changed)} would change under the current rules, "
        f"{len(outcome.failed)} could not be checked."
    )
    if not outcome.complete:
        click.echo(
            f"Stopped before the end: {outcome.total - outcome.checked} of "
            f"{outcome.total} game(s) not checked."
        )
    if outcome.changed or outcome.failed:
        sys.exit(MISMATCH)


@click.command("audit")
@click.argument("game_id", type=GAME, metavar="GAME")
@click.option("--detail", is_flag=True, help="Print every event with its rule citation.")
@click.pass_context
def audit_command(ctx: click.Context, game_id: uuid.UUID, detail: bool) -> None:
    """Same as 'verify GAME': re-run GAME under its own rules; exit 1 on any mismatch."""
    ctx.invoke(verify_command, game_id=game_id, all_games=False, current_rules=False, detail=detail)


@click.command("export")
@click.argument("game_id", type=GAME, metavar="GAME")
@click.option(
    "-o",
    "--output",
    type=click.File("w"),
    default="-",
    help="Write the record to this file (default: standard output).",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "ru", "cs"]),
    default=None,
    help="Add each event's sentence in this language (as the public sees the event).",
)
def export_command(game_id: uuid.UUID, output: TextIO, lang: str | None) -> None:
    """Write GAME's full, hash-chained, signed record as JSON (every event and seed, even
    while the game is played: keep it to yourself until the game is over). The record holds
    the facts; ``--lang`` adds the sentences ("sentences", outside the hash chain)."""
    games = _games()
    record = _run(games.export, game_id, None, True)
    if lang:
        record["sentences"] = _run(export_sentences, games, game_id, lang)
    json.dump(record, output, indent=2, ensure_ascii=False)
    output.write("\n")


def export_sentences(games: Games, game_id: uuid.UUID, lang: str) -> dict:
    """Every event's sentence in ``lang``, made from the event as the public may see it
    (redacted first, then described), keyed by version."""
    from domain.platform.game import is_over

    from .i18n import translate

    game = games.get_game(game_id)
    finished = is_over(game)
    with translate(lang) as used:
        events = []
        for event in games.stored_events(game_id):
            view = games.event_view(game, event, None, finished)
            entry = {"version": view["version"], "text": view["text"]}
            if view.get("lines"):
                entry["lines"] = view["lines"]
            events.append(entry)
    return {"lang": used, "viewer": None, "events": events}


@click.command("import")
@click.argument("source", type=click.File("r"), metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the full answer as JSON.")
def import_command(source: TextIO, as_json: bool) -> None:
    """Rebuild a game from the record in FILE ('-': standard input); prints the new id."""
    try:
        record = json.load(source)
    except ValueError as err:
        raise Failure(f"{source.name} is not JSON: {err}") from None
    games = _games()
    _echo_created(games, _run(games.import_record, record), as_json)


@click.command("signing-key")
def signing_key_command() -> None:
    """Print this service's public signing key (for another service's CHRONICLE_TRUSTED_KEYS);
    the key is created in the data directory if it does not exist yet."""
    from .bootstrap import record_signer

    signer = record_signer(_services().settings)
    click.echo(signer.public)


COMMANDS = (
    init_db_command,
    create_command,
    timeline_command,
    replay_command,
    verify_command,
    audit_command,
    export_command,
    import_command,
    signing_key_command,
    village_pack_command,
)


@click.group("chronicle", context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Chronicle's operator commands (settings from CHRONICLE_* environment variables)."""


for _command in COMMANDS:
    cli.add_command(_command)
cli.add_command(bots_group)
cli.add_command(moderators_group)


def register_cli(app: Flask) -> None:
    """Make every command available as ``flask --app service.app:create_app <command>``."""
    for command in COMMANDS:
        app.cli.add_command(command)


def main(argv: list[str] | None = None) -> None:
    """The ``chronicle`` console script."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    cli.main(args=argv, prog_name="chronicle")
