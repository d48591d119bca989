"""``GET /api/v1/games/{id}/stream``: Server-Sent Events, so a page or a client follows a game
without polling.

Each message is one step of the game::

    id: 59
    event: version
    data: {"version": 59, "status": "active", "round": 4, "phase": "work", "to_act": [1],
           "events": [{"version": 58, "type": "WorkerPlaced", "text": "…", …}, …]}

``events`` are the events since the previous message, each redacted for the viewer exactly as
``GET …/events`` does (a seat token: that seat's view; none: the public view). A new stream
starts with an ``event: snapshot`` message (the current version and ``to_act``, no events);
a reconnecting one sends ``Last-Event-ID`` (browsers do it by themselves) and gets every event
after that version. When the game ends the stream sends ``event: finished`` and closes.

Viewers: ``Authorization: Bearer <seat token>``; browsers' ``EventSource`` cannot send headers,
so ``POST …/stream/tickets`` (with the token) returns a ticket valid for 60 s to pass as
``?ticket=`` (the token itself never goes into a URL, where logs would keep it).

Wake-ups: a stream waits on a per-process :class:`StreamHub`, woken by saves of the same
process (it hooks itself into ``Games.after_save``), by the Redis channel ``chronicle:games``
that every process's ``Waker`` publishes to, and, when neither says anything, by a poll of the
store every ``poll`` seconds. So streams keep working with Redis down, only later.

Open streams must not starve other requests: serve with gunicorn's threaded worker class
(``gthread``); each process holds at most ``CHRONICLE_STREAM_MAX`` streams (default: its threads
minus 2; the next gets ``503`` with ``Retry-After``), and a stream ends after
``CHRONICLE_STREAM_SECONDS`` (300) with a ``retry`` hint so the client reconnects.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from flask import Response, current_app, request
from flask.views import MethodView
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from marshmallow import fields, validate

from domain.common.i18n import gettext
from domain.platform.game import is_over
from domain.platform.presentation import to_act_of

from .auth import require_seat, viewer_seat
from .blueprints.base import OPTIONAL_SEAT_TOKEN, SEAT_TOKEN, ApiBlueprint
from .context import games, secret_key
from .problems import Problem, unauthorized
from .schemas.common import QuerySchema, ResponseSchema
from .stream_messages import sse

if TYPE_CHECKING:
    from .api import ChronicleApi

log = logging.getLogger(__name__)

CHANNEL = "chronicle:games"
TICKET_SECONDS = 60
EXTENSION = "chronicle.stream_hub"

blueprint = ApiBlueprint(
    "stream",
    __name__,
    url_prefix="/api/v1/games",
    description="Follow a game live (Server-Sent Events).",
)


class StreamHub:
    """Wakes waiting streams when their game may have moved (see the module docstring)."""

    def __init__(
        self,
        redis_url: str | None = None,
        *,
        max_streams: int = 6,
        max_seconds: float = 300.0,
        poll: float = 1.0,
        keepalive: float = 15.0,
    ) -> None:
        self.redis_url = redis_url
        self.max_streams = max_streams
        self.max_seconds = max_seconds
        self.poll = poll
        self.keepalive = keepalive
        self._versions: dict[str, int] = {}
        self._cond = threading.Condition()
        self._slots = threading.BoundedSemaphore(max_streams)
        self._open = 0
        self._listener: threading.Thread | None = None
        self._stopped = threading.Event()
        self.redis_listening = False

    # -- wake-ups -------------------------------------------------------------------------------
    def attach(self, app: Any) -> None:
        """Be told of every save of the ``Games`` application ``app`` (idempotent)."""
        hooks = getattr(app, "after_save", None)
        if hooks is not None and self.on_saved not in hooks:
            hooks.append(self.on_saved)

    def on_saved(self, events: list[Any]) -> None:
        """A ``Games.after_save`` hook: wake the streams of the games that moved."""
        moved: dict[str, int] = {}
        for event in events:
            if getattr(event, "type", None) is not None:
                key = str(event.originator_id)
                moved[key] = max(event.originator_version, moved.get(key, 0))
        if moved:
            self.notify(moved)

    def notify(self, moved: dict[str, int]) -> None:
        """``{game id: version}`` moved (a ``Waker`` listener, or a Redis message)."""
        with self._cond:
            for key, version in moved.items():
                if version > self._versions.get(key, 0):
                    self._versions[key] = version
            if len(self._versions) > 10_000:
                self._versions.clear()
            self._cond.notify_all()

    def wait(self, game_id: str, after: int, timeout: float) -> bool:
        """Wait until ``game_id`` is known to be past ``after`` (True) or ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: self._versions.get(game_id, 0) > after, timeout)

    def start(self) -> None:
        """Listen to the Redis channel in a daemon thread (started lazily, per process)."""
        if self.redis_url is None or (self._listener and self._listener.is_alive()):
            return
        self._listener = threading.Thread(
            target=self._listen, name="chronicle-stream-hub", daemon=True
        )
        self._listener.start()

    def _listen(self) -> None:
        import redis

        url = self.redis_url
        if url is None:  # (started only with a Redis address)
            return
        backoff = 1.0
        while not self._stopped.is_set():
            try:
                client = redis.Redis.from_url(
                    url,
                    socket_connect_timeout=0.5,
                    socket_timeout=5.0,
                    health_check_interval=0,
                )
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                self.redis_listening = True
                backoff = 1.0
                while not self._stopped.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message and message.get("type") == "message":
                        self._on_message(message.get("data"))
            except Exception as err:  # Redis down: streams fall back to polling the store
                if self.redis_listening:
                    log.info("stream hub lost Redis (%s); polling the store", err)
                self.redis_listening = False
                self._stopped.wait(backoff)
                backoff = min(backoff * 2, 10.0)

    def _on_message(self, data: Any) -> None:
        try:
            text = data.decode() if isinstance(data, bytes) else str(data)
            key, version = text.split()
            self.notify({key: int(version)})
        except (ValueError, AttributeError):
            log.debug("ignored stream message %r", data)

    def stop(self) -> None:
        """Stop listening, and end every open stream at its next wake-up (shutdown)."""
        self._stopped.set()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    # -- slots ----------------------------------------------------------------------------------
    def acquire(self) -> bool:
        if self._slots.acquire(blocking=False):
            with self._cond:
                self._open += 1
            return True
        return False

    def release(self) -> None:
        with self._cond:
            self._open -= 1
        self._slots.release()

    @property
    def open_streams(self) -> int:
        return self._open


