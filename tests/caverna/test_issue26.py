"""Issue 26: the printed ruby conversion as one move, no redundant "both" on Urgent wish, and
Urgent wish as a space of its own (the old id still read in recorded games)."""

from __future__ import annotations

from domain.caverna import CAVERNA
from domain.caverna.tables import space_at
from domain.common.events import Event

from .support import check_invariants, fold, furnish, give, moves_of, play, setup, work_turn

M2R2 = space_at("M2-R2")
URGENT = "urgent_wish_for_children"


def _family_life(state: dict) -> dict:
    """The round-card event that turns Wish for children into Urgent wish (digest §2.6)."""
    return fold(
        [
            Event(
                "RoundStarted",
                {
                    "round": state["round"] + 1,
                    "card": "family_life",
                    "marker": None,
                    "harvest": "normal",
                    "urgent": True,
                },
            )
        ],
        state,
    )


def _with_wish() -> dict:
    state, _, _ = setup(2, 1)
    work_turn(state, 0, "wish_for_children")
    return _family_life(state)


def test_a_ruby_turns_into_two_food_in_one_move():
    """The board's reference strip prints a ruby as 2 food (data pack §1.3 'Reference strip';
    seed 001 L585): one move, not a ruby spent on a boar and the boar eaten."""
    state, _, _ = setup(2, 1)
    work_turn(state, 0)
    give(state, 0, ruby=1)
    food = state["homes"][0]["supply"]["food"]
    assert {"type": "convert", "good": "ruby"} in moves_of(state, 0)
    after, events = play(state, 0, {"type": "convert", "good": "ruby"})
    assert after["homes"][0]["supply"]["food"] == food + 2
    assert after["homes"][0]["supply"]["ruby"] == 0
    assert [e.type for e in events] == ["Converted"]
    assert CAVERNA.describe(events[0], ["Ann", "Bob"]) == "Ann turns 1 ruby into 2 food."
    check_invariants(after)


def test_urgent_wish_has_its_own_space_id():
    state = _with_wish()
    assert URGENT in state["spaces"] and "wish_for_children" not in state["spaces"]
    assert URGENT in state["order"]
    places = [m for m in moves_of(state, 0, "place") if m["space"] == URGENT]
    assert {m.get("option") for m in places} == {"gold"}  # no dwelling to build
    assert CAVERNA.view(state, 0)["space_names"][URGENT] == "Urgent wish for children"


def test_the_old_id_still_names_urgent_wish_in_a_recorded_game():
    """A move or an event recorded before issue 26 names the space by its old id."""
    state = _with_wish()
    new = CAVERNA.decide(state, 0, {"type": "place", "space": URGENT, "option": "gold"}, None)
    old = CAVERNA.decide(
        state, 0, {"type": "place", "space": "wish_for_children", "option": "gold"}, None
    )
    assert [(e.type, e.data) for e in old] == [(e.type, e.data) for e in new]
    recorded = Event(
        "DwarfPlaced",
        {"space": "wish_for_children", "dwarf": 0, "option": "gold", "target": None},
        0,
    )
    after = fold([recorded], state)
    assert after["spaces"][URGENT]["occupant"] == 0
    assert after["homes"][0]["dwarfs"][0]["at"] == URGENT


def test_no_both_on_urgent_wish_when_no_dwelling_can_be_built():
    """Guest room (data pack §1.3): "both" on Urgent wish is listed only when the dwelling can
    be built; without it "both" would be the 3 gold under another name."""
    state = _with_wish()
    furnish(state, 0, "guest_room", M2R2)
    options = {m.get("option") for m in moves_of(state, 0, "place") if m["space"] == URGENT}
    assert options == {"gold"}
    give(state, 0, wood=4, stone=3)
    options = {m.get("option") for m in moves_of(state, 0, "place") if m["space"] == URGENT}
    assert options == {"dwelling", "gold", "both"}


def test_both_stays_on_wish_for_children_where_the_dwelling_makes_room():
    """On Wish for children growth alone is impossible with a full home, but "both" builds the
    dwelling first and then grows (digest §7.1): "both" is not redundant there."""
    state, _, _ = setup(2, 1)
    furnish(state, 0, "guest_room", M2R2)
    give(state, 0, wood=4, stone=3)
    work_turn(state, 0, "wish_for_children")
    options = {
        m.get("option") for m in moves_of(state, 0, "place") if m["space"] == "wish_for_children"
    }
    assert options == {"dwelling", "both"}
