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

from typing import TYPE_CHECKING

from domain.common.i18n import NP_

from ..builder import seat_params
from ..errors import StepNotExpected
from ..extension import of
from . import engine
from .common import card_name
from .leaving import taken_from

if TYPE_CHECKING:
    from ..builder import Builder

FISHING_CARDS = ("E12", "E22", "E30")
IMPROVEMENT_KINDS = ("minor", "major_minor", "renovation_major_minor")


def fisher_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> dict | None:
    """The Fisherman's choice after a placement on Fishing (a ``card_choice`` queue entry)."""
    if space_id != "fishing":
        return None
    food = taken_from(b, seat, space_id).get("food", 0)
    payees = [
        s
        for s, f in enumerate(b.state["farms"])
        if s != seat and any(c in f.get("cards", ()) for c in FISHING_CARDS)
    ]
    if not food or b.state["farms"][seat]["supply"]["food"] + food < len(payees):
        return None
    return {"card": card_id, "options": [{}, {"food": food - len(payees)}], "pays": payees}


def _again_card(state: dict, seat: int) -> str | None:
    """The seat's card that may repeat the improvement action now (effect ``again``), if any."""
    farm = state["farms"][seat]
    pending = state["pending"][seat] if state["phase"] == "work" else None
    card_id = next((c for c in farm.get("cards", []) if engine.effect(c, farm).get("again")), None)
    if (
        card_id is None
        or not pending
        or pending["kind"] not in IMPROVEMENT_KINDS
        or pending.get("again")
        or farm["supply"]["food"] < 1
        or not {"major", "minor"} & set(pending.get("done", []))
    ):
        return None
    # the action after paying: the same state but for 1 food less and nothing done yet
    poorer = dict(farm, supply=dict(farm["supply"], food=farm["supply"]["food"] - 1))
    trial = dict(
        state,
        farms=[poorer if s == seat else f for s, f in enumerate(state["farms"])],
        pending=[
            dict(pending, done=[]) if s == seat else p for s, p in enumerate(state["pending"])
        ],
    )
    return card_id if of(state).optional_left[pending["kind"]](trial, seat) else None


def again_moves(state: dict, seat: int, kind: str | None = None) -> list[dict]:
    card_id = _again_card(state, seat)
    return [{"type": "card_again", "card": card_id}] if card_id else []


def any_again_open(state: dict, seat: int) -> bool:
    return _again_card(state, seat) is not None


def check_again(state: dict, seat: int, move: dict) -> None:
    if move["card"] != _again_card(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "use the action again with {card}"),
            card=card_name(move["card"]),
            reason=NP_(
                "error part",
                "only the Merchant does it, once per improvement action, "
                "after its improvement and for 1 food, when a second "
                "improvement can be built",
            ),
            **seat_params(state, seat),
        )


def apply_again(b: Builder, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    b.emit("CardGoods", {"card": move["card"], "goods": {"food": -1}}, seat)
    b.emit("CardStep", {"card": move["card"], "pending": dict(pending, done=[], again=True)}, seat)
