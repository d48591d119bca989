"""``Chats``: the chat decisions stored in the games' event store, beside the games.

It shares the ``Games`` application's store (its recorder and after-save hooks). A chat is small
(a line per message) and folded from its stream on each use. The game is read only for the
facts a decision needs (its seats, which are dropped or bots, whether it is over), never for
its state: a chat carries nothing of the game.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.persistence import IntegrityError

from domain.common.errors import ConcurrentWrite
from domain.platform import dropping
from domain.platform.application import Games
from domain.platform.game import is_over

from .errors import ChatNotFound, forbidden
from .model import (
    Chat,
    ChatEvent,
    Sender,
    Table,
    chat_stream,
    decide_hide,
    decide_mute,
    decide_post,
    decide_report,
    evolve,
    fold,
    served,
    visible,
    withdrawn,
)
from .moderators import MODERATORS_STREAM, decide_moderator, moderators_of

MAX_ATTEMPTS = 5


def table_of(game: Any) -> Table:
    """The facts of ``game`` a chat decision needs."""
    return Table(
        players=list(game.players),
        game=str(game.id),
        dropped=frozenset(dropping.dropped(game)),
        bots=frozenset(int(s) for s in (game.bots or {})),
        finished=is_over(game),
    )


class Chats:
    """Post, read, mute, report and hide chat messages of games stored in ``games``."""

    def __init__(self, games: Games) -> None:
        self.games = games

    # -- reading ---------------------------------------------------------------------------------
    def chat(self, game_id: uuid.UUID) -> Chat:
        events = self.games.repo.guard(self.games.events.get, chat_stream(game_id))
        return fold(list(events))

    def since(self, game_id: uuid.UUID, viewer: int | None, after: int = 0) -> dict:
        """What ``viewer`` may read of the chat after version ``after``: ``{"version",
        "messages", "hidden"}`` (``hidden``: ids of messages hidden since, to remove)."""
        game = self.games.get_game(game_id)  # GameNotFound first
        chat = self.chat(game_id)
        finished = is_over(game)
        return view(chat, viewer, finished, after)

    # -- deciding --------------------------------------------------------------------------------
    def post(self, game_id: uuid.UUID, sender: Sender, room: str, text: str | None) -> dict:
        """Post a message; returns it as stored (``id`` is its version in the chat)."""
        table = table_of(self.games.get_game(game_id))
        stream = chat_stream(game_id)
        event = self._decide(game_id, lambda c: decide_post(c, stream, table, sender, room, text))
        assert event is not None
        chat = Chat()
        chat.version = event.originator_version - 1
        evolve(chat, event)
        return chat.messages[event.originator_version]

    def mute(self, game_id: uuid.UUID, seat: int, muted: int, on: bool = True) -> bool:
        """``seat`` mutes (or unmutes) ``muted`` for itself; whether anything changed."""
        table = table_of(self.games.get_game(game_id))
        stream = chat_stream(game_id)
        return (
            self._decide(game_id, lambda c: decide_mute(c, stream, table, seat, muted, on))
            is not None
        )

    def mutes(self, game_id: uuid.UUID, seat: int) -> list[int]:
        return sorted(self.chat(game_id).mutes.get(seat, set()))

    def report(
        self,
        game_id: uuid.UUID,
        message: int,
        seat: int | None,
        account: str | None,
        reason: str = "",
    ) -> int:
        """Report a message the reporter may read to the moderators; the report's version."""
        game = self.games.get_game(game_id)
        finished = is_over(game)
        stream = chat_stream(game_id)

        def decide(chat: Chat) -> ChatEvent:
            event = decide_report(chat, stream, message, seat, account, reason)
            if message not in {m["id"] for m in visible(chat, seat, finished)}:
                raise ChatNotFound("chat_message_not_found", message=message)
            return event

        event = self._decide(game_id, decide)
        assert event is not None
        return event.originator_version

    def hide(
        self,
        game_id: uuid.UUID,
        message: int,
        moderator: str | None,
        reason: str = "",
        on: bool = True,
    ) -> bool:
        """A moderator (None: the operator, from the command line) hides (or shows again) a
        message; whether anything changed."""
        if moderator is not None and moderator not in self.moderators():
            raise forbidden("chat_not_moderator")
        self.games.get_game(game_id)
        stream = chat_stream(game_id)
        by = moderator or "operator"
        return (
            self._decide(game_id, lambda c: decide_hide(c, stream, message, by, reason, on))
            is not None
        )

    def reports(self, game_id: uuid.UUID) -> list[dict]:
        chat = self.chat(game_id)
        return [
            {
                **r,
                "text": chat.messages[r["message"]]["text"],
                "hidden": r["message"] in chat.hidden,
            }
            for r in chat.reports
        ]

    # -- moderators ------------------------------------------------------------------------------
    def moderators(self) -> list[str]:
        return moderators_of(list(self.games.repo.guard(self.games.events.get, MODERATORS_STREAM)))

    def set_moderator(self, name: str, on: bool) -> bool:
        for _ in range(MAX_ATTEMPTS):
            events = list(self.games.repo.guard(self.games.events.get, MODERATORS_STREAM))
            event = decide_moderator(events, name, on)
            if event is None:
                return False
            try:
                self.games.repo.store([event])
            except IntegrityError:
                continue
            return True
        raise ConcurrentWrite(current=0)

    def _decide(
        self, game_id: uuid.UUID, decide: Callable[[Chat], ChatEvent | None]
    ) -> ChatEvent | None:
        for _ in range(MAX_ATTEMPTS):
            event = decide(self.chat(game_id))
            if event is None:
                return None
            try:
                self.games.repo.store([event])
            except IntegrityError:
                continue  # another message was saved first: decide again
            return event
        raise ConcurrentWrite(current=0)


def view(chat: Chat, viewer: int | None, finished: bool, after: int = 0) -> dict:
    """One viewer's part of ``chat`` after version ``after``."""
    return {
        "version": chat.version,
        "messages": [served(m) for m in visible(chat, viewer, finished, after)],
        "hidden": withdrawn(chat, after) if after else [],
    }
