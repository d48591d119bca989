"""The cards of Agricola's full game on the game page (issue 23 item 6), through Flask's test
client: each seat's page shows its own hand with every card's catalogue text, cost,
prerequisite and points; other seats' cards only as a count (issue 21: no name, no number of
another seat's hand card anywhere in the page, nor in a spectator's); every seat's played
occupations and minor improvements with the goods lying on them; what cards bring in later
rounds. Built from the seat's view (``Agricola.view`` then ``Agricola.page``)."""

from __future__ import annotations

import copy
import html
import json
import random
import re
import uuid

import pytest

from bench.games import play_random
from domain.agricola.cards.catalogue import CARDS
from domain.agricola.cards.panels import prerequisite_text
from domain.agricola.text import goods_text
from tests.contract.scan import public_strings

NAMES = ["Ann", "Bob", "Cid"]
#: cards put into play by the position below: Brush Maker (E156, seed 000 L988) keeps cooked
#: boar on it; Bean Field (E18, L588) is a card field for vegetables
BRUSH_MAKER, BEAN_FIELD = "E156", "E18"


def _games(web_app):
    from service.context import games

    with web_app.app_context():
        return games()


def _position(games) -> tuple[uuid.UUID, list[str], dict]:
    """A 3-player full game (dealt normally) where Ann has played Brush Maker with 2 boar on
    it, Bob Bean Field with 2 vegetables sown on it, and Cid is promised goods in rounds 9
    and 10 by a card; stored as a game that starts from that state (as a seat's fork does)."""
    created = games.create_game("agricola", "full", NAMES, {}, seed=2026)
    first = games.stored_events(created.game.id)[0]
    state = copy.deepcopy(created.game.state)
    hands = state["hands"]["_private"]
    for held in hands.values():  # the two cards leave whichever hand they were dealt to
        for kind in ("occupations", "minors"):
            held[kind] = [c for c in held[kind] if c not in (BRUSH_MAKER, BEAN_FIELD)]
    ann, bob, cid = state["farms"]
    ann["occupations"].append(BRUSH_MAKER)
    ann["cards"].append(BRUSH_MAKER)
    ann["held"] = {BRUSH_MAKER: {"boar": 2}}
    bob["minors"].append(BEAN_FIELD)
    bob["cards"].append(BEAN_FIELD)
    bob["card_fields"] = [
        {"card": BEAN_FIELD, "crop": "vegetable", "count": 2, "allowed": ["vegetable"]}
    ]
    cid["schedule"] = {"9": {"stone": 1}, "10": {"food": 2}}
    data = copy.deepcopy(first.data)
    data["setup"] = [{"type": "StateRestored", "seat": None, "data": {"state": state}}]
    game_id = uuid.uuid4()
    tokens = games.store_recorded(game_id, data, [])
    return game_id, tokens, state


def _client(web_app, game_id, token=None):
    """A browser that holds the seat of ``token`` (as after its invite link), or a
    spectator's."""
    from service.web import security

    client = web_app.test_client()
    if token is not None:
        with web_app.test_request_context():
            seat = _games(web_app).seat_for_token(game_id, token)
            mark = security.seat_mark(security.token_hash(token))
        with client.session_transaction() as session:
            session["seats"] = {str(game_id): {"s": seat, "m": mark}}
    return client


def _page(web_app, game_id, token=None, client=None) -> str:
    """The game page as the holder of ``token`` (or a spectator) sees it."""
    answer = (client or _client(web_app, game_id, token)).get(f"/games/{game_id}")
    assert answer.status_code == 200
    return html.unescape(answer.get_data(as_text=True))


def _card_names(page: str) -> list[str]:
    return re.findall(r'<span class="card-name">([^<]*)</span>', page)


def _farm(page: str, name: str) -> str:
    """The part of the page inside the farm of ``name``, with the viewer's own cards, which
    the page draws under the board beside the moves (issue 32) rather than in the farm."""
    start = page.index(f'aria-label="Farm of {name}"')
    end = page.find("</article>", start)
    farm = page[start:end]
    cards = page.find(f'aria-label="Cards of {name}"')
    if cards >= 0 and f'aria-label="Cards of {name}"' not in farm:
        farm += page[cards : page.find("</section>", cards)]
    return farm


@pytest.fixture
def position(web_app):
    games = _games(web_app)
    return games, *_position(games)


