"""Words in the reader's language, bound at read time (issue 36).

Events are language-neutral facts; sentences are made from them when someone reads them. The
domain therefore writes its sentences in English, marked for the gettext catalogues, and looks
each one up through a *translator* that the caller binds for the duration of a read:

* ``gettext``/``ngettext``/``pgettext``/``npgettext`` look a message up in the translator bound
  now (English when none is: the domain alone, a bot, a test, speaks English);
* ``N_``/``NP_`` only mark a string of a data table for extraction (``make i18n``); the table is
  translated where it is read, with ``gettext(TABLE[key])``;
* ``bound(translator)`` binds a translator (a ``gettext.NullTranslations``-like object: the
  service binds a Babel catalogue per request, per notice recipient or per export) for the
  current context only (a ``ContextVar``: threads and async tasks never see each other's).

The domain stays pure: it never opens a catalogue, reads a file or asks who is reading; the
composition root (``service/i18n.py``) loads the catalogues and binds them.

Plural forms come from the catalogue's ``Plural-Forms`` (Russian and Czech have three:
1 дерево / 2 дерева / 5 деревьев). Sentences whose words change case are whole messages, never
glued fragments; fragments are kept to counted nouns and lists.
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol


class Translator(Protocol):
    """What a bound translator provides (``gettext.NullTranslations`` does)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


#: the languages Chronicle speaks (the catalogues: ``locales/``)
LANGUAGES = ("en", "ru", "cs")

#: the English of the code itself: every message is its own translation
ENGLISH: Any = _gettext.NullTranslations()

_CURRENT: ContextVar[Any] = ContextVar("chronicle_translator", default=ENGLISH)
_LANG: ContextVar[str] = ContextVar("chronicle_language", default="en")


def gettext(message: str) -> str:
    """``message`` in the bound language."""
    return _CURRENT.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the number ``n`` in the bound language."""
    return _CURRENT.get().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (e.g. ``"agricola space"``) in the bound language."""
    return _CURRENT.get().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Counted ``singular``/``plural`` in ``context`` in the bound language."""
    return _CURRENT.get().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is read."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction; translated where read."""
    return message


def current() -> Any:
    """The translator bound now."""
    return _CURRENT.get()


def language() -> str:
    """The code of the bound language (``"en"`` when none is bound)."""
    return _LANG.get()


@contextmanager
def bound(translator: Any, lang: str) -> Iterator[None]:
    """Bind ``translator`` (language ``lang``) for the code run inside the ``with`` block."""
    token, lang_token = _CURRENT.set(translator), _LANG.set(lang)
    try:
        yield
    finally:
        _CURRENT.reset(token)
        _LANG.reset(lang_token)


def bind(translator: Any, lang: str) -> tuple[Any, Any]:
    """Bind without a block (a web request's hooks); give the result to :func:`unbind`."""
    return _CURRENT.set(translator), _LANG.set(lang)


def unbind(tokens: tuple[Any, Any]) -> None:
    """Undo one :func:`bind`."""
    _CURRENT.reset(tokens[0])
    _LANG.reset(tokens[1])


#: title -> its score-sheet labels that carry a count, in the reader's words (a title's text
#: module registers its own: :func:`register_sheet_labels`)
SHEET_LABELS: dict[str, Any] = {}


def register_sheet_labels(title: str, label_of: Any) -> None:
    """``label_of(category)`` gives ``title``'s score-sheet labels that carry a count ("Travel
    (3 cities)") in the reader's words, None for a plain label."""
    SHEET_LABELS[title] = label_of


