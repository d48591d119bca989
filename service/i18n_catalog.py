"""The messages the code uses, and the catalogues kept in step with them (``make i18n``).

The messages come from three places:

* calls in the code and the templates (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``,
  ``N_``, ``NP_``, Jinja's ``_``), found by Babel's extractors;
* the domain's tables of English sentences, read where they live (the error sentences of every
  title, ``domain.common.errors.MESSAGES``; Agricola's event sentences, ``TEMPLATES``, …): they
  are translated where they are read, so the tables stay plain data;
* the game nouns (space, improvement and card names, card texts, counted goods), whose
  translations come from the glossaries ``docs/i18n/data/*.json`` (the rulebooks' words):
  ``update()`` fills an empty translation of a noun from there.

``update()`` rewrites ``locales/<lang>/LC_MESSAGES/messages.po`` for ``ru`` and
``cs``: messages the code uses are added (empty, or from the glossary), translations kept, and
messages the code no longer uses dropped. ``python -m service.i18n_catalog`` runs it.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from locales import LANGUAGES, po_path

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "i18n" / "data"
#: the Python packages scanned for calls, and the template folders
PACKAGES = ("domain", "service", "projections", "workers", "locales")
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "NP_": ((1, "c"), 2),
    "_says": None,  # a move label's whole message (domain/agricola/cards/labels.py)
}
METHODS = [("**/templates/**.html", "jinja2.ext:babel_extract"), ("**.py", "python")]
#: the Agricola glossary's sections used as message contexts ("agricola spaces")
AGRICOLA_SECTIONS = ("spaces", "majors", "houses", "goods", "animals", "scoring")
#: the decision taken for issue 36: wood counted as a count noun in Russian ("5 деревьев"),
#: where the glossary keeps the rulebook's mass count ("5 дерева", seed 000 L271)
COUNT_OVERRIDES = {("ru", "wood", "many"): "деревьев"}

Key = tuple[str | None, str]


def _add(
    found: dict[Key, str | None], context: str | None, msgid: str, plural: str | None = None
) -> None:
    if msgid:
        found[(context, msgid)] = plural


def extracted() -> dict[Key, str | None]:
    """``{(context, msgid): msgid_plural or None}`` of every message the code uses."""
    found: dict[Key, str | None] = {}
    for package in PACKAGES:
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / package), METHODS, keywords=KEYWORDS, comment_tags=()
        ):
            if isinstance(message, tuple):
                _add(found, context, message[0], message[1])
            else:
                _add(found, context, message)
    for context, msgid, plural in table_messages():
        _add(found, context, msgid, plural)
    return found


def table_messages() -> list[tuple[str | None, str, str | None]]:
    """The messages of the domain's tables (see the module docstring)."""
    import domain
    from domain.platform import registry

    for module in pkgutil.walk_packages(domain.__path__, "domain."):  # every error sentence
        importlib.import_module(module.name)
    from domain.agricola import text as agricola_text
    from domain.agricola.cards.catalogue import CARDS
    from domain.agricola.tables import HOUSE_NAMES, MAJOR_IMPROVEMENTS, PLURAL, SINGULAR
    from domain.common import errors

    from .blueprints import clocks  # noqa: F401 (the service's own error sentences)

    out: list[tuple[str | None, str, str | None]] = []
    for title in registry.all_current():  # (every title registers its error sentences)
        if type(title).__module__.startswith("domain."):
            out.append(("title", title.display_name or title.name, None))
            out += [("variant", v.name, None) for v in title.variants]
    out += [(None, m, None) for m in errors.MESSAGES.values()]
    out += [(None, m, None) for m in agricola_text.TEMPLATES.values()]
    out += [("agricola option", m, None) for m in agricola_text.OPTIONS.values()]
    out += [("agricola room material", m, None) for m in agricola_text.MATERIALS.values()]
    out += [("agricola houses", m, None) for m in HOUSE_NAMES.values()]
    ctx = agricola_text.COUNT_CONTEXT
    out += [(ctx, one, many) for one, many in agricola_text.count_messages().values()]
    out += [("agricola goods", m, None) for m in {*SINGULAR.values(), *PLURAL.values()}]
    out += [("agricola majors", row["name"], None) for row in MAJOR_IMPROVEMENTS.values()]
    for card in CARDS.values():
        out.append(("agricola card name", card["name"], None))
        out.append(("agricola card text", card["summary"], None))
    spaces = _glossary("agricola", "ru")["sections"]["spaces"]
    out += [("agricola spaces", row["en"], None) for row in spaces.values()]
    return out + _caverna_messages() + _village_messages() + _service_messages()


