"""The stream process's fan-out: it follows the store's notification log and builds, once
per step and viewer, the messages the connections of :mod:`service.stream_server` send.

One :class:`Channel` per game watched; a step reads up to :data:`BATCH` events, redacts each
for every viewer subscribed and encodes one message per viewer (:class:`Delivery`); the chat
of a game moves the same way (:class:`ChatDelivery`).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from domain.chat.app import Chats
from domain.chat.app import view as chat_view
from domain.chat.model import chat_stream
from domain.platform.application import Games
from domain.platform.game import is_over
from domain.platform.presentation import to_act_of

from .stream_messages import sse

T = TypeVar("T")

log = logging.getLogger("chronicle.stream")

RETRY_MS = 2000
#: events read for one message at most (a client far behind gets the rest in the next ones)
BATCH = 500


@dataclass(eq=False)
class Delivery:
    """What a channel hands its subscribers for one step: events ``(start, end]``, one encoded
    message per viewer, and whether the game is over."""

    start: int
    end: int
    messages: dict
    finished: bool


@dataclass(eq=False)
class ChatDelivery:
    """New chat messages ``(start, end]`` of the chat stream, one encoded ``chat`` message per
    viewer (empty bytes: nothing that viewer may read)."""

    start: int
    end: int
    messages: dict


@dataclass(eq=False)
class Subscriber:
    viewer: int | None
    sent: int
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=64))
    #: the chat version sent to it (None: it did not ask for the chat, ``?chat=N``)
    chat: int | None = None


class Channel:
    """The viewers of one game and the version they have all been sent."""

    def __init__(self, game_id: uuid.UUID, version: int) -> None:
        self.game_id = game_id
        self.version = version
        self.subscribers: set[Subscriber] = set()
        self.target = version
        self.running = False
        self.chat_version = 0
        self.chat_target = 0
        self.chat_running = False


class Fanout:
    """The follower of the notification log and the channels (see the module docstring)."""

    def __init__(self, games: Games, *, poll: float = 0.1, threads: int = 4) -> None:
        self.games = games
        self.poll = poll
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="stream")
        self.channels: dict[uuid.UUID, Channel] = {}
        #: chat stream id -> the channel of its game (games whose viewers asked for the chat)
        self.chats: dict[uuid.UUID, Channel] = {}
        self.chat_app = Chats(games)
        self.position: int | None = None
        self.delivered = 0
        self.lag_ms: list[float] = []

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    # -- following the store ----------------------------------------------------------------
    def _read_log(self) -> dict[uuid.UUID, int]:
        recorder = self.games.recorder
        if self.position is None:
            self.position = recorder.max_notification_id() or 0
            return {}
        moved: dict[uuid.UUID, int] = {}
        while True:
            batch = recorder.select_notifications(self.position + 1, 1000)
            for note in batch:
                self.position = max(self.position, note.id)
                game_id = cast(uuid.UUID, note.originator_id)  # (the games' ids are UUIDs)
                moved[game_id] = max(moved.get(game_id, 0), note.originator_version)
            if len(batch) < 1000:
                return moved

    async def follow(self) -> None:
        """Read the notification log forever; wake the channels of games that moved."""
        while True:
            try:
                moved = await self.call(self._read_log)
            except Exception as err:  # store away: keep trying, streams stay open
                log.warning("cannot read the notification log: %s", err)
                await asyncio.sleep(1.0)
                continue
            for game_id, version in moved.items():
                channel = self.channels.get(game_id)
                if channel is not None and version > channel.target:
                    channel.target = version
                    self._kick(channel)
                chat = self.chats.get(game_id)
                if chat is not None and version > chat.chat_target:
                    chat.chat_target = version
                    self._kick_chat(chat)
            await asyncio.sleep(self.poll)

    def _kick(self, channel: Channel) -> None:
        if not channel.running:
            channel.running = True
            asyncio.get_running_loop().create_task(self._advance(channel))

    async def _advance(self, channel: Channel) -> None:
        try:
            while channel.version < channel.target and channel.subscribers:
                viewers = {s.viewer for s in channel.subscribers}
                delivery = await self.call(self._step, channel.game_id, channel.version, viewers)
                if delivery is None:
                    break
                channel.version = delivery.end
                channel.target = max(channel.target, delivery.end)
                for sub in list(channel.subscribers):
                    self._offer(sub, delivery)
        except Exception:
            log.exception("stream channel %s failed", channel.game_id)
        finally:
            channel.running = False

    def _kick_chat(self, channel: Channel) -> None:
        if not channel.chat_running:
            channel.chat_running = True
            asyncio.get_running_loop().create_task(self._advance_chat(channel))

    async def _advance_chat(self, channel: Channel) -> None:
        try:
            while channel.chat_version < channel.chat_target:
                viewers = {s.viewer for s in channel.subscribers if s.chat is not None}
                if not viewers:
                    break
                delivery = await self.call(
                    self.chat_step, channel.game_id, channel.chat_version, viewers
                )
                channel.chat_version = delivery.end
                channel.chat_target = max(channel.chat_target, delivery.end)
                for sub in list(channel.subscribers):
                    if sub.chat is not None:
                        self._offer(sub, delivery)
        except Exception:
            log.exception("chat of stream channel %s failed", channel.game_id)
        finally:
            channel.chat_running = False

    def chat_step(self, game_id: uuid.UUID, after: int, viewers: set) -> ChatDelivery:
        """Each viewer's ``chat`` message for the chat after version ``after`` (no id: the
        stream's Last-Event-ID stays the game's version)."""
        chat = self.chat_app.chat(game_id)
        finished = is_over(self.games.get_game(game_id))
        messages = {}
        for viewer in viewers:
            part = chat_view(chat, viewer, finished, after)
            shown = part["messages"] or part["hidden"] or not after
            messages[viewer] = sse("chat", part) if shown else b""
        return ChatDelivery(after, chat.version, messages)

    @staticmethod
    def _offer(sub: Subscriber, delivery: Delivery | ChatDelivery) -> None:
        try:
            sub.queue.put_nowait(delivery)
        except asyncio.QueueFull:  # a viewer that reads nothing: it catches up by itself
            pass

    # -- building messages (in the thread pool) ---------------------------------------------
    def head(self, game: Any) -> tuple[dict, bool]:
        status = game.rules.status(game.state)
        over = is_over(game)  # by the rules, or ended by the platform (a clock ran out)
        return (
            {
                "version": game.version,
                "status": "finished" if over else "active",
                "round": status.round,
                "phase": status.phase,
                "to_act": to_act_of(game, status),
            },
            over,
        )

    def _step(self, game_id: uuid.UUID, after: int, viewers: set) -> Delivery | None:
        game = self.games.get_game(game_id)
        events = self.games.stored_events(game_id, after=after, limit=BATCH)
        if not events:
            return None
        head, finished = self.head(game)
        end = events[-1].originator_version
        head["version"] = end
        done = finished and end >= game.version
        messages = {}
        for viewer in viewers:
            views = [self.games.event_view(game, e, viewer, finished) for e in events]
            text = sse("version", {**head, "events": views}, end)
            if done:
                text += sse("finished", head, end)
            messages[viewer] = text
        return Delivery(after, end, messages, done)

    def catch_up(self, game_id: uuid.UUID, viewer: int | None, after: int) -> Delivery | None:
        """One subscriber's own message for the events after ``after`` (it joined late, or
        missed a step)."""
        return self._step(game_id, after, {viewer})

    def opening(self, game_id: uuid.UUID, after: int | None) -> tuple[bytes, int, bool, Any]:
        """The first bytes of a stream: a snapshot, or (with ``after``) only the retry hint
        (the missed events follow as a catch-up)."""
        game = self.games.get_game(game_id)
        head, finished = self.head(game)
        if after is None or after < 0 or after > game.version:
            text = sse("snapshot", {**head, "events": []}, game.version, retry_ms=RETRY_MS)
            if finished:
                text += sse("finished", head, game.version)
            return text, game.version, finished, game
        text = f"retry: {RETRY_MS}\n\n".encode()
        if finished and after >= game.version:
            return text + sse("finished", head, after), after, True, game
        return text, after, False, game

    # -- subscribing ------------------------------------------------------------------------
    def join(
        self,
        game_id: uuid.UUID,
        viewer: int | None,
        sent: int,
        version: int,
        chat: int | None = None,
    ) -> tuple:
        channel = self.channels.get(game_id)
        if channel is None:
            channel = self.channels[game_id] = Channel(game_id, version)
        sub = Subscriber(viewer, sent, chat=chat)
        channel.subscribers.add(sub)
        if chat is not None:
            if chat_stream(game_id) not in self.chats:
                self.chats[chat_stream(game_id)] = channel
                channel.chat_version = channel.chat_target = chat
        if version > channel.target:
            channel.target = version
        if channel.version < channel.target:
            self._kick(channel)
        return channel, sub

    def leave(self, channel: Channel, sub: Subscriber) -> None:
        channel.subscribers.discard(sub)
        if not channel.subscribers and self.channels.get(channel.game_id) is channel:
            del self.channels[channel.game_id]
            self.chats.pop(chat_stream(channel.game_id), None)
