"""Issue 38: cards whose window is open when their printed text says (card set 8, rules version
agricola-2007-r4), each from a position reached through the rules; games of card set 7 and
older keep the timing they were played with. Decisions in ``docs/rules/cards-*.md`` (IM-24,
I-32, KM-10, E-deck entries in agricola-cards.md, K-OCC-26 to K-OCC-30)."""

from __future__ import annotations

import pytest

from domain.agricola.builder import Builder
from domain.agricola.flow import start_harvest
from domain.common.errors import RuleViolation

from ..support import build_farm, check_invariants, give, give_animals, reveal
from .e_support import AGRICOLA
from .helpers import food, full, holding, listed_play, owns, play


def _harvest(state):
    b = Builder(state)
    start_harvest(b)
    return b.state


#: (card, goods that its feeding-phase trade takes, the trade's option, food it gives)
FEEDING_CARDS = (
    ("I75", {"grain": 1}, 0, 2),  # Hand Mill: 1 grain -> 2 food
    ("I98", {"vegetable": 1}, 0, 4),  # Schnaps Distillery: 1 vegetable -> 4 food
    ("I256", {"stone": 1}, 0, 3),  # Stone Carver: 1 stone -> 3 food
    ("K110", {"grain": 1}, 0, 3),  # Brewery: 1 grain -> 3 food
    ("K300", {"vegetable": 1}, 0, 5),  # Schnaps Distiller: 1 vegetable -> 5 food
    ("E154", {"grain": 1}, 0, 3),  # Master Brewer: 1 grain -> 3 food
)


def _fed_enough(card, goods, card_set=None):
    """Ann holds ``card`` and ``goods`` and has food for her family (6 for a need of 4); the
    round's harvest begins."""
    state, _, _ = full(2, card_set=card_set)
    holding(state, 0, card)
    give(state, 0, food=6 - food(state, 0), **goods)
    give(state, 1, food=6 - food(state, 1))
    return _harvest(state)


@pytest.mark.parametrize(("card", "goods", "option", "gain"), FEEDING_CARDS)
def test_a_feeding_phase_card_asks_even_with_food_enough(card, goods, option, gain):
    """Feeding asks a seat holding a card usable in the feeding phase, "feed as is" first; the
    card's trade is taken and the family fed from the food it made."""
    harvest = _fed_enough(card, goods)
    assert harvest["pending"][0] == {"kind": "feed", "need": 4}
    assert harvest["pending"][1] is None  # Bob holds no such card: fed at once, as before
    moves = AGRICOLA.legal_moves(harvest, 0)
    assert moves[0] == {"type": "feed"}
    use = {"type": "card_convert", "card": card, "option": option}
    used, _ = listed_play(harvest, 0, use)
    assert food(used, 0) == 6 + gain
    assert use not in AGRICOLA.legal_moves(used, 0)  # once per harvest
    fed, _ = listed_play(used, 0, {"type": "feed"})
    assert food(fed, 0) == 2 + gain
    check_invariants(fed)


@pytest.mark.parametrize(("card", "goods", "option", "gain"), FEEDING_CARDS)
def test_card_set_7_fed_such_a_seat_at_once(card, goods, option, gain):
    harvest = _fed_enough(card, goods, card_set=7)
    assert harvest["pending"][0] is None
    assert food(harvest, 0) == 2


def test_a_feeding_phase_card_without_its_goods_does_not_ask():
    harvest = _fed_enough("I75", {})
    assert harvest["pending"][0] is None


def test_k109_spit_roast_asks_a_seat_with_an_animal_to_cook():
    """K109 Spit Roast (KM-10): "Whenever you convert at least 1 animal to food during the
    feeding phase of the harvest, you receive 1 additional food": a seat with a sheep and a
    fireplace is asked, and cooking there gives the extra food."""
    state, _, _ = full(2)
    holding(state, 0, "K109")
    owns(state, 0, "fireplace_2")
    give_animals(state, 0, sheep=1)
    give(state, 0, food=6 - food(state, 0))
    harvest = _harvest(state)
    assert harvest["pending"][0] == {"kind": "feed", "need": 4}
    assert AGRICOLA.legal_moves(harvest, 0)[0] == {"type": "feed"}
    cooked, _ = listed_play(harvest, 0, {"type": "convert", "good": "sheep"})
    assert food(cooked, 0) == 6 + 2 + 1
    check_invariants(cooked)
    old, _, _ = full(2, card_set=7)
    holding(old, 0, "K109")
    owns(old, 0, "fireplace_2")
    give_animals(old, 0, sheep=1)
    give(old, 0, food=6 - food(old, 0))
    assert _harvest(old)["pending"][0] is None


