"""Issue 32: the lobby offers what the API offers, fitted to the chosen variant, and lists a
kept branch as a branch, never among the games being played."""

from __future__ import annotations

import html
import re
import uuid

from service.web import security


def _csrf(client) -> str:
    page = client.get("/").get_data(True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _games(web_app):
    from service.context import games as current_games

    with web_app.app_context():
        return current_games()


def _post(client, **fields):
    return client.post("/games", data={"csrf_token": _csrf(client), **fields})


def test_the_full_games_decks_dealing_and_exchange_are_offered_and_reach_the_game(web_app):
    web = web_app.test_client()
    page = html.unescape(web.get("/").get_data(True))
    for field in ("decks", "dealing", "exchange"):
        assert f'name="opt:agricola:full:{field}"' in page
    assert 'value="EIK"' in page and 'value="draft"' in page and 'value="10-3"' in page
    assert 'value="per_move:3600"' in page and 'value="per_move:1209600"' in page  # 1 h .. 14 d
    answer = _post(
        web,
        title="agricola",
        variant="agricola:full",
        player=["Ann", "Bob"],
        **{
            "opt:agricola:full:decks": "IK",
            "opt:agricola:full:dealing": "draft",
            "opt:agricola:full:exchange": ["0", "1"],
            "opt:agricola:family:start_player": "1",  # another variant's field: not read
        },
    )
    assert answer.status_code == 303
    game_id = answer.headers["Location"].split("/")[2]
    cards = _games(web_app).get_game(uuid.UUID(game_id)).state["cards"]
    assert cards["decks"] == ["I", "K"]
    assert cards["dealing"] == "draft" and cards["exchange"] is True


def test_a_bad_option_gets_its_sentence_beside_the_field_and_keeps_what_was_typed(web_app):
    web = web_app.test_client()
    answer = _post(
        web,
        title="agricola",
        variant="agricola:full",
        player=["Ann", "Bob"],
        **{"opt:agricola:full:dealing": "choose"},  # solo only
    )
    assert answer.status_code == 422
    page = html.unescape(answer.get_data(True))
    field = re.search(r'<select id="opt-agricola-full-dealing"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field
    assert 'id="opt-agricola-full-dealing-error"' in page and "solo" in page
    assert re.search(r'<option value="choose" selected>', page)
    assert 'value="Bob"' in page


def test_forged_forms_are_refused_with_a_sentence(web_app):
    web = web_app.test_client()
    forged = _post(
        web,
        title="agricola",
        variant="agricola:full",
        player=["Ann", "Bob"],
        **{"opt:agricola:full:decks": "Z"},
    )
    assert forged.status_code == 422 and "decks" in html.unescape(forged.get_data(True))
    unknown = _post(
        web,
        title="agricola",
        variant="agricola:full",
        player=["Ann", "Bob"],
        **{"opt:agricola:full:bogus": "1"},
    )
    assert unknown.status_code == 422 and "bogus" in html.unescape(unknown.get_data(True))
    crowded = _post(web, title="agricola", variant="agricola:family", player=list("ABCDEFGHI"))
    assert 400 <= crowded.status_code < 500


def test_a_bot_seat_needs_no_name(web_app):
    web = web_app.test_client()
    answer = _post(
        web, title="village", variant="village:standard", player=["Ann", ""], bot1="greedy"
    )
    assert answer.status_code == 303


def test_a_kept_branch_is_marked_and_not_among_the_games_being_played(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=2)
    branch = app.fork(created.game.id, 1)
    web = web_app.test_client()
    page = web.get("/").get_data(True)
    played = page[page.index('id="open-h"') : page.index('id="done-h"')]
    assert str(created.game.id) in played and str(branch.game.id) not in played
    with web_app.test_request_context():
        invite = security.make_invite(branch.game.id, 0, branch.tokens[0])
    link = f"/join/{invite}"
    token = re.search(r'name="csrf_token" value="([^"]+)"', web.get(link).get_data(True)).group(1)
    web.post(link, data={"csrf_token": token})
    mine = web.get("/").get_data(True)
    mine = mine[mine.index('id="mine-h"') : mine.index('id="new-h"')]
    assert str(branch.game.id) in mine and "branch" in mine
