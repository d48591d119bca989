"""Goods a card lays on round spaces that the seat may buy when the round starts (issue 23 item
3; catalogue K293 Plowman, K305 Animal Handler; seed 000 L866, L930).

* Plowman (effect ``offer_plough``): 1 field tile on the round spaces current+4, +7 and +10;
  at the start of those rounds the seat may plough it for 1 food:
  ``{"type": "card_plough", "card": "K293", "space": 7}``; a field not bought goes back
  (L866).
* Animal Handler (effect ``offer_animals``, ``{round: animal}``): 1 sheep on round 7, 1 wild
  boar on round 10, 1 cattle on round 14, each only when still to come (L930); at the start of
  those rounds the seat may buy the animal for 1 food: ``{"type": "card_buy_animal", "card":
  "K305"}``.

As with the Plow Driver (E194, ``round_start.py``, decision K-11), the engine asks a seat only
on its turn: the offer stands at the seat's first turn of the round, before its first
placement, and lapses with that placement. The round the card was played in is kept in
``card_state["<id>/played"]`` (the round spaces are counted from it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import legal_field_spaces
from ..statetypes import Farm
from . import engine
from .common import receive_animals
from .plows import check_field_space

if TYPE_CHECKING:
    from ..builder import Builder


def _played(card_id: str) -> str:
    return f"{card_id}/played"


def played(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """On play (``event`` None, effect ``round_check``): remember the round; afterwards the
    offer lapses with the seat's first placement of the round."""
    farm = b.state["farms"][seat]
    if event is None:
        b.emit(
            "CardStateSet",
            {"card": card_id, "key": _played(card_id), "value": b.state["round"]},
            seat,
        )
        return
    if (
        event.type == "PersonPlaced"
        and event.seat == seat
        and farm["card_state"].get(card_id) == b.state["round"]
    ):
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, seat)


def _rounds(farm: Farm, card_id: str) -> dict[int, str]:
    eff = engine.effect(card_id, farm)
    start = farm["card_state"].get(_played(card_id))
    if start is None:
        return {}
    if eff.get("offer_plough"):
        return {start + k: "field" for k in eff["offer_plough"] if start + k <= 14}
    return {r: a for r, a in eff.get("offer_animals", {}).items() if r > start}


def round_start(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if round_no in _rounds(b.state["farms"][seat], card_id):
        b.emit("CardStateSet", {"card": card_id, "value": round_no}, seat)


def _open(state: dict, seat: int, card_id: str) -> bool:
    farm = state["farms"][seat]
    return (
        card_id in farm.get("cards", ())
        and state["phase"] == "work"
        and farm["card_state"].get(card_id) == state["round"]
        and state.get("turn") == seat
        and state["pending"][seat] is None
        and farm["supply"]["food"] >= 1
    )


def _offering(state: dict, seat: int, key: str) -> list[str]:
    farm = state["farms"][seat]
    return [
        c
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get(key) and _open(state, seat, c)
    ]


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    out = [
        {"type": "card_plough", "card": c, "space": s}
        for c in _offering(state, seat, "offer_plough")
        for s in legal_field_spaces(farm)
    ]
    return out + [
        {"type": "card_buy_animal", "card": c} for c in _offering(state, seat, "offer_animals")
    ]


def ploughs(card_id: str, state: dict) -> bool:
    """Whether a ``card_plough`` naming ``card_id`` is this module's."""
    return bool(engine.effect(card_id, state).get("offer_plough"))


def plough_check(other: Any) -> Any:
    def check(state: dict, seat: int, move: dict) -> None:
        if not ploughs(move["card"], state):
            return other(state, seat, move)
        if move["card"] not in _offering(state, seat, "offer_plough"):
            raise StepNotExpected(
                what=f"plough with {move['card']}",
                reason="the field on this round's space is bought at the seat's first turn of "
                "the round, before its placement, for 1 food",
                **seat_params(state, seat),
            )
        check_field_space(state, seat, move["space"])

    return check


def plough_apply(other: Any) -> Any:
    def apply(b: Builder, seat: int, move: dict) -> None:
        if not ploughs(move["card"], b.state):
            return other(b, seat, move)
        b.emit("CardStateSet", {"card": move["card"], "value": None}, seat)
        b.emit("FieldPloughed", {"space": move["space"], "card": move["card"], "food": 1}, seat)

    return apply


def check_buy(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"buy the animal of {move['card']}",
            reason="the animal on this round's space is bought at the seat's first turn of the "
            "round, before its placement, for 1 food",
            **seat_params(state, seat),
        )


def apply_buy(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    animal = _rounds(b.state["farms"][seat], card_id)[b.state["round"]]
    b.emit("CardStateSet", {"card": card_id, "value": None}, seat)
    b.emit("CardGoods", {"card": card_id, "goods": {"food": -1}}, seat)
    receive_animals(b, seat, card_id, {animal: 1})


HANDLERS = {"card_buy_animal": (check_buy, apply_buy)}
SHAPES: dict[str, tuple[dict, dict]] = {"card_buy_animal": ({"card": str}, {})}
