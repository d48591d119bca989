"""I228 Businessman (3+): "Whenever you use the 'Starting Player' action space, you can play
an additional minor or major improvement after you play the minor improvement" (S1; seed 000
L786: with a card that adds a minor to the action, up to three improvements).

Once the minor improvement of the Starting Player action is played, the action stays open
(``extra_steps``) and its step becomes an optional improvement step (the pending kind
``renovation_major_minor``: one major or minor improvement, or ``done``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import Bind, CardModule
from ..improvements import can_build_any_major
from .play import any_minor_move

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I228"
SPACE = "starting_player_minor"


def is_open(state: dict, seat: int) -> bool:
    pending = state["pending"][seat] if state["phase"] == "work" else None
    return bool(
        pending
        and pending["kind"] == "minor"
        and pending.get("space") == SPACE
        and {"minor", "major"} & set(pending.get("done", []))
        and CARD in state["farms"][seat].get("cards", ())
        and (can_build_any_major(state, seat) or any_minor_move(state, seat))
    )


def after(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """After the action's minor: the step of the additional improvement."""
    if event.type not in ("MinorPlayed", "MajorBuilt") or not is_open(b.state, owner):
        return
    b.emit(
        "CardStep",
        {
            "card": card_id,
            "pending": {"kind": "renovation_major_minor", "space": SPACE, "done": []},
        },
        owner,
    )


MODULE = CardModule("businessman", frozenset({CARD}), (Bind("extra_steps", is_open),))
