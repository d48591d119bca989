"""Audits and game records of stored games: the ``Games`` side of ``domain/records.py``.

A mixin of :class:`~domain.application.Games`. ``audit`` re-runs every recorded command under
the game's rules (or the current ones, for ``verify --all``); ``export`` gives the hash-chained
record with hidden parts and unrevealed seeds left out; ``import_record`` verifies the chain,
audits the record under its rules and only then stores it as a new game.
"""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from . import registry
from .common.errors import DomainError, GameNotFound, RecordError
from .common.rng import seed_hash
from .game import Created, GameEvent, public_command
from .records import RECORD_FORMAT, AuditReport, audit_log, chain, record_seed, verify_chain


def log_entry(event: GameEvent) -> dict:
    return {"version": event.originator_version, "type": event.type, "seat": event.seat,
            "data": event.data, "command": event.command,
            "recorded_at": event.timestamp.isoformat()}


class Archive:
    """Audit, export and import (api.md "Rewinding, branching, auditing")."""

    def log_entries(self, game_id: uuid.UUID) -> list[dict]:
        """The stored log as plain entries (what ``records.audit_log`` re-runs)."""
        return [log_entry(e) for e in self.stored_events(game_id)]

    def audit(self, game_id: uuid.UUID, current_rules: bool = False,
              detail: bool = False, viewer: int | None = None) -> AuditReport:
        """Re-run every recorded command under the game's rules (or the current ones).

        Reads the log once: the title, rules version and players come from its first event
        (not from loading the game, which would replay every event a second time). The
        detailed steps show each event as ``viewer`` may see it."""
        entries = self.log_entries(game_id)
        if not entries or entries[0]["type"] != "GameCreated":
            raise GameNotFound(game=str(game_id))
        created = entries[0]["data"]
        title = created["title"]
        rules = (registry.current(title) if current_rules
                 else registry.get(title, created["rules_version"]))
        view = (viewer, True)
        if detail:
            game = self.get_game(game_id)
            view = (viewer, game.rules.status(game.state).finished)
        return audit_log(entries, rules, detail=detail, names=list(created["players"]),
                         view=view)

    def export(self, game_id: uuid.UUID) -> dict:
        """The full record, hash-chained; hidden parts and unrevealed seeds are left out."""
        game = self.get_game(game_id)
        finished = game.rules.status(game.state).finished
        entries = [{**log_entry(e), "data": self.event_data(game, e, None, finished),
                    "command": public_command(e.command, None, finished,
                                              game.rules.seal_move)}
                   for e in self.stored_events(game_id)]
        chained = chain(entries)
        for e in chained:
            e["undone"] = game.is_undone(e["version"])
        return {"format": RECORD_FORMAT, "game": self.summary(game),
                "events": chained, "head": chained[-1]["hash"] if chained else None}

    def import_record(self, record: Any) -> Created:
        """Verify a record's hash chain, audit it under its rules, then store it as a new game."""
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise RecordError("record_invalid", reason=f"'format' must be '{RECORD_FORMAT}'")
        entries = record.get("events")
        if not isinstance(entries, list) or not entries:
            raise RecordError("record_invalid", reason="'events' must be a non-empty list")
        head = verify_chain(entries)
        if record.get("head") not in (None, head):
            raise RecordError("record_tampered", version=len(entries),
                              reason="the head hash does not match the last event")
        created = entries[0]
        if created.get("type") != "GameCreated" or not isinstance(created.get("data"), dict):
            raise RecordError("record_invalid", reason="the first event must be GameCreated")
        data = created["data"]
        try:
            rules = registry.get(data["title"], data["rules_version"])
            seeds = [{"from": int(s["from"]), "seed": record_seed(s), "hash": s["hash"],
                      "origin": s.get("origin")} for s in data["seeds"]]
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError("record_invalid", reason=f"GameCreated lacks {err}") from None
        for s in seeds:
            if s["seed"] is None:
                raise RecordError("record_incomplete",
                                  reason="its seed is still private (it was exported while the "
                                         "game was being played); import it after the game ends")
            if seed_hash(s["seed"]) != s["hash"]:
                raise RecordError("record_tampered", version=1,
                                  reason="a seed does not match its published hash")
        try:
            report = audit_log(entries, rules)
        except DomainError:
            raise
        except Exception as err:  # a hand-edited record can break the rules' assumptions
            raise RecordError("record_invalid", reason=f"it cannot be replayed ({err})") from None
        if not report.ok:
            first = report.mismatches[0]
            raise RecordError("record_audit_failed", count=len(report.mismatches),
                              version=first.version, mismatches=[m.as_dict()
                                                                 for m in report.mismatches[:5]])
        new_id = uuid.uuid4()
        new_data = {**data, "seeds": seeds,
                    "imported_from": record.get("game", {}).get("id") if isinstance(
                        record.get("game"), dict) else None}
        later = [{"type": e["type"], "seat": e.get("seat"), "data": e.get("data") or {},
                  "command": e.get("command")} for e in entries[1:]]
        try:
            stamps = [datetime.fromisoformat(e["recorded_at"]) for e in entries]
        except (KeyError, TypeError, ValueError):
            stamps = None
        return self._start(new_id, new_data, later, stamps)
