"""The gettext catalogues of Chronicle's languages, and the one way to load them (issue 36).

``locales/<lang>/LC_MESSAGES/messages.po`` holds every message the code uses in ``ru`` and
``cs`` (English is the code's own text). The catalogues ship in the wheel as package data and
are read into memory on first use in a process (Babel's ``read_po``, into plain dictionaries:
:class:`Catalogue`): nobody runs a build step, and an edited ``.po`` is what the next process
serves. ``make i18n`` keeps them in step with the code (``service/i18n_catalog.py``).

A leaf package: it imports Babel and ``domain.common.i18n`` only, so that the web service and
the workers (a notice is written in its recipient's language) load the same catalogues.

* :func:`translations` gives a language's catalogue; a message it lacks falls back to the
  English text and is logged once per process (:class:`_Missing`).
* :func:`translate` binds a language for a block: ``with translate("ru"): ...`` (a notice to
  one recipient, an export, a push message); the domain's sentences and the templates rendered
  inside speak it.
"""

from __future__ import annotations

import gettext as gettext_module
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from domain.common import i18n as domain_i18n

log = logging.getLogger(__name__)

#: the languages shipped, English first (the code's own language)
LANGUAGES = domain_i18n.LANGUAGES
#: each language in its own words (the switch on every page)
NAMES = {"en": "English", "ru": "Русский", "cs": "Čeština"}
DEFAULT = "en"
DIRECTORY = Path(__file__).parent
DOMAIN = "messages"

_LOCK = threading.Lock()
_CACHE: dict[str, Catalogue] = {}


class _Missing:
    """The fallback of a catalogue: the English text, each missing message logged once."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.seen: set[tuple[str | None, str]] = set()

    def _note(self, context: str | None, message: str) -> None:
        key = (context, message)
        if key not in self.seen:
            self.seen.add(key)
            log.warning("no %s translation of %r (context %r)", self.lang, message, context)

    def gettext(self, message: str) -> str:
        self._note(None, message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._note(None, singular)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        self._note(context, message)
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self._note(context, singular)
        return singular if n == 1 else plural

    ugettext = gettext
    ungettext = ngettext


def po_path(lang: str) -> Path:
    return DIRECTORY / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


#: the plural index of each language's catalogue, written out (the catalogues' ``Plural-Forms``
#: say the same; tests/i18n check it for every number to 1000): ``msgstr[0]`` 1, 21, 31 …,
#: ``msgstr[1]`` 2-4, 22-24 …, ``msgstr[2]`` the rest (Czech: 1; 2-4; the rest)
PLURAL_INDEX: dict[str, Callable[[int], int]] = {
    "ru": lambda n: (
        0
        if n % 10 == 1 and n % 100 != 11
        else 1
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
        else 2
    ),
    "cs": lambda n: 0 if n == 1 else 1 if 2 <= n <= 4 else 2,
}


class Catalogue:
    """A language's messages in plain dictionaries (one lookup per message, no ``.mo``
    round trip); what it lacks comes from ``fallback`` (English, logged once)."""

    def __init__(self, lang: str, catalog: Any, fallback: _Missing) -> None:
        self.lang = lang
        self.fallback = fallback
        self.plural_forms = catalog.plural_forms
        self.plural = PLURAL_INDEX.get(lang) or gettext_module.c2py(catalog.plural_expr)
        self.plain: dict[str, str] = {}
        self.contextual: dict[tuple[str, str], str] = {}
        self.plurals: dict[tuple[str | None, str], tuple[str, ...]] = {}
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple):
                forms = tuple(message.string)
                if all(forms):
                    self.plurals[(message.context, message.id[0])] = forms
            elif message.string:
                if message.context is None:
                    self.plain[message.id] = message.string
                else:
                    self.contextual[(message.context, message.id)] = message.string

    def gettext(self, message: str) -> str:
        found = self.plain.get(message)
        return found if found is not None else self.fallback.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        found = self.contextual.get((context, message))
        return found if found is not None else self.fallback.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get((None, singular))
        if forms is None:
            return self.fallback.ngettext(singular, plural, n)
        return forms[self.plural(n)]

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get((context, singular))
        if forms is None:
            return self.fallback.npgettext(context, singular, plural, n)
        return forms[self.plural(n)]

    # the names Flask-Babel and Jinja's i18n extension call
    ugettext = gettext
    ungettext = ngettext
    upgettext = pgettext
    unpgettext = npgettext


def compile_catalogue(lang: str) -> Catalogue:
    """The ``.po`` of ``lang`` read into a :class:`Catalogue` (untranslated and fuzzy entries
    left out, so they fall back to English and are logged)."""
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return Catalogue(lang, catalog, _Missing(lang))


def translations(lang: str) -> Any:
    """The catalogue of ``lang`` (English: the code's own words), compiled once per process."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return domain_i18n.ENGLISH
    found = _CACHE.get(lang)
    if found is None:
        with _LOCK:
            found = _CACHE.get(lang)
            if found is None:
                found = compile_catalogue(lang)
                _CACHE[lang] = found
    return found


def missing(lang: str) -> set[tuple[str | None, str]]:
    """The messages looked up in ``lang`` and not found there so far in this process."""
    found = translations(lang)
    return set(found.fallback.seen) if isinstance(found, Catalogue) else set()


def normalise(value: object) -> str | None:
    """A shipped language code from a user's value (``"ru"``, ``"RU"``, ``"cs-CZ"``), else
    None: anything else (unknown, malformed, too long) is ignored."""
    if not isinstance(value, str) or not 0 < len(value) <= 35:
        return None
    code = value.strip().replace("_", "-").split("-", 1)[0].lower()
    return code if code in LANGUAGES else None


@contextmanager
def translate(lang: str | None) -> Iterator[str]:
    """Bind ``lang`` (English when it is not shipped) for the block: the domain's sentences and
    the templates rendered inside speak it. Yields the language used."""
    code = normalise(lang) or DEFAULT
    with domain_i18n.bound(translations(code), code):
        yield code
