"""E-deck occupations that change an action (catalogue E161 Fisherman, E179 Merchant; seed 000
L910, L836).

* Fisherman: right after its person takes the food on Fishing, the seat may take as much food
  again from the general supply; if it does, it pays 1 food to each other player who owns a
  Fishing Rod (E12), Raft (E22) or Canoe (E30) (the Fish Trap and Landing Net of the I and K
  decks join when those decks do). It may pay more than it gained (L910), so the option is
  offered only when its food covers the difference.
* Merchant: once an improvement action (Major or Minor Improvement, or a space that offers a
  minor improvement) has built its improvement, ``{"type": "card_again", "card": "E179"}``
  pays 1 food to use the action a second time: 2 majors, 2 minors, or 1 of each (L836). It is
  offered only when a second improvement can be built after paying.
"""
from __future__ import annotations

from copy import deepcopy

from ..builder import seat_params
from ..errors import StepNotExpected
from . import engine
from .leaving import taken_from

FISHING_CARDS = ("E12", "E22", "E30")
MERCHANT = "E179"
IMPROVEMENT_KINDS = ("minor", "major_minor", "renovation_major_minor")


def fisher_choice(b, seat: int, space_id: str) -> dict | None:
    """The Fisherman's choice after a placement on Fishing (a ``card_choice`` queue entry)."""
    if space_id != "fishing":
        return None
    food = taken_from(b, seat, space_id).get("food", 0)
    payees = [s for s, f in enumerate(b.state["farms"])
              if s != seat and any(c in f.get("cards", ()) for c in FISHING_CARDS)]
    if not food or b.state["farms"][seat]["supply"]["food"] + food < len(payees):
        return None
    return {"card": "E161", "options": [{}, {"food": food - len(payees)}], "pays": payees}


def _again_open(state: dict, seat: int) -> bool:
    from ..steps import OPTIONAL_LEFT
    farm = state["farms"][seat]
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if not pending or pending["kind"] not in IMPROVEMENT_KINDS or pending.get("again") or \
            MERCHANT not in farm.get("cards", ()) or farm["supply"]["food"] < 1 or \
            not {"major", "minor"} & set(pending.get("done", [])):
        return False
    trial = deepcopy(state)
    trial["farms"][seat]["supply"]["food"] -= 1
    trial["pending"][seat] = dict(pending, done=[])
    return OPTIONAL_LEFT[pending["kind"]](trial, seat)


def again_moves(state: dict, seat: int, kind: str | None = None) -> list[dict]:
    return [{"type": "card_again", "card": MERCHANT}] if _again_open(state, seat) else []


def any_again_open(state: dict, seat: int) -> bool:
    return _again_open(state, seat)


def check_again(state: dict, seat: int, move: dict) -> None:
    from .play import card_name
    if move["card"] != MERCHANT or not _again_open(state, seat):
        raise StepNotExpected(what=f"use the action again with {card_name(move['card'])}",
                              reason="only the Merchant does it, once per improvement action, "
                                     "after its improvement and for 1 food, when a second "
                                     "improvement can be built",
                              **seat_params(state, seat))


def apply_again(b, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    b.emit("CardGoods", {"card": MERCHANT, "goods": {"food": -1}}, seat)
    b.emit("CardStep", {"card": MERCHANT, "pending": dict(pending, done=[], again=True)}, seat)


# E161 Fisherman (3+): Fishing: may take the food twice, then pays the fishing cards' owners.
engine.card("E161", fisher=True)
# E179 Merchant (1+): 1 food to use an improvement action a second time.
engine.card("E179", merchant=True)
