"""``chronicle-serve``: the production server, built for slow clients.

Waitress (Pylons' pure-Python WSGI server) reads every request completely, and buffers every
response, in one event loop before a worker thread sees it: a client that sends a byte a
second (or reads that slowly) costs a socket in the loop, never a thread. gunicorn's ``gthread``
workers hand a connection to a thread as soon as its first byte arrives, so ten slow sockets
held all eight threads and ``/healthz`` went unanswered (issue 22).

This launcher binds ``127.0.0.1:$PORT`` once and forks ``CHRONICLE_WEB_CONCURRENCY``
processes that share the socket (each loads the app after the fork, so no database connection
is shared), restarts a process that dies, and stops them all on SIGINT/SIGTERM. Each process
runs ``CHRONICLE_THREADS`` threads and holds up to ``CHRONICLE_CONNECTIONS`` connections
(default 1000) in its loop. The access log (``chronicle.access``) names method, path, status
and time, with stream tickets and invite links cut out.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .config import Settings

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

log = logging.getLogger("chronicle.serve")
access_log = logging.getLogger("chronicle.access")

#: secrets that may appear in a URL: a stream ticket's query value, an invite link's path
_SECRETS = (re.compile(r"(ticket=)[^&\s]+"), re.compile(r"(/join/)[^/?\s]+"))


def scrub(path: str) -> str:
    for pattern in _SECRETS:
        path = pattern.sub(r"\1…", path)
    return path


class AccessLog:
    """WSGI middleware: one line per request, with no token or ticket in it."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started = time.monotonic()
        status_seen: list[str] = []

        def start(
            status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None
        ) -> Callable[[bytes], object]:
            status_seen.append(status.split(" ", 1)[0])
            return start_response(status, headers, exc_info)

        try:
            return self.app(environ, start)
        finally:
            path = environ.get("PATH_INFO", "")
            if environ.get("QUERY_STRING"):
                path += "?" + environ["QUERY_STRING"]
            access_log.info(
                '%s "%s %s" %s %.0fms',
                environ.get("REMOTE_ADDR", "-"),
                environ.get("REQUEST_METHOD"),
                scrub(path)[:300],
                status_seen[0] if status_seen else "-",
                (time.monotonic() - started) * 1000,
            )


def bind(settings: Settings) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", settings.port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def serve_one(sock: socket.socket, settings: Settings) -> None:
    """One server process: the app on waitress over the shared socket."""
    import waitress

    from .app import create_app

    app = AccessLog(create_app())
    waitress.serve(
        app,
        sockets=[sock],
        threads=settings.threads,
        connection_limit=int(os.environ.get("CHRONICLE_CONNECTIONS") or 1000),
        channel_timeout=max(1, int(settings.timeout)),
        max_request_body_size=max(settings.max_body_bytes, settings.max_import_bytes) + 65536,
        asyncore_use_poll=True,
        ident="chronicle",
        expose_tracebacks=False,
        _quiet=True,
    )


def main() -> None:
    logging.basicConfig(
        level=os.environ.get("CHRONICLE_LOG_LEVEL", "info").upper(),
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    settings = Settings.from_env()
    sock = bind(settings)
    url = f"http://127.0.0.1:{settings.port}/"
    children: dict[int, int] = {}
    stopping = False

    def spawn(slot: int) -> None:
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            try:
                serve_one(sock, settings)
            finally:
                os._exit(0)
        children[pid] = slot

    def stop(*_args: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for slot in range(settings.web_concurrency):
        spawn(slot)
    log.info(
        "Chronicle is serving on %s (API docs: %sapi/v1/docs; store: %s; %d process(es) "
        "x %d threads, waitress)",
        url,
        url,
        settings.display_database_url,
        settings.web_concurrency,
        settings.threads,
    )
    print(f"Chronicle is ready on {url} (API docs: {url}api/v1/docs)", flush=True)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        ended = children.pop(pid, None)
        if ended is not None and not stopping:
            log.warning("server process %d ended (status %d); starting another", pid, status)
            time.sleep(0.5)
            spawn(ended)
    sys.exit(0)


if __name__ == "__main__":
    main()