def _why_messages() -> list[tuple[str | None, str, str | None]]:
    from domain.agricola import why as agricola_why
    from domain.caverna import why as caverna_why
    from domain.common import why

    out: list[tuple[str | None, str, str | None]] = [(None, why.GAME_OVER, None)]
    for module in (agricola_why, caverna_why):
        out += [(None, m, None) for m in module.PHASE_WORDS.values()]
    out += [("board", b, None) for b in ("farmyard", "home board")]
    for title in ("agricola", "caverna", "village"):
        phases = _glossary(title, "ru")["sections"]["phases"]
        out += [("phase", key.replace("_", " "), None) for key in phases]
    return out


def _service_messages() -> list[tuple[str | None, str, str | None]]:
    from . import i18n_fields, problems

    titles = {title for _, _, title in problems.DOMAIN_STATUS}
    titles |= {problems._phrase(status) for status in problems.HTTP_CODES}
    titles |= {"Invalid request", *problems.PAGE_TITLES}
    out: list[tuple[str | None, str, str | None]] = [
        ("problem title", t, None) for t in sorted(titles)
    ]
    out += [(None, m, None) for m in problems.HTTP_DETAILS.values()]
    out += [(i18n_fields.CONTEXT, m, None) for m in (*i18n_fields.TEMPLATES, *i18n_fields.OWN)]
    out += [("status", s, None) for s in ("active", "finished")]
    out += _why_messages()
    for title in ("agricola", "caverna", "village"):  # score sheets (their labels: glossaries)
        rows = _glossary(title, "ru")["sections"]["scoring"].values()
        out += [(f"{title} scoring", row["en"], None) for row in rows]
    from domain.platform import registry

    for rules in registry.all_current():
        series = rules.series() if type(rules).__module__.startswith("domain.") else None
        if series is not None and series.description:
            out.append((None, series.description, None))
    out += [("clock", c, None) for c in ("per_move", "correspondence")]
    try:  # the notices' grid (service/push_api.py), where push is installed
        from . import push_api
    except ImportError:
        push_api = None  # type: ignore[assignment]
    if push_api is not None:
        grid = push_api.notice_kinds()
        out += [("notice", w, None) for w in grid["kinds"].values()]
        out += [("channel", w, None) for w in grid["channels"].values()]
    return out


def _village_messages() -> list[tuple[str | None, str, str | None]]:
    from domain.village import pack, sheet_words, text

    out: list[tuple[str | None, str, str | None]] = []
    out += [(None, m, None) for m in (*text.DIED.values(), *text.MOVED.values())]
    out += [(text.COUNT_CONTEXT, one, many) for one, many in text.count_messages().values()]
    out += [("village why", m, None) for m in text.WHY.values()]
    out += [("village place", m, None) for m in text.PLACES.values()]
    out += [("village at", m, None) for m in text.AT.values()]
    out += [("village spaces", m, None) for m in text.SPACE_NAMES.values()]
    out += [("village buildings", m, None) for m in text.BUILDING_NAMES.values()]
    out += [("village cube", m, None) for m in text.A_CUBE.values()]
    out += [("village colour", m, None) for m in text.COLOUR_WORDS]
    out += [("village end place", m, None) for m in ("chronicle", "graves")]
    out += [
        ("village scoring", one, many) for _, (one, many) in sheet_words.COUNTED_LABELS.values()
    ]
    chronicle = _glossary("village", "ru")["sections"]["chronicle"]
    out += [("village chronicle", key, None) for key in chronicle]
    out += [
        ("village data status", "{n} " + one, "{n} " + many)
        for one, many, _ in pack.KIND_WORDS.values()
    ]
    return out


