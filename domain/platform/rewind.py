"""Taking a game back and branching it: undo with consent, forks, move boundaries.

A service of :class:`~.application.Games` (it uses the repository's locks, cache and
store). Undo never deletes: ``UndoApplied`` is appended and the state is derived from the
effective history (``platform/game.py``). Forks copy the first N events into a new stream that
names its parent; a fork of an unseeded game draws from a fresh seed after N, so it never
previews the parent's future.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from ..common.errors import RuleViolation, UndoError, VersionNotFound
from ..common.rng import Rng, new_seed, seed_hash
from ..common.visibility import has_hidden
from . import meta
from .game import Created, Game, GameEvent, meta_events, public_command
from .records import META_TYPES

if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .repository import GameRepository
    from .shapes import PendingUndo


class _LiveBook:
    """The history the platform's undo rule asks about, read from the store (``meta.Book``)."""

    def __init__(self, games: Rewinding, game: Game) -> None:
        self.games, self.game = games, game

    def consent_needed(self, version: int) -> set[int]:
        return self.games._consent_needed(self.game, version)

    def check_boundary(self, version: int) -> None:
        self.games.check_move_boundary(self.game.id, version)


class Rewinding:
    """Undo with consent and forks (api.md "Rewinding, branching, auditing")."""

    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    def request_undo(self, game_id: uuid.UUID, seat: int, to_version: int) -> dict:
        """Ask to take the game back to ``to_version``; applied at once if nobody else acted
        (the platform's rule, ``meta.undo_request``)."""
        with self.repo.lock(game_id):
            game = self.repo.current(game_id)
            facts = meta.undo_request(game, _LiveBook(self, game), seat, to_version)
            events = meta_events(game, facts)
            self.repo.append(game, events)
            if facts[0][0] == "UndoApplied":
                return {
                    "status": "applied",
                    "request_id": None,
                    "to_version": to_version,
                    "waiting": [],
                    "version": game.version,
                }
            return {
                "status": "pending",
                "request_id": events[0].originator_version,
                "to_version": to_version,
                "waiting": facts[0][2]["waiting"],
                "version": game.version,
            }

    def answer_undo(self, game_id: uuid.UUID, seat: int, request_id: int, accept: bool) -> dict:
        with self.repo.lock(game_id):
            game = self.repo.current(game_id)
            pending = cast("PendingUndo", game.pending_undo)  # undo_answer refuses without one
            events = meta_events(game, meta.undo_answer(game, seat, request_id, accept))
            self.repo.append(game, events)
            status = (
                "applied"
                if game.pending_undo is None and accept
                else "rejected"
                if not accept
                else "pending"
            )
            return {
                "status": status,
                "request_id": request_id,
                "to_version": pending["to_version"],
                "waiting": list(game.pending_undo["waiting"]) if game.pending_undo else [],
                "version": game.version,
            }

    def _consent_needed(self, game: Game, version: int) -> set[int]:
        """The seats an undo back to ``version`` must ask: every seat that moved since, and
        every seat at all once an event since revealed something (a round card, a card
        drawn: the title's ``reveals``), so nobody can look at a draw and take it back."""
        seats: set[int] = set()
        rules = game.rules
        for event in self.repo.stored_events(game.id, after=version):
            if game.is_undone(event.originator_version):
                continue
            if event.command and "move" in event.command:
                seats.add(event.command["seat"])
            if event.type not in META_TYPES and rules.reveals(event):
                return set(range(len(game.players)))
        return seats

    def check_move_boundary(self, game_id: uuid.UUID, version: int) -> None:
        """Refuse ``version`` if it falls inside the events of one move.

        The events of one move (a worker placed, then everything that follows automatically)
        are one decision; a game cut inside them would wait for nobody.
        """
        following = self.repo.stored_events(game_id, after=version, limit=1)
        if following and following[0].command is None:
            # the move's first event carries its command and the number of events it made
            earlier = cast(
                "Iterator[GameEvent]",
                self.repo.guard(self.repo.events.get, game_id, lte=version, desc=True),
            )
            start = next(e for e in earlier if e.command is not None)
            first = start.originator_version
            last = first + int((start.command or {}).get("count", 1)) - 1
            raise UndoError(
                "not_a_move_boundary", version=version, first=first, last=last, before=first - 1
            )

    # ------------------------------------------------------------------ forks
    def fork(
        self, game_id: uuid.UUID, version: int, seat: int | None = None, seed: int | None = None
    ) -> Created:
        """A new game whose history is this game's first ``version`` events. A seat's fork of
        a game that still hides something is "what if, from my seat" (:meth:`seat_fork`).
        ``seed`` (default: a fresh private one) draws what the fork draws anew: an analysis
        kept as a branch (``service/web/analysis.py``) passes the seed it was played with, so
        the branch deals and draws what the analysis did."""
        source = self.repo.get_game(game_id)
        if not 1 <= version <= source.version:
            raise VersionNotFound(game=str(game_id), version=version, current=source.version)
        self.check_move_boundary(game_id, version)
        events = self.repo.stored_events(game_id, limit=version)
        hidden = not source.rules.status(source.state).finished and any(
            has_hidden(e.data) for e in events
        )
        if hidden and seat is not None:
            return self.seat_fork(source, events, version, seat, seed)
        if hidden:
            # the fork's new tokens would show every seat's private data (a seeded game's
            # too: its hands can be computed, but a fork must not hand them out either)
            raise RuleViolation("fork_reveals_hidden", game=str(game_id), version=version)
        first = events[0]
        data = copy.deepcopy(first.data)
        new_id = uuid.uuid4()
        data["parent"] = {"game": str(game_id), "version": version}
        if data.get("clock"):
            # the fork's clocks start now, at its fork point (``clocks.new_clocks``)
            data["parent"]["clocks_from"] = GameEvent.create_timestamp().timestamp()
        if not source.seeded:
            # fresh draws from here on, so a fork never previews the parent's future
            seed = new_seed() if seed is None else int(seed)
            data["seeds"].append(
                {"from": version, "seed": seed, "hash": seed_hash(seed), "origin": str(new_id)}
            )
        later = [
            {
                "type": e.type,
                "seat": e.seat,
                "data": e.data,
                "command": public_command(e.command, None, True),
            }
            for e in events[1:]
        ]
        return self.repo.start(new_id, data, later, [e.timestamp for e in events])

    def seat_fork(
        self,
        source: Game,
        events: list[GameEvent],
        version: int,
        seat: int,
        seed: int | None = None,
    ) -> Created:
        """ "What if, from my seat": a new game that starts from the state at ``version`` as
        ``seat`` knows it, with what it could not see drawn anew from a fresh seed (the title's
        ``fork_view``). Its history is that one starting position; its summary says so."""
        state = self.repo.game_at(source.id, version).state
        seed = new_seed() if seed is None else int(seed)
        view = source.rules.fork_view(state, seat, Rng(seed))
        if view is None:
            raise RuleViolation("fork_reveals_hidden", game=str(source.id), version=version)
        new_id = uuid.uuid4()
        data = copy.deepcopy(events[0].data)
        data["parent"] = {"game": str(source.id), "version": version, "seat": seat, "redealt": True}
        data["seeded"] = False
        data["seeds"] = [{"from": 0, "seed": seed, "hash": seed_hash(seed), "origin": str(new_id)}]
        data["setup"] = [{"type": "StateRestored", "seat": None, "data": {"state": view}}]
        return self.repo.start(new_id, data, [])
