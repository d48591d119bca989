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
from functools import partial
from typing import Any

from aiohttp import web
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from domain.common.errors import DomainError
from domain.platform.application import Games
from domain.platform.tokens import token_game

from .stream_fanout import ChatDelivery, Fanout, Subscriber
from .stream_messages import sse

log = logging.getLogger("chronicle.stream")

TICKET_SECONDS = 60
KEEPALIVE = 15.0


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