def _caverna_messages() -> list[tuple[str | None, str, str | None]]:
    from domain.caverna import text, words
    from domain.caverna.furnishings import FURNISHINGS
    from domain.caverna.spaces import SPACES

    out: list[tuple[str | None, str, str | None]] = []
    out += [(None, m, None) for m in (*text._ASKED.values(), *text._RECEIVED.values())]
    out += [("caverna tile placed", m, None) for m in text._TILES.values()]
    out += [("caverna loot", m, None) for m in text._LOOT.values()]
    out += [("caverna harvests", m, None) for m in text._HARVESTS.values()]
    out += [(words.COUNT_CONTEXT, one, many) for one, many in words.count_messages().values()]
    out += [("caverna goods", g, None) for g in ("grain", "vegetable")]
    out += [("caverna spaces", row["name"], None) for row in SPACES.values()]
    out += [("caverna furnishings", row["name"], None) for row in FURNISHINGS.values()]
    out.append(("caverna furnishings", "Entry-level dwelling", None))
    phases = _glossary("caverna", "ru")["sections"]["phases"]
    out += [("caverna phase", key.replace("_", " "), None) for key in phases]
    tiles = _glossary("caverna", "ru")["sections"]["tiles"]
    out += [("caverna tiles", key, None) for key in tiles]  # by key: the board's cells
    out += [("caverna furnishing id", key, None) for key in FURNISHINGS]  # the board's list
    out += [("caverna harvest marker", m, None) for m in ("red",)]
    return out


def _glossary(name: str, lang: str) -> dict:
    return json.loads((GLOSSARY / f"{name}.{lang}.json").read_text(encoding="utf-8"))


def glossary_terms(lang: str) -> dict[Key, str | tuple[str, ...]]:
    """Translations of the game nouns from the glossaries (the rulebooks' words)."""
    from domain.agricola import text as agricola_text

    out: dict[Key, str | tuple[str, ...]] = {}
    data = _glossary("agricola", lang)
    for section in AGRICOLA_SECTIONS:
        for key, row in data["sections"][section].items():
            out[(f"agricola {section}", row["en"])] = row["term"]
            if section in ("goods", "animals"):
                out[("agricola goods", row["en"])] = row["term"]
                forms = row.get("count_acc") or row["count"]
                counted = tuple(
                    "{n} " + COUNT_OVERRIDES.get((lang, key, c), forms[c])
                    for c in ("one", "few", "many")
                )
                singular = agricola_text.count_messages().get(key, ("",))[0]
                out[(agricola_text.COUNT_CONTEXT, singular)] = counted
    out.update(_caverna_terms(lang))
    out.update(_village_terms(lang))
    for title in ("agricola", "caverna", "village"):
        for row in _glossary(title, lang)["sections"]["scoring"].values():
            out[(f"{title} scoring", row["en"])] = row["term"]
    for title in ("village", "caverna", "agricola"):  # the first title's word wins a clash
        for key, row in _glossary(title, lang)["sections"]["phases"].items():
            term = row["term"]
            out[("phase", key.replace("_", " "))] = term[:1].lower() + term[1:]
    cards = _glossary("agricola-cards", lang)["cards"]
    for row in cards.values():
        out[("agricola card name", row["en"]["name"])] = row["name"]
        out[("agricola card text", row["en"]["text"])] = row["text"]
    return out


