"""Real servers for the worker tests: Redis on a spare port, a webhook receiver, SMTP, processes.

Nothing here touches the shared PostgreSQL or Redis servers' lifetimes: Redis servers are
started on spare ports by the tests that need them and stopped by them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.conftest import TEST_WEBHOOK_ALLOW

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: every wait_for limit is this many times what its caller names (issue 31): the limits are
#: liveness bounds, never speed targets, and a loaded machine (other suites, a CPU hog) is
#: several times slower; a passing wait returns as soon as its condition holds
WAIT_SCALE = float(os.environ.get("CHRONICLE_TEST_WAIT_SCALE", "4"))


def wait_for(
    predicate: Callable[[], Any], timeout: float, interval: float = 0.02, message: str = "condition"
) -> Any:
    timeout *= WAIT_SCALE
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {message}")
        time.sleep(interval)


# -- Redis ------------------------------------------------------------------------------------
class RedisServer:
    """A redis-server of our own on a spare port (no persistence)."""

    def __init__(self, port: int | None = None) -> None:
        self.binary = shutil.which("redis-server")
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="chronicle-redis-")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> RedisServer:
        if not self.binary:
            raise RuntimeError("redis-server is not installed")
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.dir,
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self.ping, timeout, 0.05, "redis-server to answer")
        return self

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(5)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait(5)
            self.proc = None

    def pause(self) -> None:
        """Hang the server (SIGSTOP): it accepts connections but answers nothing."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.proc.send_signal(signal.SIGCONT)
            except OSError:
                pass
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


# -- webhooks ---------------------------------------------------------------------------------
@dataclass
class Delivery:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float
    status: int

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """A local HTTP server that records every POST and answers as told.

    ``behaviour(n, path)`` returns ``(status, headers)`` for the n-th request (1-based) of
    ``path``, or ``None`` to never answer (the connection is held open).
    """

    behaviour: Callable[[int, str], Any] = lambda n, path: (204, {})
    deliveries: list[Delivery] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        receiver = self
        self._lock = threading.Lock()
        self._release = threading.Event()

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with receiver._lock:
                    n = receiver.counts.get(self.path, 0) + 1
                    receiver.counts[self.path] = n
                answer = receiver.behaviour(n, self.path)
                if answer is None:
                    receiver._release.wait(30)
                    return
                status, headers = answer
                with receiver._lock:
                    receiver.deliveries.append(
                        Delivery(self.path, dict(self.headers.items()), body, time.time(), status)
                    )
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def ok(self, path: str | None = None) -> list[Delivery]:
        with self._lock:
            return [
                d
                for d in self.deliveries
                if 200 <= d.status < 300 and (path is None or d.path == path)
            ]

    def close(self) -> None:
        self._release.set()
        self.server.shutdown()
        self.server.server_close()


# -- SMTP -------------------------------------------------------------------------------------
class SmtpServer:
    """aiosmtpd on a chosen free port, collecting every message it receives."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[Any] = []
        server = self

        class Handler:
            async def handle_DATA(self, _server, _session, envelope):
                server.messages.append(envelope)
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def close(self) -> None:
        self.controller.stop()


# -- processes --------------------------------------------------------------------------------
def process_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = REPO + os.pathsep + env.get("PYTHONPATH", "")
    env.setdefault("CHRONICLE_POLL_INTERVAL", "0.2")
    env.setdefault("CHRONICLE_WEBHOOK_ALLOW", TEST_WEBHOOK_ALLOW)
    env.update({k: str(v) for k, v in extra.items()})
    return env


def launch(kind: str, *args: str, log_path: str | None = None, **env: str) -> subprocess.Popen:
    """Start ``python -m tests.workers.launch KIND ARGS`` (the toy title registered)."""
    command = [sys.executable, "-m", "tests.workers.launch", kind, *args]
    if not log_path:
        return subprocess.Popen(
            command,
            cwd=REPO,
            env=process_env(**env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
    with open(log_path, "ab") as out:  # the child keeps its own copy of the file
        return subprocess.Popen(
            command, cwd=REPO, env=process_env(**env), stdout=out, stderr=subprocess.STDOUT
        )


def stop(proc: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 10.0) -> None:
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
