"""Issue 32: "what if" opens an analysis view. One person moves every seat from a past
position, nothing is stored until "Keep as a branch" (the fork machinery), and the position
is built from the viewer's redacted view: cards it could not see never show."""

from __future__ import annotations

import html
import random
import re
import uuid

from bench.games import play_random, random_move
from service.web import security
from service.web.analysis import encode_moves, open_analysis
from tests.web.test_pages import _join

_GET_FORM = re.compile(r'<form method="get" action="([^"]+)"[^>]*>(.*?)</form>', re.S)
_FIELD = re.compile(r'name="([^"]+)" value="([^"]*)"')


def _games(web_app):
    from service.context import games

    with web_app.app_context():
        return games()


def _seated(web_app, created, seat):
    client = web_app.test_client()
    with web_app.test_request_context():
        link = "/join/" + security.make_invite(created.game.id, seat, created.tokens[seat])
    assert _join(client, link).status_code == 303
    return client


def _open(client, game_id, version) -> tuple[str, str]:
    """Open the analysis at ``version``: (its address, its page)."""
    answer = client.get(f"/games/{game_id}/analysis?from={version}")
    assert answer.status_code == 303
    address = answer.headers["Location"]
    page = client.get(address)
    assert page.status_code == 200, page.get_data(True)[-400:]
    return address, page.get_data(True)


def _tap_first(client, page) -> tuple[str, str]:
    """Make the first move the analysis page offers (a GET form): (address, page)."""
    action, body = _GET_FORM.search(page).groups()
    fields = {html.unescape(k): html.unescape(v) for k, v in _FIELD.findall(body)}
    answer = client.get(html.unescape(action), query_string=fields)
    assert answer.status_code == 303, answer.get_data(True)[-400:]
    address = answer.headers["Location"]
    shown = client.get(address)
    assert shown.status_code == 200, shown.get_data(True)[-400:]
    return address, shown.get_data(True)


def _movers(page) -> str:
    return re.search(r"<strong>Moving for ([^.<]+)\.", page).group(1)


def test_the_analysis_moves_every_seat_stores_nothing_and_keeps_a_branch(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=4)
    gid = created.game.id
    play_random(app, gid, random.Random(2), max_version=40)
    game = app.get_game(gid)
    ann = _seated(web_app, created, 0)
    page = ann.get(f"/games/{gid}").get_data(True)
    assert "What if…? Explore from here" in page
    before = len(app.stored_events(gid))
    address, shown = _open(ann, gid, game.version)
    assert "nothing is stored" in shown
    movers = {_movers(shown)}
    for _ in range(6):
        address, shown = _tap_first(ann, shown)
        movers.add(_movers(shown))
    assert movers == {"Ann", "Bob"}, movers  # one person moves every seat
    assert len(app.stored_events(gid)) == before  # nothing stored
    assert shown.count('class="by seat') == 6  # the analysis' own move list
    # Back: an earlier move of the analysis is a link to its position
    first = re.search(r'<li class="by seat\d"><a href="([^"]+)"', shown).group(1)
    assert ann.get(html.unescape(first)).status_code == 200
    # keep it as a branch: a fork at the analysis' start with its moves played in it
    keep = re.search(r'<form method="post" action="([^"]*keep)"[^>]*>(.*?)</form>', shown, re.S)
    fields = {html.unescape(k): html.unescape(v) for k, v in _FIELD.findall(keep.group(2))}
    answer = ann.post(keep.group(1), data=fields)
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/invites")
    branch_id = uuid.UUID(answer.headers["Location"].split("/")[-2])
    branch = app.get_game(branch_id)
    assert branch.parent["game"] == str(gid) and branch.parent["version"] == game.version
    assert branch.version > game.version
    assert "could not be played" not in ann.get(answer.headers["Location"]).get_data(True)
    assert len(app.stored_events(gid)) == before  # the game itself never changed
    # the branch is not among the games being played in the lobby
    app_lobby = web_app.test_client().get("/").get_data(True)
    played = app_lobby.split('id="open-h"')[1].split("</section>")[0]
    assert str(branch_id) not in played


