"""The glossaries of issue 36 item 3: reading ``docs/i18n/data/*.json`` and rendering the
human-readable ``docs/i18n/<title>.<lang>.md`` from it (``docs/i18n/README.md``).

The JSON is the source; the Markdown is generated. After editing the JSON run
``python -m tests.i18n.glossary`` to rewrite the Markdown; ``test_glossary`` fails while the two
disagree.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "i18n"
DATA = DOCS / "data"
TITLES = ("agricola", "caverna", "village")
LANGS = ("ru", "cs")
LANG_NAMES = {"ru": "Russian", "cs": "Czech"}
TITLE_NAMES = {"agricola": "Agricola", "caverna": "Caverna", "village": "Village"}
SECTION_NAMES = {
    "goods": "Goods",
    "animals": "Animals",
    "spaces": "Action spaces and round cards",
    "majors": "Major improvements",
    "houses": "Houses",
    "furnishings": "Furnishing tiles",
    "tiles": "Tiles",
    "loot": "Expedition loot",
    "buildings": "Craft buildings",
    "cubes": "Cubes",
    "chronicle": "Chronicle categories",
    "scoring": "Scoring categories",
    "titles": "Solo titles",
    "expansions": "Expansions",
    "places": "Places",
    "harvests": "Harvests",
    "phases": "Phases",
    "data_status": "Provisional data marks",
    "terms": "Other game nouns",
}
#: The seed rulebooks by code (``shared/seeds/<code>_*.txt``) and their language.
SEED_LANG = {"000": "ru", "001": "ru", "002": "ru", "003": "ru", "004": "cs"}


def load(name: str) -> dict:
    """One JSON file of ``docs/i18n/data`` ("agricola.ru", "agricola-cards.cs", ...)."""
    with open(DATA / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


def entries(doc: dict):
    """(section, identifier, entry) for every entry of a glossary file."""
    for section, table in doc["sections"].items():
        for key, entry in table.items():
            yield section, key, entry


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _cites(cites: list[dict]) -> str:
    return "; ".join(f"`{c['at']}` «{c['quote']}»" for c in cites)


def _forms(entry: dict) -> str:
    parts = []
    if "gender" in entry:
        parts.append(entry["gender"] + ".")
    if "count" in entry:
        c = entry["count"]
        parts.append(f"1 {c['one']} · 2 {c['few']} · 5 {c['many']}")
        if "count_acc" in entry:
            a = entry["count_acc"]
            parts.append(f"acc. 1 {a['one']} · 2 {a['few']} · 5 {a['many']}")
    elif "forms" in entry:
        parts.append(", ".join(f"{k} {v}" for k, v in entry["forms"].items()))
    return "; ".join(parts)


def _notes(entry: dict) -> str:
    notes = [entry["note"]] if entry.get("note") else []
    seen = entry.get("count_seen") or {}
    if seen:
        order = [k for k in ("one", "few", "many") if k in seen]
        notes.append("counted so in the seed: " + _cites([seen[k] for k in order]))
    return " ".join(notes)


def _count(doc: dict) -> tuple[int, int]:
    sources = [e["source"] for _, _, e in entries(doc)]
    return sources.count("seed"), sources.count("project")


def render(title: str, lang: str) -> str:
    """The Markdown glossary of ``title`` in ``lang``."""
    doc = load(f"{title}.{lang}")
    cards = load(f"agricola-cards.{lang}")["cards"] if title == "agricola" else {}
    seed_n, project_n = _count(doc)
    lines = [
        f"# {TITLE_NAMES[title]}: {LANG_NAMES[lang]} glossary ({lang})",
        "",
        "Generated from `docs/i18n/data/"
        f"{title}.{lang}.json` by `python -m tests.i18n.glossary`; edit the JSON, not this "
        "file. See `docs/i18n/README.md` for the format and the sources.",
        "",
        f"**Source** `seed`: the term as the {LANG_NAMES[lang]} rulebook prints it, at the cited "
        "line (`000:L512` = line 512 of `shared/seeds/000_*.txt`). `project`: this project's "
        "translation; a citation beside it shows the seed words it was built from.",
        "",
    ]
    if doc["seeds"]:
        lines += ["Seeds used:", ""]
        lines += [f"* `{code}`: {text}" for code, text in doc["seeds"].items()]
    else:
        lines.append(
            f"No {LANG_NAMES[lang]} rulebook of {TITLE_NAMES[title]} is among the seeds: every "
            "term here is this project's translation."
        )
    lines += [
        "",
        f"Terms: {seed_n + project_n} ({seed_n} from the seed, {project_n} this project's).",
    ]
    if cards:
        seed_cards = sum(1 for c in cards.values() if c["source"] == "seed")
        lines.append(
            f"Card names: {len(cards)} ({seed_cards} from the seed, "
            f"{len(cards) - seed_cards} this project's); every card text is this project's "
            "translation of the English summary the service shows (the seeds print no card "
            "texts)."
        )
    lines.append("")
    for section, table in doc["sections"].items():
        lines += [
            f"## {SECTION_NAMES.get(section, section)} (`{section}`)",
            "",
            "| Identifier | English (service) | Term | Source | Seed line | Forms | Notes |",
            "|---|---|---|---|---|---|---|",
        ]
        for key, e in table.items():
            row = (
                f"`{key}`",
                e["en"],
                f"**{e['term']}**",
                e["source"],
                _cites(e["seed"]),
                _forms(e),
                _notes(e),
            )
            lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
        lines.append("")
    if cards:
        lines += [
            "## Cards (`agricola-cards." + lang + ".json`)",
            "",
            "Names only; the texts are in the JSON file.",
            "",
            "| Card | English | Name | Source | Seed line | Notes |",
            "|---|---|---|---|---|---|",
        ]
        for cid, c in cards.items():
            row = (
                f"`{cid}`",
                c["en"]["name"],
                f"**{c['name']}**",
                c["source"],
                _cites(c["seed"]),
                c.get("note", ""),
            )
            lines.append("| " + " | ".join(_cell(x) for x in row) + " |")
        lines.append("")
    return "\n".join(lines)


def path(title: str, lang: str) -> Path:
    return DOCS / f"{title}.{lang}.md"


def main() -> None:
    for title in TITLES:
        for lang in LANGS:
            path(title, lang).write_text(render(title, lang), encoding="utf-8")


#: Words of a term or quote for comparing them (letters only, lower case, ё as е, no particles).
STOP = frozenset(
    "и или в на с со за к по из до от а о для a nebo i v na s se z za do k o po pro od".split()
)


def words(text: str) -> list[str]:
    text = text.lower().replace("ё", "е")
    return [
        w for w in re.findall(r"[^\W\d_]+", text) if w.isalpha() and len(w) > 1 and w not in STOP
    ]


def same_word(a: str, b: str) -> bool:
    """Two inflected forms of one word: they share all but their last two letters (дерево /
    деревьев, овца / овец, jíl / jílů)."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n >= max(min(len(a), len(b)) - 2, 2)


def unmatched(term: str, quotes: list[str]) -> list[str]:
    """The words of ``term`` that no word of ``quotes`` inflects."""
    seen = [w for q in quotes for w in words(q)]
    return [w for w in words(term) if not any(same_word(w, q) for q in seen)]


def normal(text: str) -> str:
    """A seed line or quote with case, ё, guillemets and markup set aside."""
    text = text.lower().replace("ё", "е").replace("\u00a0", " ")
    text = re.sub(r"[«»„“”\"*_$]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def quoted(quote: str, line: str) -> bool:
    """Whether ``line`` holds ``quote`` as whole words."""
    pattern = r"(?<!\w)" + re.escape(normal(quote)) + r"(?!\w)"
    return re.search(pattern, normal(line)) is not None


if __name__ == "__main__":
    main()