def hub() -> StreamHub:
    found = current_app.extensions.get(EXTENSION)
    if found is None:
        found = current_app.extensions[EXTENSION] = StreamHub(None)
    return found


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_key(), salt="chronicle-stream-ticket")


def _status(game: Any) -> tuple[dict, bool]:
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


def follow(
    app: Any,
    stream_hub: StreamHub,
    game_id: uuid.UUID,
    viewer: int | None,
    after: int | None,
    chat: int | None = None,
) -> Generator[bytes, None, None]:
    """The messages of one stream (a generator); with ``chat`` (``?chat=N``) also the chat
    after its version N, as ``chat`` messages without an id (read every ``poll`` seconds here;
    the stream stays open after the game's end, for the chat)."""
    key = str(game_id)
    talk = _ChatFollower(app, game_id, viewer, chat) if chat is not None else None
    started = time.monotonic()
    last_write = started
    game = app.get_game(game_id)
    if after is None or after > game.version or after < 0:
        head, finished = _status(game)
        yield sse("snapshot", {**head, "events": []}, game.version, retry_ms=2000)
        sent = game.version
        if finished:
            yield sse("finished", head, game.version)
            if talk is None:
                return
    else:
        sent = after
        yield b"retry: 2000\n\n"
        head, finished = _status(game)
        if finished and sent >= game.version:
            yield sse("finished", head, sent)
            if talk is None:
                return
    while time.monotonic() - started < stream_hub.max_seconds and not stream_hub.stopped:
        if talk is not None:
            said = talk.news(first=last_write == started)
            if said:
                yield said
                last_write = time.monotonic()
        game = app.get_game(game_id)
        if game.version > sent:
            events = app.stored_events(game_id, after=sent, limit=500)
            head, finished = _status(game)
            views = [app.event_view(game, e, viewer, finished) for e in events]
            sent = events[-1].originator_version if events else game.version
            head["version"] = sent
            yield sse("version", {**head, "events": views}, sent)
            last_write = time.monotonic()
            if finished and sent >= game.version:
                yield sse("finished", head, sent)
                if talk is None:
                    return
            continue
        remaining = stream_hub.max_seconds - (time.monotonic() - started)
        wait = min(stream_hub.poll, remaining, 0.5 if talk is not None else stream_hub.poll)
        woke = stream_hub.wait(key, sent, timeout=max(0.0, wait))
        if not woke and time.monotonic() - last_write >= stream_hub.keepalive:
            yield b": keepalive\n\n"
            last_write = time.monotonic()
    yield sse("reconnect", {"version": sent, "reason": "stream time limit"}, sent)


class _ChatFollower:
    """The chat part of one threaded stream (the stream process has its own fan-out)."""

    def __init__(self, app: Any, game_id: uuid.UUID, viewer: int | None, after: int) -> None:
        from domain.chat.app import Chats

        self.chats = Chats(app)
        self.app = app
        self.game_id = game_id
        self.viewer = viewer
        self.sent = after
        self.started = False

    def news(self, first: bool = False) -> bytes:
        from domain.chat.app import view

        chat = self.chats.chat(self.game_id)
        if self.started and chat.version <= self.sent:
            return b""
        finished = is_over(self.app.get_game(self.game_id))
        part = view(chat, self.viewer, finished, self.sent)
        out = b""
        if not self.started or part["messages"] or part["hidden"]:
            out = sse("chat", part)
        self.started = True
        self.sent = max(self.sent, part["version"])
        return out


