"""E-deck cards added in card set 4 (issue 10), each test naming the card's catalogue number
and, where the seed clarifies it, the seed line (catalogue column ``seed000_line``)."""
from __future__ import annotations

from domain.agricola import AGRICOLA
from domain.agricola.state import housing
from domain.common.housing import can_house

from .support import build_farm, check_invariants, give, give_animals, reveal, turn
from .test_full_game import full, holding, play

NAMES = ["Ann", "Bob"]


def _of_type(state, kind, seat=0):
    """The listed moves of one type."""
    return [m for m in AGRICOLA.legal_moves(state, seat) if m["type"] == kind]


def _fencing(wood, *cards):
    state, _, _ = full(2)
    holding(state, 0, *cards)
    turn(state, 0)
    give(state, 0, wood=wood)
    reveal(state, "fences")
    return state


# -- Hedge Keeper (catalogue E175) -----------------------------------------------------------------

def test_e175_hedge_keeper_one_paid_fence_brings_three_free():
    """E175 (seed 000 L942): once 1 fence is built, up to 3 more without wood."""
    without = _fencing(1)
    assert {"type": "place", "space": "fences"} not in _of_type(without, "place")
    state = _fencing(1, "E175")
    assert {"type": "place", "space": "fences"} in _of_type(state, "place")
    fencing, _ = play(state, 0, {"type": "place", "space": "fences"})
    fencing, _ = play(fencing, 0, {"type": "fence_space", "space": 4})
    closed, events = play(fencing, 0, {"type": "close_pasture"})
    fenced = next(e for e in events if e.type == "PastureFenced")
    assert len(fenced.data["fences"]) == 4 and fenced.data["wood"] == 1
    assert fenced.data["free_fences"] == 3
    assert closed["farms"][0]["supply"]["wood"] == 0
    assert "4 fences (3 of them without wood, by the Hedge Keeper E175)" in \
        AGRICOLA.describe(fenced, NAMES)
    check_invariants(closed)
    # the 3 free fences are used up: the next pasture costs its wood again
    assert not _of_type(closed, "fence_space")


def test_e175_hedge_keeper_credit_lasts_the_whole_action():
    """E175: the first fence is paid; the 3 free ones may go into a later pasture of the
    same action, and are then used up."""
    state = _fencing(1, "E175")
    build_farm(state, 0, pastures=[[3, 4]])
    fencing, _ = play(state, 0, {"type": "place", "space": "fences"})
    fencing, _ = play(fencing, 0, {"type": "fence_space", "space": 4})
    split, events = play(fencing, 0, {"type": "close_pasture"})     # 1 new fence, paid
    assert split["farms"][0]["supply"]["wood"] == 0
    assert "free_fences" not in next(e for e in events if e.type == "PastureFenced").data
    more, _ = play(split, 0, {"type": "fence_space", "space": 9})
    closed, events = play(more, 0, {"type": "close_pasture"})      # 3 new fences, all free
    fenced = next(e for e in events if e.type == "PastureFenced")
    assert fenced.data["wood"] == 0 and fenced.data["free_fences"] == 3
    assert closed["pending"][0] is None        # no wood and no free fence left: action over
    check_invariants(closed)


def test_e175_hedge_keeper_needs_a_paid_fence_first():
    """E175: without any wood, no fence is built, so nothing is free."""
    state = _fencing(0, "E175")
    assert {"type": "place", "space": "fences"} not in _of_type(state, "place")


def test_e175_hedge_keeper_after_mini_pasture_e40_gives_free_fences_only():
    """E175 with E40 (seed 000 L942: the Hedge Keeper applies after fences built by cards):
    after the Mini Pasture, up to 3 more fences, free, and none paid for with wood."""
    from domain.common.fences import enclosing_edges
    from domain.agricola.tables import GRID
    from .test_full_game import _minor
    state, _, _ = full(2)
    holding(state, 0, "E175")
    state["farms"][0]["fences"] = sorted(enclosing_edges(GRID, [4]))
    state["farms"][0]["pastures"] = [[4]]
    give(state, 0, food=2, wood=5)
    after, _ = _minor(state, 0, "E40")
    after, events = play(after, 0, {"type": "card_pasture", "space": 3})
    step = next(e for e in events if e.type == "CardStep")
    assert step.data["card"] == "E175" and after["pending"][0]["free_only"] is True
    assert AGRICOLA.describe(step, NAMES) == \
        "Hedge Keeper (E175) gives Ann a further step: fences."
    spaces = {m["space"] for m in _of_type(after, "fence_space")}
    # spaces beside the two pastures close with 3 fences; one apart (7) would need 4: not offered
    assert spaces == {2, 8, 9}
    wood = after["farms"][0]["supply"]["wood"]
    marked, _ = play(after, 0, {"type": "fence_space", "space": 2})
    closed, events = play(marked, 0, {"type": "close_pasture"})
    fenced = next(e for e in events if e.type == "PastureFenced")
    assert fenced.data["wood"] == 0 and fenced.data["free_fences"] == 3
    assert closed["farms"][0]["supply"]["wood"] == wood
    assert len(closed["farms"][0]["pastures"]) == 3 and closed["pending"][0] is None
    check_invariants(closed)