def _breeding(card_set=None):
    """Ann (the Sheep Farmer, 3 sheep and 2 wild boar, room for one newborn only) feeds and
    reaches the breeding phase, asked which newborn to keep."""
    state, _, _ = full(2, card_set=card_set)
    holding(state, 0, "K297")
    build_farm(state, 0, stables=[0, 1, 2], pastures=[[3]])
    give_animals(state, 0, sheep=3, boar=2)
    give(state, 0, food=6 - food(state, 0))
    give(state, 1, food=6 - food(state, 1))
    harvest = _harvest(state)
    exchange = {"type": "card_convert", "card": "K297", "option": 0}
    assert exchange in AGRICOLA.legal_moves(harvest, 0)  # the feeding phase is not breeding
    fed, _ = listed_play(harvest, 0, {"type": "feed"})
    assert fed["phase"] == "harvest_breeding" and fed["pending"][0]["options"]
    return fed, exchange


def test_k297_no_exchange_in_the_breeding_phase():
    """K297 Sheep Farmer (K-OCC-28): "You can exchange 3 sheep for 1 cattle and 1 wild boar at
    any time (except during the breeding phase)": not listed while the seat chooses its
    newborns, and refused with the card's own sentence."""
    breeding, exchange = _breeding()
    assert exchange not in AGRICOLA.legal_moves(breeding, 0)
    with pytest.raises(RuleViolation) as err:
        play(breeding, 0, exchange)
    assert err.value.code == "card_not_now"
    assert "except during the breeding phase" in err.value.message
    kept, _ = listed_play(
        breeding, 0, {"type": "keep_newborns", **breeding["pending"][0]["options"][0]}
    )
    check_invariants(kept)


def test_k297_card_set_7_kept_the_exchange_open_in_the_breeding_phase():
    breeding, exchange = _breeding(card_set=7)
    assert exchange in AGRICOLA.legal_moves(breeding, 0)


def _last_placement(card, space, card_set=None, **goods):
    """Bob starts; Ann's second person is the round's last: it goes to ``space`` holding
    ``card`` and exactly ``goods``."""
    state, _, _ = full(2, start_player=1, card_set=card_set)
    holding(state, 0, card)
    give(state, 0, **goods)
    reveal(state, space)
    state, _ = listed_play(state, 1, {"type": "place", "space": "day_laborer_full"})
    state, _ = listed_play(state, 0, {"type": "place", "space": "fishing"})
    state, _ = listed_play(state, 1, {"type": "place", "space": "grain"})
    state, _ = listed_play(state, 0, {"type": "place", "space": space})
    return state


def test_k270_wet_nurse_offered_when_the_last_person_builds_the_room():
    """K270 Wet Nurse (K-OCC-29): "Whenever you build room(s), you may grow your family":
    the round's last person builds a room with the seat's last wood and reed; the growth is
    a step of the same action, before the round ends, and may be declined."""
    placed = _last_placement("K270", "rooms_stables", wood=5, reed=2)
    built, _ = listed_play(placed, 0, {"type": "build_room", "space": 0})
    grow = {"type": "card_growth", "card": "K270"}
    moves = AGRICOLA.legal_moves(built, 0)
    assert built["round"] == 1 and grow in moves and {"type": "done"} in moves
    grown, _ = listed_play(built, 0, grow)
    assert grown["round"] == 2  # the action, and the round, ended with the growth
    assert grown["farms"][0]["family"] == 3  # the newborn became an adult at the round's end
    check_invariants(grown)
    declined, _ = listed_play(built, 0, {"type": "done"})
    assert declined["round"] == 2 and declined["farms"][0]["family"] == 2
    assert grow not in AGRICOLA.legal_moves(declined, 0)


def test_k270_card_set_7_let_the_offer_lapse():
    placed = _last_placement("K270", "rooms_stables", card_set=7, wood=5, reed=2)
    built, _ = listed_play(placed, 0, {"type": "build_room", "space": 0})
    assert built["round"] == 2 and built["farms"][0]["family"] == 2


def test_k307_animal_breeder_offered_when_the_last_person_fences():
    """K307 Animal Breeder (K-OCC-30): "Whenever you fence unused spaces to create at least one
    new pasture, you can buy a pair of animals": the round's last person fences a pasture with
    the seat's last wood; the purchase is a step of the same action, declinable."""
    placed = _last_placement("K307", "fences", wood=4)
    fencing, _ = listed_play(placed, 0, {"type": "fence_space", "space": 4})
    closed, _ = listed_play(fencing, 0, {"type": "close_pasture"})
    buy = {"type": "card_convert", "card": "K307", "option": 0}
    assert closed["round"] == 1 and buy in AGRICOLA.legal_moves(closed, 0)
    bought, _ = listed_play(closed, 0, buy)
    assert bought["round"] == 2 and bought["farms"][0]["animals"]["sheep"] == 2
    check_invariants(bought)
    declined, _ = listed_play(closed, 0, {"type": "done"})
    assert declined["round"] == 2 and declined["farms"][0]["animals"]["sheep"] == 0


