"""Choosing the reader's language (issue 36): ``?lang=`` (also the cookie), the account's
setting, the cookie, ``Accept-Language``, else English; bad values fall back to English with a
200; the switch and the ``lang`` attribute on every page; a missing translation is English,
logged once."""

from __future__ import annotations

import logging
import re

import pytest

from domain.common import i18n as domain_i18n
from service import i18n


@pytest.fixture
def web(web_app):
    return web_app.test_client()


def _lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def test_english_by_default_with_the_switch(web):
    answer = web.get("/")
    page = answer.get_data(True)
    assert answer.status_code == 200
    assert _lang(page) == "en"
    assert 'hreflang="ru"' in page and 'hreflang="cs"' in page
    assert "Русский" in page and "Čeština" in page
    assert ">Lobby<" in page


@pytest.mark.parametrize(("lang", "word"), [("ru", "Лобби"), ("cs", "Herna"), ("en", "Lobby")])
def test_lang_parameter_sets_the_page_and_the_cookie(web, lang, word):
    answer = web.get(f"/?lang={lang}")
    page = answer.get_data(True)
    assert answer.status_code == 200
    assert _lang(page) == lang
    assert f">{word}<" in page
    assert answer.headers["Content-Language"] == lang
    assert f"lang={lang}" in answer.headers.get("Set-Cookie", "")
    # the cookie now chooses without the parameter
    assert _lang(web.get("/").get_data(True)) == lang


def test_accept_language_chooses_when_nothing_else_does(web):
    page = web.get("/", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"}).get_data(True)
    assert _lang(page) == "cs"
    page = web.get("/", headers={"Accept-Language": "de, ru;q=0.8"}).get_data(True)
    assert _lang(page) == "ru"


def test_cookie_wins_over_accept_language_and_parameter_over_cookie(web):
    web.set_cookie("lang", "cs")
    assert _lang(web.get("/", headers={"Accept-Language": "ru"}).get_data(True)) == "cs"
    assert _lang(web.get("/?lang=ru").get_data(True)) == "ru"


@pytest.mark.parametrize(
    "query", ["?lang=de", "?lang=", "?lang=%00%ff", "?lang=" + "r" * 500, "?lang=ru&lang=xx"]
)
def test_unknown_or_malformed_lang_parameter_is_english_or_first_value(web, query):
    answer = web.get("/" + query)
    assert answer.status_code == 200
    assert _lang(answer.get_data(True)) in ("en", "ru")


@pytest.mark.parametrize(
    "header",
    ["", "*", "xx-YY", ";;;,,q=", "ru;q=abc", "en;q=0.1, ru;q=5", "\u00ff\u00fe", "x" * 4000],
)
def test_malformed_accept_language_falls_back_with_200(web, header):
    answer = web.get("/", headers={"Accept-Language": header})
    assert answer.status_code == 200
    assert _lang(answer.get_data(True)) in ("en", "ru")


@pytest.mark.parametrize("cookie", ["de", "", "ru" * 100, "<script>"])
def test_a_cookie_with_a_language_not_shipped_is_english(web, cookie):
    web.set_cookie("lang", cookie)
    answer = web.get("/")
    assert answer.status_code == 200
    assert _lang(answer.get_data(True)) == "en"


def test_the_api_problem_detail_is_in_the_readers_language(web):
    missing = "/api/v1/games/00000000-0000-4000-8000-000000000000"
    en = web.get(missing).get_json()
    ru = web.get(missing, headers={"Accept-Language": "ru"}).get_json()
    cs = web.get(missing + "?lang=cs").get_json()
    assert en["code"] == ru["code"] == cs["code"] == "game_not_found"
    assert en["title"] == ru["title"] == cs["title"]  # identifiers stay English
    assert en["detail"].startswith("There is no game")
    assert "Игры" in ru["detail"] or "игры" in ru["detail"], ru["detail"]
    assert "hra" in cs["detail"].lower(), cs["detail"]


def test_a_missing_translation_is_english_and_logged_once(caplog):
    with caplog.at_level(logging.WARNING, logger="service.i18n"), i18n.translate("ru"):
        first = domain_i18n.gettext("A sentence no catalogue holds, for this test.")
        second = domain_i18n.gettext("A sentence no catalogue holds, for this test.")
    assert first == second == "A sentence no catalogue holds, for this test."
    logged = [r for r in caplog.records if "no catalogue holds" in r.getMessage()]
    assert len(logged) == 1
    assert (None, "A sentence no catalogue holds, for this test.") in i18n.missing("ru")


def test_translate_binds_only_inside_the_block():
    with i18n.translate("cs") as lang:
        assert lang == "cs" and domain_i18n.language() == "cs"
        with i18n.translate("ru"):
            assert domain_i18n.language() == "ru"
        assert domain_i18n.language() == "cs"
    assert domain_i18n.language() == "en"
    with i18n.translate("klingon") as lang:
        assert lang == "en"


def test_the_api_event_sentences_follow_the_readers_language(web):
    created = web.post(
        "/api/v1/games",
        json={"title": "agricola", "variant": "family", "players": ["Ann", "Bob"], "seed": 4},
    ).get_json()
    url = f"/api/v1/games/{created['id']}/events"
    en = web.get(url).get_json()
    ru = web.get(url, headers={"Accept-Language": "ru"}).get_json()
    cs = web.get(url + "?lang=cs").get_json()
    texts = {
        k: " ".join(e["text"] for e in v["events"]) for k, v in (("en", en), ("ru", ru), ("cs", cs))
    }
    assert "sit down to a game of Agricola" in texts["en"]
    assert "садятся за игру Агрикола" in texts["ru"]
    assert "usedají ke hře Agricola" in texts["cs"]
    assert [e["type"] for e in en["events"]] == [e["type"] for e in ru["events"]]  # facts
    assert [e["data"] for e in en["events"]] == [e["data"] for e in ru["events"]]
    web.delete_cookie("lang")  # (?lang=cs above chose Czech for the next requests too)
    bad = web.get(url + "?lang=xx-YY;q=")  # (a control character is refused like in any field)
    assert bad.status_code == 200
    assert [e["text"] for e in bad.get_json()["events"]] == [e["text"] for e in en["events"]]


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_a_schema_problem_names_the_fields_in_english_and_says_the_rest_in_the_language(web, lang):
    """A body that fails its schema: marshmallow's messages (``detail`` and ``errors``) in the
    reader's language, the field names, ``type``, ``title`` and ``code`` as in English."""
    body = {"title": 5, "players": "Ann", "seed": "x", "nonsense": 1}
    en = web.post("/api/v1/games", json=body)
    there = web.post(f"/api/v1/games?lang={lang}", json=body)
    assert en.status_code == there.status_code == 422
    en, there = en.get_json(), there.get_json()
    assert (en["type"], en["title"], en["code"]) == (there["type"], there["title"], there["code"])
    assert set(en["errors"]) == set(there["errors"]) and "title" in there["errors"]
    for field in en["errors"]:
        assert en["errors"][field] != there["errors"][field], field
        assert field in there["detail"]
    assert "Not a valid" not in there["detail"] and "Unknown field" not in there["detail"]
    assert en["detail"] != there["detail"]
