"""A bake during a ploughing action (issue 23 item 3; catalogue I67 Threshing Board).

``card_bake=PLOUGHING``: "Whenever you use the 'Plow 1 Field' or 'Plow Field and Sow' action
spaces, you can additionally bake bread" (S1). While the seat's person is on one of those
spaces (before or after the field), ``{"type": "card_bake", "card": "I67", "improvement": …,
"grain": n}`` bakes as in a Bake action: each baking improvement once, within its limit (digest
§5.7). What it baked in this action is kept on the card (``card_state``), keyed by the moment
(``baking.moment``), so the next ploughing action bakes afresh. The action stays open while a
bake is possible (``any_open``); the seat ends it with ``done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..improvements import bake_food, bake_options
from ..steps import settle
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder

PLOUGHING = "ploughing"
SPACES = ("plough", "plough_sow")


def moment(state: dict) -> str:
    """The action in progress: the round, the phase and the people still at home (the same
    key as ``baking.moment``, which imports this module)."""
    home = sum(f["home"] for f in state["farms"])
    return f"{state['round']}/{state['phase']}/{home}"


def _baked(state: dict, seat: int, card_id: str) -> list | None:
    """The improvements the card has baked with in this action; None when it cannot bake."""
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if not pending or pending["kind"] not in SPACES or pending.get("space") not in SPACES:
        return None
    mark = state["farms"][seat]["card_state"].get(card_id)
    if isinstance(mark, dict) and mark.get("at") == moment(state):
        return list(mark["baked"])
    return []


def bake_moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    out = []
    for card_id in farm.get("cards", []):
        if engine.effect(card_id, farm).get("card_bake") != PLOUGHING:
            continue
        baked = _baked(state, seat, card_id)
        if baked is not None:
            out += [
                {"type": "card_bake", "card": card_id, "improvement": imp, "grain": g}
                for imp, g in bake_options(farm, baked)
            ]
    return out


def any_open(state: dict, seat: int) -> bool:
    return bool(bake_moves(state, seat))


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    baked = _baked(b.state, seat, card_id) or []
    value = {"at": moment(b.state), "baked": baked + [move["improvement"]]}
    b.emit("CardStateSet", {"card": card_id, "value": value}, seat)
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
    settle(b, seat)
