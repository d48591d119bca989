"""Issue 22: a webhook receiver answering a byte every few hundred milliseconds held an
attempt (and the only worker) for as long as it liked: the timeout bounded each read, not the
attempt. Now the whole attempt has a deadline, and attempts run side by side."""

from __future__ import annotations

import socket
import threading
import time

from workers import delivery, notifiers
from workers.netguard import parse_allowance

LOOPBACK = parse_allowance("127.0.0.0/8,http")


def _trickling_receiver(pause: float):
    """A receiver that reads the request, then answers 200 one byte every ``pause`` s."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    stop = threading.Event()

    def run():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            conn.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok":
                if stop.is_set():
                    break
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    break
                time.sleep(pause)
            conn.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return server.getsockname()[1], lambda: (stop.set(), server.close())


def test_a_trickling_receiver_is_cut_off_at_the_attempts_deadline():
    port, stop = _trickling_receiver(0.3)  # ~50 bytes: 15 s, though every read takes 0.3 s
    try:
        started = time.monotonic()
        outcome = notifiers.post(
            f"http://127.0.0.1:{port}/hook",
            b"{}",
            {"Content-Type": "application/json"},
            1.0,
            LOOPBACK,
        )
        took = time.monotonic() - started
    finally:
        stop()
    assert not outcome.ok and "within 1 s" in outcome.error
    assert took < 10  # a hang guard: before the fix this took about 15 s and succeeded


def test_one_slow_attempt_delays_no_other(monkeypatch):
    done: dict[str, float] = {}
    release = threading.Event()

    def fake_deliver(ctx, notice_id, now=None):
        if notice_id == "slow":
            release.wait(10)
        done[notice_id] = time.monotonic()
        return "delivered"

    monkeypatch.setattr(delivery, "deliver", fake_deliver)
    pool = delivery.Dispatcher(4)
    try:
        assert pool.submit(None, "slow") == "dispatched"
        assert pool.submit(None, "slow") == "in flight"  # never two attempts at once
        assert pool.submit(None, "fast") == "dispatched"
        deadline = time.monotonic() + 60  # a liveness bound (issue 31)
        while "fast" not in done and time.monotonic() < deadline:
            time.sleep(0.01)
        assert "fast" in done and "slow" not in done
    finally:
        release.set()
        pool.drain()
    assert "slow" in done
