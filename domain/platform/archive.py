"""Audits and game records of stored games: the ``Games`` side of ``domain/platform/records.py``.

A service of :class:`~.application.Games`. ``audit`` re-runs every recorded command under
the game's rules (or the current ones, for ``verify --all``); ``export`` gives the hash-chained
record with hidden parts and unrevealed seeds left out; ``import_record`` verifies the chain,
replays the record through its rules and only then stores it as a new game.

Records are signed when the application has a ``signer`` (``service/signing.py`` gives one:
``sign(message) -> signature`` and ``check(signature, message) -> (signed_by, key) | None``,
None for a signature that does not hold); ``domain/`` itself holds no key.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..chat.model import chat_stream, served, visible
from ..chat.model import fold as fold_chat
from ..common.errors import DomainError, GameNotFound, NotFound, RecordError
from ..common.rng import Rng, seed_hash
from . import registry
from .game import Created, Game, GameEvent, is_over, public_command
from .records import (
    FULL,
    GENESIS,
    RECORD_FORMAT,
    VIEW,
    AuditReport,
    chain,
    jsonclean,
    record_seed,
    seed_for,
    signed_message,
    verify_chain,
)
from .replay import audit_log, replay_log

if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .presentation import Presentation
    from .repository import GameRepository


def log_entry(event: GameEvent) -> dict:
    return {
        "version": event.originator_version,
        "type": event.type,
        "seat": event.seat,
        "data": event.data,
        "command": event.command,
        "recorded_at": event.timestamp.isoformat(),
    }


class Archive:
    """Audit, export and import (api.md "Rewinding, branching, auditing")."""

    def __init__(self, repo: GameRepository, presentation: Presentation) -> None:
        self.repo, self.presentation = repo, presentation
        #: signs exported records (``service/signing.py``; set by the service, None in tests)
        self.signer: Any = None

    def log_entries(self, game_id: uuid.UUID) -> list[dict]:
        """The stored log as plain entries (what ``records.audit_log`` re-runs)."""
        return [log_entry(e) for e in self.repo.stored_events(game_id)]

    def audit(
        self,
        game_id: uuid.UUID,
        current_rules: bool = False,
        detail: bool = False,
        viewer: int | None = None,
    ) -> AuditReport:
        """Re-run every recorded command under the game's rules (or the current ones).

        Reads the log once: the title, rules version and players come from its first event
        (not from loading the game, which would replay every event a second time). The
        detailed steps show each event as ``viewer`` may see it."""
        entries = self.log_entries(game_id)
        if not entries or entries[0]["type"] != "GameCreated":
            raise GameNotFound(game=str(game_id))
        created = entries[0]["data"]
        title = created["title"]
        rules = (
            registry.current(title)
            if current_rules
            else registry.get(title, created["rules_version"])
        )
        view = (viewer, True)
        if detail:
            game = self.repo.get_game(game_id)
            view = (viewer, is_over(game))
        return audit_log(entries, rules, detail=detail, names=list(created["players"]), view=view)

    def export(self, game_id: uuid.UUID, viewer: int | None = None, full: bool = False) -> dict:
        """The game's hash-chained, signed record.

        Once the game is over (by its rules, or ended by the platform when a clock ran out),
        and for an operator (``full``) at any time, the record is ``full``: every event as
        stored, every seed (what an import or ``verify`` needs).
        While it is played anyone else gets a ``view``: what ``viewer`` (a seat, or None for
        the public) may see, saying for whom it was made."""
        game = self.repo.get_game(game_id)
        finished = is_over(game)  # by the rules, or ended by the platform (a clock ran out)
        kind = FULL if finished or full else VIEW
        entries = [
            self._record_entry(game, e, viewer, finished, full and not finished)
            for e in self.repo.stored_events(game_id)
        ]
        chained = chain(entries)
        for e in chained:
            e["undone"] = game.is_undone(e["version"])
        head = chained[-1]["hash"] if chained else GENESIS
        shown = None if kind == FULL else viewer
        record = {
            "format": RECORD_FORMAT,
            "kind": kind,
            "viewer": shown,
            "game": self.presentation.summary(game),
            "events": chained,
            "head": head,
            "chat": self._chat_record(game_id, viewer, finished),
        }
        signer = self.signer
        if signer is not None:
            record["signature"] = signer.sign(signed_message(str(game.id), head, kind, shown))
        return record

    def _chat_record(self, game_id: uuid.UUID, viewer: int | None, finished: bool) -> dict:
        """The game's chat as ``viewer`` may read it (``domain/chat``), beside the chained
        events: it is not part of the game, so the hash chain and signature leave it out and an
        import starts the new game with an empty chat."""
        chat = fold_chat(list(self.repo.events.get(chat_stream(game_id))))
        return {
            "version": chat.version,
            "messages": [served(m) for m in visible(chat, viewer, finished)],
        }

    def _record_entry(
        self, game: Game, event: GameEvent, viewer: int | None, finished: bool, raw: bool
    ) -> dict:
        entry = log_entry(event)
        if raw:  # an operator's full record of a game still being played: everything
            if event.type == "GameCreated":
                entry["data"] = {
                    **event.data,
                    "seeds": [{**s, "seed_str": str(s["seed"])} for s in event.data["seeds"]],
                }
            entry["command"] = public_command(event.command, None, True, game.rules.seal_move)
            return entry
        entry["data"] = self.presentation.event_data(game, event, viewer, finished)
        entry["command"] = public_command(event.command, viewer, finished, game.rules.seal_move)
        return entry

    def import_record(self, record: Any) -> Created:
        """Check a full record (chain, signature, then every command through the rules) and
        only then store it as a new game; its summary says who signed it."""
        entries, kind = _record_events(record)
        head = verify_chain(entries)
        if record.get("head") not in (None, head):
            raise RecordError(
                "record_tampered",
                version=len(entries),
                reason="the head hash does not match the last event",
            )
        if kind == VIEW:
            raise RecordError(
                "record_incomplete",
                reason=_view_missing(record.get("viewer")),
                kind=VIEW,
                viewer=record.get("viewer"),
                missing=["the seed", "the hidden parts of other seats"],
            )
        provenance = self._provenance(record, head)
        data, rules, seeds = _created(entries)
        if (data.get("parent") or {}).get("redealt") and provenance["signed_by"] == "nobody":
            self._check_redealt_start(data, rules, seeds)
        try:
            replay = replay_log(entries, rules, first_only=True)
        except DomainError:
            raise
        except Exception as err:  # a hand-made record can break the rules' assumptions
            raise RecordError("record_invalid", reason=f"it cannot be replayed ({err})") from None
        if not replay.report.ok:
            first = replay.report.mismatches[0]
            raise RecordError(
                "record_audit_failed",
                version=first.version,
                first=first.difference,
                mismatches=[m.as_dict() for m in replay.report.mismatches[:5]],
            )
        if not data.get("seeded") and not is_over(replay.game):
            raise RecordError(
                "record_incomplete",
                reason="the game it records is not over and its seed is secret: "
                "a record of a game still being played cannot be imported",
            )
        new_data = {
            **data,
            "seeds": seeds,
            "imported_from": provenance.pop("game"),
            "provenance": provenance,
        }
        later = [
            {
                "type": e["type"],
                "seat": e.get("seat"),
                "data": e.get("data") or {},
                "command": _imported_command(e.get("command")),
            }
            for e in entries[1:]
        ]
        try:
            stamps = [datetime.fromisoformat(e["recorded_at"]) for e in entries]
        except (KeyError, TypeError, ValueError):
            stamps = None
        return self.repo.start(uuid.uuid4(), new_data, later, stamps)

    def _check_redealt_start(self, data: dict, rules: Any, seeds: list) -> None:
        """A seat's "what if" fork starts from a position no rule re-derives from the record
        alone (its parent as that seat saw it, the rest drawn anew). Unsigned, it is accepted
        only if its parent is on this service and the title's ``fork_view`` of the parent at
        that version, drawn with the fork's own seed, is exactly the recorded start."""
        parent = data["parent"]
        try:
            parent_id = uuid.UUID(str(parent["game"]))
            version, seat = int(parent["version"]), int(parent["seat"])
            setup = data["setup"]
            recorded = jsonclean(setup[0]["data"]["state"]) if len(setup) == 1 else None
        except (KeyError, TypeError, ValueError, IndexError):
            raise RecordError(
                "record_invalid", reason="its fork's parent or starting position is malformed"
            ) from None
        try:
            source = self.repo.game_at(parent_id, version)
        except NotFound:
            raise RecordError(
                "record_unverifiable",
                reason="it starts from a seat's 'what if' position of a game that is not on "
                "this service, and it is not signed by a key this service trusts",
            ) from None
        seed = seed_for(seeds, 0)
        expected = source.rules.fork_view(source.state, seat, Rng(seed)) if seed else None
        if expected is None or jsonclean(expected) != recorded:
            raise RecordError(
                "record_audit_failed",
                version=1,
                first="its starting position is not its parent's as that seat saw it, "
                "with the rest drawn from the fork's seed",
            )

    def _provenance(self, record: dict, head: str) -> dict:
        """Who signed ``record``: this service, a key the operator trusts, or nobody (the game
        id it names counts only under a signature that holds)."""
        signature = record.get("signature")
        claimed = record.get("game", {}).get("id") if isinstance(record.get("game"), dict) else None
        signer = self.signer
        if signature is None or signer is None or not isinstance(claimed, str):
            return {"signed_by": "nobody", "key": None, "game": None}
        message = signed_message(claimed, head, FULL, None)
        found = signer.check(signature, message)
        if found is None:
            raise RecordError(
                "record_tampered",
                version=len(record["events"]),
                reason="its signature does not match its head hash and game id",
            )
        signed_by, key = found
        return {
            "signed_by": signed_by,
            "key": key,
            "game": claimed if signed_by != "nobody" else None,
        }


