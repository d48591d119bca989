"""Issue 26: every listed move carries the heading the game's page lists it under (``group``),
for every title, and a listed move is still posted unchanged."""

from __future__ import annotations

import pytest

from .helpers import move, new_game


@pytest.mark.parametrize("title", ["agricola", "caverna", "village"])
def test_every_listed_move_has_its_group_and_posts_unchanged(client, title):
    game = new_game(client, title=title)
    seat = client.get(game.url).get_json()["to_act"][0]
    listed = client.get(f"{game.url}/moves", headers=game.auth(seat)).get_json()["moves"]
    assert listed and all(isinstance(m.get("group"), str) and m["group"] for m in listed)
    if title == "caverna":  # placements are grouped by the space, as on the page
        place = next(m for m in listed if m["type"] == "place")
        from domain.caverna.spaces import space_name

        assert place["group"] == space_name(place["space"])
    response = move(client, game, seat, listed[0])
    assert response.status_code == 201, response.get_json()
    for event in response.get_json()["events"]:
        assert "group" not in (event.get("move") or {})


def test_a_group_on_a_posted_move_is_ignored(client):
    game = new_game(client)
    response = move(client, game, 0, {"type": "add", "by": 2, "group": "anything"})
    assert response.status_code == 201
    assert response.get_json()["events"][0]["data"] == {"by": 2, "next": 1}
