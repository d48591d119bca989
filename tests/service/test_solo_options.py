"""The solo options through the API (digest §9.2 item 7): a chosen hand stays private until the
game ends, a choice that breaks the solo rules is 422 with a sentence and writes nothing, and a
fixed round order is refused for a game of two."""

from __future__ import annotations

from .helpers import assert_problem

ORDER = [
    "fences",
    "sheep",
    "major_improvement",
    "sow_bake",
    "family_growth",
    "renovation_improvement",
    "stone_stage_2",
    "boar",
    "vegetable",
    "cattle",
    "stone_stage_4",
    "urgent_family_growth",
    "plough_sow",
    "renovation_fences",
]


def _solo(client, **options):
    response = client.post(
        "/api/v1/games",
        json={"title": "agricola", "variant": "full", "players": ["Ann"], "options": options},
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], {"Authorization": f"Bearer {body['seats'][0]['token']}"}


def test_a_chosen_hand_is_seen_by_nobody_else(client):
    game, head = _solo(client, dealing="choose")
    url = f"/api/v1/games/{game}"
    moves = client.get(f"{url}/moves", headers=head).get_json()["moves"]
    assert {m["type"] for m in moves} == {"choose_card"}
    response = client.post(
        f"{url}/moves", json={"type": "choose_card", "card": "E171"}, headers=head
    )
    assert response.status_code == 201, response.get_json()
    assert "You choose Dock Worker (E171)." in str(response.get_json())
    public = "".join(
        client.get(f"{url}{tail}").get_data(True)
        for tail in ("", "/events", "/state", "/export", "/audit?detail=true")
    )
    assert "E171" not in public and "Dock Worker" not in public
    mine = client.get(f"{url}/state", headers=head).get_json()["state"]
    assert mine["hands"]["_private"]["0"]["occupations"] == ["E171"]


def test_a_choice_against_the_solo_rules_is_422_and_writes_nothing(client):
    game, head = _solo(client, dealing="choose")
    url = f"/api/v1/games/{game}"
    version = client.get(url).get_json()["version"]
    response = client.post(
        f"{url}/moves", json={"type": "choose_card", "card": "E147"}, headers=head
    )
    problem = assert_problem(response, 422, "card_choice_refused")
    assert "3+ occupation" in problem["detail"] and "§9.2" in problem["detail"]
    assert client.get(url).get_json()["version"] == version


def test_round_order_only_alone(client):
    response = client.post(
        "/api/v1/games",
        json={
            "title": "agricola",
            "variant": "family",
            "players": ["Ann", "Bob"],
            "options": {"round_order": ORDER},
        },
    )
    problem = assert_problem(response, 422, "bad_option")
    assert "only a solo game" in problem["detail"]
    game, _ = _solo(client, round_order=ORDER)
    state = client.get(f"/api/v1/games/{game}/state").get_json()["state"]
    assert state["round_cards"] == ["fences"]
