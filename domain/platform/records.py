"""Audits and tamper-evident game records, as pure functions over a game's log.

A *log entry* is a plain dict ``{"version", "type", "seat", "data", "command", "recorded_at"}``;
``Games`` builds them from stored events, and ``import`` reads them from a record.

* ``domain/platform/replay.py`` re-runs every recorded command through the rules (the audit, and the
  check of every import); this module holds what it reports (:class:`AuditReport`).
* :func:`chain` / :func:`verify_chain` give each exported entry the SHA-256 of the entry before it
  (``hash = sha256(prev_hash + canonical_json(entry))``, the first ``prev_hash`` being 64 zeros),
  so changing, dropping or reordering any event breaks every hash after it.
* :func:`signed_message` is what a service signs (Ed25519, ``service/signing.py``): the record's
  format, its game id, its head hash, and whose view it is, so neither the chain nor the game it
  names can be swapped under a signature.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.common.i18n import NP_

from ..common.errors import RecordError

RECORD_FORMAT = "chronicle-game-record/1"
GENESIS = "0" * 64
HASHED_FIELDS = ("version", "type", "seat", "data", "command", "recorded_at")
#: platform event types (no title decides them); each one that can start a batch needs its rule
#: in ``platform/meta.py`` ``META_RULES``, or every audit of a log holding it reports a mismatch
META_TYPES = frozenset(
    {
        "GameCreated",
        "UndoRequested",
        "UndoAccepted",
        "UndoRejected",
        "UndoApplied",
        # the platform's clocks and seats (domain/platform/clocks.py)
        "ClockReminder",
        "ClockExpired",
        "SeatReclaimed",
        "VacationStarted",
    }
)
#: a record's ``kind``: everything (``verify`` and import need it), or one viewer's view
FULL, VIEW = "full", "view"


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys, no spaces): what the hash chain and the
    idempotency hash are taken over."""
    return _CANONICAL.encode(value)


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
            raise RecordError(
                "record_invalid",
                reason=NP_("error part", "event {index} is not an object"),
                index=i,
            )
        if entry.get("version") != i:
            raise RecordError(
                "record_tampered",
                version=i,
                reason=NP_("error part", "expected version {version}, found {found}"),
                found=repr(entry.get("version")),
            )
        if entry.get("prev_hash") != prev:
            raise RecordError(
                "record_tampered",
                version=i,
                reason=NP_(
                    "error part", "its prev_hash does not match the hash of the event before"
                ),
            )
        h = entry_hash(prev, entry)
        if entry.get("hash") != h:
            raise RecordError(
                "record_tampered",
                version=i,
                reason=NP_("error part", "its hash does not match its contents"),
            )
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
        return {
            "version": self.version,
            "seat": self.seat,
            "move": self.move,
            "difference": self.difference,
            "expected": self.expected,
            "recorded": self.recorded,
        }


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
        out = {
            "ok": self.ok,
            "checked": self.checked,
            "rules_version": self.rules_version,
            "mismatches": [m.as_dict() for m in self.mismatches],
        }
        if detail:
            out["steps"] = self.steps
        return out


def record_seed(segment: Mapping[str, Any]) -> int | None:
    """A seed segment's seed as an integer: records may carry it as a number or, for
    JavaScript's sake, as decimal digits (``seed_str``, which wins when both are there)."""
    seed = segment.get("seed_str") or segment.get("seed")
    if seed is None:
        return None
    if (
        isinstance(seed, bool)
        or not isinstance(seed, (int, str))
        or (isinstance(seed, str) and not (seed.isascii() and seed.isdigit()))
    ):
        raise ValueError("a seed must be a whole number or its decimal digits")
    return int(seed)


def seed_for(seeds: Sequence[Mapping[str, Any]], version: int) -> int | None:
    seed = None
    for segment in seeds:
        if segment["from"] <= version:
            seed = record_seed(segment)
    return seed


def signed_message(game_id: str, head: str, kind: str, viewer: int | None) -> bytes:
    """The bytes a record's signature covers."""
    return canonical(
        {"format": RECORD_FORMAT, "game": game_id, "head": head, "kind": kind, "viewer": viewer}
    ).encode("utf-8")