def test_k307_card_set_7_let_the_offer_lapse():
    placed = _last_placement("K307", "fences", card_set=7, wood=4)
    fencing, _ = listed_play(placed, 0, {"type": "fence_space", "space": 4})
    closed, _ = listed_play(fencing, 0, {"type": "close_pasture"})
    assert closed["round"] == 2


def test_k312_fence_overseer_offered_when_the_last_person_builds_the_stable():
    """K312 Fence Overseer (K-OCC-31): "Once each round, for a cost of 1 food, you can
    immediately fence a pasture of 1 farmyard space around a stable that you have just built":
    the round's last person builds a stable with the seat's last wood; the fencing is a step
    of the same action, declinable."""
    placed = _last_placement("K312", "rooms_stables", wood=2)
    stabled, _ = listed_play(placed, 0, {"type": "build_stable", "space": 7})
    fence = {"type": "card_fence", "card": "K312", "space": 7}
    assert stabled["round"] == 1 and fence in AGRICOLA.legal_moves(stabled, 0)
    fenced, _ = listed_play(stabled, 0, fence)
    assert fenced["round"] == 2 and fenced["farms"][0]["pastures"] == [[7]]
    check_invariants(fenced)
    declined, _ = listed_play(stabled, 0, {"type": "done"})
    assert declined["round"] == 2 and declined["farms"][0]["pastures"] == []


def test_k312_card_set_7_let_the_offer_lapse():
    placed = _last_placement("K312", "rooms_stables", card_set=7, wood=2)
    stabled, _ = listed_play(placed, 0, {"type": "build_stable", "space": 7})
    assert stabled["round"] == 2 and stabled["farms"][0]["pastures"] == []


def test_a_feeding_phase_trade_outside_the_feeding_phase_gets_its_window_sentence():
    """A stale or crafted request for I75 Hand Mill's trade in the work phase: 422
    ``card_not_now`` saying when the card may be used; nothing is applied."""
    from ..support import turn

    state, _, _ = full(2)
    holding(state, 0, "I75")
    give(state, 0, grain=2)
    turn(state, 0)
    with pytest.raises(RuleViolation) as err:
        play(state, 0, {"type": "card_convert", "card": "I75", "option": 0})
    assert err.value.code == "card_not_now"
    assert "only in the feeding phase of a harvest" in err.value.message


#: Every card issue 38 retimed (card set 8).
RETIMED = ("K297", "K299", "K270", "K307", "K312", "I75", "I98", "I256", "K110", "K300", "E154")
RETIMED += ("K109",)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_random_games_holding_every_retimed_card_keep_the_invariants(n):
    """Random EIK games (only listed moves, uniformly chosen) with the retimed cards in play
    from the start, spread over the seats: every listed move is accepted, a seat asked always
    has a move, and the ledger's invariants hold after every event."""
    import random

    from domain.common.rng import Rng
    from domain.common.title import GameConfig

    from .helpers import NAMES

    rng, pick = Rng(300 + n), random.Random(300 + n)
    state: dict = {}
    for event in AGRICOLA.setup(GameConfig("full", NAMES[:n], {"decks": "EIK"}), rng):
        state = AGRICOLA.evolve(state, event)
    for i, card in enumerate(RETIMED):
        holding(state, i % n, card)
    check_invariants(state)
    moves = 0
    while not AGRICOLA.status(state).finished:
        seat = pick.choice(AGRICOLA.status(state).to_act)
        legal = AGRICOLA.legal_moves(state, seat)
        assert legal, "a seat that is asked always has a move"
        for event in AGRICOLA.decide(state, seat, pick.choice(legal), rng):
            state = AGRICOLA.evolve(state, event)
            check_invariants(state)
        moves += 1
        assert moves < 20_000


def test_k299_and_i97_held_apart_both_feed_after_the_others():
    """K-OCC-26: the Slaughterman and the Slaughterhouse on different seats do not wait for
    each other (else neither could feed): both feed once every other seat asked has fed."""
    state, _, _ = full(3)
    holding(state, 0, "K299")
    holding(state, 1, "I97")
    owns(state, 2, "fireplace_2")
    give_animals(state, 2, sheep=1)
    give(state, 2, food=3 - food(state, 2))
    harvest = _harvest(state)
    assert AGRICOLA.status(harvest).to_act == (2,)
    fed, _ = listed_play(harvest, 2, {"type": "feed"})
    assert AGRICOLA.status(fed).to_act == (0, 1)
    first, _ = listed_play(fed, 1, {"type": "feed"})
    done, _ = listed_play(first, 0, {"type": "feed"})
    assert done["phase"] != "harvest_feeding"
    check_invariants(done)
