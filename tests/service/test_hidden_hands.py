"""Hidden hands of the Agricola full game (issue 10): the planted items are the cards in each
seat's hand. After random play, every response each viewer can get (summary, lists, moves,
events, export, audit, the state and scores at every version, the answers to its own moves)
is searched for the cards in other seats' hands, by id and by name."""

from __future__ import annotations

import json
import random
import re
import uuid

import pytest

from domain.agricola.cards.catalogue import CARDS
from service.context import EXTENSION

from .helpers import GameHandle
from .test_hidden_information import _auth


def _everything_a_viewer_can_get(client, game, viewer):
    """As in test_hidden_information, with the state and scores at every 7th version and the
    last (every version would take minutes per example)."""
    headers = _auth(game, viewer)
    version = client.get(game.url).get_json()["version"]
    yield "summary", client.get(game.url, headers=headers).get_json()
    yield "list", client.get("/api/v1/games", headers=headers).get_json()
    yield "moves", client.get(f"{game.url}/moves", headers=headers).get_json()
    yield "events", client.get(f"{game.url}/events?limit=1000", headers=headers).get_json()
    yield "export", client.get(f"{game.url}/export", headers=headers).get_json()
    yield "audit", client.get(f"{game.url}/audit?detail=true", headers=headers).get_json()
    for n in sorted(set(range(1, version + 1, 7)) | {version}):
        yield f"state@{n}", client.get(f"{game.url}/state?version={n}", headers=headers).get_json()
        yield (
            f"scores@{n}",
            client.get(f"{game.url}/scores?version={n}", headers=headers).get_json(),
        )


def _create(client, players: int, seed: int | None) -> GameHandle:
    body = {"title": "agricola", "variant": "full", "players": ["Ann", "Bob", "Cid"][:players]}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return GameHandle(data["id"], [s["token"] for s in data["seats"]], data)


def _hands(app, game_id: str) -> dict[int, set[str]]:
    """Straight from the server's state (never from a response)."""
    game = app.extensions[EXTENSION].games().get_game(uuid.UUID(game_id))
    hands = game.state["hands"]["_private"]
    return {int(s): set(h["occupations"]) | set(h["minors"]) for s, h in hands.items()}


def _public_cards(client, game) -> set[str]:
    events = client.get(f"{game.url}/events?limit=1000").get_json()["events"]
    return {e["data"]["card"] for e in events if "card" in e.get("data", {})}


def _board_words() -> str:
    """Texts every game shows (space and improvement names, phase words): a card named like
    one of them ("Stable", "Field") is searched for by id only."""
    from domain.agricola.action_spaces import ACTION_SPACES
    from domain.agricola.tables import MAJOR_IMPROVEMENTS

    return " ".join(
        [i["name"] for i in ACTION_SPACES.values()]
        + [i["name"] for i in MAJOR_IMPROVEMENTS.values()]
        + ["field", "fields", "stable", "stables", "pasture", "cook", "quarry"]
    )


BOARD_WORDS = _board_words()


def assert_no_hand_of_others(body, viewer, hands, public, where):
    text = json.dumps(body)
    # names the viewer may see are taken out first, so that a hidden "Chief" is not found in
    # a visible "Chief's Daughter"
    seen = (hands.get(viewer, set()) | public) & set(CARDS)
    visible = sorted((CARDS[c]["name"] for c in seen), key=len, reverse=True)
    named = text
    for name in visible:
        named = named.replace(name, " ")
    for seat, cards in hands.items():
        if seat == viewer:
            continue
        for card in cards - public:
            assert f'"{card}"' not in text, (where, viewer, seat, card)
            name = re.escape(CARDS[card]["name"])
            if re.search(rf"\b{name}\b", BOARD_WORDS, re.IGNORECASE):
                continue
            assert not re.search(rf"\b{name}\b", named), (where, viewer, seat, card)


def test_a_seat_sees_its_own_hand_and_the_search_would_notice(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, 2, None)
    hands = _hands(sqlite_app, game.id)
    own = client.get(f"{game.url}/state", headers=game.auth(0)).get_json()["state"]
    mine = own["hands"]["_private"]["0"]
    assert set(mine["occupations"]) | set(mine["minors"]) == hands[0]
    assert "1" not in own["hands"]["_private"]
    assert_no_hand_of_others(own, 0, hands, set(), "own state")
    with pytest.raises(AssertionError):
        assert_no_hand_of_others(own, 1, hands, set(), "someone else's view")
    public = client.get(f"{game.url}/state").get_json()["state"]
    assert public["hands"] == {}


def test_what_if_from_my_seat_forks_an_active_game_with_hidden_hands(sqlite_app):
    client = sqlite_app.test_client()
    game = _create(client, 3, None)
    pick = random.Random(4)
    for _ in range(12):
        summary = client.get(game.url).get_json()
        seat = pick.choice(summary["to_act"])
        listed = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
        assert (
            client.post(
                f"{game.url}/moves", json=pick.choice(listed), headers=game.auth(seat)
            ).status_code
            == 201
        )
    version = client.get(game.url).get_json()["version"]
    events = client.get(f"{game.url}/events?limit=1000").get_json()["events"]
    boundary = max(e["version"] for e in events if e.get("move")) - 1
    anonymous = client.post(f"{game.url}/forks", json={"version": version})
    assert anonymous.status_code == 422 and anonymous.get_json()["code"] == "fork_reveals_hidden"
    response = client.post(f"{game.url}/forks", json={"version": version}, headers=game.auth(1))
    assert response.status_code == 201, response.get_json()
    fork = response.get_json()
    assert fork["parent"]["game"] == game.id and fork["parent"]["redealt"] is True
    assert fork["parent"]["seat"] == 1
    fork_url = f"/api/v1/games/{fork['id']}"
    tokens = {s["seat"]: s["token"] for s in fork["seats"]}
    mine = client.get(
        f"{fork_url}/state", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).get_json()["state"]["hands"]["_private"]["1"]
    parent_hands = _hands(sqlite_app, game.id)
    assert set(mine["occupations"]) | set(mine["minors"]) == parent_hands[1]
    # the fork's history is its starting position only: nothing of the parent's other hands
    stored = client.get(f"{fork_url}/events?limit=100").get_json()["events"]
    assert all(e["type"] != "CardsDealt" for e in stored)
    assert client.get(f"{fork_url}/audit").get_json()["ok"] is True
    summary = client.get(fork_url).get_json()
    seat = summary["to_act"][0]
    listed = client.get(
        f"{fork_url}/moves", headers={"Authorization": f"Bearer {tokens[seat]}"}
    ).get_json()["moves"]
    assert (
        client.post(
            f"{fork_url}/moves", json=listed[0], headers={"Authorization": f"Bearer {tokens[seat]}"}
        ).status_code
        == 201
    )
    assert boundary >= 1
