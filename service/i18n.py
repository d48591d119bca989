"""The reader's language (issue 36): English, Russian and Czech with Flask-Babel.

Catalogues are gettext ``.po`` files in ``service/translations/<lang>/LC_MESSAGES/messages.po``
(shipped in the wheel as package data). They are compiled in memory on first use in a process
(Babel's ``read_po`` and ``write_mo``): nobody runs a build step, and a ``.po`` edited in place is
what the next process serves. ``make i18n`` extracts the messages the code uses and updates the
catalogues (``service/i18n_catalog.py``).

* :func:`translations` gives a language's catalogue; a message it lacks falls back to the English
  text and is logged once per process (:class:`_Missing`).
* :func:`translate` binds a language for a block: ``with translate("ru"): describe(...)`` (a
  notice to one recipient, an export, a worker's push). The domain's sentences
  (``domain.common.i18n``) and Jinja's ``_()`` both follow it.
* :func:`init_app` installs Flask-Babel with :func:`select_language` (``?lang=``, which also
  sets the cookie and an account's setting, then the account's setting, the ``lang`` cookie,
  ``Accept-Language``, else English) and binds the request's language for the domain.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from flask import Flask, g, request

from domain.common import i18n as domain_i18n

log = logging.getLogger(__name__)

#: the languages shipped, English first (the code's own language)
LANGUAGES = ("en", "ru", "cs")
#: each language in its own words (the switch on every page)
NAMES = {"en": "English", "ru": "Русский", "cs": "Čeština"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
DIRECTORY = Path(__file__).parent / "translations"
DOMAIN = "messages"

_LOCK = threading.Lock()
_CACHE: dict[str, object] = {}


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


def compile_catalogue(lang: str) -> Translations:
    """The ``.po`` of ``lang`` compiled in memory (untranslated and fuzzy entries left out, so
    they fall back to English and are logged)."""
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    for message in list(catalog):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and (message.fuzzy or not all(strings)):
            catalog.delete(message.id, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def translations(lang: str):
    """The catalogue of ``lang`` (English: the code's own words), compiled once per process."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return domain_i18n.ENGLISH
    found = _CACHE.get(lang)
    if found is None:
        with _LOCK:
            found = _CACHE.get(lang)
            if found is None:
                found = compile_catalogue(lang)
                found.add_fallback(_Missing(lang))
                _CACHE[lang] = found
    return found


def missing(lang: str) -> set[tuple[str | None, str]]:
    """The messages looked up in ``lang`` and not found there so far in this process."""
    found = translations(lang)
    fallback = getattr(found, "_fallback", None)
    return set(fallback.seen) if isinstance(fallback, _Missing) else set()


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


def gettext(message: str) -> str:
    """``message`` in the bound language (service code outside templates)."""
    return domain_i18n.gettext(message)


# -- the request's language ------------------------------------------------------------------
def _accept_language() -> str | None:
    try:
        return request.accept_languages.best_match(LANGUAGES)
    except Exception:  # a header werkzeug cannot parse: as if there were none
        return None


def _account_language() -> str | None:
    try:
        from .accounts.sessions import current_account, side

        account = current_account()
        if account is None:
            return None
        return normalise(side().people.language_of(str(account.id)))
    except Exception:  # accounts not installed, or the store unreachable: not the page's fault
        return None


def select_language() -> str:
    """``?lang=``, the account's setting, the ``lang`` cookie, ``Accept-Language``, English."""
    if "chronicle_lang" in g:
        return g.chronicle_lang
    asked = normalise(request.args.get("lang"))
    lang = (
        asked
        or _account_language()
        or normalise(request.cookies.get(COOKIE))
        or _accept_language()
        or DEFAULT
    )
    g.chronicle_lang = lang
    g.chronicle_lang_asked = asked
    return lang


def _remember(lang: str) -> None:
    """A ``?lang=`` choice of a signed-in account becomes its setting."""
    try:
        from .accounts.sessions import current_account, side

        account = current_account()
        if account is not None:
            people = side().people
            if people.language_of(str(account.id)) != lang:
                people.set_language(str(account.id), lang)
    except Exception:
        log.exception("the account's language could not be saved")


def _flask_babel_domain():
    """Flask-Babel's domain whose translations are the ones bound now (the request's, or a
    notice's inside :func:`translate`)."""
    from flask_babel import Domain

    class CatalogueDomain(Domain):
        def get_translations(self):
            return domain_i18n.current()

    return CatalogueDomain(domain=DOMAIN)


def init_app(app: Flask) -> None:
    """Install Flask-Babel, the request's language and the ``lang`` cookie on ``app``."""
    from flask_babel import Babel

    babel = Babel()
    babel.init_app(app, locale_selector=select_language, default_domain=DOMAIN)
    babel.domain_instance = _flask_babel_domain()
    # templates look their words up in the language bound now, like the domain's sentences:
    # the request's (bound below), or a notice recipient's (``translate``), in or out of a request
    app.jinja_env.install_gettext_callables(
        gettext=domain_i18n.gettext,
        ngettext=domain_i18n.ngettext,
        pgettext=domain_i18n.pgettext,
        npgettext=domain_i18n.npgettext,
        newstyle=True,
    )
    app.jinja_env.globals.update(
        current_language=select_language,
        languages=NAMES,
        language_url=language_url,
    )

    @app.before_request
    def _bind_language() -> None:
        lang = select_language()
        g.chronicle_lang_tokens = domain_i18n.bind(translations(lang), lang)
        if g.chronicle_lang_asked:
            _remember(lang)

    @app.teardown_request
    def _unbind_language(_exc=None) -> None:
        tokens = g.pop("chronicle_lang_tokens", None)
        if tokens is not None:
            try:
                domain_i18n.unbind(tokens)
            except ValueError:  # bound in another context (a streamed response)
                pass

    @app.after_request
    def _language_headers(response):
        if "chronicle_lang" not in g:
            return response
        asked = g.get("chronicle_lang_asked")
        if asked and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        response.vary.update(("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", g.chronicle_lang)
        return response


def language_url(lang: str) -> str:
    """This page's address with ``lang`` (the switch's links)."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [lang]
    from urllib.parse import urlencode

    return request.path + "?" + urlencode(args, doseq=True)
