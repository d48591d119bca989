"""The solo series through the API (digest §9.3, T-16, D-10, D-11): ``POST /api/v1/series``,
its moves, summary, events, audit and export; bad series moves are 422 with a sentence and
write nothing. And ``GET /api/v1/titles/agricola/cards`` (issue 23 item 6)."""

from __future__ import annotations

import random
import uuid

from .helpers import assert_problem

SERIES = "/api/v1/series"


def start(client, **extra):
    body = {"title": "agricola", "player": "Ann", "seed": 5, **extra}
    response = client.post(SERIES, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def finish(client, game: dict, seed: int = 1) -> None:
    """Play the solo game to its end with its seat token, playing occupations when offered
    (so the series has a card to make permanent)."""
    r = random.Random(seed)
    url, head = f"/api/v1/games/{game['id']}", auth(game["seats"][0]["token"])
    while client.get(url).get_json()["status"] != "finished":
        moves = client.get(f"{url}/moves", headers=head).get_json()["moves"]
        wanted = (
            [m for m in moves if m["type"] == "play_occupation"]
            or [m for m in moves if m.get("space") == "lessons"]
            or moves
        )
        response = client.post(f"{url}/moves", json=r.choice(wanted), headers=head)
        assert response.status_code == 201, response.get_json()


def played(client, game_id: str) -> list[str]:
    state = client.get(f"/api/v1/games/{game_id}/state").get_json()["state"]
    return list(state["farms"][0]["occupations"])


def test_a_solo_series_of_three_games(client):
    """§9.3 items 1-6, T-16: targets 50, 55, 59; one played occupation more is permanent after
    each game; it is in play from the start of the next; the hand keeps 7 occupations in all;
    food carried over by the previous game's excess."""
    body = start(client)
    series, token, game = body["series"], body["token"], body["game"]
    sid = series["id"]
    assert series["targets"][:9] == [50, 55, 59, 62, 64, 65, 66, 67, 68]
    assert series["games"][0]["target"] == 50 and series["waiting_for"] == "game"
    assert game["series"] == {"id": sid, "number": 1}
    assert client.get(f"{SERIES}/{sid}/moves", headers=auth(token)).get_json()["moves"] == []
    permanent = []
    for number in (1, 2):
        finish(client, game, seed=number)
        summary = client.get(f"{SERIES}/{sid}").get_json()
        row = summary["games"][number - 1]
        assert summary["waiting_for"] == "choice" and row["status"] == "finished"
        assert row["won"] == (row["score"] >= row["target"])
        moves = client.get(f"{SERIES}/{sid}/moves", headers=auth(token)).get_json()["moves"]
        choices = [m["card"] for m in moves if m["type"] == "choose"]
        assert choices and set(choices) <= set(played(client, game["id"]))
        assert moves[0]["label"].startswith("Make ") and "permanent" in moves[0]["label"]
        move = {k: v for k, v in moves[0].items() if k != "label"}
        response = client.post(f"{SERIES}/{sid}/moves", json=move, headers=auth(token))
        assert response.status_code == 201, response.get_json()
        permanent.append(move["card"])
        out = response.get_json()
        game, summary = out["game"], out["series"]
        assert game["series"] == {"id": sid, "number": number + 1}
        assert [p["card"] for p in summary["permanent"]] == permanent
        food = max(0, row["score"] - row["target"]) // 2
        assert summary["games"][number]["carried_food"] == food
        head = auth(game["seats"][0]["token"])
        state = client.get(f"/api/v1/games/{game['id']}/state", headers=head).get_json()["state"]
        farm = state["farms"][0]
        assert farm["occupations"] == permanent  # in play from round 0
        assert len(state["hands"]["_private"]["0"]["occupations"]) == 7 - len(permanent)
        assert farm["supply"]["food"] >= food
    summary = client.get(f"{SERIES}/{sid}").get_json()
    assert [g["target"] for g in summary["games"]] == [50, 55, 59]
    assert summary["won"] == [g["number"] for g in summary["games"] if g["won"]]
    audit = client.get(f"{SERIES}/{sid}/audit").get_json()
    assert audit == {"ok": True, "checked": 3, "mismatches": []}
    events = client.get(f"{SERIES}/{sid}/events").get_json()["events"]
    assert [e["type"] for e in events] == [
        "SeriesStarted",
        "SeriesGameStarted",
        "SeriesGameScored",
        "PermanentChosen",
        "SeriesGameStarted",
        "SeriesGameScored",
        "PermanentChosen",
        "SeriesGameStarted",
    ]
    assert "makes" in events[3]["text"] and "permanent after game 1" in events[3]["text"]
    record = client.get(f"{SERIES}/{sid}/export").get_json()
    assert record["format"] == "chronicle-series-v1" and len(record["events"]) == 8
    assert record["events"][1]["prev_hash"] == record["events"][0]["hash"]
    assert "_secret" not in record["events"][0]["data"]  # the series seed is secret
    # each game is an ordinary game: its own audit
    assert client.get(f"/api/v1/games/{game['id']}/audit").get_json()["ok"] is True


def _finished_series(client):
    body = start(client)
    finish(client, body["game"])
    return body


def _nothing_written(client, sid, before):
    assert client.get(f"{SERIES}/{sid}/events").get_json()["events"] == before


def test_bad_series_moves_are_422_with_a_sentence_and_write_nothing(client):
    body = _finished_series(client)
    sid, token, game = body["series"]["id"], body["token"], body["game"]["id"]
    before = client.get(f"{SERIES}/{sid}/events").get_json()["events"]
    played_cards = played(client, game)
    unplayed = next(c for c in ("E171", "E176", "E187", "E190", "E218") if c not in played_cards)
    response = client.post(
        f"{SERIES}/{sid}/moves",
        headers=auth(token),
        json={"type": "choose", "game": game, "card": unplayed},
    )
    problem = assert_problem(response, 422, "series_choice_not_played")
    assert "was not played in game 1" in problem["detail"] and "D-10" in problem["detail"]
    _nothing_written(client, sid, before)
    # a game of another series
    other = start(client, player="Bob")
    response = client.post(
        f"{SERIES}/{sid}/moves",
        headers=auth(token),
        json={
            "type": "choose",
            "game": other["game"]["id"],
            "card": played_cards[0] if played_cards else "E171",
        },
    )
    problem = assert_problem(response, 422, "series_game_of_other_series")
    assert "another series" in problem["detail"]
    # an ordinary game that is no series' game
    response = client.post(
        f"{SERIES}/{sid}/moves",
        headers=auth(token),
        json={"type": "next", "game": str(uuid.uuid4())},
    )
    assert_problem(response, 422, "series_game_not_current")
    if played_cards:  # moving on without the choice the rules ask for (§9.3 item 3)
        response = client.post(
            f"{SERIES}/{sid}/moves", headers=auth(token), json={"type": "next", "game": game}
        )
        assert_problem(response, 422, "series_choice_required")
    _nothing_written(client, sid, before)
    # the other series' game is still being played
    response = client.post(
        f"{SERIES}/{other['series']['id']}/moves",
        headers=auth(other["token"]),
        json={"type": "next", "game": other["game"]["id"]},
    )
    assert_problem(response, 422, "series_game_not_finished")


def test_series_moves_need_the_series_token(client):
    body = start(client)
    sid = body["series"]["id"]
    move = {"type": "next", "game": body["game"]["id"]}
    assert_problem(client.post(f"{SERIES}/{sid}/moves", json=move), 401)
    assert_problem(
        client.post(
            f"{SERIES}/{sid}/moves", json=move, headers=auth(body["game"]["seats"][0]["token"])
        ),
        403,
    )
    other = start(client, player="Bob")
    assert_problem(
        client.post(f"{SERIES}/{sid}/moves", json=move, headers=auth(other["token"])), 401
    )
    assert_problem(client.get(f"{SERIES}/{uuid.uuid4()}"), 404, "series_not_found")


def test_a_series_of_a_title_without_one_is_refused(client):
    response = client.post(SERIES, json={"title": "toy", "player": "Ann"})
    problem = assert_problem(response, 422, "series_not_available")
    assert "has no series" in problem["detail"]


def test_series_game_options_are_checked_before_anything_is_written(client):
    response = client.post(
        SERIES,
        json={"title": "agricola", "player": "Ann", "options": {"dealing": "draft", "decks": "Q"}},
    )
    assert_problem(response, 422, "bad_option")


# -- GET /titles/agricola/cards (issue 23 item 6) -----------------------------------------------


def test_the_cards_of_a_deck_with_their_texts(client):
    body = client.get("/api/v1/titles/agricola/cards?deck=E").get_json()
    cards = {c["id"]: c for c in body["cards"]}
    assert body["deck"] == "E" and all(c["deck"] == "E" for c in body["cards"])
    assert cards["E171"]["name"] == "Dock Worker" and cards["E171"]["text"]
    assert cards["E171"]["players"] == "1+" and cards["E16"]["passing"] is True
    every = client.get("/api/v1/titles/agricola/cards").get_json()["cards"]
    assert len(every) == 308
    assert_problem(client.get("/api/v1/titles/agricola/cards?deck=Z"), 422, "bad_option")
    assert_problem(client.get("/api/v1/titles/toy/cards"), 404, "title_has_no_cards")


def test_nothing_the_series_shows_reveals_the_hand(client):
    """Hands stay under ``_private`` until the game ends: the series' summary, events, audit,
    export and the game's public summary name no card of the hand (digest §10.1; issue 23)."""
    body = start(client)
    game = body["game"]
    head = auth(game["seats"][0]["token"])
    state = client.get(f"/api/v1/games/{game['id']}/state", headers=head).get_json()["state"]
    hand = (
        state["hands"]["_private"]["0"]["occupations"] + state["hands"]["_private"]["0"]["minors"]
    )
    assert len(hand) == 14
    sid = body["series"]["id"]
    shown = "".join(
        client.get(f"{SERIES}/{sid}{tail}").get_data(True)
        for tail in ("", "/events", "/audit", "/export")
    )
    shown += client.get(f"/api/v1/games/{game['id']}").get_data(True)
    shown += client.get(f"/series/{sid}").get_data(True)
    for card in hand:
        assert f'"{card}"' not in shown and f">{card}<" not in shown
