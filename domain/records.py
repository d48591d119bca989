"""Audits and tamper-evident game records, as pure functions over a game's log.

A *log entry* is a plain dict ``{"version", "type", "seat", "data", "command", "recorded_at"}``;
``Games`` builds them from stored events, and ``import`` reads them from a record.

* :func:`audit_log` re-runs every recorded command through a title's rules (the set-up from the
  configuration and seed, then each move against the state it was made in) and reports every
  batch whose recorded events differ from what the rules give now.
* :func:`chain` / :func:`verify_chain` give each exported entry the SHA-256 of the entry before it
  (``hash = sha256(prev_hash + canonical_json(entry))``, the first ``prev_hash`` being 64 zeros),
  so changing, dropping or reordering any event breaks every hash after it.
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from .common.errors import DomainError, RecordError
from .common.events import Event
from .common.rng import Rng
from .common.title import GameConfig, Title
from .common.visibility import redact, unseal

RECORD_FORMAT = "chronicle-game-record/1"
GENESIS = "0" * 64
HASHED_FIELDS = ("version", "type", "seat", "data", "command", "recorded_at")
META_TYPES = frozenset({"GameCreated", "UndoRequested", "UndoAccepted", "UndoRejected",
                        "UndoApplied"})


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def jsonclean(value: Any) -> Any:
    """``value`` as it comes back from JSON storage (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


# -- hash chain -------------------------------------------------------------------------------
def entry_hash(prev: str, entry: dict) -> str:
    body = {k: entry.get(k) for k in HASHED_FIELDS}
    return hashlib.sha256((prev + canonical(body)).encode("utf-8")).hexdigest()


def chain(entries: Iterable[dict]) -> list[dict]:
    """Copies of ``entries`` with ``prev_hash`` and ``hash`` added."""
    out, prev = [], GENESIS
    for entry in entries:
        h = entry_hash(prev, entry)
        out.append({**entry, "prev_hash": prev, "hash": h})
        prev = h
    return out


def verify_chain(entries: list[dict]) -> str:
    """Check versions run 1..n and every hash links; returns the head hash or raises."""
    prev = GENESIS
    for i, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            raise RecordError("record_invalid", reason=f"event {i} is not an object")
        if entry.get("version") != i:
            raise RecordError("record_tampered", version=i,
                              reason=f"expected version {i}, found {entry.get('version')!r}")
        if entry.get("prev_hash") != prev:
            raise RecordError("record_tampered", version=i,
                              reason="its prev_hash does not match the hash of the event before")
        h = entry_hash(prev, entry)
        if entry.get("hash") != h:
            raise RecordError("record_tampered", version=i,
                              reason="its hash does not match its contents")
        prev = h
    return prev


# -- audit ------------------------------------------------------------------------------------
@dataclass
class Mismatch:
    version: int
    seat: int | None
    move: Any
    difference: str
    expected: list | None = None
    recorded: list | None = None

    def as_dict(self) -> dict:
        return {"version": self.version, "seat": self.seat, "move": self.move,
                "difference": self.difference, "expected": self.expected,
                "recorded": self.recorded}


@dataclass
class AuditReport:
    rules_version: str
    checked: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    steps: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def as_dict(self, detail: bool = False) -> dict:
        out = {"ok": self.ok, "checked": self.checked, "rules_version": self.rules_version,
               "mismatches": [m.as_dict() for m in self.mismatches]}
        if detail:
            out["steps"] = self.steps
        return out


class _Entry:
    __slots__ = ("type", "seat", "data", "version")

    def __init__(self, entry: dict) -> None:
        self.type = entry["type"]
        self.seat = entry.get("seat")
        self.data = entry.get("data") or {}
        self.version = entry.get("version")


def record_seed(segment: dict) -> int | None:
    """A seed segment's seed as an integer: records may carry it as a number or, for
    JavaScript's sake, as decimal digits (``seed_str``, which wins when both are there)."""
    seed = segment.get("seed_str") or segment.get("seed")
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (
            isinstance(seed, str) and not (seed.isascii() and seed.isdigit())):
        raise ValueError("a seed must be a whole number or its decimal digits")
    return int(seed)


def seed_for(seeds: list[dict], version: int) -> int | None:
    seed = None
    for segment in seeds:
        if segment["from"] <= version:
            seed = record_seed(segment)
    return seed


def _step(rules: Title, entry: dict, move: Any, names: list[str],
          view: tuple[int | None, bool]) -> dict:
    """One line of a detailed audit, as ``view`` = (viewer, finished) may see it."""
    viewer, finished = view
    shown = Event(entry["type"], redact(entry.get("data") or {}, viewer, finished),
                  entry.get("seat"))
    if isinstance(move, dict):
        move = unseal(redact(rules.seal_move(move, entry.get("seat")), viewer, finished),
                      entry.get("seat"))
    return {"version": entry["version"], "seat": entry.get("seat"), "move": move,
            "type": entry["type"], "text": rules.describe(shown, names, viewer),
            "rule": rules.rule_of(shown)}


def _facts(events) -> list[dict]:
    return jsonclean([{"type": e.type, "seat": e.seat, "data": e.data} for e in events])


def _recorded(entries: list[dict]) -> list[dict]:
    return [{"type": e["type"], "seat": e.get("seat"), "data": e.get("data")} for e in entries]


def _difference(expected: list[dict], recorded: list[dict]) -> str:
    for i, (a, b) in enumerate(zip(expected, recorded)):
        if a != b:
            return (f"event {i + 1} of the move: the record has {b['type']} {canonical(b['data'])}"
                    f", the rules give {a['type']} {canonical(a['data'])}")
    return (f"the rules give {len(expected)} event(s), the record has {len(recorded)}")


def audit_log(entries: list[dict], rules: Title, detail: bool = False,
              names: list[str] | None = None,
              view: tuple[int | None, bool] = (None, True)) -> AuditReport:
    """Re-run the set-up and every recorded command of ``entries`` under ``rules``.

    The state each command is checked against is folded from the *recorded* events (so one
    mismatch does not cascade), undo included. With ``detail`` the report lists, per command,
    the events with their sentence and the rules-digest section they applied, each built from
    the event as ``view`` = (viewer, game finished) may see it (redact first, then describe).
    """
    report = AuditReport(rules_version=rules.rules_version)
    if not entries or entries[0].get("type") != "GameCreated":
        raise RecordError("record_invalid", reason="the first event must be GameCreated")
    created = entries[0]["data"]
    seeds = created.get("seeds") or []
    players = list(created["players"])
    names = names or players
    config = GameConfig(created["variant"], tuple(players), dict(created.get("options") or {}))

    # the set-up
    seed = seed_for(seeds, 0)
    if seed is None:
        raise RecordError("record_incomplete",
                          reason="its seed is still private (the game was exported before it "
                                 "ended); import it once the game is over")
    try:
        expected = _facts(rules.setup(config, Rng(seed)))
    except DomainError as err:
        expected = None
        report.mismatches.append(Mismatch(1, None, None, f"the set-up is rejected: {err.message}"))
    if (created.get("parent") or {}).get("redealt"):
        # a seat's "what if" fork starts from a position it chose (the parent as that seat saw
        # it, the rest drawn anew); the moves from there on are audited as usual
        expected = None
    recorded_setup = jsonclean(created.get("setup") or [])
    if expected is not None and expected != recorded_setup:
        report.mismatches.append(Mismatch(1, None, None, _difference(expected, recorded_setup),
                                          expected, recorded_setup))
    report.checked += 1
    state: dict = {}
    for fact in recorded_setup:
        state = rules.evolve(state, _Entry(fact))

    targets = {e["data"]["to_version"] for e in entries if e.get("type") == "UndoApplied"}
    saved: dict[int, dict] = {}
    if 1 in targets:
        saved[1] = copy.deepcopy(state)

    i = 1
    while i < len(entries):
        entry = entries[i]
        version = entry["version"]
        kind = entry["type"]
        if kind in META_TYPES:
            if kind == "UndoApplied":
                target = entry["data"]["to_version"]
                if target not in saved:
                    report.mismatches.append(Mismatch(version, entry.get("seat"), None,
                                                      f"undo to unknown version {target}"))
                else:
                    state = copy.deepcopy(saved[target])
            if version in targets:
                saved[version] = copy.deepcopy(state)
            i += 1
            continue
        command = entry.get("command") or {}
        count = int(command.get("count") or 1)
        batch = entries[i:i + count]
        seat, move = command.get("seat"), command.get("move")
        recorded = _recorded(batch)
        if "move" not in command:
            report.mismatches.append(Mismatch(version, seat, None,
                                              "an event that no recorded command produced"))
        else:
            try:
                produced = _facts(rules.decide(state, seat, unseal(move, seat),
                                               Rng(seed_for(seeds, version - 1) or 0)))
            except DomainError as err:
                report.mismatches.append(Mismatch(version, seat, move,
                                                  f"the rules reject this move: {err.message}",
                                                  None, recorded))
            else:
                if produced != jsonclean(recorded):
                    report.mismatches.append(Mismatch(version, seat, move,
                                                      _difference(produced, recorded),
                                                      produced, recorded))
            report.checked += 1
        for e in batch:
            fact = _Entry(e)
            if detail:
                report.steps.append(_step(rules, e, move if e is batch[0] else None, names,
                                          view))
            state = rules.evolve(state, fact)
            if e["version"] in targets:
                saved[e["version"]] = copy.deepcopy(state)
        i += count
    return report
