"""Cards that build a room or a stable for free (issue 10; catalogue E151 Master Builder, E191
Mason, E207 Stablehand; seed 000 L868, L808, L824).

* ``{"type": "free_room", "card": "E151", "space": 7}``: once per game, a free room once the
  house has 5 rooms (E151) or the stone house 4 (E191). "At any time after" is taken as: when
  the seat is asked to place a person (its turn, no action in progress), so that the room never
  cuts into another action (decision K-10).
* the Hut Builder (E178) owes a free room from the start of round 11 unless the house is then
  of stone; it is built the same way.
* ``{"type": "free_stable", "card": "E207", "space": 3}``: in a fence-building action that has
  closed a pasture, one free stable, at most once per round (seed 000 L824).
* ``free_fences=3`` (Hedge Keeper E175, seed 000 L942): in a fence-building action, once one
  fence is paid for, up to 3 more cost no wood; ``farm.fence_credit`` asks :func:`fence_credit`.
  The seed says it applies after fences a card builds too: after Mini Pasture (E40) the seat
  may go on fencing with the 3 free fences only (:func:`after_card_fences`, decision K-15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import NO_CREDIT, close_region, legal_room_spaces, legal_stable_spaces, split_animals
from ..state import fences_left, stables_left, total_animals
from ..statetypes import Farm
from ..steps import settle
from . import engine
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

#: ``free_room=GRANTED``: the room is owed once ``card_state`` says so (Hut Builder E178).
GRANTED = "granted"
#: ``stable_after_fences=AFTER_ANY_FENCES``: the stable follows fences a card builds too (Mini
#: Pasture's ``card_pasture`` step), not only a fence-building action (Stablehand E207, L824).
AFTER_ANY_FENCES = "any"


def _room_card_open(state: dict, seat: int, card_id: str) -> bool:
    farm = state["farms"][seat]
    need = engine.effect(card_id, farm).get("free_room")
    used = farm["card_state"].get(card_id) not in (None, GRANTED)
    if not need or card_id not in farm.get("cards", []) or used:
        return False
    if (
        state["phase"] != "work"
        or state["pending"][seat] is not None
        or state.get("turn") != seat
        or farm["home"] < 1
    ):
        return False
    if need == GRANTED:
        # "as long as you have not yet renovated to a stone house" (E178, S1)
        return farm["card_state"].get(card_id) == GRANTED and not (
            engine.effect(card_id, farm).get("not_stone") and farm["house"] == "stone"
        )
    house, rooms = need
    return (house is None or farm["house"] == house) and len(farm["rooms"]) >= rooms


def room_moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    cards = [c for c in farm.get("cards", []) if _room_card_open(state, seat, c)]
    return [
        {"type": "free_room", "card": c, "space": s} for c in cards for s in legal_room_spaces(farm)
    ]


def _stable_open(state: dict, seat: int, card_id: str) -> bool:
    farm = state["farms"][seat]
    pending = state["pending"][seat] if state["phase"] == "work" else None
    after = engine.effect(card_id, farm).get("stable_after_fences")
    kinds = ("fences", "card_pasture") if after == AFTER_ANY_FENCES else ("fences",)
    return bool(
        after
        and pending
        and pending["kind"] in kinds
        and "pasture" in pending.get("done", [])
        and farm["card_state"].get(card_id) != state["round"]
        and stables_left(farm) > 0
    )


def stable_moves(state: dict, seat: int, kind: str | None = None) -> list[dict]:
    farm = state["farms"][seat]
    cards = [c for c in farm.get("cards", []) if _stable_open(state, seat, c)]
    return [
        {"type": "free_stable", "card": c, "space": s}
        for c in cards
        for s in legal_stable_spaces(farm)
    ]


def any_stable_open(state: dict, seat: int) -> bool:
    return bool(stable_moves(state, seat))


def check(state: dict, seat: int, move: dict) -> None:
    listed = room_moves(state, seat) if move["type"] == "free_room" else stable_moves(state, seat)
    if move not in listed:
        what = "room" if move["type"] == "free_room" else "stable"
        raise StepNotExpected(
            what=f"build a free {what} with {card_name(move['card'])}",
            reason="the card is not theirs, is used up or its condition is "
            f"not met, or the {what} cannot go on that space",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id, farm = move["card"], b.state["farms"][seat]
    if move["type"] == "free_room":
        b.emit("CardStateSet", {"card": card_id, "value": True}, seat)
        b.emit(
            "RoomBuilt",
            {"space": move["space"], "material": farm["house"], "cost": {}, "card": card_id},
            seat,
        )
        return
    b.emit("CardStateSet", {"card": card_id, "value": b.state["round"]}, seat)
    b.emit("StableBuilt", {"space": move["space"], "cost": {}, "card": card_id}, seat)
    settle(b, seat)


def fence_credit(farm: Farm, pending: dict | None) -> tuple[int, bool | None]:
    """Free fences the seat's cards give in this fence-building action, and whether one fence
    must be paid for first (E175: "when you build at least 1 fence, up to 3 more without
    wood", seed 000 L942). ``pending`` is None when the action is about to be taken."""
    free = sum(engine.effect(c, farm).get("free_fences", 0) for c in farm.get("cards", []))
    if not free:
        return NO_CREDIT
    if pending is None:
        return free, True
    if pending["kind"] != "fences":
        return NO_CREDIT
    left = max(0, free - pending.get("free_fences", 0))
    if pending.get("free_only"):
        return left, None
    return left, "pasture" not in pending.get("done", [])


def fence_one_space(b: Builder, seat: int, card_id: str, space: int) -> None:
    """A card fences ``space`` as a pasture of its own, without wood (Mini Pasture E40, Stable
    Keeper's stables): ``PastureFenced`` with the animals housed again, then
    :func:`after_card_fences`."""
    farm = b.state["farms"][seat]
    built = close_region(farm, [space])
    housed, unhoused = split_animals(farm, total_animals(farm), fences=built["all_fences"])
    b.emit(
        "PastureFenced",
        {
            "region": [space],
            "fences": built["fences"],
            "wood": 0,
            "pastures": built["pastures"],
            "subdivides": False,
            "housed": housed,
            "unhoused": unhoused,
            "card": card_id,
        },
        seat,
    )
    after_card_fences(b, seat, card_id)


def after_card_fences(b: Builder, seat: int, card_id: str) -> None:
    """After a card has built fences (Mini Pasture E40), the Hedge Keeper's free fences may
    follow in a fencing step of free fences only (seed 000 L942)."""

    farm = b.state["farms"][seat]
    holder = next(
        (c for c in farm.get("cards", []) if engine.effect(c, farm).get("free_fences")), None
    )
    if holder is None or fences_left(farm) < 1:
        return
    pending = b.state["pending"][seat] or {}
    b.emit(
        "CardStep",
        {
            "card": holder,
            "after": card_id,
            "pending": {
                "kind": "fences",
                "space": pending.get("space"),
                "done": ["pasture"],
                "mandatory": False,
                "region": [],
                "clears": 0,
                "free_only": True,
            },
        },
        seat,
    )
