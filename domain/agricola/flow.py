"""What happens by itself between decisions: set-up, rounds, return home, harvests, the end.

``advance`` runs after every move (and after set-up): it emits the automatic events until some
seat must decide again or the game is over. Draws come from the game's ``rng`` by label, at the
moment the game reaches them ("round-card/5" when round 5 starts), so no future draw is ever in
the state or the events (digest §2.1 item 2, §3.2 phase 1).
"""

from __future__ import annotations

from typing import Any

from domain.common.housing import can_house, max_fitting, newborns

from .action_spaces import (
    FAMILY_BOARD,
    FULL_BOARD,
    FULL_GREEN_CARDS,
    FULL_ROUND_CARDS,
    GREEN_CARDS,
    ROUND_CARDS,
)
from .builder import Builder
from .extension import of, of_farm, skips_harvest, space_row
from .improvements import convertible_goods
from .placement import has_legal_placement
from .scoring import final_scores
from .state import adults, housing
from .statetypes import Farm
from .steps import next_turn
from .tables import (
    ANIMALS,
    COMPONENTS,
    FEEDING,
    HARVEST_ROUNDS,
    LAST_ROUND,
    MAJOR_IMPROVEMENTS,
    STAGE_OF_ROUND,
    START_FOOD,
)

# -- set-up (digest §2) -------------------------------------------------------------------------


def setup_events(
    players: list[str],
    start_player: int,
    rng: Any,
    before_breeding_window: bool = True,
    variant: str = "family",
    cards: dict | None = None,
    solo_options: dict | None = None,
) -> list:
    """GameSetUp (the whole initial state), then round 1 starts (digest §2.1, §2.2, T-14).

    ``solo_options`` (digest §9.2, §9.3): ``round_order`` (the 14 round cards in a fixed
    order, ``solo.check_round_order``), ``food`` carried over from the previous game of a
    series and ``permanent`` occupations laid out before round 1 (``series.lay_permanent``)."""
    n = len(players)
    solo = n == 1
    extra = dict(solo_options or {})
    food = []
    for seat in range(n):
        if solo:
            food.append(START_FOOD["solo"] + extra.get("food", 0))
        else:
            food.append(START_FOOD["start_player" if seat == start_player else "other"])
    bank = dict(COMPONENTS)
    bank["food"] -= sum(food)
    full = variant == "full"
    spaces = list(FULL_BOARD if full else FAMILY_BOARD) + list(
        (FULL_GREEN_CARDS if full else GREEN_CARDS)[n]
    )
    b = Builder({})
    b.emit(
        "GameSetUp",
        {
            "players": list(players),
            "variant": variant,
            "solo": solo,
            "start_player": start_player,
            "spaces": spaces,
            "majors": list(MAJOR_IMPROVEMENTS),
            "food": food,
            "bank": bank,
            "before_breeding_window": before_breeding_window,
            "feeding": {
                "adult": FEEDING["solo_adult" if solo else "adult"],
                "newborn": FEEDING["newborn"],
            },
            **({"cards": cards} if full else {}),
            **{k: extra[k] for k in ("round_order", "series") if extra.get(k)},
        },
    )
    cards_of_game = of(b.state)  # the windows at set-up: permanent occupations, the deal
    if extra.get("permanent"):
        assert cards_of_game.lay_permanent is not None
        cards_of_game.lay_permanent(b, 0, extra["permanent"])
    if full:
        assert cards_of_game.deal is not None
        cards_of_game.deal(b, rng, cards or {})
    if b.state["phase"] != "deal":
        start_round(b, rng, 1)
    return b.events


# -- rounds (digest §3.2) -----------------------------------------------------------------------

#: A full-game round card's family-side id, so both variants draw from the same stage lists.
FAMILY_CARD = {full: family for family, full in FULL_ROUND_CARDS.items()}


