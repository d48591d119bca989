"""``BuilderTitle`` drives a title's :class:`Rules` the same way for every title (issue 35
item 5): a counter game of a few lines, declared the way Agricola, Caverna and Village declare
theirs, shows the order of a move's checks, what a finished or empty game answers, and the start
seat drawn or refused in one place."""

from __future__ import annotations

from typing import Any

import pytest

from domain.common.builder import EventBuilder, clone
from domain.common.builder_title import BuilderTitle, Rules
from domain.common.errors import BadGameConfig, GameOver, InvalidMove, RuleViolation
from domain.common.events import Event, EventLike
from domain.common.rng import Rng
from domain.common.title import GameConfig, OptionSpec, VariantInfo


def _evolve(state: dict, event: EventLike) -> dict:
    if event.type == "Started":
        return {"phase": "play", "round": 1, "count": 0, "start": event.data["start"]}
    if event.type == "Added":
        state["count"] += event.data["n"]
    if event.type == "Ended":
        state["phase"] = "finished"
    return state


CALLS: list[str] = []


def _check_shape(move: object, state: dict) -> None:
    CALLS.append("shape")
    if not isinstance(move, dict) or move.get("type") != "add":
        raise InvalidMove(reason="only 'add'")


def _check(state: dict, seat: int, move: dict) -> dict:
    CALLS.append("check")
    if move.get("n") not in (1, 2):
        raise RuleViolation("bad", reason="add 1 or 2")
    return {"type": "add", "n": move["n"]}  # the move as it is applied


def _apply(b: Any, seat: int, move: dict, rng: Rng) -> None:
    CALLS.append("apply")
    b.emit("Added", {"n": move["n"]}, seat)


def _advance(b: Any, rng: Rng) -> None:
    CALLS.append("advance")
    if b.state["count"] >= 3:
        b.emit("Ended", {})


def _builder(state: dict) -> EventBuilder:
    return EventBuilder(state, clone, lambda s, e: _evolve(s, e))


class Counter(BuilderTitle):
    name = "counter"
    display_name = "Counter"
    variants = (
        VariantInfo(
            "standard", 1, 3, "Add to three.", (OptionSpec("start_player", "int", -1, "Who"),)
        ),
    )
    rules = Rules(
        builder=_builder,
        check_shape=_check_shape,
        check=_check,
        apply=_apply,
        advance=_advance,
        evolve=_evolve,
        legal_moves=lambda state, seat: [{"type": "add", "n": 1}, {"type": "add", "n": 2}],
        to_act=lambda state: (0,),
        score_sheet=lambda state: {"seats": [], "winners": []},
        describe=lambda event, names, viewer: f"{event.type} for {viewer}",
        rule_of=lambda event: "§1",
        move_label=lambda state, move: f"Add {move['n']}",
        move_group=lambda state, move: "Adding",
        count_words=lambda n, good: f"{n}x {good}",
    )

    def setup(self, config: GameConfig, rng: Rng) -> list[Event]:
        return [Event("Started", {"start": self.start_seat(config, rng)})]


COUNTER = Counter()


def _started(start: int = 0) -> dict:
    config = GameConfig("standard", ("a", "b"), {"start_player": start})
    state: dict = {}
    for event in COUNTER.setup(config, Rng(1)):
        state = COUNTER.evolve(state, event)
    return state


def test_a_move_is_shaped_checked_applied_then_advanced_on_a_copy() -> None:
    state = _started()
    CALLS.clear()
    events, after = COUNTER.play(state, 0, {"type": "add", "n": 2}, Rng(1))
    assert CALLS == ["shape", "check", "apply", "advance"]
    assert [e.type for e in events] == ["Added"]
    assert after["count"] == 2 and state["count"] == 0  # the state handed in is untouched
    assert [e.type for e in COUNTER.decide(after, 0, {"type": "add", "n": 1}, Rng(1))] == [
        "Added",
        "Ended",
    ]


def test_a_malformed_move_is_refused_before_the_rules_see_it() -> None:
    state = _started()
    CALLS.clear()
    with pytest.raises(InvalidMove):
        COUNTER.decide(state, 0, {"type": "take"}, Rng(1))
    assert CALLS == ["shape"]
    with pytest.raises(RuleViolation):
        COUNTER.decide(state, 0, {"type": "add", "n": 5}, Rng(1))


def test_a_finished_game_refuses_every_move_and_lists_none() -> None:
    state = _started()
    state["phase"] = "finished"
    with pytest.raises(GameOver):
        COUNTER.decide(state, 0, {"type": "add", "n": 1}, Rng(1))
    assert COUNTER.legal_moves(state, 0) == []
    assert COUNTER.legal_moves({}, 0) == []
    assert COUNTER.status(state).finished
    assert COUNTER.status({}).as_dict() == {
        "round": None,
        "phase": "setup",
        "to_act": [],
        "finished": False,
    }


def test_the_reading_methods_call_the_rules() -> None:
    state = _started()
    assert COUNTER.legal_moves(state, 0) == [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    assert COUNTER.status(state).to_act == (0,)
    assert COUNTER.describe(Event("Added", {"n": 1}), ["a", "b"], 1) == "Added for 1"
    assert COUNTER.rule_of(Event("Added", {"n": 1})) == "§1"
    assert COUNTER.move_label(state, {"type": "add", "n": 2}) == "Add 2"
    assert COUNTER.move_group(state, {"type": "add", "n": 2}) == "Adding"
    assert COUNTER.count_words(3, "wood") == "3x wood"
    # what a title does not declare: no prompt, no refusal sentence, no heuristic, and the
    # whole score sheet again after each event
    assert COUNTER.step_prompt(state, 0) is None
    assert COUNTER.why_not(state, 0, "space:x") is None
    assert COUNTER.evaluate(state, 0) == 0.0
    assert COUNTER.rescore(state, None, Event("Added", {"n": 1})) == COUNTER.score_sheet(state)


def test_the_start_seat_is_drawn_or_checked_in_one_place() -> None:
    drawn = {_started(-1)["start"] for _ in range(3)}
    assert len(drawn) == 1 and drawn <= {0, 1}  # the game's seed draws it, the same each time
    assert _started(1)["start"] == 1
    with pytest.raises(BadGameConfig) as err:
        _started(2)
    assert err.value.params["reason"] == "must be -1 or a seat from 0 to 1"