def test_e40_mini_pasture_without_the_hedge_keeper_ends_there():
    from domain.common.fences import enclosing_edges
    from domain.agricola.tables import GRID
    from .test_full_game import _minor
    state, _, _ = full(2)
    state["farms"][0]["fences"] = sorted(enclosing_edges(GRID, [4]))
    state["farms"][0]["pastures"] = [[4]]
    give(state, 0, food=2, wood=5)
    after, _ = _minor(state, 0, "E40")
    after, events = play(after, 0, {"type": "card_pasture", "space": 3})
    assert "CardStep" not in [e.type for e in events]
    assert not _of_type(after, "fence_space")


# -- Shepherd's Pipe (catalogue E29) ---------------------------------------------------------------

def _farm_with(*cards, pastures=(), stables=()):
    state, _, _ = full(2)
    holding(state, 0, *cards)
    build_farm(state, 0, pastures=[list(p) for p in pastures], stables=list(stables))
    return state["farms"][0]


def test_e29_shepherds_pipe_sheep_pastures_hold_two_more():
    """E29: a pasture holding sheep holds 2 more sheep; one holding other animals does not."""
    farm = _farm_with("E29", pastures=[[3], [4]])          # 2 + 2 places, and the pet
    assert can_house(housing(farm), {"sheep": 4, "boar": 2, "cattle": 1})
    assert not can_house(housing(farm), {"sheep": 5, "boar": 2, "cattle": 1})
    assert can_house(housing(farm), {"sheep": 9})          # 4 + 4 and the pet
    assert not can_house(housing(farm), {"boar": 6})       # boar get no more room
    plain = _farm_with(pastures=[[3], [4]])
    assert not can_house(housing(plain), {"sheep": 4, "boar": 2, "cattle": 1})


def test_e29_shepherds_pipe_unfenced_stable_holds_two_sheep_or_one_animal():
    """E29: an unfenced stable holds 2 sheep instead of 1 animal of any type."""
    farm = _farm_with("E29", stables=[13])
    assert can_house(housing(farm), {"sheep": 3})          # 2 in the stable, 1 pet
    assert can_house(housing(farm), {"boar": 1, "cattle": 1})
    assert not can_house(housing(farm), {"boar": 2, "sheep": 1})
    assert not can_house(housing(farm), {"sheep": 4})


def test_e29_shepherds_pipe_does_not_reach_the_stablemasters_stable():
    """E29 (seed 000 L674): no effect on the stable the Stablemaster (E208) works in."""
    farm = _farm_with("E29", "E208", stables=[13])
    assert can_house(housing(farm), {"sheep": 4})          # 3 with the Stablemaster, 1 pet
    assert not can_house(housing(farm), {"sheep": 5})
    two = _farm_with("E29", "E208", stables=[13, 14])
    assert can_house(housing(two), {"sheep": 6})           # 3 + 2 + the pet


def test_e29_shepherds_pipe_shows_where_the_sheep_stand():
    """The farm view places the sheep in the housing the card makes possible."""
    state, _, _ = full(2)
    holding(state, 0, "E29")
    build_farm(state, 0, pastures=[[3]])
    give_animals(state, 0, sheep=5)
    farm = AGRICOLA.view(state, 0)["farms"][0]
    assert farm["housing"]["reserved"] == {"sheep": 4} and farm["housing"]["flexible"] == \
        {"sheep": 1}
    check_invariants(state)


# -- Baking Tray (catalogue E15) -------------------------------------------------------------------

def _on(space, state, seat=0, **goods):
    turn(state, seat)
    give(state, seat, **goods)
    reveal(state, space)
    placed, _ = play(state, seat, {"type": "place", "space": space})
    return placed


def test_e15_baking_tray_builds_an_oven_as_the_minor_improvement_one_resource_less():
    """E15: the Clay Oven is a minor improvement for the holder and costs 1 building resource
    less, of its choice; being an oven, it may bake at once."""
    state, _, _ = full(2)
    holding(state, 0, "E15")
    minor = _on("starting_player_minor", state, clay=2, stone=1, grain=1)
    moves = [m for m in _of_type(minor, "card_major") if m["card"] == "E15"]
    assert moves == [{"type": "card_major", "card": "E15", "major": "clay_oven", "pay": 1}]
    assert AGRICOLA.move_label(minor, moves[0]) == \
        "Build Clay Oven with Baking Tray (E15) for 2 clay and 1 stone"
    built, events = play(minor, 0, moves[0])
    farm = built["farms"][0]
    assert "clay_oven" in farm["majors"] and built["majors"]["clay_oven"] == 0
    assert farm["supply"]["clay"] == farm["supply"]["stone"] == 0
    assert "with Baking Tray (E15)" in AGRICOLA.describe(events[0], NAMES)
    assert {"type": "bake", "improvement": "clay_oven", "grain": 1} in \
        AGRICOLA.legal_moves(built, 0)
    check_invariants(built)