def start_round(b: Builder, rng: Any, round_no: int) -> None:
    """Phase 1: reveal the round card (drawn now), collect food on the round space; phase 2:
    replenish every accumulating space; phase 3 begins with the start player (digest §3.2)."""
    state = b.state
    stage = STAGE_OF_ROUND[round_no]
    shown = [FAMILY_CARD.get(c, c) for c in state["round_cards"]]
    if state.get("round_order"):  # fixed by the solo player (digest §9.2 item 7)
        card = state["round_order"][round_no - 1]
    else:
        remaining = [c for c in ROUND_CARDS[stage] if c not in shown]
        card = rng.choice(f"round-card/{round_no}", remaining)
    if state["variant"] == "full":
        card = FULL_ROUND_CARDS.get(card, card)
    b.emit(
        "RoundStarted",
        {"round": round_no, "stage": stage, "card": card, "start_player": state["start_player"]},
    )
    for seat, food in enumerate(b.state["round_food"][round_no]):
        if food:
            b.emit("WellFoodCollected", {"round": round_no, "food": food}, seat)
    for hook in of(state).round_start:
        hook(b, round_no)
    for draw in of(state).round_draws:
        draw(b, rng, round_no)
    goods = {}
    for space_id in b.state["space_order"]:
        info = space_row(space_id)
        amount = info.get("solo_replenish") if b.state["solo"] else None
        amount = amount or info.get("replenish")
        if amount:
            goods[space_id] = dict(amount)
    b.emit("SpacesReplenished", {"round": round_no, "goods": goods})
    first = b.state["start_player"]
    if not has_legal_placement(b.state, first):
        nxt = next_turn(b, first, include_self_first=True)
        if nxt is None:
            b.emit("PeopleReturned", {"round": round_no})
        else:
            b.emit("TurnPassed", {"to": nxt})


def advance(b: Builder, rng: Any) -> None:
    """Emit automatic events until a seat must decide or the game is over."""
    for hook in of(b.state).draw:
        hook(b, rng)
    while True:
        state = b.state
        phase = state["phase"]
        if phase == "return":
            if state["round"] in HARVEST_ROUNDS:
                start_harvest(b)
            else:
                start_round(b, rng, state["round"] + 1)
            continue
        if phase == "harvest_feeding":
            if any(p is not None for p in state["pending"]):
                return
            start_breeding(b)
            continue
        if phase == "deal":
            deal_step = of(state).deal_step
            if deal_step and deal_step(b, rng):
                return
            start_round(b, rng, 1)
            continue
        if phase == "harvest_breeding":
            if any(p is not None for p in state["pending"]):
                return
            if state["round"] >= LAST_ROUND:
                end_game(b)
                return
            start_round(b, rng, state["round"] + 1)
            continue
        return


# -- harvest (digest §6) ------------------------------------------------------------------------


def start_harvest(b: Builder) -> None:
    """Field phase (1 grain or vegetable from every sown field), then the feeding phase: seats
    with a real choice (food to make, a workshop, or a newborn that would not fit) are asked,
    the others are fed at once (digest §6.1-§6.3, §6.4, D-27)."""
    b.emit("HarvestStarted", {"round": b.state["round"]})
    for seat, farm in enumerate(b.state["farms"]):
        sown = [f for f in farm["fields"] if f["count"] > 0]
        if sown and not skips_harvest(b.state, seat):
            data = {
                "spaces": [f["space"] for f in sown],
                "grain": sum(1 for f in sown if f["crop"] == "grain"),
                "vegetable": sum(1 for f in sown if f["crop"] == "vegetable"),
            }
            # fields whose crop comes from the general supply instead (extension window)
            kept = [s for keeps in of(b.state).fields_kept for s in keeps(farm)]
            if kept:
                data["kept"] = kept
            b.emit("FieldsHarvested", data, seat)
    for hook in of(b.state).field_phase:
        hook(b)
    needs, asked = [], []
    skipped = [s for s in range(len(b.state["farms"])) if skips_harvest(b.state, s)]
    for seat, farm in enumerate(b.state["farms"]):
        need = 0 if seat in skipped else feeding_need(b.state, farm)
        needs.append(need)
        window = b.state["before_breeding_window"] and newborn_at_stake(farm)
        if seat not in skipped and (window or has_feeding_choice(farm, need)):
            asked.append(seat)
    b.emit("FeedingStarted", {"round": b.state["round"], "needs": needs, "asked": asked})
    for seat in range(len(b.state["farms"])):
        if seat not in asked and seat not in skipped:
            feed(b, seat, needs[seat])


def feeding_need(state: dict, farm: Farm) -> int:
    """2 food per adult (solo 3), 1 per person born this round (digest §6.2, §9.2, T-10)."""
    need = adults(farm) * state["feeding"]["adult"] + farm["newborns"] * state["feeding"]["newborn"]
    for hook in of(state).feeding:
        need = hook(state, farm, need)
    return need


