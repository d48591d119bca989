"""Every page type in Russian and Czech (issue 36): the ``lang`` attribute and the switch on
each, no message without a translation, and no English UI word on a Russian page.

Every page type here is checked for English words, the game page and the lobby too since
the second pass of issue 36 wrapped their own words (game_main.html, boards/*, home.html).
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

from bench.games import play_random
from locales import missing
from service.web import security
from tests.accounts.helpers import sign_up

from .test_sentences import ENGLISH_WORDS

NAMES = {"Ann", "Bob", "Chronicle", "API"}
#: the game pages of the other titles' boards (Agricola's family game is the fixture's own)
BOARDS = [
    ("agricola", "full", {"decks": "EIK"}),
    ("caverna", "standard", {}),
    ("village", "standard", {}),
]
#: pages whose own words are not translated yet (none since the second pass of issue 36)
SECOND_PASS: set[str] = set()


def _visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|code)[^>]*>.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def _english(page: str) -> set[str]:
    words = re.findall(r"[A-Za-z]+", _visible_text(page))
    return {w for w in words if w.lower() in ENGLISH_WORDS and w not in NAMES}


@pytest.fixture
def pages(web_app):
    """name -> (client, path): one of every page type (as a seated player where it matters)."""
    from service.context import games as current_games

    with web_app.app_context():
        games = current_games()
    client = web_app.test_client()
    created = games.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=21)
    gid = created.game.id
    play_random(games, gid, random.Random(1), max_version=40)
    with web_app.test_request_context():
        invite = security.make_invite(gid, 0, created.tokens[0])
    guest = web_app.test_client()
    out = {
        "lobby": (guest, "/"),
        "join": (guest, f"/join/{invite}"),
        "missing game": (guest, "/games/6f1c3a52-1d0e-4c9e-9f5b-2f4f3c1a7e10"),
        "series new": (guest, "/series"),
        "open tables": (guest, "/tables"),
        "ratings": (guest, "/ratings/agricola"),
        "sign in": (guest, "/signin"),
        "mail sent": (guest, "/signin/sent"),
    }
    page = client.get(f"/join/{invite}").get_data(True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    client.post(f"/join/{invite}", data={"csrf_token": token})
    out.update(
        {
            "game": (client, f"/games/{gid}"),
            "game past version": (client, f"/games/{gid}?version=1"),
            "audit": (client, f"/games/{gid}/audit"),
            "branches": (client, f"/games/{gid}/branches"),
            "compare": (client, f"/compare?g={gid}&g={gid}"),
            "notifications": (client, f"/games/{gid}/notifications"),
            "new invite link": (client, f"/games/{gid}/invite"),
            "why not": (client, f"/games/{gid}/why?target=space:forest"),
            "why not (farmyard)": (client, f"/games/{gid}/why?target=space:14"),
        }
    )
    for title, variant, options in BOARDS:  # the other titles' boards, as a seated player
        made = games.create_game(title, variant, ["Ann", "Bob"], options, seed=21)
        play_random(games, made.game.id, random.Random(2), max_version=60)
        with web_app.test_request_context():
            link = security.make_invite(made.game.id, 0, made.tokens[0])
        page = client.get(f"/join/{link}").get_data(True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        client.post(f"/join/{link}", data={"csrf_token": token})
        out[f"game ({title} {variant})"] = (client, f"/games/{made.game.id}")
    member = web_app.test_client()
    sign_up(member, "ann@example.org", "Annika")
    out.update({"account": (member, "/account"), "my games": (member, "/my-games")})
    return out


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_every_page_type_speaks_the_language(pages, lang):
    before = missing(lang)
    english = {}
    for name, (client, path) in pages.items():
        sep = "&" if "?" in path else "?"
        answer = client.get(f"{path}{sep}lang={lang}")
        assert answer.status_code in (200, 404, 409, 422), (name, answer.status_code)
        page = answer.get_data(True)
        assert f'<html lang="{lang}">' in page, name
        assert 'hreflang="ru"' in page and 'hreflang="cs"' in page, name
        assert answer.headers["Content-Language"] == lang
        if lang == "ru" and name not in SECOND_PASS:
            found = _english(page)
            if found:
                english[name] = sorted(found)
    assert not english, "\n".join(f"{k}: {v}" for k, v in english.items())
    new = missing(lang) - before - _test_titles()
    assert not new, sorted(new, key=str)[:20]


def _test_titles() -> set:
    """The names of the tests' own toy title (registered by other tests, never shipped)."""
    from domain.platform import registry

    out = set()
    for rules in registry.all_current():
        if not type(rules).__module__.startswith("domain."):
            out.add(("title", rules.display_name or rules.name))
            out |= {("variant", v.name) for v in rules.variants}
    return out


def test_a_page_in_english_has_no_word_of_another_language(pages):
    for name, (client, path) in pages.items():
        page = client.get(path, headers={"Accept-Language": "en"}).get_data(True)
        assert '<html lang="en">' in page, name
        text = _visible_text(page).replace("Русский", "").replace("Čeština", "")
        assert not re.search("[а-яё]", text, re.I), name


def test_the_account_setting_chooses_the_language(pages):
    client, _ = pages["account"]
    assert '<html lang="en">' in client.get("/account").get_data(True)
    client.get("/account?lang=cs")  # a signed-in choice is kept with the account
    client.delete_cookie("lang")
    page = client.get("/account", headers={"Accept-Language": "ru"}).get_data(True)
    assert '<html lang="cs">' in page  # the account's setting before Accept-Language


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_the_push_button_carries_its_sentences_in_the_language(web_app, lang):
    """push.js says what happened with the sentences the page gives its button (data
    attributes), so they are in the reader's language like the page."""
    from locales import translate
    from service.context import games as current_games

    with web_app.app_context():
        created = current_games().create_game("agricola", "family", ["Ann", "Bob"], {}, seed=3)
    with web_app.test_request_context():
        invite = security.make_invite(created.game.id, 0, created.tokens[0])
    client = web_app.test_client()
    joined = client.get(f"/join/{invite}").get_data(True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', joined).group(1)
    client.post(f"/join/{invite}", data={"csrf_token": token})
    path = f"/games/{created.game.id}/notifications"
    page = client.get(f"{path}?lang={lang}").get_data(True)
    button = re.search(r"<button[^>]*data-push-url[^>]*>", page)
    assert button, "no push button on the notifications page"
    script = (Path(__file__).parents[2] / "service/web/static/push.js").read_text()
    with translate(lang):
        from domain.common.i18n import gettext

        for attr, english in (
            ("data-no-push", "This browser cannot receive push notices."),
            ("data-not-allowed", "Notices are not allowed for this site in this browser."),
            ("data-notified", "This browser will be notified."),
            ("data-refused", "The subscription was refused."),
        ):
            said = html.unescape(re.search(rf'{attr}="([^"]*)"', button.group(0)).group(1))
            assert said == gettext(english) != english, attr
            assert english in script  # the script's own words are only its fallback
