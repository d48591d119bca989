"""What the service shows of a stored game: the summary, events with their sentences, and the
seed segments as far as they are revealed.

A mixin of :class:`~domain.application.Games`. Title data leaves only through the title's
``view``/``redact_event`` and :func:`~domain.common.visibility.redact`; the summary is public by
construction.
"""
from __future__ import annotations

import uuid

from . import registry
from .common.errors import DomainError
from .common.visibility import redact
from .game import META_TYPES, Game, GameEvent


class Presentation:
    """Summaries and readable events."""

    def summary(self, game: Game) -> dict:
        """The game summary of the API contract (public: nothing hidden in it)."""
        rules = game.rules
        status = rules.status(game.state)
        seeds = self.revealed_seeds(game)
        own = seeds[-1]
        out = {"id": str(game.id), "title": game.title, "variant": game.variant,
               "rules_version": game.rules_version,
               "status": "finished" if status.finished else "active",
               "version": game.version, "round": status.round, "phase": status.phase,
               "to_act": [] if status.finished or game.pending_undo else list(status.to_act),
               "players": [{"seat": i, "name": n} for i, n in enumerate(game.players)],
               "options": game.options, "parent": game.parent, "seeded": game.seeded,
               "seed_hash": own["hash"], "seed": own["seed"], "seeds": seeds,
               "created_at": game.created_at, "updated_at": game.updated_at,
               "undo_request": self._undo_view(game)}
        if game.imported_from:
            out["imported_from"] = game.imported_from
        if status.finished:
            sheet = rules.score_sheet(game.state)
            out["winners"] = sheet.get("winners", [])
        return out

    @staticmethod
    def _undo_view(game: Game) -> dict | None:
        p = game.pending_undo
        if not p:
            return None
        return {"request_id": p["request_id"], "by": p["by"], "to_version": p["to_version"],
                "waiting": list(p["waiting"]), "accepted": list(p["accepted"])}

    def event_view(self, game: Game, event: GameEvent, viewer: int | None,
                   finished: bool | None = None) -> dict:
        """One stored event as ``viewer`` may see it, with its sentence."""
        rules = game.rules
        if finished is None:
            finished = rules.status(game.state).finished
        if event.type == "GameCreated":
            data = {k: v for k, v in event.data.items() if k not in ("seeds", "setup")}
            data["seeds"] = self.revealed_seeds(game)
            data["setup"] = [{**f, "data": redact(f.get("data"), viewer, finished)}
                             for f in event.data.get("setup", [])]
            text = self._created_text(game, event)
        elif event.type in META_TYPES:
            data = event.data
            text = self._meta_text(game, event)
        else:
            data = rules.redact_event(event, viewer, finished)
            text = rules.describe(event, game.players)
        out = {"version": event.originator_version, "type": event.type, "seat": event.seat,
               "recorded_at": event.timestamp.isoformat(), "data": data, "text": text,
               "undone": game.is_undone(event.originator_version)}
        if event.command and "move" in event.command:
            out["move"] = redact(event.command["move"], viewer, finished)
        if event.type not in META_TYPES:
            out["rule"] = rules.rule_of(event)
        return out

    def _created_text(self, game: Game, event: GameEvent) -> str:
        d = event.data
        rules = registry.get(d["title"], d["rules_version"])
        names = self._names(game, range(len(d["players"])))
        text = (f"{names} sit down to a game of {rules.display_name or rules.name} "
                f"({d['variant']}).")
        if d.get("parent"):
            text += f" It is a fork of game {d['parent']['game']} at version {d['parent']['version']}."
        return text

    def _meta_text(self, game: Game, event: GameEvent) -> str:
        d, names = event.data, game.players
        if event.type == "UndoRequested":
            return (f"{names[d['by']]} asks to take the game back to version {d['to_version']}; "
                    f"waiting for {self._names(game, d['waiting'])}.")
        if event.type == "UndoAccepted":
            return f"{names[d['seat']]} accepts the undo."
        if event.type == "UndoRejected":
            return f"{names[d['seat']]} rejects the undo."
        if event.type == "UndoApplied":
            return f"The game is taken back to version {d['to_version']} ({names[d['by']]} asked)."
        return event.type

    def revealed_seeds(self, game: Game) -> list[dict]:
        """Seed segments as the public may see them: a seed is shown once the game that drew
        it is over (a fork's inherited segment waits for its parent), or if it was given."""
        finished = game.rules.status(game.state).finished
        out = []
        for segment in game.seeds:
            shown = game.seeded
            if not shown and finished:
                origin = segment.get("origin")
                shown = origin == str(game.id) or self._origin_finished(origin)
            entry = {"from": segment["from"], "hash": segment["hash"],
                     "origin": segment.get("origin")}
            entry["seed"] = segment["seed"] if shown else None
            out.append(entry)
        return out

    def _origin_finished(self, origin: str | None) -> bool:
        if not origin:
            return False
        try:
            other = self.get_game(uuid.UUID(origin))
        except (DomainError, ValueError):
            return False
        return other.rules.status(other.state).finished
