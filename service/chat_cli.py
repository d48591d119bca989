"""``chronicle moderators``: who may hide chat messages, and hiding them (issue 34).

* ``list`` / ``add NAME`` / ``remove NAME``: moderators are accounts (by player name), kept in
  a stream of the store (``domain/chat/moderators.py``), so every process agrees;
* ``reports GAME``: the reported messages of a game;
* ``hide GAME MESSAGE [--reason]`` / ``show GAME MESSAGE``: hide a message from everyone (or
  show it again); the message stays in the store, as every fact.
"""

from __future__ import annotations

import uuid

import click

from domain.accounts.app import Accounts
from domain.chat.app import Chats
from domain.common.errors import DomainError


def _chats() -> Chats:
    from .cli import _games

    return Chats(_games())


def _fail(err: DomainError) -> click.ClickException:
    from .cli import Failure

    return Failure(err.message)


def _game(value: str) -> uuid.UUID:
    try:
        return uuid.UUID(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a game id (a UUID)") from None


@click.group("moderators")
def moderators_group() -> None:
    """The chat's moderators, reported messages, hiding messages."""


@moderators_group.command("list")
def list_command() -> None:
    """Every moderator, one name a line."""
    for name in _chats().moderators():
        click.echo(name)


@moderators_group.command("add")
@click.argument("name")
def add_command(name: str) -> None:
    """Make the account NAME a moderator."""
    chats = _chats()
    account = Accounts(chats.games).by_name(name)
    if account is None or account.deleted:
        raise click.ClickException(f"There is no player named {name}.")
    changed = chats.set_moderator(account.name, True)
    click.echo(f"{account.name} {'is now' if changed else 'was already'} a moderator.")


@moderators_group.command("remove")
@click.argument("name")
def remove_command(name: str) -> None:
    """NAME is no longer a moderator."""
    chats = _chats()
    account = Accounts(chats.games).by_name(name)
    kept = account.name if account else name
    changed = chats.set_moderator(kept, False)
    click.echo(f"{kept} {'is no longer' if changed else 'was not'} a moderator.")


@moderators_group.command("reports")
@click.argument("game")
def reports_command(game: str) -> None:
    """The reported messages of GAME."""
    try:
        reports = _chats().reports(_game(game))
    except DomainError as err:
        raise _fail(err) from None
    if not reports:
        click.echo("No reports.")
    for r in reports:
        state = "hidden" if r["hidden"] else "shown"
        who = f"seat {r['seat']}" if r.get("seat") is not None else "a spectator"
        click.echo(f"message {r['message']} ({state}), by {who}: {r['reason']!r}: {r['text']!r}")


@moderators_group.command("hide")
@click.argument("game")
@click.argument("message", type=int)
@click.option("--reason", default="", help="Why (kept with the hiding).")
def hide_command(game: str, message: int, reason: str) -> None:
    """Hide MESSAGE of GAME's chat from everyone."""
    try:
        changed = _chats().hide(_game(game), message, None, reason)
    except DomainError as err:
        raise _fail(err) from None
    click.echo(f"Message {message} {'hidden' if changed else 'was already hidden'}.")


@moderators_group.command("show")
@click.argument("game")
@click.argument("message", type=int)
def show_command(game: str, message: int) -> None:
    """Show a hidden MESSAGE again."""
    try:
        changed = _chats().hide(_game(game), message, None, "", on=False)
    except DomainError as err:
        raise _fail(err) from None
    click.echo(f"Message {message} {'shown again' if changed else 'was not hidden'}.")
