"""The search bot (issue 25 item 5): it looks past the next move where greedy cannot, plays a
listed move, replays exactly from its rng, and stops at its deadline (a counting clock, not a
timed test: performance figures come from ``bench bots``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from domain.bots import search
from domain.bots.players import choose_greedy
from domain.bots.search import choose_search, guided_playout
from domain.common.rng import Rng

TAKE, INVEST = {"type": "take"}, {"type": "invest"}


@dataclass
class _Status:
    finished: bool
    to_act: tuple


class Harvest:
    """A two-seat test double: on its turn a seat takes 1 point now, or invests for 3 points
    at the start of its next turn. Turns alternate; the game ends after ``length`` moves.
    Greedy (one move ahead) always takes; the better play is to invest while a turn is left."""

    def __init__(self, length: int = 8) -> None:
        self.length = length

    def new(self) -> dict:
        return {"points": [0, 0], "invested": [0, 0], "moves": 0}

    def status(self, state: dict) -> _Status:
        done = state["moves"] >= self.length
        return _Status(done, () if done else (state["moves"] % 2,))

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        return [] if self.status(state).finished else [dict(TAKE), dict(INVEST)]

    def decide(self, state: dict, seat: int, move: dict, rng: Rng) -> list[dict]:
        return [{"seat": seat, "type": move["type"]}]

    def play(self, state: dict, seat: int, move: dict, rng: Rng) -> tuple[list[dict], dict]:
        events = self.decide(state, seat, move, rng)
        out = {k: list(v) if isinstance(v, list) else v for k, v in state.items()}
        for event in events:
            out = self.evolve(out, event)
        return events, out

    def evolve(self, state: dict, event: dict) -> dict:
        seat = event["seat"]
        state["points"][seat] += 3 * state["invested"][seat]
        state["invested"][seat] = 0
        if event["type"] == "take":
            state["points"][seat] += 1
        else:
            state["invested"][seat] = 1
        state["moves"] += 1
        return state

    def score_sheet(self, state: dict) -> dict:
        return {"seats": [{"total": p} for p in state["points"]]}

    def fork_view(self, state: dict, seat: int, rng: Rng) -> None:
        return None  # nothing is hidden


class Ticks:
    """A clock that moves on by ``step`` seconds every time it is read."""

    def __init__(self, step: float = 0.001) -> None:
        self.now, self.step, self.reads = 0.0, step, []

    def __call__(self) -> float:
        self.now += self.step
        self.reads.append(self.now)
        return self.now


def test_search_invests_where_greedy_takes():
    rules = Harvest()
    state = rules.new()
    moves = rules.legal_moves(state, 0)
    assert choose_greedy(rules, state, 0, moves, Rng(1), 2) == TAKE
    picked = choose_search(rules, state, 0, moves, Rng(1), 2, budget=0.5, clock=Ticks())
    assert picked == INVEST


def test_search_plays_greedy_when_the_last_turn_leaves_nothing_to_gain():
    rules = Harvest(length=2)
    state = rules.new()
    state["moves"] = 1  # seat 1's only turn: an investment would never pay
    moves = rules.legal_moves(state, 1)
    assert choose_search(rules, state, 1, moves, Rng(2), 2, budget=0.5, clock=Ticks()) == TAKE


def test_search_replays_exactly_and_stops_at_its_deadline(monkeypatch):
    monkeypatch.setattr(search, "STOP_AFTER", 10**6)  # never settled early
    rules = Harvest(length=12)
    state = rules.new()
    moves = rules.legal_moves(state, 0)
    first, second = Ticks(), Ticks()
    a = choose_search(rules, state, 0, moves, Rng(7), 1, budget=0.2, clock=first)
    b = choose_search(rules, state, 0, moves, Rng(7), 1, budget=0.2, clock=second)
    assert a == b and a in moves
    assert first.reads == second.reads
    deadline = first.reads[0] + 0.2
    assert len([t for t in first.reads if t >= deadline]) == 1  # it stops at the first late read


def test_guided_playout_moves_every_seat_and_ends_with_the_game():
    rules = Harvest(length=6)
    state = guided_playout(rules, rules.new(), random.Random(3), Rng(3), turns=100)
    assert rules.status(state).finished
    assert state["moves"] == 6


def test_guided_playout_counts_turns_not_moves():
    rules = Harvest(length=20)  # the seats alternate: one move is one turn
    state = guided_playout(rules, rules.new(), random.Random(3), Rng(3), turns=3)
    assert state["moves"] == 3


def test_one_listed_move_is_played_without_searching():
    clock = Ticks()
    only = [dict(TAKE)]
    assert choose_search(Harvest(), Harvest().new(), 0, only, Rng(1), 2, clock=clock) == TAKE
    assert clock.reads == []


def test_a_search_with_no_finished_sample_plays_greedys_choice(monkeypatch):
    monkeypatch.setattr(search, "PLAYOUT_TURNS", 100)
    rules = Harvest(length=40)
    state = rules.new()
    moves = rules.legal_moves(state, 0)
    tiny = choose_search(rules, state, 0, moves, Rng(1), 2, budget=0.0015, clock=Ticks())
    assert tiny == TAKE


def test_a_settled_choice_ends_before_the_deadline():
    rules = Harvest(length=12)  # no hidden draws: every sample agrees, investing is better
    state = rules.new()
    clock = Ticks()
    picked = choose_search(rules, state, 0, rules.legal_moves(state, 0), Rng(7), 2, clock=clock)
    assert picked == INVEST
    assert clock.reads[-1] < clock.reads[0] + 2.0  # level 2's budget, far from used up


def test_settled_needs_every_candidate_met_and_a_clear_difference():
    clear = [[0.0, 3.0, 1.0]] * search.STOP_AFTER
    assert search._settled(clear, 3)
    assert not search._settled(clear[:-1], 3)  # one sample short
    noisy = [[0.0, 3.0, 1.0], [0.0, -2.0, 1.0]] * search.STOP_AFTER
    assert not search._settled(noisy, 3)
    even = [[1.0, 1.0, 0.5]] * search.STOP_AFTER  # nothing gains on greedy's choice
    assert search._best(even) == 0 and search._settled(even, 3)