def sheet_in_language(sheet: dict, title: str, label_of: Any = None) -> dict:
    """A score sheet whose category labels are in the reader's language (context
    "<title> scoring": the rulebook's words, ``docs/i18n``); the sheet itself when English.
    ``label_of(category)`` gives a label that carries a count ("Travel (3 cities)") in the
    reader's words, or None for a plain label."""
    if _LANG.get() == "en":
        return sheet
    context = f"{title} scoring"
    label_of = label_of or SHEET_LABELS.get(title)

    def label(cat: dict) -> str:
        said = label_of(cat) if label_of is not None else None
        return said if said is not None else pgettext(context, cat["label"])

    seats = []
    for seat in sheet.get("seats", []):
        categories = [
            {**cat, "label": label(cat)} if "label" in cat else cat
            for cat in seat.get("categories", [])
        ]
        seats.append({**seat, "categories": categories})
    return {**sheet, "seats": seats}


def join_list(items: list[str], empty: str = "") -> str:
    """ "a", "a and b", "a, b and c" in the bound language."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


_SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
_CARD = re.compile(r"\bcard ([EIK]\d+)\b")


def rulebook_citation(
    rule: str | None, readers: dict, lines: dict, cards: dict | None = None
) -> str | None:
    """``rule`` (a rules-digest citation: "agricola digest §5.8; card E148 (Academic)")
    pointed into the reader's own rulebook where one exists: "rulebook, lines 304, 494-498
    (§5.8)" with the lines of the seed the reader's language reads (``readers``: language ->
    seed; ``lines``: digest section -> seed -> line references; ``cards``: seed -> card -> the
    line of the card's ruling). The digest's citation itself in English, or where the
    reader's language has no rulebook."""
    seed = readers.get(_LANG.get())
    if not rule or seed is None:
        return rule
    key = (rule, seed, id(lines), id(_CURRENT.get()))
    cited = _CITED.get(key)
    if cited is None:
        cited = _CITED[key] = _cite(rule, seed, lines, cards)
    return cited


#: citations said already, by (rule, seed, table, catalogue): a few hundred distinct rules
_CITED: dict[tuple[str, str, int, int], str] = {}


def _cite(rule: str, seed: str, lines: dict, cards: dict | None) -> str:
    refs: list[str] = []
    sections = _SECTION.findall(rule)
    for section in sections:
        key = section
        while key and key not in lines:
            key = key.rpartition(".")[0]
        refs += [r for r in lines.get(key, {}).get(seed, []) if r not in refs]
    rulings = (cards or {}).get(seed, {})
    for card in _CARD.findall(rule):
        if card in rulings and rulings[card] not in refs:
            refs.append(rulings[card])
    if not refs:
        return rule
    said = ", ".join(r.replace("-", "\u2013") for r in refs)
    where = ", ".join(f"§{s}" for s in dict.fromkeys(sections))
    return pgettext("rule citation", "rulebook, lines {lines} (digest {sections})").format(
        lines=said, sections=where
    )


#: the contexts in which an error's string params are looked up, in this order (a fragment of
#: the sentence, a name): ``register_param_context``; ``errors.render`` reads them
PARAM_CONTEXTS: list[str] = ["error part"]


def register_param_context(context: str) -> None:
    """Look an error's string params up in ``context`` too (e.g. a title's card names)."""
    if context not in PARAM_CONTEXTS:
        PARAM_CONTEXTS.append(context)


def known(context: str, message: str) -> str | None:
    """The translation of ``message`` in ``context`` when the bound catalogue holds one, else
    None (nothing logged: for words that may or may not be messages, such as an error's
    params)."""
    table = getattr(_CURRENT.get(), "contextual", None)
    return table.get((context, message)) if isinstance(table, dict) else None


def param_words(params: dict[str, Any]) -> dict[str, Any]:
    """An error's params with every string that is a message of ``PARAM_CONTEXTS`` in the
    bound language (the params themselves in English)."""
    if _LANG.get() == "en":
        return params
    out = {}
    for key, value in params.items():
        if isinstance(value, str):
            for context in PARAM_CONTEXTS:
                said = known(context, value)
                if said is not None:
                    value = said
                    break
        out[key] = value
    return out
