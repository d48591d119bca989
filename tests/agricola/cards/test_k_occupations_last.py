"""The last K-deck occupations (card set 7, rules version agricola-2007-r3), one class per card.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it; decisions are in
``docs/rules/cards-k-occupations.md`` (K-OCC-n).
"""

from __future__ import annotations

from domain.agricola.extension import for_card_set
from domain.agricola.labels import move_group, move_label

from ..support import build_farm, check_invariants, give, reveal, turn, types
from .helpers import AGRICOLA, full, holding, listed_play, of_type

MOVE = "card_move_person"


def _last_to_place(space, *cards, seat=0, n=2, goods=None, others_on=()):
    """Seat ``seat`` (holding ``cards``) places its last person of the round on ``space``; the
    other seats have placed all of theirs already; ``others_on`` are spaces its other people
    stand on."""
    state, _, _ = full(n)
    holding(state, seat, *cards)
    turn(state, seat, home=1)
    for other in range(n):
        if other != seat:
            state["farms"][other]["home"] = 0
    for sid in others_on:
        reveal(state, sid)
        state["spaces"][sid]["occupant"] = seat
    reveal(state, space)
    if space == "traveling_players":
        reveal(state, space, food=2)
    give(state, seat, **(goods or {}))
    return state


def _moves(state, seat=0):
    return of_type(state, MOVE, seat)


class TestK269Acrobat:
    """K269 Acrobat: "Whenever you use the 'Traveling players' action on an action space, after
    all of the players have finished their turns you may move that person to one of the 'Take 1
    Grain', 'Plow 1 Field' and 'Plow Field and Sow' action spaces, if it's free, and take the
    action." (S1). Seed 000 L770: claim markers when Traveling Players is taken; the moves are
    made clockwise from the seat after the last to place, each seat moving its people in any
    order; no person moves twice (K-OCC-20, K-OCC-22)."""

    def test_after_the_last_placement_the_person_moves_to_take_1_grain(self):
        state = _last_to_place("traveling_players", "K269")
        state, events = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        assert types(events)[-1] == "WorkEndTurn" and state["turn"] == 0
        claim = AGRICOLA.view(state, 1)["farms"][0]["card_state"]["K269"]  # public
        assert claim == {"round": state["round"], "from": ["traveling_players"]}
        targets = {m["to"] for m in _moves(state)}
        assert targets == {"grain", "plough"}  # "Plough 1 Field and/or Sow" is not out yet
        move = {"type": MOVE, "card": "K269", "from": "traveling_players", "to": "grain"}
        assert move_label(state, move) == (
            "Acrobat (K269): move your person from Traveling Players to Take 1 Grain and take "
            "that action"
        )
        assert move_group(state, move) == "End of the work phase"
        grain = state["farms"][0]["supply"]["grain"]
        after, events = listed_play(state, 0, move)
        assert types(events)[:3] == ["PersonMoved", "PersonPlaced", "GoodsReceived"]
        assert "PeopleReturned" in types(events)
        assert after["farms"][0]["supply"]["grain"] == grain + 1
        check_invariants(after)

    def test_plough_1_field_takes_its_step(self):
        state = _last_to_place("traveling_players", "K269")
        build_farm(state, 0, fields={0: (None, 0)})
        state, _ = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        move = {"type": MOVE, "card": "K269", "from": "traveling_players", "to": "plough"}
        state, events = listed_play(state, 0, move)
        assert state["pending"][0]["kind"] == "plough" and "PeopleReturned" not in types(events)
        state, events = listed_play(state, 0, {"type": "plough", "space": 1})
        assert "PeopleReturned" in types(events)
        assert [f["space"] for f in state["farms"][0]["fields"]] == [0, 1]

    def test_only_a_free_space_and_only_with_the_card(self):
        state = _last_to_place("traveling_players", "K269")
        state["spaces"]["grain"]["occupant"] = 1
        state["spaces"]["plough"]["occupant"] = 1
        state, events = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        assert "PeopleReturned" in types(events)  # nothing to move to: no window
        plain = _last_to_place("traveling_players")
        plain, events = listed_play(plain, 0, {"type": "place", "space": "traveling_players"})
        assert "WorkEndTurn" not in types(events) and "PeopleReturned" in types(events)

    def test_the_seat_may_pass(self):
        state = _last_to_place("traveling_players", "K269")
        state, _ = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        assert {"type": "work_end_pass"} in AGRICOLA.legal_moves(state, 0)
        after, events = listed_play(state, 0, {"type": "work_end_pass"})
        assert types(events)[:2] == ["WorkEndPassed", "PeopleReturned"]
        assert after["farms"][0]["supply"]["grain"] == state["farms"][0]["supply"]["grain"]

    def test_not_before_the_last_placement(self):
        state = _last_to_place("traveling_players", "K269")
        state["farms"][1]["home"] = 1  # Bob still has a person to place
        state, events = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        assert state["turn"] == 1 and "WorkEndTurn" not in types(events)
        assert not _moves(state, 0) and not _moves(state, 1)

    def test_clockwise_from_the_seat_after_the_last_to_place(self):
        """Ann (Acrobat) places last; Bob's Countryman moves first (seed 000 L770)."""
        state = _last_to_place("traveling_players", "K269", n=2)
        holding(state, 1, "K289")
        reveal(state, "vegetable")
        state["spaces"]["vegetable"]["occupant"] = 1
        reveal(state, "sow_bake")
        build_farm(state, 1, fields={0: (None, 0)})
        give(state, 1, grain=1)
        state, events = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        assert state["turn"] == 1 and not AGRICOLA.legal_moves(state, 0)
        assert _moves(state, 1) == [
            {"type": MOVE, "card": "K289", "from": "vegetable", "to": "sow_bake"}
        ]
        state, events = listed_play(state, 1, {"type": "work_end_pass"})
        assert types(events) == ["WorkEndPassed", "WorkEndTurn"] and state["turn"] == 0
        assert _moves(state, 0)

    def test_older_card_sets_have_no_window(self):
        assert for_card_set(6).work_end == [] and "K269" not in for_card_set(6).effects
        assert for_card_set(7).work_end


