"""The last K-deck occupations (card set 7, rules version agricola-2007-r3), one class per card.

Each class quotes the card's full text from source S1 (the workbook AgricolaDatabase_v2.1.xls,
e2crawfo/agricola) and the line of seed 000 that rules on it; decisions are in
``docs/rules/cards-k-occupations.md`` (K-OCC-n).
"""

from __future__ import annotations

import pytest

from domain.agricola.extension import for_card_set
from domain.agricola.labels import move_group, move_label
from domain.common.errors import RuleViolation

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

    def test_the_window_s_events_read_in_words_with_their_rule(self):
        state = _last_to_place("traveling_players", "K269")
        state, first = listed_play(state, 0, {"type": "place", "space": "traveling_players"})
        move = {"type": MOVE, "card": "K269", "from": "traveling_players", "to": "grain"}
        _, moved = listed_play(state, 0, move)
        _, passed = listed_play(state, 0, {"type": "work_end_pass"})
        texts = {
            e.type: (AGRICOLA.describe(e, ["Ann", "Bob"]), AGRICOLA.rule_of(e))
            for e in first + moved + passed
        }
        assert texts["WorkEndTurn"][0] == (
            "Everyone has placed; before the people return home, Ann may move people with a card."
        )
        assert texts["PersonMoved"][0] == (
            "Ann moves a person from Traveling Players to Take 1 Grain with Acrobat (K269)."
        )
        assert texts["WorkEndPassed"][0] == "Ann moves no more people."
        for kind in ("WorkEndTurn", "WorkEndPassed", "PersonMoved"):
            assert texts[kind][1].startswith("agricola digest §"), texts[kind]

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


def _acting(space, *cards, home=2, house="wood", **goods):
    """Ann (holding ``cards`` and exactly ``goods``) places a person on ``space``."""
    state, _, _ = full(2)
    holding(state, 0, *cards)
    state["farms"][0]["house"] = house
    turn(state, 0, home=home)
    reveal(state, space)
    farm = state["farms"][0]
    for good, n in farm["supply"].items():  # exactly the goods named, the rest back
        state["bank"][good] += n
        farm["supply"][good] = 0
    give(state, 0, **goods)
    return listed_play(state, 0, {"type": "place", "space": space})[0]


class TestK301WoodCarver:
    """K301 Wood Carver: "In each round, you pay 1 wood less for one of the following: an
    improvement, a room of a wooden hut, a stable or a fence." (S1). Seed 000 L908: at most once
    a round (K-OCC-23: the seat chooses which purchase, as one more way to pay)."""

    def test_a_room_of_a_wooden_hut_for_1_wood_less_once_a_round(self):
        state = _acting("rooms_stables", "K301", wood=9, reed=4)
        rooms = of_type(state, "build_room")
        assert {"type": "build_room", "space": 0, "pay": 1} in rooms
        state, _ = listed_play(state, 0, {"type": "build_room", "space": 0, "pay": 1})
        assert state["farms"][0]["supply"] == {**state["farms"][0]["supply"], "wood": 5, "reed": 2}
        assert AGRICOLA.view(state, 1)["farms"][0]["card_state"]["K301"] == "used"  # public
        assert not [m for m in of_type(state, "build_room") if m.get("pay")]
        state, _ = listed_play(state, 0, {"type": "build_room", "space": 1})
        assert state["farms"][0]["supply"]["wood"] == 0  # the second room at full price
        from .e_support import _start_round

        state, events = _start_round(state, state["round"] + 1)
        assert state["farms"][0]["card_state"].get("K301") is None  # ready again

    def test_the_usual_price_leaves_it_unused_and_not_a_clay_hut(self):
        state = _acting("rooms_stables", "K301", wood=10, reed=4)
        state, _ = listed_play(state, 0, {"type": "build_room", "space": 0})
        assert state["farms"][0]["card_state"].get("K301") is None
        state = _acting("rooms_stables", "K301", house="clay", clay=5, reed=2)
        assert of_type(state, "build_room")
        assert not [m for m in of_type(state, "build_room") if m.get("pay")]

    def test_a_stable_for_1_wood(self):
        state = _acting("rooms_stables", "K301", wood=1)
        stables = of_type(state, "build_stable")
        assert {"type": "build_stable", "space": 0, "pay": 1} in stables
        assert {"type": "build_stable", "space": 0} not in stables  # 2 wood: not affordable
        move = {"type": "build_stable", "space": 0, "pay": 1}
        assert move_label(state, move) == (
            "Build a stable at row 1, column 1 for 1 wood (Wood Carver (K301))"
        )
        state, events = listed_play(state, 0, move)
        assert events[0].data == {"space": 0, "cost": {"wood": 1}, "card": "K301"}
        assert state["farms"][0]["card_state"]["K301"] == "used"

    def test_the_fences_of_a_pasture_for_1_wood_less(self):
        state = _acting("fences", "K301", wood=3)
        state, _ = listed_play(state, 0, {"type": "fence_space", "space": 0})
        # one space needs 4 fences; 3 wood pay for them with the card, not 2 spaces (6)
        assert {"type": "fence_space", "space": 1} not in AGRICOLA.legal_moves(state, 0)
        closes = of_type(state, "close_pasture")
        assert closes == [{"type": "close_pasture", "pay": 1}]
        with pytest.raises(RuleViolation) as refused:
            AGRICOLA.decide(state, 0, {"type": "close_pasture", "pay": 2}, None)
        assert refused.value.code == "fence_payment_invalid"
        state, events = listed_play(state, 0, {"type": "close_pasture", "pay": 1})
        fenced = [e for e in events if e.type == "PastureFenced"][0]
        assert fenced.data["wood"] == 3 and fenced.data["card"] == "K301"
        assert state["farms"][0]["supply"]["wood"] == 0
        assert state["farms"][0]["card_state"]["K301"] == "used"
        check_invariants(state)

    def test_an_improvement_for_1_wood_less(self):
        state = _acting("major_minor", "K301", wood=1, stone=2)
        move = {"type": "build_major", "major": "joinery", "pay": 1}
        assert of_type(state, "build_major") == [move]
        state, _ = listed_play(state, 0, move)
        assert "joinery" in state["farms"][0]["majors"]
        assert state["farms"][0]["card_state"]["K301"] == "used"

    def test_older_card_sets_keep_their_prices(self):
        assert "K301" not in for_card_set(6).effects and not for_card_set(6).stable_choices


