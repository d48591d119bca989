"""The built-in titles load once, whole, even when many threads ask at the same moment.

A server's first requests arrive on several threads at once; before the fix, a thread could
see the registry marked as loaded while another was still importing Agricola, and a game of
the current rules answered ``rules_version_unavailable`` (found by ``make bench-scale``).
"""

from __future__ import annotations

import subprocess
import sys

RACE = r"""
import sys, threading
from domain.platform import registry
errors = []
barrier = threading.Barrier(16)
def ask():
    barrier.wait()
    try:
        registry.get("agricola", sys.argv[1])
    except Exception as err:
        errors.append(repr(err))
threads = [threading.Thread(target=ask) for _ in range(16)]
[t.start() for t in threads]
[t.join() for t in threads]
print(len(errors), errors[:1])
"""


def test_threads_asking_at_first_use_all_find_the_current_rules():
    from domain.platform import registry

    version = registry.current("agricola").rules_version
    for _ in range(8):  # fresh interpreters: the race is at first use
        done = subprocess.run(
            [sys.executable, "-c", RACE, version],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("0 "), done.stdout
