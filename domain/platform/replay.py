"""Replaying a game's log through the rules: the audit, and the check of every import.

:func:`replay_log` walks a log batch by batch. Every batch must start with a command: a move,
decided again by the title's ``decide`` against the state it was made in, or a platform request
(undo, its answers), decided again by the platform's own rules (``platform/meta.py``). The batch's
recorded events must be exactly what those rules give; no event type is skipped. A move of a
dropped seat must also be its zombie's choice (``domain/platform/dropping.py``). The state each
command is checked against is folded from the *recorded* events with the same ``fold`` the live
service uses (so one mismatch does not cascade, and undo restores what it restores live).

Every loop runs over the record itself: a command's ``count`` must lie between 1 and the events
left, so a hand-made record cannot make the walk longer than the record.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from domain.common.i18n import NP_

from ..common.errors import DomainError, RecordError, UndoError
from ..common.events import Event, EventLike
from ..common.rng import Rng
from ..common.title import GameConfig, Title
from ..common.visibility import redact, unseal
from . import dropping
from .game import Game, fold
from .meta import META_RULES, check_open
from .records import META_TYPES, AuditReport, Mismatch, canonical, jsonclean, seed_for


class _Stamp:
    """The time of a replayed event (the fold only formats the last one)."""

    @staticmethod
    def isoformat() -> str:
        return ""

    @staticmethod
    def timestamp() -> float:
        return 0.0


def _recorded_at(entry: dict) -> Any:
    """The entry's recorded time (clocks read it: deadlines come from recorded timestamps),
    or a stand-in when the record has none that parses."""
    value = entry.get("recorded_at")
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            pass
    return _Stamp


class _Stored:
    """A log entry in the shape of a stored event, for ``fold``."""

    __slots__ = (
        "type",
        "seat",
        "data",
        "command",
        "originator_version",
        "originator_id",
        "timestamp",
    )

    def __init__(self, entry: dict, game_id: uuid.UUID, version: int | None = None) -> None:
        self.type = entry.get("type")
        self.seat = entry.get("seat")
        data = entry.get("data")
        self.data = data if data is not None else {}
        self.command = None
        self.originator_version = entry.get("version") if version is None else version
        self.originator_id = game_id
        self.timestamp = _recorded_at(entry)


class _ReplayBook:
    """The history the platform's rules ask about, kept while replaying (``meta.Book``)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.batches: dict[int, int] = {1: 1}  # first version -> last version of each batch
        self.moves: list[tuple[int, int]] = []  # (first version, seat) of every move
        self.reveals: list[int] = []  # versions of events that revealed something

    def consent_needed(self, version: int) -> set[int]:
        if any(v > version and not self.game.is_undone(v) for v in self.reveals):
            return set(range(len(self.game.players)))
        return {
            seat for first, seat in self.moves if first > version and not self.game.is_undone(first)
        }

    def check_boundary(self, version: int) -> None:
        if version + 1 in self.batches or version >= self.game.version:
            return
        first = max(f for f in self.batches if f <= version)
        last = self.batches[first]
        raise UndoError(
            "not_a_move_boundary", version=version, first=first, last=last, before=first - 1
        )


@dataclass
class Replay:
    """The result of :func:`replay_log`: the report and the game as the record leaves it."""

    report: AuditReport
    game: Game


def _facts(events: Iterable[EventLike]) -> list[dict]:
    return jsonclean([{"type": e.type, "seat": e.seat, "data": e.data} for e in events])


def _meta_facts(facts: Iterable[tuple[str, int | None, dict]]) -> list[dict]:
    return jsonclean([{"type": k, "seat": s, "data": d} for k, s, d in facts])


def _recorded(entries: list[dict]) -> list[dict]:
    return [{"type": e.get("type"), "seat": e.get("seat"), "data": e.get("data")} for e in entries]


def _difference(expected: list[dict], recorded: list[dict]) -> str:
    for i, (a, b) in enumerate(zip(expected, recorded)):
        if a != b:
            return (
                f"event {i + 1} of the batch: the record has {b['type']} "
                f"{canonical(b['data'])}, the rules give {a['type']} {canonical(a['data'])}"
            )
    return f"the rules give {len(expected)} event(s), the record has {len(recorded)}"