def _growing(space="family_growth_minor", food=1, *cards):
    """Ann (Adoptive Parents, a free room, ``food``) places her last person on ``space``."""
    state = _last_to_place(space, "K267", *cards)
    build_farm(state, 0, rooms=[5, 10, 0])
    state["bank"]["food"] += state["farms"][0]["supply"]["food"]
    state["farms"][0]["supply"]["food"] = 0
    give(state, 0, food=food)
    return listed_play(state, 0, {"type": "place", "space": space})


class TestK267AdoptiveParents:
    """K267 Adoptive Parents: "When you take a family growth action, you can pay 1 food to
    immediately place the offspring in your home. This allows you to take an action with it this
    round. If you do this, the offspring does not count as 'newborn'." (S1). Seed 000 L892: the
    adopted person eats 2 food in the feeding phase, even if it came just before the harvest
    (K-OCC-24)."""

    def test_the_newborn_comes_home_and_is_placed_this_round(self):
        state, events = _growing()
        assert types(events) == ["PersonPlaced", "FamilyGrew", "CardStep"]
        adopt = {"type": "card_adopt", "card": "K267", "adopt": 1}
        assert of_type(state, "card_adopt") == [adopt, {**adopt, "adopt": 0}]
        assert move_label(state, adopt) == (
            "Adoptive Parents (K267): pay 1 food, the newborn comes home and acts this round"
        )
        state, events = listed_play(state, 0, adopt)
        farm = state["farms"][0]
        assert farm["supply"]["food"] == 0 and farm["newborns"] == 0 and farm["home"] == 1
        assert state["pending"][0]["kind"] == "minor"  # the space's own minor follows
        state, events = listed_play(state, 0, {"type": "done"})
        assert events[-1].type == "TurnPassed" and state["turn"] == 0  # Ann places again
        state, _ = listed_play(state, 0, {"type": "place", "space": "forest"})
        from domain.agricola.flow import feeding_need

        assert feeding_need(state, state["farms"][0]) == 3 * 2  # an adult, not a newborn
        check_invariants(state)

    def test_declined_the_newborn_stays_a_newborn(self):
        state, _ = _growing()
        state, _ = listed_play(state, 0, {"type": "card_adopt", "card": "K267", "adopt": 0})
        farm = state["farms"][0]
        assert farm["supply"]["food"] == 1 and farm["newborns"] == 1 and farm["home"] == 0
        assert state["pending"][0]["kind"] == "minor"

    def test_a_growth_that_ends_the_action_waits_for_the_answer(self):
        state, events = _growing("urgent_family_growth")
        assert state["pending"][0]["kind"] == "card_adopt" and "TurnPassed" not in types(events)
        state, events = listed_play(state, 0, {"type": "card_adopt", "card": "K267", "adopt": 1})
        assert events[-1].type == "TurnPassed" and events[-1].data["to"] == 0

    def test_not_offered_without_food_to_pay(self):
        state, events = _growing("urgent_family_growth", food=0)
        assert "CardStep" not in types(events) and not of_type(state, "card_adopt")
        assert "FamilyGrew" in types(events) and state["farms"][0]["family"] == 3

    def test_older_card_sets_have_no_step(self):
        assert "K267" not in for_card_set(6).effects


