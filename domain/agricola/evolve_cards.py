"""``evolve`` for the card events of the full game (issue 10; digest §10): hands, dealt and
drafted cards, played cards, card goods, card fields and card steps. Hands live under
``state["hands"]["_private"]`` so that only their seat sees them."""

from __future__ import annotations

import json
from typing import Any

from .action_spaces import FULL_ROUND_CARDS
from .evolve_base import _add, _copy, _note, _set_animals
from .extension import COMPOSED
from .state import new_space
from .statetypes import Farm


def _signed(state: dict, seat: int, goods: dict) -> None:
    """Goods from the general supply to the seat (negative counts go back)."""
    farm = state["farms"][seat]
    for good, n in goods.items():
        holder = farm["animals"] if good in farm["animals"] else farm["supply"]
        holder[good] += n
        state["bank"][good] -= n


def cards_dealt(state: dict, d: dict, seat: Any) -> dict:
    for key, hand in d.get("_private", {}).items():
        state["hands"]["_private"][key] = {
            "occupations": list(hand["occupations"]),
            "minors": list(hand["minors"]),
        }
        if "packets" in hand:
            state["hands"]["_private"][key]["packets"] = {
                k: list(v) for k, v in hand["packets"].items()
            }
    return state


def _from_hand(state: dict, seat: int, kind: str, card: str) -> None:
    held = state["hands"]["_private"].get(str(seat), {}).get(kind, [])
    if card in held:
        held.remove(card)


def occupation_played(state: dict, d: dict, seat: Any) -> dict:
    _from_hand(state, seat, "occupations", d["card"])
    farm = state["farms"][seat]
    farm["occupations"].append(d["card"])
    farm["cards"].append(d["card"])
    _signed(state, seat, {g: -n for g, n in d["cost"].items()})
    _note(state, seat, "occupation")
    if d.get("reactions") or d.get("reaction"):  # windows for answers (cards/reactions.py)
        reactions = state.setdefault("reactions", {})
        for card, seats in d.get("reactions", {}).items():
            reactions[card] = list(seats)
        trigger = d.get("reaction")  # the played card this one answered
        if trigger:
            reactions[trigger] = [s for s in reactions.get(trigger, []) if s != seat]
    return state


def _give_back(state: dict, seat: int, improvement: str) -> None:
    """A returned or discarded improvement: a major goes back to the board, a card leaves the
    farm (catalogue E14, E38; digest §7 D-33)."""
    farm = state["farms"][seat]
    if improvement in farm["majors"]:
        state["majors"][improvement] = None
        farm["majors"].remove(improvement)
        return
    for key in ("minors", "cards"):
        if improvement in farm.get(key, []):
            farm[key].remove(improvement)


def minor_played(state: dict, d: dict, seat: Any) -> dict:
    _from_hand(state, seat, "minors", d["card"])
    farm = state["farms"][seat]
    _signed(state, seat, {g: -n for g, n in d["cost"].items()})
    for improvement in d.get("returned", []):
        _give_back(state, seat, improvement)
    if d["kept"]:
        farm["minors"].append(d["card"])
        farm["cards"].append(d["card"])
    elif d.get("to") is not None:
        state["hands"]["_private"].setdefault(str(d["to"]), {"occupations": [], "minors": []})[
            "minors"
        ].append(d["card"])
    if d.get("card_field"):
        for i in range(d.get("card_plots", 1)):  # the 2nd plot of the Copse I78 is "I78/2"
            plot = d["card"] if i == 0 else f"{d['card']}/{i + 1}"
            farm.setdefault("card_fields", []).append(
                {"card": plot, "crop": None, "count": 0, "allowed": list(d["card_field"])}
            )
    _note(state, seat, "minor")
    return state


def card_goods(state: dict, d: dict, seat: Any) -> dict:
    _signed(state, seat, d["goods"])
    if d.get("onto"):  # goods left on an action space (Basket E34, ...)
        left = {g: -n for g, n in d["goods"].items() if n < 0}
        _add(state["bank"], left, -1)
        _add(state["spaces"][d["onto"]]["goods"], left)
    if d.get("part"):
        _note(state, seat, d["part"])
    return state


