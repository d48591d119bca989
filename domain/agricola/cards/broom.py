"""The Broom (catalogue K125): "Discard all the remaining minor improvements in your hand, and
draw 7 new minor improvements. You can play 1 more minor improvement immediately." (S1); seed
000 L658: the new cards come from the deck the minor improvements were dealt from.

Playing it asks for a draw (the card's state :data:`ASKED`, set by its entry) and opens a
minor-improvement step (pending ``minor``, entry ``step``); the step is kept open while the
draw is asked (:func:`open_step`, ``Extension.extra_steps``). After the move the draw window
(``Extension.draw``, with the game's seed, as the 3-for-1 exchange's) gives back the rest of the
seat's minor hand and draws 7 from the minor improvements nobody holds (fewer when fewer are
left); the seat may then play one of them, paying for it, or end with ``done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .deal import _KIND, _kind_of, _sorted, unseen

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "K125"
ASKED = "draw"
#: Cards the Broom draws.
COUNT = 7


def open_step(state: dict, seat: int) -> bool:
    return state["farms"][seat].get("card_state", {}).get(CARD) == ASKED


def draw(b: Builder, rng: Any) -> None:
    for seat, farm in enumerate(b.state["farms"]):
        if farm.get("card_state", {}).get(CARD) != ASKED:
            continue
        key = str(seat)
        old = list(b.state["hands"]["_private"][key]["minors"])
        b.emit("HandReturned", {"deck": "minors", "_private": {key: {"cards": old}}}, seat)
        options = [c for c in unseen(b.state) if _kind_of(c) == _KIND["minors"]]
        drawn = _sorted(rng.shuffle(f"broom/{seat}", options)[:COUNT])
        b.emit("CardsDrawn", {"deck": "minors", "_private": {key: {"cards": drawn}}}, seat)
        b.emit(
            "CardStateSet",
            {"card": CARD, "value": "drawn", "note": "the new minor improvements are drawn"},
            seat,
        )