def test_a_game_that_hides_cards_is_analysed_from_the_seats_view_only(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "full", ["Ann", "Bob"], {"decks": "E"})
    gid = created.game.id
    rng = random.Random(5)
    play_random(app, gid, rng, max_version=50)
    while sorted(app.get_game(gid).rules.status(app.get_game(gid).state).to_act) != [0]:
        random_move(app, gid, rng)
    game = app.get_game(gid)
    hand = game.state["hands"]["_private"]["1"]
    real = set(hand["occupations"] + hand["minors"])
    bob_cards = [game.rules.printed_name(c) for c in real]
    ann = _seated(web_app, created, 0)
    _, shown = _open(ann, gid, game.version)
    assert _movers(shown) == "Ann" and "dealt anew" in shown
    # Bob's real hand never shows on Ann's analysis (unless Ann can see it some other way)
    mine = ann.get(f"/games/{gid}").get_data(True)
    leaked = [n for n in bob_cards if n and n in shown and n not in mine]
    assert not leaked, leaked
    # Bob's hand in the analysis is dealt anew from the cards Ann could not see; Ann's is hers
    with web_app.test_request_context():
        state = open_analysis(gid, game.version, "fixed-token", 0).state
    hands = state["hands"]["_private"]
    assert hands["0"] == game.state["hands"]["_private"]["0"]
    dealt = set(hands["1"]["occupations"] + hands["1"]["minors"])
    anns = set(hands["0"]["occupations"] + hands["0"]["minors"])
    assert dealt and dealt != real and not dealt & anns
    # a spectator knows nobody's cards: no analysis of a game that still hides them
    watcher = web_app.test_client()
    refused = watcher.get(f"/games/{gid}/analysis?from={game.version}&a=abc")
    assert refused.status_code == 422
    # the same address draws the same position (its seed is the service's, not the page's)
    address = f"/games/{gid}/analysis?from={game.version}&a=fixed-token"
    assert ann.get(address).get_data(True) == ann.get(address).get_data(True)


def test_bad_analysis_addresses_are_refused_with_a_sentence(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "family", ["Ann", "Bob"], {}, seed=4)
    gid = created.game.id
    play_random(app, gid, random.Random(2), max_version=20)
    version = app.get_game(gid).version
    client = _seated(web_app, created, 0)
    base = f"/games/{gid}/analysis?from={version}&a=tok"
    assert client.get(base + "&m=@@@").status_code == 400
    illegal = encode_moves([[0, {"type": "place", "space": "nowhere"}]])
    answer = client.get(base + "&m=" + illegal)
    assert answer.status_code == 400 and "not a legal move" in answer.get_data(True)
    assert client.get(f"/games/{gid}/analysis?from=99999&a=tok").status_code == 404
    assert client.get(f"/games/{uuid.uuid4()}/analysis?from=1&a=tok").status_code == 404
    bad_move = client.get(f"/games/{gid}/analysis/move?from={version}&a=tok&s=0&move=[")
    assert bad_move.status_code == 400
    assert client.post(f"/games/{gid}/analysis/keep", data={"from": version}).status_code in (
        400,
        403,
    )


def test_compare_draws_each_board_from_the_viewers_seat(web_app):
    app = _games(web_app)
    created = app.create_game("agricola", "full", ["Ann", "Bob"], {"decks": "E"})
    gid = created.game.id
    play_random(app, gid, random.Random(6), max_version=40)
    game = app.get_game(gid)
    hands = game.state["hands"]["_private"]
    names = {s: {game.rules.printed_name(c) for c in h["occupations"]} for s, h in hands.items()}
    ann = _seated(web_app, created, 0)
    branch = app.fork(gid, game.version, seat=0).game.id  # Ann's "what if" from her seat
    page = ann.get(f"/compare?g={gid}&g={branch}").get_data(True)
    assert "Drawn as Ann sees it." in page  # the game she holds, from her seat
    assert "(you)" in page
    assert any(n in page for n in names["0"])  # her own hand is drawn
    assert not [n for n in names["1"] - names["0"] if n in page]  # never Bob's
    watcher = web_app.test_client().get(f"/compare?g={gid}&g={branch}").get_data(True)
    assert "Drawn as" not in watcher and "(you)" not in watcher
    assert not [n for n in names["0"] | names["1"] if n in watcher]