def test_a_seat_sees_its_own_hand_with_each_cards_text_cost_prerequisite_and_points(
    web_app, position
):
    games, game_id, tokens, state = position
    hand = state["hands"]["_private"]["0"]
    page = _page(web_app, game_id, tokens[0])
    mine = _farm(page, "Ann")
    assert "Your hand" in mine and page.count("Your hand") == 1
    for card_id in hand["occupations"] + hand["minors"]:
        card = CARDS[card_id]
        assert f'<span class="card-name">{card["name"]}</span>' in mine
        assert f'<p class="card-text">{card["summary"]}</p>' in mine
        assert f"{card['deck']}{card['number']}" in mine
    minors = [CARDS[c] for c in hand["minors"]]
    costs = [" or ".join(goods_text(c) if c else "free" for c in m["costs"]) for m in minors]
    for minor, cost in zip(minors, costs):
        assert f"cost: {cost}" in mine, minor["name"]
        if minor["vp"]:
            assert f"{minor['vp']} point" in mine, minor["name"]
        words = prerequisite_text(minor["requires"])
        if words:
            assert f"requires: {words}" in mine, minor["name"]


def test_prerequisites_read_as_the_catalogue_prints_them():
    """The parsed prerequisite in words again (catalogue §1 "Prerequisite")."""
    by_name = {c["name"]: c for c in CARDS.values()}
    assert prerequisite_text(by_name["Bean Field"]["requires"]) == "2 occupations"
    assert prerequisite_text({}) is None
    samples = {
        "2 improvements + 1 occupation": "2 improvements and 1 occupation",
        "2 grain fields": "2 grain fields",
        "1 vegetable field": "1 vegetable field",
        "4 sown fields (any crop)": "4 sown fields",
        "return the Well": "return the Well",
        "1 cattle": "1 cattle",
        "4 animals": "4 animals",
    }
    from domain.agricola.cards.catalogue import parse_prerequisite

    for printed, words in samples.items():
        assert prerequisite_text(parse_prerequisite(printed)) == words


def test_other_seats_cards_never_reach_another_seat_or_a_spectator(web_app, position):
    games, game_id, tokens, state = position
    hands = state["hands"]["_private"]
    played = {c for farm in state["farms"] for c in farm["cards"]}
    for viewer in [None, 0, 1, 2]:
        page = _page(web_app, game_id, None if viewer is None else tokens[viewer])
        own = hands[str(viewer)] if viewer is not None else {"occupations": [], "minors": []}
        seen = set(_card_names(page))
        assert seen == {CARDS[c]["name"] for c in played | set(own["occupations"] + own["minors"])}
        for seat, held in hands.items():
            if viewer is not None and seat == str(viewer):
                continue
            for card_id in held["occupations"] + held["minors"]:
                assert not re.search(rf"\b{card_id}\b", page), (viewer, seat, card_id)
                assert f">{CARDS[card_id]['name']}<" not in page, (viewer, seat, card_id)
        if viewer is None:
            assert "Your hand" not in page
        for seat, name in enumerate(NAMES):
            if seat == viewer:
                continue
            held = hands[str(seat)]
            n, m = len(held["occupations"]), len(held["minors"])
            assert f"In hand: {n} occupation{'' if n == 1 else 's'}, {m} minor improvement" in (
                _farm(page, name)
            )


def test_played_cards_show_the_goods_lying_on_them_to_everyone(web_app, position):
    games, game_id, tokens, state = position
    for token in [None, *tokens]:
        page = _page(web_app, game_id, token)
        ann, bob = _farm(page, "Ann"), _farm(page, "Bob")
        assert "Played occupations" in ann
        assert '<span class="card-name">Brush Maker</span> <span class="on">(2 wild boar)' in ann
        assert CARDS[BRUSH_MAKER]["summary"] in ann
        assert '<span class="card-name">Bean Field</span> <span class="on">(2 vegetables)' in bob
        assert "Brush Maker" not in bob and "Bean Field" not in ann


def test_what_cards_deliver_in_later_rounds_is_shown_with_the_round(web_app, position):
    games, game_id, tokens, state = position
    for token in [None, tokens[0]]:
        cid = _farm(_page(web_app, game_id, token), "Cid")
        assert "Coming in later rounds" in cid
        assert "Round 9: 1 stone" in cid and "Round 10: 2 food" in cid
        assert cid.index("Round 9:") < cid.index("Round 10:")
        ann = _farm(_page(web_app, game_id, token), "Ann")
        assert "Coming in later rounds" not in ann


