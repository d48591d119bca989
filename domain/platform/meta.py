"""The platform's own rules: the events a game's log holds that no title decides.

A title decides moves; the platform decides undo requests and their answers (and, as they come,
other platform events: clocks, vacations). Each meta event type that can start a batch has an
entry in :data:`META_RULES`: given the game as it stood, a :class:`Book` of its history, the
seat that acted and the data of the batch's first event (the request's parameters), it returns
the facts the platform makes, or raises the ``DomainError`` with which it refuses.

The live service (``platform/rewind.py``) and every audit and import (``platform/replay.py``) call
the same functions, so a record is accepted only if the platform would have made exactly its
meta events. A meta type without an entry here cannot be checked, and an audit reports it as a
mismatch (fail closed): a new platform event type must register its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from domain.common.i18n import NP_

from ..common.errors import GameOver, RuleViolation, UndoError
from . import dropping
from .clocks import CLOCK_RULES

#: a fact the platform makes: (type, seat, data)
MetaFact = tuple[str, int, dict]


class Book(Protocol):
    """What the platform's rules need to know of a game's history besides its state."""

    def consent_needed(self, version: int) -> set[int]:
        """Seats an undo back to ``version`` must ask: those that moved (not undone) since,
        or every seat once an event since revealed something (the title's ``reveals``)."""

    def check_boundary(self, version: int) -> None:
        """Raise ``UndoError("not_a_move_boundary")`` if ``version`` falls inside a move."""


def names(game: Any, seats: Iterable[int]) -> str:
    listed = [game.players[s] for s in seats]
    if len(listed) <= 1:
        return "".join(listed) or "nobody"
    return ", ".join(listed[:-1]) + " and " + listed[-1]


def check_open(game: Any) -> None:
    """Moves and new undo requests need a game that is not over (by its rules, or ended by the
    platform when a clock ran out: adjudicated, or every opponent dropped) and has no open
    undo."""
    if game.rules.status(game.state).finished or getattr(game, "adjudicated", None):
        raise GameOver()
    if game.pending_undo:
        raise RuleViolation(
            "undo_pending",
            to_version=game.pending_undo["to_version"],
            waiting=names(game, game.pending_undo["waiting"]),
        )


def check_seat(game: Any, seat: Any) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(game.players):
        raise UndoError("undo_not_asked", seat_name=f"seat {seat!r}", request_id=None)


def undo_request(game: Any, book: Book, seat: int, to_version: Any) -> list[MetaFact]:
    """Seat ``seat`` asks to take the game back to ``to_version`` (api.md "Undo"): applied at
    once when no other seat's consent is needed, else a request waiting for those seats. A
    dropped seat (``domain/platform/dropping.py``) neither asks nor is asked: its zombie's moves are
    the platform's."""
    check_seat(game, seat)
    check_open(game)
    if dropping.is_dropped(game, seat):
        raise RuleViolation("seat_dropped", seat_name=game.players[seat])
    if (
        isinstance(to_version, bool)
        or not isinstance(to_version, int)
        or not 1 <= to_version < game.version
        or game.is_undone(to_version)
    ):
        raise UndoError(
            to_version=to_version,
            reason=NP_(
                "error part",
                "it must be an earlier version of the game as it now stands (1 to {latest}, not "
                "undone)",
            ),
            latest=game.version - 1,
        )
    book.check_boundary(to_version)
    gone = set(dropping.dropped(game))
    waiting = sorted(s for s in book.consent_needed(to_version) if s != seat and s not in gone)
    if not waiting:
        return [("UndoApplied", seat, {"to_version": to_version, "by": seat, "request_id": None})]
    return [("UndoRequested", seat, {"to_version": to_version, "by": seat, "waiting": waiting})]


def undo_answer(game: Any, seat: int, request_id: Any, accept: bool) -> list[MetaFact]:
    """Seat ``seat`` accepts or rejects the pending undo request ``request_id``; the last
    acceptance applies it."""
    check_seat(game, seat)
    pending = game.pending_undo
    if not pending or pending["request_id"] != request_id:
        raise UndoError("undo_request_not_found", request_id=request_id)
    if accept:
        if seat not in pending["waiting"]:
            raise UndoError("undo_not_asked", seat_name=game.players[seat], request_id=request_id)
        facts = [("UndoAccepted", seat, {"request_id": request_id, "seat": seat})]
        if set(pending["waiting"]) == {seat}:
            facts.append(
                (
                    "UndoApplied",
                    seat,
                    {
                        "to_version": pending["to_version"],
                        "by": pending["by"],
                        "request_id": request_id,
                    },
                )
            )
        return facts
    if seat not in pending["waiting"] and seat != pending["by"]:
        raise UndoError("undo_not_asked", seat_name=game.players[seat], request_id=request_id)
    return [("UndoRejected", seat, {"request_id": request_id, "seat": seat})]


def _field(data: Any, key: str) -> Any:
    return data.get(key) if isinstance(data, dict) else None


MetaRule = Callable[[Any, Book, int, Any], list[MetaFact]]

#: the platform's rule for each meta event type that starts a batch, given the first event's
#: data (the request's parameters); ``GameCreated`` is checked by the set-up, never here
META_RULES: dict[str, MetaRule] = {
    "UndoRequested": lambda game, book, seat, data: undo_request(
        game, book, seat, _field(data, "to_version")
    ),
    "UndoApplied": lambda game, book, seat, data: undo_request(
        game, book, seat, _field(data, "to_version")
    ),
    "UndoAccepted": lambda game, book, seat, data: undo_answer(
        game, seat, _field(data, "request_id"), True
    ),
    "UndoRejected": lambda game, book, seat, data: undo_answer(
        game, seat, _field(data, "request_id"), False
    ),
    **CLOCK_RULES,
}