class TestK266Serf:
    """K266 Serf: "Whenever you use the 'Sow and Bake Bread' action space, you receive 1 grain
    before taking the action(s). Alternatively, you can exchange 1 grain for 1 vegetable."
    (S1; no seed ruling; catalogue conflict C10 settles K, 4+). Decision K-OCC-25: the
    placement counts the grain; the exchange is chosen before anything is sown or baked."""

    def _field(self, *cards, **goods):
        state, _, _ = full(2)
        holding(state, 0, *cards)
        turn(state, 0, home=2)
        reveal(state, "sow_bake")
        build_farm(state, 0, fields={0: (None, 0)})
        farm = state["farms"][0]
        for good in ("grain", "vegetable"):
            state["bank"][good] += farm["supply"][good]
            farm["supply"][good] = 0
        give(state, 0, **goods)
        return state

    def test_the_grain_comes_before_the_sowing_and_opens_the_space(self):
        place = {"type": "place", "space": "sow_bake"}
        assert place not in AGRICOLA.legal_moves(self._field(), 0)  # nothing to sow or bake
        state, events = listed_play(self._field("K266"), 0, place)
        assert types(events) == ["PersonPlaced", "CardGoods", "CardStateSet"]
        assert state["farms"][0]["supply"]["grain"] == 1
        assert not of_type(state, "card_serf")  # no grain of its own to exchange
        state, _ = listed_play(state, 0, {"type": "sow", "space": 0, "crop": "grain"})
        assert state["farms"][0]["fields"][0]["count"] == 3
        check_invariants(state)

    def test_or_1_grain_for_1_vegetable_instead(self):
        state, _ = listed_play(
            self._field("K266", grain=1), 0, {"type": "place", "space": "sow_bake"}
        )
        swap = {"type": "card_serf", "card": "K266"}
        assert of_type(state, "card_serf") == [swap]
        assert move_label(state, swap) == (
            "Serf (K266): instead of the grain, exchange 1 grain for 1 vegetable"
        )
        state, _ = listed_play(state, 0, swap)
        assert {g: state["farms"][0]["supply"][g] for g in ("grain", "vegetable")} == {
            "grain": 0,
            "vegetable": 1,
        }
        assert not of_type(state, "card_serf")  # once
        state, _ = listed_play(state, 0, {"type": "sow", "space": 0, "crop": "vegetable"})
        check_invariants(state)

    def test_the_exchange_lapses_with_the_first_sowing(self):
        state = self._field("K266", grain=1)
        build_farm(state, 0, fields={0: (None, 0), 1: (None, 0)})
        state, _ = listed_play(state, 0, {"type": "place", "space": "sow_bake"})
        state, _ = listed_play(state, 0, {"type": "sow", "space": 0, "crop": "grain"})
        assert state["pending"][0] and not of_type(state, "card_serf")

    def test_no_exchange_that_leaves_nothing_to_sow_or_bake(self):
        state = self._field("K266", grain=1)
        state["farms"][0]["fields"] = []  # no field: only the Clay Oven's baking
        state["majors"]["clay_oven"] = 0
        state["farms"][0]["majors"].append("clay_oven")
        state, _ = listed_play(state, 0, {"type": "place", "space": "sow_bake"})
        assert state["farms"][0]["supply"]["grain"] == 2 and not of_type(state, "card_serf")
        assert of_type(state, "bake")

    def test_older_card_sets_do_not_count_the_grain(self):
        assert "K266" not in for_card_set(6).effects and not for_card_set(6).place_gains


def test_random_games_with_the_five_cards_in_play():
    """Random legal play (leaning to the new cards' moves) with the five cards held from round
    1, every player count of the K cards (4+ and 1+): each listed move is accepted, the
    invariants hold after every event, and the windows are reached."""
    import random

    from domain.common.rng import Rng
    from domain.common.title import GameConfig

    new = ("K266", "K267", "K269", "K289", "K301")
    special = ("card_move_person", "card_adopt", "card_serf", "work_end_pass")
    seen = set()
    for n, seed in ((4, 1), (5, 2), (2, 3)):
        rng, pick = Rng(seed), random.Random(seed)
        state: dict = {}
        for event in AGRICOLA.setup(GameConfig("full", ("A", "B", "C", "D", "E")[:n], {}), rng):
            state = AGRICOLA.evolve(state, event)
        for i, card in enumerate(new):
            holding(state, i % n, card)
        while not AGRICOLA.status(state).finished:
            seat = pick.choice(AGRICOLA.status(state).to_act)
            legal = AGRICOLA.legal_moves(state, seat)
            ours = [m for m in legal if m["type"] in special or m.get("pay")]
            move = pick.choice(ours if ours and pick.random() < 0.7 else legal)
            for event in AGRICOLA.decide(state, seat, move, rng):
                state = AGRICOLA.evolve(state, event)
                seen.add(event.type)
            check_invariants(state)
    assert {"WorkEndTurn", "PersonMoved"} <= seen
