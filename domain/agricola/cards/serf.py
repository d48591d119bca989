"""K266 Serf (4+): "Whenever you use the 'Sow and Bake Bread' action space, you receive 1 grain
before taking the action(s). Alternatively, you can exchange 1 grain for 1 vegetable" (S1; no
ruling in seed 000). Decision K-OCC-25 in docs/rules/cards-k-occupations.md.

* The grain comes when the person is placed on "Sow and/or Bake Bread", before its sowing and
  baking (window ``after_place``); the placement check counts it (window ``place_gains``), so a
  seat with an empty field and no grain may take the space to sow that grain.
* The alternative is the seat's choice before it sows or bakes anything in that action:
  ``{"type": "card_serf", "card": "K266"}`` hands back the grain just received and 1 grain of
  its own for 1 vegetable; the outcome is the printed exchange instead of the grain (1 grain
  for 1 vegetable, the seat needs 1 grain of its own). The choice lapses with the first sowing
  or baking of the action, or its end; it is offered only when the action can still be carried
  out after it (a vegetable to sow, or grain to bake).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import can_sow
from ..improvements import can_bake
from ..statetypes import Farm

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "K266"
MOVE = "card_serf"
SPACE = "sow_bake"
GRAIN = {"grain": 1}
#: the exchange instead of the grain: the grain received back, 1 grain more for 1 vegetable
SWAP = {"grain": -2, "vegetable": 1}


def gains(state: dict, seat: int, space_id: str) -> dict | None:
    """``place_gains``: the grain the Serf gives on "Sow and/or Bake Bread"."""
    holds = CARD in state["farms"][seat].get("cards", ())
    return dict(GRAIN) if holds and space_id == SPACE else None


def give(b: Builder, seat: int, move: dict, before: dict) -> None:
    """``after_place``: 1 grain before the action; the exchange stays open until it starts."""
    if gains(b.state, seat, move.get("space", "")) is None:
        return
    b.emit("CardGoods", {"card": CARD, "goods": dict(GRAIN)}, seat)
    b.emit("CardStateSet", {"card": CARD, "value": {"round": b.state["round"]}}, seat)


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    pending = state["pending"][seat] if state["phase"] == "work" else None
    offered = farm.get("card_state", {}).get(CARD)
    if (
        CARD not in farm.get("cards", ())
        or not pending
        or pending.get("space") != SPACE
        or pending["kind"] != "sow_bake"
        or pending.get("done")
        or not isinstance(offered, dict)
        or offered.get("round") != state["round"]
        or offered.get("swapped")
        or farm["supply"]["grain"] < -SWAP["grain"]
        or not _still_possible(farm)
    ):
        return []
    return [{"type": MOVE, "card": CARD}]


def _still_possible(farm: Farm) -> bool:
    """The action must still be carried out after the exchange (a vegetable to sow, or grain
    left to bake: digest §4.1)."""
    supply = {g: farm["supply"][g] + SWAP.get(g, 0) for g in farm["supply"]}
    after = farm.copy()
    after["supply"] = supply
    return can_sow(after) or can_bake(after, [])


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="exchange 1 grain for 1 vegetable with the Serf",
            reason="it replaces the Serf's grain on Sow and/or Bake Bread, before anything is "
            "sown or baked there, and needs 1 grain of the seat's own",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    b.emit("CardGoods", {"card": CARD, "goods": dict(SWAP)}, seat)
    value = {"round": b.state["round"], "swapped": True}
    b.emit("CardStateSet", {"card": CARD, "value": value, "note": "1 grain for 1 vegetable"}, seat)


def label(state: dict, move: dict) -> str:
    """The exchange in words (``cards/labels.py``)."""
    return "Serf (K266): instead of the grain, exchange 1 grain for 1 vegetable"


#: The Serf's grain and its exchange (the label is in ``cards/labels.py``).
MODULE = CardModule(
    "serf",
    cards=frozenset({CARD}),
    binds=(
        Bind("place_gains", gains),
        Bind("after_place", give),
        Bind("anytime_candidates", moves),
    ),
    moves={MOVE: Move(check, apply, {"card": str})},
)
