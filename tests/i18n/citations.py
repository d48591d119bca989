"""The seed lines behind each section of the rules digests, for the audit's citations in the
reader's rulebook (issue 36): ``python -m tests.i18n.citations`` reads ``shared/rules/*.md``
(beside the checkout, or the folder ``CHRONICLE_RULES`` names) and writes
``domain/<title>/seed_lines.py``; ``tests/i18n/test_citations.py`` checks the written tables
are the digests' (when the digests are there) and that the audit cites them.

A digest section is a heading ``## 5.`` or ``### 5.8 …``; its seed lines are the citations in
its heading, else the first ones in its body. Agricola's digest names the seed of each
citation (``[000 §ДЕЙСТВИЕ Г, L304; 004 §D, L280–282]``); Caverna's and Village's cite one
seed each (001, 002). A card's line is its ruling in seed 000 (``docs/i18n/data``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: title -> (the seed each language reads, the seed a citation names when it names none)
TITLES = {
    "agricola": ({"ru": "000", "cs": "004"}, None),
    "caverna": ({"ru": "001"}, "001"),
    "village": ({"ru": "002"}, "002"),
}
#: at most this many line references per section and seed (the first ones cited)
MOST = 4

_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.?\s")
_LINE = re.compile(r"\bL(\d+)(?:\s*[–-]\s*L?(\d+))?")
_SEED = re.compile(r"\b(000|001|002|003|004)\b")


def rules_folder() -> Path | None:
    for candidate in (
        os.environ.get("CHRONICLE_RULES"),
        ROOT.parent / "shared" / "rules",
        ROOT.parent.parent / "shared" / "rules",  # a worktree beside the checkout
    ):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def _refs(text: str, default: str | None) -> list[tuple[str, str]]:
    """(seed, "304" or "494-498") in the order cited."""
    out = []
    seed = default
    marks = sorted(
        [(m.start(), "seed", m.group(1)) for m in _SEED.finditer(text)]
        + [(m.start(), "line", m) for m in _LINE.finditer(text)],
        key=lambda t: t[0],
    )
    for _, kind, value in marks:
        if kind == "seed":
            seed = value
        elif seed is not None:
            first, last = value.group(1), value.group(2)
            out.append((seed, f"{first}-{last}" if last and last != first else first))
    return out


def _span(ref: str) -> tuple[int, int]:
    first, _, last = ref.partition("-")
    return int(first), int(last or first)


def _within(ref: str, other: str) -> bool:
    """Whether the lines of ``ref`` are among those of ``other``."""
    (a, b), (c, d) = _span(ref), _span(other)
    return c <= a and b <= d


def section_lines(digest: str, default: str | None) -> dict[str, dict[str, list[str]]]:
    """section -> seed -> line references, from one digest's text."""
    sections: dict[str, tuple[str, list[str]]] = {}
    current = None
    for line in digest.splitlines():
        found = _HEADING.match(line)
        if found:
            current = found.group(1)
            sections[current] = (line, [])
        elif current is not None:
            sections[current][1].append(line)
    out: dict[str, dict[str, list[str]]] = {}
    for section, (heading, body) in sections.items():
        refs = _refs(heading, default) or _refs("\n".join(body), default)
        by_seed: dict[str, list[str]] = {}
        for seed, ref in refs:
            kept = by_seed.setdefault(seed, [])
            if not any(_within(ref, other) for other in kept) and len(kept) < MOST:
                kept.append(ref)
        if by_seed:
            out[section] = by_seed
    return out


def card_lines() -> dict[str, str]:
    """Agricola card id -> the line of its ruling in seed 000."""
    data = json.loads((ROOT / "docs/i18n/data/agricola-cards.ru.json").read_text("utf-8"))
    out = {}
    for card, row in data["cards"].items():
        ruling = row.get("ruling")
        if ruling and ruling.startswith("000:L"):
            out[card] = ruling[5:]
    return dict(sorted(out.items()))


def tables(title: str, folder: Path) -> tuple[dict, dict, dict]:
    """(RULEBOOKS, LINES, CARDS) of ``domain/<title>/seed_lines.py``, from the digest."""
    readers, default = TITLES[title]
    digest = (folder / f"{title}.md").read_text("utf-8")
    wanted = set(readers.values())
    lines = {
        section: {seed: refs for seed, refs in by_seed.items() if seed in wanted}
        for section, by_seed in section_lines(digest, default).items()
    }
    lines = {k: v for k, v in lines.items() if v}
    cards = {"000": card_lines()} if title == "agricola" else {}
    return readers, lines, cards


def render(title: str, folder: Path) -> str:
    """The text of ``domain/<title>/seed_lines.py`` (``ruff format`` it after writing)."""
    readers, lines, cards = tables(title, folder)
    body = [
        f'"""The {title.capitalize()} rulebooks\' lines behind each section of the rules '
        "digest (issue 36:\nthe audit cites the reader's rulebook). Generated by "
        "``python -m tests.i18n.citations`` from\n"
        f'``shared/rules/{title}.md``; do not edit by hand."""',
        "",
        "#: the language -> the seed rulebook it reads (``shared/seeds``)",
        f"RULEBOOKS = {json.dumps(readers, ensure_ascii=False)}",
        "",
        "#: digest section -> seed -> the lines it restates",
        "LINES = " + json.dumps(lines, ensure_ascii=False, indent=4),
        "",
        "#: seed -> card -> the line of its ruling (``docs/i18n/data``)",
        "CARDS: dict[str, dict[str, str]] = " + json.dumps(cards, ensure_ascii=False, indent=4),
    ]
    return "\n".join(body) + "\n"


def target(title: str) -> Path:
    return ROOT / "domain" / title / "seed_lines.py"


if __name__ == "__main__":
    found = rules_folder()
    if found is None:
        raise SystemExit("the rules digests (shared/rules) are not beside this checkout")
    for name in TITLES:
        target(name).write_text(render(name, found), encoding="utf-8")
        print("wrote", target(name), "(now run ruff format on it)")