def card_converted(state: dict, d: dict, seat: Any) -> dict:
    _signed(state, seat, {g: -n for g, n in d["pay"].items()})
    _signed(state, seat, d["gain"])
    if d.get("once"):
        state["farms"][seat]["card_state"][d["card"]] = state["round"]
    if d.get("fresh_used"):
        state["farms"][seat]["harvest_fresh"].remove(d["card"])
    if d.get("counter"):
        card_state = state["farms"][seat]["card_state"]
        card_state[d["card"]] = card_state.get(d["card"], 0) + 1
    return state


def card_holds(state: dict, d: dict, seat: Any) -> dict:
    """Goods taken from the general supply onto a card (Brush Maker E156)."""
    held = state["farms"][seat].setdefault("held", {}).setdefault(d["card"], {})
    _add(held, d["goods"])
    _add(state["bank"], d["goods"], -1)
    return state


def action_space_added(state: dict, d: dict, seat: Any) -> dict:
    """A card puts an action space on the board, owned by ``seat`` (Master Forester E164)."""
    state["spaces"][d["space"]] = dict(new_space(d["space"]), owner=seat)
    state["space_order"].append(d["space"])
    return state


def card_toll(state: dict, d: dict, seat: Any) -> dict:
    """``seat`` gives the goods to the owner of the card's space (Master Forester E164)."""
    _signed(state, seat, {g: -n for g, n in d["goods"].items()})
    _signed(state, d["to"], d["goods"])
    return state


def people_held_back(state: dict, d: dict, seat: Any) -> dict:
    """A card keeps people of ``seat`` at home this round (Ratcatcher E198)."""
    state["farms"][seat]["home"] -= d["count"]
    return state


def card_state_set(state: dict, d: dict, seat: Any) -> dict:
    state["farms"][seat]["card_state"][d.get("key", d["card"])] = d["value"]
    return state


def _card_field(farm: Farm, card_id: str) -> dict:
    return next(f for f in farm["card_fields"] if f["card"] == card_id)


def card_fields_added(state: dict, d: dict, seat: Any) -> dict:
    """An occupation's plots join the farm's card fields (Forester K278)."""
    fields = state["farms"][seat].setdefault("card_fields", [])
    for key in d["fields"]:
        fields.append({"card": key, "crop": None, "count": 0, "allowed": list(d["allowed"])})
    return state