def test_e15_baking_tray_discounts_ovens_built_as_major_improvements():
    """E15: on the Major or Minor Improvement space the holder picks which resource it saves;
    without the tray only the printed price is offered."""
    state, _, _ = full(2)
    holding(state, 0, "E15")
    placed = _on("major_minor", state, clay=3)
    ovens = [m for m in _of_type(placed, "build_major") if m["major"] == "clay_oven"]
    assert ovens == [{"type": "build_major", "major": "clay_oven", "pay": 2}]       # 3 clay
    built, _ = play(placed, 0, ovens[0])
    assert built["farms"][0]["supply"]["clay"] == 0 and "clay_oven" in built["farms"][0]["majors"]
    plain, _, _ = full(2)
    placed = _on("major_minor", plain, clay=3)
    assert not [m for m in _of_type(placed, "build_major") if m["major"] == "clay_oven"]


def test_e15_baking_tray_discounts_the_wood_fired_oven():
    """E15 with E27 Wood-fired Oven (3 wood + 1 stone): 2 wood + 1 stone, or 3 wood."""
    from .test_full_game import in_hand
    state, _, _ = full(2)
    holding(state, 0, "E15")
    in_hand(state, 0, "E27")
    placed = _on("major_minor", state, wood=2, stone=1)
    assert [m for m in _of_type(placed, "play_minor") if m["card"] == "E27"] == [
        {"type": "play_minor", "card": "E27", "pay": 1}]
    after, _ = play(placed, 0, {"type": "play_minor", "card": "E27", "pay": 1})
    assert after["farms"][0]["supply"]["wood"] == after["farms"][0]["supply"]["stone"] == 0
    assert "E27" in after["farms"][0]["minors"]


def test_e15_a_payment_that_does_not_exist_is_refused_with_a_sentence():
    import pytest
    from domain.common.errors import RuleViolation
    state, _, _ = full(2)
    holding(state, 0, "E15")
    placed = _on("major_minor", state, clay=3, stone=1)
    for move, words in (({"type": "build_major", "major": "clay_oven", "pay": 5},
                         "there is no way to pay number 5"),
                        ({"type": "build_major", "major": "clay_oven", "pay": -1},
                         "there is no way to pay number -1"),
                        ({"type": "build_major", "major": "cooking_hearth_4", "pay": 0,
                          "return": "fireplace_2"}, "not both")):
        with pytest.raises(RuleViolation) as err:
            play(placed, 0, move)
        assert err.value.code == "major_payment_invalid" and words in err.value.message


# -- Master Forester (catalogue E164) --------------------------------------------------------------

def _forester_board():
    """4 players; Ann has played the Master Forester through Lessons."""
    from .test_full_game import in_hand
    state, _, _ = full(4)
    in_hand(state, 0, "E164")
    turn(state, 0)
    give(state, 0, food=2)
    placed, _ = play(state, 0, {"type": "place", "space": "lessons_4"})
    played, events = play(placed, 0, {"type": "play_occupation", "card": "E164"})
    return played, events


def _stock(state, space, **goods):
    for good, n in goods.items():
        state["spaces"][space]["goods"][good] = state["spaces"][space]["goods"].get(good, 0) + n
        state["bank"][good] -= n


def test_e164_master_forester_adds_the_2_wood_space_empty_until_replenished():
    """E164 (seed 000 L838): the 3-player "2 Wood" card joins the board as a full action space
    and is given 2 wood in each later replenishment."""
    from domain.agricola.builder import Builder
    from domain.agricola.cards.spaces import SPACE
    from domain.agricola.flow import start_round
    from domain.common.rng import Rng
    state, events = _forester_board()
    added = next(e for e in events if e.type == "ActionSpaceAdded")
    assert "Master Forester (E164) of Ann adds the action space 2 Wood (Master Forester)" in \
        AGRICOLA.describe(added, ["Ann", "Bob", "Cid", "Dee"])
    assert state["spaces"][SPACE]["owner"] == 0 and state["spaces"][SPACE]["goods"] == {}
    assert SPACE in state["space_order"]
    turn(state, 1)
    assert {"type": "place", "space": SPACE} not in AGRICOLA.legal_moves(state, 1)
    for space in state["spaces"].values():
        space["occupant"] = None
    b = Builder(state)
    start_round(b, Rng(3), state["round"] + 1)
    assert b.state["spaces"][SPACE]["goods"] == {"wood": 2}
    check_invariants(b.state)


