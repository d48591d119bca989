"""The leaks issue 21 found, kept as regression tests (each failed before its fix).

* sentences and stored moves of the deal (draft, 10-3 discards, redeal, exchange) printed the
  acting seat's cards to every viewer: events, audit with detail, export;
* undo applied at once after a reveal (a round card, an exchange draw), so a seat could look at
  a draw and take it back;
* a seat's fork kept the other seats' cards set aside for an exchange; a seeded game with
  hidden hands could be forked by anyone.
"""

from __future__ import annotations

import json
import uuid

from domain.agricola.cards.catalogue import CARDS
from service.context import EXTENSION

from .helpers import GameHandle


def _create(client, dealing="normal", exchange=False, seed=11, players=2) -> GameHandle:
    body = {
        "title": "agricola",
        "variant": "full",
        "players": ["Ann", "Bob", "Cid"][:players],
        "options": {"dealing": dealing, "exchange": exchange},
    }
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return GameHandle(data["id"], [s["token"] for s in data["seats"]], data)


def _games(app):
    return app.extensions[EXTENSION].games()


def _first_of(client, game, kind):
    """Play the first listed move of type ``kind`` for the first seat offered one."""
    for seat in client.get(game.url).get_json()["to_act"]:
        moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        for move in moves:
            if move["type"] == kind:
                response = client.post(f"{game.url}/moves", json=move, headers=game.auth(seat))
                assert response.status_code == 201, response.get_json()
                return seat, move, response.get_json()
    raise AssertionError(f"no seat may make a {kind} move")


def _card_words(card):
    return [card, CARDS[card]["name"]]


def test_a_drafted_card_is_told_to_its_seat_only(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, dealing="draft")
    seat, move, answer = _first_of(client, game, "draft_pick")
    other = 1 - seat
    card = move["card"]
    own = [e for e in answer["events"] if e["type"] == "DraftPicked"][0]
    assert own["text"].startswith("You keep ") and card in own["text"]
    assert own["move"] == {k: v for k, v in move.items() if k != "group"}
    for viewer in (None, other):
        headers = game.auth(viewer) if viewer is not None else {}
        events = client.get(f"{game.url}/events?limit=1000", headers=headers).get_json()
        picked = [e for e in events["events"] if e["type"] == "DraftPicked"][0]
        assert (
            picked["text"] == "Ann keeps a card of the packet."
            or picked["text"] == "Bob keeps a card of the packet."
        )
        assert picked["move"] == {"type": "draft_pick"}
        audit = client.get(f"{game.url}/audit?detail=true", headers=headers).get_json()
        assert audit["ok"]
        step = [s for s in audit["steps"] if s["type"] == "DraftPicked"][0]
        assert card not in json.dumps(step) and step["move"] == {"type": "draft_pick"}
    export = json.dumps(client.get(f"{game.url}/export").get_json())
    assert f'"{card}"' not in export
    # stored sealed: the card sits under the seat's private part of the command
    stored = _games(sqlite_app).stored_events(uuid.UUID(game.id))
    command = next(e.command for e in stored if e.type == "DraftPicked")
    assert command["move"] == {"type": "draft_pick", "_private": {str(seat): {"card": card}}}


def test_a_discard_of_the_10_3_deal_is_not_printed_to_others(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, dealing="10-3")
    seat, move, _ = _first_of(client, game, "discard")
    events = client.get(f"{game.url}/events?limit=1000", headers=game.auth(1 - seat)).get_json()[
        "events"
    ]
    text = json.dumps(events)
    for word in _card_words(move["card"]):
        assert word not in text


def test_a_redeal_tells_the_new_hand_to_its_seat_only(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, dealing="redeal")
    seat, _, answer = _first_of(client, game, "redeal")
    drawn = [e for e in answer["events"] if e["type"] == "CardsDrawn"]
    assert drawn and drawn[0]["text"].startswith("You draw ")
    cards = drawn[0]["data"]["_private"][str(seat)]["cards"]
    public = json.dumps(client.get(f"{game.url}/events?limit=1000").get_json())
    for card in cards:
        assert f'"{card}"' not in public and f"({card})" not in public


