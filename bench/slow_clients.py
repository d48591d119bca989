"""Issue 22, slow clients: ``/healthz`` while 200 sockets each send a request header one byte
a second, on the default server (``chronicle-serve``, as ``make run`` starts it).

Target: p99 of ``/healthz`` <= 100 ms meanwhile. (gunicorn's gthread workers, the server
before, stopped answering at all with ten such sockets.)
"""

from __future__ import annotations

import socket
import tempfile
import time

import requests

from .http import Server, _percentile

SLOW_SOCKETS = 200
SECONDS = 12


def run(section: dict) -> None:
    server = Server(tempfile.mkdtemp(prefix="chronicle-bench-slow-"))
    sockets: list[socket.socket] = []
    try:
        port = server.port
        for _ in range(SLOW_SOCKETS):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(b"G")
            sockets.append(s)
        http = requests.Session()
        latencies, failures = [], 0
        header = b"ET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"y" * 100
        start = time.monotonic()
        next_byte = start + 1.0
        sent = 0
        while time.monotonic() - start < SECONDS:
            if time.monotonic() >= next_byte:
                for s in sockets:
                    try:
                        s.sendall(header[sent % len(header) : sent % len(header) + 1])
                    except OSError:
                        pass
                sent += 1
                next_byte += 1.0
            t0 = time.perf_counter()
            try:
                ok = http.get(server.url + "/healthz", timeout=5).status_code == 200
            except requests.RequestException:
                ok = False
            latencies.append((time.perf_counter() - t0) * 1000)
            failures += not ok
            time.sleep(0.02)
        open_at_end = 0
        for s in sockets:
            try:
                s.sendall(b"y")
                open_at_end += 1
            except OSError:
                pass
        section["healthz_under_slow_clients"] = {
            "slow_sockets": SLOW_SOCKETS,
            "seconds": SECONDS,
            "requests": len(latencies),
            "failures": failures,
            "p50_ms": _percentile(latencies, 50),
            "p99_ms": _percentile(latencies, 99),
            "max_ms": max(latencies),
            "slow_sockets_still_open": open_at_end,
            "target": "p99 <= 100 ms",
        }
    finally:
        for s in sockets:
            s.close()
        server.stop()