def test_e164_others_pay_the_owner_2_food_the_owner_uses_it_free():
    """E164 (seed 000 L838): each other player who uses the space gives the owner 2 food; one
    without 2 food may not use it (K-14)."""
    from domain.common.errors import RuleViolation
    import pytest
    from domain.agricola.cards.spaces import SPACE
    state, _ = _forester_board()
    _stock(state, SPACE, wood=2)
    turn(state, 1)
    food = state["farms"][1]["supply"]["food"]
    if food >= 2:
        state["farms"][1]["supply"]["food"] = 1
        state["bank"]["food"] += food - 1
    assert {"type": "place", "space": SPACE} not in AGRICOLA.legal_moves(state, 1)
    with pytest.raises(RuleViolation) as err:
        play(state, 1, {"type": "place", "space": SPACE})
    assert "must give Ann 2 food for it (Master Forester E164) and hold 1" in err.value.message
    give(state, 1, food=1)
    owner_food = state["farms"][0]["supply"]["food"]
    used, events = play(state, 1, {"type": "place", "space": SPACE})
    assert used["farms"][1]["supply"]["wood"] == state["farms"][1]["supply"]["wood"] + 2
    assert used["farms"][1]["supply"]["food"] == 0
    assert used["farms"][0]["supply"]["food"] == owner_food + 2
    toll = next(e for e in events if e.type == "CardToll")
    assert AGRICOLA.describe(toll, ["Ann", "Bob", "Cid", "Dee"]) == \
        "Bob gives Ann 2 food for using 2 Wood (Master Forester), card E164."
    check_invariants(used)
    turn(state, 0)
    own, events = play(state, 0, {"type": "place", "space": SPACE})
    assert not [e for e in events if e.type == "CardToll"]


# -- Chief's Daughter (catalogue E173) -------------------------------------------------------------

def _chief_played(n=3):
    """Ann plays the Chief (E172) through Lessons; Bob holds the Chief's Daughter (E173)."""
    from .test_full_game import in_hand
    state, _, _ = full(n)
    in_hand(state, 0, "E172")
    in_hand(state, 1, "E173")
    turn(state, 0)
    give(state, 0, food=4)
    lessons = "lessons_3" if n == 3 else "lessons"
    reveal(state, lessons) if lessons not in state["spaces"] else None
    placed, _ = play(state, 0, {"type": "place", "space": lessons})
    played, events = play(placed, 0, {"type": "play_occupation", "card": "E172"})
    return played, events


def test_e173_chiefs_daughter_is_played_free_when_another_plays_the_chief():
    """E173: when another player plays the Chief (E172) the holder may play the Daughter at
    once for free: offered before its next placement (K-11)."""
    state, events = _chief_played()
    chief = next(e for e in events if e.type == "OccupationPlayed")
    assert chief.data["reactions"] == {"E172": [1, 2]}   # keyed by the public card: hands unseen
    turn(state, 1)
    food = state["farms"][1]["supply"]["food"]
    move = {"type": "card_react", "card": "E173"}
    assert _of_type(state, "card_react", 1) == [move]
    assert not _of_type(state, "card_react", 2)              # Cid does not hold the card
    assert AGRICOLA.move_label(state, move) == \
        "Play Chief's Daughter (E173) for free, answering the card just played"
    after, events = play(state, 1, move)
    assert "E173" in after["farms"][1]["occupations"] and \
        after["farms"][1]["supply"]["food"] == food
    assert AGRICOLA.describe(events[0], ["Ann", "Bob", "Cid"]) == (
        "Bob plays the occupation Chief's Daughter (E173) for nothing, in answer to another "
        "player's card.")
    assert after["turn"] == 1 and after["pending"][1] is None   # still to place a person
    assert not _of_type(after, "card_react", 1)
    check_invariants(after)


def test_e173_the_offer_lapses_with_the_holders_next_placement():
    """K-11: the window closes when the holder places a person without taking it."""
    state, _ = _chief_played()
    turn(state, 1)
    reveal(state, "fishing") if "fishing" not in state["spaces"] else None
    placed, _ = play(state, 1, {"type": "place", "space": "fishing"})
    assert placed["reactions"]["E172"] == [2]
    turn(placed, 1)
    placed["pending"][1] = None
    assert not _of_type(placed, "card_react", 1)
    import pytest
    from domain.common.errors import RuleViolation
    with pytest.raises(RuleViolation) as err:
        play(placed, 1, {"type": "card_react", "card": "E173"})
    assert err.value.message.startswith("Bob cannot play Chief's Daughter for free now: ")
