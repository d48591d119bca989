"""``make bench``: run every benchmark and write ``bench/reports/report.json`` and a table.

Usage: ``python -m bench [section ...]`` with sections ``storage``, ``http``, ``projections``,
``rules``, ``web``, ``records``, ``slow_clients``, ``streams``, ``bots``, ``bot_latency``,
``i18n``, ``chat_push`` (default: these twelve) and ``scale`` (``make bench-scale``: 100,000
games on PostgreSQL, written to ``report-scale.json``). Figures are measured on this machine in this
run; ratios compare against floors measured in the same run.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
import time

SECTIONS = {
    "storage": "bench.storage",
    "http": "bench.http",
    "projections": "bench.projections",
    "rules": "bench.rules",
    "web": "bench.web",
    "records": "bench.records",
    "slow_clients": "bench.slow_clients",
    "streams": "bench.streams",
    "scale": "bench.scale",
    "bots": "bench.bots",
    "bot_latency": "bench.bot_latency",
    "i18n": "bench.i18n",
    "chat_push": "bench.chat_push",
}
#: what ``make bench`` runs; ``scale`` (100,000 games on PostgreSQL) is ``make bench-scale``
DEFAULT = [
    "storage",
    "http",
    "projections",
    "rules",
    "web",
    "records",
    "slow_clients",
    "streams",
    "bots",
    "bot_latency",
    "i18n",
    "chat_push",
]
REPORT_DIR = os.path.join(os.path.dirname(__file__), "reports")


def _rows(report: dict, prefix: str = "") -> list[tuple[str, str]]:
    rows = []
    for key, value in report.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            rows.extend(_rows(value, name + "."))
        elif isinstance(value, float):
            rows.append((name, f"{value:,.3f}"))
        else:
            rows.append((name, str(value)))
    return rows


def table(report: dict) -> str:
    rows = _rows(report)
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)


def main(argv: list[str]) -> int:
    chosen = argv or DEFAULT
    report: dict = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    for name in chosen:
        module = importlib.import_module(SECTIONS[name])
        print(f"== {name} ==", flush=True)
        section: dict = {}
        t0 = time.perf_counter()
        module.run(section)
        section["section_seconds"] = time.perf_counter() - t0
        report[name] = section
        print(table(section), flush=True)
    os.makedirs(REPORT_DIR, exist_ok=True)
    stem = "report-scale" if chosen == ["scale"] else "report"
    with open(os.path.join(REPORT_DIR, f"{stem}.json"), "w") as fh:
        json.dump(report, fh, indent=2, default=str)
    with open(os.path.join(REPORT_DIR, f"{stem}.txt"), "w") as fh:
        fh.write(table(report) + "\n")
    print(f"\nreport written to {REPORT_DIR}/{stem}.json and {stem}.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