class _Slot:
    """The response body of one stream: frees its slot exactly once, when the server closes
    the response (also if the client went away before the first message)."""

    def __init__(self, messages: Generator[bytes, None, None], stream_hub: StreamHub) -> None:
        self._messages = messages
        self._hub = stream_hub
        self._lock = threading.Lock()
        self._held = True

    def __iter__(self) -> Iterator[bytes]:
        return self._messages

    def close(self) -> None:
        try:
            self._messages.close()
        finally:
            with self._lock:
                held, self._held = self._held, False
            if held:
                self._hub.release()


class StreamQuerySchema(QuerySchema):
    ticket = fields.String(
        metadata={
            "description": "A ticket from POST …/stream/tickets "
            "(for EventSource, which cannot send "
            "headers)."
        }
    )
    last_event_id = fields.Integer(
        data_key="lastEventId", metadata={"description": "Same as the Last-Event-ID header."}
    )
    chat = fields.Integer(
        validate=validate.Range(0, 10**9),
        metadata={"description": "Also send the table's chat after its version N."},
    )


class TicketSchema(ResponseSchema):
    ticket = fields.String()
    expires_in = fields.Integer()


def _viewer(game_id: uuid.UUID, ticket: str | None) -> int | None:
    if ticket is None:
        return viewer_seat(game_id, required=False)
    games().get_game(game_id)  # 404 first
    try:
        claims = _serializer().loads(ticket, max_age=TICKET_SECONDS)
    except SignatureExpired:
        raise unauthorized(gettext("The stream ticket has expired; ask for a new one.")) from None
    except BadSignature:
        raise unauthorized(gettext("The stream ticket is not valid.")) from None
    if claims.get("g") != str(game_id):
        raise Problem(403, "forbidden", gettext("This stream ticket is for another game."))
    return claims.get("s")


@blueprint.route("/<game:game_id>/stream")
class Stream(MethodView):
    @blueprint.arguments(StreamQuerySchema, location="query", error_status_code=400)
    @blueprint.problems(400, 401, 403, 404, 503)
    @blueprint.doc(
        security=OPTIONAL_SEAT_TOKEN,
        responses={
            200: {
                "description": "An event stream (text/event-stream): snapshot, version, finished.",
                "content": {"text/event-stream": {"schema": {"type": "string"}}},
            }
        },
    )
    def get(self, query: dict, game_id: uuid.UUID) -> Any:
        """Follow the game: a Server-Sent Events stream of its new versions."""
        viewer = _viewer(game_id, query.get("ticket"))
        header = request.headers.get("Last-Event-ID", "").strip()
        after = query.get("last_event_id")
        if header:
            try:
                after = int(header)
            except ValueError:
                raise Problem(
                    400, "bad_request", gettext("Last-Event-ID must be a version number.")
                ) from None
        app = games()
        stream_hub = hub()
        stream_hub.attach(app)
        stream_hub.start()
        if not stream_hub.acquire():
            raise Problem(
                503,
                "too_many_streams",
                gettext("This server has no room for another open stream; retry shortly."),
                headers={"Retry-After": "5"},
            )
        body = _Slot(follow(app, stream_hub, game_id, viewer, after, query.get("chat")), stream_hub)
        response = Response(body, mimetype="text/event-stream")
        response.headers["Cache-Control"] = "no-cache"
        response.headers["X-Accel-Buffering"] = "no"
        return response


@blueprint.route("/<game:game_id>/stream/tickets")
class StreamTickets(MethodView):
    @blueprint.response(201, TicketSchema)
    @blueprint.problems(401, 403, 404, 503)
    @blueprint.doc(security=SEAT_TOKEN)
    def post(self, game_id: uuid.UUID) -> Any:
        """A short-lived ticket that opens this seat's stream with ``?ticket=``."""
        seat = require_seat(game_id)
        ticket = _serializer().dumps({"g": str(game_id), "s": seat})
        return {"ticket": ticket, "expires_in": TICKET_SECONDS}


def register(
    api: ChronicleApi,
    services_: Any = None,
    *,
    waker: Any = None,
    app: Any = None,
    redis_url: str | None = None,
) -> StreamHub:
    """Wire the stream into the app factory: ``register(api, services)``.

    Makes this process's :class:`StreamHub` (listening on Redis when
    ``services.settings.redis_url`` is set; it hooks itself into ``Games.after_save`` on the
    first stream) and registers the blueprint. ``waker`` is accepted for callers that want the
    hub told through a :class:`workers.wakeup.Waker` instead.
    """
    settings = getattr(services_, "settings", None)
    threads = getattr(settings, "threads", 8)
    url = redis_url if redis_url is not None else getattr(settings, "redis_url", None)
    stream_hub = StreamHub(
        url,
        max_streams=int(os.environ.get("CHRONICLE_STREAM_MAX") or max(1, threads - 2)),
        max_seconds=float(os.environ.get("CHRONICLE_STREAM_SECONDS") or 300),
    )
    (app or api._app).extensions[EXTENSION] = stream_hub
    if waker is not None:
        waker.listen(stream_hub.notify)
    api.register_blueprint(blueprint)
    return stream_hub