class TestK289Countryman:
    """K289 Countryman: "After all players have placed their people, you may move one of your
    people from a 'Take 1 Grain' or 'Take 1 Vegetable' action space to a free action space with
    a 'sow' action." (S1). Seed 000 L926: to the free "Sow and/or Bake Bread" or "Plough 1 Field
    and/or Sow", the moves as the Acrobat's (K-OCC-20, K-OCC-21)."""

    def _ready(self, *cards):
        state = _last_to_place("forest", *cards, others_on=("grain",))
        reveal(state, "sow_bake")
        build_farm(state, 0, fields={0: (None, 0)})
        give(state, 0, grain=1)
        state, events = listed_play(state, 0, {"type": "place", "space": "forest"})
        return state, events

    def test_moves_from_take_1_grain_to_sow(self):
        state, events = self._ready("K289")
        assert types(events)[-1] == "WorkEndTurn"
        move = {"type": MOVE, "card": "K289", "from": "grain", "to": "sow_bake"}
        assert _moves(state) == [move]
        state, events = listed_play(state, 0, move)
        assert state["pending"][0]["kind"] == "sow_bake"
        assert state["spaces"]["grain"]["occupant"] is None
        assert state["spaces"]["sow_bake"]["occupant"] == 0
        state, events = listed_play(state, 0, {"type": "sow", "space": 0, "crop": "grain"})
        assert "PeopleReturned" in types(events)
        assert state["farms"][0]["fields"][0] == {"space": 0, "crop": "grain", "count": 3}
        check_invariants(state)

    def test_only_where_the_sowing_is_possible_and_once_a_round(self):
        state = _last_to_place("forest", "K289", others_on=("grain",))
        reveal(state, "sow_bake")  # no field: nothing to sow, no oven: nothing to bake
        state, events = listed_play(state, 0, {"type": "place", "space": "forest"})
        assert "PeopleReturned" in types(events)
        state = _last_to_place("forest", "K289", n=2, others_on=("grain",))
        state["farms"][0]["family"] = 3
        reveal(state, "vegetable")
        state["spaces"]["vegetable"]["occupant"] = 0
        reveal(state, "sow_bake")
        reveal(state, "plough_sow")
        build_farm(state, 0, fields={0: (None, 0), 1: (None, 0)}, family=3)
        state["farms"][0]["home"] = 1
        give(state, 0, grain=2)
        state, _ = listed_play(state, 0, {"type": "place", "space": "forest"})
        assert len(_moves(state)) == 4  # two people, two spaces: one of them moves
        state, _ = listed_play(
            state, 0, {"type": MOVE, "card": "K289", "from": "vegetable", "to": "plough_sow"}
        )
        state, _ = listed_play(state, 0, {"type": "sow", "space": 0, "crop": "grain"})
        state, events = listed_play(state, 0, {"type": "done"})  # the other field stays empty
        assert not _moves(state) and "PeopleReturned" in types(events)

    def test_no_person_moves_twice(self):
        """Seed 000 L770: not from Traveling Players to Take 1 Grain by the Acrobat and then on
        to a sowing space by the Countryman."""
        state = _last_to_place("traveling_players", "K269", "K289")
        reveal(state, "sow_bake")
        build_farm(state, 0, fields={0: (None, 0)})
        give(state, 0, grain=1)
        state, _ = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        state, events = listed_play(
            state, 0, {"type": MOVE, "card": "K269", "from": "traveling_players", "to": "grain"}
        )
        assert state["phase"] != "work" or not _moves(state)
        assert "PeopleReturned" in types(events)