def card_field_sown(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    field = _card_field(farm, d["card"])
    field["crop"], field["count"] = d["crop"], d["count"]
    farm["supply"][d["crop"]] -= 1
    state["bank"][d["crop"]] -= d["count"] - 1
    _note(state, seat, "sow")
    return state


def card_fields_harvested(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    for card_id in d["cards"]:
        field = _card_field(farm, card_id)
        field["count"] -= 1
        if not field["count"]:
            field["crop"] = None
    _add(farm["supply"], d["goods"])
    farm["harvest_fresh"] = list(d.get("fresh", []))
    return state


def field_topped(state: dict, d: dict, seat: Any) -> dict:
    if d.get("field_card"):
        field = _card_field(state["farms"][seat], d["field_card"])
        field["count"] += d["count"]
        state["bank"][field["crop"]] -= d["count"]
        return state
    for field in state["farms"][seat]["fields"]:
        if field["space"] == d["space"]:
            field["count"] += d["count"]
            state["bank"][field["crop"]] -= d["count"]
    return state


def card_step(state: dict, d: dict, seat: Any) -> dict:
    state["pending"][seat] = _copy(d["pending"])
    return state


def card_scheduled(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    for r, goods in d["rounds"].items():
        slot = farm["schedule"].setdefault(r, {})
        _add(slot, goods)
        _add(state["bank"], goods, -1)
    if d.get("done"):
        farm["card_state"][d["card"]] = True
    return state


def schedule_collected(state: dict, d: dict, seat: Any) -> dict:
    farm = state["farms"][seat]
    goods = farm["schedule"].pop(str(d["round"]), {})
    _add(farm["supply"], {g: n for g, n in goods.items() if g not in farm["animals"]})
    if "housed" in d:
        _set_animals(farm, d)
    return state


def _private_of(d: dict) -> list[tuple[str, dict]]:
    return list(d.get("_private", {}).items())


def card_discarded(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        hand = state["hands"]["_private"][key]
        for kind in ("occupations", "minors"):
            if info["card"] in hand[kind]:
                hand[kind].remove(info["card"])
        hand.setdefault("discarded", []).append(info["card"])
    return state


def hand_returned(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        hand = state["hands"]["_private"][key]
        hand[d["deck"]] = []
        hand.setdefault("discarded", []).extend(info["cards"])
    return state


def cards_drawn(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        state["hands"]["_private"][key][d["deck"]] = list(info["cards"])
    return state


def draft_picked(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        hand = state["hands"]["_private"][key]
        hand["packets"][d["deck"]].remove(info["card"])
        hand[d["deck"]].append(info["card"])
    return state


def card_chosen(state: dict, d: dict, seat: Any) -> dict:
    """The solo player chose a card for their hand (digest §9.2 item 7; ``cards/choose.py``)."""
    for key, info in _private_of(d):
        row = COMPOSED.catalogue[info["card"]]
        kind = "occupations" if row["kind"] == "occupation" else "minors"
        state["hands"]["_private"][key][kind].append(info["card"])
    return state


def packets_passed(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        state["hands"]["_private"][key]["packets"][d["deck"]] = list(info["packet"])
    return state


def deal_started(state: dict, d: dict, seat: Any) -> dict:
    state["phase"] = "deal"
    return state


def deal_asked(state: dict, d: dict, seat: Any) -> dict:
    state["pending"][seat] = _copy(d["pending"])
    return state


def state_restored(state: dict, d: dict, seat: Any) -> dict:
    return json.loads(json.dumps(d["state"]))


def cards_marked(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        marked = state["hands"]["_private"][key].setdefault("marked", [])
        if info["marked"]:
            marked.append(info["card"])
        elif info["card"] in marked:
            marked.remove(info["card"])
    return state


def exchange_asked(state: dict, d: dict, seat: Any) -> dict:
    state["hands"]["_private"][str(seat)]["draw"] = d["deck"]
    return state


def cards_exchanged(state: dict, d: dict, seat: Any) -> dict:
    for key, info in _private_of(d):
        hand = state["hands"]["_private"][key]
        for card in info["returned"]:
            for kind in ("occupations", "minors"):
                if card in hand[kind]:
                    hand[kind].remove(card)
        hand.setdefault("discarded", []).extend(info["returned"])
        hand[d["deck"]].append(info["drawn"])
        hand["marked"] = []
        hand.pop("draw", None)
    card_state = state["farms"][seat]["card_state"]
    card_state["exchanges"] = card_state.get("exchanges", 0) + 1
    return state


def round_cards_revealed(state: dict, d: dict, seat: Any) -> dict:
    """The round cards still to come are turned over (cards/chamberlain.py): their order is fixed
    (``round_order``) and they lie on the board for ``seat`` only until their round."""
    family = {full: fam for fam, full in FULL_ROUND_CARDS.items()}
    upcoming = [d["rounds"][str(r)] for r in range(state["round"] + 1, 15)]
    state["round_order"] = [family.get(c, c) for c in state["round_cards"]] + upcoming
    for card in upcoming:
        space = FULL_ROUND_CARDS.get(card, card) if state["variant"] == "full" else card
        state["spaces"][space] = dict(new_space(space), early=seat)
    return state


CARD_EVENTS = {
    "RoundCardsRevealed": round_cards_revealed,
    "StateRestored": state_restored,
    "CardsMarked": cards_marked,
    "ExchangeAsked": exchange_asked,
    "CardsExchanged": cards_exchanged,
    "DealStarted": deal_started,
    "DealAsked": deal_asked,
    "CardsDealt": cards_dealt,
    "CardDiscarded": card_discarded,
    "HandReturned": hand_returned,
    "CardsDrawn": cards_drawn,
    "DraftPicked": draft_picked,
    "CardChosen": card_chosen,
    "PacketsPassed": packets_passed,
    "OccupationPlayed": occupation_played,
    "MinorPlayed": minor_played,
    "CardGoods": card_goods,
    "CardConverted": card_converted,
    "CardScheduled": card_scheduled,
    "ScheduleCollected": schedule_collected,
    "FieldTopped": field_topped,
    "CardStep": card_step,
    "CardStateSet": card_state_set,
    "CardHolds": card_holds,
    "PeopleHeldBack": people_held_back,
    "ActionSpaceAdded": action_space_added,
    "CardToll": card_toll,
    "CardFieldsAdded": card_fields_added,
    "CardFieldSown": card_field_sown,
    "CardFieldsHarvested": card_fields_harvested,
}