def _count(command: Any, left: int) -> int | None:
    count = command.get("count", 1) if isinstance(command, dict) else None
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= left:
        return None
    return count


def _undo_targets(entries: list[dict]) -> set[int]:
    targets = set()
    for e in entries:
        if e.get("type") == "UndoApplied" and isinstance(e.get("data"), dict):
            target = e["data"].get("to_version")
            if isinstance(target, int) and not isinstance(target, bool):
                targets.add(target)
    return targets


def _setup(entries: list[dict], rules: Title, report: AuditReport) -> tuple[dict, list]:
    created = entries[0]
    if (
        not isinstance(created, dict)
        or created.get("type") != "GameCreated"
        or not isinstance(created.get("data"), dict)
    ):
        raise RecordError(
            "record_invalid", reason=NP_("error part", "the first event must be GameCreated")
        )
    data = created["data"]
    seeds = data.get("seeds") or []
    players = list(data["players"])
    config = GameConfig(
        data["variant"], tuple(players), dict(data.get("options") or {}), series=data.get("series")
    )
    seed = seed_for(seeds, 0)
    if seed is None:
        raise RecordError(
            "record_incomplete",
            reason=NP_(
                "error part",
                "its seed is still private (the game was exported before it "
                "ended); import it once the game is over",
            ),
        )
    try:
        expected = _facts(rules.setup(config, Rng(seed)))
    except DomainError as err:
        expected = None
        report.mismatches.append(Mismatch(1, None, None, f"the set-up is rejected: {err.message}"))
    if (data.get("parent") or {}).get("redealt"):
        # a seat's "what if" fork starts from a position it chose (the parent as that seat saw
        # it, the rest drawn anew); the moves from there on are audited as usual
        expected = None
    recorded = jsonclean(data.get("setup") or [])
    if expected is not None and expected != recorded:
        report.mismatches.append(
            Mismatch(1, None, None, _difference(expected, recorded), expected, recorded)
        )
    report.checked += 1
    return data, seeds


def replay_log(
    entries: list[dict],
    rules: Title,
    detail: bool = False,
    names: list[str] | None = None,
    view: tuple[int | None, bool] = (None, True),
    first_only: bool = False,
) -> Replay:
    """Re-run the set-up and every recorded command of ``entries`` under ``rules`` (and the
    platform's rules for meta events); see the module docstring.

    With ``detail`` the report lists every title event with its sentence and rule, each built
    from the event as ``view`` = (viewer, game finished) may see it (redact first, then
    describe); with ``first_only`` the walk stops at the first mismatch (an import)."""
    report = AuditReport(rules_version=rules.rules_version)
    if not entries:
        raise RecordError(
            "record_invalid", reason=NP_("error part", "the first event must be GameCreated")
        )
    data, seeds = _setup(entries, rules, report)
    names = names or list(data["players"])
    first = _Stored(entries[0], uuid.UUID(int=0), 1)
    game = cast(Game, fold(None, [first], lambda version: {}))  # the clocks start as live
    book = _ReplayBook(game)
    targets = _undo_targets(entries)
    saved: dict[int, dict] = {1: copy.deepcopy(game.state)} if 1 in targets else {}

    def state_at(version: int) -> dict:
        return copy.deepcopy(saved.get(version, game.state))

    i, n = 1, len(entries)
    while i < n:
        entry = entries[i]
        version = i + 1
        command = entry.get("command") if isinstance(entry, dict) else None
        count = _count(command, n - i)
        batch = entries[i : i + (count or 1)]
        recorded = _recorded(batch)
        seat = command.get("seat") if isinstance(command, dict) else None
        move = command.get("move") if isinstance(command, dict) else None
        expected, problem = _decide(game, book, rules, seeds, entry, command, count, version)
        if problem is None and expected != recorded:  # recorded data is JSON already
            problem = _difference(expected or [], recorded)
        if problem is not None:
            report.mismatches.append(Mismatch(version, seat, move, problem, expected, recorded))
            if first_only:
                break
        if (
            count is not None
            and isinstance(command, dict)
            and ("move" in command or "meta" in command)
        ):
            report.checked += 1
        if detail:
            for e in batch:
                if e.get("type") not in META_TYPES:
                    report.steps.append(
                        _step(rules, e, move if e is batch[0] else None, names, view)
                    )
        if problem is not None and any(e.get("type") in META_TYPES for e in batch):
            i += len(batch)  # a platform event no rule made changes nothing of the game
            continue
        try:
            _fold(game, book, batch, version, command, state_at)
        except Exception as err:  # recorded data the rules cannot apply (a hand-made record)
            report.mismatches.append(
                Mismatch(version, seat, move, f"its events cannot be applied ({err!r})")
            )
            break
        for v in range(version, version + len(batch)):
            if v in targets:
                saved[v] = copy.deepcopy(game.state)
        i += len(batch)
    return Replay(report, game)


