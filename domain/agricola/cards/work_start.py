"""Cards that act at the start of the work phase (issue 23 item 3; catalogue K284 Wood
Distributor, K308 Foreman; seed 000 L898, L792).

* Wood Distributor (effect ``spread_wood``: the space and its neighbours): the wood on the
  "3 Wood" space (Forest) is spread as evenly as possible onto the Clay Pit, the Reed Bank and
  Fishing; what does not divide stays (L898): ``{"type": "card_spread", "card": "K284"}``.
* Foreman (effect ``food_on_space``): 1 food from the general supply onto an action space of
  the seat's choice: ``{"type": "card_food", "card": "K308", "space": "fishing"}``; only a
  space whose user takes every good lying on it (:data:`HANDS_OVER`: the accumulating spaces of
  goods and the Starting Player; not the fixed-goods spaces nor the animal markets, which hand
  over nothing else; decision K-OCC-16).

The engine asks a seat only on its turn (decision K-11, as the Plow Driver): the offer stands
at the seat's first turn of the round, before its first placement, and lapses with that
placement (decision K-OCC-16). The goods move as card goods: the seat receives them from the
general supply or from the space and leaves them on the space(s) (``onto``), its own supply
unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..builder import seat_params
from ..errors import StepNotExpected
from ..extension import find_space_row
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder

#: Kinds of action space whose user takes every good lying on it (the Foreman's food too).
HANDS_OVER = ("take", "starting_player", "reed_stone_wood")


def offered(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """``round_start``: the offer of this round."""
    b.emit("CardStateSet", {"card": card_id, "value": round_no}, seat)


def lapses(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """``after_any``: the seat's first placement of the round ends the offer."""
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.seat == seat
        and b.state["farms"][seat]["card_state"].get(card_id) == b.state["round"]
    ):
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, seat)


def _open(state: dict, seat: int, key: str) -> list[str]:
    farm = state["farms"][seat]
    if state["phase"] != "work" or state.get("turn") != seat or state["pending"][seat]:
        return []
    return [
        c
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get(key) and farm["card_state"].get(c) == state["round"]
    ]


def _shares(state: dict, card_id: str) -> dict[str, int]:
    source, targets = engine.effect(card_id, state)["spread_wood"]
    wood = state["spaces"].get(source, {}).get("goods", {}).get("wood", 0)
    here = [t for t in targets if t in state["spaces"]]
    each = wood // len(here) if here else 0
    return dict.fromkeys(here, each) if each else {}


def moves(state: dict, seat: int) -> list[dict]:
    out = [{"type": "card_spread", "card": c} for c in _open(state, seat, "spread_wood")]
    out = [m for m in out if _shares(state, m["card"])]
    return out + [
        {"type": "card_food", "card": c, "space": s}
        for c in _open(state, seat, "food_on_space")
        for s in state["space_order"]
        if (find_space_row(s) or {}).get("kind") in HANDS_OVER
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "use the card at the start of the work phase"),
            reason=NP_(
                "error part", "it acts at the seat's first turn of the round, before its placement"
            ),
            **seat_params(state, seat),
        )


def apply_spread(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    source, _ = engine.effect(card_id, b.state)["spread_wood"]
    shares = _shares(b.state, card_id)
    b.emit("CardStateSet", {"card": card_id, "value": None}, seat)
    total = sum(shares.values())
    b.emit("GoodsTaken", {"space": source, "goods": {"wood": total}, "card": card_id}, seat)
    for target, n in shares.items():
        b.emit("CardGoods", {"card": card_id, "goods": {"wood": -n}, "onto": target}, seat)


def apply_food(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    b.emit("CardStateSet", {"card": card_id, "value": None}, seat)
    b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)
    b.emit("CardGoods", {"card": card_id, "goods": {"food": -1}, "onto": move["space"]}, seat)


HANDLERS = {"card_spread": (check, apply_spread), "card_food": (check, apply_food)}
SHAPES: dict[str, tuple[dict, dict]] = {
    "card_spread": ({"card": str}, {}),
    "card_food": ({"card": str, "space": str}, {}),
}