# The harvest windows of the game's extension (``extension.Extension``): ``feeding`` (what
# the family eats), ``conversions`` (goods cards turn into food), ``feeding_choices`` (a choice
# in the feeding phase even with food enough), ``newborns`` (how many newborns a farm gets);
# and at round start ``draw`` (card draws a move asked for, made with the seed), ``deal_step``
# (the dealing variants' automatic step: True while seats still choose) and ``round_start``.


def farm_newborns(farm: Farm) -> dict[str, int]:
    """The newborns the farm's animals bring (digest §6.4), as its cards change them."""
    born = newborns({a: farm["animals"][a] for a in ANIMALS})
    for hook in of_farm(farm).newborns:
        born = hook(farm, born)
    return born


def has_feeding_choice(farm: Farm, need: int) -> bool:
    """A seat decides only if it is short of food and could convert something, or owns a
    workshop it could use in this harvest (digest §6.2, D-03, D-27)."""
    fresh = farm.copy()
    fresh["workshops_used"] = []
    ext = of_farm(farm)
    goods = convertible_goods(fresh, "harvest_feeding") + [
        g for convert in ext.conversions for g in convert(farm)
    ]
    if any(g in ("wood", "clay", "reed") for g in goods) or any(
        choice(farm) for choice in ext.feeding_choices
    ):
        return True
    return farm["supply"]["food"] < need and bool(goods)


def newborn_at_stake(farm: Farm) -> bool:
    """Some newborn of the coming breeding would not fit, so releasing or cooking an animal
    first can change what the farm keeps: the seat is asked before feeding is settled (digest
    §5.9, §5.10, §6.4). A farm whose newborns all fit gains nothing by it and is not asked."""
    animals = {a: farm["animals"][a] for a in ANIMALS}
    born = farm_newborns(farm)
    if not born:
        return False
    return not can_house(housing(farm), {a: animals[a] + born.get(a, 0) for a in ANIMALS})


def feed(b: Builder, seat: int, need: int) -> None:
    """Pay held food; a begging card for each food missing (digest §6.2, §6.3, D-27)."""
    farm = b.state["farms"][seat]
    food = min(farm["supply"]["food"], need)
    b.emit(
        "FamilyFed",
        {
            "need": need,
            "food": food,
            "begging": need - food,
            "adults": adults(farm),
            "newborns": farm["newborns"],
            "per_adult": b.state["feeding"]["adult"],
        },
        seat,
    )


def start_breeding(b: Builder) -> None:
    """One newborn per type with 2+ animals, if it fits; a seat chooses only when not every
    newborn fits and there are several best choices (digest §6.4, D-25, D-26, T-08)."""
    choices, automatic = [], []
    for seat, farm in enumerate(b.state["farms"]):
        animals = {a: farm["animals"][a] for a in ANIMALS}
        born = farm_newborns(farm)
        if not born or skips_harvest(b.state, seat):
            continue
        home = housing(farm)
        trial = {a: animals[a] + born.get(a, 0) for a in ANIMALS}
        if can_house(home, trial):
            automatic.append((seat, born, born))
            continue
        options = max_fitting(home, animals, born)
        if len(options) <= 1:
            automatic.append((seat, born, options[0] if options else {}))
        else:
            choices.append(
                {"seat": seat, "newborns": born, "options": [full_animals(o) for o in options]}
            )
    b.emit("BreedingStarted", {"round": b.state["round"], "choices": choices})
    for seat, born, kept in automatic:
        keep_newborns(b, seat, born, kept)


def full_animals(partial: dict) -> dict:
    return {a: partial.get(a, 0) for a in ANIMALS}


def keep_newborns(b: Builder, seat: int, born: dict, kept: dict) -> None:
    farm = b.state["farms"][seat]
    kept = full_animals(kept)
    housed = {a: farm["animals"][a] + kept[a] for a in ANIMALS}
    b.emit("AnimalsBred", {"newborns": full_animals(born), "kept": kept, "housed": housed}, seat)


def end_game(b: Builder) -> None:
    """After the harvest of round 14: final scores; tied leaders share victory (digest §8.3)."""
    scores, winners = final_scores(b.state)
    b.emit("GameEnded", {"scores": scores, "winners": winners})