def test_the_family_game_page_has_no_card_panels(web_app):
    games = _games(web_app)
    created = games.create_game("agricola", "family", NAMES[:2], {}, seed=5)
    page = _page(web_app, created.game.id, created.tokens[0])
    assert "cards-panel" not in page and "Your hand" not in page


def test_a_game_played_on_shows_each_seat_only_its_hand_and_everyones_played_cards(web_app):
    games = _games(web_app)
    created = games.create_game("agricola", "full", NAMES, {"dealing": "draft"}, seed=77)
    play_random(games, created.game.id, random.Random(77), max_version=400)
    game = games.get_game(created.game.id)
    assert not game.rules.status(game.state).finished
    hands = game.state["hands"]["_private"]
    played = {c for farm in game.state["farms"] for c in farm["cards"]}
    assert played, "cards were played"
    # a minor improvement passed on after it is played is shown face up (digest §10.2)
    public = {s for e in games.stored_events(created.game.id) for s in public_strings(e.data)}
    for viewer, token in enumerate(created.tokens):
        page = _page(web_app, created.game.id, token)
        mine = hands[str(viewer)]
        own = set(mine["occupations"] + mine["minors"])
        own |= {c for packet in mine.get("packets", {}).values() for c in packet}
        assert set(_card_names(page)) == {CARDS[c]["name"] for c in played | own}
        for seat, held in hands.items():
            if seat != str(viewer):
                for card_id in set(held["occupations"] + held["minors"]) - played - public:
                    assert not re.search(rf"\b{card_id}\b", page), (viewer, seat, card_id)


def test_a_cards_moves_are_on_the_card_and_post_without_javascript(web_app):
    """Drafting (digest §10.4): each card of the packet carries its "keep" move in its
    disclosure; the plain form post keeps it, and it moves into the hand."""
    games = _games(web_app)
    created = games.create_game("agricola", "full", NAMES, {"dealing": "draft"}, seed=31)
    game_id, token = created.game.id, created.tokens[0]
    packet = created.game.state["hands"]["_private"]["0"]["packets"]["occupations"]
    client = _client(web_app, game_id, token)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)  # escaped, as served
    forms = re.findall(
        r'<details class="card occupation can-act">.*?<span class="card-name">([^<]+)</span>'
        r'.*?name="move" value="([^"]+)".*?name="where" value="([^"]+)"',
        page,
        re.S,
    )
    assert {html.unescape(name) for name, _, _ in forms} == {CARDS[c]["name"] for c in packet}
    name, move, where = (html.unescape(part) for part in forms[0])
    picked = json.loads(move)
    assert picked["type"] == "draft_pick" and where == f"board:card:{picked['card']}"
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    answer = client.post(
        f"/games/{game_id}/moves", data={"csrf_token": csrf, "move": move, "where": where}
    )
    assert answer.status_code == 303, answer.get_data(True)
    after = _farm(_page(web_app, game_id, client=client), "Ann")
    hand = after[after.index("Your hand") : after.index("To choose from")]
    assert f'<span class="card-name">{name}</span>' in hand


def test_a_past_version_shows_the_hand_the_seat_held_then(web_app):
    games = _games(web_app)
    created = games.create_game("agricola", "full", NAMES, {}, seed=41)
    play_random(games, created.game.id, random.Random(41), max_version=300)
    then = games.game_at(created.game.id, 150).state
    played = {c for farm in then["farms"] for c in farm["cards"]}
    # the page's timeline runs to the current version: cards played since are public
    public = {s for e in games.stored_events(created.game.id) for s in public_strings(e.data)}
    for viewer, token in [(None, None), *enumerate(created.tokens)]:
        answer = _client(web_app, created.game.id, token).get(
            f"/games/{created.game.id}?version=150"
        )
        page = html.unescape(answer.get_data(as_text=True))
        held = then["hands"]["_private"].get(str(viewer), {})
        own = set(held.get("occupations", []) + held.get("minors", []))
        assert set(_card_names(page)) == {CARDS[c]["name"] for c in played | own}
        assert ("Your hand" in page) == (viewer is not None)
        for seat, other in then["hands"]["_private"].items():
            if seat != str(viewer):
                for card_id in set(other["occupations"] + other["minors"]) - public:
                    assert not re.search(rf"\b{card_id}\b", page), (viewer, seat, card_id)