def test_an_undo_after_a_round_card_needs_the_others_consent(sqlite_app):
    """The last placer of round 1 saw round 2's card; taking the placement back alone would let
    them place again knowing it (issue 21)."""
    client = sqlite_app.test_client()
    game = _create(client, dealing="normal")
    while True:
        summary = client.get(game.url).get_json()
        if summary["round"] == 2:
            break
        seat = summary["to_act"][0]
        moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        before = summary["version"]
        response = client.post(f"{game.url}/moves", json=moves[0], headers=game.auth(seat))
        assert response.status_code == 201
        last_seat, last_before = seat, before
    answer = client.post(
        f"{game.url}/undo", json={"version": last_before}, headers=game.auth(last_seat)
    )
    body = answer.get_json()
    assert answer.status_code == 202, body
    assert body["status"] == "pending" and body["waiting"] == [1 - last_seat]


def test_an_undo_after_an_exchange_draw_needs_the_others_consent(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, exchange=True)
    seat = client.get(game.url).get_json()["to_act"][0]
    version = client.get(game.url).get_json()["version"]
    for _ in range(3):
        moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        mark = next(m for m in moves if m["type"] == "exchange_mark")
        assert (
            client.post(f"{game.url}/moves", json=mark, headers=game.auth(seat)).status_code == 201
        )
    moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
    draw = next(m for m in moves if m["type"] == "exchange_draw")
    answer = client.post(f"{game.url}/moves", json=draw, headers=game.auth(seat)).get_json()
    assert any(e["type"] == "CardsExchanged" for e in answer["events"])
    body = client.post(
        f"{game.url}/undo", json={"version": version}, headers=game.auth(seat)
    ).get_json()
    assert body["status"] == "pending" and body["waiting"] == [1 - seat]
    # the marks themselves reveal nothing: before the draw an undo is immediate
    # (checked on a fresh game)
    fresh = _create(client, exchange=True, seed=12)
    seat = client.get(fresh.url).get_json()["to_act"][0]
    start = client.get(fresh.url).get_json()["version"]
    moves = client.get(f"{fresh.url}/moves", headers=fresh.auth(seat)).get_json()["moves"]
    mark = next(m for m in moves if m["type"] == "exchange_mark")
    client.post(f"{fresh.url}/moves", json=mark, headers=fresh.auth(seat))
    body = client.post(
        f"{fresh.url}/undo", json={"version": start}, headers=fresh.auth(seat)
    ).get_json()
    assert body["status"] == "applied"


def test_a_seat_fork_deals_the_others_marked_cards_anew(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, exchange=True, seed=None)
    seat = client.get(game.url).get_json()["to_act"][0]
    other = 1 - seat
    # the other seat is not asked now; give it marks through the state it will have: play
    # the asked seat's marks, then fork from the other seat's view
    moves = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
    mark = next(m for m in moves if m["type"] == "exchange_mark")
    client.post(f"{game.url}/moves", json=mark, headers=game.auth(seat))
    version = client.get(game.url).get_json()["version"]
    response = client.post(f"{game.url}/forks", json={"version": version}, headers=game.auth(other))
    assert response.status_code == 201, response.get_json()
    fork_id = uuid.UUID(response.get_json()["id"])
    state = _games(sqlite_app).get_game(fork_id).state
    hand = state["hands"]["_private"][str(seat)]
    assert len(hand["marked"]) == 1
    assert set(hand["marked"]) <= set(hand["occupations"]) | set(hand["minors"])
    parent = _games(sqlite_app).get_game(uuid.UUID(game.id)).state["hands"]["_private"]
    assert (
        hand["occupations"] + hand["minors"]
        != parent[str(seat)]["occupations"] + parent[str(seat)]["minors"]
    )


def test_a_seeded_game_with_hands_is_a_practice_game_no_spectator_can_fork(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, seed=5)
    summary = client.get(game.url).get_json()
    assert summary["practice"] is True and "seed is public" in summary["practice_note"]
    version = summary["version"]
    refused = client.post(f"{game.url}/forks", json={"version": version})
    assert refused.status_code == 422
    body = refused.get_json()
    assert body["code"] == "fork_reveals_hidden" and "own seat" in body["detail"]
    allowed = client.post(f"{game.url}/forks", json={"version": version}, headers=game.auth(0))
    assert allowed.status_code == 201
    fork = allowed.get_json()
    assert fork["seeded"] is False and fork["practice"] is False
