"""The reader's language on the web (issue 36): Flask-Babel over the catalogues of
``locales/`` (which see: loading, fallback, :func:`translate`).

:func:`init_app` installs Flask-Babel with :func:`select_language` (``?lang=``, which also sets
the cookie and an account's setting, then the account's setting, the ``lang`` cookie,
``Accept-Language``, else English) and binds the request's language for the domain's sentences
and the templates (one lookup for both: ``domain.common.i18n``).
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, g, request

from domain.common import i18n as domain_i18n
from domain.platform import registry
from locales import (  # noqa: F401 (the web's language API in one place)
    DEFAULT,
    LANGUAGES,
    NAMES,
    missing,
    normalise,
    po_path,
    translate,
    translations,
)

log = logging.getLogger(__name__)

COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
DOMAIN = "messages"


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


def _flask_babel_domain() -> Any:
    """Flask-Babel's domain whose translations are the ones bound now (the request's, or a
    notice's inside :func:`translate`)."""
    from flask_babel import Domain

    class CatalogueDomain(Domain):
        def get_translations(self) -> Any:
            return domain_i18n.current()

    return CatalogueDomain(domain=DOMAIN)


def count_words(title: str, good: str, n: int) -> str:
    """ "3 wood" in the reader's language, by the title's own counted nouns (board drawings)."""
    return str(registry.current(title).count_words(n, good))


def init_app(app: Flask) -> None:
    """Install Flask-Babel, the request's language and the ``lang`` cookie on ``app``."""
    from flask_babel import Babel

    babel = Babel()
    babel.init_app(app, locale_selector=select_language, default_domain=DOMAIN)
    babel.domain_instance = _flask_babel_domain()
    # templates look their words up in the language bound now, like the domain's sentences:
    # the request's (bound below), or a notice recipient's (``translate``), in or out of a request
    # (added to the environment by the jinja2.ext.i18n extension Flask-Babel installs)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
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
        count_words=count_words,
    )

    @app.before_request
    def _bind_language() -> None:
        lang = select_language()
        g.chronicle_lang_tokens = domain_i18n.bind(translations(lang), lang)
        if g.chronicle_lang_asked:
            _remember(lang)

    @app.teardown_request
    def _unbind_language(_exc: BaseException | None = None) -> None:
        tokens = g.pop("chronicle_lang_tokens", None)
        if tokens is not None:
            try:
                domain_i18n.unbind(tokens)
            except ValueError:  # bound in another context (a streamed response)
                pass

    @app.after_request
    def _language_headers(response: Response) -> Response:
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
    return request.path + "?" + urlencode(args, doseq=True)