def _decide(
    game: Game,
    book: _ReplayBook,
    rules: Title,
    seeds: list,
    entry: dict,
    command: Any,
    count: int | None,
    version: int,
) -> tuple[list | None, str | None]:
    """What the rules make of the batch's command: (expected facts, None) or (None, why not)."""
    if not isinstance(command, dict) or ("move" not in command and "meta" not in command):
        return None, "an event that no recorded command produced"
    if count is None:
        return None, "its command's count is not a number of the events that follow"
    seat = command.get("seat")
    try:
        if "move" in command:
            if (
                isinstance(seat, bool)
                or not isinstance(seat, int)
                or not (0 <= seat < len(game.players))
            ):
                return None, f"the move's seat {seat!r} is not a seat of this game"
            check_open(game)
            move = unseal(command["move"], seat)
            seed = seed_for(seeds, version - 1)
            if dropping.is_dropped(game, seat):  # a dropped seat moves only as the zombie
                problem = dropping.check_move(game, rules, seat, move, command, seed)
                if problem is not None:
                    return None, problem
            return _facts(rules.decide(game.state, seat, move, Rng(seed or 0))), None
        kind = command.get("meta")
        rule = META_RULES.get(kind) if isinstance(kind, str) else None
        if rule is None or entry.get("type") != kind:
            return None, f"the platform has no rule that makes {entry.get('type')!r} here"
        return _meta_facts(rule(game, book, cast(int, seat), entry.get("data"))), None
    except DomainError as err:
        return None, f"the rules reject this: {err.message}"


def _fold(
    game: Game,
    book: _ReplayBook,
    batch: list[dict],
    version: int,
    command: Any,
    state_at: Callable[[int], dict],
) -> None:
    stored = [_Stored(e, game.id, version + k) for k, e in enumerate(batch)]
    fold(game, stored, state_at)
    game._version = version + len(batch) - 1
    book.batches[version] = game.version
    rules = game.rules
    book.reveals.extend(
        cast(int, e.originator_version)
        for e in stored
        if e.type not in META_TYPES and rules.reveals(cast(EventLike, e))
    )
    if isinstance(command, dict) and "move" in command and isinstance(command.get("seat"), int):
        book.moves.append((version, command["seat"]))


def _step(
    rules: Title, entry: dict, move: Any, names: list[str], view: tuple[int | None, bool]
) -> dict:
    """One line of a detailed audit, as ``view`` = (viewer, finished) may see it (redact
    first, then describe)."""
    viewer, finished = view
    shown = Event(
        entry["type"], redact(entry.get("data") or {}, viewer, finished), entry.get("seat")
    )
    if isinstance(move, dict):
        move = unseal(
            redact(rules.seal_move(move, entry.get("seat")), viewer, finished), entry.get("seat")
        )
    return {
        "version": entry["version"],
        "seat": entry.get("seat"),
        "move": move,
        "type": entry["type"],
        "text": rules.describe(shown, names, viewer),
        "rule": rules.rule_of(shown),
    }


def audit_log(
    entries: list[dict],
    rules: Title,
    detail: bool = False,
    names: list[str] | None = None,
    view: tuple[int | None, bool] = (None, True),
) -> AuditReport:
    """The audit report of :func:`replay_log`."""
    return replay_log(entries, rules, detail, names, view).report
