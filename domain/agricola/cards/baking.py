"""E-deck cards about baking and cooking (catalogue E19 Gypsy's Crock, E149 Master Baker, E150
Baker; seed 000 L752, L862).

* ``{"type": "card_bake", "card": "E150", "improvement": "clay_oven", "grain": 1}``: a bake a
  card allows outside a Bake action: the Baker in each harvest's feeding phase (before the seat
  feeds), the Master Baker after another player has baked. Each baking improvement bakes once
  in such a bake, within its limit, as in a Bake action (digest §5.7).
* The Master Baker's offer ("when another player bakes you may bake too") is kept until the
  holder next places a person: the engine never interrupts another seat's action, so the
  holder bakes when it is next asked to place a person, before placing it (decision K-11).
* "At once" for the Gypsy's Crock: goods cooked between two placements of any person (or in
  one feeding phase) are cooked at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..builder import seat_params
from ..errors import StepNotExpected
from ..improvements import bake_food, bake_options, is_a
from ..statetypes import Farm
from . import engine, threshing
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

OFFERED = "offered"
FEEDING = "feeding"


def moment(state: dict) -> str:
    """One "at once": the round, the phase and how many people are still at home."""
    home = sum(f["home"] for f in state["farms"])
    return f"{state['round']}/{state['phase']}/{home}"


def _cooks(event: Any) -> int:
    """Goods cooked with a Fireplace or Cooking Hearth in this event (seed 000 L752: baking
    with them counts)."""
    d = event.data
    if event.type == "GoodsConverted" and not d.get("workshop"):
        via = str(d.get("via"))
    elif event.type == "BreadBaked":
        via = str(d.get("improvement"))
    else:
        return 0
    if not (is_a(via, "fireplace") or is_a(via, "cooking_hearth")):
        return 0
    return d.get("grain", 1) if event.type == "BreadBaked" else d.get("count", 1)


def crock(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """E19: 1 food more for each 2 goods cooked at once with a Fireplace or Cooking Hearth."""
    n = _cooks(event)
    if not n:
        return
    now = moment(b.state)
    before = b.state["farms"][seat]["card_state"].get(card_id)
    count = before[1] if isinstance(before, list) and before[0] == now else 0
    b.emit("CardStateSet", {"card": card_id, "value": [now, count + n], "cooked": count + n}, seat)
    food = (count + n) // 2 - count // 2
    if food:
        b.emit("CardGoods", {"card": card_id, "goods": {"food": food}}, seat)


def master_baker_own(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """E149 (seed 000 L862): 1 food more for each of the seat's own bake actions (not for a
    bake this card allows)."""
    if event.type != "BreadBaked" or event.data.get("card"):
        return
    key = f"{card_id}/action"
    now = moment(b.state)
    if b.state["farms"][seat]["card_state"].get(key) == now:
        return
    b.emit("CardStateSet", {"card": card_id, "key": key, "value": now}, seat)
    b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)


def master_baker_any(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """E149: another player's bake opens the offer; the holder's next placement closes it."""
    offered = b.state["farms"][owner]["card_state"].get(card_id) == OFFERED
    if event is None:
        return
    if event.type == "BreadBaked" and event.seat != owner and not offered:
        b.emit("CardStateSet", {"card": card_id, "value": OFFERED}, owner)
    elif event.type == "PersonPlaced" and event.seat == owner and offered:
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def _open(state: dict, seat: int, card_id: str) -> bool:
    """Whether ``card_id`` allows a bake now: in each feeding phase once (``card_bake=
    FEEDING``) or on its offer, before the seat's next placement (``card_bake=OFFERED``)."""
    farm = state["farms"][seat]
    when = engine.effect(card_id, farm).get("card_bake")
    pending = state["pending"][seat]
    if callable(when):  # a card's own moment (K111 Bread Paddle, K113 Flail: card_bakes.py)
        return when(state, seat, card_id)
    if when == FEEDING:
        return (
            state["phase"] == "harvest_feeding"
            and bool(pending)
            and pending["kind"] == "feed"
            and farm["card_state"].get(card_id) != state["round"]
        )
    return (
        when == OFFERED
        and farm["card_state"].get(card_id) == OFFERED
        and state["phase"] == "work"
        and state.get("turn") == seat
        and pending is None
    )


def bake_moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    return [
        {"type": "card_bake", "card": c, "improvement": imp, "grain": g}
        for c in farm.get("cards", [])
        if _open(state, seat, c)
        for imp, g in bake_options(farm, [])
    ] + threshing.bake_moves(state, seat)


def feeding_choice(farm: Farm) -> bool:
    """A feeding-phase bake (the Baker's) is worth asking about."""
    return any(
        engine.effect(c, farm).get("card_bake") == FEEDING for c in farm.get("cards", [])
    ) and bool(bake_options(farm, []))


def check(state: dict, seat: int, move: dict) -> None:
    if move not in bake_moves(state, seat):
        raise StepNotExpected(
            what=f"bake with {card_name(move['card'])}",
            reason="the card is not theirs or does not allow a bake now, or "
            "they cannot bake that grain with that improvement",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    if engine.effect(card_id, b.state)["card_bake"] == threshing.PLOUGHING:
        return threshing.apply(b, seat, move)
    feeding = engine.effect(card_id, b.state)["card_bake"] == FEEDING
    b.emit("CardStateSet", {"card": card_id, "value": b.state["round"] if feeding else None}, seat)
    b.emit(
        "BreadBaked",
        {
            "improvement": move["improvement"],
            "grain": move["grain"],
            "food": bake_food(move["improvement"], move["grain"]),
            "card": card_id,
        },
        seat,
    )
