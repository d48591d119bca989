"""``chronicle village-pack``: make Village's real data pack from a physical Big Box, or check one
(issue 26).

``new`` walks through every value of a pack (the shipped provisional one, or ``--base``): it
shows what the value is, where it is printed in the box, the bound the seed gives and the value
now, and asks for the printed one (Enter keeps the value now). Each typed value is checked at
once against its bound and refused with the reason; the whole pack is checked before anything
is written, and a pack that fails is not written. Typed values get status ``SRC-BB``.
``check FILE`` validates a pack and says what it holds. Point ``CHRONICLE_VILLAGE_DATA`` at the
file to make the service use it.

Exit status: 0 when the pack is good, 2 when it is refused (the sentence names the value, its
bound and the seed line).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from domain.village import pack as packs
from domain.village.pack_fields import check_value, field


class Refused(click.ClickException):
    exit_code = 2


def _read(path: str | Path) -> dict:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise Refused(f"{path} cannot be read as JSON: {exc}") from None


def _show(index: int, total: int, key: str, entry: dict) -> None:
    info = field(key)
    click.echo(f"[{index}/{total}] {key}: {info['description']}")
    click.echo(f"    printed: {info['printed']}")
    click.echo(f"    seed's bound: {info['bound']}")
    click.echo(f"    now: {json.dumps(entry['value'])} ({entry['status']}: {entry['source']})")


def _ask(key: str, by: str) -> dict | None:
    """The typed value as a pack entry, or None to keep the value now."""
    while True:
        text = click.prompt(
            "    printed value (JSON; Enter keeps it)", default="", show_default=False
        )
        if not text.strip():
            return None
        try:
            value = json.loads(text)
        except ValueError:
            click.echo(
                f"    refused: {text!r} is not JSON (a number, a list, an object or "
                "a quoted string)"
            )
            continue
        problem = check_value(key, value)
        if problem:
            click.echo(f"    refused: {problem}")
            continue
        return {
            "value": value,
            "status": "SRC-BB",
            "source": f"typed from the Big Box ({field(key)['printed']}) by {by} with "
            "chronicle village-pack new",
        }


@click.group("village-pack")
def village_pack_command() -> None:
    """Make Village's data pack from a physical Big Box, or check one."""


@village_pack_command.command("new")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Where to write the new pack (not written if it fails its checks).",
)
@click.option(
    "--base",
    type=click.Path(exists=True, dir_okay=False),
    help="The pack to start from (default: the shipped provisional pack).",
)
@click.option("--name", default="village-bigbox", show_default=True, help="The pack's name.")
@click.option(
    "--by",
    default="the owner of the box",
    show_default=True,
    help="Who typed the values (recorded in each value's source).",
)
def new_command(output: str, base: str | None, name: str, by: str) -> None:
    """Walk through every value, type the printed ones, and write the checked pack."""
    raw = _read(base or packs.DEFAULT)
    values = raw.get("values") or {}
    keys = list(values)
    typed = 0
    for index, key in enumerate(keys, 1):
        _show(index, len(keys), key, values[key])
        entry = _ask(key, by)
        if entry is not None:
            values[key] = entry
            typed += 1
            note = _whole(raw)
            if note:
                click.echo(f"    note: the pack does not hold together yet: {note}")
    raw.update(
        name=name,
        values=values,
        about=(
            "Village component numbers typed from a physical Big Box with chronicle village-pack "
            "new; values still not typed keep their status (see shared/data/village/sources.md "
            "§1)."
        ),
    )
    try:
        pack = packs.load(raw, output)
    except packs.PackInvalid as exc:
        raise Refused(f"not written: {exc}") from None
    Path(output).write_text(json.dumps(raw, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    click.echo(f"{output}: {typed} value(s) typed; {packs.counts_sentence(pack)}")
    click.echo(f"Use it with: CHRONICLE_VILLAGE_DATA={output}")


def _whole(raw: dict) -> str | None:
    try:
        packs.load(raw, "pack")
    except packs.PackInvalid as exc:
        return str(exc)
    return None


@village_pack_command.command("check")
@click.argument("path", type=click.Path(dir_okay=False), metavar="FILE")
def check_command(path: str) -> None:
    """Check a pack against every bound; say what it holds."""
    try:
        pack = packs.read_file(path)
    except packs.PackInvalid as exc:
        raise Refused(str(exc)) from None
    click.echo(f"{path}: pack {pack['name']} is good; {packs.counts_sentence(pack)}")
