"""Complete recorded Village games (1 to 5 players), replayed strictly to their final scores.

Each fixture holds the seed, the options and every (seat, move). The replay asks, before every
move, that the seat is the one the game waits for and that the move is in its legal list. The
final state is then scored twice: against the totals checked by hand for the solo and the
2-player game (the comments walk through the sheet), and by an independent recount written here
from the digest's tables (§6.2, seed L727-770), which does not use the title's scoring module.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.village import VILLAGE

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
TRAVEL = [0, 1, 3, 6, 10, 14, 18]  # L731-733
CHURCH = {"1": 2, "2": 3, "3": 4, "4": 6}  # L737-742
COUNCIL = {"1": 0, "2": 2, "3": 4, "4": 6}  # L761-766

HAND_CHECKED = {
    "game_1p_seed71.json": [
        # Ann alone against Clara: one mass majority (round 1) = 2 on the track; no city; a "1"
        # on church step 2 = 3; customers frag-2 3 + c07 2 = 5; 2 in the chronicle = 0; 0 coins.
        # 10, "Apprentice". Clara filled the last grave in round 5, so Ann had one last action;
        # Clara's 4 members on the steps took the last majority. (Re-recorded for issue 26 from
        # move 101 on, where a Well opened a market day and Clara had wrongly taken a customer,
        # L913; the first 101 moves are the old record's.)
        10,
    ],
    "game_2p_seed72.json": [
        # Ann: 3 mass majorities (rounds 2, 4, 5) = 6 on the track; 1 city (S) = 1; customers
        # frag-1 6 + c24 6 + frag-2 3 + c22 4 = 19; 5 in the chronicle (farmers, craftsmen,
        # councillors, clergy, travellers) = 12; nobody on the church or council; 0 coins. 38.
        38,
        # Bob: 3 mass majorities (rounds 1, 3, 6) = 6; no city; a "2" on church step 1 = 2;
        # customers c12 3 + c13 5 = 8; 4 in the chronicle = 7; 0 coins. 23.
        23,
    ],
}


def _recount(state: dict, seat: int) -> int:
    p = state["seats"][seat]
    customers = state["pack"]["values"]["customers"]
    chronicle = sum(1 for s in state["chronicle"] if (s["by"] or "").startswith(f"{seat}."))
    total = p["pp"] + TRAVEL[min(6, len(p["discs"]))] + p["coins"]
    total += sum(customers[c]["pp"] for c in p["customers"])
    total += 0 if chronicle <= 2 else 4 if chronicle == 3 else 7 if chronicle == 4 else 12
    for m in p["members"]:
        kind, _, step = m["at"].partition(":")
        total += CHURCH[step] if kind == "church" else COUNCIL[step] if kind == "council" else 0
    return total


def replay(record: dict) -> dict:
    rng = Rng(record["seed"])
    state: dict = {}
    config = GameConfig(record["variant"], tuple(record["players"]), record["options"])
    for event in VILLAGE.setup(config, rng):
        state = VILLAGE.evolve(state, event)
    for seat, move in record["moves"]:
        assert VILLAGE.status(state).to_act == (seat,)
        assert move in VILLAGE.legal_moves(state, seat), move
        for event in VILLAGE.decide(state, seat, move, rng):
            state = VILLAGE.evolve(state, event)
    return state


@pytest.mark.parametrize("path", sorted(p.name for p in FIXTURES.glob("*.json")))
def test_recorded_games_replay_to_their_final_scores(path):
    record = json.loads((FIXTURES / path).read_text())
    state = replay(record)
    assert VILLAGE.status(state).finished
    assert state["final"] == record["final"]
    recount = [_recount(state, s) for s in range(len(record["players"]))]
    assert recount == state["final"]["scores"]
    if path in HAND_CHECKED:
        assert state["final"]["scores"] == HAND_CHECKED[path]
    if record["variant"] == "solo":
        assert VILLAGE.score_sheet(state)["seats"][0]["solo_title"] == "Apprentice"


def test_every_player_count_is_recorded():
    counts = sorted(len(json.loads(p.read_text())["players"]) for p in FIXTURES.glob("*.json"))
    assert counts == [1, 2, 3, 4, 5]
