"""Cards that plough several fields when played (catalogue K124 Yoke, K134 Ox Team; seed 000
L744): a step of their own, pending kind :data:`KIND`, in which the seat ploughs up to ``left``
fields with ordinary ``plough`` moves, one at a time, and may stop early with ``done`` ("you
can plow"; seed 000 L744: fewer fields are allowed).

The pending is ``{"kind": "plough_n", "space": ..., "done": [], "left": n, "card": id}``;
after each field (:func:`after_field`, the card's ``after`` hook) the step starts again with one
field less, so the base rule "one field per ploughing" (``build_steps.check_plough``) holds
for each.
It is ploughing by a card, not a ploughing action: plows and the Plow Maker do not add to it
(they work on the ploughing action spaces only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..farm import legal_field_spaces
from ..steps import settle
from ..tables import LAST_ROUND

if TYPE_CHECKING:
    from ..builder import Builder

KIND = "plough_n"


def start(b: Builder, seat: int, card_id: str, fields: int) -> None:
    """Open the step for ``fields`` fields (nothing when there is none to plough)."""
    if fields <= 0 or not legal_field_spaces(b.state["farms"][seat]):
        return
    pending = b.state["pending"][seat]
    b.emit(
        "CardStep",
        {
            "card": card_id,
            "pending": {
                "kind": KIND,
                "space": pending["space"] if pending else None,
                "done": [],
                "left": fields,
                "card": card_id,
            },
        },
        seat,
    )


def left(state: dict, seat: int) -> bool:
    """Whether the step still offers a field (``Extension.optional_left``)."""
    pending = state["pending"][seat]
    more = pending.get("left", 0) - (1 if "plough" in pending.get("done", []) else 0)
    return more > 0 and bool(legal_field_spaces(state["farms"][seat]))


def after_field(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """After a field of this card's step: the step again for the fields still owed."""

    pending = b.state["pending"][seat]
    if (
        event.type != "FieldPloughed"
        or pending is None
        or pending["kind"] != KIND
        or pending.get("card") != card_id
        or "plough" not in pending.get("done", [])
    ):
        return
    b.emit(
        "CardStep",
        {"card": card_id, "pending": dict(pending, done=[], left=pending["left"] - 1)},
        seat,
    )
    settle(b, seat)


def complete_rounds_left(state: dict) -> int:
    """Rounds still to be played after the current one (seed 000 L744: the current round is
    not counted)."""
    return max(0, LAST_ROUND - state["round"])
