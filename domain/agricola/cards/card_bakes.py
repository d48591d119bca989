"""Cards that let their holder bake during an action of its own (catalogue K111 Bread Paddle:
"Whenever you play an occupation, you may also bake bread"; K113 Flail: "Whenever you use the
'Plow 1 Field' or 'Plow Field and Sow' action spaces, you can additionally bake bread"; seed 000
L652: the Paddle also for occupations played through other cards).

The bake is a ``card_bake`` move (``baking.py``; the entry's ``card_bake`` is :func:`open_now`):
one baking improvement, within its limit, as in a bake action. The card's state is
:data:`OPEN` while the bake is offered:

* Flail: from the placement on a ploughing space until that action ends, once its ploughing or
  sowing is done (as conversions wait for an action's mandatory part, so that the bake never
  takes the grain the action needs);
* Bread Paddle: from each occupation played until the action ends; an occupation played in
  answer to another's card, with no action in progress, until the seat's next placement (K-11).

While it is offered the action does not end by itself (:func:`keeps_open`,
``Extension.extra_steps``); the seat bakes, or ends the action with ``done``. After the bake the
action ends by itself when nothing else is left. The Paddle's state records, once closed, how
many occupations the seat had then, so that it is offered once per occupation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..improvements import bake_options
from ..steps import mandatory_done, settle

if TYPE_CHECKING:
    from ..builder import Builder

OPEN = "open"
PADDLE, FLAIL = "K111", "K113"
#: The ploughing spaces the Flail works on (digest §4.2, §4.5).
PLOUGH_SPACES = ("plough", "plough_sow")
_OCCUPATION_KINDS = ("occupation", "occupation_more")
_ENDS = ("ActionFinished", "TurnPassed", "PeopleReturned", "PersonPlaced")


def open_now(state: dict, seat: int, card_id: str) -> bool:
    """Whether ``card_id`` lets the seat bake now (the ``card_bake`` of its entry)."""
    if state["phase"] != "work" or state["farms"][seat]["card_state"].get(card_id) != OPEN:
        return False

    pending = state["pending"][seat]
    if pending is not None and not mandatory_done(state, pending):
        return False  # as conversions: the action's own part first, so it can always be done
    if card_id == FLAIL:
        return pending is not None and pending.get("space") in PLOUGH_SPACES
    return pending is not None or state.get("turn") == seat


def _paddle_owed(state: dict, seat: int) -> bool:
    """An occupation was played in this action and the Paddle has not been closed for it."""
    farm, pending = state["farms"][seat], state["pending"][seat]
    value = farm["card_state"].get(PADDLE)
    return (
        pending["kind"] in _OCCUPATION_KINDS
        and "occupation" in pending.get("done", [])
        and value != len(farm.get("occupations", []))
    )


def keeps_open(state: dict, seat: int) -> bool:
    """An offered bake keeps the seat's action open (``Extension.extra_steps``)."""
    farm = state["farms"][seat]
    cards = farm.get("cards", ())
    if not (PADDLE in cards or FLAIL in cards) or state["pending"][seat] is None:
        return False
    offered = (FLAIL in cards and open_now(state, seat, FLAIL)) or (
        PADDLE in cards and _paddle_owed(state, seat)
    )
    return offered and bool(bake_options(farm, []))


def _closed(state: dict, seat: int, card_id: str) -> Any:
    return len(state["farms"][seat].get("occupations", [])) if card_id == PADDLE else None


def hook(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """The entry's ``after_any``: open the bake, close it when taken or when the action ends."""

    if event is None or (event.seat != owner and event.type != "PeopleReturned"):
        return
    state = b.state
    value = state["farms"][owner]["card_state"].get(card_id)
    trigger = (card_id == PADDLE and event.type == "OccupationPlayed") or (
        card_id == FLAIL
        and event.type == "PersonPlaced"
        and event.data.get("space") in PLOUGH_SPACES
    )
    if trigger:
        if value != OPEN:
            note = "it may bake bread in this action"
            b.emit("CardStateSet", {"card": card_id, "value": OPEN, "note": note}, owner)
        return
    if event.type == "BreadBaked" and event.data.get("card") == card_id:
        closed = _closed(state, owner, card_id)
        b.emit(
            "CardStateSet", {"card": card_id, "value": closed, "note": "its bake is used"}, owner
        )
        if state["pending"][owner] is not None:
            settle(b, owner)
        return
    if value == OPEN and event.type in _ENDS:
        closed = _closed(state, owner, card_id)
        note = "its bake was not used"
        b.emit("CardStateSet", {"card": card_id, "value": closed, "note": note}, owner)