def _view_missing(viewer: Any) -> str:
    whose = "the public's" if viewer is None else f"seat {viewer}'s"
    return (
        f"it is {whose} view of a game still being played, without the seed and what "
        "other seats hold; import the full record (the export once the game is over, or "
        "an operator's 'chronicle export')"
    )


def _record_events(record: Any) -> tuple[list, str]:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError("record_invalid", reason=f"'format' must be '{RECORD_FORMAT}'")
    entries = record.get("events")
    if not isinstance(entries, list) or not entries:
        raise RecordError("record_invalid", reason="'events' must be a non-empty list")
    kind = record.get("kind", FULL)
    if kind not in (FULL, VIEW):
        raise RecordError("record_invalid", reason=f"'kind' must be '{FULL}' or '{VIEW}'")
    return entries, kind


def _created(entries: list) -> tuple[dict, Any, list]:
    created = entries[0]
    if created.get("type") != "GameCreated" or not isinstance(created.get("data"), dict):
        raise RecordError("record_invalid", reason="the first event must be GameCreated")
    data = created["data"]
    try:
        rules = registry.get(data["title"], data["rules_version"])
        seeds = [
            {
                "from": int(s["from"]),
                "seed": record_seed(s),
                "hash": s["hash"],
                "origin": s.get("origin"),
            }
            for s in data["seeds"]
        ]
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise RecordError("record_invalid", reason=f"GameCreated lacks {err}") from None
    for s in seeds:
        if s["seed"] is None:
            raise RecordError(
                "record_incomplete",
                reason="its seed is still private (it was exported while the "
                "game was being played); import it after the game ends",
            )
        if seed_hash(s["seed"]) != s["hash"]:
            raise RecordError(
                "record_tampered", version=1, reason="a seed does not match its published hash"
            )
    data = {k: v for k, v in data.items() if k not in ("imported_from", "provenance")}
    return data, rules, seeds


def _imported_command(command: Any) -> Any:
    """A recorded command as an import stores it: no idempotency key of another game."""
    if not isinstance(command, dict):
        return command
    return {k: v for k, v in command.items() if k not in ("key", "hash")}
