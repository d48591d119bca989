"""The event-stream process: one asyncio (aiohttp) server that serves every open event stream of
every game, beside the gunicorn web workers (``chronicle-stream``; ``make run`` starts it).

Why a process of its own: a Server-Sent Events stream is a connection that stays open for
minutes and is idle nearly all that time. In gunicorn's threaded workers each one held a
thread (``stream_api.py``: a few per process), so ten viewers of one game already exhausted a
server. Here a stream is a coroutine and a socket: thousands fit in one process, and the web
workers never hold one.

How it knows a game moved: a single follower task reads the store's **notification log** (the
ordered log of every stored event that eventsourcing keeps, the same one the projections
follow) every ``poll`` seconds from the last notification id it saw: one indexed query whatever
the number of viewers. Each game with viewers is a :class:`Channel`; when the log shows the game
moved, the channel reads the new events once, builds each *distinct viewer's* message once
(the public view, or one seat's view: redacted first, then described, by
``Presentation.event_view``) and queues the same bytes to every subscriber with that viewer.

The messages are those of ``GET /api/v1/games/{id}/stream`` (see ``service/stream_api.py``):
``snapshot`` (or, with ``Last-Event-ID``, the events missed), ``version``, ``finished``,
``reconnect`` after ``max_seconds``, and ``: keepalive`` comments. Authorisation is the API's:
``Authorization: Bearer <seat token>`` or ``?ticket=`` from ``POST …/stream/tickets`` (the same
secret key must be set for both processes: ``CHRONICLE_SECRET_KEY``). A game that does not exist
answers 404, a token of another game 403, a token valid nowhere 401, all before any stream is
opened; beyond ``CHRONICLE_STREAM_MAX`` open streams the next gets 503 with ``Retry-After``.

Settings (environment): ``CHRONICLE_STREAM_PORT`` (default ``PORT`` + 1), ``CHRONICLE_STREAM_MAX``
(4,000), ``CHRONICLE_STREAM_SECONDS`` (1,800), ``CHRONICLE_STREAM_POLL`` (0.1 s), and the store
settings of ``service.config.Settings``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar, cast

from aiohttp import web
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from domain.application import Games, token_game
from domain.chat.app import Chats
from domain.chat.app import view as chat_view
from domain.chat.model import chat_stream
from domain.common.errors import DomainError
from domain.game import is_over
from domain.presentation import to_act_of

from .stream_messages import sse

T = TypeVar("T")

log = logging.getLogger("chronicle.stream")

TICKET_SECONDS = 60
RETRY_MS = 2000
KEEPALIVE = 15.0
#: events read for one message at most (a client far behind gets the rest in the next ones)
BATCH = 500


class Refused(Exception):
    """A stream request answered with a problem (status, code, sentence) before it opens."""

    def __init__(self, status: int, code: str, detail: str, headers: dict | None = None) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.headers = status, code, detail, headers or {}

    def response(self) -> web.Response:
        body = {
            "type": "about:blank",
            "title": self.code.replace("_", " ").capitalize(),
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
        }
        return web.json_response(
            body, status=self.status, headers=self.headers, content_type="application/problem+json"
        )


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


class StreamServer:
    """The aiohttp application: ``/api/v1/games/{id}/stream`` and ``/healthz``."""

    def __init__(
        self,
        games: Games,
        secret_key: str,
        *,
        max_streams: int = 4000,
        max_seconds: float = 1800.0,
        poll: float = 0.1,
        keepalive: float = KEEPALIVE,
    ) -> None:
        self.games = games
        self.secret_key = secret_key
        self.max_streams = max_streams
        self.max_seconds = max_seconds
        self.keepalive = keepalive
        self.fanout = Fanout(games, poll=poll)
        self.open = 0
        self.refused = 0
        self.started = time.time()
        self._follower: asyncio.Task | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/api/v1/games/{game_id}/stream", self.stream)
        app.router.add_route("OPTIONS", "/api/v1/games/{game_id}/stream", self.preflight)
        app.router.add_get("/healthz", self.health)
        app.on_startup.append(self._start)
        app.on_cleanup.append(self._stop)
        return app

    async def _start(self, _app: web.Application) -> None:
        self._follower = asyncio.get_running_loop().create_task(self.fanout.follow())

    async def _stop(self, _app: web.Application) -> None:
        if self._follower is not None:
            self._follower.cancel()
        # wait (off the loop) for a store read already running, so that whoever closes the
        # store next does not close it under that read (SQLite crashes the process then)
        stop = partial(self.fanout.pool.shutdown, wait=True, cancel_futures=True)
        await asyncio.get_running_loop().run_in_executor(None, stop)

    # -- endpoints --------------------------------------------------------------------------
    async def health(self, _request: web.Request) -> web.Response:
        rss = _rss_bytes()
        return web.json_response(
            {
                "ok": True,
                "open_streams": self.open,
                "games_followed": len(self.fanout.channels),
                "refused": self.refused,
                "rss_bytes": rss,
                "log_position": self.fanout.position,
            }
        )

    async def preflight(self, _request: web.Request) -> web.Response:
        return web.Response(
            status=204,
            headers=_cors(
                {
                    "Access-Control-Allow-Methods": "GET",
                    "Access-Control-Allow-Headers": "Authorization, Last-Event-ID",
                    "Access-Control-Max-Age": "600",
                }
            ),
        )

    async def stream(self, request: web.Request) -> web.StreamResponse:
        if self.open >= self.max_streams:
            self.refused += 1
            return Refused(
                503,
                "too_many_streams",
                "This server has no room for another open stream; retry shortly.",
                {"Retry-After": "5", **_cors()},
            ).response()
        self.open += 1
        try:
            return await self._serve(request)
        except Refused as problem:
            problem.headers.update(_cors())
            return problem.response()
        finally:
            self.open -= 1

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        game_id = _game_id(request.match_info["game_id"])
        after = _after(request)
        chat = _chat_after(request)
        viewer = await self.fanout.call(self._viewer, game_id, request)
        try:
            opening, sent, finished, _ = await self.fanout.call(self.fanout.opening, game_id, after)
        except DomainError as err:
            raise Refused(404, err.code, err.message) from None
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream; charset=utf-8",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",
                **_cors(),
            }
        )
        await response.prepare(request)
        await response.write(opening)
        if chat is not None:
            first = await self.fanout.call(self.fanout.chat_step, game_id, chat, {viewer})
            await response.write(first.messages[viewer])
            chat = first.end
        if not finished or chat is not None:
            await self._pump(response, game_id, viewer, sent, chat)
        return response

    async def _pump(
        self,
        response: web.StreamResponse,
        game_id: uuid.UUID,
        viewer: int | None,
        sent: int,
        chat: int | None = None,
    ) -> None:
        fanout = self.fanout
        current = await fanout.call(lambda: fanout.games.get_game(game_id).version)
        channel, sub = fanout.join(game_id, viewer, sent, current, chat)
        started = time.monotonic()
        try:
            if chat is not None:  # a message saved while it joined
                await self._chat_catch_up(response, game_id, sub)
            if sub.sent < channel.version or sub.sent < current:
                sub.sent, done = await self._catch_up(
                    response, game_id, viewer, sub.sent, max(channel.version, current)
                )
                if done and sub.chat is None:
                    return
            while True:
                remaining = self.max_seconds - (time.monotonic() - started)
                if remaining <= 0:
                    await response.write(
                        sse(
                            "reconnect",
                            {"version": sub.sent, "reason": "stream time limit"},
                            sub.sent,
                        )
                    )
                    return
                try:
                    delivery = await asyncio.wait_for(
                        sub.queue.get(), min(self.keepalive, remaining)
                    )
                except TimeoutError:
                    await response.write(b": keepalive\n\n")
                    continue
                if isinstance(delivery, ChatDelivery):
                    await self._chat_offered(response, game_id, sub, delivery)
                    continue
                if delivery.end <= sub.sent:
                    continue
                if delivery.start == sub.sent and viewer in delivery.messages:
                    await response.write(delivery.messages[viewer])
                    sub.sent = delivery.end
                    fanout.delivered += 1
                    if delivery.finished and sub.chat is None:
                        return
                    continue
                # joined while this step was being built (no message for its viewer yet),
                # or missed one: its own catch-up
                sub.sent, done = await self._catch_up(
                    response, game_id, viewer, sub.sent, delivery.end
                )
                if done and sub.chat is None:
                    return
        finally:
            fanout.leave(channel, sub)

    async def _chat_offered(
        self, response: web.StreamResponse, game_id: uuid.UUID, sub: Subscriber, delivery: Any
    ) -> None:
        if sub.chat is None or delivery.end <= sub.chat:
            return
        if delivery.start == sub.chat and sub.viewer in delivery.messages:
            if delivery.messages[sub.viewer]:
                await response.write(delivery.messages[sub.viewer])
                self.fanout.delivered += 1
            sub.chat = delivery.end
            return
        await self._chat_catch_up(response, game_id, sub)

    async def _chat_catch_up(
        self, response: web.StreamResponse, game_id: uuid.UUID, sub: Subscriber
    ) -> None:
        assert sub.chat is not None
        own = await self.fanout.call(self.fanout.chat_step, game_id, sub.chat, {sub.viewer})
        if own.end > sub.chat:
            if own.messages[sub.viewer]:
                await response.write(own.messages[sub.viewer])
            sub.chat = own.end

    async def _catch_up(
        self,
        response: web.StreamResponse,
        game_id: uuid.UUID,
        viewer: int | None,
        sent: int,
        until: int,
    ) -> tuple[int, bool]:
        while sent < until:
            delivery = await self.fanout.call(self.fanout.catch_up, game_id, viewer, sent)
            if delivery is None:
                break
            await response.write(delivery.messages[viewer])
            self.fanout.delivered += 1
            sent = delivery.end
            if delivery.finished:
                return sent, True
        return sent, False

    # -- who is watching (in the thread pool) -----------------------------------------------
    def _viewer(self, game_id: uuid.UUID, request: web.Request) -> int | None:
        if not self.games.exists(game_id):
            raise Refused(404, "game_not_found", f"There is no game {game_id}.")
        ticket = request.query.get("ticket")
        if ticket:
            return self._ticket_seat(game_id, ticket)
        header = request.headers.get("Authorization", "")
        if not header:
            return None
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise Refused(
                401, "unauthorized", "Send the seat token as 'Authorization: Bearer <token>'."
            )
        owner = token_game(token)
        if owner is not None and owner != game_id:
            raise Refused(403, "forbidden", "This seat token belongs to another game.")
        seat = self.games.seat_for_token(game_id, token)
        if seat is None:
            raise Refused(401, "unauthorized", "The seat token is not valid.")
        return seat

    def _ticket_seat(self, game_id: uuid.UUID, ticket: str) -> int | None:
        serializer = URLSafeTimedSerializer(self.secret_key, salt="chronicle-stream-ticket")
        try:
            claims = serializer.loads(ticket, max_age=TICKET_SECONDS)
        except SignatureExpired:
            raise Refused(
                401, "unauthorized", "The stream ticket has expired; ask for a new one."
            ) from None
        except BadSignature:
            raise Refused(401, "unauthorized", "The stream ticket is not valid.") from None
        if claims.get("g") != str(game_id):
            raise Refused(403, "forbidden", "This stream ticket is for another game.")
        return claims.get("s")


def _cors(extra: dict | None = None) -> dict:
    """Pages are served by the web workers, possibly from another origin than this process:
    a stream carries nothing a cookie would unlock (its viewer comes from a token or ticket),
    so any origin may read it."""
    return {"Access-Control-Allow-Origin": "*", **(extra or {})}


def _game_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise Refused(404, "game_not_found", f"There is no game {text!r}.") from None


def _after(request: web.Request) -> int | None:
    text = (
        request.headers.get("Last-Event-ID", "").strip()
        or request.query.get("lastEventId", "").strip()
    )
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise Refused(400, "bad_request", "Last-Event-ID must be a version number.") from None


def _chat_after(request: web.Request) -> int | None:
    """``?chat=N``: also send the chat after its version N (None: no chat)."""
    text = request.query.get("chat", "").strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 9:
        raise Refused(400, "bad_request", "'chat' must be a chat version number (0 or more).")
    return int(text)


def _rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def build(env: dict | None = None) -> tuple[StreamServer, Any]:
    """The server on the store the usual settings select (``service.config.Settings``)."""
    from .config import Settings

    env = dict(os.environ if env is None else env)
    settings = Settings.from_env(env)
    games = Games(env=settings.persistence_env(False), cache_size=settings.cache_size)
    server = StreamServer(
        games,
        settings.secret_key,
        max_streams=int(env.get("CHRONICLE_STREAM_MAX") or 4000),
        max_seconds=float(env.get("CHRONICLE_STREAM_SECONDS") or 1800),
        poll=float(env.get("CHRONICLE_STREAM_POLL") or 0.1),
    )
    return server, settings


def main() -> None:
    """``chronicle-stream``: serve the event streams on ``127.0.0.1:$CHRONICLE_STREAM_PORT``."""
    logging.basicConfig(
        level=os.environ.get("CHRONICLE_LOG_LEVEL", "info").upper(),
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    _raise_fd_limit()
    server, _settings = build()
    port = int(os.environ.get("CHRONICLE_STREAM_PORT") or int(os.environ.get("PORT") or 8000) + 1)
    host = os.environ.get("CHRONICLE_STREAM_HOST", "127.0.0.1")
    log.info("event streams on http://%s:%d/ (at most %d open)", host, port, server.max_streams)
    web.run_app(
        server.app(),
        host=host,
        port=port,
        backlog=2048,
        access_log=None,
        print=None,
        shutdown_timeout=2.0,
        handler_cancellation=True,
    )


if __name__ == "__main__":
    main()