def _caverna_terms(lang: str) -> dict[Key, str | tuple[str, ...]]:
    from domain.caverna import text, words

    out: dict[Key, str | tuple[str, ...]] = {}
    sections = _glossary("caverna", lang)["sections"]
    for section in ("spaces", "furnishings"):
        for row in sections[section].values():
            out[(f"caverna {section}", row["en"])] = row["term"]
    for key, row in sections["tiles"].items():
        out[("caverna tiles", key)] = row["term"]
    for key, row in sections["furnishings"].items():
        out[("caverna furnishing id", key)] = row["term"]
        if key in text._TILES:
            out[("caverna tile placed", text._TILES[key])] = row["term"]
    for key, row in sections["loot"].items():
        if key in text._LOOT:
            out[("caverna loot", text._LOOT[key])] = row["term"]
    for key, row in sections["phases"].items():
        term = row["term"]
        out[("caverna phase", key.replace("_", " "))] = term[:1].lower() + term[1:]
    for key, row in sections["harvests"].items():
        if key in text._HARVESTS:
            out[("caverna harvests", text._HARVESTS[key])] = row["term"]
    counted = words.count_messages()
    for section in ("goods", "animals"):
        for key, row in sections[section].items():
            if key in ("grain", "vegetable"):
                out[("caverna goods", key)] = row["term"]
            if key in counted:
                forms = row.get("count_acc") or row["count"]
                out[(words.COUNT_CONTEXT, counted[key][0])] = tuple(
                    "{n} " + forms[c] for c in ("one", "few", "many")
                )
    return out


def _village_terms(lang: str) -> dict[Key, str | tuple[str, ...]]:
    from domain.village import text

    out: dict[Key, str | tuple[str, ...]] = {}
    sections = _glossary("village", lang)["sections"]
    for section in ("spaces", "buildings"):
        for row in sections[section].values():
            out[(f"village {section}", row["en"])] = row["term"]
    for key, row in sections["chronicle"].items():
        out[("village chronicle", key)] = row["term"].lower()
    counted = text.count_messages()
    for section in ("cubes", "goods"):
        for key, row in sections[section].items():
            if key in counted:
                forms = row.get("count_acc") or row["count"]
                out[(text.COUNT_CONTEXT, counted[key][0])] = tuple(
                    "{n} " + forms[c] for c in ("one", "few", "many")
                )
            if key in text.A_CUBE:
                forms = row.get("count_acc") or row["count"]
                out[("village cube", text.A_CUBE[key])] = forms["one"]
    return out


def plural_forms(lang: str) -> str:
    return _glossary("agricola", lang)["plural_forms"]


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def update(langs: tuple[str, ...] = LANGUAGES[1:]) -> dict[str, dict[str, int]]:
    """Bring each catalogue in step with the code (see the module docstring); counts per
    language of messages ``kept``, ``added`` (of them ``from_glossary``), ``dropped``."""
    used = extracted()
    report = {}
    for lang in langs:
        path = po_path(lang)
        old = read(lang) if path.exists() else Catalog(locale=lang)
        terms = glossary_terms(lang)
        new = Catalog(
            locale=lang,
            project="Chronicle",
            version="1",
            charset="utf-8",
            fuzzy=False,
        )
        counts = {"kept": 0, "added": 0, "from_glossary": 0, "dropped": 0}
        for (context, msgid), plural in sorted(
            used.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
        ):
            key = (msgid, plural) if plural else msgid
            previous = old.get(msgid, context=context)
            string: str | tuple[str, ...] | list[str] | None = ("", "", "") if plural else ""
            if previous is not None and _complete(previous.string):
                string = previous.string
                counts["kept"] += 1
            elif (context, msgid) in terms:
                string = terms[(context, msgid)]
                counts["added"] += 1
                counts["from_glossary"] += 1
            else:
                counts["added"] += 1
            new.add(key, string, context=context)
        counts["dropped"] = sum(1 for m in old if m.id and (m.context, _id(m.id)) not in used)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, new, width=100, omit_header=False, sort_output=False)
        report[lang] = counts
    return report


def _id(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid[0] if isinstance(msgid, tuple | list) else msgid


def _complete(string: str | tuple[str, ...] | list[str] | None) -> bool:
    strings = string if isinstance(string, tuple) else (string,)
    return all(strings)


if __name__ == "__main__":
    for language, counts in update().items():
        print(language, counts)
